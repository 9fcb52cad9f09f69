"""Prints the agreement benchmark's side-by-side table from the two stacks'
JSON reports, checks the targets, and cross-checks the point estimates.

Exits 1 when a point estimate of the two stacks differs by more than 1e-9
(a correctness failure, not a speed one)."""

import json
import sys

AGREE = 1e-9
SPEEDUP_TARGET = 1000
GROWTH_TARGET = 3


def seconds(t):
    s = t["median"]
    return f"{s * 1000:,.1f} ms" if s < 1 else f"{s:,.2f} s" if s < 100 else f"{s:,.0f} s"


def spread(t):
    if t["repeats"] < 2:
        return "1 run"
    return f"{t['repeats']} runs, {t['minimum'] * 1000:,.1f}–{t['maximum'] * 1000:,.1f} ms" if t["maximum"] < 1 else \
        f"{t['repeats']} runs, {t['minimum']:,.2f}–{t['maximum']:,.2f} s"


def main(ours_path, theirs_path):
    ours, theirs = json.load(open(ours_path)), json.load(open(theirs_path))
    full = theirs["fullResamples"]
    rows = []  # (what, ours timing, python timing, note)
    for mine, py in zip(ours["sizes"], theirs["sizes"]):
        n = f"{mine['rows']:,} rows"
        scaled = f"scaled from {py['resamplesRun']} resamples" if py["scaled"] else f"{full} resamples run"
        rows.append((f"full set + {full}-resample CIs, 4 dims, {n}", mine["total"], py["total"], scaled))
        rows.append((f"point estimates alone, 4 dims, {n}", mine["pointEstimates"], py["pointEstimates"], ""))
        rows.append((f"read the CSV file, {n}", mine["readCSV"], py["readCSV"], "pandas.read_csv"))
    c, pc = ours["continuous"], theirs["continuous"]
    rows.append((f"Kendall tau-b, {c['rows']:,} continuous pairs", c["kendallTauB"], pc["kendallTauB"], "scipy.stats.kendalltau"))
    rows.append((f"Spearman rho, {c['rows']:,} continuous pairs", c["spearman"], pc["spearman"], "scipy.stats.spearmanr"))

    width = max(len(r[0]) for r in rows)
    print(f"{'measurement':<{width}}  {'ours (median)':>14}  {'Python (median)':>16}  {'ratio':>10}  note")
    for what, mine, py, note in rows:
        ratio = py["median"] / mine["median"]
        shown = f"{ratio:,.1f}" if ratio < 10 else f"{ratio:,.0f}"
        print(f"{what:<{width}}  {seconds(mine):>14}  {seconds(py):>16}  {shown:>9}×  {note}")
    print()
    print("spread of the repeats (ours | Python):")
    for what, mine, py, _ in rows:
        print(f"  {what:<{width}}  {spread(mine)} | {spread(py)}")

    small, large = ours["sizes"][0], ours["sizes"][-1]
    growth = large["total"]["median"] / small["total"]["median"]
    speedup = theirs["sizes"][-1]["total"]["median"] / large["total"]["median"]
    print()
    print(f"ours at {large['rows']:,} rows / ours at {small['rows']:,} rows: {growth:.2f}×  "
          f"(target ≤ {GROWTH_TARGET}×: {'met' if growth <= GROWTH_TARGET else 'NOT met'})")
    print(f"Python / ours at {large['rows']:,} rows: {speedup:,.0f}×  "
          f"(target ≥ {SPEEDUP_TARGET:,}×: {'met' if speedup >= SPEEDUP_TARGET else 'NOT met'})")
    py_large = theirs["sizes"][-1]
    print(f"Python at {large['rows']:,} rows: {py_large['pointEstimates']['median']:.2f} s for the point estimates of 4 dims, "
          f"{py_large['perResample']['median']:.2f} s per resample of 4 dims; by statistic (point, all dims): "
          + ", ".join(f"{k} {v:.2f} s" for k, v in py_large["pointSecondsByStatistic"].items()))

    print()
    print("cross-check of the point estimates (max |ours − Python| over dimensions and sizes):")
    worst = 0.0
    names = [s["name"] for s in ours["sizes"][0]["dimensions"][0]["statistics"]]
    for i, name in enumerate(names):
        diffs = []
        for mine, py in zip(ours["sizes"], theirs["sizes"]):
            for d, pd_ in zip(mine["dimensions"], py["dimensions"]):
                assert d["dimension"] == pd_["dimension"] and d["pairs"] == pd_["pairs"], "the stacks read different data"
                diffs.append(abs(d["statistics"][i]["estimate"] - pd_["statistics"][i]["estimate"]))
        worst = max(worst, max(diffs))
        print(f"  {name:<16} {max(diffs):.1e}")
    for key in ("kendallValue", "spearmanValue"):
        diff = abs(c[key] - pc[key])
        worst = max(worst, diff)
        print(f"  continuous {key.removesuffix('Value'):<5} {diff:.1e}")
    print(f"  {'agree to 1e-9' if worst <= AGREE else 'DISAGREE beyond 1e-9'}")

    print()
    print(f"load averages (1, 5, 15 min): ours before {ours['loadBefore']} after {ours['loadAfter']}; "
          f"Python before {[round(x, 2) for x in theirs['loadBefore']]} after {[round(x, 2) for x in theirs['loadAfter']]}")
    kernels = "; ".join(f"{b.get('library', 'OpenBLAS')}: OpenBLAS {b['version']} kernel {b['architecture']}, {b['num_threads']} threads"
                        for b in theirs["blas"] if b["internal_api"] == "openblas")
    print(f"Python stack: {', '.join(f'{k} {v}' for k, v in theirs['versions'].items())}")
    print(f"  {kernels}; OPENBLAS_CORETYPE/L2_SIZE in its run: {theirs['openblasEnvironment']}")
    return 0 if worst <= AGREE else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
