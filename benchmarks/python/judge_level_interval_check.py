"""Coverage of the correction by judge level (post-stratified) for pass rates and level shares, two intervals.

The design of CorrectionSimulation (docs/ESTIMATION.md): experts' levels p, a judge that gives the expert's
level with probability a and otherwise a lenient level b, a set so that the population quadratic kappa is the
target; N = 5,000 rows, the first n labelled. The estimate is sum_j q_j r_j, q_j the judge's share of the run at
level j and r_j the share of labelled rows at judge level j in the class (passing, or at one level). Intervals:

- "jeffreys": percentiles of sum_j q_j r_j over 1,000 draws of each r_j from Beta(c_j + 1/2, n_j - c_j + 1/2);
- "small-sample": the library's (JudgeLevelShare): influence values u_i = n q_j (x_i - r_j) / n_j, variance
  (sum u^2 + 2) / (n (n + 1)) plus q_j^2 / 4 per judge level with no labelled row, t with n - 1 df, clipped.

Prints coverage of the run's value, bias and median width, and the experts-only small-sample width for the
ratio. numpy and scipy; seeded (numpy 2.4.6, scipy 1.17.1 when written).
"""
import sys
import numpy as np
from scipy import stats

def kappa(p, b, a):
    k = len(p)
    q = a * p + (1 - a) * b
    w = 1 - ((np.arange(k)[:, None] - np.arange(k)[None, :]) / (k - 1)) ** 2
    m = a * np.eye(k) + (1 - a) * b[None, :]
    return ((w * p[:, None] * m).sum() - (w * p[:, None] * q[None, :]).sum()) / (1 - (w * p[:, None] * q[None, :]).sum())

def agreement(p, b, target):
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if kappa(p, b, mid) < target else (lo, mid)
    return (lo + hi) / 2

def run(scale, p, b, pass_at, target, n, reps, rng, N=5000, B=1000):
    k = len(p)
    a = agreement(p, b, target)
    t = stats.t.ppf(0.975, n - 1)
    out = {}
    for _ in range(reps):
        e = rng.choice(k, size=N, p=p)
        j = np.where(rng.random(N) < a, e, rng.choice(k, size=N, p=b))
        q = np.bincount(j, minlength=k) / N
        el, jl = e[:n], j[:n]
        truth_levels = np.bincount(e, minlength=k) / N
        classes = {"pass": (el >= pass_at, truth_levels[pass_at:].sum())}
        if k > 2:
            classes.update({f"level {l + 1}": (el == l, truth_levels[l]) for l in range(k)})
        for name, (x, truth) in classes.items():
            x = x.astype(float)
            nj = np.bincount(jl, minlength=k)
            cj = np.bincount(jl, weights=x, minlength=k)
            empty = share_empty = 0.5 if name == "pass" else 1 / k
            r = np.where(nj > 0, cj / np.maximum(nj, 1), share_empty)
            point = (q * r).sum()
            # small-sample
            u = n * q[jl] * (x - r[jl]) / nj[jl]
            var = ((u ** 2).sum() + 2) / (n * (n + 1)) + (q[nj == 0] ** 2).sum() / 4
            se = np.sqrt(var)
            lo, hi = max(0, point - t * se), min(1, point + t * se)
            # experts only, small-sample
            xb = x.mean()
            ese = np.sqrt((((x - xb) ** 2).sum() + 2) / (n * (n + 1)))
            # jeffreys posterior
            g1 = rng.gamma(cj + 0.5, size=(B, k))
            g2 = rng.gamma(nj - cj + 0.5, size=(B, k))
            draws = (q * g1 / (g1 + g2)).sum(1)
            plo, phi = np.quantile(draws, [0.025, 0.975])
            for label, (l, h) in {"small-sample": (lo, hi), "jeffreys": (plo, phi)}.items():
                tally = out.setdefault((name, label), [0, [], [], []])
                tally[0] += l <= truth <= h
                tally[1].append(point - truth)
                tally[2].append(h - l)
                tally[3].append(min(1, xb + t * ese) - max(0, xb - t * ese))
    for (name, label), (cov, err, wid, ewid) in sorted(out.items()):
        print(f"{scale} k{target} n{n} {name:8s} {label:13s} cover {cov / reps:.3f} bias {np.mean(err):+.4f} "
              f"width {np.median(wid):.4f} ratio {np.median(wid) / np.median(ewid):.2f}", flush=True)

if __name__ == "__main__":
    reps = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    sizes = [int(s) for s in sys.argv[2].split(",")] if len(sys.argv) > 2 else [50]
    rng = np.random.default_rng(13)
    for n in sizes:
        for target in (0.3, 0.6, 0.85):
            run("binary", np.array([0.4, 0.6]), np.array([0.15, 0.85]), 1, target, n, reps, rng)
            run("1-4", np.array([0.15, 0.30, 0.35, 0.20]), np.array([0.05, 0.20, 0.45, 0.30]), 2, target, n, reps, rng)
