"""Quadratic kappa the way most Python users write it: pandas reads the file,
scikit-learn's cohen_kappa_score(weights="quadratic") gives the point, and the
bootstrap resamples the items. Only R resamples are drawn; the process's time
for the full count is its measured time plus the seconds printed here, the
mean resample time × (full − R).

Usage: pandas_sklearn.py FILE FULL R SEED; prints kappa and those seconds.
"""

import sys
import time

import numpy as np
import pandas as pd
from sklearn.metrics import cohen_kappa_score


def main():
    path, full, drawn, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    frame = pd.read_csv(path, usecols=["judge", "expert"], dtype={"judge": "Int8", "expert": "Int8"}).dropna()
    judge = frame["judge"].to_numpy(dtype=np.int64)
    expert = frame["expert"].to_numpy(dtype=np.int64)
    kappa = cohen_kappa_score(judge, expert, weights="quadratic")
    rng = np.random.default_rng(seed)
    resample_start = time.perf_counter()
    for _ in range(drawn):
        index = rng.integers(0, len(judge), len(judge))
        cohen_kappa_score(judge[index], expert[index], weights="quadratic")
    per_resample = (time.perf_counter() - resample_start) / drawn
    print(f"{kappa:.12f} {per_resample * (full - drawn):.3f}")


main()
