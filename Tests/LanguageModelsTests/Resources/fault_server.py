#!/usr/bin/env python3
"""A loopback chat-completions server that misbehaves on request, for tests.

Usage: fault_server.py [--lifetime SECONDS] [--port PORT] [--replay FILE,FILE…] [--record PREFIX --upstream URL]
Binds 127.0.0.1 on PORT (default: a free port; a server restarted after a kill takes its old one)
and prints the port on the first line of stdout.
Stops when its parent process (the test) exits, or after --lifetime seconds.

Paths: POST /<tag>/<scenario>/v1/chat/completions, where <tag> keeps one test's
counters apart from another's and <scenario> is one of
  ok                 a valid completion that echoes the last message
  429x<N>            HTTP 429 with Retry-After: 1 for the first N requests, then ok
  500x<N>            HTTP 500 for the first N requests, then ok
  503x<N>            HTTP 503 for the first N requests, then ok
  dropx<N>           close the connection without answering, first N requests, then ok
  stallx<N>          wait 4 s before answering the first N requests, then ok
  slow<MS>           wait MS milliseconds, then ok
  truncated          HTTP 200 whose JSON body is cut in half (Content-Length matches)
  partial            HTTP 200 announcing more bytes than it sends, then closing
  always500          HTTP 500 every time
  echoauth500        HTTP 500 whose body repeats the request's Authorization header
  echoauth           HTTP 200 whose completion text, and an X-Echo header, repeat the Authorization header
  echoauthescaped    HTTP 200 whose completion text repeats the Authorization header with every character
                     of it JSON-escaped as a 6-character unicode escape (valid JSON that no byte pattern of the key matches)
  noformat           HTTP 400 to any response_format; otherwise the last message, verbatim
  onechoice          as llama.cpp's llama-server with one slot: HTTP 400 naming the field n to n > 1,
                     otherwise ok
  llamaform          as llama-cpp-python 0.3.36: HTTP 500 naming response_format to the json_schema
                     form, the json_object form honoured; otherwise like noformat
  huge<MB>           HTTP 200 with a completion MB megabytes long, its Content-Length announced
  huge<MB>stream     the same without a Content-Length: the body ends when the connection closes
  firstposition      a pairwise verdict that always prefers the response shown first (A): a planted
                     position bias
  longer             a pairwise verdict for the longer of <response-a> and <response-b> (tie when equal),
                     whichever is shown first: a judge without position bias
  replay             the recorded reply to a request whose body is byte for byte a body of the --replay
                     files (OpenAI batch input files give custom_id → body, output files custom_id →
                     reply; error lines are left out); HTTP 404 naming the request otherwise
  record             forwards the body unchanged to --upstream's /chat/completions and answers its reply,
                     appending the pair to PREFIX.requests.jsonl and PREFIX.output.jsonl in the files'
                     form that --replay reads (how Tests/Recordings/tool-agent-loop was made); a request
                     recorded before is answered from the files, so a cut-off recording resumes
GET /<tag>/stats answers {"requests": total, "byContent": {last message: count},
"maxInFlight": the most requests under the tag handled at once, "arrivals": seconds on the
server's monotonic clock at which each request arrived, "sentBytes": body bytes written}.
"""
import json
import os
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

counts = {}
by_content = {}
in_flight = {}
max_in_flight = {}
arrivals = {}
sent_bytes = {}
lock = threading.Lock()


def completion(content):
    return {
        "id": "fault-server",
        "object": "chat.completion",
        "model": "fault-server-model",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}
        ],
        "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5},
    }


replies = {}  # request body bytes -> recorded reply (the replay scenario)


def pairwise_verdict(content, scenario):
    """The reply of a planted pairwise judge (PairwiseJudge's one dimension, winner: A, tie or B)."""
    if scenario == "firstposition":
        return json.dumps({"winner": {"rationale": "Response A is shown first.", "score": "A"}})
    shown = [re.search(r"<response-%s>\n(.*?)\n</response-%s>" % (t, t), content, re.S) for t in "ab"]
    a, b = (len(m.group(1)) if m else 0 for m in shown)
    winner = "A" if a > b else "B" if b > a else "tie"
    return json.dumps({"winner": {"rationale": "the longer response says more", "score": winner}})


