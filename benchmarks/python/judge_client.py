#!/usr/bin/env python3
"""The Python peer of `judgecal judge` in the throughput benchmark: every row of a run judged by
an OpenAI-compatible server through asyncio, at most CONCURRENCY requests in flight.

Usage: judge_client.py RUN.jsonl RUBRIC.json --base-url URL --concurrency C --out FILE
                       [--client httpx|openai|aiohttp]

For each row it sends one chat request (a system message holding the rubric's dimensions and
levels, a user message holding the row's input and output as JSON), reads the reply's JSON
object, checks that every dimension has a score on its scale, and writes one JSON line per row
(id, scores, or the reason none was read). `httpx` (the default) drives an `httpx.AsyncClient`
with a connection pool of C; `openai` drives the `openai` package's `AsyncOpenAI` client (which
is built on httpx) with the same pool; `aiohttp` an `aiohttp.ClientSession` whose connector
holds C connections (the fastest of the three here: httpcore's pool scans every connection for
each request it places, which costs milliseconds of CPU per request at C = 64). All three run on uvloop's event loop when it is installed. A team scripting its own judge would write this; it does
less than judgecal (no response cache, no retries of unreadable replies, no prompt hashes).
Written for benchmarks/README.md, issue 33.
"""
import argparse
import asyncio
import json
import sys


def system_prompt(rubric):
    lines = [rubric.get("description", ""), "", "Score the output on each dimension below."]
    for dimension in rubric["dimensions"]:
        lines.append(f"\n{dimension['name']}: {dimension['description']}")
        for level in dimension["scale"]["levels"]:
            lines.append(f"  {level['label']}: {level['description']}")
    names = ", ".join(d["name"] for d in rubric["dimensions"])
    lines.append(f"\nReply with one JSON object whose members are {names}, each "
                 '{"rationale": "...", "score": level}.')
    return "\n".join(lines)


def read_scores(content, rubric):
    start, end = content.find("{"), content.rfind("}")
    if start < 0 or end < start:
        raise ValueError("no JSON object in the reply")
    reply = json.loads(content[start:end + 1])
    scores = {}
    for dimension in rubric["dimensions"]:
        member = reply[dimension["name"]]
        levels = [level["label"] for level in dimension["scale"]["levels"]]
        if member["score"] not in levels:
            raise ValueError(f"{dimension['name']}: {member['score']} is off the scale")
        scores[dimension["name"]] = member["score"]
    return scores


async def judge_all(rows, rubric, arguments):
    system = system_prompt(rubric)
    slots = asyncio.Semaphore(arguments.concurrency)
    if arguments.client == "openai":
        import httpx
        import openai
        pool = httpx.AsyncClient(limits=httpx.Limits(max_connections=arguments.concurrency,
                                                     max_keepalive_connections=arguments.concurrency),
                                 timeout=None)
        client = openai.AsyncOpenAI(base_url=arguments.base_url, api_key="unused", http_client=pool,
                                    max_retries=0)

        async def ask(messages):
            completion = await client.chat.completions.create(model=arguments.model, messages=messages,
                                                              temperature=0, max_tokens=256)
            return completion.choices[0].message.content
    elif arguments.client == "aiohttp":
        import aiohttp
        client = aiohttp.ClientSession(base_url=arguments.base_url.rstrip("/") + "/",
                                       connector=aiohttp.TCPConnector(limit=arguments.concurrency),
                                       timeout=aiohttp.ClientTimeout(total=None))

        async def ask(messages):
            async with client.post("chat/completions", json={
                    "model": arguments.model, "messages": messages, "temperature": 0,
                    "max_tokens": 256}) as reply:
                reply.raise_for_status()
                return (await reply.json())["choices"][0]["message"]["content"]
    else:
        import httpx
        client = httpx.AsyncClient(base_url=arguments.base_url,
                                   limits=httpx.Limits(max_connections=arguments.concurrency,
                                                       max_keepalive_connections=arguments.concurrency),
                                   timeout=None)

        async def ask(messages):
            reply = await client.post("/chat/completions", json={
                "model": arguments.model, "messages": messages, "temperature": 0, "max_tokens": 256})
            reply.raise_for_status()
            return reply.json()["choices"][0]["message"]["content"]

    async def one(row):
        messages = [{"role": "system", "content": system},
                    {"role": "user", "content": json.dumps({"input": row.get("input"),
                                                            "output": row.get("output")})}]
        async with slots:
            content = await ask(messages)
        try:
            return {"id": row["id"], "scores": read_scores(content, rubric)}
        except (ValueError, KeyError, TypeError) as error:
            return {"id": row["id"], "failure": str(error)}

    results = await asyncio.gather(*(one(row) for row in rows))
    await (client.aclose() if arguments.client == "httpx" else client.close())
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("run")
    parser.add_argument("rubric")
    parser.add_argument("--base-url", required=True)
    parser.add_argument("--model", default="fixed-latency")
    parser.add_argument("--concurrency", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--client", choices=["httpx", "openai", "aiohttp"], default="httpx")
    arguments = parser.parse_args()
    with open(arguments.run, encoding="utf-8") as file:
        rows = [json.loads(line) for line in file if line.strip()]
    rows = [row for row in rows if "id" in row]
    with open(arguments.rubric, encoding="utf-8") as file:
        rubric = json.load(file)
    try:
        import uvloop  # the faster event loop, when installed: the strongest peer
        uvloop.install()
    except ImportError:
        pass
    results = asyncio.run(judge_all(rows, rubric, arguments))
    with open(arguments.out, "w", encoding="utf-8") as file:
        for result in results:
            file.write(json.dumps(result) + "\n")
    failed = sum(1 for result in results if "failure" in result)
    if failed:
        print(f"{failed} of {len(results)} rows had no readable scores", file=sys.stderr)


if __name__ == "__main__":
    main()
