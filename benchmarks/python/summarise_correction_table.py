"""Summary tables of CorrectionSimulation outputs for docs/ESTIMATION.md: the defaults per cell (coverage run /
population, |bias|, width ratio; worst level for level shares), the on-request methods, and the product methods
that miss a target. Usage: python3 summarise_correction_table.py OUTPUT.md [...]"""
import sys, re, collections
rows = []
for path in sys.argv[1:]:
    for line in open(path):
        if not line.startswith("| binary") and not line.startswith("| 1–4"):
            continue
        c = [x.strip() for x in line.strip().strip("|").split("|")]
        if len(c) != 12: continue
        rows.append(c)
def pct(x): return float(x.rstrip("%")) if x not in ("—", "") else None
cells = collections.OrderedDict()
for c in rows:
    scale, k, n, est, meth, defined, cr, cp, bias, w, ratio, miss = c
    cells.setdefault((scale, k, int(n)), {}).setdefault(est, {})[meth] = c
order = sorted(cells, key=lambda t: (t[0] != "binary", float(t[1]), t[2]))
def entry(c):
    if c is None: return "—"
    s = f"{c[6]} / {c[7]}, {abs(float(c[8])):.4f}, ×{c[10]}"
    if c[5] != "100.0%": s += f" ({c[5]} defined)"
    return s
def levels(d, meth):
    ls = [v[meth] for e, v in d.items() if e.startswith("share at") and meth in v]
    if not ls: return "—"
    worst = min(ls, key=lambda c: pct(c[6]))
    bias = max(abs(float(c[8])) for c in ls)
    rs = [float(c[10]) for c in ls]
    d_ = min(pct(c[5]) for c in ls)
    s = f"{worst[6]} / {worst[7]}, {bias:.4f}, ×{min(rs):.2f}–{max(rs):.2f}"
    if d_ < 100: s += f" ({d_:.1f}% defined)"
    return s
mode = "defaults"
print("| scale | κ | n | mean: experts only | mean: PPI++ | pass rate: by judge level | pass rate: PPI++ | A − B mean: PPI++ | A − B pass rate: by judge level | levels: by judge level (worst level) | levels: PPI++ (worst level) |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
for key in order:
    d = cells[key]
    pr = next(v for e, v in d.items() if e.startswith("pass rate (") and "stratified" not in e)
    print(f"| {key[0]} | {key[1]} | {key[2]} | {entry(d['mean'].get('experts only'))} | {entry(d['mean'].get('PPI++ (small-sample)'))} | "
          f"{entry(pr.get('by judge level (default)'))} | {entry(pr.get('PPI++ (small-sample)'))} | "
          f"{entry(d['mean A − B'].get('PPI++ (small-sample)'))} | {entry(d['pass rate A − B'].get('by judge level (default)'))} | "
          f"{levels(d, 'by judge level (default)')} | {levels(d, 'PPI++ (small-sample)')} |")
print()
print("| scale | κ | n | pass rate: Rogan–Gladen (delta) | pass rate: Rogan–Gladen (Beta posterior) | levels: matrix, Dirichlet posterior (worst level) |")
print("|---|---|---|---|---|---|")
for key in order:
    d = cells[key]
    pr = next(v for e, v in d.items() if e.startswith("pass rate (") and "stratified" not in e)
    print(f"| {key[0]} | {key[1]} | {key[2]} | {entry(pr.get('Rogan–Gladen (delta, on request)'))} | {entry(pr.get('Rogan–Gladen (Beta posterior, on request)'))} | {levels(d, 'matrix, Dirichlet posterior (on request)')} |")
print()
# misses of default (non on-request, non-plain) methods, all estimands
print("misses of product methods:")
for c in rows:
    meth = c[4]
    if "on request" in meth or "plain" in meth or "ppi-python" in meth or "linearised" in meth or "cross-fitted" in meth or "unweighted" in meth or meth == "judge only":
        continue
    if c[11]:
        print(" ", " | ".join(c))
