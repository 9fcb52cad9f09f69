#!/usr/bin/env python3
"""An OpenAI-compatible chat-completions server that answers every request after a fixed delay.

Usage: fixed_latency_server.py --latency-ms MS --reply FILE [--port PORT] [--places N]

Binds 127.0.0.1 on PORT (default: a free port) and prints the port on the first line of stdout.
Every POST is answered, MS milliseconds after its body has arrived, with a chat completion whose
message content is FILE's text (a judge reply the client can parse). With --places N at most N
requests are served at once and the rest wait their turn, as at a server with N slots; without it,
every request is served at once, so the delay alone bounds the rate (concurrency / delay).
GET /stats answers {"requests": answered so far, "maxInFlight": the most requests waiting for
their reply at once}; GET /reset sets both to 0.

One asyncio event loop (uvloop when installed) on one core, HTTP/1.1 with keep-alive: it answers
thousands of requests a second, so at the delays measured the server is not what bounds a client.
Written for the model-client benchmark (benchmarks/README.md, issue 33).
"""
import argparse
import asyncio
import json
import sys

try:
    import uvloop
except ImportError:  # plain asyncio is slower but correct
    uvloop = None


class State:
    def __init__(self, latency, reply, places):
        self.latency = latency
        self.body = json.dumps({
            "id": "chatcmpl-fixed",
            "object": "chat.completion",
            "model": "fixed-latency",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": reply}}],
            "usage": {"prompt_tokens": 100, "completion_tokens": 20, "total_tokens": 120},
        }).encode()
        self.slots = asyncio.Semaphore(places) if places else None
        self.requests = 0
        self.in_flight = 0
        self.max_in_flight = 0


def response(status, body, content_type=b"application/json"):
    return (b"HTTP/1.1 " + status + b"\r\nContent-Type: " + content_type + b"\r\nContent-Length: "
            + str(len(body)).encode() + b"\r\n\r\n" + body)


class Connection(asyncio.Protocol):
    """One client connection: requests are read in order and answered in order."""

    def __init__(self, state):
        self.state = state
        self.buffer = b""
        self.transport = None
        self.replies = asyncio.Queue()
        self.writer = None

    def connection_made(self, transport):
        self.transport = transport
        self.writer = asyncio.ensure_future(self.write_replies())

    def connection_lost(self, exc):
        self.writer.cancel()

    def data_received(self, data):
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.buffer[:end].decode("latin-1")
            length = 0
            for line in head.split("\r\n")[1:]:
                name, _, value = line.partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value.strip())
            if len(self.buffer) < end + 4 + length:
                return
            self.buffer = self.buffer[end + 4 + length:]
            request_line = head.split("\r\n", 1)[0]
            method, path = request_line.split(" ")[:2]
            self.replies.put_nowait(asyncio.ensure_future(self.answer(method, path)))

    async def answer(self, method, path):
        state = self.state
        if method == "GET" and path.endswith("/stats"):
            body = json.dumps({"requests": state.requests, "maxInFlight": state.max_in_flight}).encode()
            return response(b"200 OK", body)
        if method == "GET" and path.endswith("/reset"):
            state.requests = 0
            state.max_in_flight = 0
            return response(b"200 OK", b"{}")
        state.in_flight += 1
        state.max_in_flight = max(state.max_in_flight, state.in_flight)
        try:
            if state.slots:
                async with state.slots:
                    await asyncio.sleep(state.latency)
            else:
                await asyncio.sleep(state.latency)
        finally:
            state.in_flight -= 1
        state.requests += 1
        return response(b"200 OK", state.body)

    async def write_replies(self):
        while True:
            reply = await self.replies.get()
            data = await reply
            if self.transport.is_closing():
                return
            self.transport.write(data)


async def serve(arguments):
    with open(arguments.reply, encoding="utf-8") as file:
        reply = file.read()
    state = State(arguments.latency_ms / 1000, reply, arguments.places)
    loop = asyncio.get_running_loop()
    server = await loop.create_server(lambda: Connection(state), "127.0.0.1", arguments.port, backlog=4096)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--latency-ms", type=float, required=True)
    parser.add_argument("--reply", required=True)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--places", type=int, default=0)
    arguments = parser.parse_args()
    if uvloop:
        uvloop.install()
    try:
        asyncio.run(serve(arguments))
    except KeyboardInterrupt:
        sys.exit(0)


if __name__ == "__main__":
    main()
