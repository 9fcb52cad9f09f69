#!/usr/bin/env python3
"""A loopback chat-completions server that answers with recorded replies, for the `suggest` tests.

Usage: suggest_server.py FOLDER LOG_FOLDER
Binds 127.0.0.1 on a free port and prints the port on the first line of stdout.
POST /<reply>/v1/chat/completions answers with the text of FOLDER/<reply>.md as the
completion, and appends the request body as one line to LOG_FOLDER/<reply>.requests.jsonl,
so a test can read what the model was shown.
Stops when its parent process (the test) exits, or after 900 seconds.
"""
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

# The fault server's way of serving until the test that started it exits.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "LanguageModelsTests", "Resources"))
from fault_server import serve_until_parent_exits  # noqa: E402

folder, log_folder = sys.argv[1], sys.argv[2]
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_POST(self):
        reply = self.path.strip("/").split("/")[0]
        length = int(self.headers.get("Content-Length", "0"))
        request = self.rfile.read(length)
        with lock, open(os.path.join(log_folder, reply + ".requests.jsonl"), "ab") as log:
            log.write(request.replace(b"\n", b" ") + b"\n")
        try:
            with open(os.path.join(folder, reply + ".md"), encoding="utf-8") as f:
                text = f.read()
        except OSError:
            self.respond(404, b'{"error": {"message": "no recorded reply"}}')
            return
        completion = {
            "id": "suggest-server", "object": "chat.completion", "model": "recorded-" + reply,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        }
        self.respond(200, json.dumps(completion).encode())

    def respond(self, status, body):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    serve_until_parent_exits(server, 900)


if __name__ == "__main__":
    main()
