"""The four calls: agreement, align, estimate and export, each one run of the judgecal binary."""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from . import _frames
from . import _binary
from ._binary import JudgecalError
from ._options import arguments, docs

#: align's exit codes that are verdicts, not failures (``judgecal --help``), and the verdict each says.
ALIGN_VERDICTS = {0: "aligned", 2: "not-aligned", 3: "inconclusive", 4: "undefined"}


def _json(command: str, positionals: list, options: dict, accepted=frozenset({0})):
    done = _binary.run([command, *map(os.fspath, positionals), *arguments(command, options), "--json"], accepted)
    try:
        return json.loads(done.stdout), done
    except json.JSONDecodeError as error:
        raise JudgecalError(
            f"judgecal {command} --json wrote no JSON ({error}); its standard error: {done.stderr.strip()}",
            done.exit_code,
            done.command,
        ) from error


def agreement(file, **options) -> pd.DataFrame:
    report, done = _json("agreement", [file], options)
    frame = _frames.agreement_frame(report)
    frame.attrs.update(json=report, notes=done.stderr)
    return frame


agreement.__doc__ = f"""Agreement between the raters of ``file`` (``judgecal agreement FILE``).

Returns a DataFrame, one row per figure: ``group``, ``raters`` (a tuple), ``measure``,
``value``, ``se``, ``lower``, ``upper``, ``confidence``, ``method`` (the interval), ``n``,
``excluded``, ``undefined_code`` and ``undefined`` (why a figure has no value; then
``value`` is NaN), ``z`` and ``p`` (the test of no agreement beyond chance), ``table``
(the confusion statistic's counts, a DataFrame) and ``notes``. ``attrs["json"]`` holds
the report as judgecal wrote it.

Keyword arguments (each an option of ``judgecal agreement --help``):
{docs("agreement")}

Raises:
    TypeError: a keyword not listed above.
    JudgecalError: judgecal failed (its message and exit code).
"""


@dataclass
class Alignment:
    """What ``judgecal align`` found: per dimension its figures and verdict, and the verdict over all.

    Attributes:
        verdict: over every dimension, from the exit code: ``aligned`` (0), ``not-aligned`` (2,
            some dimension), ``inconclusive`` (3) or ``undefined`` (4).
        exit_code: judgecal's exit code.
        dimensions: one row per dimension: ``verdict``, ``statistic`` with ``value``, ``lower``,
            ``upper``, ``threshold``, ``additional_rows_needed``, ``explanation``, ``paired``,
            ``judge_failures``, and the values of the other figures (``exact_agreement``,
            ``within_one``, ``kappa``, ``linear_kappa``, ``quadratic_kappa``, ``alpha_ordinal``,
            ``ac2``, ``pearson``, ``spearman``, ``kendall_tau_b``, ``bias``).
        figures: every estimate of every dimension, long: ``dimension``, ``figure`` (its key path in
            the report, such as ``cohenKappa.quadratic``, a list's item by its index:
            ``humanCeiling.pairs.0.statisticEstimate``), ``value``, ``se``, ``lower``, ``upper``,
            ``confidence``, ``method``, ``n``, ``undefined_code``, ``undefined``.
        confusion: dimension → its confusion matrix (index the expert's level, columns the
            judge's); only dimensions with a scale.
        worst: the worst disagreements: ``dimension``, ``row_id``, ``judge``, ``expert``,
            ``difference``, ``judge_rationale``, ``expert_note``.
        A preference alignment (``pairwise=True``) is one dimension, ``preference``: its verdict on
        Cohen's kappa over a, tie and b, its exact agreement, its figures under ``agreement.…``.

        judges: with several judge-scores files, one row per dimension and judge (or panel):
            ``n``, ``judge_failures``, the verdict's statistic, ``verdict``, ``label_multiplier``;
            empty for one judge.
        by_judge: with several judge-scores files, judge name → its own Alignment.
        report: the JSON report as judgecal wrote it.
        notes: what judgecal wrote on standard error (notes, such as a missing scale).
    """

    verdict: str
    exit_code: int
    dimensions: pd.DataFrame
    figures: pd.DataFrame
    confusion: dict
    worst: pd.DataFrame
    report: dict
    notes: str = ""
    judges: pd.DataFrame = field(default_factory=pd.DataFrame)
    by_judge: dict = field(default_factory=dict)

    @classmethod
    def from_report(cls, report: dict, exit_code: int, notes: str = "") -> "Alignment":
        """An Alignment from an alignment report (or several judges' table, or a preference alignment's
        report, read as one dimension named ``preference``) and align's exit code."""
        if "judges" in report:
            by_judge = {name: cls.from_report(one, _exit_code(one)) for name, one in report["reports"].items()}
            empty = pd.DataFrame()
            return cls(ALIGN_VERDICTS[exit_code], exit_code, empty, empty, {}, empty, report, notes,
                       judges=_frames.judges_frame(report), by_judge=by_judge)
        if "agreement" in report and "dimensions" not in report:
            one = {"dimensions": [_frames.pairwise_dimension(report)]}
            return cls(
                ALIGN_VERDICTS[exit_code], exit_code,
                _frames.dimensions_frame(one), _frames.pairwise_figures_frame(report),
                _frames.confusion_frames(one), _frames.worst_frame(one), report, notes,
            )
        return cls(
            ALIGN_VERDICTS[exit_code], exit_code,
            _frames.dimensions_frame(report), _frames.figures_frame(report),
            _frames.confusion_frames(report), _frames.worst_frame(report), report, notes,
        )


