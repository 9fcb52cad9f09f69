"""Reference values for the Dawid-Skene panel (issue #28), written to
Tests/CalibrationTests/Resources/dawid-skene/dawid-skene-fixtures.json, which
DawidSkeneReferenceTests.swift reads.

crowd-kit's DawidSkene (crowdkit.aggregation, defaults: n_iter=100, tol=1e-5,
majority-vote start) is fitted to three multi-rater sets, and its posteriors
(probas_), confusion matrices (errors_), priors (priors_) and the number of
iterations (len(loss_history_)) are written beside the ratings themselves, so
the Swift test needs neither Python nor the data files:

- hanna-coherence: HANNA (Chhun et al. 2022, ../shared/data/hanna), the three
  crowd ratings of Coherence (1-5) of all 1056 stories;
- newsroom-coherence: Newsroom from JUDGE-BENCH (../shared/data/judge-bench),
  the three ratings of Coherence (1-5) of 420 summaries;
- random-missing: a seeded random set, 150 items, 5 raters of unequal skill on
  a 1-4 scale, each rating missing with probability 0.3 (an item may have one
  rating), and category 4 never given, so that a declared but unused category
  is exercised.

SummEval's individual expert ratings are not in ../shared/data (only their
means are), so Newsroom's three raters stand in for a second real set.

Usage:  python3 -m venv /tmp/ck && /tmp/ck/bin/pip install -r benchmarks/python/crowdkit.txt
        /tmp/ck/bin/python benchmarks/python/dawid_skene_fixtures.py
        (crowd-kit pulls in pyarrow, nltk and transformers, so it has its own pinned file rather
        than a line in requirements.txt, which every Python-reference test installs; the versions
        are recorded in the output's "environment")
"""

import csv
import json
import sys
from importlib import metadata
from pathlib import Path

import numpy as np
import pandas as pd
from crowdkit.aggregation import DawidSkene

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"
OUTPUT = ROOT / "Tests/CalibrationTests/Resources/dawid-skene/dawid-skene-fixtures.json"


def hanna():
    csv.field_size_limit(sys.maxsize)
    with open(SHARED / "hanna/hanna_metric_scores_llm.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    raters = [[], [], []]
    for row in rows:
        for r in range(3):
            raters[r] += [float(v) for v in json.loads(row[f"Human {r + 1} CH"])]
    return [1, 2, 3, 4, 5], raters


def newsroom():
    data = json.loads((SHARED / "judge-bench/newsroom__newsroom.json").read_text())
    raters = [[], [], []]
    for instance in data["instances"]:
        scores = instance["annotations"]["Coherence"]["individual_human_scores"]
        assert len(scores) == 3
        for r in range(3):
            raters[r].append(float(scores[r]))
    return [1, 2, 3, 4, 5], raters


def random_missing():
    rng = np.random.default_rng(28)
    items, accuracies = 150, [0.9, 0.75, 0.6, 0.45, 0.3]
    truth = rng.choice([1, 2, 3], size=items, p=[0.3, 0.45, 0.25])
    raters = []
    for accuracy in accuracies:
        column = []
        for t in truth:
            if rng.random() < 0.3:
                column.append(None)
            elif rng.random() < accuracy:
                column.append(float(t))
            else:
                column.append(float(rng.choice([1, 2, 3])))
        raters.append(column)
    for t in range(items):  # every item keeps at least one rating
        if all(r[t] is None for r in raters):
            raters[0][t] = float(truth[t])
    return [1, 2, 3, 4], raters


def fit(scale, raters):
    records = [
        {"task": t, "worker": f"r{w}", "label": int(v)}
        for w, column in enumerate(raters)
        for t, v in enumerate(column)
        if v is not None
    ]
    df = pd.DataFrame.from_records(records)
    ds = DawidSkene()
    ds.fit(df)
    labels = [int(c) for c in ds.probas_.columns]
    probas = ds.probas_.sort_index()
    posteriors = [[float(probas.loc[t, c]) for c in labels] if t in probas.index else None for t in range(len(raters[0]))]
    errors = {}
    for (worker, given), row in ds.errors_.iterrows():
        errors.setdefault(worker, {})[str(int(given))] = [float(row[c]) for c in labels]
    return {
        "scale": scale,
        "ratings": raters,
        "observedCategories": labels,
        "posteriors": posteriors,
        "priors": [float(ds.priors_[c]) for c in labels],
        "errors": [errors.get(f"r{w}", {}) for w in range(len(raters))],
        "iterations": len(ds.loss_history_),
    }


def main():
    cases = {"hanna-coherence": hanna(), "newsroom-coherence": newsroom(), "random-missing": random_missing()}
    out = {
        "source": "benchmarks/python/dawid_skene_fixtures.py",
        "environment": {p: metadata.version(p) for p in ["crowd-kit", "pandas", "numpy"]},
        "cases": {name: fit(*case) for name, case in cases.items()},
    }
    OUTPUT.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    for name, case in out["cases"].items():
        print(name, "items", len(case["posteriors"]), "iterations", case["iterations"], "priors", np.round(case["priors"], 4))


if __name__ == "__main__":
    main()
