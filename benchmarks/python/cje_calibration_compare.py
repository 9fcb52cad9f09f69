"""judgecal's calibration, audit and calibrated estimate beside cje-eval's on shared synthetic examples (issue #31).

Not a fixture: a comparison printed as Markdown (docs/CALIBRATION-MAPS.md, "Beside cje-eval"). Each of
--seeds examples (numpy default_rng(seed)):

- run A: 2,000 rows; experts' level Y on 1-4 from a latent quality; a noisy, compressed judge on
  levels 1-4; 300 rows labelled (uniformly drawn);
- run B, later: 2,000 rows from the same design with the experts moved against the judge: each row's
  level one up with probability --shift (at most 4); 100 fresh labelled rows.

judgecal: `calibrate` on A's 300 labels, `audit` B with the 100 fresh labels at margin 0.1, `estimate
--calibration` on B with them (the book-tags rubric, Relevance; Usefulness is a copy). cje-eval 0.9.3:
`calibrated_mean_ci` on A (scores and labels rescaled to [0, 1], as it requires, and back), its
calibrator then `transport_audit` on B's fresh rows (delta_max 0.1/3 on the [0, 1] scale) and the mean
of its calibrator over B plus the fresh labels' mean residual (its correction with weight one).

CJE selects its calibrator ("auto": monotone or two-stage) and cross-fits with its own folds, so the
two maps differ by their fits' noise, and the comparison is within Monte Carlo error: per example the
difference of the two mean residuals and of the two corrected means, against their standard errors.

Run: /tmp/cjevenv/bin/python benchmarks/python/cje_calibration_compare.py [JUDGECAL] [--seeds 20] [--shift 0.0]
     (a venv with: pip install cje-eval==0.9.3)
"""
import argparse
import csv
import json
import pathlib
import subprocess
import tempfile
from importlib import metadata

import numpy as np
from cje.array_api import calibrated_mean_ci, transport_audit

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUBRIC = ROOT / "rubrics/book-tags.md"


def draw(rng, n, shift):
    q = rng.uniform(1, 4, n)
    y = np.clip(np.round(q + rng.normal(0, 0.5, n)), 1, 4)
    s = np.clip(np.round(1 + 3 * ((q - 1) / 3) ** 0.7 + rng.normal(0, 0.5, n)), 1, 4)
    # The experts' levels stay levels: each row moves up one with probability `shift` (at most 4).
    return s, np.clip(y + (rng.uniform(size=n) < shift), 1, 4)


