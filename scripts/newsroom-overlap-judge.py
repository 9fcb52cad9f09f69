#!/usr/bin/env python3
"""A lexical-overlap stand-in judge for JUDGE-BENCH's Newsroom summaries.

No per-summary LLM judge scores for Newsroom are in the data at hand (JUDGE-BENCH
publishes only each model's aggregate correlations), so docs/ALIGNMENT.md's
before/after table on Newsroom's three crowd raters uses this: for each summary,
the share of the word types (lower-cased runs of letters and digits) of the
article's first 60 words that the summary contains (a ROUGE-1 recall against the
article's lead, the kind of overlap Grusky et al. 2018 set beside their human
ratings), binned into 1-5 by rank (equal-count quintiles, ties to the lower bin),
the same score on all four dimensions. It is a weak judge
and meant as one: the table's point is what changes on the expert side (every
rater pair, majority or mean), which does not depend on the judge.

Reads the frozen run `judgecal import` makes of newsroom__newsroom.json (each
row's response.instance holds "### Generated Summary", then "### Source
Article") and writes a judge-scores CSV: id, Informativeness, Relevance,
Fluency, Coherence.

Usage:  python3 scripts/newsroom-overlap-judge.py RUN.jsonl OUT.csv
"""
import csv
import json
import re
import sys

DIMENSIONS = ["Informativeness", "Relevance", "Fluency", "Coherence"]
WORD = re.compile(r"[a-z0-9]+")


LEAD = 60


def overlap(instance: str) -> float:
    summary, _, article = instance.partition("### Source Article")
    summary = summary.replace("### Generated Summary", "")
    words = set(WORD.findall(summary.lower()))
    lead = set(WORD.findall(article.lower())[:LEAD])
    return len(words & lead) / len(lead) if lead else 0.0


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    with open(sys.argv[1], encoding="utf-8") as f:
        rows = [json.loads(line) for line in f][1:]
    values = [(row["id"], overlap(row["response"]["instance"])) for row in rows]
    ranked = sorted(v for _, v in values)
    n = len(ranked)

    def level(v: float) -> int:
        below = sum(1 for x in ranked if x < v)  # ties share the lowest rank
        return 1 + min(4, 5 * below // n)

    with open(sys.argv[2], "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(["id"] + DIMENSIONS)
        for row_id, v in values:
            writer.writerow([row_id] + [level(v)] * len(DIMENSIONS))
    print(f"wrote {n} rows to {sys.argv[2]}", file=sys.stderr)


if __name__ == "__main__":
    main()
