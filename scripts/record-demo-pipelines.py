#!/usr/bin/env python3
"""Records the demo merge request's CQS, CodeAgent and AACR reviews for offline replay.

Like scripts/record-demo-review.py: there is no model on a build machine, so a
scripted stand-in answers as the CQS issue collector and judge and as the
CodeAgent team and its QA-Checker would, and as the AACR-Bench hunk reviewer
with each context (its embeddings: hashed word counts; its agent: one search
and one read_file before answering), knowing the issues planted in the demo
(resources/demo). `reviewdesk-cli review --record` writes the answers, keyed
by the exact prompts, to resources/replays/demo-cqs.json, demo-codeagent.json
and demo-aacr-CONTEXT.json (CONTEXT: none, bm25, embedding, agent). Run it again after changing those prompts (tst_app fails
while a recording no longer covers the demo).

    scripts/record-demo-pipelines.py BUILD_DIR
"""
import json
import pathlib
import re
import sys
import tempfile

from demo_recording import ROOT, chat_reply, demo_repository, record, serve

# CQS issues: (file, text on an added line, function, tag, rationale, judge score, judge reason)
CQS_ISSUES = [
    ("src/reservation_log.cpp", "FILE *file = std::fopen", "logReservation", "ResourceLeak",
     "The FILE handle from fopen() is never closed. Could it be held in a std::unique_ptr with fclose as deleter, "
     "or closed after writing?", 9, "Correct: every call leaks a descriptor; a major robustness issue."),
    ("src/reservation_log.cpp", "char line[32];", "logReservation", "UseConstant",
     "Would a named constant for the buffer size (and snprintf with sizeof line) make the limit visible and safe?", 6,
     "Correct and actionable, a minor maintainability concern with a safety benefit."),
    ("src/reservation_log.cpp", "std::sprintf(line", "logReservation", "UnboundedFormat",
     "sprintf() writes an unbounded SKU into 32 bytes. Could std::snprintf or a std::string avoid the overflow?", 9,
     "Correct: a stack buffer overflow on long SKUs, a security concern."),
    ("src/reporting.cpp", "i <= low.size()", "printLowStock", "ExtractMethod",
     "Could the row formatting move into a small function, so the loop reads as a range-based for over low?", 4,
     "Partly valid: the real problem on this line is the off-by-one, which the issue does not name."),
    ("src/reservation_log.cpp", "// Appends", "logReservation", "Documentation",
     "Could the comment say what happens when the file cannot be opened?", 5,
     "A comment is present; a small documentation improvement only."),
    ("src/stock.cpp", "void Stock::release", "release", "Typo",
     "Is 'release' the intended name, or should it read 'unreserve' to mirror reserve()?", 3,
     "Not a typo; naming preference."),
]


def added_line(diff, needle):
    """The new line number of the first added or unchanged line of the Snippet 1 diff holding `needle`."""
    for line in diff.splitlines():
        m = re.match(r"^(\d+) \+  (.*)$", line) or re.match(r"^\d+ (\d+)  (.*)$", line)
        if m and needle in m.group(2):
            return int(m.group(1))
    return None


def collector(user):
    diff = user.split("=== Raw Source Control Code Changes BEGIN ===\n")[1].split("\n=== Raw Source Control Code Changes END ===")[0]
    path = diff.splitlines()[0]
    issues = []
    for f, needle, function, tag, rationale, _, _ in CQS_ISSUES:
        line = added_line(diff, needle) if f == path else None
        if line is not None:
            issues.append({"function": function, "rationale": rationale, "file": path, "line": line, "tag": tag})
    # The model's habit of wrapping its answer.
    return "Here are the issues I found:\n```json\n" + json.dumps({"issues": issues}, indent=2) + "\n```"


