#!/usr/bin/env python3
"""Records the demo merge request's CQS and CodeAgent reviews for offline replay.

Like scripts/record-demo-review.py: there is no model on a build machine, so a
scripted stand-in answers as the CQS issue collector and judge and as the
CodeAgent team and its QA-Checker would, knowing the issues planted in the
demo (resources/demo). `reviewdesk-cli review --record` writes the answers,
keyed by the exact prompts, to resources/replays/demo-cqs.json and
demo-codeagent.json. Run it again after changing those prompts (tst_app fails
while a recording no longer covers the demo).

    scripts/record-demo-pipelines.py BUILD_DIR
"""
import http.server
import json
import pathlib
import re
import subprocess
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent

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


def agent(system, user):
    if "Recognize the modality" in user and "Changed files:\n" in user:
        listed = user.split("Changed files:\n")[1].split("\n\n")[0]
        files = [l.split(" (")[0] for l in listed.splitlines() if " (" in l]
        kinds = []
        for f in files:
            kind = "code, C++" if f.endswith((".cpp", ".h")) else "build configuration, CMake" if f.endswith("CMakeLists.txt") \
                else "script, shell" if f.endswith(".sh") else "documentation, Markdown"
            kinds.append(f"{f}: {kind}")
        return "\n".join(kinds) + "\nMain language: C++"
    log = "src/reservation_log.cpp"
    if "Task VA" in user:
        if "Additional instruction from the QA-Checker" not in user:
            # The first answer drifts: prose about the feature, no findings.
            return "The commit adds reservations and a log. Logging is useful for auditing, and the mutex makes the class thread-safe."
        return json.dumps({"verdict": "vulnerable", "summary": "sprintf into a fixed 32-byte buffer overflows on long SKUs; the report reads past the end.",
                           "findings": [
                               {"file": log, "line_start": lines_of(user, "std::sprintf(line"), "line_end": lines_of(user, "std::sprintf(line"),
                                "issue": "Stack buffer overflow: the SKU is formatted into char line[32] without a bound; a long SKU from an order overwrites the stack.",
                                "fix": "Use std::snprintf(line, sizeof line, ...) or build a std::string.", "severity": 7},
                               {"file": "src/reporting.cpp", "line_start": lines_of(user, "i <= low.size()"), "line_end": lines_of(user, "i <= low.size()"),
                                "issue": "Out-of-bounds read: the loop reads low[low.size()].", "fix": "Loop while i < low.size().", "severity": 6}]})
    if "Task CA" in user:
        return json.dumps({"verdict": "inconsistent",
                           "summary": "The message promises that Stock is safe to share between threads, but release() changes reserved without taking the lock.",
                           "findings": [{"file": "src/stock.cpp", "line_start": lines_of(user, "it->second.reserved -= count;"),
                                         "line_end": lines_of(user, "it->second.reserved -= count;"),
                                         "issue": "release() does not lock m_lock, contrary to the message's thread-safety claim.",
                                         "fix": "Lock in release(), or drop the claim from the message.", "severity": 5}]})
    if "Task FA" in user:
        return json.dumps({"verdict": "consistent", "summary": "Indentation, braces and naming follow the original files.", "findings": []})
    if "Task CR" in user:
        line = lines_of(user, "std::sprintf(line")
        loop = lines_of(user, "i <= low.size()")
        return json.dumps({"verdict": "revised", "summary": "Bounded formatting and a correct loop bound.",
                           "findings": [{"file": log, "line_start": line, "line_end": line, "issue": "unbounded sprintf",
                                         "fix": "snprintf with the buffer's size", "code": "std::snprintf(line, sizeof line, \"%s %u\\n\", sku.c_str(), count);", "severity": 7},
                                        {"file": "src/reporting.cpp", "line_start": loop, "line_end": loop, "issue": "off-by-one",
                                         "fix": "range-based for", "code": "for (const Item &item : low)", "severity": 6}]})
    if "Summarize the whole code review" in user:
        return ("Code review of \"Add stock reservations\": the change introduces a stack buffer overflow in logReservation() "
                "and an out-of-bounds read in the low-stock report (vulnerability analysis); the commit message claims thread "
                "safety that release() does not provide (consistency analysis); the format matches the original files. "
                "Suggested revisions: snprintf with the buffer's size and a range-based loop.")
    return "I cannot help with that."


def checker(user):
    answer = user.split("=== Answer BEGIN ===\n")[1].split("\n=== Answer END ===")[0]
    if '"findings"' not in answer:
        return json.dumps({"relevance": 4, "specificity": 2, "coherence": 6, "score": 4.0,
                           "reason": "The answer describes the feature instead of analysing vulnerabilities, and gives no JSON report.",
                           "instruction": "Analyse only vulnerabilities the change introduces, name the file and line of each, and answer with the JSON report the question asks for."})
    return json.dumps({"relevance": 9, "specificity": 8, "coherence": 9, "score": 8.7, "reason": "On topic, specific, in the asked format.", "instruction": ""})


def answer(messages):
    system, user = messages[0]["content"], messages[-1]["content"]
    if "issue collector" in system:
        return collector(user)
    if "review the issue and score it" in system:
        return judge(user)
    if "You supervise one conversation" in system:
        return checker(user)
    return agent(system, user)


class Handler(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        content = answer(body["messages"])
        words = sum(len(m["content"].split()) for m in body["messages"])
        out = json.dumps({"choices": [{"message": {"role": "assistant", "content": content}}],
                          "usage": {"prompt_tokens": words * 4 // 3, "completion_tokens": len(content) // 4}}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)

    def log_message(self, *args):
        pass


def main():
    build = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build")
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    endpoint = f"http://127.0.0.1:{server.server_address[1]}/v1"
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        demo = tmp / "data"
        # The demo repository as the app writes it.
        subprocess.run([build / "app/gui/reviewdesk", "--demo", "--screenshot", str(tmp / "x.png")], check=True,
                       env={"QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(demo), "XDG_CONFIG_HOME": str(tmp / "cfg"),
                            "PATH": "/usr/bin:/bin"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        repo = demo / "ReviewDesk/ReviewDesk/demo-inventory"
        for pipeline in ("cqs", "codeagent"):
            config = json.loads((ROOT / f"resources/replays/demo-{pipeline}-config.json").read_text())
            for role in config["roles"].values():
                role["endpoint"] = endpoint
            (tmp / "run.json").write_text(json.dumps(config))
            subprocess.run([build / "app/cli/reviewdesk-cli", "review", "--repo", repo, "--base", "main", "--head", "feature/reservations",
                            "--config", tmp / "run.json", "--out", tmp / f"{pipeline}.json", "--no-cache",
                            "--record", ROOT / f"resources/replays/demo-{pipeline}.json"], check=True)
    server.shutdown()


if __name__ == "__main__":
    main()
