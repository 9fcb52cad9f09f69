"""Reference ordinal prediction sets for per-row prediction sets (issue #30),
written to Tests/StatisticsTests/Resources/ordinal-prediction-sets-fixtures.json,
which OrdinalPredictionSetsReferenceTests.swift reads.

The reference is written here from the paper, not from the Swift code: Lu,
Angelopoulos, Bates & Kalpathy-Cramer, "Improving trustworthiness of AI disease
severity rating in medical imaging with ordinal conformal prediction sets"
(MICCAI 2022), section 2.2, Ordinal Adaptive Prediction Sets, non-randomised.
A row's probabilities are renormalised; its sets grow from the most probable
level, adding the neighbour of larger probability (ties to the lower level);
a calibration score is the mass of the first such set holding the true level;
q-hat is the ceil((n+1)(1-alpha))-th smallest score (none when that exceeds n,
and the set is then the whole scale); a new row's set is the first with mass
>= q-hat, extended over following levels whose mass stays <= q-hat ("reaching"),
or the levels scoring <= q-hat, else the most probable level ("scoreAtMost").
Masses are capped at 1 and the whole scale's is 1. Here the
sets are found by enumerating every contiguous interval [lo, hi] that is
reachable greedily rather than by walking the path: an interval of width w is
on the path when it holds the argmax and its two possible parents' choice
leads to it, which is checked by brute force over all K(K+1)/2 intervals.

Cases: K in {2, 3, 5, 7}; n in {5, 12, 40, 120, 250}; alpha in {0.05, 0.1,
0.2}; probabilities from Dirichlet draws around a latent level, some rounded
to a 0.05 grid (ties, zeros), the others to six decimals, some scaled by a factor in [0.6, 1.4] (not
summing to 1); 40 test rows per case.

Run: /tmp/mapie-venv/bin/python benchmarks/python/ordinal_prediction_sets_fixtures.py
"""
import json
import math
import pathlib

import numpy as np

OUT = pathlib.Path(__file__).resolve().parents[2] / "Tests/StatisticsTests/Resources/ordinal-prediction-sets-fixtures.json"


def normalise(p):
    total = 0.0
    for x in p:  # summed from the lowest level up, as a row's probabilities are
        total += x
    return [x / total for x in p]


def argmax_lowest(p):
    best = 0
    for j in range(len(p)):
        if p[j] > p[best]:
            best = j
    return best


def greedy_intervals(p):
    """The greedy path as the set of intervals on it, found interval by interval:
    [lo, hi] is on the path when it is the argmax alone, or when one of its two
    parents ([lo+1, hi] or [lo, hi-1]) is on the path and chooses it."""
    k = len(p)
    top = argmax_lowest(p)
    on_path = {(top, top)}
    for width in range(2, k + 1):
        for lo in range(0, k - width + 1):
            hi = lo + width - 1
            for parent, added_low in (((lo + 1, hi), True), ((lo, hi - 1), False)):
                if parent not in on_path:
                    continue
                plo, phi = parent
                below = p[plo - 1] if plo > 0 else -math.inf
                above = p[phi + 1] if phi < k - 1 else -math.inf
                if (below >= above) == added_low:
                    on_path.add((lo, hi))
    path = sorted(on_path, key=lambda t: t[1] - t[0])
    masses, mass, prev = [], 0.0, None
    for lo, hi in path:  # masses summed in the order levels are added, capped at 1
        if prev is None:
            mass = p[lo]
        else:
            mass = min(1.0, mass + (p[lo] if lo < prev[0] else p[hi]))
        masses.append(mass)
        prev = (lo, hi)
    masses[-1] = 1.0  # the whole scale's mass is 1 (not an ulp either side)
    return path, masses


def score(p, level):
    path, masses = greedy_intervals(p)
    for (lo, hi), m in zip(path, masses):
        if lo <= level <= hi:
            return m
    raise AssertionError("the path ends with the whole scale")


def prediction_set(p, q, rule):
    path, masses = greedy_intervals(p)
    if q is None:
        return path[-1], masses[-1]
    if rule == "scoreAtMost":
        # the levels scoring <= q: the union of the path's intervals with mass <= q, else the argmax
        inside = [i for i, m in enumerate(masses) if m <= q]
        end = max(inside) if inside else 0
        return path[end], masses[end]
    crossing = next(i for i, m in enumerate(masses) if m >= q)
    end = crossing
    while end + 1 < len(path) and masses[end + 1] <= q:
        end += 1
    return path[end], masses[end]


def draw_row(rng, k, style):
    latent = rng.uniform(-0.5, k - 0.5)
    weights = np.exp(-((np.arange(k) - latent) ** 2) / (2 * rng.uniform(0.3, 1.5) ** 2))
    p = rng.dirichlet(weights * rng.uniform(2, 20) + 0.05)
    level = int(min(k - 1, max(0, round(latent + rng.normal(0, 0.7)))))
    if style == "grid":
        p = np.round(p / 0.05) * 0.05
    elif style == "scaled":
        p = np.round(p * rng.uniform(0.6, 1.4), 6)
    else:
        p = np.round(p, 6)
    if p.sum() == 0:
        p[int(rng.integers(k))] = 1.0
    return [float(x) for x in p], level


def case(seed):
    rng = np.random.default_rng(seed)
    k = int(rng.choice([2, 3, 5, 7]))
    n = int(rng.choice([5, 12, 40, 120, 250]))
    alpha = float(rng.choice([0.05, 0.1, 0.2]))
    style = ["plain", "grid", "scaled"][seed % 3]
    calibration = [draw_row(rng, k, style) for _ in range(n)]
    test = [draw_row(rng, k, style)[0] for _ in range(40)]
    scores = [score(normalise(p), y) for p, y in calibration]
    rank = math.ceil((n + 1) * (1 - alpha) - 1e-9)
    q = sorted(scores)[rank - 1] if rank <= n else None
    sets = [prediction_set(normalise(p), q, "reaching") for p in test]
    at_most = [prediction_set(normalise(p), q, "scoreAtMost") for p in test]
    return {
        "seed": seed,
        "levels": k,
        "alpha": alpha,
        "style": style,
        "calibration": [p for p, _ in calibration],
        "calibrationLevels": [y for _, y in calibration],
        "test": test,
        "scores": scores,
        "rank": rank,
        "threshold": q,
        "sets": [[lo, hi, m] for (lo, hi), m in sets],
        "setsScoreAtMost": [[lo, hi, m] for (lo, hi), m in at_most],
    }


def main():
    cases = [case(seed) for seed in range(90)]
    OUT.write_text(json.dumps({"numpy": np.__version__, "cases": cases}) + "\n")
    whole = sum(c["threshold"] is None for c in cases)
    print(f"wrote {len(cases)} cases ({whole} with too few rows for alpha) to {OUT}")


if __name__ == "__main__":
    main()
