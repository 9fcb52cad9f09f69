"""Reference isotonic fits for the judge-to-expert map (issue #31), written to
Tests/StatisticsTests/Resources/isotonic-fixtures.json, which
IsotonicRegressionReferenceTests.swift reads.

The reference is scikit-learn's IsotonicRegression(increasing=True,
out_of_bounds="clip"), with y_min/y_max where a case gives bounds: its
X_thresholds_ and y_thresholds_ after fitting, and its predictions at the
case's query points.

Cases:
- HANNA (Chhun et al. 2022; ../shared/data/hanna): for each of its five LLM
  judges and six criteria, x the judge's score with prompt type 1 (the mean of
  three runs) and y the mean of the three crowd ratings, over the 960 stories
  of the ten generation systems less those whose judge score is below 1 (the
  file's failure code averaged in; counted in the case); bounds [1, 5];
  queries: every fitted x, the grid 0.5, 0.6, ..., 5.5 (outside the range
  too).
- Synthetic: 40 cases from numpy's default_rng with the case's seed: n of
  1, 2, 7, 50 or 400 rows; x continuous, on a coarse grid (many ties) or all
  equal; y increasing in x with noise, decreasing, or constant; weights none,
  uniform on (0, 3) or with zeros; bounds none or [0.2, 0.8] x the y range;
  queries uniform over 1.5 x the x range.

Run: .python-reference/bin/python benchmarks/python/isotonic_fixtures.py
"""
import csv
import json
import pathlib
import sys

import numpy as np
import sklearn
from sklearn.isotonic import IsotonicRegression

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/StatisticsTests/Resources/isotonic-fixtures.json"
HANNA = ROOT.parent / "shared/data/hanna/hanna_metric_scores_llm.csv"
JUDGES = ["Beluga-13B", "OrcaPlatypus", "Mistral-7B", "Llama-13B", "ChatGPT"]
CRITERIA = ["RE", "CH", "EM", "SU", "EG", "CX"]


def fit(x, y, w=None, bounds=None, queries=()):
    lo, hi = (None, None) if bounds is None else bounds
    model = IsotonicRegression(increasing=True, out_of_bounds="clip", y_min=lo, y_max=hi)
    model.fit(np.asarray(x, float), np.asarray(y, float), sample_weight=None if w is None else np.asarray(w, float))
    q = np.asarray(list(queries), float)
    return {
        "thresholds": model.X_thresholds_.tolist(),
        "values": model.y_thresholds_.tolist(),
        "queries": q.tolist(),
        "predictions": model.predict(q).tolist() if len(q) else [],
    }


def hanna_cases():
    csv.field_size_limit(sys.maxsize)
    with open(HANNA, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["Model"] != "Human"]
    cases = []
    for judge in JUDGES:
        for c in CRITERIA:
            x, y, failures = [], [], 0
            for r in rows:
                scores = json.loads(r[f"{judge} {c} 1"])
                humans = [json.loads(r[f"Human {k} {c}"]) for k in (1, 2, 3)]
                for i, s in enumerate(scores):
                    if s < 1:
                        failures += 1
                        continue
                    x.append(s)
                    y.append(np.mean([h[i] for h in humans]))
            queries = sorted(set(x)) + [round(0.5 + 0.1 * k, 10) for k in range(51)]
            case = {"name": f"hanna {judge} {c}", "x": x, "y": y, "weights": None, "bounds": [1, 5], "leftOut": failures}
            case.update(fit(x, y, None, (1, 5), queries))
            cases.append(case)
    return cases


def synthetic_cases():
    cases = []
    for seed in range(40):
        rng = np.random.default_rng(seed)
        n = [1, 2, 7, 50, 400][seed % 5]
        shape = ["continuous", "grid", "constant"][seed % 3 if n > 1 else 0]
        x = {"continuous": rng.uniform(-2, 3, n), "grid": rng.integers(0, 6, n) * 0.5, "constant": np.full(n, 1.25)}[shape]
        trend = ["up", "down", "flat"][(seed // 3) % 3]
        noise = rng.normal(0, 0.7, n)
        y = {"up": x + noise, "down": -x + noise, "flat": np.full(n, 0.4) + 0 * noise}[trend]
        weighting = ["none", "uniform", "zeros"][(seed // 9) % 3]
        w = None if weighting == "none" else rng.uniform(0, 3, n)
        if weighting == "zeros":
            w[rng.uniform(0, 1, n) < 0.2] = 0
            if not np.any(w > 0):
                w[0] = 1.0
        bounds = None
        if seed % 4 == 3:
            span = float(y.max() - y.min()) or 1.0
            bounds = [float(y.min() + 0.2 * span), float(y.min() + 0.8 * span)]
        lo, hi = float(x.min()), float(x.max())
        width = (hi - lo) or 1.0
        queries = rng.uniform(lo - 0.25 * width, hi + 0.25 * width, 25).tolist() + x[:5].tolist()
        case = {"name": f"synthetic {seed}: n {n}, x {shape}, y {trend}, weights {weighting}, bounds {bounds is not None}",
                "x": x.tolist(), "y": y.tolist(), "weights": None if w is None else w.tolist(), "bounds": bounds, "leftOut": 0}
        case.update(fit(x, y, w, bounds, queries))
        cases.append(case)
    return cases


def main():
    cases = hanna_cases() + synthetic_cases()
    OUT.write_text(json.dumps({"sklearn": sklearn.__version__, "numpy": np.__version__, "cases": cases}, indent=None) + "\n")
    print(f"{len(cases)} cases written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
