"""The rate layer's command line: a harness file's rates and means, per cell.

``python -m witnesses.rates FILE [--preset P | --map field=column ...]
[--measure name=column ...] [--condition NAME] [--by col ...] [--table T]
[--format text|md|csv|json] [--out FILE]``, also installed as
``context-laws-rates``.

Reading is strict: a column named by ``--map`` or ``--measure`` must be in
the file (the message suggests the nearest), a ``--by`` field must have a
value in some row, an empty file is an error; a preset's statistic whose
inputs the file does not hold prints as ``not in this file``. A measure whose
values all lie in ``[0, 1]`` is a bounded score: its interval is the
percentile bootstrap (0s and 1s only: Wilson), never one outside ``[0, 1]``.

Exit codes: 0 on success, 2 for a usage error or a file that cannot be read
(the message names the file, the row and the column), 3 for a crash.
"""

from __future__ import annotations

import argparse
import difflib
import sys
import textwrap
import traceback
from collections.abc import Mapping, Sequence
from operator import attrgetter
from pathlib import Path
from typing import Any

from witnesses._interrupt import CLOSED_PIPE, print_or_closed
from witnesses.rates._core import Conventions, rates
from witnesses.rates._fields import IDENTITY
from witnesses.rates._load import load_file, make_plan, misspelt_note, suggest
from witnesses.rates._presets import PRESETS
from witnesses.rates._table import FORMATS, format_cells
from witnesses.rates.trials import TRIAL_FIELDS, Trial
from witnesses.runtime import check_output_path, write_atomic

__all__ = ["main"]


def _pairs(values: Sequence[str], flag: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in values:
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip()  # "full_pivot = ret" as typed
        if not sep or not key or not value:
            msg = f"{flag} takes name=column, got {item!r}"
            raise ValueError(msg)
        if out.get(key, value) != value:
            msg = (
                f"{flag} {key} is given twice ({out[key]!r} and {value!r}); "
                "give it once"
            )
            raise ValueError(msg)
        out[key] = value
    return out


def _parser(prog: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog,
        description=__doc__.splitlines()[0] if __doc__ else None,
        epilog="exit status: 0 on success; 2 for a usage error or a file that "
        "cannot be read (the message names the file, the row and the column); "
        "3 for a crash; 141 when standard output was closed;"
        " 130 when interrupted (SIGINT), 143 when terminated (SIGTERM).",
    )
    p.add_argument("file", help="a CSV, JSON or JSONL file of trials")
    p.add_argument(
        "--preset", choices=sorted(PRESETS), help="a published harness schema"
    )
    p.add_argument(
        "--map", action="append", default=[], metavar="FIELD=COLUMN",
        help="read a Trial field from a column (fields: "
        + ", ".join(f for f in TRIAL_FIELDS if f != "measures")
        + "; a measure's column: --measure)",
    )  # fmt: skip
    p.add_argument(
        "--measure", action="append", default=[], metavar="NAME=COLUMN",
        help="keep a numeric column as a measure (mean with interval)",
    )  # fmt: skip
    p.add_argument(
        "--condition", default=None, metavar="NAME",
        help="the condition of every row, for a file without a condition column",
    )  # fmt: skip
    p.add_argument(
        "--by", action="append", default=None, metavar="FIELD",
        help="group by this Trial field (repeat; default: the preset's first table, "
        "else condition)",
    )  # fmt: skip
    p.add_argument(
        "--table", default=None,
        help="with --preset: the published table to lay out (grouping and columns); "
        "default its first",
    )  # fmt: skip
    p.add_argument(
        "--method", default=None, choices=_METHODS,
        help="interval of the proportions (default wilson)",
    )  # fmt: skip
    p.add_argument("--format", choices=FORMATS, default="text")
    p.add_argument("--file-format", choices=("csv", "json", "jsonl"), default=None)
    p.add_argument(
        "--out", default=None, help="write here (atomically) instead of stdout"
    )
    return p


def main(argv: Sequence[str] | None, *, prog: str = "context-laws rates") -> int:
    r"""Run the command line; return the exit code.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from witnesses.rates.cli import main
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "runs.csv"
    >>> _ = path.write_text("task_id,condition,raw_validity\nt1,naive,1\n")
    >>> main([str(path), "--format", "csv"])  # doctest: +ELLIPSIS
    condition,n_trials,statistic,kind,k,n,estimate,low,high,rule
    naive,1,raw_validity,proportion,1,1,1.0,...
    0
    """
    parser = _parser(prog)
    args = parser.parse_args(argv)
    if args.out is not None:
        try:
            check_output_path(args.out, name="--out")
        except ValueError as exc:
            print(f"{prog}: error: {exc}", file=sys.stderr)  # noqa: T201
            return 2
    try:
        text = _run(args)
    except (ValueError, TypeError) as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)  # noqa: T201
        return 2
    except Exception:  # a crash: report it, exit 3
        traceback.print_exc()
        return 3
    if args.out is None:
        return 0 if print_or_closed(text.rstrip("\n")) else CLOSED_PIPE
    try:
        write_atomic(Path(args.out), text, name="--out")
    except (OSError, ValueError) as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)  # noqa: T201
        return 2
    return 0


