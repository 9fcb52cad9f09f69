"""Reference values for the edge-case regression tests of AgreementStatistics
(issue #10: what differential testing found), computed with independent
implementations and printed as Swift literals to paste into
Tests/AgreementStatisticsTests/.

The test target declares no resources (Package.swift), so the values are
embedded in the Swift tests, each test naming this script; rerun it to check
them. R is not available here: where the issue cites R irr, the value is
computed from the published formula with numpy/scipy, and the section says so.

Usage:  python benchmarks/python/edge_case_fixtures.py [section ...]
Environment used for the committed values (printed first by the script):
  Python 3.11.7, numpy 2.4.6, scipy 1.17.1, statsmodels 0.15.0,
  pingouin 0.6.1, pandas 2.3.3, irrCAC 0.4.4 (installed with --no-deps).
"""

import sys
from importlib import metadata

import numpy as np
from scipy import stats

SECTIONS = {}


def section(function):
    SECTIONS[function.__name__] = function
    return function


def swift(x):
    """A double as a Swift literal that round-trips."""
    return repr(float(x))


@section
def student_t():
    """scipy.stats.t.ppf on a grid of degrees of freedom and probabilities."""
    dfs = [1, 2, 3, 5, 10, 20, 30, 39, 40, 45, 50, 52, 60, 100, 200, 500, 1000]
    ps = [0.9, 0.95, 0.975, 0.99, 0.995, 0.999]
    print("// (degrees of freedom, p, scipy.stats.t.ppf(p, df))")
    cells = [f"({df}, {p}, {swift(stats.t.ppf(p, df))})" for df in dfs for p in ps]
    for start in range(0, len(cells), 3):
        print("        " + ", ".join(cells[start:start + 3]) + ",")


@section
def mcnemar():
    """statsmodels mcnemar: exact binomial below 25 discordant pairs, else corrected chi-square."""
    from statsmodels.stats.contingency_tables import mcnemar as test

    print("// (b, c, statistic or nil, p-value)")
    for b, c in [(10, 2), (10, 14), (12, 12), (3, 3), (1, 0)]:
        result = test([[5, b], [c, 7]], exact=True)
        print(f"        ({b}, {c}, nil, {swift(result.pvalue)}),")
    for b, c in [(20, 20), (13, 13), (25, 25), (100, 100), (26, 25), (30, 15)]:
        result = test([[5, b], [c, 7]], exact=False, correction=True)
        print(f"        ({b}, {c}, {swift(result.statistic)}, {swift(result.pvalue)}),")


def versions():
    names = ["numpy", "scipy", "statsmodels", "pingouin", "pandas", "irrCAC", "krippendorff"]
    found = []
    for name in names:
        try:
            found.append(f"{name} {metadata.version(name)}")
        except metadata.PackageNotFoundError:
            pass
    return f"Python {sys.version.split()[0]}, " + ", ".join(found)


if __name__ == "__main__":
    print("//", versions())
    for name in sys.argv[1:] or SECTIONS:
        print(f"\n// --- {name}: {SECTIONS[name].__doc__}")
        SECTIONS[name]()
