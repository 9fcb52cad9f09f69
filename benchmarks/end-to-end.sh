#!/usr/bin/env bash
# Issue 12's end-to-end benchmark: `judgecal agreement` (release, whole
# process) beside polars + numpy and pandas + scikit-learn on 1,000,000- and
# 10,000,000-row files of paired 1–4 ratings (quadratic kappa, 2,000-resample
# bootstrap), read throughput against polars, the --id check, a 100,000-row
# `align RUN --judge-scores`, and `judgecal --version`.
# Run it while nothing else builds; about 5 minutes on 2 cores.
#
# Environment: VENV (default /work/venvs/streaming, made if missing), JUDGECAL
# (a judgecal binary to time instead of this checkout's release build), and
# any arguments are passed to benchmarks/end-to-end/run.py (--sizes, --repeats).
set -euo pipefail
cd "$(dirname "$0")/.."

venv=${VENV:-/work/venvs/streaming}
if [[ ! -x $venv/bin/python ]]; then python3 -m venv "$venv"; fi
"$venv/bin/pip" install --quiet -r benchmarks/end-to-end/requirements.txt

if [[ -z ${JUDGECAL:-} ]]; then
    echo "== building judgecal (release)" >&2
    swift build -c release --product judgecal 2>&1 | tail -1 >&2
    JUDGECAL=$(swift build -c release --show-bin-path)/judgecal
fi
"$venv/bin/python" benchmarks/end-to-end/run.py --judgecal "$JUDGECAL" "$@"
