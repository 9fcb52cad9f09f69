"""Reference values for Krippendorff's alpha over every rater and without each rater (issue #28), written to
Tests/CalibrationTests/Resources/rater-alpha/rater-alpha-fixtures.json, which RaterReliabilityReferenceTests.swift
reads.

PyPI `krippendorff` (krippendorff.alpha(reliability_data, level_of_measurement, value_domain)) is run on the
raters x units labels, missing as NaN, with the metric the alignment chooses (nominal on a two-level scale,
ordinal otherwise) and the declared scale as the value domain; then once more without each rater. The
labels themselves are written beside the values, so the Swift test needs neither Python nor the data:

- hanna-<criterion>: HANNA (Chhun et al. 2022, ../shared/data/hanna), the three raters' 1-5 ratings of
  all 1056 stories on each of the six criteria;
- newsroom-<criterion>: Newsroom from JUDGE-BENCH (../shared/data/judge-bench), the three raters' 1-5
  ratings of 420 summaries on each of its four criteria;
- random-*: seeded random sets with missing labels (some rows with a single label, which alpha drops),
  on a 1-4 scale with a level nobody used, on a two-level scale (nominal), and on 1-5 with five raters.

Usage (the project's reference environment has krippendorff 0.9.0):
    .python-reference/bin/python benchmarks/python/rater_alpha_fixtures.py
"""

import csv
import json
import sys
from importlib import metadata
from pathlib import Path

import krippendorff
import numpy as np

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"
OUTPUT = ROOT / "Tests/CalibrationTests/Resources/rater-alpha/rater-alpha-fixtures.json"


def hanna():
    csv.field_size_limit(sys.maxsize)
    with open(SHARED / "hanna/hanna_metric_scores_llm.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    cases = {}
    for criterion in ["RE", "CH", "EM", "SU", "EG", "CX"]:
        raters = [[], [], []]
        for row in rows:
            for r in range(3):
                raters[r] += [float(v) for v in json.loads(row[f"Human {r + 1} {criterion}"])]
        cases[f"hanna-{criterion}"] = ([1, 2, 3, 4, 5], raters)
    return cases


def newsroom():
    data = json.loads((SHARED / "judge-bench/newsroom__newsroom.json").read_text())
    criteria = list(data["instances"][0]["annotations"].keys())
    cases = {}
    for criterion in criteria:
        raters = [[], [], []]
        for instance in data["instances"]:
            scores = instance["annotations"][criterion]["individual_human_scores"]
            assert len(scores) == 3
            for r in range(3):
                raters[r].append(float(scores[r]))
        cases[f"newsroom-{criterion.lower()}"] = ([1, 2, 3, 4, 5], raters)
    return cases


def random_set(seed, units, raters, levels, used, missing):
    """`raters` raters of unequal care: each label is the unit's level with a rater's probability, else any
    used level; missing with probability `missing`; every unit keeps at least one label."""
    rng = np.random.default_rng(seed)
    truth = rng.choice(used, size=units)
    care = np.linspace(0.85, 0.3, raters)
    columns = []
    for r in range(raters):
        column = []
        for t in truth:
            if rng.random() < missing:
                column.append(None)
            elif rng.random() < care[r]:
                column.append(float(t))
            else:
                column.append(float(rng.choice(used)))
        columns.append(column)
    for u in range(units):
        if all(c[u] is None for c in columns):
            columns[0][u] = float(truth[u])
    return levels, columns


def alpha(scale, raters):
    metric = "nominal" if len(scale) == 2 else "ordinal"
    data = np.array([[np.nan if v is None else v for v in column] for column in raters], dtype=float)
    return metric, float(krippendorff.alpha(reliability_data=data, level_of_measurement=metric, value_domain=scale))


def case(scale, raters):
    metric, value = alpha(scale, raters)
    without = [alpha(scale, raters[:r] + raters[r + 1:])[1] for r in range(len(raters))]
    return {"scale": scale, "metric": metric, "ratings": raters, "alpha": value, "without": without}


def main():
    cases = {**hanna(), **newsroom()}
    cases["random-ordinal-unused-level"] = random_set(281, 60, 4, [1, 2, 3, 4], [1, 2, 3], 0.3)
    cases["random-nominal"] = random_set(282, 80, 5, [0, 1], [0, 1], 0.25)
    cases["random-five-raters-sparse"] = random_set(283, 50, 5, [1, 2, 3, 4, 5], [1, 2, 3, 4, 5], 0.5)
    out = {
        "source": "benchmarks/python/rater_alpha_fixtures.py",
        "environment": {p: metadata.version(p) for p in ["krippendorff", "numpy"]},
        "cases": {name: case(*c) for name, c in cases.items()},
    }
    OUTPUT.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    for name, c in out["cases"].items():
        print(f"{name}: {c['metric']} alpha {c['alpha']:.4f}, without each " + ", ".join(f"{w:.4f}" for w in c["without"]))


if __name__ == "__main__":
    main()
