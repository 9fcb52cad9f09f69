"""Reference values for the corrected run estimates (issue #13), computed by the
published implementations and written to
Tests/StatisticsTests/Resources/correction-fixtures.json, which the
Swift tests in CorrectionReferenceTests.swift read.

- PPI++ mean (prediction-powered inference with power tuning): PyPI
  `ppi-python`, `ppi_py.ppi_mean_pointestimate` and `ppi_py.ppi_mean_ci` with
  `lam=None` (λ estimated and clipped to [0, 1]) and `alpha=0.05`: the
  library's default alpha is 0.1 (a 90% interval), so it is passed explicitly;
  `alternative` is left at its default, "two-sided". The λ the library uses is
  recorded too, computed by its own `ppi_py.ppi._calc_lam_glm` exactly as
  `ppi_mean_ci` calls it (gradients at the λ = 1 point estimate, identity
  inverse Hessian, clip=True).
- Rogan–Gladen pass rate: PyPI `judgy`, `judgy.estimate_success_rate` with its
  defaults (20,000 bootstrap iterations, confidence_level 0.95), numpy's global
  generator seeded with `np.random.seed(case seed)` before each call so the
  bootstrap interval is reproducible. Cases where judgy raises record the
  error message instead of numbers.

Every input is generated here from a seed (numpy's default_rng), so the file
is reproduced exactly by rerunning the script with the versions it records.

Usage:  /work/venvs/estimate/bin/python benchmarks/python/correction_fixtures.py
        (a venv with: pip install ppi-python judgy; versions are recorded in
        the output's "environment")
"""

import json
import sys
from importlib import metadata
from pathlib import Path

import numpy as np
import judgy
import ppi_py
from ppi_py.ppi import _calc_lam_glm

OUTPUT = (
    Path(__file__).resolve().parents[2]
    / "Tests/StatisticsTests/Resources/correction-fixtures.json"
)
ALPHA = 0.05


def ordinal_pairs(rng, count, levels, accuracy, shift=0):
    """Expert levels 1…levels drawn from a fixed skewed distribution; the judge
    copies the expert with probability `accuracy`, otherwise moves one level
    (towards the middle more often than not), then is shifted by `shift` and
    clipped onto the scale."""
    base = np.array([0.15, 0.30, 0.35, 0.20]) if levels == 4 else np.array([0.4, 0.6])
    expert = rng.choice(np.arange(1, levels + 1), size=count, p=base)
    copy = rng.random(count) < accuracy
    step = rng.choice([-1, 1], size=count)
    judge = np.where(copy, expert, expert + step) + shift
    judge = np.clip(judge, 1, levels)
    return expert.astype(float), judge.astype(float)


def ppi_case(case_id, seed, levels, n, big_n, accuracy, weighted=False, shift=0, transform=None, note=""):
    rng = np.random.default_rng(seed)
    y, yhat = ordinal_pairs(rng, n, levels, accuracy, shift)
    _, yhat_unlabeled = ordinal_pairs(rng, big_n, levels, accuracy, shift)
    if transform is not None:
        y, yhat, yhat_unlabeled = transform(rng, y, yhat, yhat_unlabeled)
    w = rng.uniform(0.5, 3.0, size=n) if weighted else None
    w_unlabeled = rng.uniform(0.5, 3.0, size=big_n) if weighted else None
    point = ppi_py.ppi_mean_pointestimate(y, yhat, yhat_unlabeled, lam=None, w=w, w_unlabeled=w_unlabeled)
    lower, upper = ppi_py.ppi_mean_ci(
        y, yhat, yhat_unlabeled, alpha=ALPHA, lam=None, w=w, w_unlabeled=w_unlabeled
    )
    # λ as ppi_mean_ci computes it (its weights normalised to mean 1 first).
    wn = ppi_py.utils.construct_weight_vector(n, w, vectorized=True)
    wun = ppi_py.utils.construct_weight_vector(big_n, w_unlabeled, vectorized=True)
    theta1 = ppi_py.ppi_mean_pointestimate(y, yhat, yhat_unlabeled, lam=1, w=wn, w_unlabeled=wun)
    lam = _calc_lam_glm(
        wn * (y[:, None] - theta1), wn * (yhat[:, None] - theta1), wun * (yhat_unlabeled[:, None] - theta1),
        np.eye(1), coord=None, clip=True, optim_mode="overall",
    )
    case = {
        "id": case_id,
        "note": note,
        "seed": seed,
        "expert": y.tolist(),
        "judge": yhat.tolist(),
        "judgeUnlabelled": yhat_unlabeled.tolist(),
        "level": 1 - ALPHA,
        "expected": {
            "pointEstimate": float(np.asarray(point).ravel()[0]),
            "lower": float(np.asarray(lower).ravel()[0]),
            "upper": float(np.asarray(upper).ravel()[0]),
            "lambda": float(lam),
        },
    }
    if weighted:
        case["weights"] = w.tolist()
        case["weightsUnlabelled"] = w_unlabeled.tolist()
    return case


