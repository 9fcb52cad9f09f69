"""Seconds polars takes to read FILE (CSV or JSON Lines by extension) with
declared dtypes, inside the process (the interpreter's start not counted)."""

import sys
import time

import polars as pl

SCHEMA = {"id": pl.String, "judge": pl.Int8, "expert": pl.Int8}

path = sys.argv[1]
start = time.perf_counter()
frame = pl.read_ndjson(path, schema=SCHEMA) if path.endswith(".jsonl") else pl.read_csv(path, schema=SCHEMA)
print(f"{time.perf_counter() - start:.4f} {frame.height}")
