"""Reference values for the alternative annotator test (issue #28), written to
Tests/CalibrationTests/Resources/alt-test-fixtures.json, which
AlternativeAnnotatorTestReferenceTests.swift reads.

An implementation of the procedure of Calderon, Reichart & Dror (ACL 2025,
"The Alternative Annotator Test for LLM-as-a-Judge"), written apart from the
Swift one, after the authors' published code (github.com/nitaytech/AltTest,
alt_test_example.ipynb, function alt_test) and following it step for step:

- rows are kept when at least two raters labelled them and the judge scored
  them; each rater is compared on the kept rows it labelled;
- for each left-out rater h and kept row i, the judge's value and h's label are
  scored against the other raters' labels of i: accuracy (the share of others
  who gave the same label) or negative RMSE;
- W_judge = [judge's score >= h's], W_h = [h's score >= judge's] (a tie counts
  for both); the differences d = W_h - W_judge go to scipy's
  ttest_1samp(d, epsilon, alternative="less");
- the p-values of all raters are corrected by Benjamini-Yekutieli at q = 0.05
  (statsmodels multipletests(method="fdr_by")); the judge wins against a rater
  whose hypothesis is rejected;
- the winning rate is wins / raters, the advantage probability the mean over
  raters of mean(W_judge): here the exact mean of those per-rater shares as
  doubles, rounded once (the authors' np.mean sums them in order and can differ
  from it in the last bit; the Swift mean is compensated).

The 100 data sets are drawn from seeds with numpy's default_rng: 3 to 6 raters,
40 to 120 rows, each rater labelling a row with a probability from 0.75 to 1,
the judge missing a few rows (a judge failure), labels from a latent true level
copied with a rater's own accuracy, and judges from much worse to better than
the raters, so that winning rates from 0 to 1 occur. Half are nominal (2 to 4
categories, accuracy), half on a 1-5 scale (negative RMSE, ordinal noise).
In the file each rater's labels and the judge's values are lists in the order
of the case's "rows", null where a row has none. Every data set gives each rater at least 30 rows to compare on (the authors'
code would skip a rater with fewer; the Swift test refuses, which is checked
apart). epsilon is drawn from the paper's 0.1, 0.15 and 0.2.

Usage:  "$(scripts/python-reference)" benchmarks/python/alt_test_fixtures.py
"""

import json
import math
from fractions import Fraction
from importlib import metadata
from pathlib import Path

import numpy as np
from scipy.stats import ttest_1samp
from statsmodels.stats.multitest import multipletests

OUTPUT = (
    Path(__file__).resolve().parents[2]
    / "Tests/CalibrationTests/Resources/alt-test-fixtures.json"
)
Q = 0.05
MIN_ROWS = 30
CASES = 100


def agreement_score(value, others):
    return sum(1 for o in others if o == value) / len(others)


def negative_rmse_score(value, others):
    return -math.sqrt(sum((value - o) ** 2 for o in others) / len(others))


SCORERS = {"accuracy": agreement_score, "negative-rmse": negative_rmse_score}


