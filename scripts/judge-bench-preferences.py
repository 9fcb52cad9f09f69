#!/usr/bin/env python3
"""Writes the human preferences of a pairwise JUDGE-BENCH data set (LLMBar) as a label sheet.

Usage: scripts/judge-bench-preferences.py DATA.json > NAME.labels.csv

One row per instance: `id` as `judgecal import` names the row (`<dataset>-<instance id>`) and
`preference` from the instance's majority human vote (`model_a` -> a, `model_b` -> b, `tie` ->
tie), for `judgecal align RUN --pairwise` (docs/FORMATS.md, A pairwise run). An instance without
a majority vote, or with one the sheet cannot hold, stops the script with its id.
"""
import csv
import json
import sys

OUTCOMES = {"model_a": "a", "model_b": "b", "tie": "tie"}


def main(path):
    data = json.load(open(path, encoding="utf-8"))
    metric = data["annotations"][0]["metric"]
    out = csv.writer(sys.stdout, lineterminator="\n")
    out.writerow(["id", "preference"])
    for instance in data["instances"]:
        vote = instance.get("annotations", {}).get(metric, {}).get("majority_human")
        if vote not in OUTCOMES:
            sys.exit(f"{path}: instance {instance.get('id')} has majority_human {vote!r}; expected model_a, model_b or tie")
        out.writerow([f"{data['dataset']}-{instance['id']}", OUTCOMES[vote]])


if __name__ == "__main__":
    main(sys.argv[1])
