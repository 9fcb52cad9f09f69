"""Cohen's kappa from a `judgecal export` table, the way a notebook computes it:
pandas reads the tidy CSV, the rubric's worked-example rows are left out as
align leaves them out, one dimension and two raters are pivoted into
paired columns, and scikit-learn's cohen_kappa_score compares them. The
judgecal tests run this on the tables they export and compare the figures
with the ones `judgecal align` prints (Tests/judgecalTests/ExportCommandTests.swift).

Usage:  python export_kappa.py TABLE.csv JUDGE-RATER EXPERT-RATER [LEVELS]
        LEVELS: the scale's levels, comma-separated (1,2,3,4), so that the
        quadratic weights are on the scale, not on the levels that occur.
Prints JSON: {dimension: {"n": …, "unweighted": …, "quadratic": …}, "versions": {…}}.
"""

import json
import sys
from importlib import metadata

import pandas as pd
from sklearn.metrics import cohen_kappa_score

table, judge, expert = sys.argv[1:4]
levels = [float(x) for x in sys.argv[4].split(",")] if len(sys.argv) > 4 else None

tidy = pd.read_csv(table)
out = {"versions": {p: metadata.version(p) for p in ("pandas", "scikit-learn", "numpy")}}
# align leaves out the rows its rubric cites as worked examples
for dimension, rows in tidy[~tidy.example].groupby("dimension"):
    paired = rows.pivot(index="row_id", columns="rater", values="value")[[judge, expert]].dropna()
    a, b = paired[judge], paired[expert]
    out[dimension] = {
        "n": len(paired),
        "unweighted": cohen_kappa_score(a, b, labels=levels),
        "quadratic": cohen_kappa_score(a, b, labels=levels, weights="quadratic"),
    }
print(json.dumps(out))
