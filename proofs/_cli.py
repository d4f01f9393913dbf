"""Command line of the claims ledger (private; see ``python -m proofs --help``)."""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import z3

from proofs.register import CLAIMS, LedgerEntry, claim, ledger
from witnesses._files import check_output_path, write_atomic
from witnesses._interrupt import (
    CLOSED_PIPE,
    Interrupted,
    interruptible,
    print_or_closed,
)

# z3 must not take SIGINT for itself: its handler cancels the check in flight
# and returns "unknown", which the ledger would record as an open verdict.
# The signal watcher cancels z3 instead and the run stops (issue 22).
z3.set_param("ctrl_c", False)


def main(argv: list[str] | None = None) -> int:
    """Run the ledger; exit 0 when every check ran, 1 when one crashed, 2 on usage.

    SIGINT and SIGTERM stop the run (z3 included) with 130 and 143 and no
    verdict printed; a closed stdout ends it quietly with 141.
    """
    parser = argparse.ArgumentParser(
        prog="python -m proofs",
        description="Check every claim of THEORY.md and print its verdict and evidence.",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--claim", metavar="ID", help="run one claim verbosely")
    parser.add_argument(
        "--report", metavar="FILE", help="write a Markdown report (atomically)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="skip the claims marked slow (the sweeps behind VM-C3, VM-C4); "
        "they are listed as not run",
    )
    args = parser.parse_args(argv)
    if args.report:
        try:
            check_output_path(args.report, "--report")
        except ValueError as exc:
            parser.error(str(exc))
    try:
        with interruptible(_cancel_z3):
            return _run(parser, args)
    except Interrupted as exc:  # SIGINT / SIGTERM: no verdict, 130 / 143
        print(f"interrupted by {exc}: no verdict", file=sys.stderr)
        return exc.exit_status


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.claim is not None:
        try:
            claim(args.claim)
        except ValueError as exc:
            parser.error(str(exc))
        rows = ledger([args.claim])
    elif args.quick:
        rows = ledger([c.id for c in CLAIMS if not c.slow])
        skipped = [c.id for c in CLAIMS if c.slow]
        if skipped:
            print(
                f"--quick: {len(skipped)} slow claims not run: {', '.join(skipped)}",
                file=sys.stderr,
            )
    else:
        rows = ledger()
    if args.report:
        write_atomic(Path(args.report), _report(rows), name="--report")
    if args.json:
        text = json.dumps({"claims": [row.to_dict() for row in rows]}, indent=2,
                          allow_nan=False)  # fmt: skip
    else:
        text = _table(rows, verbose=args.claim is not None)
    if not print_or_closed(text):
        return CLOSED_PIPE
    return 1 if any(row.result is None for row in rows) else 0


def _cancel_z3() -> None:
    """Cancel the z3 call in flight (from the signal watcher thread)."""
    z3.main_ctx().interrupt()


def _table(rows: list[LedgerEntry], *, verbose: bool) -> str:
    lines: list[str] = []
    for source in sorted({row.claim.source for row in rows}, key=_source_order):
        group = [row for row in rows if row.claim.source == source]
        counts = Counter(_verdict(row) for row in group)
        summary = ", ".join(f"{n} {v}" for v, n in sorted(counts.items()))
        lines.append(f"== {source} ({summary})")
        for row in group:
            lines.append(
                f"{row.claim.id:<16} {_verdict(row):<11} {row.claim.statement}"
            )
            evidence = row.error if row.result is None else row.result.evidence
            lines.append(f"{'':<16} evidence: {evidence}")
            if row.result is not None and row.result.counterexample is not None:
                lines.append(
                    f"{'':<16} counterexample: {json.dumps(dict(row.result.counterexample))}"
                )
            if verbose and row.result is not None and row.result.artifact:
                lines.append(row.result.artifact)
    total = Counter(_verdict(row) for row in rows)
    lines.append("total: " + ", ".join(f"{n} {v}" for v, n in sorted(total.items())))
    return "\n".join(lines)


def _report(rows: list[LedgerEntry]) -> str:
    out = [
        "# Claims ledger",
        "",
        "| id | source | kind | verdict | evidence |",
        "|---|---|---|---|---|",
    ]
    for row in rows:
        evidence = (row.error or "") if row.result is None else row.result.evidence
        cells = [
            row.claim.id,
            row.claim.source,
            row.claim.kind.value,
            _verdict(row),
            evidence,
        ]
        out.append(
            "| "
            + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells)
            + " |"
        )
    return "\n".join(out) + "\n"


def _verdict(row: LedgerEntry) -> str:
    return "error" if row.result is None else row.result.verdict.value


def _source_order(source: str) -> int:
    order = ["VM", "DL", "SLM", "KO", "PJ"]
    return order.index(source) if source in order else len(order)


__all__ = ["CLAIMS", "main"]

if __name__ == "__main__":
    sys.exit(main())
