"""Reference abstain bands for a pass/fail judge (issue #30), written to
Tests/StatisticsTests/Resources/abstain-band-fixtures.json, which
AbstainBandReferenceTests.swift reads.

The reference is MAPIE's BinaryClassificationController (PyPI `mapie`, the
version is recorded in the file) run as its example "Risk Control for LLM as a
Judge with Abstention" runs it
(examples/risk_control/2-advanced-analysis/plot_risk_control_llm_as_a_judge.py):
a two-parameter predict function (negative at score <= lambda_1, positive at
score >= lambda_2, abstain between), the risks ["negative_predictive_value",
"positive_predictive_value", "abstention_rate"], best_predict_param_choice=
"abstention_rate", the default Bonferroni-Holm FWER control.

Each case is run twice:
- "mapie": MAPIE unchanged.
- "exact": MAPIE with its p-value function replaced by the same binary
  Hoeffding-Bentkus p-value with the count of wrong rows k exact. MAPIE
  computes it as ceil(m * r_hat) with r_hat = 1 - right/m in floating point,
  which for about a fifth of (m, right) pairs lies just above the whole number
  and counts one row too many; and where no row is behind a risk (m = 0) its
  p-value is NaN, which stops its Holm procedure at once (np.argmin picks the
  NaN first). The replacement returns 1 there: that band is not certified, the
  others are still tested.
The Swift AbstainBand is meant to equal "exact" everywhere; the test also pins
how often, and where, MAPIE unchanged differs.

Cases:
- "example": the documented example itself. Its data (HaluEval's qa_data.json,
  10,000 questions, each with a right and a hallucinated answer) is not
  downloaded here (only PyPI is reachable): the example's judge scores do not
  depend on the text, only on the order of the rows, which the same pandas
  calls (melt, sort_index, reset_index) give on a frame of the same shape; the
  scores are then drawn exactly as the example draws them (np.random.seed(12),
  Beta(3, 1) for a hallucinated answer and Beta(1, 3) otherwise, in row order)
  and split as it splits them (train_test_split, test_size=0.95,
  random_state=0). The example's 5 x 5 grid, targets (0.85, 0.8, 0.2) and
  confidence 0.9. Also recorded: MAPIE's predictions on the first 500 test rows,
  and the chosen band's NPV, PPV and abstention rate on all 19,000.
- 60 synthetic cases: n in {40, 200, 1000}; scores Beta(a, 1) for a positive
  row and Beta(1, a) otherwise, a in {1.5, 3, 6}, to four decimals (so some lie
  on a threshold); prevalence 0.3, 0.5 or 0.7; grids: the example's, a finer
  10 x 10 one, and a wide one whose lambda_1 = 0 and lambda_2 = 1 leave a side
  without rows; targets (0.85, 0.8, 0.2), (0.9, 0.9, 0.3) or (0.8, 0.8, 0.1);
  confidence 0.9 or 0.8.

Run: /tmp/mapie-venv/bin/python benchmarks/python/abstain_band_fixtures.py
(the venv: python3 -m venv /tmp/mapie-venv && /tmp/mapie-venv/bin/pip install mapie scikit-learn numpy pandas)
"""
import json
import pathlib
import warnings

import mapie
import mapie.risk_control._base_controller as base_controller
import numpy as np
import pandas as pd
from mapie.risk_control import BinaryClassificationController
from mapie.risk_control.methods import _h1
from scipy.stats import binom
from sklearn.model_selection import train_test_split

OUT = pathlib.Path(__file__).resolve().parents[2] / "Tests/StatisticsTests/Resources/abstain-band-fixtures.json"
RISKS = ["negative_predictive_value", "positive_predictive_value", "abstention_rate"]
ORIGINAL_P_VALUE = base_controller.compute_hoeffding_bentkus_p_value


def exact_p_value(r_hat, n_obs, alpha, binary=False):
    """MAPIE's binary Hoeffding-Bentkus p-value with k = round(m * r_hat) and 1 where m <= 0."""
    r = np.asarray(r_hat, dtype=float)
    m = np.asarray(n_obs, dtype=float)
    a = float(np.asarray(alpha).ravel()[0])
    defined = m > 0
    safe_m = np.where(defined, m, 1.0)
    k = np.round(np.where(defined, m * r, 0.0))
    r_exact = k / safe_m
    hoeffding = np.exp(-safe_m * _h1(np.minimum(r_exact, a), np.full_like(r_exact, a)))
    bentkus = binom.cdf(k, safe_m, a)
    p = np.where(defined, np.minimum(hoeffding, bentkus), 1.0)
    return p[:, np.newaxis]


def controller(scores, grid, targets, confidence):
    def predict(x, lambda_1, lambda_2):
        s = scores[np.asarray(x, dtype=int)]
        y = np.full_like(s, np.nan)
        y = np.where(s <= lambda_1, 0, y)
        y = np.where(s >= lambda_2, 1, y)
        return y

    bcc = BinaryClassificationController(
        predict_function=predict,
        risk=RISKS,
        target_level=list(targets),
        confidence_level=confidence,
        best_predict_param_choice="abstention_rate",
        list_predict_params=np.array(grid),
    )
    return bcc


