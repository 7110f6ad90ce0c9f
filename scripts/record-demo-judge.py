#!/usr/bin/env python3
"""Records a judge's answers about the README tour's judged comments, for
`judge-eval --replay` in the tour and the judge-loop chapter.

There is no model on a build machine: a scripted stand-in answers as an LLM
judge with the CQS issue judge's prompt would. It takes the real defects
(the off-by-one read, the unbounded sprintf) for valid, and on the data race
the tour's annotator rejected it changes its mind between the two repeats
(valid with seed 0, invalid with seed 1), so the tour shows a flip.
`reviewdesk-cli judge-eval --record` writes the answers, keyed by the exact
prompts, to resources/replays/demo-judge.json. Run it again after changing
the judge's prompt (tst_app fails while the recording no longer covers it).

    scripts/record-demo-judge.py BUILD_DIR
"""
import json
import pathlib
import subprocess
import sys
import tempfile

from demo_recording import ROOT, chat_reply, demo_repository, serve


def judge(body):
    user = body["messages"][-1]["content"]
    issue = user.split("=== Issue BEGIN ===", 1)[-1].lower()
    seed = body.get("seed", 0)
    if "racing" in issue or "race" in issue or "m_lock" in issue:
        valid, score = (True, 6) if seed == 0 else (False, 0)
        reason = "Two threads may reserve at once." if valid else "The store is used from one thread only; no race."
    elif "sprintf" in issue or "past the end" in issue:
        valid, score, reason = True, 9, "A memory-safety defect on an added line."
    else:
        valid, score, reason = False, 0, "Not a defect of this change."
    answer = {"motivation": "Read the issue against the changed lines.", "status": "valid" if valid else "invalid",
              "line_matching": "yes", "score": score, "reason": reason}
    return chat_reply(body["messages"], json.dumps(answer))


def main():
    build = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "build")
    cli = build / "app/cli/reviewdesk-cli"
    server, endpoint = serve(lambda path, body: judge(body))
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        repo = demo_repository(build, tmp)
        workspace = tmp / "tour.rdw"
        # The tour's first steps: the replayed review, then its three judgements.
        subprocess.run([cli, "review", "--repo", repo, "--base", "main", "--head", "feature/reservations",
                        "--config", ROOT / "resources/replays/demo-review-config.json",
                        "--replay", ROOT / "resources/replays/demo-review.json", "--out", tmp / "run.json",
                        "--workspace", workspace], check=True, stdout=subprocess.DEVNULL)
        judgements = "\n".join(json.dumps(j) for j in (
            {"comment": 5, "verdict": "accept", "key_bug": True},
            {"comment": 12, "verdict": "accept", "key_bug": True},
            {"comment": 23, "verdict": "reject"})) + "\n"
        subprocess.run([cli, "judge", "--workspace", workspace, "--annotator", "me"], input=judgements.encode(), check=True,
                       stdout=subprocess.DEVNULL)
        config = json.loads((ROOT / "resources/replays/demo-judge-config.json").read_text())
        for role in config["roles"].values():
            role["endpoint"] = endpoint
        (tmp / "judge.json").write_text(json.dumps(config))
        subprocess.run([cli, "judge-eval", "--workspace", workspace, "--config", tmp / "judge.json", "--annotator", "me",
                        "--repeats", "2", "--no-cache", "--no-store", "--record", ROOT / "resources/replays/demo-judge.json"],
                       check=True, stdout=subprocess.DEVNULL)
    server.shutdown()


if __name__ == "__main__":
    main()
