"""Reference values for the edge-case regression tests of the statistics modules
(issue #10: what differential testing found), computed with independent
implementations and printed as Swift literals to paste into
Tests/StatisticsTests/.

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


def gwet_table_exact(counts, weights):
    """Gwet's AC and its two-rater variance (Gwet 2008; irrCAC.table.gwet) in exact
    rationals, so that the reference carries no rounding; irrCAC's own
    sum-of-squares form is off by about 1e-14 on the table used here."""
    from fractions import Fraction

    q = len(counts)
    n = sum(map(sum, counts))
    w = [[Fraction(x) for x in row] for row in weights]
    p = [[Fraction(x, n) for x in row] for row in counts]
    pi = [(sum(p[k]) + sum(p[i][k] for i in range(q))) / 2 for k in range(q)]
    scale = sum(map(sum, w)) / (q * (q - 1))
    pe = scale * sum(x * (1 - x) for x in pi)
    pa = sum(w[k][l] * p[k][l] for k in range(q) for l in range(q))
    gamma = (pa - pe) / (1 - pe)
    terms = [
        (p[k][l], w[k][l] - 2 * (1 - gamma) * scale * (1 - (pi[k] + pi[l]) / 2)) for k in range(q) for l in range(q)
    ]
    bias = pa - 2 * (1 - gamma) * pe
    variance = (sum(pk * a * a for pk, a in terms) - bias * bias) / (n * (1 - pe) ** 2)
    return float(gamma), float(variance) ** 0.5


def irrcac_raw(rows, method, weights="identity", categories=(1, 2, 3)):
    """irrCAC's raw-ratings coefficient (units x raters, NaN for missing), full precision."""
    import pandas as pd
    from irrCAC.raw import CAC

    frame = pd.DataFrame(rows, dtype=float)
    return getattr(CAC(frame, weights=weights, categories=list(categories), digits=15), method)()["est"]


def show(name, est):
    lower, upper = (float(np.ravel(b)[0]) for b in est["confidence_interval"])
    value, se = float(np.ravel(est["coefficient_value"])[0]), float(np.ravel(est["se"])[0])
    print(f"// {name}: value {swift(value)}, se {swift(se)}, t interval ({swift(lower)}, {swift(upper)})")


@section
def coefficient_ranges():
    """irrCAC 0.4.4 (t interval, clipped only at 1) where AC2 and Fleiss' kappa leave [-1, 1]."""
    import pandas as pd
    from irrCAC.table import CAC as TableCAC

    table = pd.DataFrame([[0, 0, 6], [0, 3, 0], [6, 0, 0]], index=[1, 2, 3], columns=[1, 2, 3])
    est = TableCAC(table, weights="quadratic", digits=15).gwet()["est"]
    show("AC2 quadratic, table [[0,0,6],[0,3,0],[6,0,0]] (irrCAC.table)", est)
    value, se = gwet_table_exact([[0, 0, 6], [0, 3, 0], [6, 0, 0]], [[1, 0.75, 0], [0.75, 1, 0.75], [0, 0.75, 1]])
    print(f"//   exact (Gwet 2008 table variance in rationals): value {swift(value)}, se {swift(se)}")
    z, t = stats.norm.ppf(0.975), stats.t.ppf(0.975, 14)
    print(f"//   normal interval ({swift(value - z * se)}, {swift(value + z * se)})")
    print(f"//   t interval ({swift(value - t * se)}, {swift(value + t * se)})")
    pairs = [[1, 3]] * 6 + [[2, 2]] * 3 + [[3, 1]] * 6
    show("AC2 quadratic, same pairs as raw ratings (irrCAC.raw)", irrcac_raw(pairs, "gwet", "quadratic"))
    missing = [[1, 2]] * 3 + [[2, 1]] * 3 + [[1, None]] * 6 + [[1, 3]] * 2
    show("Fleiss, 8 pairs disagreeing + 6 units rated once (irrCAC.raw)", irrcac_raw(missing, "fleiss"))
    three = [[1, 2, 3]] * 6 + [[1, 1, 2], [3, 3, 2]]
    show("Fleiss, m = 3, [1,2,3] x 6 + [1,1,2] + [3,3,2] (irrCAC.raw)", irrcac_raw(three, "fleiss"))


