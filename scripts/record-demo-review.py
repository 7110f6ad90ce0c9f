#!/usr/bin/env python3
"""Records the demo merge request's review for offline replay.

There is no model on a build machine, so a scripted stand-in answers: it
knows the defects planted in the demo (resources/demo) and answers as the
reviewers, meta-reviewer and validator would. The answers are written with
`reviewdesk-cli review --record` to resources/replays/demo-review.json, keyed
by the exact prompts; run this again after changing prompts or slicing
(tst_app fails while the recording no longer covers the demo).

    scripts/record-demo-review.py BUILD_DIR
"""
import json
import pathlib
import re
import sys
import tempfile

from demo_recording import ROOT, chat_reply, demo_repository, record, serve

# (file, text on the line, issue, root cause, fix, example, category, q1, q2, q3)
DEFECTS = [
    ("src/stock.cpp", "available(it->second) - count < 0",
     "The availability check can never fail: available() returns unsigned, so available(it->second) - count wraps around instead of going negative, and reserve() over-reserves.",
     "Unsigned arithmetic: the difference of two unsigned values is never below zero.",
     "Compare before subtracting: if (available(it->second) < count) return false;",
     "if (available(it->second) < count)\n    return false;", "Code Defect", 7, 7, 6),
    ("src/stock.cpp", "void Stock::release||it->second.reserved -= count;",
     "release() changes reserved without taking m_lock, racing with reserve() and ship(), and underflows when count exceeds what is reserved.",
     "The new mutex guards every other member function but not this one; the subtraction is not checked.",
     "Take the lock and clamp: std::lock_guard guard(m_lock); it->second.reserved -= std::min(count, it->second.reserved);",
     "std::lock_guard guard(m_lock);\nauto it = m_items.find(sku);\nif (it != m_items.end())\n    it->second.reserved -= std::min(count, it->second.reserved);",
     "Code Defect", 7, 7, 6),
    ("src/reporting.cpp", "i <= low.size()",
     "The loop reads low[low.size()], one past the end of the vector: undefined behaviour, usually a crash or garbage in the report.",
     "Off-by-one: the condition uses <= instead of <.",
     "Loop while i < low.size(), or use a range-based for loop.",
     "for (const Item &item : low)\n    out << item.sku << ...;", "Code Defect", 7, 7, 7),
    ("src/reservation_log.cpp", "std::sprintf(line",
     "sprintf writes the SKU and the count into a 32-byte buffer without a bound: a long SKU overflows the stack buffer.",
     "Unbounded formatting into a fixed-size array.",
     "Use std::snprintf(line, sizeof line, ...) or build a std::string.",
     "std::snprintf(line, sizeof line, \"%s %u\\n\", sku.c_str(), count);", "Security Vulnerability", 7, 7, 7),
    ("src/reservation_log.cpp", "FILE *file = std::fopen",
     "The log file is opened and never closed: every reservation leaks a FILE handle until the process runs out of descriptors.",
     "No fclose on any path after fopen.",
     "Close the file after writing, or hold it in a std::unique_ptr with fclose as deleter.",
     "std::fwrite(line, 1, std::strlen(line), file);\nstd::fclose(file);", "Code Defect", 7, 7, 5),
]
NITPICK = ("Consider naming the variable more descriptively.", "Naming preference.", "Rename it.", "", "Maintainability and Readability", 2, 6, 1)


def line_of(slice_text, needle):
    """The new-side line number of the first slice line holding `needle`; "marker||needle"
    also requires the slice to hold `marker` (the same text sits in two functions)."""
    if "||" in needle:
        marker, needle = needle.split("||")
        if marker not in slice_text:
            return None
    first = needle.split("\n")[0]
    for line in slice_text.splitlines():
        m = re.match(r"^[ +](\s*\d+) (.*)$", line)
        if m and first in m.group(2):
            return int(m.group(1))
    return None


def comment(path, line, d, extra=None):
    c = {"file": path, "side": "new", "line_start": line, "line_end": line, "issue": d[0], "root_cause": d[1],
         "fix": d[2], "example": d[3], "category": d[4], "q1_nitpick": d[5], "q2_fake": d[6], "q3_severity": d[7]}
    c.update(extra or {})
    return c


def answer(messages):
    system = messages[0]["content"]
    user = messages[-1]["content"]
    if "meta-reviewer" in system:
        # Merges the findings at one place; names the merged comments by id
        # (the program counts the reviewers from them).
        given = json.loads(user[user.index("Reviewer comments:") + len("Reviewer comments:"):])["comments"]
        merged = {}
        for c in given:
            if c["q1_nitpick"] <= 4:
                continue
            key = (c["file"], c["line_start"])
            entry = merged.setdefault(key, dict(c, sources=[]))
            entry["sources"].append(c["id"])
        out = []
        for c in merged.values():
            c.pop("reviewer", None)
            c.pop("id", None)
            out.append(c)
        return {"comments": sorted(out, key=lambda c: -c["q3_severity"])}
    if "You validate" in system:
        given = json.loads(user[user.index("Comments to validate:") + len("Comments to validate:"):])["comments"]
        return {"comments": [dict(c, q2_fake=7) for c in given]}
    if "translate" in system:
        return json.loads(user)
    # A reviewer: the slice's file and text follow "Slice of FILE:".
    m = re.search(r"Slice of (\S+):\n(.*)", user, re.S)
    path, text = m.group(1), m.group(2)
    reviewer = int(re.search(r"You are reviewer (\d+)", user).group(1)) if "You are reviewer" in user else 1
    found = []
    for d in DEFECTS:
        if d[0] == path:
            line = line_of(text, d[1])
            if line is not None:
                found.append(comment(path, line, d[2:]))
    if reviewer == 2 and found:
        found.append(comment(path, found[0]["line_start"], NITPICK))
    if reviewer == 3:
        found = found[:1]  # the third reviewer misses some
    return {"comments": found}


def main():
    build = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build")
    server, endpoint = serve(lambda path, body: chat_reply(body["messages"], json.dumps(answer(body["messages"]), ensure_ascii=False)))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        record(build, demo_repository(build, tmp), tmp, "review", endpoint)
    server.shutdown()


if __name__ == "__main__":
    main()