def judgy_case(case_id, seed, n, big_n, sensitivity, specificity, prevalence, note="", labels=None):
    rng = np.random.default_rng(seed)
    if labels is None:
        truth = (rng.random(n) < prevalence).astype(int)
    else:
        truth = np.array(labels, dtype=int)
    def judge(t):
        u = rng.random(t.size)
        return np.where(t == 1, u < sensitivity, u >= specificity).astype(int)
    preds = judge(truth)
    unlabeled_truth = (rng.random(big_n) < prevalence).astype(int)
    unlabeled = judge(unlabeled_truth)
    case = {
        "id": case_id,
        "note": note,
        "seed": seed,
        "expertPass": truth.tolist(),
        "judgePass": preds.tolist(),
        "judgePassUnlabelled": unlabeled.tolist(),
        "level": 0.95,
    }
    np.random.seed(seed)
    try:
        theta, lower, upper = judgy.estimate_success_rate(truth, preds, unlabeled)
        case["expected"] = {"pointEstimate": theta, "lower": lower, "upper": upper}
    except (ValueError, RuntimeError) as error:
        case["expectedError"] = str(error)
    return case


def uncorrelated(rng, y, yhat, yhat_unlabeled):
    """A judge whose labelled scores are a random permutation: λ near or at 0."""
    return y, rng.permutation(yhat), yhat_unlabeled


def anticorrelated(rng, y, yhat, yhat_unlabeled):
    """A judge that reverses the scale: the covariance is negative and λ clips to 0."""
    return y, 5 - y, 5 - yhat_unlabeled


def compressed(rng, y, yhat, yhat_unlabeled):
    """A judge that squeezes the scale towards 2.5: λ above 1 before clipping."""
    return y, 2.5 + 0.3 * (y - 2.5), 2.5 + 0.3 * (yhat_unlabeled - 2.5)


def compact(value):
    """Integral floats as integers, so that the level scores read as 1, 2, 3, 4."""
    if isinstance(value, float) and value.is_integer() and abs(value) < 2**53:
        return int(value)
    if isinstance(value, list):
        return [compact(v) for v in value]
    if isinstance(value, dict):
        return {k: (v if k == "expected" else compact(v)) for k, v in value.items()}
    return value


def compact_json(document):
    """One case a line: readable in a diff, and a tenth of the size of an indented dump."""
    lines = ["{"]
    for key, value in document.items():
        if isinstance(value, list):
            cases = ",\n".join("  " + json.dumps(compact(case), separators=(",", ":")) for case in value)
            lines.append(f' {json.dumps(key)}: [\n{cases}\n ],')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value)},")
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join(lines) + "\n}\n"


