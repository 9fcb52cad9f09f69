"""Why PPI++ under-covers a rare level's share at n = 50 with a good judge
(docs/ESTIMATION.md, "Against the targets"), and how far two remedies go.

The simulation's 1–4 cell at quadratic kappa 0.85 (judge copies the expert with
probability a, else draws from the lenient noise distribution), n = 50
labelled of N = 5,000 rows, the share of level 1 (0.15). For each of 4,000
seeded replications it computes the PPI++ share exactly as ppi-python does and
counts coverage of the population share by:
- plugin: the normal interval with numpy's variances (ppi-python, the library);
- t_ddof1: a t quantile with n − 1 degrees of freedom and divisor n − 1;
- floor: as t_ddof1, with the rectifier variance at least 1/(n + 2), the
  variance one disagreement among n + 2 rows would give (add-one smoothing).
It also splits coverage by whether the 50 labelled rows hold any disagreement
at that level.

Usage: /work/venvs/estimate/bin/python benchmarks/python/ppi_small_n_check.py
Measured (numpy 2.4.6, scipy 1.17.1): plugin 0.731, t_ddof1 0.740, floor 0.918;
no disagreement in 23.7% of replications, coverage 0.143 there and 0.913 otherwise.
"""

import numpy as np
from scipy.stats import norm, t as tdist

EXPERT = np.array([0.15, 0.30, 0.35, 0.20])
NOISE = np.array([0.05, 0.20, 0.45, 0.30])


def quadratic_kappa(a):
    k = len(EXPERT)
    judge = a * EXPERT + (1 - a) * NOISE
    observed = chance = 0.0
    for i in range(k):
        for j in range(k):
            w = 1 - ((i - j) / (k - 1)) ** 2
            observed += w * EXPERT[i] * ((a if i == j else 0) + (1 - a) * NOISE[j])
            chance += w * EXPERT[i] * judge[j]
    return (observed - chance) / (1 - chance)


def agreement_for(target):
    low, high = 0.0, 1.0
    for _ in range(60):
        mid = (low + high) / 2
        low, high = (mid, high) if quadratic_kappa(mid) < target else (low, mid)
    return (low + high) / 2


def main(replications=4000, rows=5000, n=50, level=0, seed=1):
    rng = np.random.default_rng(seed)
    a = agreement_for(0.85)
    covered = {"plugin": 0, "t_ddof1": 0, "floor": 0}
    none = covered_none = covered_some = 0
    z, t = norm.ppf(0.975), tdist.ppf(0.975, n - 1)
    for _ in range(replications):
        expert = rng.choice(4, size=rows, p=EXPERT)
        judge = np.where(rng.random(rows) < a, expert, rng.choice(4, size=rows, p=NOISE))
        y, yhat, yu = (expert[:n] == level) * 1.0, (judge[:n] == level) * 1.0, (judge[n:] == level) * 1.0
        theta1 = yu.mean() + (y - yhat).mean()
        g, gh, gu = y - theta1, yhat - theta1, yu - theta1
        pooled = np.var(np.concatenate([gh, gu]), ddof=1)
        lam = np.clip(((g - g.mean()) * (gh - gh.mean())).mean() / ((1 + n / len(yu)) * pooled), 0, 1)
        estimate = lam * yu.mean() + (y - lam * yhat).mean()
        rectifier = y - lam * yhat
        imputed = np.var(lam * yu) / len(yu)
        error = abs(estimate - EXPERT[level])
        ok = error <= z * np.sqrt(imputed + np.var(rectifier) / n)
        covered["plugin"] += ok
        covered["t_ddof1"] += error <= t * np.sqrt(imputed + np.var(rectifier, ddof=1) / n)
        floored = max(np.var(rectifier, ddof=1), 1 / (n + 2))
        covered["floor"] += error <= t * np.sqrt(imputed + floored / n)
        if (y != yhat).sum() == 0:
            none += 1
            covered_none += ok
        else:
            covered_some += ok
    print(f"a = {a:.4f}, quadratic kappa {quadratic_kappa(a):.3f}")
    print({k: round(v / replications, 3) for k, v in covered.items()})
    print(f"no disagreement at the level in {none / replications:.3f} of replications; "
          f"plugin coverage {covered_none / max(none, 1):.3f} there, "
          f"{covered_some / max(replications - none, 1):.3f} otherwise")


if __name__ == "__main__":
    main()
