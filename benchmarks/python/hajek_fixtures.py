"""Reference values for the weighted (inclusion-probability) run estimates'
linearised variance and the small-sample interval (issue #13), written to
Tests/StatisticsTests/Resources/hajek-fixtures.json, which
HajekVarianceReferenceTests.swift reads.

Each case is a run of judged rows from which a labelled sample is drawn
with unequal inclusion probabilities (Poisson sampling, pi proportional to a
weight of the judge's level, as an extraction that over-samples the judge's low
scores would). The estimators weight a labelled row 1/pi and an unlabelled row
1/(1 - pi). The expected values are computed here directly from the textbook
formulas with numpy, independently of the Swift code:

- Hajek (ratio) mean of the labelled experts' scores, ybar = sum(w y) / sum(w),
  and its Taylor-linearised variance in the with-replacement form
  v = sum(w^2 (y - ybar)^2) / sum(w)^2 (Sarndal, Swensson & Wretman 1992,
  Model Assisted Survey Sampling, section 5.7, without the finite-population
  factor), which is invariant to rescaling the weights;
- the PPI++ mean with lambda as ppi-python computes it
  (ppi_py.ppi._calc_lam_glm, weights normalised to mean 1), and the variance
  of its two independent Hajek means, sum(wt^2 (lam yhat_u - m)^2)/sum(wt)^2 +
  sum(w^2 (r - rbar)^2)/sum(w)^2 with r = y - lam yhat;
- the small-sample interval: with weights normalised to mean 1, labelled part
  (sum(w^2 (r - rbar)^2) + 2 h^2) / (n (n + 1)), unlabelled part
  sum(wt^2 (lam yhat_u - m)^2) / (N (N - 1)), quantile scipy.stats.t.ppf with
  n - 1 degrees of freedom, h = 1 (the scale's step).

As an outside check of the textbook formula, PyPI samplics' TaylorEstimator
(PopParam.mean, with samp_weight = 1/pi and no strata or clusters) is run on the
experts' scores: its variance is the with-replacement linearised variance
times n / (n - 1) (its degrees-of-freedom correction), and the script asserts
that before writing the file.

Usage:  /work/venvs/estimate/bin/python -W ignore benchmarks/python/hajek_fixtures.py
        (a venv with: pip install ppi-python samplics scipy; versions are recorded
        in the output's "environment"; samplics warns that it is archived)
"""

import json
import sys
from importlib import metadata
from pathlib import Path

import numpy as np
import ppi_py
from ppi_py.ppi import _calc_lam_glm
from samplics.estimation import TaylorEstimator
from samplics.utils.types import PopParam
from scipy.stats import norm, t as tdist

OUTPUT = Path(__file__).resolve().parents[2] / "Tests/StatisticsTests/Resources/hajek-fixtures.json"
LEVEL = 0.95


def draw(seed, rows, expected_n, levels, accuracy):
    rng = np.random.default_rng(seed)
    base = np.array([0.15, 0.30, 0.35, 0.20]) if levels == 4 else np.array([0.4, 0.6])
    noise = np.array([0.05, 0.20, 0.45, 0.30]) if levels == 4 else np.array([0.15, 0.85])
    expert = rng.choice(levels, size=rows, p=base)
    judge = np.where(rng.random(rows) < accuracy, expert, rng.choice(levels, size=rows, p=noise))
    over = np.array([4.0, 2.0, 1.0, 1.0]) if levels == 4 else np.array([3.0, 1.0])
    pi = expected_n * over[judge] / over[judge].sum()
    chosen = rng.random(rows) < pi
    values = np.arange(1, levels + 1, dtype=float) if levels == 4 else np.array([0.0, 1.0])
    return values[expert[chosen]], values[judge[chosen]], values[judge[~chosen]], pi[chosen], pi[~chosen]


def hajek(x, w):
    centre = np.sum(w * x) / np.sum(w)
    return centre, np.sum(w**2 * (x - centre) ** 2) / np.sum(w) ** 2


