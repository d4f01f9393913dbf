"""Render :func:`witnesses.rates.rates` cells as text, Markdown, CSV or JSON."""

from __future__ import annotations

import csv
import io
import json
import textwrap
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from witnesses._validation import check_iterable
from witnesses.rates._core import RATE_NAMES, CellRates

__all__ = ["ABSENT", "FORMATS", "WIDTH", "format_cells"]

FORMATS = ("text", "md", "csv", "json")
"""The output formats of :func:`format_cells`."""

WIDTH = 100
"""Widest line of the text format: wider tables wrap into column blocks."""

ABSENT = "not in this file"
"""The entry of a statistic whose inputs the file does not hold."""


def format_cells(
    cells: Sequence[CellRates],
    *,
    fmt: str = "text",
    digits: int = 3,
    meta: Mapping[str, Any] | None = None,
    columns: Sequence[tuple[str, str]] | None = None,
    absent: Collection[str] = (),
) -> str:
    """Return ``cells`` as a table.

    Parameters
    ----------
    cells : sequence of CellRates
        The output of :func:`witnesses.rates.rates`.
    fmt : {"text", "md", "csv", "json"}
        ``"text"`` an aligned table; ``"md"`` a Markdown table (one row per
        cell, ``estimate [low, high]`` per statistic) and, below it, the
        legend of ``"text"`` (the interval methods and level) one paragraph
        a line; ``"csv"`` one row per
        cell and statistic with counts and interval; ``"json"`` every field.
        Only statistics measured in some cell are shown in text and Markdown.
    digits : int
        Decimals in text and Markdown (CSV and JSON keep full precision).
    meta : mapping, optional
        Extra top-level keys of the JSON document (the conventions used).
    columns : sequence of (title, statistic), optional
        The text and Markdown columns, in order (a preset's published
        layout, :attr:`witnesses.Preset.columns`); a statistic is a rate or a
        mean name. By default every statistic measured in some cell, a mean
        of 0s and 1s that repeats a rate (``raw_validity_score`` beside
        ``raw_validity``) once.
    absent : collection of str
        Statistics whose inputs the file does not hold: shown as ``not in
        this file`` (never as ``0/n``), left out of CSV and listed under
        ``not_in_this_file`` in JSON.

    Returns
    -------
    str
        The table, ending in a newline.

    Raises
    ------
    TypeError
        If ``cells`` is not a sequence of :class:`CellRates`, or ``columns``
        not an iterable (it is read once).
    ValueError
        If ``fmt`` is unknown, or the cells are not all grouped by the same
        fields (cells of different :func:`witnesses.rates.rates` calls: the table
        would drop the fields the first cell lacks).

    Examples
    --------
    >>> from witnesses import Trial
    >>> from witnesses.rates import rates
    >>> from witnesses.rates import format_cells
    >>> cells = rates([Trial("t1", "naive", raw_validity=0.9),
    ...                Trial("t2", "naive", raw_validity=0.3)])
    >>> print(format_cells(cells, fmt="md"), end="")
    | condition | n | raw_validity | mean raw_validity_score |
    |---|---|---|---|
    | naive | 2 | 0.500 [0.095, 0.905] (1/2) | 0.600 [0.300, 0.900] (n=2) |
    <BLANKLINE>
    intervals (95%): proportions (k/n): wilson; mean raw_validity_score: bootstrap-percentile
    """
    if isinstance(cells, str | bytes) or not isinstance(cells, Sequence):
        msg = f"cells must be a sequence of CellRates, got {cells!r}"
        raise TypeError(msg)
    for i, cell in enumerate(cells):
        if not isinstance(cell, CellRates):
            msg = f"cells[{i}] must be a CellRates, got {cell!r} of type {type(cell).__name__}"
            raise TypeError(msg)
    fields = tuple(cells[0].group) if cells else ()
    for i, cell in enumerate(cells):
        if tuple(cell.group) != fields:
            msg = (
                f"cells[{i}] is grouped by {tuple(cell.group)!r} but cells[0] by "
                f"{fields!r}; format the cells of one rates() call"
            )
            raise ValueError(msg)
    if fmt not in FORMATS:
        msg = f"fmt must be one of {', '.join(map(repr, FORMATS))}, got {fmt!r}"
        raise ValueError(msg)
    absent = frozenset(absent)
    if columns is not None:  # read once: a generator gave a header over empty rows
        columns = tuple(check_iterable(columns, "columns", "(title, statistic) pairs"))
    if fmt == "json":
        docs = [c.to_dict() for c in cells]
        for d in docs:
            for part in ("rates", "means"):
                d[part] = {k: v for k, v in d[part].items() if k not in absent}
        doc = {**dict(meta or {}), "cells": docs}
        if absent:
            doc["not_in_this_file"] = sorted(absent)
        return json.dumps(doc, sort_keys=True, indent=2, allow_nan=False) + "\n"
    if fmt == "csv":
        return _long_csv(cells, absent)
    header, rows, legend = _wide(cells, digits, columns, absent)
    if fmt == "md":
        cells_md = [[_md(x) for x in r] for r in [header, *rows]]
        lines = ["| " + " | ".join(cells_md[0]) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row) + " |" for row in cells_md[1:]]
        # the conventions (interval method and level), one paragraph each
        return "\n".join(lines) + "\n" + "".join(f"\n{line}\n" for line in legend)
    keep = len(cells[0].group) + 1 if cells else 1
    blocks = _blocks([header, *rows], keep)
    text = "\n\n".join("\n".join(block) for block in blocks)
    wrapped = (
        textwrap.fill(line, width=WIDTH, subsequent_indent="  ", break_long_words=False)
        for line in legend
    )
    return text + "\n" + "".join(f"{line}\n" for line in wrapped)


