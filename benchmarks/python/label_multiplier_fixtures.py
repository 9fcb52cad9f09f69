"""Reference values for the label multiplier (issue #28), written to
Tests/StatisticsTests/Resources/label-multiplier-fixtures.json, which
LabelMultiplierReferenceTests.swift reads.

Computed apart from the Swift code (RunInference's LabelMultiplier), with
numpy and statsmodels:

- the calibration slope is PPI++'s power tuning with the unlabelled pool taken
  as large: lambda = clip(cov(y, x) / var(x_all), 0, 1), the covariance over
  the labelled pairs (divisor n) and the variance over every judge score,
  labelled and unlabelled (divisor n + N), 0 for a judge whose scores do not
  vary; R^2 = 1 - sum((y - ybar - lambda (x - xbar))^2) / sum((y - ybar)^2)
  over the labelled pairs; the multiplier 1 / (1 - R^2);
- with no unlabelled score and an unclipped slope this is the least-squares
  R^2, and statsmodels' OLS `rsquared` is asserted equal to it (to 1e-12)
  before it is written; `olsRSquared` (statsmodels, always) is written beside
  it, which R^2 never exceeds.

Cases: 24 random data sets from numpy's default_rng (n from 10 to 400; every
other one with an unlabelled pool of 0.5 to 20 times n; continuous and 1-5
integer scores; judges from unrelated to nearly exact, some moving against the
experts (slope < 0, clipped to 0) and some compressed (slope > 1, clipped to
1)), each with its values; and HANNA's five published judges (prompt 1,
notebooks-data/hanna-judges/*.p1.csv) against the crowd means
(notebooks-data/hanna.labels.csv) on each of the six criteria, on the rows
where the judge's value lies on the 1-5 scale (the others are the authors'
failure codes, which align counts as judge failures; every story is labelled,
so there is no unlabelled pool), without the values (the Swift test reads the
same files).

Usage:  "$(scripts/python-reference)" benchmarks/python/label_multiplier_fixtures.py
"""

import csv
import json
from pathlib import Path

import numpy as np
import statsmodels.api as sm

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "Tests/StatisticsTests/Resources/label-multiplier-fixtures.json"
JUDGES = ["Beluga-13B", "OrcaPlatypus", "Mistral-7B", "Llama-13B", "ChatGPT"]
CRITERIA = ["relevance", "coherence", "empathy", "surprise", "engagement", "complexity"]


def reference(y: np.ndarray, x: np.ndarray, xu: np.ndarray) -> dict:
    """Lambda, R^2 and the multiplier from numpy; statsmodels' OLS R^2 beside them."""
    pooled = np.concatenate([x, xu])
    variance = np.var(pooled)  # divisor n + N
    covariance = np.mean((y - y.mean()) * (x - x.mean()))  # divisor n
    lam = 0.0 if variance == 0 else min(1.0, max(0.0, covariance / variance))
    yc, xc = y - y.mean(), x - x.mean()
    r2 = float(1 - np.sum((yc - lam * xc) ** 2) / np.sum(yc**2))
    ols = sm.OLS(y, sm.add_constant(x)).fit() if np.var(x) > 0 else None
    ols_r2 = float(ols.rsquared) if ols is not None else 0.0
    if ols is not None and len(xu) == 0 and 0 <= ols.params[1] <= 1:
        assert abs(r2 - ols_r2) < 1e-12, (r2, ols_r2)
    assert r2 <= ols_r2 + 1e-12
    return {"lambda": lam, "rSquared": r2, "multiplier": 1 / (1 - r2), "olsRSquared": ols_r2}


def synthetic() -> list[dict]:
    cases = []
    rng = np.random.default_rng(20261206)
    for k in range(24):
        n = int(rng.choice([10, 25, 60, 150, 400]))
        pool = 0 if k % 4 < 2 else int(n * rng.choice([0.5, 3, 20]))
        target = float(rng.choice([0.0, 0.1, 0.4, 0.7, 0.95]))
        slope = float(rng.choice([-0.8, 0.5, 1.0, 1.6]))
        truth = rng.normal(size=n + pool)
        expert = 3 + 0.9 * truth[:n]
        judge = 2 + slope * (np.sqrt(target) * truth + np.sqrt(1 - target) * rng.normal(size=n + pool))
        if k % 2 == 1:  # on a 1-5 scale, as judges and experts score
            expert = np.clip(np.rint(expert), 1, 5)
            judge = np.clip(np.rint(judge + 1), 1, 5)
        if np.var(expert) == 0:
            continue
        case = {"name": f"random-{k}", "expert": expert.tolist(), "judge": judge[:n].tolist(), "judgeUnlabelled": judge[n:].tolist()}
        case.update(reference(expert, judge[:n], judge[n:]))
        cases.append(case)
    return cases


def read(path: Path) -> dict[str, dict[str, float]]:
    with path.open(newline="", encoding="utf-8") as f:
        return {row["id"]: {c: float(row[c]) for c in CRITERIA if row[c] != ""} for row in csv.DictReader(f)}


def hanna() -> list[dict]:
    labels = read(ROOT / "notebooks-data/hanna.labels.csv")
    cases = []
    for judge in JUDGES:
        scores = read(ROOT / f"notebooks-data/hanna-judges/{judge}.p1.csv")
        for criterion in CRITERIA:
            ids = [i for i in labels if i in scores and criterion in scores[i] and 1 <= scores[i][criterion] <= 5]
            y = np.array([labels[i][criterion] for i in ids])
            x = np.array([scores[i][criterion] for i in ids])
            case = {"judge": judge, "dimension": criterion, "n": len(ids)}
            case.update(reference(y, x, np.array([])))
            cases.append(case)
    return cases


def main() -> None:
    fixtures = {
        "generator": "benchmarks/python/label_multiplier_fixtures.py",
        "numpy": np.__version__,
        "statsmodels": sm.__version__ if hasattr(sm, "__version__") else __import__("statsmodels").__version__,
        "synthetic": synthetic(),
        "hanna": hanna(),
    }
    TARGET.write_text(json.dumps(fixtures, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(fixtures['synthetic'])} random cases and {len(fixtures['hanna'])} HANNA cases to {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
