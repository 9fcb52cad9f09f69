"""Reference two-stage judge-to-expert maps (issue #31), written to
Tests/StatisticsTests/Resources/two-stage-fixtures.json, which
TwoStageMapReferenceTests.swift reads.

Two references on the same seeded data, neither written from the Swift code:

1. scikit-learn's own pipeline, on every training row (the full map), as CJE
   (Landesberg 2025) describes its two-stage calibrator:
   SplineTransformer(n_knots, degree=3, include_bias=False) on the judge's
   score and each covariate, RidgeCV(alphas=np.logspace(-3, 3, 13)) on those
   features (leave-one-out choice of alpha, the intercept unpenalised), with
   n_knots = min(max(5, n_splines), n // 4); the weighted ECDF mid-rank of the
   fitted g on the training rows, F(z) = (W(<= z) - w(z) / 2) / W at the largest
   training g at or below z (0 below all of them); and
   IsotonicRegression(y_min, y_max, out_of_bounds="clip") of the expert value
   on that rank. Recorded: n_knots, the chosen alpha, the intercept and
   coefficients, g and the rank of each training row, and the map at new
   points (clipped scores and covariates beyond the training range, training
   points themselves, ties).
2. cje-eval's own FlexibleCalibrator(mode="two_stage", n_splines,
   covariate_names).fit(S, Y, folds, covariates, sample_weight): predict() at
   the new points (the full map) and predict(S, folds, covariates) (each row
   through the map fitted without its fold). The folds are judgecal's: the ids
   sorted by the SHA-256 of "<seed>:<id>" (hex, then id) dealt round robin,
   with fewer folds when rows < 2K (max(2, n // 2)), as
   cross_fitted_map_fixtures.py. Below 20 training rows CJE falls back: a fold
   map ranks the judge's score itself, the full map is the isotonic map of the
   score; the small cases record that.

CJE requires expert values in [0, 1]; the cases on 1-5 are rescaled to [0, 1]
for it and its predictions mapped back (y = 1 + 4 u).

Run: /tmp/cjevenv/bin/python benchmarks/python/two_stage_fixtures.py
     (a venv with: pip install cje-eval==0.9.3; versions recorded in the output)
"""
import hashlib
import json
import logging
import pathlib
import warnings
from importlib import metadata

import numpy as np
from cje.calibration.flexible_calibrator import FlexibleCalibrator
from sklearn.isotonic import IsotonicRegression
from sklearn.linear_model import RidgeCV
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import SplineTransformer

OUT = pathlib.Path(__file__).resolve().parents[2] / "Tests/StatisticsTests/Resources/two-stage-fixtures.json"
warnings.simplefilter("ignore")
logging.disable(logging.WARNING)


def assignment(ids, folds, seed):
    keyed = sorted((hashlib.sha256(f"{seed}:{i}".encode()).hexdigest(), i) for i in ids)
    return {i: rank % folds for rank, (_, i) in enumerate(keyed)}


def ecdf(train, weights):
    """The weighted mid-rank ECDF, from its definition."""
    w = np.ones(len(train)) if weights is None else np.asarray(weights, float)
    values = np.unique(train)
    mass = np.array([w[train == v].sum() for v in values])
    below = np.cumsum(mass)
    mid = (below - mass / 2) / mass.sum()

    def f(z):
        out = []
        for value in np.atleast_1d(z):
            at = np.nonzero(values <= value)[0]
            out.append(mid[at[-1]] if len(at) else 0.0)
        return np.array(out)

    return f


