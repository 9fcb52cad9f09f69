"""Reference reliability tables, calibration errors and Brier scores for
selective trust's calibration report (issue #30), written to
Tests/StatisticsTests/Resources/confidence-calibration-fixtures.json, which
ConfidenceCalibrationReferenceTests.swift reads.

The reference is scikit-learn: sklearn.calibration.calibration_curve with
strategy="uniform" (its prob_true and prob_pred for the non-empty bins) and
sklearn.metrics.brier_score_loss. scikit-learn has no expected calibration
error, so it is computed here from the same bins scikit-learn assigns
(np.searchsorted over the inner edges of np.linspace(0, 1, n_bins + 1), as
calibration_curve does): sum over bins of |sum(y) - sum(p)| / n.

Each case: n rows (20 to 1,000) from numpy's default_rng with the case's seed;
confidences either continuous (uniform on [0, 1], to six decimals), on a 0.2 grid (the shares of
five sampled replies: 0.2, 0.4, 0.6, 0.8, 1, several on the bins' edges), or on
a 0.1 grid (every inner edge hit); agreement drawn with P(agree) = c^k for a
case's k (calibrated at 1, over- or under-confident otherwise); 5, 10 or 15 bins.

Run: .python-reference/bin/python benchmarks/python/confidence_calibration_fixtures.py
"""
import json
import pathlib

import numpy as np
import sklearn
from sklearn.calibration import calibration_curve
from sklearn.metrics import brier_score_loss

OUT = pathlib.Path(__file__).resolve().parents[2] / "Tests/StatisticsTests/Resources/confidence-calibration-fixtures.json"


def case(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.choice([20, 57, 200, 1000]))
    grid = ["continuous", "fifths", "tenths"][seed % 3]
    if grid == "continuous":
        p = np.round(rng.uniform(0, 1, n), 6)
    elif grid == "fifths":
        p = rng.integers(1, 6, n) / 5
    else:
        p = rng.integers(0, 11, n) / 10
    k = float(rng.choice([0.5, 1.0, 2.0]))
    y = (rng.uniform(0, 1, n) < p ** k).astype(int)
    bins = int(rng.choice([5, 10, 15]))
    prob_true, prob_pred = calibration_curve(y, p, n_bins=bins, strategy="uniform")
    edges = np.linspace(0.0, 1.0, bins + 1)
    ids = np.searchsorted(edges[1:-1], p)
    counts = np.bincount(ids, minlength=bins)
    gaps = np.bincount(ids, weights=y - p, minlength=bins)
    return {
        "seed": seed,
        "confidence": [float(x) for x in p],
        "agrees": "".join(str(v) for v in y),
        "bins": bins,
        "binCounts": [int(c) for c in counts],
        "probTrue": [float(x) for x in prob_true],
        "probPred": [float(x) for x in prob_pred],
        "expectedCalibrationError": float(np.abs(gaps).sum() / n),
        "brier": float(brier_score_loss(y, p)),
    }


def main():
    cases = [case(seed) for seed in range(60)]
    OUT.write_text(json.dumps({"sklearn": sklearn.__version__, "numpy": np.__version__, "cases": cases}) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
