#!/usr/bin/env python3
"""Write a small, deterministic SummEval sample as a frozen run plus expert labels.

Reads the SummEval conversion in <shared>/data/summeval/ and writes
  notebooks-data/summeval-sample.run.jsonl    (frozen run: article, reference, summary)
  calibration/summeval-sample.labels.csv      (the three experts' mean scores per summary)

The sample is a fixed set of systems crossed with a fixed set of documents, both
drawn with random.Random(seed) from the sorted id lists, so the same options
always give byte-identical files.

Usage (from the repository root):
  python3 scripts/make-summeval-sample.py [--shared ../shared] [--docs 12] [--systems 4]
"""

import argparse
import csv
import json
import random
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DIMENSIONS = ["coherence", "consistency", "fluency", "relevance"]
SEED = 20261129
SOURCE = "SummEval (Fabbri et al., TACL 2021) via neulab/BARTScore, Apache-2.0"


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def short_doc_id(doc_id):
    """'dm-test-8764fb95bf…' -> '8764fb95bfad' (first 12 hex chars after the prefix)."""
    for prefix in ("dm-test-", "cnn-test-"):
        if doc_id.startswith(prefix):
            return doc_id[len(prefix):][:12]
    sys.exit(f"unexpected doc_id {doc_id!r}: expected a dm-test- or cnn-test- prefix")


def score_text(value):
    # repr gives the shortest text that reads back as the same double,
    # which is also how the source JSON spells it (2.3333333333333335, 5.0).
    return repr(float(value))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", type=Path, default=REPO.parent / "shared",
                        help="the shared folder holding data/summeval/ (default: ../shared)")
    parser.add_argument("--docs", type=int, default=12, help="documents to sample (default 12)")
    parser.add_argument("--systems", type=int, default=4, help="systems to sample (default 4)")
    parser.add_argument("--seed", type=int, default=SEED, help=f"sampling seed (default {SEED})")
    parser.add_argument("--out", type=Path, default=REPO, help="repository root to write into")
    args = parser.parse_args()

    data = args.shared / "data" / "summeval"
    means = read_jsonl(data / "summeval_expert_means.jsonl")
    sources = {row["doc_id"]: row for row in read_jsonl(data / "summeval_sources_refs.jsonl")}

    by_pair = {}
    for row in means:
        key = (row["doc_id"], row["system_id"])
        if key in by_pair:
            sys.exit(f"duplicate summary for {key}")
        by_pair[key] = row

    all_docs = sorted({d for d, _ in by_pair})
    all_systems = sorted({s for _, s in by_pair})
    if not 1 <= args.docs <= len(all_docs):
        sys.exit(f"--docs must be between 1 and {len(all_docs)}")
    if not 1 <= args.systems <= len(all_systems):
        sys.exit(f"--systems must be between 1 and {len(all_systems)}")

    rng = random.Random(args.seed)
    systems = sorted(rng.sample(all_systems, args.systems))
    docs = sorted(rng.sample(all_docs, args.docs))

    header = {"run": {
        "name": "summeval-sample",
        "source": SOURCE,
        "info": {
            "Task": "Summarise a CNN/DailyMail news article in a few sentences.",
            "Model": "SummEval systems " + ", ".join(systems),
            "Dataset": (f"SummEval CNN/DailyMail test set (100 documents x 16 systems); "
                        f"sample of {len(docs)} documents x {len(systems)} systems, "
                        f"random.Random({args.seed})"),
            "Reference": "input.reference is the first of the 11 reference summaries",
        },
    }}

    rows, labels, seen = [], [], set()
    for doc_id in docs:
        src = sources.get(doc_id)
        if src is None:
            sys.exit(f"no source article for {doc_id}")
        for system_id in systems:
            item = by_pair.get((doc_id, system_id))
            if item is None:
                sys.exit(f"no summary for {doc_id} / {system_id}")
            row_id = f"{short_doc_id(doc_id)}-{system_id}"
            if row_id in seen:
                sys.exit(f"id collision: {row_id}")
            seen.add(row_id)
            rows.append({
                "id": row_id,
                "input": {"document": src["src"], "reference": src["ref_summs"][0]},
                "response": {"summary": item["summary"]},
                "expected": None,
                "metadata": {"doc_id": doc_id, "system_id": system_id},
            })
            scores = item["expert_mean"]
            labels.append([row_id] + [score_text(scores[d]) for d in DIMENSIONS]
                          + ["summeval-experts-mean", ""])

    run_path = args.out / "notebooks-data" / "summeval-sample.run.jsonl"
    labels_path = args.out / "calibration" / "summeval-sample.labels.csv"
    run_path.parent.mkdir(parents=True, exist_ok=True)
    labels_path.parent.mkdir(parents=True, exist_ok=True)

    with open(run_path, "w", encoding="utf-8", newline="\n") as f:
        for obj in [header] + rows:
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")
    with open(labels_path, "w", encoding="utf-8", newline="") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["id"] + DIMENSIONS + ["rater", "note"])
        writer.writerows(labels)

    print(f"{run_path.relative_to(args.out)}: {len(rows)} rows "
          f"({len(docs)} documents x {len(systems)} systems: {', '.join(systems)}), "
          f"{run_path.stat().st_size} bytes")
    print(f"{labels_path.relative_to(args.out)}: {len(labels)} rows")


if __name__ == "__main__":
    main()
