"""Reference readings of a passed audit's mean residual given the pass (issue #31), written to
Tests/StatisticsTests/Resources/pass-selected-fixtures.json, which PassSelectedResidualReferenceTests.swift reads.

Given the pass, the mean residual m is N(b, se^2) truncated to the pass region [L, U]. The pivot
F(m; b) is scipy's truncnorm.cdf(m, (L - b)/se, (U - b)/se, loc=b, scale=se); for each case this script
finds, with scipy.optimize.brentq, the b at which it is 1/2 (the value) and the ends of the interval at
level 1 - alpha (F = 1 - alpha/2 and alpha/2), from PassSelectedResidual's documentation alone.

Cases (numpy default_rng(seed)): a margin of 0.1, 0.3 or 1; an audit half-width c*se of 5-80% of it and
c of 1.96 or 2.5; m uniform on the region, or 2%, 0.5% or 0.1% of its width inside either end (where
the interval runs far from the region, and the tails need care); level 0.95 or 0.9.

Run: .python-reference/bin/python benchmarks/python/pass_selected_fixtures.py
"""
import json
import pathlib

import numpy as np
import scipy
from scipy import optimize, stats

OUT = pathlib.Path(__file__).resolve().parents[2] / "Tests/StatisticsTests/Resources/pass-selected-fixtures.json"


def pivot(m, b, low, high, se):
    return stats.truncnorm.cdf(m, (low - b) / se, (high - b) / se, loc=b, scale=se)


def solve(m, low, high, se, target):
    f = lambda b: pivot(m, b, low, high, se) - target
    width = se + (high - low)
    lo, hi = m - width, m + width
    while f(lo) < 0:
        lo = m - 2 * (m - lo)
    while f(hi) > 0:
        hi = m + 2 * (hi - m)
    return optimize.brentq(f, lo, hi, xtol=1e-14, rtol=1e-14, maxiter=500)


def case(seed):
    rng = np.random.default_rng(seed)
    margin = [0.1, 0.3, 1.0][seed % 3]
    critical = [1.96, 2.5][seed % 2]
    half = float(rng.uniform(0.05, 0.8)) * margin
    se = half / critical
    low, high = -margin + half, margin - half
    where = seed % 7
    if where < 3:
        m = float(rng.uniform(low, high))
    else:
        inside = [0.02, 0.005, 0.001][where % 3] * (high - low)
        m = high - inside if where % 2 else low + inside
    level = [0.95, 0.9][seed % 2]
    alpha = 1 - level
    return {
        "seed": seed,
        "meanResidual": m,
        "standardError": se,
        "low": low,
        "high": high,
        "level": level,
        "value": solve(m, low, high, se, 0.5),
        "lower": solve(m, low, high, se, 1 - alpha / 2),
        "upper": solve(m, low, high, se, alpha / 2),
    }


def main():
    cases = [case(seed) for seed in range(40)]
    OUT.write_text(json.dumps({"scipy": scipy.__version__, "cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