def write_run(folder, name, s, y, labelled):
    ids = [f"{name}-{i:04d}" for i in range(len(s))]
    with open(folder / f"{name}.run.jsonl", "w") as f:
        f.write(json.dumps({"run": {"name": name, "source": "synthetic", "info": {}}}) + "\n")
        for i in ids:
            f.write(json.dumps({"id": i, "input": {"title": i, "author": "a", "review": "r"}, "response": {"tags": ["x"]}}) + "\n")
    (folder / name).mkdir(exist_ok=True)
    with open(folder / name / "judge.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "relevance", "usefulness"])
        for i, score in zip(ids, s):
            w.writerow([i, int(score), int(score)])
    with open(folder / f"{name}.labels.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["id", "relevance", "usefulness", "rater"])
        for k in labelled:
            w.writerow([ids[k], int(y[k]), int(y[k]), "x"])


def judgecal(binary, *args):
    result = subprocess.run([binary, *args], capture_output=True, text=True)
    if result.returncode not in (0, 2, 3):
        raise RuntimeError(f"judgecal {' '.join(args)}: {result.returncode} {result.stderr}")
    return result.stdout


def example(binary, seed, shift):
    rng = np.random.default_rng(seed)
    s_a, y_a = draw(rng, 2000, 0.0)
    s_b, y_b = draw(rng, 2000, shift)
    cal_rows = np.sort(rng.choice(2000, 300, replace=False))
    fresh = np.sort(rng.choice(2000, 100, replace=False))
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        write_run(folder, "a", s_a, y_a, cal_rows)
        write_run(folder, "b", s_b, y_b, fresh)
        cal = str(folder / "a.calibration.json")
        judgecal(binary, "calibrate", str(folder / "a.run.jsonl"), "--rubric", str(RUBRIC), "--labels", str(folder / "a.labels.csv"),
                 "--judge-scores", str(folder / "a/judge.csv"), "--output", cal, "--no-history")
        audit = json.loads(judgecal(
            binary, "audit", str(folder / "b.run.jsonl"), "--calibration", cal, "--rubric", str(RUBRIC), "--labels",
            str(folder / "b.labels.csv"), "--judge-scores", str(folder / "b/judge.csv"), "--margin", "0.1", "--no-history", "--json"))
        est = json.loads(judgecal(
            binary, "estimate", str(folder / "b.run.jsonl"), "--rubric", str(RUBRIC), "--labels", str(folder / "b.labels.csv"),
            "--judge-scores", str(folder / "b/judge.csv"), "--calibration", cal, "--random-sample", "--json"))
    ours_audit = audit["dimensions"][0]
    ours = est["dimensions"][0]["calibrated"]["mean"]

    labels_a = np.full(2000, np.nan)
    labels_a[cal_rows] = (y_a[cal_rows] - 1) / 3
    fit = calibrated_mean_ci(s_a, labels_a, inference="cluster_robust", seed=seed)
    theirs_audit = transport_audit(s_b[fresh], (y_b[fresh] - 1) / 3, fit.calibrator, delta_max=0.1 / 3)
    f_b = 1 + 3 * np.asarray(fit.calibrator.predict(s_b), float)
    residual = y_b[fresh] - f_b[fresh]
    theirs_corrected = f_b.mean() + residual.mean()
    return {
        "ourResidual": ours_audit["meanResidual"], "ourResidualSE": ours_audit["standardError"],
        "theirResidual": 3 * theirs_audit.delta_hat, "theirResidualSE": 3 * theirs_audit.delta_se,
        "ourCalibrated": ours["calibrated"]["value"], "theirCalibrated": f_b.mean(),
        "ourCorrected": ours["corrected"]["value"], "ourCorrectedSE": ours["corrected"]["standardError"],
        "theirCorrected": theirs_corrected, "truth": y_b.mean(), "mode": fit.diagnostics.get("calibration", {}).get("selected_mode"),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("judgecal", nargs="?", default=str(ROOT / ".build/release/judgecal"))
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--shift", type=float, default=0.0)
    args = parser.parse_args()
    rows = [example(args.judgecal, seed, args.shift) for seed in range(args.seeds)]
    print(f"cje-eval {metadata.version('cje-eval')}; {args.seeds} examples, shift {args.shift}; CJE's calibrator: "
          + ", ".join(sorted({str(r['mode']) for r in rows})) + "\n")
    print("| seed | mean residual: judgecal (SE) | cje-eval (SE) | difference / SE | calibrated mean: judgecal | cje-eval | "
          "corrected: judgecal (SE) | cje-eval | difference / SE | truth |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    ratios = []
    for seed, r in enumerate(rows):
        d_res = (r["ourResidual"] - r["theirResidual"]) / r["ourResidualSE"]
        d_cor = (r["ourCorrected"] - r["theirCorrected"]) / r["ourCorrectedSE"]
        ratios.append((abs(d_res), abs(d_cor)))
        print(f"| {seed} | {r['ourResidual']:+.4f} ({r['ourResidualSE']:.4f}) | {r['theirResidual']:+.4f} ({r['theirResidualSE']:.4f}) | "
              f"{d_res:+.2f} | {r['ourCalibrated']:.4f} | {r['theirCalibrated']:.4f} | {r['ourCorrected']:.4f} ({r['ourCorrectedSE']:.4f}) | "
              f"{r['theirCorrected']:.4f} | {d_cor:+.2f} | {r['truth']:.4f} |")
    ratios = np.array(ratios)
    print(f"\nlargest |difference| / SE: mean residual {ratios[:, 0].max():.2f}, corrected mean {ratios[:, 1].max():.2f}; "
          f"median {np.median(ratios[:, 0]):.2f} and {np.median(ratios[:, 1]):.2f}")


if __name__ == "__main__":
    main()
