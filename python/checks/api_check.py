"""What the judgecal package's calls return on fixed inputs, written as JSON for the Swift tests to
compare with the command line's own output on the same inputs (Tests/judgecalTests/PythonPackageTests.swift).

    python api_check.py figures OUT        # every call's DataFrames, summarised, to OUT/api.json
    python api_check.py failure            # the error one agreement call raises, as JSON on stdout
    python api_check.py tables             # each call's keywords: option, kind; and the options left out

Run from the repository's root, in an environment where the wheel is installed.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd

import judgecal
from judgecal import _options

NEWSROOM = "notebooks-data/newsroom-ratings.csv"
HANNA_JUDGES = ["notebooks-data/hanna-judges/Beluga-13B.p1.csv", "notebooks-data/hanna-judges/ChatGPT.p1.csv"]
HANNA_RATERS = "notebooks-data/hanna-raters.labels.csv"
SCALE = [1, 2, 3, 4, 5]


def records(frame: pd.DataFrame, columns: list[str]) -> list[dict]:
    """The frame's rows as plain JSON values (NaN as None)."""
    part = frame[columns].astype(object).where(frame[columns].notna(), None)
    return part.to_dict("records")


def error_fields(error: Exception) -> dict:
    return {
        "type": type(error).__name__,
        "message": getattr(error, "message", str(error)),
        "exit_code": getattr(error, "exit_code", None),
        "command": getattr(error, "command", None),
        "library": getattr(error, "library", None),
        "package": getattr(error, "package", None),
        "text": str(error),
        "is_judgecal_error": isinstance(error, judgecal.JudgecalError),
    }


def preference_sample(out: Path) -> tuple[Path, Path, Path]:
    """A pairwise run of 12 questions (the longer answer b on even rows, a on odd), the experts' preferences
    (a tie on q0 and q1) and a judge's asked elsewhere that prefers the longer answer but for ties on q0, q1
    and q11 (where the experts say a), as Tests/judgecalTests/PairwiseCommandTests.swift makes them."""
    source, run = out / "pairs.jsonl", out / "pairs.run.jsonl"
    with source.open("w") as f:
        for i in range(12):
            a, b = (f"short {i}", f"a longer answer {i}") if i % 2 == 0 else (f"a longer answer {i}", f"short {i}")
            f.write(json.dumps({"id": f"q{i}", "input": f"question {i}", "response": {"a": a, "b": b}}) + "\n")
    imported = subprocess.run([str(judgecal.binary_path()), "import", str(source), "--id", "id", "--output", str(run)],
                              capture_output=True, text=True)
    if imported.returncode != 0:
        sys.exit(f"judgecal import failed: {imported.stderr}")
    labels = out / "pairs.labels.csv"
    labels.write_text("id,preference\n" + "".join(
        f"q{i},{'tie' if i < 2 else 'b' if i % 2 == 0 else 'a'}\n" for i in range(12)))
    scores = out / "elsewhere.csv"
    preferred = ["1" if i < 2 or i == 11 else "b" if i % 2 == 0 else "A" for i in range(12)]
    scores.write_text("id,preference,a-first,b-first\n" + "".join(
        f"q{i},{p},{p},{'b' if i == 3 else p}\n" for i, p in enumerate(preferred)))
    return run.resolve(), labels.resolve(), scores.resolve()


