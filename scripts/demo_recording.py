"""What both demo recorders share: a scripted stand-in for the models served
as an OpenAI-compatible endpoint on 127.0.0.1, the demo repository as the app
writes it, and `reviewdesk-cli review --record` against the stand-in.

answer(body) gets the request body (chat or embeddings) and returns the reply
body as a dict.
"""
import http.server
import json
import pathlib
import subprocess
import threading

ROOT = pathlib.Path(__file__).resolve().parent.parent


def chat_reply(messages, content, tool_calls=None):
    """An OpenAI chat completion with rough token counts."""
    message = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = tool_calls
    words = sum(len((m.get("content") or "").split()) for m in messages)
    return {"choices": [{"message": message, "finish_reason": "tool_calls" if tool_calls else "stop"}],
            "usage": {"prompt_tokens": words * 4 // 3, "completion_tokens": len(content or "") // 4 + (8 if tool_calls else 0)}}


def serve(answer):
    """Starts the stand-in; returns (server, endpoint)."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            out = json.dumps(answer(self.path, body)).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(out)))
            self.end_headers()
            self.wfile.write(out)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/v1"


def demo_repository(build, tmp):
    """Writes the demo repository as the app does on first start; returns its path."""
    demo = tmp / "data"
    subprocess.run([build / "app/gui/reviewdesk", "--demo", "--screenshot", str(tmp / "x.png")], check=True,
                   env={"QT_QPA_PLATFORM": "offscreen", "XDG_DATA_HOME": str(demo), "XDG_CONFIG_HOME": str(tmp / "cfg"),
                        "PATH": "/usr/bin:/bin"}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return demo / "ReviewDesk/ReviewDesk/demo-inventory"


def record(build, repo, tmp, name, endpoint, adjust=None):
    """Runs resources/replays/demo-NAME-config.json against the stand-in and
    writes the answers to resources/replays/demo-NAME.json."""
    config = json.loads((ROOT / f"resources/replays/demo-{name}-config.json").read_text())
    for role in config["roles"].values():
        role["endpoint"] = endpoint
    if adjust:
        adjust(config)
    (tmp / "run.json").write_text(json.dumps(config))
    subprocess.run([build / "app/cli/reviewdesk-cli", "review", "--repo", repo, "--base", "main", "--head", "feature/reservations",
                    "--config", tmp / "run.json", "--out", tmp / f"{name}.json", "--no-cache",
                    "--record", ROOT / f"resources/replays/demo-{name}.json"], check=True)
