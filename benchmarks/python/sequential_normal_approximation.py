"""The sequential design of docs/PLANNING.md in its normal approximation (issue #14).

The looks at 10, 20, ..., 400 rows are treated as a Brownian motion: Z_k = (mu * n_k + W(n_k)) / sqrt(n_k), with
the drift mu that gives each truth the fixed n it needs for 80% power, ((1.96 + 0.84) / mu)^2. Critical values are
found by Monte Carlo for a spending function alpha(t), t = n_k / 400, alpha = 0.025. For each design and drift it
prints the sequential power (a decisive look by 400 rows), the median rows at stop (400 when none decides), and the
fixed n with the same power (at most 99%), so the ratio the #14 target asks for. Not the study itself
(benchmarks/PlanningSimulation sequential is): an approximation that shows which design changes can matter.

    python3 benchmarks/python/sequential_normal_approximation.py   (numpy 2.4.6, scipy 1.17.1; seeded)
"""
import numpy as np
from scipy.stats import norm

rng = np.random.default_rng(1)
ALPHA = 0.025


def critical_values(sizes, spend, walks=400_000):
    n = np.array(sizes, float)
    steps = np.sqrt(np.diff(np.concatenate([[0], n])))
    z = np.cumsum(rng.standard_normal((walks, len(n))) * steps, axis=1) / np.sqrt(n)
    alive = np.ones(walks, bool)
    values, spent = [], 0.0
    for k, t in enumerate(n / 400):
        share, spent = spend(t) - spent, spend(t)
        cut = int(round(share * walks))
        ck = np.sort(z[alive, k])[::-1][cut]
        values.append(ck)
        alive &= z[:, k] < ck
    return np.array(values)


def run(sizes, c, mu, replications=20_000):
    n = np.array(sizes, float)
    steps = np.sqrt(np.diff(np.concatenate([[0], n])))
    z = (np.cumsum(rng.standard_normal((replications, len(n))) * steps, axis=1) + mu * n) / np.sqrt(n)
    decisive = np.abs(z) >= c
    first = np.where(decisive.any(1), decisive.argmax(1), len(n) - 1)
    return decisive.any(1).mean(), np.median(n[first])


pocock = lambda t: ALPHA * np.log(1 + (np.e - 1) * np.minimum(t, 1))
power_family = lambda r: (lambda t: ALPHA * np.minimum(t, 1) ** r)
designs = {
    "Pocock-type, every 10 rows": (list(range(10, 401, 10)), pocock),
    "Pocock-type, first look at 30": (list(range(30, 401, 10)), pocock),
    "Pocock-type, first look at 50": (list(range(50, 401, 10)), pocock),
    "alpha t^0.5, first look at 30": (list(range(30, 401, 10)), power_family(0.5)),
    "alpha t^0.3, first look at 30": (list(range(30, 401, 10)), power_family(0.3)),
}
for name, (sizes, spend) in designs.items():
    c = critical_values(sizes, spend)
    null_crossing, _ = run(sizes, c, 0.0)
    print(f"{name}: c_1 {c[0]:.2f}, c_last {c[-1]:.2f}, two-sided crossing at the threshold {null_crossing:.3f}")
    for truth, n80 in [(0.4, 198), (0.55, 2814), (0.65, 2389), (0.75, 210), (0.85, 42)]:
        mu = (1.96 + norm.ppf(0.8)) / np.sqrt(n80)
        power, median = run(sizes, c, mu)
        fixed = ((1.96 + norm.ppf(min(power, 0.99))) / mu) ** 2
        print(f"  {truth} (fixed n {n80} for 80%): power {power:.3f}, median {median:.0f}, "
              f"fixed n at that power {fixed:.0f}, ratio {median / fixed:.2f}")