def figures(out: Path) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    result = {}

    kappas = judgecal.agreement(
        NEWSROOM, raters=["informativeness_1", "informativeness_2", "informativeness_3"], categories=SCALE
    )
    confusion = judgecal.agreement(
        NEWSROOM, raters="informativeness_1,informativeness_2", statistic="confusion", categories=SCALE
    )
    result["agreement"] = {
        "shape": list(kappas.shape),
        "columns": list(kappas.columns),
        "rows": records(kappas.assign(raters=kappas.raters.map(list)), ["raters", "measure", "value", "se", "lower",
                                                                       "upper", "n", "z", "p"]),
        "confusion": confusion.table[0].values.tolist(),
        "confusion_labels": [str(label) for label in confusion.table[0].index],
    }

    one = judgecal.align(judge_scores=HANNA_JUDGES[0], labels=HANNA_RATERS, categories=SCALE, no_history=True,
                         resamples=200, worst=3)
    result["align"] = {
        "verdict": one.verdict,
        "exit_code": one.exit_code,
        "dimensions_shape": list(one.dimensions.shape),
        "dimensions": records(one.dimensions, ["dimension", "verdict", "value", "lower", "upper", "paired",
                                               "exact_agreement", "quadratic_kappa", "spearman", "bias"]),
        "figures_shape": list(one.figures.shape),
        "figures": records(one.figures, ["dimension", "figure", "value", "lower", "upper", "n"]),
        "confusion": {name: matrix.values.tolist() for name, matrix in one.confusion.items()},
        "worst": records(one.worst, ["dimension", "row_id", "judge", "expert", "difference"]),
    }
    several = judgecal.align(judge_scores=HANNA_JUDGES, labels=HANNA_RATERS, categories=SCALE, no_history=True,
                             resamples=0)
    result["align_several"] = {
        "verdict": several.verdict,
        "judges_shape": list(several.judges.shape),
        "judges": records(several.judges, ["dimension", "judge", "n", "value", "verdict"]),
        "by_judge": sorted(several.by_judge),
    }

    run, labels, scores = preference_sample(out)
    pairwise = judgecal.align(run, rubric="rubrics/llmbar-pairwise.md", labels=labels, pairwise=True,
                              judge_scores=scores, no_history=True)
    result["align_pairwise"] = {
        "run": str(run), "labels": str(labels), "judge_scores": str(scores),
        "verdict": pairwise.verdict,
        "exit_code": pairwise.exit_code,
        "dimensions": records(pairwise.dimensions, ["dimension", "verdict", "value", "lower", "upper", "paired",
                                                    "exact_agreement", "kappa"]),
        "figures": records(pairwise.figures, ["figure", "value", "upper", "n"]),
        "confusion": pairwise.confusion["preference"].values.tolist(),
        "confusion_labels": list(pairwise.confusion["preference"].index),
        "worst_rows": len(pairwise.worst),
    }

    crowd = pd.read_csv("notebooks-data/hanna.labels.csv")
    sample = out / "every-eighth.labels.csv"
    crowd.iloc[::8].to_csv(sample, index=False)
    estimates = judgecal.estimate(judge_scores=HANNA_JUDGES[0], labels=sample, means=True, categories=SCALE,
                                  random_sample=True, pass_at=3)
    result["estimate"] = {
        "labels": str(sample.resolve()),
        "shape": list(estimates.shape),
        "rows": records(estimates, ["dimension", "quantity", "estimator", "level", "value", "lower", "upper", "n"]),
    }

    common = {"labels": ["calibration/book-tags.labels.csv", "calibration/book-tags.labels.expert-b.csv"],
              "rubric": "rubrics/book-tags.md"}
    tidy = judgecal.export("notebooks-data/book-tags.run.jsonl", **common)
    kept = out / "book-tags.tidy.csv"
    tidy_csv = judgecal.export("notebooks-data/book-tags.run.jsonl", output=kept, **common)
    result["export"] = {
        "shape": list(tidy.shape),
        "columns": list(tidy.columns),
        "csv_equals_jsonl": bool(tidy.equals(tidy_csv)),
        "kept": str(kept.resolve()),
        "rows": records(tidy, ["row_id", "dimension", "rater", "role", "value", "rationale", "example"]),
    }

    result["errors"] = {}
    for name, call in {
        "unknown_keyword": lambda: judgecal.agreement(NEWSROOM, rater="informativeness_1"),
        "switch_given_text": lambda: judgecal.align(labels=HANNA_RATERS, no_history="yes"),
        "missing_file": lambda: judgecal.align(judge_scores="notebooks-data/no-such-judge.csv", labels=HANNA_RATERS,
                                               no_history=True),
        "usage": lambda: judgecal.agreement(NEWSROOM, raters=["informativeness_1", "informativeness_2"],
                                            statistic="cohen-kappa", weights="cubic"),
    }.items():
        try:
            call()
            result["errors"][name] = None
        except (TypeError, judgecal.JudgecalError) as error:
            result["errors"][name] = error_fields(error)
    return result


def main() -> None:
    if sys.argv[1:2] == ["figures"] and len(sys.argv) == 3:
        out = Path(sys.argv[2])
        (out / "api.json").parent.mkdir(parents=True, exist_ok=True)
        (out / "api.json").write_text(json.dumps(figures(out), indent=1))
    elif sys.argv[1:] == ["failure"]:
        try:
            judgecal.agreement(NEWSROOM, raters=["informativeness_1", "informativeness_2"], categories=SCALE)
            print(json.dumps(None))
        except judgecal.JudgecalError as error:
            print(json.dumps(error_fields(error)))
    elif sys.argv[1:] == ["tables"]:
        tables = {command: {k: {"flag": o.flag, "kind": o.kind} for k, o in table.items()}
                  for command, table in _options.TABLES.items()}
        print(json.dumps({"tables": tables, "excluded": _options.EXCLUDED}))
    else:
        sys.exit("usage: api_check.py figures OUT | failure | tables")


if __name__ == "__main__":
    main()
