"""Why the Rogan-Gladen interval under-covers on a stratified draw at n = 50
(issue #13; docs/ESTIMATION.md, "Rogan-Gladen: a Beta posterior"), and a
candidate that does not.

The design is CorrectionSimulation's binary cell at quadratic kappa 0.85:
experts P(pass) = 0.6, a judge that gives the expert's verdict with
probability a (found by bisection) and otherwise passes with probability 0.85;
N = 5,000 rows, each labelled independently with probability pi proportional
to 3 (judge fails) or 1 (judge passes), n = 50 expected (StratifiedDraw.swift).

1. The delta interval of the weighted Rogan-Gladen estimate (as RunPassRate
   computes it): its coverage of the run's expert pass rate, the empirical SD
   of the estimate against the mean and RMS of its standard error, and the
   mean of the three variance terms (p, Se, Sp). The SE is right on average;
   the misses come from draws with no labelled false pass: the false passes
   are judge-pass rows, drawn at a third of the rate, so the about 32
   labelled expert-fail rows hold none in 19% of draws; Sp then reads 1 with
   variance 0, the interval rests on p and Se alone and covers 0.3% of the
   time, against 100% in the draws with one false pass or more (counted with
   the same draws, separately).
2. A candidate: within each judge stratum the inclusion probability is
   constant, so the labelled rows there are a simple random sample; the run's
   pass rate is sum_j q_j r_j with q_j the judge's share at level j over every
   row and r_j = P(expert pass | judge j), each r_j drawn from
   Beta(x_j + 1/2, m_j - x_j + 1/2) (Jeffreys) on the stratum's own counts.
   With weights that depend only on the judge's level this is the same point
   estimate as Rogan-Gladen (p = theta Se + (1 - theta)(1 - Sp) holds exactly
   for the stratum-based Se and Sp).

Run: python3 benchmarks/python/rg_stratified_check.py  (numpy only; seeded).
Measured with numpy 2.4.6: (1) coverage 0.8065 over 2,000 draws, empirical
SD 0.0527, mean SE 0.0487, RMS SE 0.0542, variance terms 6.9e-05 / 3.4e-04 /
2.5e-03; (2) coverage 0.973 over 1,000 draws, median width 0.173 (the delta
interval's median width in CorrectionSimulation is 0.183).
"""
import numpy as np

rng = np.random.default_rng(1)
pe = np.array([0.4, 0.6])
noise = np.array([0.15, 0.85])


def kappa(a):
    m = a * np.eye(2) + (1 - a) * noise[None, :]
    joint = pe[:, None] * m
    weights = 1 - np.subtract.outer([0, 1], [0, 1]) ** 2
    po = (weights * joint).sum()
    pc = (weights * np.outer(pe, joint.sum(0))).sum()
    return (po - pc) / (1 - pc)


lo, hi = 0.0, 1.0
for _ in range(60):
    mid = (lo + hi) / 2
    lo, hi = (mid, hi) if kappa(mid) < 0.85 else (lo, mid)
a, N, n = lo, 5000, 50


def draw():
    e = (rng.random(N) < 0.6).astype(int)
    j = np.where(rng.random(N) < a, e, (rng.random(N) < 0.85).astype(int))
    s = np.where(j == 0, 3.0, 1.0)
    pi = n * s / s.sum()
    return e, j, pi, rng.random(N) < pi


def share(x, w):
    t = w.sum()
    m = (w * x).sum() / t
    return m, (w**2 * (x - m) ** 2).sum() / t**2


covered, errors, ses, parts = [], [], [], []
for _ in range(2000):
    e, j, pi, lab = draw()
    w, wu = 1 / pi[lab], 1 / (1 - pi[~lab])
    el, jl = e[lab], j[lab]
    p, vp = share(j[~lab], wu)
    se, vse = share(jl[el == 1], w[el == 1])
    sp, vsp = share(1 - jl[el == 0], w[el == 0])
    jj = se + sp - 1
    theta = (p + sp - 1) / jj
    terms = (vp / jj**2, theta**2 * vse / jj**2, (1 - theta) ** 2 * vsp / jj**2)
    sd = np.sqrt(sum(terms))
    errors.append(theta - e.mean())
    ses.append(sd)
    parts.append(terms)
    covered.append(abs(theta - e.mean()) <= 1.96 * sd)
print("delta: coverage", np.mean(covered), "empirical SD", np.std(errors), "mean SE", np.mean(ses),
      "RMS SE", np.sqrt(np.mean(np.square(ses))), "variance terms (p, Se, Sp)", np.mean(parts, axis=0))

rng = np.random.default_rng(2)
covered, widths = [], []
for _ in range(1000):
    e, j, pi, lab = draw()
    q1 = j.mean()
    draws = np.zeros(2000)
    for level, q in ((0, 1 - q1), (1, q1)):
        m = (lab & (j == level)).sum()
        x = (lab & (j == level) & (e == 1)).sum()
        draws += q * rng.beta(x + 0.5, m - x + 0.5, 2000)
    low, high = np.percentile(draws, [2.5, 97.5])
    covered.append(low <= e.mean() <= high)
    widths.append(high - low)
print("per judge stratum, Beta posterior: coverage", np.mean(covered), "median width", np.median(widths))