def judge(user):
    issue = user.split("=== Issue BEGIN ===\n")[1].split("\n=== Issue END ===")[0]
    rationale = json.loads(issue)["Rationale"]
    for _, _, _, tag, text, score, reason in CQS_ISSUES:
        if text == rationale:
            return json.dumps({"motivation": f"The {tag} issue was checked against the changed lines.",
                               "status": "valid" if score > 0 else "invalid", "line_matching": "yes", "score": score, "reason": reason})
    return json.dumps({"motivation": "unknown issue", "status": "invalid", "score": 0, "reason": "not derived from the change"})


def lines_of(user, needle):
    for line in user.splitlines():
        m = re.match(r"^(\d+) \+  (.*)$", line)
        if m and needle in m.group(2):
            return int(m.group(1))
    return 0


def agent(task):
    """The assistant of a CodeAgent conversation: `task` is its system prompt, which holds the task (Q_i)."""
    log = "src/reservation_log.cpp"
    if "Summarize the whole code review" in task:
        return ("Code review of \"Add stock reservations\": the change introduces a stack buffer overflow in logReservation() "
                "and an out-of-bounds read in the low-stock report (vulnerability analysis); the commit message claims thread "
                "safety that release() does not provide (consistency analysis); the format matches the original files. "
                "Suggested revisions: snprintf with the buffer's size and a range-based loop.")
    if "Summarize the findings" in task:
        return ("Vulnerable: sprintf() formats an unbounded SKU into char line[32] in logReservation() (src/reservation_log.cpp), "
                "and printLowStock() reads low[low.size()] (src/reporting.cpp). Inconsistent: the message claims thread safety, "
                "but release() changes reserved without the lock (src/stock.cpp). The format is consistent.")
    if "Summarize the code changes" in task:
        return ("src/reservation_log.cpp: std::snprintf(line, sizeof line, ...) bounds the SKU; src/reporting.cpp: a range-based "
                "for over low ends at the last item; src/stock.cpp: release() should lock m_lock as reserve() does.")
    if "Task VA" in task:
        if "Additional instruction from the QA-Checker" not in task:
            # The first answer drifts: prose about the feature, no findings.
            return "The commit adds reservations and a log. Logging is useful for auditing, and the mutex makes the class thread-safe."
        return json.dumps({"verdict": "vulnerable", "summary": "std::sprintf() writes the SKU into the fixed char line[32] buffer, so a long SKU overflows "
                                                              "the stack; printLowStock() also reads low[low.size()], because its loop runs while i <= low.size().",
                           "findings": [
                               {"file": log, "line_start": lines_of(task, "std::sprintf(line"), "line_end": lines_of(task, "std::sprintf(line"),
                                "issue": "Stack buffer overflow: the SKU is formatted into char line[32] without a bound; a long SKU from an order overwrites the stack.",
                                "fix": "Use std::snprintf(line, sizeof line, ...) or build a std::string.", "severity": 7},
                               {"file": "src/reporting.cpp", "line_start": lines_of(task, "i <= low.size()"), "line_end": lines_of(task, "i <= low.size()"),
                                "issue": "Out-of-bounds read: the loop reads low[low.size()].", "fix": "Loop while i < low.size().", "severity": 6}]})
    if "Task CA" in task:
        return json.dumps({"verdict": "inconsistent",
                           "summary": "The message promises that Stock is safe to share between threads, but release() changes reserved without taking the lock.",
                           "findings": [{"file": "src/stock.cpp", "line_start": lines_of(task, "it->second.reserved -= count;"),
                                         "line_end": lines_of(task, "it->second.reserved -= count;"),
                                         "issue": "release() does not lock m_lock, contrary to the message's thread-safety claim.",
                                         "fix": "Lock in release(), or drop the claim from the message.", "severity": 5}]})
    if "Task FA" in task:
        return json.dumps({"verdict": "consistent",
                           "summary": "The added lines follow the original files: 4-space indentation, braces on their own line after a function "
                                      "header, camelCase member functions such as reserve() and release(), m_ members such as m_lock and m_items, "
                                      "and #include <mutex> beside the other standard headers, so no line of the change needs a format fix.",
                           "findings": []})
    if "Task CR" in task:
        line = lines_of(task, "std::sprintf(line")
        loop = lines_of(task, "i <= low.size()")
        return json.dumps({"verdict": "revised", "summary": "Bounded formatting and a correct loop bound.",
                           "findings": [{"file": log, "line_start": line, "line_end": line, "issue": "unbounded sprintf",
                                         "fix": "snprintf with the buffer's size", "code": "std::snprintf(line, sizeof line, \"%s %u\\n\", sku.c_str(), count);", "severity": 7},
                                        {"file": "src/reporting.cpp", "line_start": loop, "line_end": loop, "issue": "off-by-one",
                                         "fix": "range-based for", "code": "for (const Item &item : low)", "severity": 6}]})
    if "Name the programming language" in task:
        return ("CMakeLists.txt: CMake; include/inventory/stock.h, src/*.cpp, tests/test_stock.cpp: C++. The change adds "
                "Stock::reserve() and Stock::release() guarded by a mutex, logReservation() writing a reservation log, and "
                "printLowStock() listing items below their minimum.")
    if "Recognize the modality" in task and "Changed files:\n" in task:
        listed = task.split("Changed files:\n")[1].split("\n\n")[0]
        files = [l.split(" (")[0] for l in listed.splitlines() if " (" in l]
        kinds = []
        for f in files:
            kind = "code, C++" if f.endswith((".cpp", ".h")) else "build configuration, CMake" if f.endswith("CMakeLists.txt") \
                else "script, shell" if f.endswith(".sh") else "documentation, Markdown"
            kinds.append(f"{f}: {kind}")
        return "\n".join(kinds) + "\nMain language: C++"
    return "I cannot help with that."