def sklearn_pipeline(x, y, w, x_new, n_splines, low, high):
    n = len(y)
    n_knots = min(max(5, n_splines), n // 4)
    pipe = make_pipeline(
        SplineTransformer(n_knots=n_knots, degree=3, include_bias=False), RidgeCV(alphas=np.logspace(-3, 3, 13))
    )
    pipe.fit(x, y, **({} if w is None else {"ridgecv__sample_weight": w}))
    ridge = pipe.steps[1][1]
    g = pipe.predict(x)
    rank = ecdf(g, w)
    iso = IsotonicRegression(y_min=low, y_max=high, out_of_bounds="clip").fit(rank(g), y, sample_weight=w)
    return {
        "knotsUsed": n_knots,
        "alpha": float(ridge.alpha_),
        "intercept": float(ridge.intercept_),
        "coefficients": ridge.coef_.tolist(),
        "g": g.tolist(),
        "rank": rank(g).tolist(),
        "predictions": iso.predict(rank(pipe.predict(x_new))).tolist(),
    }


def case(name, seed, n, covariates=0, levels=None, weighted=False, n_splines=8, scale=(0.0, 1.0), folds=5, fold_seed=7):
    rng = np.random.default_rng(seed)
    low, high = scale
    quality = rng.uniform(0, 1, n)
    length = rng.gamma(3, 60, n).round()  # a response length in characters, raw
    extra = rng.normal(0, 1, n)
    # The judge rewards length; the experts do not, and the judge is non-monotone at the top.
    s = 4 * quality + 0.004 * length - 1.5 * np.maximum(quality - 0.8, 0) * 10 + rng.normal(0, 0.4, n)
    if levels is not None:
        s = np.clip(np.round(s), 1, levels)
    u = np.clip(quality + 0.2 * np.tanh(extra) * (covariates > 1) + rng.normal(0, 0.1, n), 0, 1)
    if levels is not None:
        u = np.round(u * 4) / 4  # expert values on a few levels: ties in y
    y = low + (high - low) * u
    cov_columns = [length, extra][:covariates]
    cov = np.column_stack(cov_columns) if covariates else None
    w = rng.uniform(0.5, 2.0, n) if weighted else None

    ids = [f"r-{i}" for i in range(n)]
    k = folds if n >= 2 * folds else max(2, n // 2)
    fold_of = assignment(ids, k, fold_seed)
    fold_array = np.array([fold_of[i] for i in ids])

    # New points: beyond the range both ways, every training point's first five, ties, and draws.
    m = 12
    s_new = np.concatenate([[s.min() - 1, s.max() + 1], s[:5], s[:2], rng.uniform(s.min(), s.max(), m)])
    if levels is not None:
        s_new = np.concatenate([[0, levels + 1], s[:5], s[:2], rng.integers(1, levels + 1, m).astype(float)])
    cov_new = None
    if covariates:
        new_cols = []
        for c in range(covariates):
            col = cov[:, c]
            new_cols.append(
                np.concatenate([[col.min() - 5, col.max() + 5], col[:5], col[:2], rng.uniform(col.min(), col.max(), m)])
            )
        cov_new = np.column_stack(new_cols)

    x = s.reshape(-1, 1) if cov is None else np.column_stack([s, cov])
    x_new = s_new.reshape(-1, 1) if cov is None else np.column_stack([s_new, cov_new])
    reference = sklearn_pipeline(x, y, w, x_new, n_splines, low, high) if n >= 20 else None

    names = ["response-length", "metadata.extra"][:covariates]
    calibrator = FlexibleCalibrator(mode="two_stage", n_splines=n_splines, covariate_names=names or None)
    u_cal = (y - low) / (high - low)
    calibrator.fit(s, u_cal, fold_array, covariates=cov, sample_weight=w)
    back = lambda v: (low + (high - low) * np.asarray(v)).tolist()  # noqa: E731
    cje = {
        "selectedMode": calibrator.selected_mode,
        "foldsWithoutCovariates": int(calibrator.n_folds_without_covariates or 0),
        "predictions": back(calibrator.predict(s_new, covariates=cov_new)),
        "outOfFold": back(calibrator.predict(s, folds=fold_array, covariates=cov)),
    }
    return {
        "name": name,
        "ids": ids,
        "scores": s.tolist(),
        "covariateNames": names,
        "covariates": [] if cov is None else cov.tolist(),
        "targets": y.tolist(),
        "weights": None if w is None else w.tolist(),
        "lowest": low,
        "highest": high,
        "knots": n_splines,
        "folds": folds,
        "seed": fold_seed,
        "foldsUsed": k,
        "newScores": s_new.tolist(),
        "newCovariates": [] if cov_new is None else cov_new.tolist(),
        "sklearn": reference,
        "cje": cje,
    }


cases = [
    case("judge score alone, 200 rows", 1, 200),
    case("response length, 300 rows", 2, 300, covariates=1),
    case("two covariates, weighted, 150 rows", 3, 150, covariates=2, weighted=True),
    case("levels 1-5 (ties), 120 rows", 4, 120, levels=5),
    case("levels with a covariate, 100 rows", 5, 100, covariates=1, levels=5),
    case("31 rows: 7 knots in full, 6 in each fold", 6, 31, covariates=1),
    case("24 rows: knots 6, some folds under 20 rows", 7, 24, covariates=1),
    case("14 rows: below 20, CJE's fallbacks", 8, 14, covariates=1),
    case("6 knots asked, 100 rows", 9, 100, covariates=1, n_splines=6),
    case("scale 1-5, weighted, 80 rows", 10, 80, covariates=1, weighted=True, scale=(1.0, 5.0)),
]

OUT.write_text(
    json.dumps(
        {
            "generator": "benchmarks/python/two_stage_fixtures.py",
            "versions": {p: metadata.version(p) for p in ["cje-eval", "scikit-learn", "numpy", "scipy"]},
            "cases": cases,
        },
        indent=1,
    )
    + "\n"
)
print(f"wrote {len(cases)} cases to {OUT}")
for c in cases:
    s = c["sklearn"]
    print(c["name"], c["cje"]["selectedMode"], c["cje"]["foldsWithoutCovariates"], s and (s["knotsUsed"], s["alpha"]))
