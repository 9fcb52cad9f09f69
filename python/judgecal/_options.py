"""Each function's keyword arguments, and the judgecal option each one becomes.

A keyword is the option's long name with ``_`` for ``-`` (``group_by`` is ``--group-by``).
Four kinds of value:

- ``value``: one value, written with ``str`` (a path, a number, a name): ``--seed 7``;
- ``list``: a comma-separated option, given a list or tuple (joined with commas) or one
  string as the command line takes it: ``categories=[1, 2, 3]`` is ``--categories 1,2,3``;
- ``files``: an option given once per value, given a list (or one value):
  ``labels=["a.csv", "b.csv"]`` is ``--labels a.csv --labels b.csv``;
- ``flag``: a switch, ``True`` to give it, ``False`` (or ``None``) to leave it out.

``None`` leaves any option out, so judgecal's own default applies. A keyword no table
names is a ``TypeError``. ``EXCLUDED`` lists each command's options the API gives
itself or leaves out, and why; a test checks that the tables and it cover every
option the binary declares, with the kind it declares.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Opt:
    """One keyword: its option (without dashes), its kind and what it does."""

    flag: str
    kind: str
    doc: str


def _table(*entries: Opt) -> dict[str, Opt]:
    return {e.flag.replace("-", "_"): e for e in entries}


# The options align, estimate and judge share to reach the judge model (judgecal's JudgeModelOptions).
_MODEL = (
    Opt("base-url", "files", "OpenAI-compatible server(s) to judge with; default http://127.0.0.1:8080/v1 or $JUDGECAL_BASE_URL."),
    Opt("model", "value", "The judge model's name; default SmolLM2-135M-Instruct or $JUDGECAL_MODEL."),
    Opt("api-key-env", "value", "The environment variable that holds the API key."),
    Opt("model-config", "value", "A JSON file of model settings."),
    Opt("connect-timeout", "value", "Seconds to connect."),
    Opt("first-byte-timeout", "value", "Seconds from a request to its reply's first byte."),
    Opt("request-timeout", "value", "Seconds for one whole HTTP exchange."),
    Opt("cache", "value", "The response cache (SQLite); default .judgecal/responses.sqlite."),
    Opt("concurrency", "value", "Rows judged at once (1–1024)."),
    Opt("mode", "value", "discrete, weighted, sampled or annotators."),
    Opt("samples", "value", "Replies per row in sampled mode; annotators in annotators mode."),
)

AGREEMENT = _table(
    Opt("raters", "list", "The rater columns (JSON: dotted field paths); without it the file is long ratings."),
    Opt("id", "value", "The item id column; ids must be present and unique."),
    Opt("statistic", "value", "cohen-kappa (default), krippendorff-alpha, gwet-ac1, gwet-ac2, fleiss-kappa, "
        "randolph-kappa, percent, confusion, spearman, kendall-b, kendall-c, pearson, icc, spread or bias."),
    Opt("weights", "value", "none, linear or quadratic, for weighted statistics."),
    Opt("metric", "value", "Krippendorff's metric: nominal, ordinal, interval or ratio."),
    Opt("categories", "list", "The declared scale, in order: numbers or labels."),
    Opt("ci", "value", "A 95% interval: analytic, t, bootstrap or bca."),
    Opt("resamples", "value", "Bootstrap resamples (100–100000; default 2000)."),
    Opt("seed", "value", "Bootstrap seed (default 0)."),
    Opt("tolerance", "value", "For percent: ratings within ± this many points agree."),
    Opt("icc-form", "value", "McGraw–Wong ICC form: 1, k, A,1 (default), C,1, A,k or C,k."),
    Opt("group-by", "value", "Compute the statistic for each value of this column."),
    Opt("format", "value", "The file's format when its extension does not say: csv, tsv or jsonl."),
    Opt("table", "flag", "The file is a k×k table of counts."),
    Opt("population", "flag", "For spread: also the population variance and standard deviation."),
)

ALIGN = _table(
    Opt("rubric", "value", "The rubric the judge scores with (optional with judge_scores)."),
    Opt("labels", "files", "Expert label sheets (.labels.csv); several merge their raters. Required."),
    Opt("judge-scores", "files", "Scores a judge produced elsewhere, aligned instead of judging; several files "
        "set several judges side by side."),
    Opt("categories", "list", "With judge_scores and no rubric: the integer levels of every dimension's scale."),
    Opt("statistic", "value", "The verdict's statistic: cohen-kappa (with weights), krippendorff-alpha (with "
        "metric ordinal), gwet-ac2, spearman, kendall-b or pearson; default quadratic-weighted kappa."),
    Opt("weights", "value", "none, linear or quadratic, for the verdict's kappa or AC2."),
    Opt("metric", "value", "Krippendorff's metric, for the verdict's alpha."),
    Opt("ci", "value", "Intervals: analytic, t, bootstrap or bca (default: each statistic's best)."),
    Opt("resamples", "value", "Bootstrap resamples: 0, or 100–100000 (default 2000)."),
    Opt("seed", "value", "Bootstrap seed (default 0)."),
    Opt("experts", "value", "How a row's raters become its expert value: majority, mean, median or each."),
    Opt("threshold", "value", "The verdict's threshold (default 0.6)."),
    Opt("threshold-from-ceiling", "value", "Each dimension's threshold as this factor × the experts' own agreement."),
    Opt("sequential", "value", "Count this look in a plan of at most this many looks."),
    Opt("epsilon", "value", "The alternative annotator test's margin (default 0.2)."),
    Opt("alt-test-scorer", "value", "accuracy or negative-rmse, for the alternative annotator test."),
    Opt("group-by", "value", "Per-group correlations, averaged (a run field path such as metadata.doc_id)."),
    Opt("worst", "value", "How many worst disagreements to list (default 5)."),
    Opt("report", "value", "Also write the report to this file: .html, .md, else JSON."),
    Opt("history", "value", "The history file a line is appended to (default calibration/history.jsonl)."),
    Opt("junit", "value", "Also write the verdicts as JUnit XML to this file, for a CI test reporter."),
    Opt("split", "value", "Only this split's rows: development or validation."),
    Opt("splits", "value", "The split record (default beside the first label sheet)."),
    Opt("split-shares", "list", "Shares of a new split record (default 50,25,25)."),
    Opt("ids", "value", "Only the rows listed in this file, one id a line."),
    Opt("sample", "value", "Only this many labelled rows, drawn at random with seed."),
    *_MODEL,
    Opt("means", "flag", "Labels are means of several experts: any value within the scale is accepted."),
    Opt("include-examples", "flag", "Keep the rubric's worked-example rows in the figures."),
    Opt("no-history", "flag", "Do not append to the history file."),
    Opt("require-certified", "flag", "Refuse unless the rubric and model match the lineage's certificate."),
    Opt("pairwise", "flag", "Compare response.a and response.b in both orders; align with a preference column."),
    Opt("require-audited", "flag", "Refuse unless the judge's calibration passed its last audit."),
)

ESTIMATE = _table(
    Opt("judge-scores", "value", "The judge's scores of every row, instead of judging the run."),
    Opt("rubric", "value", "The rubric: dimensions and scales, and what the judge scores with."),
    Opt("categories", "list", "Without a rubric: the levels."),
    Opt("pass-at", "value", "Also the pass rate: rows at or above this level pass."),
    Opt("versus", "value", "Run B's judge scores: estimate A − B."),
    Opt("versus-labels", "files", "Run B's label sheets."),
    Opt("report", "value", "Also write the estimates: .html, .md or JSON."),
    Opt("frame", "value", "The sampling frame extract wrote (default: found beside the sheets)."),
    Opt("calibration", "value", "A saved calibration to read the judge's scores through."),
    Opt("history", "value", "With calibration: the history its audits are read from."),
    Opt("gate", "list", "Gates on corrected figures: Relevance>=3.5, Relevance:pass-rate>=0.8 or Usefulness<=2."),
    Opt("labels", "files", "Expert label sheets (.labels.csv). Required."),
    Opt("junit", "value", "With gate: also write the gates' verdicts as JUnit XML to this file."),
    *_MODEL,
    Opt("means", "flag", "Labels are means of several experts: any value within the scale is accepted."),
    Opt("random-sample", "flag", "Declare the labelled rows a uniform random sample of the run."),
    Opt("not-for-inference", "flag", "The labelled rows were picked by hand: figures marked not for inference."),
    Opt("require-audited", "flag", "Refuse unless the judge's calibration passed its last audit."),
)

EXPORT = _table(
    Opt("judgments", "files", "Judgments or judge-scores files; one rater each."),
    Opt("labels", "files", "Expert label sheets (.labels.csv)."),
    Opt("rubric", "value", "The rubric: its dimensions and scales (needed for labels alone)."),
    Opt("splits", "value", "A splits record (.splits.json) for the split column."),
    Opt("format", "value", "The table's format, csv or jsonl (default: jsonl to a temporary file, csv to output)."),
    Opt("output", "value", "Where to write the table as well (default: a temporary file, removed)."),
)

#: Per command, the options no keyword gives, and why.
EXCLUDED = {
    "agreement": {"json": "always given: the API reads the JSON", "level": "the former name of metric"},
    "align": {"json": "always given: the API reads the JSON"},
    "estimate": {"json": "always given: the API reads the JSON"},
    "export": {},
}

TABLES = {"agreement": AGREEMENT, "align": ALIGN, "estimate": ESTIMATE, "export": EXPORT}


def arguments(command: str, options: dict) -> list[str]:
    """The command line options for ``options`` (keyword → value) of ``command``.

    Raises:
        TypeError: a keyword the command does not take, or a value of the wrong kind.
    """
    table = TABLES[command]
    words: list[str] = []
    for keyword, value in options.items():
        if keyword not in table:
            raise TypeError(f"{command}() got an unexpected keyword argument {keyword!r}")
        if value is None:
            continue
        opt = table[keyword]
        name = "--" + opt.flag
        if opt.kind == "flag":
            if not isinstance(value, bool):
                raise TypeError(f"{command}(): {keyword} is a switch ({name}): give True or False, not {value!r}")
            if value:
                words.append(name)
        elif opt.kind == "list":
            items = [value] if isinstance(value, (str, int, float, os.PathLike)) else list(value)
            words += [name, ",".join(_word(keyword, v) for v in items)]
        elif opt.kind == "files":
            items = [value] if isinstance(value, (str, int, float, os.PathLike)) else list(value)
            for item in items:
                words += [name, _word(keyword, item)]
        else:
            words += [name, _word(keyword, value)]
    return words


def _word(keyword: str, value) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int, float, os.PathLike)):
        raise TypeError(f"{keyword}: expected a string, number or path, not {value!r}")
    return os.fspath(value) if isinstance(value, os.PathLike) else str(value)


def docs(command: str) -> str:
    """The keyword list for ``command``'s docstring: each keyword, its option and what it does."""
    lines = []
    for keyword, opt in TABLES[command].items():
        shape = {"flag": "bool", "list": "list or str", "files": "list, str or path", "value": "str, number or path"}[opt.kind]
        lines.append(f"    {keyword} ({shape}): --{opt.flag}. {opt.doc}")
    return "\n".join(lines)