def instructor(messages):
    """The instructor of a CodeAgent conversation: one instruction, then <TASK_DONE> once an answer came
    back, unless the QA-Checker objected to it (then its additional instruction is passed on)."""
    task = messages[0]["content"]
    last = messages[-1]["content"]
    if len(messages) > 2:
        if "The QA-Checker scored this answer" not in last:
            return "<TASK_DONE>"
        return ("The QA-Checker asks for more: " + last.split("additional instruction to the task: ")[-1].split("\n")[0]
                + " Give the whole report again in the JSON format of the task.")
    for marker, instruction in (("Task VA", "Analyse whether this change introduces a vulnerability, and name the file and line of each."),
                                ("Task CA", "Check whether the commit message describes what the change does, and point to what it misses."),
                                ("Task FA", "Compare the format of the added lines with the original files."),
                                ("Task CR", "Revise the lines the reports found wrong, and give the revised code."),
                                ("Summarize the whole code review", "Write the review document for the author from the summaries."),
                                ("Summarize the findings", "Summarize the findings of the reports for the author."),
                                ("Summarize the code changes", "Summarize the code changes the author should make."),
                                ("Name the programming language", "Name the language of each code file and say what the change does."),
                                ("Recognize the modality", "Tell me the modality and language of each changed file.")):
        if marker in task:
            return instruction + " Answer in the format the task asks for."
    return "Do the task."


def checker(user):
    answer = user.split("=== Answer BEGIN ===\n")[1].split("\n=== Answer END ===")[0]
    if '"findings"' not in answer:
        return json.dumps({"coreference": 4, "reason": "The answer describes the feature instead of analysing vulnerabilities, and gives no JSON report.",
                           "instruction": "Analyse only vulnerabilities the change introduces, name the file and line of each, and answer with the JSON report the question asks for."})
    return json.dumps({"coreference": 9, "reason": "Each finding names its file and line; nothing is ambiguous.", "instruction": ""})


# AACR hunk review: (text on an added line, note) for the demo's planted issues.
AACR_ISSUES = [
    ("std::sprintf(line", "sprintf() formats an unbounded SKU into char line[32]: a long SKU overflows the stack buffer. "
                          "Use std::snprintf(line, sizeof line, ...) or a std::string."),
    ("FILE *file = std::fopen", "The FILE handle is never closed, so every reservation leaks a descriptor; close it or hold it in a unique_ptr with fclose."),
    ("i <= low.size()", "The loop reads low[low.size()], one past the end; loop while i < low.size()."),
]