def _exit_code(report: dict) -> int:
    """The exit code align gives one judge's report: 2 some dimension not aligned, else 4 some
    undefined, else 3 some inconclusive, else 0."""
    outcomes = {(d.get("verdict") or {}).get("outcome") for d in report["dimensions"]}
    for outcome, code in (("not-aligned", 2), ("undefined", 4), ("inconclusive", 3)):
        if outcome in outcomes:
            return code
    return 0


def align(run=None, **options) -> Alignment:
    report, done = _json("align", [] if run is None else [run], options, frozenset(ALIGN_VERDICTS))
    return Alignment.from_report(report, done.exit_code, done.stderr)


align.__doc__ = f"""Align a judge with expert labels (``judgecal align [RUN]``): an :class:`Alignment`.

A verdict is not an error: exit codes 2, 3 and 4 come back as ``Alignment.verdict``.
``run`` is the frozen run (optional with ``judge_scores``). Note that judgecal appends a
line to its history file unless ``no_history=True`` (or ``history=`` names another file).

Keyword arguments (each an option of ``judgecal align --help``):
{docs("align")}

Raises:
    TypeError: a keyword not listed above.
    JudgecalError: judgecal failed (usage 64, input 65, a missing file 66, the judge server 1).
"""


def estimate(run=None, **options) -> pd.DataFrame:
    report, done = _json("estimate", [] if run is None else [run], options)
    frame = _frames.estimates_frame(report)
    frame.attrs.update(json=report, notes=done.stderr)
    return frame


estimate.__doc__ = f"""A run's figures corrected with expert labels (``judgecal estimate [RUN]``).

Returns a long DataFrame, one row per estimate: ``dimension``, ``quantity`` (``mean``,
``passRate``, ``levels``, ``calibrated``, ``versus``), ``estimator`` (its key under the
quantity: ``judgeOnly``, ``expertsOnly``, ``corrected``, ``predictionPowered.corrected``, …),
``level`` (for the level shares), ``value``, ``se``, ``lower``, ``upper``, ``confidence``
(the interval's level), ``method``, ``n``, ``undefined_code``, ``undefined``. The corrected mean of a dimension is
the row with quantity ``mean`` and estimator ``corrected``. ``attrs["json"]`` holds the report.

Keyword arguments (each an option of ``judgecal estimate --help``):
{docs("estimate")}

Raises:
    TypeError: a keyword not listed above.
    JudgecalError: judgecal failed (its message and exit code).
"""


def export(run, **options) -> pd.DataFrame:
    output, kind = options.get("output"), options.get("format")
    with tempfile.TemporaryDirectory(prefix="judgecal-export-") as folder:
        if output is None:
            kind = kind or "jsonl"
            options = {**options, "output": Path(folder) / f"tidy.{kind}", "format": kind}
        done = _binary.run(["export", os.fspath(run), *arguments("export", options)])
        frame = _frames.tidy_frame(options["output"], kind or "csv")
    frame.attrs.update(notes=done.stderr)
    return frame


export.__doc__ = f"""A run's judgments and labels as one tidy long table (``judgecal export RUN``).

Returns the table as a DataFrame, one row per row × dimension × rater: ``row_id``,
``dimension``, ``rater``, ``role`` (judge or expert), ``value`` (NaN when there is none),
``rationale``, ``failure``, ``split``, ``example`` (docs/FORMATS.md, "Tidy export").
Without ``output`` the table goes through a temporary JSON Lines file; with it, the
file stays (CSV unless ``format="jsonl"``).

Keyword arguments (each an option of ``judgecal export --help``):
{docs("export")}

Raises:
    TypeError: a keyword not listed above.
    JudgecalError: judgecal failed (its message and exit code).
"""