def irr_icc(x, model, kind, unit, level=0.95):
    """R irr::icc (McGraw & Wong 1996) transcribed into numpy/scipy, R not being
    available here: returns (value, lower, upper, v) with nan where irr gives NaN.
    Checked in icc() against irr's intervals in the reference vectors."""
    x = np.asarray(x, float)
    n, k = x.shape
    grand = x.mean()
    msr = k * ((x.mean(axis=1) - grand) ** 2).sum() / (n - 1)
    msc = n * ((x.mean(axis=0) - grand) ** 2).sum() / (k - 1)
    msw = ((x - x.mean(axis=1, keepdims=True)) ** 2).sum() / (n * (k - 1))
    mse = ((x - x.mean(axis=1, keepdims=True) - x.mean(axis=0) + grand) ** 2).sum() / ((n - 1) * (k - 1))
    q = 1 - (1 - level) / 2
    with np.errstate(divide="ignore", invalid="ignore"):
        v = np.nan
        if model == "oneway" or kind == "consistency":
            error, df2 = (msw, n * (k - 1)) if model == "oneway" else (mse, (n - 1) * (k - 1))
            value = (msr - error) / msr if unit == "average" else (msr - error) / (msr + (k - 1) * error)
            fl = (msr / error) / stats.f.ppf(q, n - 1, df2)
            fu = (msr / error) * stats.f.ppf(q, df2, n - 1)
            if unit == "average":
                lower, upper = 1 - 1 / fl, 1 - 1 / fu
            else:
                lower, upper = (fl - 1) / (fl + k - 1), (fu - 1) / (fu + k - 1)
        else:
            if unit == "average":
                value = (msr - mse) / (msr + (msc - mse) / n)
            else:
                value = (msr - mse) / (msr + (k - 1) * mse + k * (msc - mse) / n)
            a = k * value / (n * (1 - value))
            b = 1 + k * value * (n - 1) / (n * (1 - value))
            v = (a * msc + b * mse) ** 2 / ((a * msc) ** 2 / (k - 1) + (b * mse) ** 2 / ((n - 1) * (k - 1)))
            fl, fu = stats.f.ppf(q, n - 1, v), stats.f.ppf(q, v, n - 1)
            if unit == "average":
                lower = n * (msr - fl * mse) / (fl * (msc - mse) + n * msr)
                upper = n * (fu * msr - mse) / (msc - mse + n * fu * msr)
            else:
                c = k * msc + (k * n - k - n) * mse
                lower = n * (msr - fl * mse) / (fl * c + n * msr)
                upper = n * (fu * msr - mse) / (c + n * fu * msr)
    return float(value), float(lower), float(upper), float(v)


ICC_FORMS = [
    ("ICC(1)", "oneway", "agreement", "single", "ICC(1,1)"),
    ("ICC(k)", "oneway", "agreement", "average", "ICC(1,k)"),
    ("ICC(A,1)", "twoway", "agreement", "single", "ICC(A,1)"),
    ("ICC(A,k)", "twoway", "agreement", "average", "ICC(A,k)"),
    ("ICC(C,1)", "twoway", "consistency", "single", "ICC(C,1)"),
    ("ICC(C,k)", "twoway", "consistency", "average", "ICC(C,k)"),
]


@section
def icc():
    """irr's ICC formulas (scipy) and pingouin's point estimates on the edge cases of issue #10."""
    import json
    import pathlib

    import warnings

    import pandas as pd
    import pingouin

    warnings.simplefilter("ignore")
    vectors = pathlib.Path(__file__).resolve().parents[3] / "shared/reference/agreement-vectors.json"
    if vectors.exists():
        for case in json.loads(vectors.read_text())["cases"]:
            call = case.get("params", {}).get("irr_call")
            if case.get("statistic") != "icc" or not call:
                continue
            model = "oneway" if "oneway" in call else "twoway"
            kind = "agreement" if "agreement" in call else "consistency"
            unit = "average" if "average" in call else "single"
            _, lower, upper, _ = irr_icc(case["data"]["units_by_raters"], model, kind, unit)
            expected = case["computed_by"]["R_irr_ci95"]
            assert abs(lower - expected[0]) < 1e-9 and abs(upper - expected[1]) < 1e-9, (case["id"], lower, upper)
        print("// the transcription reproduces R irr's intervals in agreement-vectors.json to 1e-9")
    data = {
        "MSR = MSC = 0 (row and column means equal)": [[1, 3], [3, 1], [2, 2]],
        "n = k = 2, MSR = MSC = 0": [[1, 2], [2, 1]],
        "MSE = n MSR + MSC exactly": [[1, 1], [1, 2], [2, 1]],
    }
    for name, x in data.items():
        print(f"// {name}: {x}")
        long = pd.DataFrame(
            [(i, j, float(v)) for i, row in enumerate(x) for j, v in enumerate(row)], columns=["item", "rater", "score"]
        )
        try:
            table = pingouin.intraclass_corr(long, targets="item", raters="rater", ratings="score").set_index("Type")
        except Exception as error:  # report and go on
            table = None
            print(f"//   pingouin: {type(error).__name__}: {error}")
        for label, model, kind, unit, ping in ICC_FORMS:
            value, lower, upper, v = irr_icc(x, model, kind, unit)
            ping_value = "" if table is None else f", pingouin {swift(table.loc[ping, 'ICC'])}"
            print(f"//   {label}: irr {swift(value)} [{swift(lower)}, {swift(upper)}] v {swift(v)}{ping_value}")


