#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target (fuzz/seeds/<target>/) from the
project's sample data, cut to the target's -max_len at a line boundary.

Run from anywhere: python3 fuzz/make-seeds.py. The seeds are committed; the
corpus a fuzzing run grows (fuzz/corpus/) is not. Files that do not come from
the sample data (a report from `judgecal align`, a few hand-written inputs)
are listed in docs/FUZZING.md and kept as they are.
"""
import csv
import hashlib
import io
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
SEEDS = ROOT / "fuzz" / "seeds"

# Must agree with MAX_LEN in scripts/fuzz.
MAX_LEN = {
    "FuzzJSONValue": 4096, "FuzzJSONRecords": 2048, "FuzzCSV": 2048,
    "FuzzRubricMarkdown": 4096, "FuzzRubricJSON": 4096, "FuzzTemplate": 512,
    "FuzzJudgeReply": 1024, "FuzzExpertLabels": 2048, "FuzzFrozenRun": 2048,
    "FuzzReportDocument": 16384, "FuzzExternalJudgeScores": 2048, "FuzzRunImporter": 2048,
    "FuzzSplitRecord": 4096, "FuzzHistory": 4096, "FuzzBatchResults": 4096,
}


def head(data: bytes, limit: int) -> bytes:
    """The longest prefix of whole lines within limit bytes (the whole file if it fits)."""
    if len(data) <= limit:
        return data
    cut = data.rfind(b"\n", 0, limit)
    return data[: cut + 1] if cut > 0 else data[:limit]


def read(path: pathlib.Path) -> bytes:
    return path.read_bytes()


def put(target: str, name: str, data: bytes, prefix: bytes = b"") -> None:
    folder = SEEDS / target
    folder.mkdir(parents=True, exist_ok=True)
    body = head(data, MAX_LEN[target] - len(prefix))
    (folder / name).write_bytes(prefix + body)


def shared(relative: str) -> bytes:
    path = SHARED / relative
    if not path.exists():
        return b""
    with path.open("rb") as f:
        return f.read(64 * 1024)


def main() -> None:
    replies = ROOT / "Tests/JudgingTests/Resources/replies"
    run = read(ROOT / "notebooks-data/book-tags.run.jsonl")
    summeval_run = read(ROOT / "notebooks-data/summeval-sample.run.jsonl")

    # JSON documents.
    put("FuzzJSONValue", "book-tags-rubric.json", read(ROOT / "rubrics/book-tags.json"))
    put("FuzzJSONValue", "run-row.json", run.splitlines()[1])
    put("FuzzJSONValue", "run-header.json", run.splitlines()[0])
    for request in sorted(replies.glob("*.request.json"))[:2]:
        put("FuzzJSONValue", request.name, read(request))
    put("FuzzJSONValue", "recomputed-alpha.json", shared("judge-bench/recomputed_alpha.json"))
    put("FuzzJSONValue", "edge-numbers.json", b'[0, -0, 1e308, -1.5E-7, 12345678901234567890, 0.1, "\\u00e9\\ud83d\\ude00", true, false, null, {}]')

    # JSON Lines.
    put("FuzzJSONRecords", "book-tags.run.jsonl", run)
    put("FuzzJSONRecords", "summeval-sample.run.jsonl", summeval_run)
    put("FuzzJSONRecords", "summeval-expert-means.jsonl", shared("summeval/summeval_expert_means.jsonl"))
    put("FuzzJSONRecords", "array.json", b'[{"id": 1, "scores": {"expert": 3}}, {"id": "b", "scores": {"expert": null}, "a.b": 2}]')

    # CSV and TSV.
    for path in sorted((ROOT / "calibration").glob("*.csv")):
        put("FuzzCSV", path.name, read(path))
    put("FuzzCSV", "newsroom-ratings.csv", read(ROOT / "notebooks-data/newsroom-ratings.csv"))
    put("FuzzCSV", "hanna.labels.csv", read(ROOT / "notebooks-data/hanna.labels.csv"))
    put("FuzzCSV", "quoted.csv", b'id,note\r\n"a ""quoted"" id","line one\nline two"\r\nb,\r\n')
    rows = list(csv.reader(io.StringIO(head(read(ROOT / "calibration/book-tags.labels.expert-b.csv"), 4096).decode())))
    put("FuzzCSV", "book-tags.labels.tsv", "".join("\t".join(r) + "\n" for r in rows).encode())

    # Rubrics.
    for path in sorted((ROOT / "rubrics").glob("*.md")):
        put("FuzzRubricMarkdown", path.name, read(path))
    put("FuzzRubricJSON", "book-tags.json", read(ROOT / "rubrics/book-tags.json"))

    # Templates: every line of the rubrics that holds a placeholder, and the filters.
    lines = set()
    for path in sorted((ROOT / "rubrics").glob("*.md")):
        for line in read(path).splitlines():
            if b"{{" in line:
                lines.add(line)
    for i, line in enumerate(sorted(lines)):
        put("FuzzTemplate", f"rubric-line-{i:02}.txt", line)
    put("FuzzTemplate", "filters.txt", b'{{input.title}} by {{ input.author }}\n{{response.tags | join: ", "}}\n'
        b'{{expected.tags.0}} {{input.series | default: "none given"}} {{metadata.n}} {{input.rating}}\n')

    # Judge replies.
    for path in sorted(replies.glob("*.txt")):
        put("FuzzJudgeReply", path.name, read(path))

    # Label sheets.
    for path in sorted((ROOT / "calibration").glob("book-tags*.csv")):
        put("FuzzExpertLabels", path.name, read(path))

    # Frozen runs: the header and the first rows.
    put("FuzzFrozenRun", "book-tags.run.jsonl", run)
    put("FuzzFrozenRun", "summeval-sample.run.jsonl", summeval_run)

    # Judge scores from elsewhere: CSV, JSON Lines, and a judgments file.
    for path in sorted((ROOT / "notebooks-data/hanna-judges").glob("*.csv"))[:2]:
        put("FuzzExternalJudgeScores", path.name, read(path))
    labels = list(csv.DictReader(io.StringIO(read(ROOT / "calibration/book-tags.labels.expert-b.csv").decode())))
    jsonl = "".join(json.dumps({k: v for k, v in r.items() if k != "rater"}) + "\n" for r in labels[:20])
    put("FuzzExternalJudgeScores", "book-tags.scores.jsonl", jsonl.encode())
    put("FuzzExternalJudgeScores", "books.judgments.jsonl", (
        '{"judgments":{"model":"qwen","rubric":"book-tags","rubricVersion":"2","run":"books"}}\n'
        '{"id":"b1","model":"qwen","promptHash":"h1","rawReplies":["r"],"retries":0,"scores":[{"dimension":"Relevance","fellBack":false,"label":"4","rationale":"on topic","score":4}]}\n'
        '{"id":"b2","model":"qwen","promptHash":"h2","rawReplies":["r"],"retries":1,"scores":[{"dimension":"Relevance","fellBack":true,"label":"3","probabilities":{"1":0,"2":0.25,"3":0.75,"4":0},"rationale":"partly","score":2.75}]}\n'
        '{"failure":{"code":"no-json","message":"no JSON"},"id":"b4","model":"qwen","promptHash":"h4","rawReplies":["sorry"],"retries":1,"scores":[]}\n'
    ).encode())

    # Run exports; the first byte picks the format (see FuzzRunImporter).
    put("FuzzRunImporter", "detect-book-tags.run.jsonl", run, prefix=b"\x00")
    put("FuzzRunImporter", "records-book-tags.run.jsonl", run, prefix=b"\x04")
    put("FuzzRunImporter", "csv-newsroom-ratings.csv", read(ROOT / "notebooks-data/newsroom-ratings.csv"), prefix=b"\x05")
    put("FuzzRunImporter", "csv-records.csv", b'id,input,response,expected\nr1,"{""prompt"": ""x""}",yes,\nr2,plain,"[1,2]",no\n', prefix=b"\x05")
    put("FuzzRunImporter", "xcode-result.json", (
        b'{"results": [\n'
        b'  {"Input": "{\\"input\\": {\\"prompt\\": \\"A heist in Venice.\\"}}", "Response": {"value": "heist, venice, caper"}, "Tag Count": 1},\n'
        b'  {"Input": "{\\"input\\": {\\"prompt\\": \\"Bees and grief.\\"}}", "Response": {"value": "{\\"tags\\": [\\"grief\\", \\"bees\\"]}"}}\n'
        b']}\n'), prefix=b"\x02")
    put("FuzzRunImporter", "judge-bench.json", (
        b'{"dataset": "toy", "annotations": [{"metric": "quality", "category": "graded", "range": [1, 5]}],\n'
        b' "instances": [{"id": 1, "instance": "a summary", "annotations": {"quality": {"mean_human": 3.5, "individual_human_scores": [3, 4]}}},\n'
        b'               {"id": 2, "instance": {"text": "t"}, "annotations": {"quality": {"mean_human": 2}}}]}\n'), prefix=b"\x03")

    # Split records: the sample's, compact, and one row listed twice.
    record = json.loads(read(ROOT / "calibration/book-tags.splits.json"))
    put("FuzzSplitRecord", "book-tags.splits.json", json.dumps(record, separators=(",", ":")).encode())
    record["rows"] = record["rows"][:4] + record["rows"][:1]
    put("FuzzSplitRecord", "row-twice.splits.json", json.dumps(record, indent=1).encode())

    # Histories: an old line, a look, a certificate and an audit, each linked to the line before (docs/FORMATS.md).
    history_lines = [
        '{"dimensions":[{"dimension":"Relevance","kappa":0.5,"n":40,"statistic":"quadratic-kappa","verdict":"inconclusive"}],'
        '"model":"m","rubric":"book-tags","rubricTextHash":"abc","threshold":0.6,"time":"2026-01-01T00:00:00Z"}',
        '{"dimensions":[{"dimension":"Relevance","look":1,"lower":0.2,"n":40,"statistic":"quadratic-kappa","upper":0.9,'
        '"verdict":"inconclusive"}],"labelRows":["book-001","book-002"],"labelSet":"a.labels.csv","rubric":"book-tags",'
        '"sequentialLooks":3,"threshold":0.6,"time":"2026-01-02T00:00:00Z"}',
        '{"certificate":{"judge":{"maxTokens":512,"mode":"discrete","model":"m","temperature":0},"labelFingerprint":"f",'
        '"rubric":"book-tags","rubricTextHash":"abc","splitFile":"s.json","splitIdentity":"i","testRows":2,"testRowsReused":false},'
        '"dimensions":[],"rubric":"book-tags","split":{"file":"s.json","identity":"i","labelFingerprint":"f","labelSheets":[],'
        '"rows":["book-003","book-004"],"split":"test"},"threshold":0.6,"time":"2026-01-03T00:00:00Z"}',
        '{"alpha":0.05,"calibration":{"created":"2026-01-04T00:00:00Z","fileHash":"c0","judge":{"mode":"discrete","model":"m"},'
        '"labelFingerprint":"f","rubric":"book-tags","rubricTextHash":"abc","run":"book-tags"},"familySize":2,"figures":['
        '{"dimension":"Relevance","effectiveRows":8,"lower":-0.5,"meanResidual":-0.07,"outcome":"not-enough","rows":8,"upper":0.36},'
        '{"dimension":"Usefulness","notAudited":"no map"}],"kind":"audit","labelFingerprint":"g","margin":0.5,'
        '"outcome":"not-enough","run":"book-tags","time":"2026-01-05T00:00:00Z"}',
    ]
    chained = [history_lines[0]]
    for line in history_lines[1:]:
        link = hashlib.sha256(chained[-1].encode()).hexdigest()
        chained.append(line[:-1] + f',"previous":"{link}"}}')
    put("FuzzHistory", "chained.history.jsonl", ("\n".join(chained) + "\n").encode())
    put("FuzzHistory", "crlf.history.jsonl", ("\r\n\r\n".join(chained) + "\r\n").encode())

    # Batch output files, as the recorded batch route wrote them.
    for path in sorted((ROOT / "Tests/Recordings/batch-book-tags").glob("*.output.jsonl"))[:2]:
        put("FuzzBatchResults", path.name, read(path))
    put("FuzzBatchResults", "status-codes.output.jsonl", (
        b'{"custom_id":"a","response":{"status_code":2e21,"body":{}}}\n'
        b'{"custom_id":"b","response":{"status_code":429,"body":{"error":{"message":"slow down"}}}}\n'
        b'{"custom_id":"c","error":{"code":"x","message":"failed"}}\n'))


if __name__ == "__main__":
    main()
