#!/usr/bin/env python3
"""Check the sample data in notebooks-data/ and calibration/ against docs/FORMATS.md.

Every JSONL line parses; line 1 is a {"run": {...}} header with a name; every
other line has a unique string id, input and response; every label row names a
row of its run, once, with scores on the scale. Exits 1 and lists the problems
if anything is off.

Usage (from the repository root): python3 scripts/check-sample-data.py
"""

import csv
import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

# labels file -> (run file, dimensions, lowest, highest, whole numbers only)
LABELS = {
    "calibration/book-tags.labels.csv":
        ("notebooks-data/book-tags.run.jsonl", ["relevance", "usefulness"], 1, 4, True),
    "calibration/book-tags.labels.expert-b.csv":
        ("notebooks-data/book-tags.run.jsonl", ["relevance", "usefulness"], 1, 4, True),
    "calibration/summeval-sample.labels.csv":
        ("notebooks-data/summeval-sample.run.jsonl",
         ["coherence", "consistency", "fluency", "relevance"], 1, 5, False),
}
BOOK_METADATA = {
    "review_length": {"short", "medium", "long"},
    "tone": {"enthusiastic", "mixed", "negative", "neutral"},
    "flaw": {"none", "reader-reaction", "wrong-genre", "fabricated", "too-many", "too-few", "vague"},
}

problems = []


def problem(where, message):
    problems.append(f"{where}: {message}")


def check_run(rel):
    path = REPO / rel
    ids = {}
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, 1):
        where = f"{rel} line {number}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as error:
            problem(where, f"not JSON ({error})")
            continue
        if number == 1:
            run = obj.get("run") if isinstance(obj, dict) else None
            if not (isinstance(obj, dict) and list(obj) == ["run"] and isinstance(run, dict)):
                problem(where, 'header must be an object with the single key "run"')
            elif not isinstance(run.get("name"), str) or not run["name"]:
                problem(where, "header run.name missing")
            continue
        if not isinstance(obj, dict):
            problem(where, "row is not an object")
            continue
        row_id = obj.get("id")
        if not isinstance(row_id, str) or not row_id:
            problem(where, "id missing or not a string")
            continue
        if row_id in ids:
            problem(where, f"duplicate id {row_id} (first on line {ids[row_id]})")
        ids[row_id] = number
        for key in ("input", "response"):
            if key not in obj:
                problem(where, f"{key} missing")
        if "metadata" in obj and not isinstance(obj["metadata"], dict):
            problem(where, "metadata is not an object")
        if rel.endswith("book-tags.run.jsonl"):
            check_book_row(where, obj)
    print(f"{rel}: header + {len(ids)} rows")
    return ids


def check_book_row(where, obj):
    for key in ("title", "author", "review"):
        if not isinstance(obj.get("input", {}).get(key), str):
            problem(where, f"input.{key} missing")
    tags = obj.get("response", {}).get("tags")
    if not (isinstance(tags, list) and tags and all(isinstance(t, str) for t in tags)):
        problem(where, "response.tags must be a non-empty list of strings")
    metadata = obj.get("metadata", {})
    for key, allowed in BOOK_METADATA.items():
        if metadata.get(key) not in allowed:
            problem(where, f"metadata.{key} {metadata.get(key)!r} not in {sorted(allowed)}")
    if not isinstance(metadata.get("genre"), str):
        problem(where, "metadata.genre missing")


def check_labels(rel, run_ids, dimensions, low, high, whole):
    seen = set()
    with open(REPO / rel, encoding="utf-8", newline="") as f:
        reader = csv.DictReader(f)
        missing = [c for c in ["id"] + dimensions if c not in (reader.fieldnames or [])]
        if missing:
            problem(rel, f"columns missing: {missing}")
            return
        count = 0
        for row in reader:
            count += 1
            where = f"{rel} line {reader.line_num}"
            row_id = row["id"]
            if row_id not in run_ids:
                problem(where, f"id {row_id} is not in the run")
            if row_id in seen:
                problem(where, f"duplicate id {row_id}")
            seen.add(row_id)
            for dim in dimensions:
                text = row[dim].strip()
                if text == "":
                    continue  # blank is missing, which the format allows
                try:
                    value = float(text)
                except ValueError:
                    problem(where, f"column {dim}: {text!r} is not a number")
                    continue
                if not low <= value <= high:
                    problem(where, f"column {dim}: {text} is not on the scale {low}-{high}")
                if whole and value != int(value):
                    problem(where, f"column {dim}: {text} is not a whole number")
    print(f"{rel}: {count} rows")
    return seen


def main():
    runs = {}
    for rel in sorted({spec[0] for spec in LABELS.values()}):
        runs[rel] = check_run(rel)
    for rel, (run, dimensions, low, high, whole) in LABELS.items():
        check_labels(rel, runs[run], dimensions, low, high, whole)
    if problems:
        print(f"\n{len(problems)} problem(s):")
        for line in problems:
            print("  " + line)
        sys.exit(1)
    print("all sample data checks passed")


if __name__ == "__main__":
    main()
