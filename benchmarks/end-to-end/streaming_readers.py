"""The streamed JSON Lines readers and the grouped count of issue 12, timed
as whole processes: `align RUN --judge-scores S.jsonl` on a 100,000-row run,
`import` of a JSON Lines export, and `agreement --group-by` on a
1,000,000-row file of 20 groups. Each binary given is run on each file in
turn, `--repeats` times alternating, with its wall time and peak resident
memory (`/usr/bin/time -f %M`); medians and the ratio to the first binary are
printed. Run with the end-to-end benchmark's venv (`run.py` makes the run
and label files with numpy).

    /work/venvs/streaming/bin/python benchmarks/end-to-end/streaming_readers.py --judgecal before=/path/a after=/path/b
"""

import argparse
import csv
import json
import os
import random
import statistics

from run import load, make_align_files as make_run_files, run


def make_align_files(directory, rows):
    """`run.py`'s run and label sheet of `rows` rows, with its judge's scores
    written again as JSON Lines (with a rationale for one dimension)."""
    run_path, scores_csv, labels = make_run_files(directory, rows)
    scores = scores_csv.replace(".csv", ".jsonl")
    if not os.path.exists(scores):
        with open(scores_csv) as source, open(scores, "w") as out:
            for row in csv.DictReader(source):
                out.write(json.dumps({
                    "id": row["id"], "quality": int(row["quality"]), "clarity": int(row["clarity"]),
                    "quality_rationale": f"Reads as a {row['quality']} of 5.",
                }) + "\n")
    return run_path, scores, labels


def make_export(directory, rows):
    """A generic JSON Lines export: id, a nested input, response, expected and metadata."""
    path = os.path.join(directory, f"stream-export-{rows}.jsonl")
    if os.path.exists(path):
        return path
    with open(path, "w") as out:
        for i in range(rows):
            out.write(json.dumps({
                "id": f"ex-{i:07d}", "input": {"question": f"What is item {i % 997} for?", "context": "x" * (i % 40)},
                "response": f"It is for question {i}.", "expected": i % 5 + 1,
                "metadata": {"split": "test" if i % 10 else "dev", "latency_ms": 100 + i % 900},
            }) + "\n")
    return path


def make_grouped(directory, rows, groups):
    """`id,group,judge,expert`: ratings on 1–4, the judge's an expert's shifted by noise, 1% missing."""
    path = os.path.join(directory, f"stream-grouped-{rows}-{groups}.csv")
    if os.path.exists(path):
        return path
    rng = random.Random(groups)
    with open(path, "w") as out:
        out.write("id,group,judge,expert\n")
        for i in range(rows):
            expert = rng.choice((1, 2, 2, 3, 3, 3, 4))
            judge = "" if rng.random() < 0.01 else min(4, max(1, expert + rng.choice((-1, 0, 0, 1))))
            out.write(f"r{i},topic-{rng.randrange(groups):02d},{judge},{expert}\n")
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--judgecal", nargs="+", required=True, help="NAME=PATH of each release judgecal binary")
    parser.add_argument("--data-dir", default="/tmp/judgecal-streaming-readers")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--align-rows", type=int, default=100_000)
    parser.add_argument("--export-rows", type=int, default=200_000)
    parser.add_argument("--content-rows", type=int, default=20_000,
                        help="rows of the import without --id (before this change it took time quadratic in the rows)")
    parser.add_argument("--grouped-rows", type=int, default=1_000_000)
    arguments = parser.parse_args()
    os.makedirs(arguments.data_dir, exist_ok=True)
    binaries = dict(spec.split("=", 1) for spec in arguments.judgecal)
    run_path, scores, labels = make_align_files(arguments.data_dir, arguments.align_rows)
    export = make_export(arguments.data_dir, arguments.export_rows)
    content_export = make_export(arguments.data_dir, arguments.content_rows)
    grouped = make_grouped(arguments.data_dir, arguments.grouped_rows, 20)
    out = lambda name: os.path.join(arguments.data_dir, name)
    tasks = {
        f"align --judge-scores ({arguments.align_rows:,}-row JSONL)": lambda b: [
            b, "align", run_path, "--judge-scores", scores, "--labels", labels, "--categories", "1,2,3,4,5",
            "--report", out("align-report.json"), "--no-history"],
        f"import --id id ({arguments.export_rows:,}-row JSONL, {os.path.getsize(export) / 1e6:.0f} MB)": lambda b: [
            b, "import", export, "--id", "id", "--output", out("imported.run.jsonl")],
        f"import, ids from content ({arguments.content_rows:,}-row JSONL)": lambda b: [
            b, "import", content_export, "--output", out("imported-content.run.jsonl")],
        f"agreement --group-by ({arguments.grouped_rows:,} rows, 20 groups)": lambda b: [
            b, "agreement", grouped, "--raters", "judge,expert", "--id", "id", "--group-by", "group",
            "--statistic", "cohen-kappa", "--weights", "quadratic", "--categories", "1,2,3,4", "--json"],
        f"agreement --group-by, Spearman averaged over groups ({arguments.grouped_rows:,} rows)": lambda b: [
            b, "agreement", grouped, "--raters", "judge,expert", "--id", "id", "--group-by", "group",
            "--statistic", "spearman", "--json"],
    }
    print(f"load before: {load()}")
    for task, command in tasks.items():
        times = {name: [] for name in binaries}
        peaks = {name: [] for name in binaries}
        outputs = {}
        for _ in range(arguments.repeats):
            for name, binary in binaries.items():
                seconds, peak, stdout = run(command(binary))
                times[name].append(seconds)
                peaks[name].append(peak)
                outputs[name] = stdout
        first = next(iter(binaries))
        print(f"\n{task}")
        print("| binary | median s | runs (s) | peak MB | time ratio to " + first + " |")
        print("|---|---|---|---|---|")
        for name in binaries:
            med = statistics.median(times[name])
            ratio = med / statistics.median(times[first])
            runs = ", ".join(f"{t:.2f}" for t in times[name])
            print(f"| {name} | {med:.2f} | {runs} | {max(peaks[name]):.0f} | {ratio:.2f} |")
        if "agreement" in task and len(set(outputs.values())) > 1:
            print("  (the binaries' reports differ!)")
    print(f"\nload after: {load()}")


if __name__ == "__main__":
    main()
