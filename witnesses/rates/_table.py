"""Render :func:`witnesses.rates` cells as text, Markdown, CSV or JSON."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from witnesses.rates._core import RATE_NAMES, CellRates

__all__ = ["FORMATS", "format_cells"]

FORMATS = ("text", "md", "csv", "json")
"""The output formats of :func:`format_cells`."""


def format_cells(
    cells: Sequence[CellRates],
    *,
    fmt: str = "text",
    digits: int = 3,
    meta: Mapping[str, Any] | None = None,
    columns: Sequence[tuple[str, str]] | None = None,
) -> str:
    """Return ``cells`` as a table.

    Parameters
    ----------
    cells : sequence of CellRates
        The output of :func:`witnesses.rates`.
    fmt : {"text", "md", "csv", "json"}
        ``"text"`` an aligned table; ``"md"`` a Markdown table (one row per
        cell, ``estimate [low, high]`` per statistic); ``"csv"`` one row per
        cell and statistic with counts and interval; ``"json"`` every field.
        Only statistics measured in some cell are shown in text and Markdown.
    digits : int
        Decimals in text and Markdown (CSV and JSON keep full precision).
    meta : mapping, optional
        Extra top-level keys of the JSON document (the conventions used).
    columns : sequence of (title, statistic), optional
        The text and Markdown columns, in order (a preset's published
        layout, :attr:`witnesses.Preset.columns`); a statistic is a rate or a
        mean name. By default every statistic measured in some cell.

    Returns
    -------
    str
        The table, ending in a newline.

    Examples
    --------
    >>> from witnesses import Trial, rates
    >>> from witnesses.rates import format_cells
    >>> cells = rates([Trial("t1", "naive", raw_validity=0.9),
    ...                Trial("t2", "naive", raw_validity=0.3)])
    >>> print(format_cells(cells, fmt="md"), end="")
    | condition | n | raw_validity | mean raw_validity_score |
    |---|---|---|---|
    | naive | 2 | 0.500 [0.095, 0.905] (1/2) | 0.600 [0.300, 0.900] (n=2) |
    """
    if isinstance(cells, str | bytes) or not isinstance(cells, Sequence):
        msg = f"cells must be a sequence of CellRates, got {cells!r}"
        raise TypeError(msg)
    for i, cell in enumerate(cells):
        if not isinstance(cell, CellRates):
            msg = f"cells[{i}] must be a CellRates, got {cell!r} of type {type(cell).__name__}"
            raise TypeError(msg)
    if fmt not in FORMATS:
        msg = f"fmt must be one of {', '.join(map(repr, FORMATS))}, got {fmt!r}"
        raise ValueError(msg)
    if fmt == "json":
        doc = {**dict(meta or {}), "cells": [c.to_dict() for c in cells]}
        return json.dumps(doc, sort_keys=True, indent=2, allow_nan=False) + "\n"
    if fmt == "csv":
        return _long_csv(cells)
    header, rows = _wide(cells, digits, columns)
    if fmt == "md":
        cells_md = [[_md(x) for x in r] for r in [header, *rows]]
        lines = ["| " + " | ".join(cells_md[0]) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row) + " |" for row in cells_md[1:]]
        return "\n".join(lines) + "\n"
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return (
        "\n".join(
            "  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip()
            for r in [header, *rows]
        )
        + "\n"
    )


def _wide(
    cells: Sequence[CellRates],
    digits: int,
    columns: Sequence[tuple[str, str]] | None,
) -> tuple[list[str], list[list[str]]]:
    groups = list(cells[0].group) if cells else []
    if columns is None:
        columns = _default_columns(cells)
    header = [*groups, "n", *(title for title, _ in columns)]
    rows = []
    for c in cells:
        row = [_plain(c.group[g]) for g in groups] + [str(c.n_trials)]
        row += [_entry(c, stat, digits) for _, stat in columns]
        rows.append(row)
    return header, rows


def _default_columns(cells: Sequence[CellRates]) -> list[tuple[str, str]]:
    shown = [n for n in RATE_NAMES if any(c.rates[n].denominator for c in cells)]
    if "silent_mirage" not in shown:  # no degraded trial anywhere: 0/n says nothing
        shown = [n for n in shown if n != "silent_mirage_per_trial"]
    names = dict.fromkeys(n for c in cells for n in c.means)
    means = [n for n in names if any(n in c.means and c.means[n].n for c in cells)]
    return [(n, n) for n in shown] + [(f"mean {n}", n) for n in means]


def _entry(cell: CellRates, stat: str, digits: int) -> str:
    if stat in cell.rates:
        r = cell.rates[stat]
        if r.estimate is None:
            return "-"
        return (
            f"{_ci(r.estimate, r.low, r.high, digits)} ({r.numerator}/{r.denominator})"
        )
    m = cell.means.get(stat)
    if m is None or m.mean is None:
        return "-"
    return f"{_ci(m.mean, m.low, m.high, digits)} (n={m.n})"


def _ci(value: float, low: float | None, high: float | None, digits: int) -> str:
    if low is None or high is None:
        return f"{value:.{digits}f}"
    return f"{value:.{digits}f} [{low:.{digits}f}, {high:.{digits}f}]"


def _md(text: str) -> str:
    """Escape what would end a Markdown table cell."""
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _plain(value: Any) -> str:
    return "" if value is None else str(value)


def _long_csv(cells: Sequence[CellRates]) -> str:
    groups = list(cells[0].group) if cells else []
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            *groups,
            "n_trials",
            "statistic",
            "kind",
            "k",
            "n",
            "estimate",
            "low",
            "high",
            "rule",
        ]
    )
    for c in cells:
        key = [_plain(c.group[g]) for g in groups] + [c.n_trials]
        for r in c.rates.values():
            writer.writerow(
                [*key, r.name, "proportion", r.numerator, r.denominator,
                 *map(_num, (r.estimate, r.low, r.high)), r.denominator_rule]
            )  # fmt: skip
        for m in c.means.values():
            writer.writerow(
                [*key, m.name, f"mean ({m.interval})", "", m.n,
                 *map(_num, (m.mean, m.low, m.high)), m.rule]
            )  # fmt: skip
    return out.getvalue()


def _num(value: float | None) -> str:
    return "" if value is None else repr(value)
