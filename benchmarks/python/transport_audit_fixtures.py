"""Reference transport audits, audit plans and chi-square probabilities
(issue #31), written to Tests/StatisticsTests/Resources/transport-audit-fixtures.json,
which TransportAuditReferenceTests.swift reads.

The reference is cje-eval 0.9.3 (PyPI; CJE, Landesberg 2025), run in its own
virtual environment (it pins its own NumPy and SciPy):

    python3 -m venv /tmp/cjevenv && /tmp/cjevenv/bin/pip install cje-eval==0.9.3
    /tmp/cjevenv/bin/python benchmarks/python/transport_audit_fixtures.py

- audits: cje.diagnostics.transport.audit_transportability on probe rows whose
  judge_score is the calibrated score, through an identity calibrator (so its
  residuals are expert - calibrated and its bins are on the calibrated score,
  as the toolkit's audit bins), each row its own cluster (prompt_id), weights
  where the case has them; 40 cases from numpy default_rng(seed): n of 1, 3,
  12, 25, 60 or 400, a true shift of 0, 0.1, 0.3 or 0.8, residual SD 0.2 to 1,
  margin none, 0.15, 0.3 or 0.6, alpha 0.05 or 0.1, family size 1 or 3,
  weights none or uniform on (0.5, 3), calibrated scores on [1, 5] rounded
  to a grid (ties) or continuous.
- pass probabilities: cje.diagnostics.audit_planning._pass_probability on a
  grid of n, sigma, bias, margin, alpha; and rows needed, from
  plan_transport_audits with one scenario (its per-audit power is the power).
- fail probabilities: no CJE function; computed here with scipy's quad and
  chi2.cdf from the formula in TransportAuditPlan's documentation, and
  checked against a 200,000-replication simulation of the t interval.
- chi2.cdf on a grid of x and degrees of freedom.
"""
import json
import math
import pathlib

import numpy as np
import scipy
from scipy import integrate, stats

from cje.diagnostics.audit_planning import AuditScenario, _pass_probability, plan_transport_audits
from cje.diagnostics.transport import audit_transportability
from cje.diagnostics.planning import CostModel

ROOT = pathlib.Path(__file__).resolve().parents[2]
OUT = ROOT / "Tests/StatisticsTests/Resources/transport-audit-fixtures.json"


class Identity:
    def predict(self, scores, covariates=None):
        return np.asarray(scores, float)


