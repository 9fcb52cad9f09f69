#!/usr/bin/env python3
"""A loopback chat-completions server that writes book-tag responses aimed at a level, for
`judgecal probe --levels` tests: a planted generator, known to hit the level it is asked for.

Usage: planted_level_writer.py [--miss P] [--seed N]
Binds 127.0.0.1 on a free port and prints the port on the first line of stdout; stops when its
parent process exits.

The request's last line reads "Write a response at level L: …". The reply is a JSON list of tags:
L - 1 tags named "topic-…" and two others, so that the planted judge
(benchmarks/ProbeSimulation/planted_judge_server.py, which scores Relevance 1 + the number of
"topic-" tags mod 4) scores it at L. With probability --miss (seeded, one call at a time) it aims one
level up instead (within 1–4): a generator that sometimes misses, for a validation judge to catch.
"""
import json
import os
import random
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
rng = random.Random(int(args.get("--seed", "1")))
miss = float(args.get("--miss", "0"))
lock = threading.Lock()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        prompt = (request.get("messages") or [{}])[-1].get("content", "")
        level = int(prompt.split("Write a response at level ")[-1].split(":")[0])
        with lock:
            if rng.random() < miss:
                level = min(4, level + 1)
        tags = ["topic-%d" % i for i in range(level - 1)] + ["paperback", "library-copy"]
        body = json.dumps({"id": "writer", "object": "chat.completion", "model": "planted-writer",
                           "choices": [{"index": 0, "message": {"role": "assistant", "content": json.dumps(tags)},
                                        "finish_reason": "stop"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def watch_parent(parent):
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=watch_parent, args=(os.getppid(),), daemon=True).start()
server.serve_forever()