@section
def kappa_z_test():
    """statsmodels cohens_kappa: the H0 standard error, z and two-sided p-value."""
    from statsmodels.stats.inter_rater import cohens_kappa

    table = np.array([[22, 5, 2], [4, 15, 6], [1, 7, 18]])
    print(f"// table {table.tolist()}")
    for wt in [None, "linear", "quadratic"]:
        r = cohens_kappa(table, wt=wt, return_results=True)
        print(
            f"//   {wt or 'unweighted'}: kappa {swift(r.kappa)}, std_kappa {swift(r.std_kappa)}, "
            f"std_kappa0 {swift(r.std_kappa0)}, z {swift(r.z_value)}, p {swift(r.pvalue_two_sided)}"
        )


@section
def population_spread():
    """numpy var/std with ddof=0 (population) beside ddof=1."""
    for values in [[2, 4, 4, 4, 5, 5, 7, 9], [1.5, 2.25, 3.0, 10.125], [1e9 + 0.1, 1e9 + 0.2, 1e9 + 0.3]]:
        x = np.array(values)
        print(
            f"// {values}: var0 {swift(np.var(x))}, std0 {swift(np.std(x))}, "
            f"var1 {swift(np.var(x, ddof=1))}, std1 {swift(np.std(x, ddof=1))}"
        )
        exact = exact_sum_of_squares(values)
        var0, var1 = exact / len(values), exact / (len(values) - 1)
        print(
            f"//   exact (rationals): var0 {swift(var0)}, std0 {swift(float(var0) ** 0.5)}, "
            f"var1 {swift(var1)}, std1 {swift(float(var1) ** 0.5)}"
        )


def exact_sum_of_squares(values):
    """Sum of squared deviations of the doubles as stored, in exact rationals."""
    from fractions import Fraction

    xs = [Fraction(float(v)) for v in values]
    mean = sum(xs) / len(xs)
    return sum((x - mean) ** 2 for x in xs)


@section
def weighted_fleiss():
    """irrCAC 0.4.4 fleiss() with weights (Gwet 2014, ch. 2-3): value, SE, pa, pe."""
    units = [
        [1, 2, 2, None], [2, 2, 3, 3], [3, 3, 3, 4], [1, 1, 2, 2], [4, 4, 4, 3],
        [2, 3, 3, None], [1, 1, 1, 1], [3, 4, 4, 4], [2, 2, 2, 3], [1, 2, None, None],
    ]
    print(f"// units {units}")
    for weights in ["identity", "linear", "quadratic"]:
        est = irrcac_raw(units, "fleiss", weights, categories=(1, 2, 3, 4))
        lower, upper = est["confidence_interval"]
        print(
            f"//   {weights}: value {swift(est['coefficient_value'])}, se {swift(est['se'])}, "
            f"pa {swift(est['pa'])}, pe {swift(est['pe'])}, t interval ({swift(lower)}, {swift(upper)})"
        )


@section
def preference_agreement():
    """scikit-learn cohen_kappa_score over a, tie, b; statsmodels Wilson intervals of the shares."""
    from sklearn.metrics import cohen_kappa_score
    from statsmodels.stats.proportion import proportion_confint

    # The judge's and the humans' outcomes of the same 24 pairs (the Swift test builds the same lists).
    def outcomes(text):
        return [{"t": "tie"}.get(c, c) for c in text]

    judge, human = outcomes("aaaaaaabbbbbbttttaabbtta"), outcomes("aaaaabbbbbbbaaabbaabbbab")
    print("// judge aaaaaaabbbbbbttttaabbtta\n// human aaaaabbbbbbbaaabbaabbbab (t: tie)")
    agree = sum(j == h for j, h in zip(judge, human))
    print(f"//   cohen_kappa_score {swift(cohen_kappa_score(judge, human, labels=['a', 'tie', 'b']))}")
    lower, upper = proportion_confint(agree, len(judge), alpha=0.05, method="wilson")
    print(f"//   agreement {agree}/{len(judge)}: wilson ({swift(lower)}, {swift(upper)})")
    for count, n in [(0, 10), (10, 10), (7, 20)]:
        lower, upper = proportion_confint(count, n, alpha=0.05, method="wilson")
        print(f"//   wilson {count}/{n}: ({swift(lower)}, {swift(upper)})")


def versions():
    names = ["numpy", "scipy", "statsmodels", "pingouin", "pandas", "irrCAC", "krippendorff", "scikit-learn"]
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