def _run(args: Any) -> str:
    mapping = _pairs(args.map, "--map")
    measures = _pairs(args.measure, "--measure")
    conventions: dict[str, Any] = {}
    by: list[str] = ["condition"]
    columns = None
    if args.preset is not None:
        preset = PRESETS[args.preset]
        conventions = dict(preset.conventions)
        table = args.table if args.table is not None else next(iter(preset.tables))
        if table not in preset.tables:
            msg = f"--table must be one of {', '.join(map(repr, preset.tables))}, got {table!r}"
            raise ValueError(msg)
        by = list(preset.tables[table])
        columns = None if args.by else preset.columns[table]
    elif args.table is not None:
        msg = "--table needs --preset"
        raise ValueError(msg)
    if args.by:
        by = list(args.by)
    path = Path(args.file)
    if args.condition is not None and "condition" in mapping:
        msg = (
            f"--condition {args.condition} and --map condition={mapping['condition']} "
            "both set the condition (the column would win); give one"
        )
        raise ValueError(msg)
    constants = {} if args.condition is None else {"condition": args.condition}
    plan = make_plan(
        path,
        TRIAL_FIELDS,
        mapping=mapping,
        measures=measures,
        constants=constants,
        preset=args.preset,
    )
    loaded = load_file(
        path, plan, Trial, format=args.file_format, max_bytes=_MAX_BYTES, warn=False
    )
    trials = loaded.trials
    read_as = {c: f for f, c in plan.columns}
    for name in by:
        if name not in TRIAL_FIELDS or name == "measures":
            raise ValueError(_by_hint(name, read_as))
        if all(getattr(t, name) is None for t in trials):
            column = dict(plan.columns)[name]
            where = (
                f"column {column!r} is not in the file{suggest(column, loaded.keys)}"
                if name in loaded.absent
                else f"column {column!r} is empty in every row"
            )
            msg = (
                f"{path}: --by {name}: no row has a {name}: {where}; map one "
                f"with --map {name}=COLUMN"
            )
            raise ValueError(msg)
    _require_a_statistic(path, trials, plan.columns, loaded.keys)
    measured = [m for m in map(attrgetter("measures"), trials) if m]
    bounded = [
        name
        for name in set().union(*measured)
        if all(0.0 <= m[name] <= 1.0 for m in measured if name in m)
    ]
    known: dict[str, Any] = {"bounded_measures": sorted(bounded)}
    if "bounded_measures" in conventions:
        known["bounded_measures"] = sorted(
            {*conventions.pop("bounded_measures"), *bounded}
        )
    if args.method is not None:
        conventions["method"] = args.method
    cells = rates(trials, by=by, **conventions, **known)
    # a column with no value in any row holds no more than an absent one: the
    # silent-mirage rates are not computed from a file that records no flag
    empty = {name for name, n in loaded.blank.items() if n == len(trials)}
    absent = _absent_statistics(loaded.absent | empty, Conventions(**{
        k: v for k, v in conventions.items() if k in _CONVENTION_NAMES
    }))  # fmt: skip
    meta = {
        "file": str(args.file),
        "preset": args.preset,
        "by": by,
        "conventions": {**conventions, **known},
        "proportion_interval": conventions.get("method", "wilson"),
        "confidence_level": 0.95,
        "mean_intervals": "each mean's 'interval' (wilson for 0/1 values, "
        "bootstrap-percentile for scores in [0, 1], student-t otherwise)",
    }
    columns_of = dict(plan.columns)
    used = {c for _, c in (*plan.columns, *plan.measures)}
    hints = []
    for name in sorted(loaded.absent):
        if name not in columns_of:
            continue
        column = columns_of[name]
        free = [k for k in loaded.keys if k not in used]
        close = difflib.get_close_matches(column, free, n=1, cutoff=0.8)
        if close:
            hints.append({"field": name, "column": column, "did_you_mean": close[0]})
    notes = [
        f"warning: column {h['column']!r} ({h['field']}"
        + (f", preset {args.preset}" if args.preset else "")
        + f") is not in {path.name}; did you mean {h['did_you_mean']!r}? "
        f"(--map {h['field']}={h['did_you_mean']})"
        for h in hints
    ]
    misspelt = misspelt_note(loaded, path)
    notes += [f"warning: {text}" for text in misspelt]
    if args.format == "json":
        meta["column_hints"] = hints
        meta["misspelt_keys"] = [
            {"row": row, "key": key, "column": column, "field": name}
            for row, key, column, name in loaded.misspelt
        ]
    elif args.format == "csv":
        for text in misspelt:
            print(f"warning: {text}", file=sys.stderr)  # noqa: T201
    notes += [
        f"note: {n} of {len(trials)} trials {'has' if n == 1 else 'have'} no "
        "value in column "
        f"{columns_of[name]!r} ({name}); "
        + "they are left out of the rates that read it (see the denominators)"
        for name, n in sorted(loaded.blank.items())
        if n < len(trials) or name != "degraded_flag"
    ]
    if args.format == "json":
        meta["no_value"] = {
            columns_of[name]: {"field": name, "trials": n}
            for name, n in sorted(loaded.blank.items())
        }
    text = format_cells(
        cells, fmt=args.format, meta=meta, columns=columns, absent=absent
    )
    if args.format in ("text", "md") and notes:
        text += ("\n" if args.format == "md" else "") + "".join(
            textwrap.fill(line, width=100, subsequent_indent="  ") + "\n"
            for line in notes
        )
    return text


