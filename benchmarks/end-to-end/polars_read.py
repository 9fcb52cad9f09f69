"""Seconds polars takes to read FILE (CSV or JSON Lines by extension) with
declared dtypes, inside the process (the interpreter's start not counted).
The ratings are Int64: read_ndjson panics on Int8 for JSON integers."""

import sys
import time

import polars as pl

SCHEMA = {"id": pl.String, "judge": pl.Int64, "expert": pl.Int64}

path = sys.argv[1]
start = time.perf_counter()
frame = pl.read_ndjson(path, schema=SCHEMA) if path.endswith(".jsonl") else pl.read_csv(path, schema=SCHEMA)
print(f"{time.perf_counter() - start:.4f} {frame.height}")
