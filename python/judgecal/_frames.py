"""judgecal's JSON reports as pandas DataFrames (the schemas are docs/FORMATS.md's)."""

from __future__ import annotations

import json

import pandas as pd

#: The columns of a frame of estimates: one figure each, as judgecal's Estimate holds it.
ESTIMATE_COLUMNS = ["value", "se", "lower", "upper", "confidence", "method", "n", "undefined_code", "undefined"]

#: The tidy export's columns, in judgecal's order (docs/FORMATS.md, "Tidy export").
TIDY_COLUMNS = ["row_id", "dimension", "rater", "role", "value", "rationale", "failure", "split", "example"]


def is_estimate(node) -> bool:
    """Whether ``node`` is an Estimate: ``{value, n, standardError, interval}`` or ``{n, undefinedReason}``."""
    return isinstance(node, dict) and "n" in node and ("value" in node or "undefinedReason" in node)


def estimate_fields(node: dict) -> dict:
    """An Estimate's figures under ``ESTIMATE_COLUMNS``; absent ones are None (never 0)."""
    interval = node.get("interval") or {}
    reason = node.get("undefinedReason") or {}
    return {
        "value": node.get("value"),
        "se": node.get("standardError"),
        "lower": interval.get("lower"),
        "upper": interval.get("upper"),
        "confidence": interval.get("level"),
        "method": interval.get("method"),
        "n": node.get("n"),
        "undefined_code": reason.get("code"),
        "undefined": reason.get("message"),
    }


def estimates(node, path: str = "", levels: list | None = None, level=None):
    """Every Estimate under ``node``, depth first, as ``(path, level, figures)``.

    ``path`` joins the keys with dots (``cohenKappa.quadratic``); an item of a list is named by
    its index (``humanCeiling.pairs.0.statisticEstimate``), except that a list of estimates as
    long as ``levels`` is read as one per level (estimate's level shares: the path names the
    list, the level is given). ``level`` is also taken from an item's own ``level`` key
    (a calibrated level). Nothing that is an Estimate is left out.
    """
    if is_estimate(node):
        yield path, level, estimate_fields(node)
        return
    if isinstance(node, list):
        per_level = levels is not None and len(node) == len(levels) and all(map(is_estimate, node))
        for index, item in enumerate(node):
            if per_level:
                yield path, levels[index], estimate_fields(item)
            else:
                own = item.get("level", level) if isinstance(item, dict) else level
                yield from estimates(item, f"{path}.{index}", levels, own)
        return
    if isinstance(node, dict):
        for key, child in node.items():
            yield from estimates(child, f"{path}.{key}" if path else key, levels, level)


def agreement_frame(report: dict) -> pd.DataFrame:
    """``judgecal agreement --json``: one row per figure (group, raters, measure, the estimate, test, table)."""
    rows = []
    for result in report["results"]:
        ci = result.get("ci") or {}
        test = result.get("test") or {}
        undefined = result.get("undefined") or {}
        table = result.get("table")
        rows.append({
            "group": result.get("group"),
            "raters": tuple(result["raters"]),
            "measure": result["measure"],
            "value": result.get("value"),
            "se": result.get("se"),
            "lower": ci.get("lower"),
            "upper": ci.get("upper"),
            "confidence": ci.get("level"),
            "method": ci.get("method"),
            "n": result.get("n"),
            "excluded": result.get("excluded"),
            "undefined_code": undefined.get("code"),
            "undefined": undefined.get("message"),
            "z": test.get("z"),
            "p": test.get("p"),
            "table": square_frame(table["labels"], table["counts"], "first", "second") if table else None,
            "notes": list(result.get("notes") or []),
        })
    return pd.DataFrame(rows)


def square_frame(labels: list, counts: list, rows: str, columns: str) -> pd.DataFrame:
    """A k×k table of counts, its index named ``rows`` and its columns ``columns``."""
    return pd.DataFrame(
        counts,
        index=pd.Index(labels, name=rows),
        columns=pd.Index(labels, name=columns),
    )


def dimensions_frame(report: dict) -> pd.DataFrame:
    """An alignment report's per-dimension summary: the verdict, its statistic, and the main figures' values."""
    rows = []
    for d in report["dimensions"]:
        verdict = d.get("verdict") or {}
        estimate = estimate_fields(d.get("statisticEstimate") or {"n": None})
        counts = d.get("counts") or {}
        kappa = d.get("cohenKappa") or {}
        rows.append({
            "dimension": d["name"],
            "verdict": verdict.get("outcome"),
            "statistic": d.get("statistic"),
            "value": estimate["value"],
            "lower": estimate["lower"],
            "upper": estimate["upper"],
            "threshold": verdict.get("threshold"),
            "additional_rows_needed": verdict.get("additionalRowsNeeded"),
            "explanation": verdict.get("explanation"),
            "paired": counts.get("paired"),
            "judge_failures": counts.get("judgeFailures"),
            "exact_agreement": _value(d.get("exactAgreement")),
            "within_one": _value(d.get("withinOne")),
            "kappa": _value(kappa.get("unweighted")),
            "linear_kappa": _value(kappa.get("linear")),
            "quadratic_kappa": _value(kappa.get("quadratic")),
            "alpha_ordinal": _value(d.get("krippendorffAlphaOrdinal")),
            "ac2": _value(d.get("gwetAC2")),
            "pearson": _value(d.get("pearson")),
            "spearman": _value(d.get("spearman")),
            "kendall_tau_b": _value(d.get("kendallTauB")),
            "bias": _value(d.get("bias")),
        })
    return pd.DataFrame(rows)


