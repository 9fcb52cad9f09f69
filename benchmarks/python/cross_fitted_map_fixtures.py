"""Reference cross-fitted isotonic maps (issue #31), written to
Tests/StatisticsTests/Resources/cross-fitted-map-fixtures.json, which
CrossFittedMapReferenceTests.swift reads.

Written from the description in CrossFittedMap's documentation and CJE's
JudgeCalibrator (cje-eval 0.9.3), not from the Swift code: folds are the ids
sorted by the SHA-256 of "<seed>:<id>" (hex, then id) dealt round robin, K
reduced to max(2, n // 2) below 2K rows (CJE's resolve_n_folds); map k is
scikit-learn's IsotonicRegression(out_of_bounds="clip", y_min, y_max) fitted
on the rows outside fold k; each row's out-of-fold value is its fold's map at
its score; the jackknife variance of the mean calibrated score over a "run"
(the case's run scores) is (K-1)/K * sum_k (theta_k - mean)^2 as CJE's
oracle_jackknife_variance.

Cases: HANNA's five judges on Coherence (prompt type 1, judge scores below 1
left out), K = 5, seed 7, bounds [1, 5], the run the 960 stories' scores;
and 20 synthetic sets (numpy default_rng(seed)): n of 4, 9, 23, 100 or 500,
K of 2, 5 or 10, seeds 0-3, weights none or uniform on (0.5, 2).

Run: .python-reference/bin/python benchmarks/python/cross_fitted_map_fixtures.py
"""
import csv
import hashlib
import json
import pathlib
import sys

import numpy as np
from sklearn.isotonic import IsotonicRegression

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/StatisticsTests/Resources/cross-fitted-map-fixtures.json"
HANNA = ROOT.parent / "shared/data/hanna/hanna_metric_scores_llm.csv"


def assignment(ids, folds, seed):
    keyed = sorted((hashlib.sha256(f"{seed}:{i}".encode()).hexdigest(), i) for i in ids)
    return {i: rank % folds for rank, (_, i) in enumerate(keyed)}


def case(name, ids, x, y, w, asked, seed, bounds, run):
    n = len(ids)
    k = asked if n >= 2 * asked else max(2, n // 2)
    fold = assignment(ids, k, seed)
    x, y = np.asarray(x, float), np.asarray(y, float)
    w = np.ones(n) if w is None else np.asarray(w, float)
    lo, hi = (None, None) if bounds is None else bounds
    maps = []
    for f in range(k):
        mask = np.array([fold[i] != f for i in ids])
        maps.append(IsotonicRegression(out_of_bounds="clip", y_min=lo, y_max=hi).fit(x[mask], y[mask], sample_weight=w[mask]))
    full = IsotonicRegression(out_of_bounds="clip", y_min=lo, y_max=hi).fit(x, y, sample_weight=w)
    oof = [float(maps[fold[i]].predict([x[j]])[0]) for j, i in enumerate(ids)]
    run = np.asarray(run, float)
    jack = np.array([m.predict(run).mean() for m in maps])
    variance = (k - 1) / k * float(np.sum((jack - jack.mean()) ** 2))
    return {
        "name": name, "ids": list(ids), "x": x.tolist(), "y": y.tolist(), "weights": w.tolist(), "asked": asked,
        "seed": seed, "bounds": bounds, "run": run.tolist(), "folds": k, "assignment": fold, "outOfFold": oof,
        "fullAtRun": full.predict(run).tolist(), "jackknifeVariance": variance,
    }


def hanna():
    csv.field_size_limit(sys.maxsize)
    with open(HANNA, newline="") as f:
        rows = [r for r in csv.DictReader(f) if r["Model"] != "Human"]
    cases = []
    for judge in ["Beluga-13B", "OrcaPlatypus", "Mistral-7B", "Llama-13B", "ChatGPT"]:
        ids, x, y = [], [], []
        for r in rows:
            scores = json.loads(r[f"{judge} CH 1"])
            humans = [json.loads(r[f"Human {k} CH"]) for k in (1, 2, 3)]
            for i, s in enumerate(scores):
                if s >= 1:
                    ids.append(f"{r['Model']}-{i}")
                    x.append(s)
                    y.append(float(np.mean([h[i] for h in humans])))
        cases.append(case(f"hanna {judge} CH", ids, x, y, None, 5, 7, [1, 5], x))
    return cases


def synthetic():
    cases = []
    for seed in range(20):
        rng = np.random.default_rng(100 + seed)
        n = [4, 9, 23, 100, 500][seed % 5]
        asked = [2, 5, 10][seed % 3]
        x = np.round(rng.uniform(1, 5, n), 2)
        y = np.clip(np.round(x + rng.normal(0, 0.8, n)), 1, 5)
        w = None if seed % 2 == 0 else rng.uniform(0.5, 2, n)
        bounds = [1, 5] if seed % 4 < 2 else None
        run = np.round(rng.uniform(0.5, 5.5, 60), 2)
        cases.append(case(f"synthetic {seed}: n {n}, {asked} folds asked", [f"r{j}" for j in range(n)], x, y, w, asked, seed % 4, bounds, run))
    return cases


def main():
    cases = hanna() + synthetic()
    OUT.write_text(json.dumps({"cases": cases}) + "\n")
    print(f"{len(cases)} cases written to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
