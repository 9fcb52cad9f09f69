"""Independent check of SequentialFutility's conditional chances (issue #14, futility stopping).

For an estimate k_hat on n rows with standard error se (at the threshold theta), and a last look at N rows with
critical value c, the chance that the last look says *aligned* (or *not aligned*) if k_hat is the truth. Computed two
ways that share no code with the Swift rule: scipy's normal survival function on the final estimate's conditional
distribution, and a Monte Carlo that pools the n rows' estimate with N - n new rows whose own estimate has mean k_hat
and variance se^2 * n / (N - n), then compares the pooled estimate's interval (its SE se * sqrt(n / N)) with theta.
SequentialFutilityTests cites the printed values.

    /work/venvs/estimate/bin/python benchmarks/python/sequential_futility_check.py   (numpy 2.4.6, scipy 1.17.1; seeded)
"""
import numpy as np
from scipy.stats import norm

rng = np.random.default_rng(14)
CASES = [  # k_hat, theta, se, n, N, c
    (0.55, 0.6, 0.08, 100, 400, 2.571),
    (0.75, 0.6, 0.06, 120, 400, 2.571),
    (0.62, 0.6, 0.05, 200, 400, 2.571),
    (0.45, 0.6, 0.09, 60, 400, 2.571),
]
for k_hat, theta, se, n, N, c in CASES:
    t = n / N
    final_se = se * np.sqrt(t)
    spread = se * np.sqrt(t * (1 - t))
    up = norm.sf((theta + c * final_se - k_hat) / spread)
    down = norm.cdf((theta - c * final_se - k_hat) / spread)
    rest = rng.normal(k_hat, se * np.sqrt(n / (N - n)), 2_000_000)
    pooled = t * k_hat + (1 - t) * rest
    mc_up = np.mean(pooled - c * final_se >= theta)
    mc_down = np.mean(pooled + c * final_se < theta)
    print(f"{k_hat} {theta} {se} {n} {N} {c}: aligned {up:.6f} (MC {mc_up:.5f}), not aligned {down:.6f} (MC {mc_down:.5f})")
