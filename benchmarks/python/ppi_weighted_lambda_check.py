"""Where the weighted 1-4 PPI++ mean's small-sample bias at n = 50 comes from
(issue #13; docs/ESTIMATION.md, "Limits"), and a candidate remedy.

The design is CorrectionSimulation's 1-4 cell at quadratic kappa 0.85 with a
stratified draw: experts (0.15, 0.30, 0.35, 0.20), a judge that gives the
expert's level with probability a (bisection) and otherwise a level from
(0.05, 0.20, 0.45, 0.30); N = 5,000 rows, each labelled independently with
probability pi proportional to 4, 2, 1, 1 by the judge's level, n = 50 expected
(StratifiedDraw.swift). Labelled rows are weighted 1/pi, unlabelled 1/(1 - pi)
(Hajek means), lambda is PPI++'s power tuning as ppi-python computes it, and
the interval is the linearised variance with a normal quantile (the library's
small-sample interval adds pseudo-rows and a t quantile on top; its bias is
the same). Three ways of choosing lambda, 3,000 draws each, seed 11:

- tuned on the labelled rows (what PPI++ does);
- fixed (0.75, and 1): no bias, so the bias is not the Hajek ratio's;
- cross-fitted: the labelled rows split at random in two folds, each row's
  rectifier Y - lambda Yhat using the lambda tuned on the other fold, the
  unlabelled term the folds' weighted mean lambda. A row's lambda is then
  independent of the row, which removes the covariance behind the bias.

Run: python3 benchmarks/python/ppi_weighted_lambda_check.py  (numpy only).
Measured with numpy 2.4.6 (bias, coverage of the run mean, median width):
tuned -0.0109 / 0.880 / 0.316; fixed 0.75 -0.0027 / 0.909 / 0.313; fixed 1
-0.0002 / 0.866 / 0.317; cross-fitted -0.0008 / 0.940 / 0.404. The coverage
differences at fixed lambda are the plain interval's (which the library's
small-sample interval widens); the bias is what the tuning adds.
"""
import numpy as np

pe = np.array([0.15, 0.30, 0.35, 0.20])
noise = np.array([0.05, 0.20, 0.45, 0.30])
levels = np.arange(1, 5.0)
oversampling = np.array([4, 2, 1, 1.0])
N, n = 5000, 50


def kappa(a):
    m = a * np.eye(4) + (1 - a) * noise[None, :]
    joint = pe[:, None] * m
    w = 1 - np.subtract.outer(levels, levels) ** 2 / 9
    chance = (w * np.outer(pe, joint.sum(0))).sum()
    return ((w * joint).sum() - chance) / (1 - chance)


lo, hi = 0.0, 1.0
for _ in range(60):
    mid = (lo + hi) / 2
    lo, hi = (mid, hi) if kappa(mid) < 0.85 else (lo, mid)
a = lo


def tuned_lambda(y, yhat, w, yhat_u, w_u):
    wn, wun = w / w.mean(), w_u / w_u.mean()
    theta1 = (wun * yhat_u).mean() + (wn * (y - yhat)).mean()
    g, gh, gt = wn * (y - theta1), wn * (yhat - theta1), wun * (yhat_u - theta1)
    cov = ((g - g.mean()) * (gh - gh.mean())).mean()
    var = np.var(np.concatenate([gh, gt]), ddof=1)
    return 0.0 if var <= 0 else min(1.0, max(0.0, cov / ((1 + len(y) / len(yhat_u)) * var)))


def estimate(y, yhat, w, yhat_u, w_u, lam_rows):
    """Hajek PPI mean with a lambda per labelled row, and its linearised standard error."""
    r = y - lam_rows * yhat
    mr = (w * r).sum() / w.sum()
    vr = (w**2 * (r - mr) ** 2).sum() / w.sum() ** 2
    lam_u = (w * lam_rows).sum() / w.sum()
    mu = (w_u * yhat_u).sum() / w_u.sum()
    vu = (w_u**2 * (yhat_u - mu) ** 2).sum() / w_u.sum() ** 2
    return mr + lam_u * mu, np.sqrt(vr + lam_u**2 * vu)


for method in ["tuned", 0.75, 1.0, "cross-fitted"]:
    rng = np.random.default_rng(11)
    results = []
    for _ in range(3000):
        e = rng.choice(4, N, p=pe)
        j = np.where(rng.random(N) < a, e, rng.choice(4, N, p=noise))
        y_all, yhat_all = levels[e], levels[j]
        pi = n * oversampling[j] / oversampling[j].sum()
        lab = rng.random(N) < pi
        y, yhat, w = y_all[lab], yhat_all[lab], 1 / pi[lab]
        yhat_u, w_u = yhat_all[~lab], 1 / (1 - pi[~lab])
        if method == "tuned":
            lam_rows = np.full(len(y), tuned_lambda(y, yhat, w, yhat_u, w_u))
        elif method == "cross-fitted":
            fold = rng.permutation(len(y)) % 2
            lams = [tuned_lambda(y[fold != k], yhat[fold != k], w[fold != k], yhat_u, w_u) for k in (0, 1)]
            lam_rows = np.array([lams[f] for f in fold])
        else:
            lam_rows = np.full(len(y), method)
        est, se = estimate(y, yhat, w, yhat_u, w_u, lam_rows)
        truth = y_all.mean()
        results.append((est - truth, abs(est - truth) <= 1.96 * se, 2 * 1.96 * se))
    r = np.array(results)
    print(f"lambda {method}: bias {r[:, 0].mean():+.4f}, coverage {r[:, 1].mean():.3f}, median width {np.median(r[:, 2]):.3f}")
