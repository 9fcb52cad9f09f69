"""Neyman allocation spreads S_h for judge-stratified batches, by numeric differentiation (issue #14).

An implementation apart from the Swift one (KappaNeymanAllocation, which uses the closed-form per-cell
term of the Fleiss-Cohen-Everitt variance): here a row's influence on weighted kappa is the numeric
Gateaux derivative d/dt kappa((1 - t) P + t e_ij) at t = 0 (central differences, t = 1e-6), and S_h is
its standard deviation over the expert's level within judge level h (column h of P). Also prints the
smoothed table of a label count (one pseudo-row per judge level, spread as the Horvitz-Thompson
marginal of the labelled expert levels) and its spreads, unmoved. KappaNeymanAllocationTests checks
these numbers.

    python3 benchmarks/python/kappa_neyman_allocation.py   (numpy 2.4.6)
"""
import numpy as np


def weights(k, kind):
    i, j = np.indices((k, k))
    if kind == "quadratic":
        return 1 - ((i - j) / (k - 1)) ** 2
    if kind == "linear":
        return 1 - np.abs(i - j) / (k - 1)
    return (i == j).astype(float)


def kappa(p, w):
    r, c = p.sum(1), p.sum(0)
    po, pe = (w * p).sum(), (w * np.outer(r, c)).sum()
    return (po - pe) / (1 - pe)


def spreads(p, w, t=1e-6):
    k = p.shape[0]
    influence = np.zeros((k, k))
    for i in range(k):
        for j in range(k):
            e = np.zeros((k, k))
            e[i, j] = 1
            influence[i, j] = (kappa((1 - t) * p + t * e, w) - kappa((1 - t) * p - t * e + 2 * t * p, w)) / (2 * t)
    out = []
    for h in range(k):
        col = p[:, h]
        if col.sum() == 0:
            out.append(0.0)
            continue
        cond = col / col.sum()
        mean = (cond * influence[:, h]).sum()
        out.append(float(np.sqrt((cond * (influence[:, h] - mean) ** 2).sum())))
    return out


def smoothed(counts, shares):
    counts = np.array(counts, float)
    q = np.array(shares, float) / sum(shares)
    m = counts.sum(0)
    marginal = sum(q[h] * counts[:, h] / m[h] for h in range(len(q)) if m[h] > 0)
    marginal = marginal / marginal.sum()
    return np.array([[q[h] * (counts[i, h] + marginal[i]) / (m[h] + 1) for h in range(len(q))] for i in range(len(q))])


np.set_printoptions(precision=12)
study = 0.5 * np.outer([0.08, 0.17, 0.40, 0.35], [0.05, 0.13, 0.44, 0.38]) + 0.5 * np.array(
    [[0.05, 0.03, 0, 0], [0, 0.10, 0.07, 0], [0, 0, 0.37, 0.03], [0, 0, 0, 0.35]])
three = np.array([[0.20, 0.05, 0.01], [0.04, 0.30, 0.06], [0.02, 0.07, 0.25]])
binary = np.array([[0.15, 0.05], [0.10, 0.70]])
for name, p, kind in [("study 4x4", study, "quadratic"), ("three-level", three, "linear"), ("binary", binary, "unweighted")]:
    print(name, kind, "cells", p.flatten().tolist())
    print("  S_h", spreads(p, weights(p.shape[0], kind)))
counts = [[1, 0, 0, 0], [1, 2, 1, 0], [0, 1, 6, 2], [0, 0, 2, 5]]
shares = [3, 6, 20, 11]
table = smoothed(counts, shares)
print("labelled", counts, "shares", shares)
print("  smoothed cells", table.flatten().tolist())
print("  S_h quadratic, unmoved", spreads(table, weights(4, "quadratic")))
