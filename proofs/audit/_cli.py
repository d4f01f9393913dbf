"""Command line of ``python -m proofs audit FILE.csv | PAPER`` (private).

A ``.csv`` file is an audit table; a ``.txt``, ``.md``, ``.html``/``.htm`` or
``.pdf`` file is a paper, read by :mod:`proofs.audit.paper`.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback
from pathlib import Path

from proofs.audit import AuditReport, Status, audit_table
from proofs.audit.paper import PaperReport, audit_paper

_MARK = {
    Status.CONSISTENT: "ok",
    Status.INCONSISTENT: "INCONSISTENT",
    Status.NOT_CHECKABLE: "not checkable",
}


def main(argv: list[str], *, prog: str = "context-laws audit") -> int:
    """Audit one table or paper; exit 0 if nothing is flagged, 1 if something is, 2 on error, 3 on a crash."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Check every printed number of an audit table (CSV with the "
        "columns id,where,kind,printed,inputs,note; see proofs.audit), or of a "
        "paper's text (.txt, .md, .html, .pdf), whose checkable reports are "
        "found automatically (see proofs.audit.paper).",
        epilog="exit status: 0 when no number is flagged, 1 when one is "
        "inconsistent or a decision error, 2 for a usage error or a file that "
        "cannot be read or holds nothing to check, 3 for a crash (traceback on stderr);"
        " 130 when interrupted (SIGINT), 143 when terminated (SIGTERM).",
    )
    parser.add_argument("file", help="the audit table (CSV, UTF-8) or the paper")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument(
        "--format", choices=("text", "md"), default="text", help="report format"
    )
    parser.add_argument(
        "--csv",
        metavar="OUT",
        help="(a paper) write the extraction as an audit table to OUT, a new file",
    )
    args = parser.parse_args(argv)
    try:
        return _audit(args, prog)
    except Exception:  # a crash is no verdict: report it, exit 3 (not 1, "flagged")
        traceback.print_exc()
        sys.stderr.write(f"{prog}: internal error (a bug): nothing was decided\n")
        return 3


def _audit(args: argparse.Namespace, prog: str) -> int:
    if Path(args.file).suffix.lower() != ".csv":
        return _paper(args, prog)
    if args.csv:
        sys.stderr.write(f"{prog}: error: --csv needs a paper, not a table\n")
        return 2
    try:
        report = audit_table(args.file)
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"{prog}: error: {exc}\n")
        return 2
    if args.json:
        text = json.dumps(report.to_dict(), indent=2, allow_nan=False)
    elif args.format == "md":
        text = _markdown(report)
    else:
        text = _text(report)
    if not _out(text):  # the reader went away: not a verdict
        return _CLOSED_PIPE
    return 1 if report.inconsistent else 0


def _paper(args: argparse.Namespace, prog: str) -> int:
    try:
        report = audit_paper(args.file)
        if not report.findings:  # a check that compares nothing is no verdict
            msg = (
                f"{args.file}: no reported statistic found (no rate, interval, "
                "test or mean the reader knows); nothing was checked"
            )
            raise ValueError(msg)
        if args.csv:
            _write_new(args.csv, report.to_csv())
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"{prog}: error: {exc}\n")
        return 2
    if args.json:
        text = json.dumps(report.to_dict(), indent=2, allow_nan=False)
    else:
        text = _paper_text(report, markdown=args.format == "md")
    if not _out(text):  # the reader went away: not a verdict
        return _CLOSED_PIPE
    return 1 if report.flagged else 0


def _write_new(path: str, text: str) -> None:
    """Write ``text`` atomically to a new (or empty) file; never replace another."""
    from witnesses.runtime import write_atomic

    write_atomic(Path(path), text, name="--csv")


def _paper_text(report: PaperReport, *, markdown: bool) -> str:
    if markdown:
        out = [
            f"# Audit of `{report.path}`",
            "",
            "| where | printed as | kind | recomputed | verdict |",
            "|---|---|---|---|---|",
        ]
        for f in report.findings:
            verdict = f.verdict + (
                f" ({f.reason or f.note})" if f.reason or f.note else ""
            )
            cells = [f.where, f.text, f.kind, f.recomputed, verdict]
            out.append("| " + " | ".join(x.replace("|", "\\|") for x in cells) + " |")
        counts = report.counts()
        out += ["", "Counts: " + ", ".join(f"{n} {s}" for s, n in counts.items()) + "."]
        return "\n".join(out)
    lines = [f"audit of {report.path} (paper)"]
    for f in report.findings:
        head = f"{f.where:<18} {f.verdict.upper() if f.verdict != 'consistent' else 'ok':<15}"
        head += f" {f.text!r}"
        if f.recomputed:
            head += f" -> recomputed {f.recomputed}"
        lines.append(head)
        extra = "; ".join(x for x in (f.reason, f.note) if x)
        if extra:
            lines.append(f"{'':<18} {'':<15} {extra}")
    counts = report.counts()
    lines.append(
        f"counts: {len(report.findings)} found, "
        + ", ".join(f"{n} {s}" for s, n in counts.items())
    )
    return "\n".join(lines)


def _text(report: AuditReport) -> str:
    lines = [f"audit of {report.path}"]
    width = max((len(r.id) for r in report.rows), default=2)
    for row in report.rows:
        mark = "DECISION ERROR" if row.decision_error else _MARK[row.status]
        head = f"{row.id:<{width}}  {mark:<13} printed {row.printed}"
        if row.result is not None:
            head += f", {row.result.detail}"
        else:
            head += f" ({row.reason})"
        lines.append(head)
        lines.append(f"{'':<{width}}  {row.kind} at {row.where}")
    lines.append("counts: " + _table_counts(report))
    return "\n".join(lines)


def _table_counts(report: AuditReport) -> str:
    """``3 consistent, 2 inconsistent (1 a decision error), 0 not checkable``."""
    gross = sum(r.decision_error for r in report.rows)
    parts = []
    for status, n in report.counts().items():
        part = f"{n} {status}"
        if status == Status.INCONSISTENT.value and gross:
            part += (
                f" ({gross} {'a decision error' if gross == 1 else 'decision errors'})"
            )
        parts.append(part)
    return ", ".join(parts)


def _markdown(report: AuditReport) -> str:
    out = [
        f"# Audit of `{report.path}`",
        "",
        "| id | where | kind | printed | status | recomputed |",
        "|---|---|---|---|---|---|",
    ]
    for row in report.rows:
        cells = [
            row.id,
            row.where,
            row.kind,
            row.printed,
            row.status.value + (" (decision error)" if row.decision_error else ""),
            row.recomputed or row.reason,
        ]
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    out += ["", "Counts: " + _table_counts(report) + "."]
    return "\n".join(out)


_CLOSED_PIPE = 141  # 128 + SIGPIPE, as the other commands exit on `| head`


def _out(text: str) -> bool:
    """Print ``text``; False when standard output's reader has gone (``| head``)."""
    from witnesses.runtime import print_or_closed

    return print_or_closed(text)
