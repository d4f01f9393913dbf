"""Command line of the claims ledger (private; see ``python -m proofs --help``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections import Counter
from pathlib import Path

from proofs.register import CLAIMS, LedgerEntry, claim, ledger


def main(argv: list[str] | None = None) -> int:
    """Run the ledger; exit 0 when every check ran, 1 when one crashed, 2 on usage."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["audit"]:
        from proofs._audit_cli import main as audit_main

        return audit_main(argv[1:])
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
    if args.json:
        doc = {"claims": [row.to_dict() for row in rows]}
        print(json.dumps(doc, indent=2, allow_nan=False))
    else:
        print(_table(rows, verbose=args.claim is not None))
    if args.report:
        _write_atomic(Path(args.report), _report(rows))
    return 1 if any(row.result is None for row in rows) else 0


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
            if row.claim.where:
                lines.append(f"{'':<16} where: {row.claim.where}")
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


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent or Path("."), prefix=f".{path.name}.")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


__all__ = ["CLAIMS", "main"]

if __name__ == "__main__":
    sys.exit(main())
