"""Reference calibrated means (issue #31), written to
Tests/StatisticsTests/Resources/calibrated-mean-fixtures.json, which
CalibratedMeanReferenceTests.swift reads.

Written from the description in CalibratedMeanEstimate's documentation, not
from the Swift code, with scikit-learn for the maps and PyPI `ppi-python` for
the correction:

- the map: scikit-learn's IsotonicRegression(out_of_bounds="clip", y_min=1,
  y_max=5) fitted on a calibration set (ids "c-<i>"), its K fold maps on the
  rows outside each fold, folds the ids sorted by the SHA-256 of
  "<seed>:<id>" (hex, then id) dealt round robin (as
  cross_fitted_map_fixtures.py);
- the calibrated mean of a later run: the mean of the full map over every
  judged row, its variance s^2/N (sample variance) plus the delete-a-fold
  jackknife (K-1)/K * sum_k (theta_k - mean)^2 of the same mean through each
  fold map, and a 95% t interval on the Welch-Satterthwaite degrees of freedom
  that cje-eval's own `combine_cluster_and_oracle` gives for those two parts
  (N - 1 and K - 1 degrees of freedom; its df rounded to two decimals, as
  judgecal keeps it);
- the corrected mean: `ppi_py.ppi_mean_ci` and `ppi_mean_pointestimate`
  (lam=None, alpha=0.05) with the fresh labels as Y, their calibrated scores as
  Yhat and the unlabelled rows' calibrated scores as Yhat_unlabeled; the lambda
  `ppi_py.ppi._calc_lam_glm` gives (as ppi_mean_ci computes it); the jackknife
  of the PPI point estimate at that lambda through each fold map, added to the
  square of ppi-python's standard error (half the interval / 1.959964); and a
  95% t interval on `combine_cluster_and_oracle`'s degrees of freedom for
  ppi-python's part on n - 1 and the jackknife on K - 1.

- the calibrated pass rate at each level t of 2-5: the same with the pass
  map, IsotonicRegression(y_min=0, y_max=1) of 1{y >= t} on the calibration
  set with the same folds, and 1{y >= t} of the fresh labels as Y;
- the calibrated share at each level l of 1-5: each row's chances of a pass
  at 2-5 (through the full map, or through fold map k) sorted in decreasing
  order, framed by 1 and 0, and differenced (F_l - F_{l+1}); then the same
  with 1{y = l} of the fresh labels as Y.

Cases (numpy default_rng(seed)): expert values on 1-5; a judge that reads
them with a monotone distortion plus noise, rounded to levels or kept
continuous; calibration sets of 40 or 200 rows; later runs of 300 or 2000
rows, shifted by 0 or 0.4 in the judge's score; 12 or 60 fresh labels.

Run: /tmp/ppivenv/bin/python benchmarks/python/calibrated_mean_fixtures.py
     (a venv with: pip install ppi-python scikit-learn cje-eval; versions recorded in the output)
"""
import hashlib
import json
import pathlib
from importlib import metadata

import numpy as np
import ppi_py
from ppi_py.ppi import _calc_lam_glm
from cje.diagnostics.robust_inference import combine_cluster_and_oracle
from scipy import stats
from sklearn.isotonic import IsotonicRegression

OUT = pathlib.Path(__file__).resolve().parents[2] / "Tests/StatisticsTests/Resources/calibrated-mean-fixtures.json"
Z = 1.959963984540054


def assignment(ids, folds, seed):
    keyed = sorted((hashlib.sha256(f"{seed}:{i}".encode()).hexdigest(), i) for i in ids)
    return {i: rank % folds for rank, (_, i) in enumerate(keyed)}


def judge(rng, y, shift, rounded):
    s = 1 + 4 * ((y - 1) / 4) ** 0.7 + rng.normal(0, 0.6, len(y)) + shift
    s = np.clip(s, 1, 5)
    return np.round(s) if rounded else s


