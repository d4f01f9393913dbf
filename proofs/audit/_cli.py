"""Command line of ``python -m proofs audit FILE.csv`` (private)."""

from __future__ import annotations

import argparse
import json
import sys

from proofs.audit import AuditReport, Status, audit_table

_MARK = {
    Status.CONSISTENT: "ok",
    Status.INCONSISTENT: "INCONSISTENT",
    Status.NOT_CHECKABLE: "not checkable",
}


def main(argv: list[str], *, prog: str = "context-laws audit") -> int:
    """Audit one table; exit 0 if nothing is inconsistent, 1 if something is, 2 on error."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Check every printed number of an audit table (CSV with the "
        "columns id,where,kind,printed,inputs,note; see proofs.audit).",
        epilog="exit status: 0 when no number is inconsistent, 1 when one is, "
        "2 for a usage error or a table that cannot be read.",
    )
    parser.add_argument("file", help="the audit table (CSV, UTF-8)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument(
        "--format", choices=("text", "md"), default="text", help="report format"
    )
    args = parser.parse_args(argv)
    try:
        report = audit_table(args.file)
    except (OSError, ValueError) as exc:
        sys.stderr.write(f"{prog}: error: {exc}\n")
        return 2
    if args.json:
        _out(json.dumps(report.to_dict(), indent=2, allow_nan=False))
    elif args.format == "md":
        _out(_markdown(report))
    else:
        _out(_text(report))
    return 1 if report.inconsistent else 0


def _text(report: AuditReport) -> str:
    lines = [f"audit of {report.path}"]
    width = max((len(r.id) for r in report.rows), default=2)
    for row in report.rows:
        head = f"{row.id:<{width}}  {_MARK[row.status]:<13} printed {row.printed}"
        if row.result is not None:
            head += f", {row.result.detail}"
        else:
            head += f" ({row.reason})"
        lines.append(head)
        lines.append(f"{'':<{width}}  {row.kind} at {row.where}")
    counts = report.counts()
    lines.append("counts: " + ", ".join(f"{n} {s}" for s, n in counts.items()))
    return "\n".join(lines)


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
            row.status.value,
            row.recomputed or row.reason,
        ]
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    counts = report.counts()
    out += ["", "Counts: " + ", ".join(f"{n} {s}" for s, n in counts.items()) + "."]
    return "\n".join(out)


def _out(text: str) -> None:
    sys.stdout.write(text + "\n")