def _require_a_statistic(
    path: Path,
    trials: Sequence[Trial],
    columns: Sequence[tuple[str, str]],
    keys: Sequence[str],
) -> None:
    """Refuse a file from which no rate or mean can be computed (a table of counts only).

    Every field but the trial's identity (task, condition, budget, model,
    category, seed) feeds a statistic; a file where none of them has a value
    in any row, and no measure either, is a mapping error, not a result.
    """
    wanted = [(f, c) for f, c in columns if f not in IDENTITY and f != "measures"]
    if not trials or any(t.measures for t in trials):
        return
    if any(getattr(t, f) is not None for t in trials for f, _ in wanted):
        return
    mapped = set(dict(columns).values())
    free = [k for k in keys if k not in mapped]
    shown = ", ".join(repr(c) for _, c in wanted[:5])
    msg = (
        f"{path}: no statistic to compute: no row has a value in any outcome, pivot "
        f"or score column ({shown}, ...); the file's other columns are "
        f"{', '.join(repr(k) for k in free) or 'none'}: map yours with --map "
        "FIELD=COLUMN, or a score with --measure NAME=COLUMN"
    )
    raise ValueError(msg)


_MAX_BYTES = 256 * 1024 * 1024
_METHODS = ("wilson", "clopper-pearson", "jeffreys", "agresti-coull")
_CONVENTION_NAMES = (
    "preservation_denominator",
    "pivot_reference",
    "missing_reference",
    "information_shift",
    "degraded_reference",
    "wrong_reference",
)


def _by_hint(name: str, read_as: Mapping[str, str]) -> str:
    """Return the error of ``--by NAME`` when NAME is not a trial field."""
    fields = [f for f in TRIAL_FIELDS if f != "measures"]
    column = difflib.get_close_matches(name, list(read_as), n=1, cutoff=0.8)
    if column:
        field = read_as[column[0]]
        hint = (
            f"; column {column[0]!r} is read as the field {field!r}: did you "
            f"mean --by {field}?"
        )
    else:
        close = difflib.get_close_matches(name, fields, n=1, cutoff=0.6)
        hint = f"; did you mean --by {close[0]}?" if close else ""
    return (
        f"--by {name}: not a trial field (--by takes fields, not columns: "
        f"{', '.join(fields)}){hint}"
    )


def _absent_statistics(fields: frozenset[str], conv: Conventions) -> set[str]:
    """Return the statistics whose inputs (trial fields) no row of the file holds."""
    ref = conv.pivot_reference + "_pivot"
    pivots = {"chosen_pivot", ref}
    preserved = pivots | (
        {"raw_validity"} if conv.preservation_denominator == "valid" else set()
    )
    shift = (
        {"chosen_pivot", "full_pivot"}
        if conv.information_shift == "chosen-full"
        else {"oracle_pivot", "truth_pivot"}
    )
    degraded = (
        {"oracle_degraded"}
        if conv.degraded_reference == "oracle"
        else {"chosen_pivot", conv.degraded_reference + "_pivot"}
    )
    needs = {
        "raw_validity": {"raw_validity"},
        "raw_validity_score": {"raw_validity"},
        "pivot_preservation": preserved,
        "fixed_pivot_feasibility": {"fixed_feasible"},
        "information_shift": shift,
        "silent_mirage": degraded | {"degraded_flag"},
        "silent_mirage_per_trial": degraded | {"degraded_flag"},
        "valid_but_switched": pivots | {"raw_validity"},
        "header_compliance": {"header_present"},
        "protocol_collapse": {"header_present"},
        "silent_substitution": pivots | {"header_present"},
        "preservation_given_header": pivots | {"header_present"},
        "semantic_regret": {"semantic_regret"},
        "relative_regret": {"full_score", "compressed_score"},
        "absolute_regret": {"full_score", "compressed_score"},
    }
    out = {stat for stat, inputs in needs.items() if inputs & fields}
    return out | {name for name in fields if name not in TRIAL_FIELDS}