def case(seed, n_cal, n_run, n_fresh, shift, rounded, folds=5, map_seed=3):
    rng = np.random.default_rng(seed)
    y_cal = rng.integers(1, 6, n_cal).astype(float)
    s_cal = judge(rng, y_cal, 0.0, rounded)
    ids = [f"c-{i}" for i in range(n_cal)]
    k = folds if n_cal >= 2 * folds else max(2, n_cal // 2)
    fold = assignment(ids, k, map_seed)
    fit = lambda mask: IsotonicRegression(out_of_bounds="clip", y_min=1, y_max=5).fit(s_cal[mask], y_cal[mask])
    full = fit(np.ones(n_cal, bool))
    maps = [fit(np.array([fold[i] != f for i in ids])) for f in range(k)]

    y_run = rng.integers(1, 6, n_run).astype(float)
    s_run = judge(rng, y_run, shift, rounded)
    fresh = rng.choice(n_run, n_fresh, replace=False)
    labelled = np.zeros(n_run, bool)
    labelled[fresh] = True
    # The Swift sample holds the labelled rows first, then the unlabelled, each in run order.
    order = np.concatenate([np.flatnonzero(labelled), np.flatnonzero(~labelled)])
    y_l, s_l, s_u = y_run[labelled], s_run[labelled], s_run[~labelled]

    value = figures(full.predict, [m.predict for m in maps], s_run[order], y_l, s_l, s_u, k)
    fit01 = lambda mask, t: IsotonicRegression(out_of_bounds="clip", y_min=0, y_max=1).fit(
        s_cal[mask], (y_cal[mask] >= t).astype(float))
    everything = np.ones(n_cal, bool)
    in_fold = [np.array([fold[i] != f for i in ids]) for f in range(k)]
    passes = {t: (fit01(everything, t), [fit01(m, t) for m in in_fold]) for t in range(2, 6)}
    pass_rates = [dict(level=t, **figures(passes[t][0].predict, [m.predict for m in passes[t][1]], s_run[order],
                                          (y_l >= t).astype(float), s_l, s_u, k)) for t in range(2, 6)]

    def share(l, fold=None):
        def read(s):
            chances = np.column_stack([(passes[t][0] if fold is None else passes[t][1][fold]).predict(s) for t in range(2, 6)])
            cumulative = np.column_stack([np.ones(len(s)), -np.sort(-chances, axis=1), np.zeros(len(s))])
            return cumulative[:, l - 1] - cumulative[:, l]
        return read

    shares = [dict(level=l, **figures(share(l), [share(l, f) for f in range(k)], s_run[order], (y_l == l).astype(float), s_l, s_u, k))
              for l in range(1, 6)]
    return {
        "name": f"seed {seed}: {n_cal} calibration rows, run of {n_run}, {n_fresh} fresh, shift {shift}, "
        + ("levels" if rounded else "continuous"),
        "calibration": {"ids": ids, "scores": s_cal.tolist(), "targets": y_cal.tolist(), "folds": folds, "seed": map_seed},
        "expert": y_l.tolist(), "judge": s_l.tolist(), "judgeUnlabelled": s_u.tolist(),
        **value, "passRates": pass_rates, "shares": shares,
    }


def figures(full, folds, s_all, y_l, s_l, s_u, k):
    """The calibrated and corrected means of Y through a map `full` (a function of the score) and its fold maps."""
    f_all = full(s_all)
    n_run = len(s_all)
    jack = np.array([m(s_all).mean() for m in folds])
    v_map = (k - 1) / k * float(np.sum((jack - jack.mean()) ** 2))
    var = float(np.var(f_all, ddof=1)) / n_run + v_map
    calibrated = float(f_all.mean())

    fy_l, fy_u = full(s_l), full(s_u)
    point = float(np.ravel(ppi_py.ppi_mean_pointestimate(y_l, fy_l, fy_u, lam=None))[0])
    lo, hi = ppi_py.ppi_mean_ci(y_l, fy_l, fy_u, alpha=0.05, lam=None)
    theta1 = float(np.ravel(ppi_py.ppi_mean_pointestimate(y_l, fy_l, fy_u, lam=1))[0])
    lam = float(np.ravel(_calc_lam_glm(
        (y_l - theta1)[:, None], (fy_l - theta1)[:, None], (fy_u - theta1)[:, None], np.eye(1), coord=None, clip=True,
        optim_mode="overall"))[0])
    se = float(np.ravel(hi)[0] - np.ravel(lo)[0]) / (2 * Z)
    thetas = np.array([float(np.ravel(ppi_py.ppi_mean_pointestimate(y_l, m(s_l), m(s_u), lam=lam))[0]) for m in folds])
    v_map_c = (k - 1) / k * float(np.sum((thetas - thetas.mean()) ** 2))
    half = interval(var - v_map, n_run - 1, v_map, k)
    half_c = interval(se * se, len(y_l) - 1, v_map_c, k)
    return {
        "calibrated": calibrated, "calibratedLower": calibrated - half, "calibratedUpper": calibrated + half,
        "calibratedMapVariance": v_map,
        "lambda": lam, "corrected": point, "correctedMapVariance": v_map_c,
        "correctedLower": point - half_c, "correctedUpper": point + half_c,
    }


def interval(sampling_variance, sampling_df, jackknife_variance, folds):
    """Half the 95% interval: t on cje-eval's Welch-Satterthwaite df (to two decimals) times the combined SE."""
    se, df = combine_cluster_and_oracle(sampling_variance ** 0.5, sampling_df, jackknife_variance, folds)
    return float(stats.t.ppf(0.975, round(df, 2))) * se


def main():
    cases = []
    for i, (n_cal, n_run, n_fresh, shift, rounded) in enumerate(
        [(40, 300, 12, 0.0, True), (200, 300, 60, 0.0, True), (200, 2000, 60, 0.4, True), (40, 2000, 12, 0.4, False),
         (200, 300, 60, 0.0, False), (200, 2000, 12, 0.0, False)]):
        cases.append(case(100 + i, n_cal, n_run, n_fresh, shift, rounded))
    environment = {p: metadata.version(p) for p in ["ppi-python", "scikit-learn", "numpy", "cje-eval", "scipy"]}
    OUT.write_text(json.dumps({"environment": environment, "cases": cases}, indent=1) + "\n")
    print(f"wrote {len(cases)} cases to {OUT}")


if __name__ == "__main__":
    main()