def alternative_annotator_test(raters, labels, judge, scorer, epsilon):
    """The procedure above; returns the per-rater figures, the winning rate and
    the advantage probability, or None when a rater has fewer than MIN_ROWS rows."""
    score = SCORERS[scorer]
    labelled_by = {}
    for rater in raters:
        for row in labels[rater]:
            labelled_by.setdefault(row, []).append(rater)
    kept = {row for row, who in labelled_by.items() if len(who) >= 2 and row in judge}
    comparisons = []
    for rater in raters:
        rows = sorted(row for row in labels[rater] if row in kept)
        if len(rows) < MIN_ROWS:
            return None
        judge_ahead, rater_ahead = [], []
        for row in rows:
            others = [labels[o][row] for o in labelled_by[row] if o != rater]
            judge_score = score(judge[row], others)
            rater_score = score(labels[rater][row], others)
            judge_ahead.append(1 if judge_score >= rater_score else 0)
            rater_ahead.append(1 if rater_score >= judge_score else 0)
        differences = np.array(rater_ahead, dtype=float) - np.array(judge_ahead, dtype=float)
        p = ttest_1samp(differences, epsilon, alternative="less").pvalue
        comparisons.append({
            "rater": rater,
            "n": len(rows),
            "judgeAdvantage": sum(judge_ahead) / len(rows),
            "raterAdvantage": sum(rater_ahead) / len(rows),
            "pValue": float(p),
        })
    p_values = [c["pValue"] for c in comparisons]
    if any(math.isnan(p) for p in p_values):
        return None
    reject, adjusted, _, _ = multipletests(p_values, alpha=Q, method="fdr_by")
    for c, r, a in zip(comparisons, reject, adjusted):
        c["adjustedPValue"] = float(a)
        c["judgeWins"] = bool(r)
    wins = sum(1 for c in comparisons if c["judgeWins"])
    advantage = float(sum(Fraction(c["judgeAdvantage"]) for c in comparisons) / len(comparisons))
    return {
        "raters": comparisons,
        "winningRate": wins / len(comparisons),
        "advantageProbability": advantage,
    }


def draw_case(seed):
    rng = np.random.default_rng(seed)
    nominal = seed % 2 == 0
    levels = list(range(int(rng.integers(2, 5)))) if nominal else [1, 2, 3, 4, 5]
    scorer = "accuracy" if nominal else "negative-rmse"
    rater_count = int(rng.integers(3, 7))
    rows = [f"row{index:03d}" for index in range(int(rng.integers(40, 121)))]
    raters = [f"rater{index + 1}" for index in range(rater_count)]
    truth = {row: int(rng.integers(0, len(levels))) for row in rows}

    def annotate(accuracy, row):
        if rng.random() < accuracy:
            return levels[truth[row]]
        if nominal:
            return levels[int(rng.integers(0, len(levels)))]
        step = int(rng.choice([-2, -1, 1, 2], p=[0.15, 0.35, 0.35, 0.15]))
        return levels[min(max(truth[row] + step, 0), len(levels) - 1)]

    labels = {}
    for rater in raters:
        accuracy = float(rng.uniform(0.5, 0.9))
        coverage = float(rng.uniform(0.75, 1.0))
        labels[rater] = {row: annotate(accuracy, row) for row in rows if rng.random() < coverage}
    judge_accuracy = float(rng.uniform(0.2, 0.95))
    judge = {row: annotate(judge_accuracy, row) for row in rows if rng.random() > 0.03}
    epsilon = float(rng.choice([0.1, 0.15, 0.2]))
    return {
        "id": f"seed{seed}-{scorer}-{rater_count}raters",
        "levels": levels,
        "scorer": scorer,
        "epsilon": epsilon,
        "raters": raters,
        "rows": rows,
        "labels": labels,
        "judge": judge,
    }


def written(case):
    """The case as the fixture holds it: each rater's labels and the judge's values
    as lists in the order of "rows", null where the row has none."""
    rows = case["rows"]
    out = dict(case)
    out["labels"] = {rater: [values.get(row) for row in rows] for rater, values in case["labels"].items()}
    out["judge"] = [case["judge"].get(row) for row in rows]
    return out


def main():
    cases = []
    seed = 0
    while len(cases) < CASES:
        case = draw_case(seed)
        seed += 1
        expected = alternative_annotator_test(
            case["raters"], case["labels"], case["judge"], case["scorer"], case["epsilon"])
        if expected is None:
            continue
        case["expected"] = expected
        cases.append(written(case))
    rates = sorted({c["expected"]["winningRate"] for c in cases})
    environment = {name: metadata.version(name) for name in ["numpy", "scipy", "statsmodels"]}
    OUTPUT.write_text(json.dumps({"environment": environment, "cases": cases}, separators=(",", ":")) + "\n")
    print(f"{len(cases)} cases from seeds 0-{seed - 1}; winning rates seen: {rates}; wrote {OUTPUT}")


if __name__ == "__main__":
    main()