def _blocks(table: list[list[str]], keep: int) -> list[list[str]]:
    """Lay ``table`` out in blocks of columns no wider than :data:`WIDTH`.

    The first ``keep`` columns (the group and ``n``) start every block.
    """
    widths = [max(len(r[i]) for r in table) for i in range(len(table[0]))]
    lead = sum(widths[:keep]) + 2 * keep
    chunks: list[list[int]] = [[]]
    used = lead
    for i in range(keep, len(widths)):
        if chunks[-1] and used + widths[i] > WIDTH:
            chunks.append([])
            used = lead
        chunks[-1].append(i)
        used += widths[i] + 2
    out = []
    for chunk in chunks:
        idx = [*range(keep), *chunk]
        out.append(
            ["  ".join(r[i].ljust(widths[i]) for i in idx).rstrip() for r in table]
        )
    return out


def _wide(
    cells: Sequence[CellRates],
    digits: int,
    columns: Sequence[tuple[str, str]] | None,
    absent: frozenset[str],
) -> tuple[list[str], list[list[str]], list[str]]:
    groups = list(cells[0].group) if cells else []
    if columns is None:
        columns = _default_columns(cells, absent)
    header = [*groups, "n", *(title for title, _ in columns)]
    rows = []
    methods: dict[str, None] = {}
    notes: dict[str, None] = {}
    levels: set[float] = set()
    for c in cells:
        row = [_plain(c.group[g]) for g in groups] + [str(c.n_trials)]
        for _, stat in columns:
            row.append(ABSENT if stat in absent else _entry(c, stat, digits))
            if stat in absent:
                continue
            rate, mean = c.rates.get(stat), c.means.get(stat)
            if rate is not None and rate.ci is not None:
                methods[f"proportions (k/n): {rate.ci.method}"] = None
                levels.add(rate.ci.confidence_level)
            if mean is not None and mean.ci is not None:
                methods[f"mean {stat}: {mean.interval}"] = None
                levels.add(mean.ci.confidence_level)
            if mean is not None and mean.note and mean.n:
                notes[f"{stat}: {mean.note}"] = None
        rows.append(row)
    shown = ", ".join(f"{level:.0%}" for level in sorted(levels))
    legend = [f"intervals ({shown}): " + "; ".join(methods)] if methods else []
    legend += [f"note: {n}" for n in notes]
    if absent & {stat for _, stat in columns}:
        legend.append(f"{ABSENT}: the file has no column for its inputs")
    return header, rows, legend


def _default_columns(
    cells: Sequence[CellRates], absent: frozenset[str] = frozenset()
) -> list[tuple[str, str]]:
    shown = [n for n in RATE_NAMES if any(c.rates[n].denominator for c in cells)]
    if "silent_mirage" not in shown:  # no degraded trial anywhere: 0/n says nothing
        shown = [n for n in shown if n != "silent_mirage_per_trial"]
    names = dict.fromkeys(n for c in cells for n in c.means)
    means = [n for n in names if any(n in c.means and c.means[n].n for c in cells)]
    if "raw_validity" in shown and all(
        c.means["raw_validity_score"].interval not in _CONTINUOUS
        for c in cells
        if c.means["raw_validity_score"].n
    ):  # a 0/1 validity is the raw_validity proportion: print it once
        means = [n for n in means if n != "raw_validity_score"]
    shown = [n for n in shown if n not in absent]
    means = [n for n in means if n not in absent]
    return [(n, n) for n in shown] + [(f"mean {n}", n) for n in means]


_CONTINUOUS = ("student-t", "bootstrap-percentile")


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


def _long_csv(cells: Sequence[CellRates], absent: frozenset[str]) -> str:
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
            if r.name in absent:
                continue
            writer.writerow(
                [*key, r.name, "proportion", r.numerator, r.denominator,
                 *map(_num, (r.estimate, r.low, r.high)), r.denominator_rule]
            )  # fmt: skip
        for m in c.means.values():
            if m.name in absent:
                continue
            writer.writerow(
                [*key, m.name, f"mean ({m.interval})", "", m.n,
                 *map(_num, (m.mean, m.low, m.high)), m.rule]
            )  # fmt: skip
    return out.getvalue()


def _num(value: float | None) -> str:
    return "" if value is None else repr(value)
