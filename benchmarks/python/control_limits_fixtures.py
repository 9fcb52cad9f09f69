"""Reference control limits (issue #31, drift), written to
Tests/StatisticsTests/Resources/control-limits-fixtures.json, which ControlLimitsReferenceTests.swift reads.

The between-look variance is statsmodels' DerSimonian-Laird estimate
(statsmodels.stats.meta_analysis.combine_effects(..., method_re="dl").tau2), truncated at 0 as
DerSimonian & Laird (1986) define it (statsmodels leaves it negative); the random-effects mean and its
variance, and the prediction limits mu +- t_{k-2, 1-alpha/2} * sqrt(tau2 + Var(mu) + s_new^2)
(Higgins, Thompson & Spiegelhalter 2009, with the new look's own sampling error), are then computed here
with numpy and scipy, from ControlLimits' documentation.

Cases (numpy default_rng(seed)): k of 3, 5, 10 or 30 earlier looks; values about 0.7 with a between-look SD
of 0, 0.02 or 0.1; standard errors uniform on (0.01, 0.08); the latest look at the baseline or 0.05-0.3 away;
alpha 0.05 or 0.01.

Run: .python-reference/bin/python benchmarks/python/control_limits_fixtures.py
"""
import json
import pathlib
import warnings

import numpy as np
import scipy
import statsmodels
from scipy import stats
from statsmodels.stats.meta_analysis import combine_effects

OUT = pathlib.Path(__file__).resolve().parents[2] / "Tests/StatisticsTests/Resources/control-limits-fixtures.json"


def case(seed):
    rng = np.random.default_rng(seed)
    k = [3, 5, 10, 30][seed % 4]
    tau = [0.0, 0.02, 0.1][seed % 3]
    se = rng.uniform(0.01, 0.08, k)
    y = 0.7 + rng.normal(0, tau, k) + rng.normal(0, se)
    latest_se = float(rng.uniform(0.01, 0.08))
    latest = 0.7 + [0.0, 0.05, 0.1, 0.3][seed % 4 if seed % 5 else 0] * (1 if seed % 2 else -1)
    alpha = [0.05, 0.01][seed % 2]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = combine_effects(y, se ** 2, method_re="dl")
    tau2 = max(0.0, float(result.tau2))
    w = 1 / (se ** 2 + tau2)
    mu = float(np.sum(w * y) / np.sum(w))
    var_mu = float(1 / np.sum(w))
    t = float(stats.t.ppf(1 - alpha / 2, k - 2))
    half = t * (tau2 + var_mu + latest_se ** 2) ** 0.5
    return {"seed": seed, "values": y.tolist(), "standardErrors": se.tolist(), "latest": latest, "latestStandardError": latest_se,
            "alpha": alpha, "tau2": tau2, "baseline": mu, "baselineStandardError": var_mu ** 0.5, "critical": t,
            "lower": mu - half, "upper": mu + half, "outside": bool(latest < mu - half or latest > mu + half)}


def main():
    cases = [case(seed) for seed in range(40)]
    environment = {"statsmodels": statsmodels.__version__, "scipy": scipy.__version__, "numpy": np.__version__}
    OUT.write_text(json.dumps({"environment": environment, "cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases ({sum(c['outside'] for c in cases)} outside) to {OUT}")


if __name__ == "__main__":
    main()
