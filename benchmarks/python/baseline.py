"""The agreement benchmark's Python baseline: the same statistics on the same
ratings, computed the way a user of the Python stack would compute them.

Per dimension: drop the rows where either rating is missing, then
scikit-learn's cohen_kappa_score (unweighted, linear, quadratic),
krippendorff.alpha (ordinal), irrCAC's Gwet AC2 (quadratic weights),
scipy.stats.spearmanr and scipy.stats.kendalltau; the bootstrap resamples the
items with numpy and recomputes all seven. Where the full number of resamples
would take too long, R resamples are run and the time is scaled per resample
(the output says so). Prints one JSON document on stdout.
"""

import argparse
import json
import os
import platform
import time

from importlib import metadata

import krippendorff
import numpy as np
import pandas as pd
import threadpoolctl
from irrCAC.raw import CAC
from scipy import stats
from sklearn.metrics import cohen_kappa_score

LABELS = [1, 2, 3, 4]
DIMENSIONS = ["accuracy", "completeness", "tone", "usefulness"]
NAMES = ["kappa", "kappa_linear", "kappa_quadratic", "alpha_ordinal", "ac2_quadratic", "spearman", "kendall_tau_b"]
STATISTICS = [
    lambda e, j: cohen_kappa_score(e, j, labels=LABELS),
    lambda e, j: cohen_kappa_score(e, j, labels=LABELS, weights="linear"),
    lambda e, j: cohen_kappa_score(e, j, labels=LABELS, weights="quadratic"),
    lambda e, j: krippendorff.alpha(
        reliability_data=np.vstack([e, j]), level_of_measurement="ordinal", value_domain=LABELS
    ),
    lambda e, j: CAC(pd.DataFrame({"expert": e, "judge": j}), weights="quadratic", categories=LABELS, digits=17)
    .gwet()["est"]["coefficient_value"],
    lambda e, j: stats.spearmanr(e, j).statistic,
    lambda e, j: stats.kendalltau(e, j).statistic,
]


def timing(seconds):
    s = sorted(seconds)
    m = len(s) // 2
    median = s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2
    return {"median": median, "minimum": s[0], "maximum": s[-1], "repeats": len(s)}


def timed(function):
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def complete_pairs(frame, dimension):
    pairs = frame[[f"expert_{dimension}", f"judge_{dimension}"]].dropna()
    return pairs.iloc[:, 0].to_numpy(dtype=np.int64), pairs.iloc[:, 1].to_numpy(dtype=np.int64)


def point_estimates(frame):
    """The seven statistics for every dimension, and the seconds each statistic took in all."""
    by_statistic = [0.0] * len(NAMES)
    dimensions = []
    for dimension in DIMENSIONS:
        e, j = complete_pairs(frame, dimension)
        values = []
        for s, statistic in enumerate(STATISTICS):
            seconds, value = timed(lambda: float(statistic(e, j)))
            by_statistic[s] += seconds
            values.append(value)
        dimensions.append({
            "dimension": dimension,
            "pairs": int(len(e)),
            "statistics": [{"name": n, "estimate": v} for n, v in zip(NAMES, values)],
        })
    return dimensions, by_statistic


def bootstrap(frame, resamples, seed):
    """Resamples the items of each dimension with replacement and recomputes the set."""
    rng = np.random.default_rng(seed)
    replicates = []
    for dimension in DIMENSIONS:
        e, j = complete_pairs(frame, dimension)
        n = len(e)
        for _ in range(resamples):
            index = rng.integers(0, n, n)
            replicates.append([statistic(e[index], j[index]) for statistic in STATISTICS])
    return replicates


def measure_size(rows, data_dir, repeats, resamples, full_resamples, seed):
    path = os.path.join(data_dir, f"ratings-{rows}.csv")
    read = []
    for _ in range(repeats):
        seconds, frame = timed(lambda: pd.read_csv(path))
        read.append(seconds)
    points, by_statistic, per_resample = [], [], []
    for _ in range(repeats):
        seconds, (dimensions, statistic_seconds) = timed(lambda: point_estimates(frame))
        points.append(seconds)
        by_statistic.append(statistic_seconds)
        seconds, _ = timed(lambda: bootstrap(frame, resamples, seed))
        per_resample.append(seconds / resamples)
    full = [p + full_resamples * r for p, r in zip(points, per_resample)]
    return {
        "rows": rows,
        "readCSV": timing(read),
        "pointEstimates": timing(points),
        "pointSecondsByStatistic": {
            n: float(np.median([b[s] for b in by_statistic])) for s, n in enumerate(NAMES)
        },
        "perResample": timing(per_resample),
        "resamplesRun": resamples,
        "scaled": resamples < full_resamples,
        "total": timing(full),
        "dimensions": dimensions,
    }


def measure_continuous(rows, data_dir, repeats):
    frame = pd.read_csv(os.path.join(data_dir, f"continuous-{rows}.csv"))
    x, y = frame["expert"].to_numpy(), frame["judge"].to_numpy()
    kendall, spearman = [], []
    for _ in range(repeats):
        seconds, tau = timed(lambda: stats.kendalltau(x, y).statistic)
        kendall.append(seconds)
        seconds, rho = timed(lambda: stats.spearmanr(x, y).statistic)
        spearman.append(seconds)
    return {
        "rows": rows,
        "kendallTauB": timing(kendall),
        "spearman": timing(spearman),
        "kendallValue": float(tau),
        "spearmanValue": float(rho),
    }


def pairs_of_ints(text):
    """'10000:100,1000000:2' -> {10000: 100, 1000000: 2}"""
    return {int(a): int(b) for a, b in (item.split(":") for item in text.split(","))}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data-dir", required=True, help="where AgreementBenchmarks wrote the CSV files")
    parser.add_argument("--sizes", default="10000,1000000")
    parser.add_argument("--continuous", type=int, default=1_000_000)
    parser.add_argument("--resamples", default="10000:100,1000000:2",
                        help="rows:R, the resamples actually run at each size (scaled to --full-resamples)")
    parser.add_argument("--repeats", default="10000:5,1000000:3", help="rows:repeats at each size")
    parser.add_argument("--full-resamples", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    resamples = pairs_of_ints(args.resamples)
    repeats = pairs_of_ints(args.repeats)
    report = {
        "stack": "python",
        "versions": {"python": platform.python_version()} | {
            name: metadata.version(name) for name in ("numpy", "scipy", "scikit-learn", "krippendorff", "irrCAC", "pandas")
        },
        "blas": [
            {k: info.get(k) for k in ("internal_api", "version", "architecture", "num_threads")}
            | {"library": os.path.basename(os.path.dirname(info.get("filepath", "")))}  # numpy.libs, scipy.libs
            for info in threadpoolctl.threadpool_info()
        ],
        "openblasEnvironment": {k: os.environ.get(k) for k in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")},
        "bootstrap": "items resampled with numpy (rng.integers), all seven statistics recomputed per resample",
        "fullResamples": args.full_resamples,
        "loadBefore": list(os.getloadavg()),
        "sizes": [],
    }
    for rows in (int(s) for s in args.sizes.split(",")):
        report["sizes"].append(measure_size(
            rows, args.data_dir, repeats.get(rows, 3), min(resamples.get(rows, 2), args.full_resamples),
            args.full_resamples, args.seed))
    report["continuous"] = measure_continuous(args.continuous, args.data_dir, repeats.get(args.continuous, 3))
    report["loadAfter"] = list(os.getloadavg())
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
