"""Reference values for the label multiplier (issue #28), written to
Tests/StatisticsTests/Resources/label-multiplier-fixtures.json, which
LabelMultiplierReferenceTests.swift reads.

Computed apart from the Swift code (RunInference's LabelMultiplier), with
statsmodels and numpy:

- the calibration slope is the OLS slope of the expert value on the judge's
  score (statsmodels OLS with a constant), clipped to [0, 1] as PPI++'s power
  tuning clips lambda; 0 for a judge whose scores do not vary;
- R^2 is statsmodels' `rsquared` of that regression when the slope needed no
  clipping (the squared Pearson correlation, which is checked too), and
  otherwise 1 - sum((y - ybar - lam (x - xbar))^2) / sum((y - ybar)^2) with the
  clipped slope, from numpy;
- the multiplier is 1 / (1 - R^2).

Cases: 24 random data sets from numpy's default_rng (n from 10 to 400;
continuous and 1-5 integer scores; judges from unrelated to nearly exact, some
moving against the experts (slope < 0, clipped to 0) and some compressed
(slope > 1, clipped to 1)), each with its pairs; and HANNA's five published
judges (prompt 1, notebooks-data/hanna-judges/*.p1.csv) against the crowd means
(notebooks-data/hanna.labels.csv) on each of the six criteria, on the rows
where the judge's value lies on the 1-5 scale (the others are the authors'
failure codes, which align counts as judge failures), without the pairs (the
Swift test reads the same files).

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


def reference(y: np.ndarray, x: np.ndarray) -> dict:
    """Slope, clipped lambda, R^2 and the multiplier, from statsmodels and numpy."""
    if np.var(x) == 0:
        slope, lam = None, 0.0
    else:
        fit = sm.OLS(y, sm.add_constant(x)).fit()
        slope = float(fit.params[1])
        lam = min(1.0, max(0.0, slope))
    if slope is not None and 0 <= slope <= 1:
        r2 = float(sm.OLS(y, sm.add_constant(x)).fit().rsquared)
        assert abs(r2 - np.corrcoef(y, x)[0, 1] ** 2) < 1e-12
    else:
        yc, xc = y - y.mean(), x - x.mean()
        r2 = float(1 - np.sum((yc - lam * xc) ** 2) / np.sum(yc**2))
    return {"slope": slope, "lambda": lam, "rSquared": r2, "multiplier": 1 / (1 - r2)}


def synthetic() -> list[dict]:
    cases = []
    rng = np.random.default_rng(20261206)
    for k in range(24):
        n = int(rng.choice([10, 25, 60, 150, 400]))
        target = float(rng.choice([0.0, 0.1, 0.4, 0.7, 0.95]))
        slope = float(rng.choice([-0.8, 0.5, 1.0, 1.6]))
        truth = rng.normal(size=n)
        expert = 3 + 0.9 * truth
        judge = 2 + slope * (np.sqrt(target) * truth + np.sqrt(1 - target) * rng.normal(size=n))
        if k % 2 == 1:  # on a 1-5 scale, as judges and experts score
            expert = np.clip(np.rint(expert), 1, 5)
            judge = np.clip(np.rint(judge + 1), 1, 5)
        if np.var(expert) == 0:
            continue
        case = {"name": f"random-{k}", "expert": expert.tolist(), "judge": judge.tolist()}
        case.update(reference(expert, judge))
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
            case.update(reference(y, x))
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
