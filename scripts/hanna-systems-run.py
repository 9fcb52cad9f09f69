#!/usr/bin/env python3
"""Writes a JSON Lines export of HANNA's 960 generated stories, one record per story with the system
that wrote it, for `judgecal import` and then `align --group-by metadata.system` (docs/ALIGNMENT.md,
"Where the judge fails, by system: HANNA").

HANNA's story-level data at hand (../shared/data/hanna/hanna_metric_scores_llm.csv) has one row per
system; row r holds the stories 96 r to 96 r + 95, the ids scripts/export-hanna.py writes
(story-0096 ... story-1055). The human-written stories are left out, as there. The input and response
are placeholders: the figures need only each story's id and system.

Usage: scripts/hanna-systems-run.py OUT.jsonl [--source ../shared/data/hanna/hanna_metric_scores_llm.csv]
Data: Chhun, Colombo, Suchanek and Clavel, COLING 2022 (dig-team/hanna-benchmark-asg, MIT).
"""
import argparse
import csv
import json
from pathlib import Path

parser = argparse.ArgumentParser()
parser.add_argument("out")
parser.add_argument("--source", default=str(Path(__file__).resolve().parent.parent.parent / "shared/data/hanna/hanna_metric_scores_llm.csv"))
args = parser.parse_args()
with open(args.source, newline="", encoding="utf-8") as f, open(args.out, "w", encoding="utf-8") as out:
    for r, row in enumerate(csv.DictReader(f)):
        if row["Model"] == "Human":
            continue
        for story in range(96 * r, 96 * r + 96):
            record = {"id": f"story-{story:04d}", "input": f"prompt of story {story}", "response": f"story {story}", "system": row["Model"]}
            out.write(json.dumps(record) + "\n")
