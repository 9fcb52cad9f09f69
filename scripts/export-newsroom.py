#!/usr/bin/env python3
"""Export JUDGE-BENCH's Newsroom human ratings as a tidy wide CSV.

Reads ../shared/data/judge-bench/newsroom__newsroom.json (or the path given as
the first argument) and writes notebooks-data/newsroom-ratings.csv: one row per
summary (`id`), and for each criterion three columns `<criterion>_1..3`, the
three crowd annotators' 1-5 scores in the order JUDGE-BENCH lists them. The
annotator slots are positions, not stable worker identities. A score that is
absent is written as a blank cell (missing), never as 0.

Data: Grusky et al., NAACL 2018 (Newsroom), as converted by JUDGE-BENCH
(Bavaresco et al. 2024); Apache-2.0. See notebooks-data/README.md.
"""
import csv
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared/data/judge-bench/newsroom__newsroom.json"
TARGET = ROOT / "notebooks-data/newsroom-ratings.csv"
RATERS = 3


def main() -> None:
    data = json.loads(SOURCE.read_text(encoding="utf-8"))
    criteria = [a["metric"] for a in data["annotations"]]
    header = ["id"] + [f"{c.lower()}_{r}" for c in criteria for r in range(1, RATERS + 1)]
    rows = []
    for instance in data["instances"]:
        row = [str(instance["id"])]
        for criterion in criteria:
            scores = instance["annotations"][criterion]["individual_human_scores"]
            if len(scores) > RATERS:
                sys.exit(f"item {instance['id']} has {len(scores)} {criterion} scores; expected at most {RATERS}")
            row += ["" if s is None else str(s) for s in scores] + [""] * (RATERS - len(scores))
        rows.append(row)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    with TARGET.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    print(f"wrote {len(rows)} items x {len(header) - 1} rating columns to {TARGET.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
