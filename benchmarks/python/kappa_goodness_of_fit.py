"""Donner & Eliasziw's (1992) goodness-of-fit sample size for kappa, computed with scipy (issue #14).

An implementation apart from the Swift one (KappaSampleSize.goodnessOfFitRows, ChiSquareOneDegree):
the noncentrality comes from scipy's noncentral chi-square (ncx2.sf, solved with brentq) and the
critical value from chi2.ppf, not from the normal distribution. Two raters, two categories, common
positive share pi; cells P1 = pi^2 + pi(1-pi)k, P2 = 2 pi(1-pi)(1-k), P3 = (1-pi)^2 + pi(1-pi)k;
n = ceil(lambda / sum (P(k1) - P(k0))^2 / P(k0)), alpha = 0.05 (the chi-square test is two-sided).
Prints the noncentral chi-square tail on a grid, lambda for 80% and 90% power, and the sample sizes
on the grid of null and true kappas and shares that KappaSampleSizeTests checks.

    python3 benchmarks/python/kappa_goodness_of_fit.py   (numpy 2.4.6, scipy 1.17.1)
"""
import math

from scipy.optimize import brentq
from scipy.stats import chi2, ncx2

ALPHA = 0.05
CRITICAL = chi2.ppf(1 - ALPHA, 1)


def noncentrality(power):
    return brentq(lambda lam: ncx2.sf(CRITICAL, 1, lam) - power, 1e-9, 100, xtol=1e-14, rtol=1e-15)


def cells(kappa, share):
    spread = share * (1 - share)
    return [share**2 + spread * kappa, 2 * spread * (1 - kappa), (1 - share) ** 2 + spread * kappa]


def rows(null, truth, share, power):
    effect = sum((a - b) ** 2 / b for a, b in zip(cells(truth, share), cells(null, share)))
    return math.ceil(noncentrality(power) / effect * (1 - 1e-12))


print(f"chi2.ppf(0.95, 1) = {CRITICAL:.12f}")
print("ncx2.sf(x, 1, lambda):")
for x in (0.5, 3.841458820694124, 10.0):
    print("  x = %.6f: " % x + ", ".join(f"{lam:g} -> {ncx2.sf(x, 1, lam):.12e}" for lam in (0.0, 1.0, 7.849, 25.0)))
for power in (0.8, 0.9):
    print(f"lambda(power {power}) = {noncentrality(power):.12f}")
print("kappa0 kappa1 pi: n(80%) n(90%)")
for null in (0.0, 0.4, 0.5, 0.6, 0.7):
    for truth in (0.4, 0.5, 0.6, 0.7, 0.8, 0.9):
        if truth <= null:
            continue
        for share in (0.1, 0.3, 0.5):
            print(f"{null:.1f} {truth:.1f} {share:.1f}: {rows(null, truth, share, 0.8)} {rows(null, truth, share, 0.9)}")