def run(scores, labels, rows, grid, targets, confidence, exact):
    base_controller.compute_hoeffding_bentkus_p_value = exact_p_value if exact else ORIGINAL_P_VALUE
    try:
        bcc = controller(scores, grid, targets, confidence)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            bcc.calibrate(np.asarray(rows), np.asarray(labels)[rows])
    finally:
        base_controller.compute_hoeffding_bentkus_p_value = ORIGINAL_P_VALUE
    grid_list = [tuple(g) for g in np.array(grid).tolist()]
    valid = sorted(grid_list.index(tuple(v)) for v in np.array(bcc.valid_predict_params).tolist())
    best = None if bcc.best_predict_param is None else grid_list.index(tuple(bcc.best_predict_param))
    p_values = [None if np.isnan(p) else float(p) for p in bcc.p_values[:, 0]]
    return bcc, {"valid": valid, "best": best, "pValues": p_values}


def linspace_grid(lo1, hi1, lo2, hi2, count):
    lower, upper = np.linspace(lo1, hi1, count), np.linspace(lo2, hi2, count)
    return [[float(a), float(b)] for a in lower for b in upper if b >= a]


GRIDS = {
    "example": linspace_grid(0.3, 0.7, 0.4, 0.8, 5),
    "fine": linspace_grid(0.05, 0.5, 0.5, 0.95, 10),
    "wide": linspace_grid(0.0, 0.4, 0.6, 1.0, 5),
}


def example_case():
    n_questions = 10000
    df = pd.DataFrame(
        {
            "knowledge": [f"k{i}" for i in range(n_questions)],
            "question": [f"q{i}" for i in range(n_questions)],
            "right_answer": [f"r{i}" for i in range(n_questions)],
            "hallucinated_answer": [f"h{i}" for i in range(n_questions)],
        }
    )
    df = df.melt(
        id_vars=["knowledge", "question"],
        value_vars=["right_answer", "hallucinated_answer"],
        var_name="answer_type",
        value_name="answer",
        ignore_index=False,
    )
    df = df.sort_index()
    df["hallucinated"] = df["answer_type"] == "hallucinated_answer"
    df = df.reset_index(drop=True)

    def generate_biased_score(is_hallucinated):
        if is_hallucinated:
            return np.random.beta(a=3, b=1)
        return np.random.beta(a=1, b=3)

    np.random.seed(12)
    scores = df["hallucinated"].apply(generate_biased_score).to_numpy()
    labels = df["hallucinated"].astype(int).to_numpy()
    x = np.arange(len(df))
    x_calib, x_test, _, _ = train_test_split(x, labels, test_size=0.95, random_state=0)
    grid, targets, confidence = GRIDS["example"], (0.85, 0.8, 0.2), 0.9
    bcc, unchanged = run(scores, labels, x_calib, grid, targets, confidence, exact=False)
    test = x_test[:500]
    predictions = bcc.predict(test)
    every = bcc.predict(x_test)
    decided_negative, decided_positive = every == 0, every == 1
    performance = {
        "rows": int(len(x_test)),
        "negativePredictiveValue": float(np.mean(labels[x_test][decided_negative] == 0)),
        "positivePredictiveValue": float(np.mean(labels[x_test][decided_positive] == 1)),
        "abstentionRate": float(np.mean(np.isnan(every))),
    }
    _, exact = run(scores, labels, x_calib, grid, targets, confidence, exact=True)
    return {
        "name": "example",
        "scores": [float(s) for s in scores[x_calib]],
        "positive": "".join(str(int(v)) for v in labels[x_calib]),
        "grid": grid,
        "targets": list(targets),
        "confidence": confidence,
        "mapie": unchanged,
        "exact": exact,
        "testPerformance": performance,
        "testScores": [float(s) for s in scores[test]],
        "testDecisions": ["abstain" if np.isnan(p) else ("positive" if p == 1 else "negative") for p in predictions],
    }


def synthetic_case(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.choice([40, 200, 1000]))
    a = float(rng.choice([1.5, 3.0, 6.0]))
    prevalence = float(rng.choice([0.3, 0.5, 0.7]))
    labels = (rng.uniform(size=n) < prevalence).astype(int)
    scores = np.round(np.where(labels == 1, rng.beta(a, 1, n), rng.beta(1, a, n)), 4)
    grid_name = ["example", "fine", "wide"][seed % 3]
    targets = [(0.85, 0.8, 0.2), (0.9, 0.9, 0.3), (0.8, 0.8, 0.1)][int(rng.integers(3))]
    confidence = float(rng.choice([0.9, 0.8]))
    rows = np.arange(n)
    grid = GRIDS[grid_name]
    _, unchanged = run(scores, labels, rows, grid, targets, confidence, exact=False)
    _, exact = run(scores, labels, rows, grid, targets, confidence, exact=True)
    return {
        "name": f"seed {seed}, {grid_name} grid",
        "scores": [float(s) for s in scores],
        "positive": "".join(str(int(v)) for v in labels),
        "grid": grid,
        "targets": list(targets),
        "confidence": confidence,
        "mapie": unchanged,
        "exact": exact,
    }


def main():
    cases = [example_case()] + [synthetic_case(seed) for seed in range(60)]
    OUT.write_text(json.dumps({"mapie": mapie.__version__, "pandas": pd.__version__, "cases": cases}) + "\n")
    differ = [c["name"] for c in cases if (c["mapie"]["valid"], c["mapie"]["best"]) != (c["exact"]["valid"], c["exact"]["best"])]
    example = cases[0]
    best = example["mapie"]["best"]
    print(f"example: {len(example['mapie']['valid'])} valid, best {example['grid'][best] if best is not None else None}")
    print(f"example, on its {example['testPerformance']['rows']} test rows: {example['testPerformance']}")
    print(f"wrote {len(cases)} cases to {OUT}; MAPIE unchanged differs from the exact count on {len(differ)}: {differ}")


if __name__ == "__main__":
    main()
