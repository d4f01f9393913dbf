"""``context-laws bench``: LongMemEval and LoCoMo result files, read as they are.

``context-laws bench longmemeval EVAL_RESULTS --questions QUESTIONS.json``
prints what LongMemEval's own metrics script prints (accuracy per question
type with its count, overall, task-averaged and abstention accuracy), with a
Wilson interval for every proportion. ``context-laws bench locomo
SCORES.json --model NAME`` prints the mean F1 (``<NAME>_f1``) per category
and overall, each with a percentile-bootstrap interval (its ends are means of
resampled F1 values, so they stay in ``[0, 1]``).

``--compare OTHER`` pairs two systems by question id: the exact McNemar test
(binary labels) or the exact or Monte Carlo paired permutation test of the
mean difference (scores), per category with Holm's adjustment across the
categories and overall, the difference with a paired bootstrap interval and
the minimum detectable difference at this n. A question in one file and not
the other is an error naming it, unless ``--allow-unpaired``.

Exit codes: 0 on success, 2 for a usage error or a file that cannot be read
(one line naming the file, the row or question and the fix; nothing is
written to ``--out``), 3 for a crash.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import math
import sys
import textwrap
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from theory.inference import mcnemar, proportion_ci
from witnesses._interrupt import CLOSED_PIPE, print_or_closed
from witnesses.rates._benchmark_files import (
    LOCOMO_CATEGORIES,
    _question_types,
    load_locomo_scores,
    load_longmemeval,
    unanswered_message,
)
from witnesses.rates.benchmarks import holm, minimum_detectable_difference
from witnesses.runtime import check_output_path, write_atomic

__all__ = ["main"]

FORMATS = ("text", "md", "csv", "json")
SMALL_N = 30
_METHODS = ("wilson", "clopper-pearson", "jeffreys", "agresti-coull")
_METHOD_NAMES = {
    "wilson": "Wilson score",
    "clopper-pearson": "Clopper-Pearson exact",
    "jeffreys": "Jeffreys",
    "agresti-coull": "Agresti-Coull",
}
_MAX_BYTES = 256 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class _Row:
    """One line of a summary: a category (or overall) of one system."""

    label: str
    n: int
    estimate: float | None
    low: float | None
    high: float | None
    note: str = ""


@dataclass(frozen=True, slots=True)
class _Pair:
    """One line of a comparison."""

    label: str
    n: int
    a: float
    b: float
    difference: float
    low: float | None
    high: float | None
    pvalue: float
    pvalue_holm: float | None
    note: str = ""


_EXIT = (
    "exit status: 0 when the summary (and any comparison) was printed, 2 for a "
    "usage error or a file that cannot be read as the benchmark's format "
    "(nothing is written to --out), 3 for a crash (traceback on stderr);"
    " 130 when interrupted (SIGINT), 143 when terminated (SIGTERM)."
)


def _parser(prog: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog, description=__doc__.splitlines()[0] if __doc__ else None,
        epilog=_EXIT,
    )  # fmt: skip
    sub = p.add_subparsers(dest="benchmark", required=True, metavar="BENCHMARK")
    lme = sub.add_parser(
        "longmemeval", help="LongMemEval eval-results (evaluate_qa.py's output)",
        epilog=_EXIT,
    )  # fmt: skip
    lme.add_argument("file", help="the eval-results JSONL file (any name)")
    lme.add_argument(
        "--questions", required=True,
        help="the benchmark's question file (longmemeval_s.json, _m or _oracle)",
    )  # fmt: skip
    lme.add_argument("--compare", default=None, help="a second eval-results file")
    lme.add_argument(
        "--method", default="wilson", choices=_METHODS,
        help="interval of every accuracy (default wilson)",
    )  # fmt: skip
    loc = sub.add_parser(
        "locomo", help="LoCoMo scores (<model>_f1 per question)", epilog=_EXIT
    )
    loc.add_argument("file", help="the LoCoMo JSON file (a list of samples)")
    loc.add_argument(
        "--model", required=True, help="read the scores <MODEL>_f1 of each question"
    )
    loc.add_argument("--compare", default=None, help="a second LoCoMo scores file")
    loc.add_argument(
        "--compare-model", default=None,
        help="the model key of --compare (default: --model)",
    )  # fmt: skip
    lme.add_argument(
        "--allow-unanswered", action="store_true",
        help="summarise the answered questions alone when the eval file does not "
        "answer every question of --questions (a note says how many are excluded)",
    )  # fmt: skip
    for q in (lme, loc):
        q.add_argument(
            "--allow-unpaired", action="store_true",
            help="with --compare: compare only the questions both files hold",
        )  # fmt: skip
        q.add_argument("--format", choices=FORMATS, default="text")
        q.add_argument(
            "--confidence-level", type=float, default=0.95,
            help="two-sided level of every interval (default 0.95)",
        )  # fmt: skip
        q.add_argument(
            "--n-resamples", type=int, default=9999,
            help="bootstrap and permutation resamples (default 9999, seed 0)",
        )  # fmt: skip
        q.add_argument("--out", default=None, help="write here (atomically)")
    return p


def main(argv: Sequence[str] | None, *, prog: str = "context-laws bench") -> int:
    """Run ``context-laws bench``; return the exit code.

    Examples
    --------
    >>> from witnesses.rates._bench_cli import main
    >>> main(["longmemeval", "docs/examples/longmemeval_a.jsonl.eval-results-gpt-4o",
    ...       "--questions", "docs/examples/longmemeval_questions.json",
    ...       "--format", "csv"])  # doctest: +ELLIPSIS
    benchmark,system,category,n,estimate,low,high,method,note
    longmemeval,...,knowledge-update,4,0.75,...
    0
    """
    args = _parser(prog).parse_args(argv)
    try:
        if args.out is not None:
            check_output_path(args.out, name="--out")
        text = _run(args)
    except (ValueError, TypeError) as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    except Exception:  # a crash: report it, exit 3
        traceback.print_exc()
        return 3
    if args.out is None:
        return 0 if print_or_closed(text.rstrip("\n")) else CLOSED_PIPE
    try:
        write_atomic(Path(args.out), text, name="--out")
    except (OSError, ValueError) as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    return 0


def _run(args: Any) -> str:
    level = args.confidence_level
    if not 0.0 < level < 1.0:
        msg = f"--confidence-level must be in (0, 1), got {level!r}"
        raise ValueError(msg)
    if not 2 <= args.n_resamples <= 1_000_000:
        msg = f"--n-resamples must be in [2, 1000000], got {args.n_resamples!r}"
        raise ValueError(msg)
    if args.benchmark == "longmemeval":
        return _longmemeval(args)
    return _locomo(args)


# --- LongMemEval ------------------------------------------------------------


def _longmemeval(args: Any) -> str:
    level = args.confidence_level

    types = _question_types(args.questions, _MAX_BYTES)
    assert types is not None  # a path gives a mapping
    unanswered: dict[str, int] = {}
    gone: dict[str, list[str]] = {}

    def read(path: str) -> dict[str, tuple[str, bool]]:
        # The summary's file must answer every question (unless
        # --allow-unanswered); --compare's file is paired with it question by
        # question, so --allow-unpaired rules its gaps.
        answers = load_longmemeval(
            path, questions=types, allow_unanswered=True, max_bytes=_MAX_BYTES
        )
        got = {a.question_id: (a.category, a.correct) for a in answers}
        if path != args.file or unanswered:
            return got
        missing = [q for q in types if q not in got]
        if missing and not args.allow_unanswered:
            msg = unanswered_message(path, args.questions, missing, len(types))
            raise ValueError(msg)
        unanswered[path] = len(missing)
        kept = {c for c, _ in got.values()}
        gone[path] = sorted({types[q] for q in missing} - kept)
        return got

    first = read(args.file)
    rows = _lme_rows(first, level, args.method)
    doc: dict[str, Any] = {
        "benchmark": "longmemeval",
        "file": args.file,
        "questions": args.questions,
        "confidence_level": level,
        "interval": args.method,
        "summary": [_row_dict(r) for r in rows],
    }
    text = [f"LongMemEval: {args.file} ({len(first)} questions)"]
    if args.allow_unanswered:
        doc["unanswered"] = unanswered  # filled in by read() (also for --compare)
    tables = [_summary_table(rows, "accuracy", 4)]
    legend = [
        f"intervals: {_METHOD_NAMES[args.method]}, {level:.0%}, for every accuracy; "
        "task-averaged is "
        "the mean of the per-type accuracies (its n counts types)"
    ]
    if args.compare is not None:
        second = read(args.compare)
        common = _paired(
            args.file, first, args.compare, second, allow=args.allow_unpaired
        )
        pairs = _lme_pairs(
            {q: first[q] for q in common}, {q: second[q] for q in common}, args
        )
        doc |= {"compare": args.compare, "paired_questions": len(common)}
        doc["comparison"] = [_pair_dict(p) for p in pairs]
        doc["comparison_methods"] = {
            "test": "exact McNemar (two-sided binomial on the discordant pairs)",
            "adjustment": "Holm across the question types; overall unadjusted",
            "difference_interval": "paired bootstrap percentile of the per-question "
            f"difference, {args.n_resamples} resamples, seed 0",
            "minimum_detectable_difference": "two independent samples of n, "
            "arcsine (Cohen's h) normal approximation, power 0.8 (conservative "
            "for paired data)",
        }
        overall = pairs[-1]
        mdd = _mdd_binary(overall.n, overall.b, level)
        doc["minimum_detectable_difference"] = mdd
        text.append(f"compared with {args.compare} on {len(common)} paired questions")
        tables.append(_pair_table(pairs, "McNemar p", 4))
        legend.append(
            "difference = first - second; interval: paired bootstrap percentile "
            f"({args.n_resamples} resamples, seed 0); McNemar: exact; Holm across types"
        )
        legend.append(
            f"minimum detectable difference at n = {overall.n}: "
            + ("none (n < 2)" if mdd is None else f"{mdd:.4f}")
            + f" (power 0.8, level {1 - level:.2g}, independent-samples approximation)"
        )
    legend += _small_n([(r.label, r.n) for r in rows[:-3]])
    legend += [
        f"note: {n} of the {len(types)} questions of {args.questions} have no "
        f"graded answer in {path}; they are excluded (--allow-unanswered)"
        + (f"; no answer at all for type {', '.join(gone[path])}" if gone[path] else "")
        for path, n in unanswered.items()
        if n
    ]
    return _render(args.format, doc, text, tables, legend, "accuracy")


def _lme_rows(
    answers: Mapping[str, tuple[str, bool]], level: float, method: str
) -> list[_Row]:
    by_type: dict[str, list[bool]] = {}
    for category, correct in answers.values():
        by_type.setdefault(category, []).append(correct)
    rows = [_proportion(t, by_type[t], level, method) for t in sorted(by_type)]
    rows.append(_proportion("overall", [c for _, c in answers.values()], level, method))
    means = [math.fsum(v) / len(v) for v in by_type.values()]
    rows.append(
        _Row(
            "task-averaged",
            len(means),
            math.fsum(means) / len(means),
            None,
            None,
            "no interval (a mean of type accuracies)",
        )
    )
    abstain = [c for q, (_, c) in answers.items() if "_abs" in q]
    rows.append(
        _proportion("abstention (_abs)", abstain, level, method)
        if abstain
        else _Row("abstention (_abs)", 0, None, None, None, "no _abs question")
    )
    return rows


def _proportion(label: str, values: Sequence[bool], level: float, method: str) -> _Row:
    k, n = sum(values), len(values)
    ci = proportion_ci(k, n, method=method, confidence_level=level)
    return _Row(label, n, k / n, ci.low, ci.high)


def _lme_pairs(
    a: Mapping[str, tuple[str, bool]], b: Mapping[str, tuple[str, bool]], args: Any
) -> list[_Pair]:
    groups: dict[str, list[str]] = {}
    for q, (category, _) in a.items():
        groups.setdefault(category, []).append(q)
    labels = sorted(groups)
    raw = []
    for label, ids in [*((c, groups[c]) for c in labels), ("overall", list(a))]:
        xa = np.array([float(a[q][1]) for q in ids])
        xb = np.array([float(b[q][1]) for q in ids])
        only_a = int(np.sum((xa == 1) & (xb == 0)))
        only_b = int(np.sum((xa == 0) & (xb == 1)))
        pvalue = mcnemar([[0, only_a], [only_b, 0]]).pvalue
        raw.append((label, xa, xb, pvalue))
    return _pairs(raw, args)


def _mdd_binary(n: int, p: float, level: float) -> float | None:
    if n < 2:
        return None
    return minimum_detectable_difference(n, p, confidence_level=level)


# --- LoCoMo -----------------------------------------------------------------


def _locomo(args: Any) -> str:
    level = args.confidence_level

    def read(path: str, model: str) -> dict[str, tuple[str, float]]:
        scores = load_locomo_scores(path, key=f"{model}_f1", max_bytes=_MAX_BYTES)
        return {s.question_id: (_cat(s.category), s.score) for s in scores}

    first = read(args.file, args.model)
    rows = _score_rows(first, args)
    doc: dict[str, Any] = {
        "benchmark": "locomo",
        "file": args.file,
        "model": args.model,
        "confidence_level": level,
        "interval": "bootstrap-percentile",
        "n_resamples": args.n_resamples,
        "bootstrap_seed": 0,
        "summary": [_row_dict(r) for r in rows],
    }
    text = [f"LoCoMo: {args.file}, mean {args.model}_f1 ({len(first)} questions)"]
    tables = [_summary_table(rows, "mean F1", 4)]
    legend = [
        f"intervals: percentile bootstrap of the mean, {level:.0%}, "
        f"{args.n_resamples} resamples, seed 0 (ends stay in [0, 1])"
    ]
    if args.compare is not None:
        other_model = args.compare_model or args.model
        second = read(args.compare, other_model)
        common = _paired(
            args.file, first, args.compare, second, allow=args.allow_unpaired
        )
        groups: dict[str, list[str]] = {}
        for q in common:
            groups.setdefault(first[q][0], []).append(q)
        raw = []
        for label, ids in [
            *((c, groups[c]) for c in sorted(groups)),
            ("overall", common),
        ]:
            xa = np.array([first[q][1] for q in ids])
            xb = np.array([second[q][1] for q in ids])
            raw.append((label, xa, xb, _permutation_p(xa - xb, args.n_resamples)))
        pairs = _pairs(raw, args)
        overall = pairs[-1]
        diffs = np.array([first[q][1] - second[q][1] for q in common])
        mdd = _mdd_scores(diffs, level)
        doc |= {
            "compare": args.compare,
            "compare_model": other_model,
            "paired_questions": len(common),
            "comparison": [_pair_dict(p) for p in pairs],
            "minimum_detectable_difference": mdd,
            "comparison_methods": {
                "test": "paired permutation test of the mean difference (signs "
                "flipped; exact when 2**n <= n_resamples, else Monte Carlo, seed 0)",
                "adjustment": "Holm across the categories; overall unadjusted",
                "difference_interval": "paired bootstrap percentile, "
                f"{args.n_resamples} resamples, seed 0",
                "minimum_detectable_difference": "paired normal approximation: "
                "(z(1 - alpha/2) + z(0.8)) sd(differences) / sqrt(n)",
            },
        }
        text.append(
            f"compared with {args.compare} ({other_model}_f1) on "
            f"{len(common)} paired questions"
        )
        tables.append(_pair_table(pairs, "perm. p", 4))
        legend.append(
            "difference = first - second; interval: paired bootstrap percentile; "
            "test: paired permutation (exact when 2**n <= resamples); Holm across "
            "categories"
        )
        if mdd is not None:
            shown = f"{mdd:.4f}"
        else:
            shown = (
                "none (n < 2)"
                if overall.n < 2
                else "none (no spread in the differences)"
            )
        legend.append(
            f"minimum detectable difference at n = {overall.n}: {shown}"
            " (power 0.8, paired normal approximation)"
        )
    legend.append(
        "categories: " + ", ".join(f"{k} {v}" for k, v in LOCOMO_CATEGORIES.items())
    )
    legend += _small_n([(r.label, r.n) for r in rows[:-1]])
    return _render(args.format, doc, text, tables, legend, "mean_f1")


def _cat(code: str) -> str:
    name = LOCOMO_CATEGORIES.get(code)
    return code if name is None else f"{code} {name}"


def _score_rows(scores: Mapping[str, tuple[str, float]], args: Any) -> list[_Row]:
    by_cat: dict[str, list[float]] = {}
    for category, value in scores.values():
        by_cat.setdefault(category, []).append(value)
    groups = [(c, by_cat[c]) for c in sorted(by_cat)]
    groups.append(("overall", [v for _, v in scores.values()]))
    return [_mean_row(label, values, args) for label, values in groups]


def _mean_row(label: str, values: Sequence[float], args: Any) -> _Row:
    n = len(values)
    mean = math.fsum(values) / n
    low_high = _bootstrap(np.asarray(values, dtype=float), args)
    if isinstance(low_high, str):
        return _Row(label, n, mean, None, None, low_high)
    return _Row(label, n, mean, *low_high)


def _bootstrap(values: np.ndarray, args: Any) -> tuple[float, float] | str:
    """Percentile bootstrap of the mean, or the reason there is no interval."""
    from scipy import stats

    if values.size < 2:
        return "no interval from n = 1"
    if np.all(values == values[0]):
        return "no interval: every value is equal"
    res = stats.bootstrap(
        (values,),
        np.mean,
        confidence_level=args.confidence_level,
        n_resamples=args.n_resamples,
        method="percentile",
        rng=np.random.default_rng(0),
    )
    ci = res.confidence_interval
    return float(ci.low), float(ci.high)


def _permutation_p(diffs: np.ndarray, n_resamples: int) -> float:
    """Two-sided paired permutation p-value of ``mean(diffs) == 0`` (sign flips).

    One difference (or none that is nonzero) gives 1: its two sign patterns
    have the same ``|mean|`` (scipy refuses a sample of one).
    """
    from scipy import stats

    if diffs.size < 2 or not np.any(diffs):
        return 1.0
    res = stats.permutation_test(
        (diffs,),
        np.mean,
        permutation_type="samples",
        n_resamples=n_resamples,
        alternative="two-sided",
        rng=np.random.default_rng(0),
    )
    return min(1.0, float(res.pvalue))


def _mdd_scores(diffs: np.ndarray, level: float) -> float | None:
    from scipy import stats

    n = diffs.size
    if n < 2:
        return None
    sd = float(np.std(diffs, ddof=1))
    if sd == 0.0:
        return None
    z = float(stats.norm.isf((1 - level) / 2) + stats.norm.ppf(0.8))
    return z * sd / math.sqrt(n)


# --- shared -----------------------------------------------------------------


def _paired(
    name_a: str,
    a: Mapping[str, Any],
    name_b: str,
    b: Mapping[str, Any],
    *,
    allow: bool,
) -> list[str]:
    only_a = [q for q in a if q not in b]
    only_b = [q for q in b if q not in a]
    if (only_a or only_b) and not allow:
        which, here, there = (
            (only_a[0], name_a, name_b) if only_a else (only_b[0], name_b, name_a)
        )
        rest = len(only_a) + len(only_b) - 1
        more = f" (and {rest} more in one file only)" if rest else ""
        msg = (
            f"{here}: question {which!r} is not in {there}{more}; the comparison "
            "pairs questions by id: pass --allow-unpaired to compare only the "
            "questions both files hold"
        )
        raise ValueError(msg)
    common = [q for q in a if q in b]
    if not common:
        msg = f"{name_a} and {name_b} have no question id in common"
        raise ValueError(msg)
    return common


def _pairs(
    raw: list[tuple[str, np.ndarray, np.ndarray, float]], args: Any
) -> list[_Pair]:
    adjusted = holm([p for _, _, _, p in raw[:-1]])
    out = []
    for i, (label, xa, xb, pvalue) in enumerate(raw):
        d = xa - xb
        interval = _bootstrap(d, args)
        low, high = (None, None) if isinstance(interval, str) else interval
        note = interval if isinstance(interval, str) else ""
        mean_a = math.fsum(xa.tolist()) / xa.size
        mean_b = math.fsum(xb.tolist()) / xb.size
        out.append(
            _Pair(
                label,
                int(xa.size),
                mean_a,
                mean_b,
                mean_a - mean_b,
                low,
                high,
                pvalue,
                adjusted[i] if i < len(adjusted) else None,
                note.replace("value is", "paired difference is"),
            )
        )
    return out


def _small_n(counts: Sequence[tuple[str, int]]) -> list[str]:
    small = [f"{label} (n={n})" for label, n in counts if n < SMALL_N]
    if not small:
        return []
    return [
        f"warning: fewer than {SMALL_N} questions in {', '.join(small)}: "
        "intervals are wide and differences hard to detect"
    ]


def _row_dict(r: _Row) -> dict[str, Any]:
    return {
        "category": r.label,
        "n": r.n,
        "estimate": r.estimate,
        "low": r.low,
        "high": r.high,
        "note": r.note,
    }


def _pair_dict(p: _Pair) -> dict[str, Any]:
    return {
        "category": p.label,
        "n": p.n,
        "first": p.a,
        "second": p.b,
        "difference": p.difference,
        "low": p.low,
        "high": p.high,
        "pvalue": p.pvalue,
        "pvalue_holm": p.pvalue_holm,
        "note": p.note,
    }


def _num(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _summary_table(rows: Sequence[_Row], what: str, digits: int) -> list[list[str]]:
    table = [["category", "n", what, "interval", "note"]]
    for r in rows:
        interval = (
            "" if r.low is None else f"[{_num(r.low, digits)}, {_num(r.high, digits)}]"
        )
        table.append([r.label, str(r.n), _num(r.estimate, digits), interval, r.note])
    return table


def _pair_table(pairs: Sequence[_Pair], test: str, digits: int) -> list[list[str]]:
    table = [["category", "n", "first", "second", "diff", "interval", test, "Holm p"]]
    for p in pairs:
        interval = (
            p.note if p.low is None else f"[{p.low:+.{digits}f}, {p.high:+.{digits}f}]"
        )
        table.append(
            [p.label, str(p.n), _num(p.a, digits), _num(p.b, digits),
             f"{p.difference:+.{digits}f}", interval, _num(p.pvalue, digits),
             _num(p.pvalue_holm, digits)]
        )  # fmt: skip
    return table


def _render(
    fmt: str,
    doc: Mapping[str, Any],
    text: Sequence[str],
    tables: Sequence[list[list[str]]],
    legend: Sequence[str],
    what: str,
) -> str:
    if fmt == "json":
        full = {**doc, "notes": list(legend)}
        return json.dumps(full, sort_keys=True, indent=2, allow_nan=False) + "\n"
    if fmt == "csv":
        return _csv(doc, what)
    render: Callable[[list[list[str]]], str] = _md if fmt == "md" else _aligned
    parts = [_wrap(line) for line in text]
    body = "\n\n".join(render(t) for t in tables)
    notes = "\n".join(_wrap(line) for line in legend)
    return "\n".join(parts) + "\n\n" + body + "\n\n" + notes + "\n"


def _wrap(line: str) -> str:
    return textwrap.fill(
        line,
        width=100,
        subsequent_indent="  ",
        break_on_hyphens=False,
        break_long_words=False,
    )


def _aligned(table: list[list[str]]) -> str:
    keep = [i for i in range(len(table[0])) if any(r[i] for r in table[1:])]
    widths = {i: max(len(r[i]) for r in table) for i in keep}
    return "\n".join(
        "  ".join(r[i].ljust(widths[i]) for i in keep).rstrip() for r in table
    )


def _md(table: list[list[str]]) -> str:
    def cell(x: str) -> str:
        return x.replace("|", "\\|")

    lines = ["| " + " | ".join(map(cell, table[0])) + " |"]
    lines.append("|" + "---|" * len(table[0]))
    lines += ["| " + " | ".join(map(cell, r)) + " |" for r in table[1:]]
    return "\n".join(lines)


def _csv(doc: Mapping[str, Any], what: str) -> str:
    del what
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    system = doc["file"]
    method = doc["interval"]
    w.writerow(
        ["benchmark", "system", "category", "n", "estimate", "low", "high",
         "method", "note"]
    )  # fmt: skip
    for r in doc["summary"]:
        w.writerow(
            [doc["benchmark"], system, r["category"], r["n"], _repr(r["estimate"]),
             _repr(r["low"]), _repr(r["high"]), method, r["note"]]
        )  # fmt: skip
    if "comparison" in doc:
        w.writerow([])
        w.writerow(
            ["benchmark", "first", "second", "category", "n", "first_estimate",
             "second_estimate", "difference", "low", "high", "pvalue", "pvalue_holm",
             "note"]
        )  # fmt: skip
        for p in doc["comparison"]:
            w.writerow(
                [doc["benchmark"], system, doc["compare"], p["category"], p["n"],
                 _repr(p["first"]), _repr(p["second"]), _repr(p["difference"]),
                 _repr(p["low"]), _repr(p["high"]), _repr(p["pvalue"]),
                 _repr(p["pvalue_holm"]), p["note"]]
            )  # fmt: skip
    return out.getvalue()


def _repr(value: float | None) -> str:
    return "" if value is None else repr(value)