def load_replay(paths):
    """Request bodies from batch input files, matched by custom_id to replies in output files."""
    bodies, answers = {}, {}
    for path in paths:
        with open(path, "rb") as f:
            for raw in f.read().split(b"\n"):
                if not raw.strip():
                    continue
                line = json.loads(raw)
                if "body" in line:
                    start = raw.index(b'{"body":') + len(b'{"body":')
                    bodies[line["custom_id"]] = raw[start:raw.rindex(b',"custom_id":')]
                elif line.get("response") and line["response"].get("status_code") == 200:
                    answers.setdefault(line["custom_id"], line["response"]["body"])
    for custom_id, body in bodies.items():
        if custom_id in answers:
            replies[body] = answers[custom_id]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in separate writes

    def log_message(self, *args):
        pass

    def send_json(self, status, payload, headers=()):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        match = re.fullmatch(r"/([^/]+)/stats", self.path)
        if not match:
            return self.send_json(404, {"error": "unknown path"})
        tag = match.group(1)
        with lock:
            self.send_json(200, {"requests": counts.get(tag, 0), "byContent": by_content.get(tag, {}),
                                 "maxInFlight": max_in_flight.get(tag, 0), "arrivals": arrivals.get(tag, []),
                                 "sentBytes": sent_bytes.get(tag, 0)})

    def do_POST(self):
        arrived = time.monotonic()
        match = re.fullmatch(r"/([^/]+)/.*", self.path)
        tag = match.group(1) if match else ""
        with lock:
            arrivals.setdefault(tag, []).append(arrived)
            in_flight[tag] = in_flight.get(tag, 0) + 1
            max_in_flight[tag] = max(max_in_flight.get(tag, 0), in_flight[tag])
        self.counted_tag = tag
        try:
            self.answer()
        finally:
            self.leave()

    def leave(self):
        """Ends this request's time in flight, once: when its response starts, or when it ends without one.

        Counting until the handler returns would overlap the client's next request, which may
        arrive as soon as the response has been read, and report one request too many in flight."""
        tag, self.counted_tag = getattr(self, "counted_tag", None), None
        if tag is not None:
            with lock:
                in_flight[tag] -= 1

    def send_response(self, code, message=None):
        self.leave()
        super().send_response(code, message)

    def answer(self):
        length = int(self.headers.get("Content-Length", "0"))
        raw = self.rfile.read(length)
        request = json.loads(raw or b"{}")
        match = re.fullmatch(r"/([^/]+)/([a-z0-9]+)/v1/chat/completions", self.path)
        if not match:
            return self.send_json(404, {"error": "unknown path"})
        tag, scenario = match.groups()
        content = (request.get("messages") or [{}])[-1].get("content", "")
        with lock:
            counts[tag] = counts.get(tag, 0) + 1
            seen = counts[tag]
            by_content.setdefault(tag, {})
            by_content[tag][content] = by_content[tag].get(content, 0) + 1
        failing = re.fullmatch(r"(429|500|503|drop|stall)x(\d+)", scenario)
        if failing and seen <= int(failing.group(2)):
            kind = failing.group(1)
            if kind == "429":
                return self.send_json(429, {"error": "rate limited"}, [("Retry-After", "1")])
            if kind == "500":
                return self.send_json(500, {"error": "internal error"})
            if kind == "503":
                return self.send_json(503, {"error": "server busy"})
            if kind == "stall":
                time.sleep(4)
                return self.send_json(200, completion("echo: " + content))
            self.close_connection = True
            return
        if scenario in ("firstposition", "longer"):
            return self.send_json(200, completion(pairwise_verdict(content, scenario)))
        if scenario == "record":
            return self.record(raw)
        if scenario == "replay":
            if raw in replies:
                return self.send_json(200, replies[raw])
            return self.send_json(404, {"error": "not recorded: " + content[:80]})
        huge = re.fullmatch(r"huge(\d+)(stream)?", scenario)
        if huge:
            return self.send_huge(tag, int(huge.group(1)) * 1_000_000, announced=huge.group(2) is None)
        slow = re.fullmatch(r"slow(\d+)", scenario)
        if slow:
            time.sleep(int(slow.group(1)) / 1000)
        if scenario == "noformat":
            if "response_format" in request:
                return self.send_json(400, {"error": "response_format is not supported"})
            return self.send_json(200, completion(content))
        if scenario == "onechoice" and (request.get("n") or 1) > 1:
            return self.send_json(400, {"error": {"code": 400, "message": "Field 'n': Value must be between 1 <= "
                                                  "value <= 1, but got %d" % request["n"], "type": "invalid_request_error"}})
        if scenario == "llamaform":
            form = (request.get("response_format") or {}).get("type")
            if form == "json_schema":
                return self.send_json(500, {"error": {"message": "1 validation error: {'type': 'literal_error', "
                                                      "'loc': ('body', 'response_format', 'type'), 'msg': "
                                                      "\"Input should be 'text' or 'json_object'\"}",
                                                      "type": "internal_server_error"}})
            return self.send_json(200, completion(content))
        if scenario == "echoauth":
            auth = self.headers.get("Authorization", "")
            return self.send_json(200, completion("you sent " + auth), [("X-Echo", auth)])
        if scenario == "echoauthescaped":
            auth = self.headers.get("Authorization", "")
            text = json.dumps(completion("you sent " + auth))
            escaped = "".join("\\u%04x" % ord(c) for c in auth)
            body = text.replace(json.dumps(auth)[1:-1], escaped).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        if scenario == "echoauth500":
            return self.send_json(500, {"error": "bad key " + self.headers.get("Authorization", "")})
        if scenario == "always500":
            return self.send_json(500, {"error": "internal error"})
        body = json.dumps(completion("echo: " + content)).encode()
        if scenario == "truncated":
            body = body[: len(body) // 2]
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body) * (2 if scenario == "partial" else 1)))
        self.end_headers()
        self.wfile.write(body)
        if scenario == "partial":
            self.close_connection = True


    def send_huge(self, tag, size, announced):
        """A completion whose text is `size` bytes, written in 64 KB pieces until the client hangs up."""
        head = b'{"id": "fault-server", "object": "chat.completion", "model": "fault-server-model", ' \
               b'"choices": [{"index": 0, "finish_reason": "length", "message": {"role": "assistant", "content": "'
        tail = b'"}}]}'
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        if announced:
            self.send_header("Content-Length", str(len(head) + size + len(tail)))
        else:
            self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        piece = b"x" * 65536
        try:
            self.wfile.write(head)
            for start in range(0, size, len(piece)):
                self.wfile.write(piece[: min(len(piece), size - start)])
                with lock:
                    sent_bytes[tag] = sent_bytes.get(tag, 0) + min(len(piece), size - start)
            self.wfile.write(tail)
        except (BrokenPipeError, ConnectionResetError):
            pass


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128  # the default 5 drops connections when many tests run at once

    def handle_error(self, request, client_address):
        pass  # clients that time out and hang up are part of the tests


