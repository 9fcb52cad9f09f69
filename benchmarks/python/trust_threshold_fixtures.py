"""Reference thresholds for selective trust (issue #30), written to
Tests/StatisticsTests/Resources/trust-threshold-fixtures.json, which
TrustThresholdReferenceTests.swift reads.

The reference is the released code of Jung, Brahman & Choi, "Trust or
Escalate: LLM Judges with Provable Guarantees for Human Agreement" (ICLR 2025),
github.com/jaehunjung1/cascaded-selective-evaluation at 1b969f2,
cascaded_evaluation/util.py, class SelectiveClassificationUtil: candidate
thresholds on a 5,000-point grid of [0, 1] that keep at least 30 rows, an exact
binomial upper bound on the error of the rows kept (scipy's brentq on
binom.cdf), fixed-sequence testing from the highest threshold down. Its file is
not part of this project: give its path (from a checkout of that repository)
as the first argument. It is imported unchanged; it imports torch for six
tensor operations, which a small numpy stand-in provides here (float32, as
torch.Tensor is), so that the reference runs without installing PyTorch.

Each case: n calibration rows (200 to 1,000), a confidence per row on a
0.001 grid (so the reference's grid separates every two distinct values) and
whether the judge agreed with the experts, drawn from numpy's default_rng with
the case's seed (written as whole thousandths, and agreement as a string of 0s
and 1s, to keep the file small), with a confidence that is informative (P(agree) = c),
weakly informative (0.5 + 0.5 c) or uninformative (0.75); risk alpha 0.1, 0.15
or 0.2; error delta 0.1. Written: the rows, alpha, delta, the reference's
threshold, the rows it keeps (confidence >= threshold, in float32 as the
reference compares), and whether the reference found no threshold (its bound
at the highest candidate above alpha, where it returns that candidate anyway).

The reference counts a candidate's disagreements as risk * n in floating point
and binom.cdf floors it, so where that product falls just below the whole number
(4/98 * 98 = 3.9999999999999996) one disagreement goes uncounted and the bound is
too low. Also written: the rows kept by the reference with that count made exact
(a subclass overriding selective_risk to return a fraction), which the Swift code
must equal everywhere; the released code's own count where they differ is kept too.
"""
import importlib.util
import json
from fractions import Fraction
import sys
import types

import numpy as np
from scipy.stats import binom

if len(sys.argv) != 3:
    sys.exit("usage: trust_threshold_fixtures.py PATH/TO/cascaded_evaluation/util.py OUTPUT.json")


class _Tensor(np.ndarray):
    """The part of torch.Tensor the reference uses: numpy semantics, .size(dim)."""

    def size(self, dim=None):  # noqa: D401 - torch's name
        shape = np.ndarray.__getattribute__(self, "shape")
        return shape if dim is None else shape[dim]


def _tensor(values):
    return np.asarray(values, dtype=np.float32).view(_Tensor)


torch = types.ModuleType("torch")
torch.Tensor = _tensor
torch.linspace = lambda start, end, steps: np.linspace(start, end, steps, dtype=np.float32).view(_Tensor)
torch.flip = lambda values, dims: values[::-1]
sys.modules["torch"] = torch

spec = importlib.util.spec_from_file_location("reference_util", sys.argv[1])
reference = importlib.util.module_from_spec(spec)
spec.loader.exec_module(reference)


class ExactCount(reference.SelectiveClassificationUtil):
    """The reference with its one floating-point slip removed: it bounds the error of the rows kept
    from risk * n, which for some (k, n) falls just below the whole number k (4/98 * 98 =
    3.9999999999999996), and binom.cdf floors it, so one disagreement goes uncounted. Returning the
    risk as an exact fraction makes risk * n exactly k; nothing else changes."""

    def selective_risk(self, lam):
        wrong = int((self.cal_yhats[self.cal_phats >= lam] != self.cal_labels[self.cal_phats >= lam]).sum())
        return _ExactShare(Fraction(wrong, int(self.n_lambda(lam))))


class _ExactShare:
    """A share whose product with a count is computed exactly, then given to scipy as a float."""

    def __init__(self, share):
        self.share = share

    def __mul__(self, count):
        return float(self.share * int(count))


designs = {
    "informative": lambda c: c,
    "weak": lambda c: 0.5 + 0.5 * c,
    "uninformative": lambda c: np.full_like(c, 0.75),
}
cases = []
for index in range(200):
    rng = np.random.default_rng(30_000 + index)
    design = list(designs)[index % 3]
    n = int(rng.choice([200, 500, 1000]))
    alpha = [0.1, 0.15, 0.2][(index // 3) % 3]
    delta = 0.1
    confidence = np.round(rng.uniform(0.5, 1.0, n), 3)
    agrees = rng.uniform(size=n) < designs[design](confidence)
    util = reference.SelectiveClassificationUtil(
        cal_phats=_tensor(confidence), cal_yhats=_tensor(np.zeros(n)), cal_labels=_tensor(np.where(agrees, 0.0, 1.0)),
        delta=delta)
    threshold = float(util.lambda_hat(alpha=alpha))
    kept = int((confidence.astype(np.float32) >= np.float32(threshold)).sum())
    exact = ExactCount(cal_phats=util.cal_phats, cal_yhats=util.cal_yhats, cal_labels=util.cal_labels, delta=delta)
    kept_exact = int((confidence.astype(np.float32) >= np.float32(exact.lambda_hat(alpha=alpha))).sum())
    none_exact = bool(exact.selective_risk_upper_bound(exact.lambdas[-1]) > alpha)
    top = util.lambdas[-1]
    none = bool(util.selective_risk_upper_bound(top) > alpha)
    # The reference's bound is brentq's root of binom.cdf(k, n, r) = delta; check it is the exact
    # (Clopper-Pearson) upper bound the Swift code computes, at the highest candidate.
    errors = int((~agrees[confidence.astype(np.float32) >= top]).sum())
    trials = int((confidence.astype(np.float32) >= top).sum())
    assert abs(binom.cdf(errors, trials, util.selective_risk_upper_bound(top)) - delta) < 1e-9
    cases.append({
        "name": f"{index:03d} {design} n={n} alpha={alpha}",
        "confidenceMilli": [int(round(c * 1000)) for c in confidence], "agrees": "".join("1" if a else "0" for a in agrees),
        "alpha": alpha, "delta": delta,
        "threshold": threshold, "kept": kept, "keptExactCount": kept_exact, "none": none,
        "noneExactCount": none_exact,
    })

with open(sys.argv[2], "w") as out:
    json.dump({"reference": "jaehunjung1/cascaded-selective-evaluation@1b969f2 cascaded_evaluation/util.py",
               "cases": cases}, out, separators=(",", ":"))
    out.write("\n")
print(f"wrote {len(cases)} cases; no threshold in {sum(c['none'] for c in cases)}")