def main():
    ppi_cases = []
    seed = 100
    for levels in (2, 4):
        for n, big_n in ((10, 50), (30, 1000), (200, 5000), (1000, 2000)):
            for accuracy in (0.5, 0.8, 0.95):
                seed += 1
                ppi_cases.append(ppi_case(
                    f"ppi-{levels}levels-n{n}-N{big_n}-acc{accuracy}", seed, levels, n, big_n, accuracy,
                    note="ordinal judge copying the expert with the given probability"))
        seed += 1
        ppi_cases.append(ppi_case(
            f"ppi-{levels}levels-shifted", seed, levels, 150, 3000, 0.8, shift=1,
            note="judge biased one level up, clipped onto the scale"))
        for n, big_n in ((40, 400), (300, 3000)):
            seed += 1
            ppi_cases.append(ppi_case(
                f"ppi-{levels}levels-weighted-n{n}", seed, levels, n, big_n, 0.8, weighted=True,
                note="per-row weights on both samples (normalised to mean 1 by the library)"))
    for name, transform in (("uncorrelated", uncorrelated), ("anticorrelated", anticorrelated),
                            ("compressed", compressed)):
        seed += 1
        ppi_cases.append(ppi_case(f"ppi-4levels-{name}", seed, 4, 60, 600, 0.8, transform=transform,
                                  note=transform.__doc__))

    judgy_cases = []
    seed = 500
    for n, big_n in ((20, 200), (50, 5000), (200, 5000), (800, 5000)):
        for sens, spec in ((0.7, 0.6), (0.85, 0.8), (0.97, 0.95)):
            seed += 1
            judgy_cases.append(judgy_case(
                f"rg-n{n}-N{big_n}-sens{sens}-spec{spec}", seed, n, big_n, sens, spec, 0.6,
                note="binary judge with the given sensitivity and specificity, prevalence 0.6"))
    seed += 1
    judgy_cases.append(judgy_case("rg-perfect-judge", seed, 100, 1000, 1.0, 1.0, 0.6,
                                  note="a judge that never errs: the correction is the identity"))
    seed += 1
    judgy_cases.append(judgy_case("rg-clipped-high", seed, 60, 400, 0.7, 0.9, 0.98,
                                  note="nearly every row passes: the corrected rate can exceed 1 and is clipped"))
    seed += 1
    judgy_cases.append(judgy_case("rg-worse-than-chance", seed, 100, 1000, 0.4, 0.5, 0.5,
                                  note="sensitivity + specificity < 1: the correction is undefined"))
    seed += 1
    judgy_cases.append(judgy_case("rg-no-expert-failures", seed, 30, 300, 0.9, 0.9, 0.5, labels=[1] * 30,
                                  note="every labelled row passes: specificity is undefined"))

    document = {
        "generatedBy": "benchmarks/python/correction_fixtures.py",
        "environment": {
            "python": sys.version.split()[0],
            "ppi-python": metadata.version("ppi-python"),
            "judgy": metadata.version("judgy"),
            "numpy": metadata.version("numpy"),
            "scipy": metadata.version("scipy"),
            "statsmodels": metadata.version("statsmodels"),
        },
        "calls": {
            "ppi": "ppi_py.ppi_mean_pointestimate(Y, Yhat, Yhat_unlabeled, lam=None, w=w, w_unlabeled=w_unlabeled); "
                   "ppi_py.ppi_mean_ci(Y, Yhat, Yhat_unlabeled, alpha=0.05, lam=None, w=w, w_unlabeled=w_unlabeled) "
                   "(alternative: default 'two-sided'; w, w_unlabeled None unless the case lists weights); "
                   "lambda: ppi_py.ppi._calc_lam_glm(w*(Y-theta1), w*(Yhat-theta1), w_u*(Yhat_unlabeled-theta1), "
                   "np.eye(1), clip=True) with theta1 the lam=1 estimate and weights normalised to mean 1",
            "judgy": "np.random.seed(case seed); judgy.estimate_success_rate(test_labels, test_preds, unlabeled_preds) "
                     "(defaults: bootstrap_iterations=20000, confidence_level=0.95)",
        },
        "ppiMean": ppi_cases,
        "roganGladen": judgy_cases,
    }
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text(compact_json(document))
    print(f"wrote {len(ppi_cases)} PPI cases and {len(judgy_cases)} Rogan–Gladen cases to {OUTPUT}")
    print(json.dumps(document["environment"]))


if __name__ == "__main__":
    main()
