#!/usr/bin/env python3
"""A loopback chat-completions server that judges book-tag prompts with a planted, known bias.

Usage: planted_judge_server.py [--seed N] [--noise P] [--bias P] [--miss P]
Binds 127.0.0.1 on a free port and prints the port on the first line of stdout; stops when its
parent process exits, or when standard input closes if it is a pipe (a test's /dev/null is not).

For the book-tags rubric's prompt it reads the target's "Generated tags:" line. Relevance is the
row's level, 1 + (number of tags named "topic-…" mod 4), moved one level up or down (within 1-4)
with probability --noise on every call, from a generator seeded by --seed (so calls in the same
order get the same replies); when the tags end with the length-pad probe's filler items
("general, other, miscellaneous") it is moved one level up with probability --bias, the planted
bias. Usefulness is 3. Planted instructions are ignored. Every reply is a JSON object in the
shape the judge asks for; response_format is accepted and ignored.

It also writes responses for `judgecal probe --levels`: a request whose last line reads "Write a
response at level L: …" gets a JSON list of tags, L - 1 of them named "topic-…" and two others, so
that it scores them at L; with probability --miss (default 0) it aims one level up instead (within
1-4), a writer that sometimes misses, for a validation judge to catch.
"""
import json
import os
import random
import stat
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
rng = random.Random(int(args.get("--seed", "1")))
noise = float(args.get("--noise", "0.15"))
bias = float(args.get("--bias", "0.3"))
miss = float(args.get("--miss", "0"))
lock = threading.Lock()
FILLER = "general, other, miscellaneous"


def score(prompt):
    target = prompt.split("<target>")[-1]
    tags = target.split("Generated tags: ")[-1].split("\n")[0]
    level = 1 + sum(1 for t in tags.split(",") if t.strip().startswith("topic-")) % 4
    with lock:
        if rng.random() < noise:
            level += rng.choice([-1, 1])
        if tags.endswith(FILLER) and rng.random() < bias:
            level += 1
    return min(4, max(1, level))


def written(prompt):
    level = int(prompt.split("Write a response at level ")[-1].split(":")[0])
    with lock:
        if rng.random() < miss:
            level = min(4, level + 1)
    return json.dumps(["topic-%d" % i for i in range(level - 1)] + ["paperback", "library-copy"])


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        request = json.loads(self.rfile.read(length) or b"{}")
        prompt = (request.get("messages") or [{}])[-1].get("content", "")
        if "Write a response at level " in prompt:
            text = written(prompt)
        else:
            text = json.dumps({"Relevance": {"rationale": "counted the topic tags", "score": score(prompt)},
                               "Usefulness": {"rationale": "a usable set", "score": 3}})
        body = json.dumps({"id": "planted", "object": "chat.completion", "model": "planted-judge",
                           "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                                        "finish_reason": "stop"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def wait_for_parent(parent):
    while os.getppid() == parent:
        time.sleep(0.5)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
if stat.S_ISFIFO(os.fstat(sys.stdin.fileno()).st_mode):
    threading.Thread(target=lambda: (sys.stdin.read(), server.shutdown()), daemon=True).start()
parent = os.getppid()
threading.Thread(target=lambda: (wait_for_parent(parent), server.shutdown()), daemon=True).start()
server.serve_forever()
