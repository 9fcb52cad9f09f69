"""Issue 12's end-to-end benchmark: `judgecal agreement` (whole process)
beside polars + numpy and pandas + scikit-learn on the same files of paired
1–4 ratings, quadratic kappa with a 2,000-resample bootstrap interval; then
read throughput for CSV and JSON Lines against polars; then the `--id` check,
`align RUN --judge-scores` on a generated 100,000-row run, and `--version`.

Run through benchmarks/end-to-end.sh, which builds the release binary and the
Python environment. Each pipeline runs REPEATS times per size, the pipelines
alternating, and the medians, the ratios to polars + numpy and each one's peak
resident memory and CPU time (`/usr/bin/time -f "%M %U %S"`, user + system; the pandas +
scikit-learn projection adds wall time only) are printed.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np
import polars as pl

HERE = os.path.dirname(os.path.abspath(__file__))
RESAMPLES = 2000
SEED = 12


def make_file(path, rows):
    """`id,judge,expert`: the expert's rating skewed over 1–4, the judge's
    the expert's shifted by a noise step and clamped, 1% of judge ratings
    blank; the same rows written as JSON Lines beside it."""
    if os.path.exists(path) and os.path.exists(path.replace(".csv", ".jsonl")):
        return
    rng = np.random.default_rng(rows)
    expert = rng.choice(np.arange(1, 5, dtype=np.int8), size=rows, p=[0.1, 0.2, 0.4, 0.3])
    step = rng.choice(np.array([-2, -1, 0, 1, 2], dtype=np.int8), size=rows, p=[0.025, 0.165, 0.62, 0.165, 0.025])
    judge = np.clip(expert + step, 1, 4).astype(np.int8)
    frame = pl.DataFrame({
        "id": [f"item-{i:08d}" for i in range(rows)],
        "judge": pl.Series(judge).set(pl.Series(rng.random(rows) < 0.01), None),
        "expert": expert,
    })
    frame.write_csv(path)
    frame.write_ndjson(path.replace(".csv", ".jsonl"))


def make_align_files(directory, rows):
    """A generated run of `rows` rows (`run.jsonl`), a judge's scores for it
    (`scores.csv`) and one expert's label sheet (`labels.csv`), two dimensions on
    1–5: the files `judgecal align RUN --judge-scores S --labels L` reads."""
    base = os.path.join(directory, f"align-{rows}")
    paths = tuple(f"{base}.{suffix}" for suffix in ("run.jsonl", "scores.csv", "labels.csv"))
    if all(os.path.exists(p) for p in paths):
        return paths
    rng = np.random.default_rng(rows + 1)
    expert = rng.integers(1, 6, size=(rows, 2))
    judge = np.clip(expert + rng.choice([-1, 0, 0, 0, 1], size=(rows, 2)), 1, 5)
    ids = [f"row-{i:07d}" for i in range(rows)]
    with open(paths[0], "w") as run_file:
        run_file.write(json.dumps({"run": {"name": f"generated-{rows}", "source": "benchmarks/end-to-end/run.py", "info": {}}}) + "\n")
        for i, row_id in enumerate(ids):
            run_file.write(json.dumps({
                "id": row_id, "input": {"question": f"Question {i} about item {i % 997}?"},
                "response": f"An answer of {20 + i % 50} words to question {i}.",
            }) + "\n")
    for path, values, extra in ((paths[1], judge, ""), (paths[2], expert, ",expert-a")):
        with open(path, "w") as out:
            out.write("id,quality,clarity" + (",rater" if extra else "") + "\n")
            out.writelines(f"{row_id},{a},{b}{extra}\n" for row_id, (a, b) in zip(ids, values))
    return paths


def run(command, env=None, cpu=None):
    """Wall seconds, peak resident MB and stdout of one whole process; its CPU
    seconds (user + system) are appended to `cpu` when it is given."""
    start = time.perf_counter()
    done = subprocess.run(
        ["/usr/bin/time", "-f", "%M %U %S"] + command, capture_output=True, text=True, env=env
    )
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{done.stderr}")
    peak_kb, user, system = done.stderr.strip().splitlines()[-1].split()
    if cpu is not None:
        cpu.append(float(user) + float(system))
    return seconds, int(peak_kb) / 1024, done.stdout.strip()


def median(values):
    return statistics.median(values)


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--judgecal", required=True, help="the release judgecal binary")
    parser.add_argument("--sizes", default="1000000,10000000")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--sklearn-resamples", type=int, default=3, help="resamples drawn by scikit-learn, then scaled")
    parser.add_argument("--data-dir", default=os.path.join(HERE, "..", ".data"))
    parser.add_argument("--no-sklearn", action="store_true", help="leave out pandas + scikit-learn (the slowest)")
    parser.add_argument("--reads", default="csv,jsonl", help="the formats whose read throughput is measured")
    parser.add_argument("--align-rows", type=int, default=100000, help="rows of the align --judge-scores run; 0 leaves it out")
    arguments = parser.parse_args()
    os.makedirs(arguments.data_dir, exist_ok=True)
    python = sys.executable
    env = {k: v for k, v in os.environ.items() if k not in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    versions = ", ".join(f"{m.__name__} {m.__version__}" for m in (pl, np))
    print(f"judgecal: {arguments.judgecal}; Python {sys.version.split()[0]}, {versions}")
    print(f"load average before: {load()}")

    sizes = [int(s) for s in arguments.sizes.split(",")]
    table = []
    for rows in sizes:
        path = os.path.join(arguments.data_dir, f"kappa-{rows}.csv")
        make_file(path, rows)
        pipelines = {
            "judgecal agreement": [
                arguments.judgecal, "agreement", path, "--raters", "judge,expert", "--statistic", "cohen-kappa",
                "--weights", "quadratic", "--categories", "1,2,3,4", "--ci", "bootstrap",
                "--resamples", str(RESAMPLES), "--seed", str(SEED), "--json",
            ],
            "polars + numpy": [python, os.path.join(HERE, "polars_numpy.py"), path, str(RESAMPLES), str(SEED)],
        }
        if not arguments.no_sklearn:
            pipelines["pandas + scikit-learn"] = [
                python, os.path.join(HERE, "pandas_sklearn.py"), path, str(RESAMPLES),
                str(arguments.sklearn_resamples), str(SEED),
            ]
        times = {name: [] for name in pipelines}
        cpus = {name: [] for name in pipelines}
        peaks = {name: [] for name in pipelines}
        outputs = {}
        for _ in range(arguments.repeats):
            for name, command in pipelines.items():
                seconds, peak, out = run(command, env, cpus[name])
                if name == "pandas + scikit-learn":
                    out, undrawn = out.split()
                    seconds += float(undrawn)
                if name == "judgecal agreement":
                    result = json.loads(out)["results"][0]
                    out = f"{result['value']:.12f} {result['ci']['lower']:.6f} {result['ci']['upper']:.6f}"
                times[name].append(seconds)
                peaks[name].append(peak)
                outputs[name] = out
        reference = median(times["polars + numpy"])
        for name in pipelines:
            table.append((rows, name, median(times[name]), min(times[name]), max(times[name]),
                          median(times[name]) / reference, median(cpus[name]), max(peaks[name])))
        print(f"{rows:,} rows, {os.path.getsize(path) / 1e6:.0f} MB: kappa "
              + "; ".join(f"{n} {outputs[n]}" for n in pipelines))

    print()
    print(f"| rows | pipeline | median s (min–max) | × polars+numpy time | median CPU s | peak RSS MB |")
    print("|---|---|---|---|---|---|")
    for rows, name, med, lo, hi, ratio, cpu, peak in table:
        print(f"| {rows:,} | {name} | {med:.2f} ({lo:.2f}–{hi:.2f}) | {ratio:.2f} | {cpu:.2f} | {peak:.0f} |")

    print()
    print("read throughput (largest size; judgecal: whole process of --statistic confusion; polars: read alone)")
    print("| format | MB | judgecal MB/s | polars MB/s |")
    print("|---|---|---|---|")
    rows = sizes[-1]
    readers = {"csv": "read_csv", "jsonl": "read_ndjson"}
    for extension in filter(None, arguments.reads.split(",")):
        reader = readers[extension]
        path = os.path.join(arguments.data_dir, f"kappa-{rows}.{extension}")
        megabytes = os.path.getsize(path) / 1e6
        ours, theirs = [], []
        for _ in range(arguments.repeats):
            seconds, _, _ = run([
                arguments.judgecal, "agreement", path, "--raters", "judge,expert", "--statistic", "confusion",
                "--categories", "1,2,3,4", "--json",
            ], env)
            ours.append(seconds)
            _, _, out = run([python, os.path.join(HERE, "polars_read.py"), path], env)
            theirs.append(float(out.split()[0]))
        print(f"| {extension} ({reader}) | {megabytes:.0f} | {megabytes / median(ours):.0f} | "
              f"{megabytes / median(theirs):.0f} |")

    print()
    path = os.path.join(arguments.data_dir, f"kappa-{rows}.csv")
    checked = [run([
        arguments.judgecal, "agreement", path, "--raters", "judge,expert", "--statistic", "cohen-kappa",
        "--weights", "quadratic", "--categories", "1,2,3,4", "--id", "id", "--json",
    ], env)[:2] for _ in range(arguments.repeats)]
    print(f"with --id id at {rows:,} rows: median {median(c[0] for c in checked):.2f} s "
          f"(min {min(c[0] for c in checked):.2f}), peak {max(c[1] for c in checked):.0f} MB")

    if arguments.align_rows:
        run_path, scores, labels = make_align_files(arguments.data_dir, arguments.align_rows)
        aligned = [run([
            arguments.judgecal, "align", run_path, "--judge-scores", scores, "--labels", labels,
            "--categories", "1,2,3,4,5", "--report", os.path.join(arguments.data_dir, "align-report.json"), "--no-history",
        ], env)[:2] for _ in range(arguments.repeats)]
        print(f"align RUN --judge-scores at {arguments.align_rows:,} rows: median "
              f"{median(a[0] for a in aligned):.2f} s (min {min(a[0] for a in aligned):.2f}), "
              f"peak {max(a[1] for a in aligned):.0f} MB")

    print()
    starts = []
    for _ in range(50):
        start = time.perf_counter()
        subprocess.run([arguments.judgecal, "--version"], capture_output=True, check=True)
        starts.append(time.perf_counter() - start)
    print(f"judgecal --version: median {median(starts) * 1000:.1f} ms, min {min(starts) * 1000:.1f} ms (50 runs)")
    print(f"load average after: {load()}")


if __name__ == "__main__":
    main()