def audits():
    cases = []
    for seed in range(40):
        rng = np.random.default_rng(500 + seed)
        n = [1, 3, 12, 25, 60, 400][seed % 6]
        shift = [0, 0.1, 0.3, 0.8][seed % 4]
        sd = [0.2, 0.5, 1.0][seed % 3]
        margin = [None, 0.15, 0.3, 0.6][(seed // 4) % 4]
        alpha = [0.05, 0.1][seed % 2]
        family = [1, 3][(seed // 2) % 2]
        calibrated = rng.uniform(1, 5, n)
        if seed % 5 < 2:
            calibrated = np.round(calibrated * 2) / 2
        expert = calibrated + shift + rng.normal(0, sd, n)
        weights = None if seed % 3 == 0 else rng.uniform(0.5, 3, n)
        probes = [
            {"judge_score": float(c), "oracle_label": float(e), "prompt_id": f"p{i}",
             **({} if weights is None else {"sample_weight": float(weights[i])})}
            for i, (c, e) in enumerate(zip(calibrated, expert))
        ]
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            d = audit_transportability(Identity(), probes, bins=10, alpha=alpha, delta_max=margin, family_size=family)
        cases.append({
            "name": f"audit {seed}: n {n}, shift {shift}, sd {sd}, margin {margin}, alpha {alpha}, family {family}, weights {weights is not None}",
            "calibrated": calibrated.tolist(), "expert": expert.tolist(),
            "weights": None if weights is None else weights.tolist(),
            "margin": margin, "alpha": alpha, "familySize": family,
            "status": d.status, "meanResidual": d.delta_hat, "standardError": d.delta_se,
            "lower": d.delta_ci[0], "upper": d.delta_ci[1], "effectiveRows": d.effective_clusters,
            "smallestMarginPassed": d.min_margin_for_pass, "detectableBias": d.detectable_bias_80,
            "binMeans": [None if math.isnan(v) else v for v in d.decile_residuals], "binCounts": d.decile_counts,
        })
    return cases


def fail_probability(n, sd, bias, margin, alpha):
    if n < 2:
        return 0.0
    if sd == 0:
        return float(abs(bias) > margin)
    scale = max(sd, abs(bias), margin)
    sd, bias, margin = sd / scale, bias / scale, margin / scale
    se = sd / math.sqrt(n)
    t = stats.t.ppf(1 - alpha / 2, n - 1)

    def f(z):
        slack = max(0.0, abs(bias + se * z) - margin)
        return stats.norm.pdf(z) * stats.chi2.cdf((n - 1) * (slack / (t * se)) ** 2, n - 1)

    points = sorted(p for p in [-bias / se, (margin - bias) / se, (-margin - bias) / se] if -12 < p < 12)
    edges = [-12.0] + points + [12.0]
    return min(1.0, sum(integrate.quad(f, a, b, epsabs=1e-11, limit=200)[0] for a, b in zip(edges, edges[1:])))


def simulated_fail(n, sd, bias, margin, alpha, reps=200_000, seed=1):
    rng = np.random.default_rng(seed)
    x = rng.normal(bias, sd, (reps, n))
    m, s = x.mean(1), x.std(1, ddof=1)
    h = stats.t.ppf(1 - alpha / 2, n - 1) * s / math.sqrt(n)
    return float(np.mean((m - h > margin) | (m + h < -margin)))


def probabilities():
    out = []
    for n in [2, 5, 20, 60, 200]:
        for sd in [0.3, 1.0]:
            for bias in [0.0, 0.1, 0.25, 0.5]:
                for margin in [0.2, 0.4]:
                    for alpha in [0.05, 0.1]:
                        scenario = AuditScenario(residual_sd=sd, delta_max=margin, assumed_bias=bias)
                        out.append({"rows": n, "residualSD": sd, "bias": bias, "margin": margin, "alpha": alpha,
                                    "pass": _pass_probability(n, scenario, alpha),
                                    "fail": fail_probability(n, sd, bias, margin, alpha)})
    return out


def simulated():
    out = []
    for n, sd, bias, margin in [(20, 0.5, 0.4, 0.2), (60, 1.0, 0.5, 0.2), (30, 0.3, 0.25, 0.2)]:
        out.append({"rows": n, "residualSD": sd, "bias": bias, "margin": margin, "alpha": 0.05,
                    "fail": fail_probability(n, sd, bias, margin, 0.05), "simulated": simulated_fail(n, sd, bias, margin, 0.05)})
    return out


def plans():
    out = []
    for sd, bias, margin, power, alpha in [(0.5, 0.0, 0.2, 0.8, 0.05), (1.0, 0.05, 0.3, 0.9, 0.05), (0.8, 0.1, 0.15, 0.8, 0.1),
                                           (0.4, 0.0, 0.5, 0.8, 0.05), (0.6, 0.2, 0.2, 0.8, 0.05), (0.3, 0.0, 0.02, 0.8, 0.05)]:
        plan = plan_transport_audits({"p": AuditScenario(residual_sd=sd, delta_max=margin, assumed_bias=bias)},
                                     calibration_labels=0, cost_model=CostModel(oracle_cost=1.0), alpha=alpha, power=power)
        p = plan.policies["p"]
        out.append({"residualSD": sd, "bias": bias, "margin": margin, "power": power, "alpha": alpha,
                    "rowsNeeded": p.required_clusters, "reason": p.reason})
    return out


def chi_square():
    return [{"x": x, "degrees": k, "cdf": float(stats.chi2.cdf(x, k))}
            for k in [1, 2, 3, 7.5, 19, 60, 399] for x in [1e-6, 0.01, 0.5, 1, 2.5, 7, 20, 55, 80, 400, 450]]


def finite(value):
    """Non-finite numbers (the interval of a single row) as the strings "inf", "-inf" and "nan"."""
    if isinstance(value, float) and not math.isfinite(value):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finite(v) for v in value]
    return value


def main():
    data = {"cje": "0.9.3", "scipy": scipy.__version__, "numpy": np.__version__, "audits": audits(),
            "probabilities": probabilities(), "simulated": simulated(), "plans": plans(), "chiSquare": chi_square()}
    OUT.write_text(json.dumps(finite(data), allow_nan=False) + "\n")
    print(f"written to {OUT.relative_to(ROOT)}: {len(data['audits'])} audits, {len(data['probabilities'])} probabilities")


if __name__ == "__main__":
    main()