def case(case_id, seed, rows, expected_n, levels, accuracy):
    y, yhat, yhat_u, pi, pi_u = draw(seed, rows, expected_n, levels, accuracy)
    n, big_n = len(y), len(yhat_u)
    w, wu = 1 / pi, 1 / (1 - pi_u)
    wn, wun = w / w.mean(), wu / wu.mean()
    theta1 = ppi_py.ppi_mean_pointestimate(y, yhat, yhat_u, lam=1, w=wn, w_unlabeled=wun)
    grads = wn * (y - theta1)
    preds = wn * (yhat - theta1)
    preds_u = wun * (yhat_u - theta1)
    lam = float(_calc_lam_glm(grads, preds, preds_u, np.eye(1), clip=True))
    value = float(ppi_py.ppi_mean_pointestimate(y, yhat, yhat_u, lam=lam, w=wn, w_unlabeled=wun)[0])
    r = y - lam * yhat
    m, v_u = hajek(lam * yhat_u, wu)
    rbar, v_l = hajek(r, w)
    assert abs(value - (m + rbar)) < 1e-12
    experts_mean, experts_var = hajek(y, w)
    z = norm.ppf(0.5 + LEVEL / 2)
    tq = tdist.ppf(0.5 + LEVEL / 2, n - 1)
    squares_l = np.sum(wn**2 * (r - rbar) ** 2)
    squares_u = np.sum(wun**2 * (lam * yhat_u - m) ** 2)
    small_var = (squares_l + 2.0) / (n * (n + 1)) + squares_u / (big_n * (big_n - 1))
    small_experts = (np.sum(wn**2 * (y - experts_mean) ** 2) + 2.0) / (n * (n + 1))
    # Outside check: samplics' Taylor-linearised SE of the weighted mean.
    taylor = TaylorEstimator(PopParam.mean)
    taylor.estimate(y=y, samp_weight=w, remove_nan=True)
    samplics_se = float(taylor.stderror)
    assert abs(samplics_se - np.sqrt(experts_var * n / (n - 1))) < 1e-10, (samplics_se, experts_var)
    return {
        "id": case_id, "seed": seed, "level": LEVEL,
        "expert": y.tolist(), "judge": yhat.tolist(), "judgeUnlabelled": yhat_u.tolist(),
        "inclusionLabelled": pi.tolist(), "inclusionUnlabelled": pi_u.tolist(),
        "expected": {
            "lambda": lam, "pointEstimate": value,
            "linearisedSE": float(np.sqrt(v_u + v_l)),
            "linearisedLower": float(value - z * np.sqrt(v_u + v_l)),
            "linearisedUpper": float(value + z * np.sqrt(v_u + v_l)),
            "smallSampleLower": float(value - tq * np.sqrt(small_var)),
            "smallSampleUpper": float(value + tq * np.sqrt(small_var)),
            "expertsMean": float(experts_mean), "expertsLinearisedSE": float(np.sqrt(experts_var)),
            "expertsSmallSampleSE": float(np.sqrt(small_experts)),
            "samplicsExpertsSE": samplics_se,
        },
    }


def main():
    cases = []
    for i, (rows, expected_n, levels, accuracy) in enumerate([
        (600, 40, 4, 0.8), (1000, 150, 4, 0.6), (1500, 400, 4, 0.9), (500, 60, 2, 0.85), (1200, 200, 2, 0.5),
        (800, 30, 4, 0.3),
    ]):
        cases.append(case(f"hajek-{i + 1}-{levels}levels-n{expected_n}", 1300 + i, rows, expected_n, levels, accuracy))
    document = {
        "generator": "benchmarks/python/hajek_fixtures.py",
        "environment": {
            "python": sys.version.split()[0],
            **{p: metadata.version(p) for p in ("numpy", "scipy", "ppi-python", "samplics")},
        },
        "cases": cases,
    }
    head = {k: v for k, v in document.items() if k != "cases"}
    lines = ",\n".join("  " + json.dumps(c, separators=(",", ":")) for c in cases)
    OUTPUT.write_text(json.dumps(head, indent=1)[:-2] + ',\n "cases": [\n' + lines + "\n ]\n}\n")
    print(json.dumps(document["environment"]))


if __name__ == "__main__":
    main()