def record_exchange(handler, raw):
    """Forwards one request to the upstream server and appends it and its reply to the recording."""
    import urllib.request
    if raw in replies:  # recorded before: a recording run that was cut off resumes without asking again
        return handler.send_json(200, replies[raw])
    upstream = urllib.request.Request(options_given["--upstream"].rstrip("/") + "/chat/completions", data=raw,
                                      headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(upstream, timeout=1800) as answer:
        reply = json.loads(answer.read())
    prefix = options_given["--record"]
    with lock:
        custom_id = "r%03d" % (sum(1 for _ in open(prefix + ".requests.jsonl")) + 1 if os.path.exists(prefix + ".requests.jsonl") else 1)
        with open(prefix + ".requests.jsonl", "ab") as f:
            f.write(b'{"body":' + raw + b',"custom_id":"' + custom_id.encode() + b'"}\n')
        with open(prefix + ".output.jsonl", "a") as f:
            f.write(json.dumps({"custom_id": custom_id, "response": {"status_code": 200, "body": reply}}) + "\n")
    handler.send_json(200, reply)


Handler.record = record_exchange
options_given = {}


def serve_until_parent_exits(server, lifetime):
    """Prints the server's port on the first line of stdout, then serves until the parent
    process exits or `lifetime` seconds have passed (also used by other test servers)."""
    print(server.server_address[1], flush=True)
    parent = os.getppid()

    def stop_when_parent_goes():
        while os.getppid() == parent:
            time.sleep(0.5)
        server.shutdown()

    threading.Thread(target=stop_when_parent_goes, daemon=True).start()
    lifetime_timer = threading.Timer(lifetime, server.shutdown)
    lifetime_timer.daemon = True  # a pending timer must not keep the process alive once the parent is gone
    lifetime_timer.start()
    server.serve_forever()


def main():
    options = dict(zip(sys.argv[1::2], sys.argv[2::2]))
    options_given.update(options)
    lifetime = float(options.get("--lifetime", 900.0))
    if "--replay" in options:
        load_replay(options["--replay"].split(","))
    if "--record" in options and os.path.exists(options["--record"] + ".requests.jsonl"):
        load_replay([options["--record"] + ".requests.jsonl", options["--record"] + ".output.jsonl"])
    serve_until_parent_exits(QuietServer(("127.0.0.1", int(options.get("--port", 0))), Handler), lifetime)
    sys.exit(0)


if __name__ == "__main__":
    main()