def pairwise_dimension(report: dict) -> dict:
    """A preference alignment (``align --pairwise``) as one dimension, ``preference``, of a pointwise report:
    its verdict on Cohen's kappa over a, tie and b, its exact agreement, and its table turned to put the
    human's preference on the rows and the judge's on the columns, as every confusion matrix here."""
    agreement = report["agreement"]
    kappa = agreement["kappa"]["kappa"]
    labels = agreement["table"]["scale"]["labels"]
    k = len(labels)
    judge_by_human = [agreement["table"]["counts"][i * k:(i + 1) * k] for i in range(k)]
    return {
        "name": "preference",
        "verdict": report["verdict"],
        "statistic": "kappa",
        "statisticEstimate": kappa,
        "counts": {"paired": kappa.get("n"), "judgeFailures": report.get("failed")},
        "exactAgreement": agreement["percentAgreement"],
        "cohenKappa": {"unweighted": kappa},
        "confusionMatrix": {"labels": labels, "counts": [list(row) for row in zip(*judge_by_human)]},
    }


def pairwise_figures_frame(report: dict) -> pd.DataFrame:
    """Every Estimate of a preference alignment, ``figure`` its key path in the report (``agreement.kappa.kappa``)."""
    rows = [
        {"dimension": "preference", "figure": path, **figures}
        for path, _, figures in estimates(report["agreement"], "agreement")
    ]
    return pd.DataFrame(rows, columns=["dimension", "figure", *ESTIMATE_COLUMNS])


def figures_frame(report: dict) -> pd.DataFrame:
    """Every Estimate of every dimension, long: ``dimension``, ``figure`` (its key path) and ``ESTIMATE_COLUMNS``."""
    rows = [
        {"dimension": d["name"], "figure": path, **figures}
        for d in report["dimensions"]
        for path, _, figures in estimates(d)
    ]
    return pd.DataFrame(rows, columns=["dimension", "figure", *ESTIMATE_COLUMNS])


def confusion_frames(report: dict) -> dict[str, pd.DataFrame]:
    """Each dimension's confusion matrix (rows the expert's level, columns the judge's); none without a scale."""
    return {
        d["name"]: square_frame(d["confusionMatrix"]["labels"], d["confusionMatrix"]["counts"], "expert", "judge")
        for d in report["dimensions"]
        if d.get("confusionMatrix")
    }


def worst_frame(report: dict) -> pd.DataFrame:
    """The worst disagreements of every dimension, largest first within each."""
    rows = [
        {
            "dimension": d["name"],
            "row_id": w["rowID"],
            "judge": w["judge"],
            "expert": w["expert"],
            "difference": w["difference"],
            "judge_rationale": w.get("judgeRationale"),
            "expert_note": w.get("expertNote"),
        }
        for d in report["dimensions"]
        for w in d.get("worstDisagreements") or []
    ]
    columns = ["dimension", "row_id", "judge", "expert", "difference", "judge_rationale", "expert_note"]
    return pd.DataFrame(rows, columns=columns)


def judges_frame(table: dict) -> pd.DataFrame:
    """Several judges' table (``align --judge-scores A B …``): per dimension and judge (or panel) its figure and verdict."""
    rows = []
    for d in table["dimensions"]:
        for row in d["rows"]:
            multiplier = (row.get("labelMultiplier") or {}).get("multiplier")
            rows.append({
                "dimension": d["name"],
                "judge": row["judge"],
                "n": row.get("n"),
                "judge_failures": row.get("judgeFailures"),
                **{k: v for k, v in estimate_fields(row["statisticEstimate"]).items() if k != "n"},
                "verdict": row.get("verdict"),
                "label_multiplier": _value(multiplier),
            })
    return pd.DataFrame(rows)


def estimates_frame(report: dict) -> pd.DataFrame:
    """``judgecal estimate --json``, long: per dimension every Estimate, as ``quantity`` (mean, passRate,
    levels, calibrated, versus), ``estimator`` (the rest of its key path: corrected, judgeOnly, …) and
    ``level`` (for the level shares), with ``ESTIMATE_COLUMNS``."""
    rows = []
    for d in report["dimensions"]:
        levels = (d.get("levels") or {}).get("levels")
        for part in ("mean", "passRate", "levels", "calibrated", "versus"):
            if part not in d:
                continue
            for path, level, figures in estimates(d[part], "", levels if part == "levels" else None):
                rows.append({"dimension": d["name"], "quantity": part, "estimator": path, "level": level, **figures})
    return pd.DataFrame(rows, columns=["dimension", "quantity", "estimator", "level", *ESTIMATE_COLUMNS])


def _value(node):
    return node.get("value") if isinstance(node, dict) else None


def tidy_frame(path, kind: str) -> pd.DataFrame:
    """The tidy export's table read back from ``path`` (``csv`` or ``jsonl``), the same either way:
    ``value`` a float (NaN when there is none), empty text None, ``example`` a bool; a CSV cell's
    spreadsheet guard (a ``'`` before ``= + - @ ' \\t \\r``, CSVWriter.spreadsheetSafe) is taken off."""
    if kind == "jsonl":
        with open(path, encoding="utf-8") as lines:
            frame = pd.DataFrame([json.loads(line) for line in lines if line.strip()], columns=TIDY_COLUMNS)
    else:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False).map(_spreadsheet_original)
        frame = frame.replace({"": None})
        frame["example"] = frame["example"] == "true"
    frame["value"] = pd.to_numeric(frame["value"]).astype(float)
    frame["example"] = frame["example"].astype(bool)
    return frame[TIDY_COLUMNS]


def _spreadsheet_original(cell: str) -> str:
    """A CSV cell without the ``'`` judgecal puts before a first character a spreadsheet would run."""
    return cell[1:] if len(cell) > 1 and cell[0] == "'" and cell[1] in "=+-@'\t\r" else cell