def aacr_hunk(user):
    return user.split("```diff\n")[1].split("\n```")[0] if "```diff\n" in user else ""


def aacr_review(user, located):
    """Comments in the <diff>/<note> format (AACR-Bench Fig. 16), or with <path>/<from>/<to> for the agent."""
    hunk = aacr_hunk(user)
    path = user.split("File: ")[1].split("\n")[0] if "File: " in user else ""
    first = int(re.search(r"right side \(new file\) (\d+)-", user).group(1)) if re.search(r"right side \(new file\) (\d+)-", user) else 1
    out = []
    new_line = first
    for line in hunk.splitlines()[1:]:
        if line.startswith("-"):
            continue
        for needle, note in AACR_ISSUES:
            if line.startswith("+") and needle in line:
                if located:
                    out.append(f"<path>{path}</path>\n<side>right</side>\n<from>{new_line}</from>\n<to>{new_line}</to>\n<note>{note}</note>\n<notesplit />")
                else:
                    out.append(f"<diff>\n{line}\n</diff>\n<side>right</side>\n<note>\n{note}\n</note>\n<notesplit />")
        new_line += 1
    return "\n".join(out) + "\n<end />" if out else "<end />"


def aacr_agent(messages):
    """First a search for the hunk's first identifier, then a read of the file's head, then the review."""
    user = messages[1]["content"]
    calls = sum(1 for m in messages if m["role"] == "tool")
    if calls == 0:
        words = re.findall(r"[A-Za-z_][A-Za-z0-9_]{3,}", aacr_hunk(user).split("\n", 1)[-1])
        return None, [{"id": "call_1", "type": "function", "function": {"name": "search", "arguments": json.dumps({"text": words[0] if words else "main"})}}]
    if calls == 1:
        path = user.split("File: ")[1].split("\n")[0]
        return None, [{"id": "call_2", "type": "function", "function": {"name": "read_file", "arguments": json.dumps({"path": path, "from": 1, "to": 30})}}]
    return aacr_review(user, True), None


def embedding(text, dimension=64):
    vector = [0.0] * dimension
    for word in re.findall(r"[A-Za-z0-9_]{2,}", text):
        vector[sum(word.lower().encode()) * 31 % dimension] += 1.0
    return vector


def answer(messages):
    system, user = messages[0]["content"], messages[-1]["content"]
    if "You are a code review agent" in system:
        return aacr_agent(messages)
    if "## Instructions" in user and "<notesplit />" in user:
        return aacr_review(user, False)
    if "issue collector" in system:
        return collector(user)
    if "review the issue and score it" in system:
        return judge(user)
    if "You supervise one conversation" in system:
        return checker(user)
    if "you are the instructor" in system:
        return instructor(messages)
    return agent(system)


def reply(path, body):
    if path.endswith("/embeddings"):
        texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
        return {"object": "list", "data": [{"object": "embedding", "index": i, "embedding": embedding(t)} for i, t in enumerate(texts)],
                "usage": {"prompt_tokens": sum(len(t.split()) for t in texts)}}
    content = answer(body["messages"])
    return chat_reply(body["messages"], *content) if isinstance(content, tuple) else chat_reply(body["messages"], content)


def main():
    build = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build")
    server, endpoint = serve(reply)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        repo = demo_repository(build, tmp)

        def own_cache(config):  # the BM25 index and vectors of this recording only
            if "aacr" in config:
                config["aacr"]["cache_dir"] = str(tmp / "aacr-cache")
        for name in ("cqs", "codeagent", "aacr-none", "aacr-bm25", "aacr-embedding", "aacr-agent"):
            record(build, repo, tmp, name, endpoint, own_cache)
    server.shutdown()


if __name__ == "__main__":
    main()
