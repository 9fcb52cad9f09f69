#!/usr/bin/env python3
"""Export HANNA's crowd means and LLM-judge scores for `judgecal align --judge-scores`.

Reads hanna/hanna_metric_scores_llm.csv from the shared data folder
(../shared/data, or --shared DIR) and writes, over the 960 generated stories
(the 96 human-written ones are left out, as in the published story-level
figures):

- notebooks-data/hanna.labels.csv: id, relevance, coherence, empathy,
  surprise, engagement, complexity, rater. Each score is the mean of the three
  crowd ratings (1-5), computed as (a + b + c) / 3 and written at full
  precision; the rater is `hanna-crowd-mean`.
- notebooks-data/hanna-raters.labels.csv: the same columns, one row per story
  and crowd rater: the three individual ratings (integers 1-5), the rater
  `hanna-crowd-<k>` for HANNA's annotator slot k (a slot, not a stable worker
  identity). `align` combines them (the mean, by default on a 1-5 scale) and
  runs the alternative annotator test on them, which needs three raters.
- notebooks-data/hanna-judges/<judge>.p<k>.csv: id and the six criteria, the
  judge's score for prompt type k as published (each the mean of 3 runs). Cells
  below 1 are the authors' failure codes averaged in; they are written as they
  are, never dropped or clipped.

The id is the story's HANNA Story ID (row r of the source holds stories
96 r to 96 r + 95), zero-padded: story-0096 ... story-1055. Only prompt type 1
is written by default, to keep the repository small; --prompts 1,2,3,4 writes
the rest. The same options always give byte-identical files.

Data: Chhun, Colombo, Suchanek and Clavel, COLING 2022; Chhun, Suchanek and
Clavel, TACL 2024 (dig-team/hanna-benchmark-asg, MIT). See notebooks-data/README.md.
"""
import argparse
import csv
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRITERIA = [("RE", "relevance"), ("CH", "coherence"), ("EM", "empathy"), ("SU", "surprise"), ("EG", "engagement"), ("CX", "complexity")]
JUDGES = ["Beluga-13B", "OrcaPlatypus", "Mistral-7B", "Llama-13B", "ChatGPT"]
STORIES_PER_SYSTEM = 96
RATER = "hanna-crowd-mean"


def read_columns(path: Path) -> tuple[dict[str, list[float]], list[str]]:
    """Column name -> one value per story (systems in file order), and each story's system."""
    csv.field_size_limit(sys.maxsize)
    columns: dict[str, list[float]] = {}
    systems: list[str] = []
    with path.open(newline="", encoding="utf-8") as f:
        reader = csv.reader(f)
        header = next(reader)
        for row in reader:
            if len(row) != len(header):
                sys.exit(f"{path}: a row has {len(row)} cells for {len(header)} columns")
            count = None
            for name, cell in zip(header, row):
                if cell.startswith("["):
                    values = json.loads(cell)
                    if count is not None and len(values) != count:
                        sys.exit(f"{path}: column {name} of {row[0]} has {len(values)} values, expected {count}")
                    count = len(values)
                    columns.setdefault(name, []).extend(float(v) for v in values)
            if count != STORIES_PER_SYSTEM:
                sys.exit(f"{path}: system {row[0]} has {count} stories, expected {STORIES_PER_SYSTEM}")
            systems += [row[0]] * count
    return columns, systems


def write(path: Path, header: list[str], rows: list[list[str]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
    print(f"wrote {len(rows)} rows to {path.relative_to(ROOT)}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared", help="the shared folder holding data/hanna")
    parser.add_argument("--prompts", default="1", help="comma-separated prompt types to export (1-4); default 1")
    args = parser.parse_args()
    prompts = [int(p) for p in args.prompts.split(",")]
    if any(p not in range(1, 5) for p in prompts):
        sys.exit("--prompts takes prompt types 1 to 4")
    columns, systems = read_columns(args.shared / "data/hanna/hanna_metric_scores_llm.csv")
    stories = [i for i, system in enumerate(systems) if system != "Human"]
    if len(stories) != 960:
        sys.exit(f"expected 960 generated stories, found {len(stories)}")
    ids = [f"story-{i:04d}" for i in stories]

    labels = []
    for story_id, i in zip(ids, stories):
        means = []
        for short, _ in CRITERIA:
            ratings = [columns[f"Human {r} {short}"][i] for r in (1, 2, 3)]
            means.append(repr(sum(ratings) / 3))
        labels.append([story_id] + means + [RATER])
    write(ROOT / "notebooks-data/hanna.labels.csv", ["id"] + [name for _, name in CRITERIA] + ["rater"], labels)

    raters = []
    for r in (1, 2, 3):
        for story_id, i in zip(ids, stories):
            ratings = [columns[f"Human {r} {short}"][i] for short, _ in CRITERIA]
            if any(v != int(v) or not 1 <= v <= 5 for v in ratings):
                sys.exit(f"{story_id}: rater {r} gave {ratings}; expected integers 1-5")
            raters.append([story_id] + [str(int(v)) for v in ratings] + [f"hanna-crowd-{r}"])
    write(ROOT / "notebooks-data/hanna-raters.labels.csv", ["id"] + [name for _, name in CRITERIA] + ["rater"], raters)

    for judge in JUDGES:
        for prompt in prompts:
            rows = [[story_id] + [repr(columns[f"{judge} {short} {prompt}"][i]) for short, _ in CRITERIA] for story_id, i in zip(ids, stories)]
            write(ROOT / f"notebooks-data/hanna-judges/{judge}.p{prompt}.csv", ["id"] + [name for _, name in CRITERIA], rows)


if __name__ == "__main__":
    main()
