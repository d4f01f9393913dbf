"""Command line of the claims ledger: ``python -m proofs`` (see ``--help``)."""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import textwrap
from collections import Counter
from pathlib import Path

import z3

from proofs._run import run_claims
from proofs.ledger import _MEANINGS, _STRENGTH, Claim
from proofs.register import CLAIMS, LedgerEntry
from witnesses._interrupt import (
    CLOSED_PIPE,
    Interrupted,
    interruptible,
    print_or_closed,
)
from witnesses.files import check_output_path, write_atomic

# z3 must not take SIGINT for itself: its handler cancels the check in flight
# and returns "unknown", which the ledger would record as an open verdict.
# The signal watcher cancels z3 instead and the run stops (issue 22).
z3.set_param("ctrl_c", False)


def main(argv: list[str] | None, *, prog: str = "python -m proofs") -> int:
    """Run the ledger; exit 0 when every check ran, 1 when one crashed, 2 on usage.

    SIGINT and SIGTERM stop the run (z3 included) with 130 and 143 and no
    verdict printed; a closed stdout ends it quietly with 141.

    Examples
    --------
    >>> from proofs.cli import main
    >>> main(["--list"])  # doctest: +ELLIPSIS
    == VM (67 claims)
    VM-P1 ...
    0
    """
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["audit"]:
        from proofs.audit._cli import main as audit_main

        return audit_main(argv[1:])
    parser = _parser(prog)
    args = parser.parse_args(argv)
    if args.report:
        try:
            check_output_path(args.report, name="--report")
        except ValueError as exc:
            parser.error(str(exc))
    try:
        with interruptible(_cancel_z3):
            return _run(parser, args)
    except Interrupted as exc:  # SIGINT / SIGTERM: no verdict, 130 / 143
        print(f"interrupted by {exc}: no verdict", file=sys.stderr)
        return exc.exit_status


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Check the claims of the five source papers and print each "
        "verdict with its evidence. 'python -m proofs audit FILE' checks a table "
        "of reported statistics instead.",
        epilog="verdicts: "
        + "; ".join(f"{word}: {text}" for word, text in _MEANINGS.items()),
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument(
        "--claim",
        metavar="ID",
        action="append",
        help="run only this claim, with its artifact (repeatable; case-insensitive; "
        "an id without @semantics runs every semantics)",
    )
    parser.add_argument(
        "--list", action="store_true", help="list the registered claims and exit"
    )
    parser.add_argument(
        "--report", metavar="FILE", help="write a Markdown report (atomically)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="skip the claims marked slow (the sweeps behind VM-C3, VM-C4, VM-T9); "
        "they are listed as not run",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes (default: one per core; 0 runs in this process)",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="recompute the slow claims instead of reading them from the cache "
        "(keyed by a content hash of the code and data)",
    )
    return parser


def resolve(query: str, *, claims: tuple[Claim, ...] = CLAIMS) -> list[Claim]:
    """Return the claims ``query`` names: exact, any case, or every ``@semantics``.

    Raises ``ValueError`` naming the nearest ids on a miss.

    Examples
    --------
    >>> from proofs.cli import resolve
    >>> [c.id for c in resolve("vm-e58")]
    ['VM-E58@reference', 'VM-E58@paper']
    """
    if not isinstance(query, str):
        msg = f"query must be a claim id (str), got {query!r}"
        raise TypeError(msg)
    claims = tuple(claims)
    for pos, item in enumerate(claims):
        if not isinstance(item, Claim):
            msg = f"claims[{pos}] must be a Claim, got {type(item).__name__}"
            raise TypeError(msg)
    wanted = query.strip().casefold()
    exact = [c for c in claims if c.id.casefold() == wanted]
    if exact:
        return exact
    by_semantics = [c for c in claims if c.id.casefold().split("@", 1)[0] == wanted]
    if by_semantics:
        return by_semantics
    ids = [c.id for c in claims]
    near = difflib.get_close_matches(
        query.upper(), [i.upper() for i in ids], n=5, cutoff=0.6
    )
    names = [next(i for i in ids if i.upper() == n) for n in near]
    hint = f"; did you mean {', '.join(names)}?" if names else ""
    msg = (
        f"claim {query!r} is not registered{hint} (python -m proofs --list lists them)"
    )
    raise ValueError(msg)


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.workers is not None and not 0 <= args.workers <= 64:
        parser.error(f"--workers must be in [0, 64], got {args.workers}")
    if args.list:
        return 0 if print_or_closed(_listing(CLAIMS)) else CLOSED_PIPE
    if args.claim:
        chosen: list[Claim] = []
        for query in args.claim:
            try:
                chosen += [c for c in resolve(query) if c not in chosen]
            except ValueError as exc:
                parser.error(str(exc))
    elif args.quick:
        chosen = [c for c in CLAIMS if not c.slow]
        skipped = [c.id for c in CLAIMS if c.slow]
        if skipped:
            print(
                f"--quick: {len(skipped)} slow claims not run: {', '.join(skipped)}",
                file=sys.stderr,
            )
    else:
        chosen = list(CLAIMS)
    rows = run_claims(chosen, workers=args.workers, use_cache=not args.no_cache)
    if args.report:
        write_atomic(Path(args.report), _report(rows), name="--report")
    if args.json:
        text = json.dumps({"claims": [row.to_dict() for row in rows]}, indent=2,
                          allow_nan=False)  # fmt: skip
    else:
        text = _table(rows, verbose=bool(args.claim))
    if not print_or_closed(text):
        return CLOSED_PIPE
    return 1 if any(row.result is None for row in rows) else 0


def _listing(claims: tuple[Claim, ...]) -> str:
    lines = []
    for source in sorted({c.source for c in claims}, key=_source_order):
        group = [c for c in claims if c.source == source]
        lines.append(f"== {source} ({len(group)} claims)")
        for c in group:
            slow = " (slow)" if c.slow else ""
            where = f" [{c.where}]" if c.where else ""
            line = f"{c.id:<24} {c.kind.value:<10}{slow}{where} {' '.join(c.statement.split())}"
            lines.append(line if len(line) <= _WIDTH else line[: _WIDTH - 4] + " ...")
    return "\n".join(lines)


def _cancel_z3() -> None:
    """Cancel the z3 call in flight (from the signal watcher thread)."""
    z3.main_ctx().interrupt()


_WIDTH = 100
_INDENT = " " * 6


def _wrap(label: str, text: str) -> list[str]:
    return textwrap.wrap(
        f"{label}: {text}",
        width=_WIDTH,
        initial_indent=_INDENT,
        subsequent_indent=_INDENT + "  ",
        break_on_hyphens=False,
    )


def _counts(rows: list[LedgerEntry]) -> str:
    counts = Counter(_verdict(row) for row in rows)
    return ", ".join(f"{counts[v]} {v}" for v in _VERDICT_ORDER if counts[v])


_VERDICT_ORDER = (*(v.value for v in _STRENGTH), "error")


def _table(rows: list[LedgerEntry], *, verbose: bool) -> str:
    lines: list[str] = []
    for source in sorted({row.claim.source for row in rows}, key=_source_order):
        group = [row for row in rows if row.claim.source == source]
        lines.append(f"== {source}: {len(group)} claims ({_counts(group)})")
        for row in group:
            lines.append(f"{row.claim.id}  {_verdict(row).upper()}")
            lines += _wrap("claim", row.claim.statement)
            if row.claim.where:
                lines += _wrap("where", row.claim.where)
            evidence = row.error if row.result is None else row.result.evidence
            if row.result is None or verbose:
                lines += [_INDENT + e for e in (evidence or "").splitlines()]
            else:
                lines += _wrap("evidence", evidence or "")
            if row.result is not None and row.result.counterexample is not None:
                example = json.dumps(dict(row.result.counterexample), sort_keys=True)
                lines += _wrap("counterexample", example)
            if verbose and row.result is not None and row.result.artifact:
                lines.append(row.result.artifact)
        lines.append("")
    lines.append(f"total: {len(rows)} claims ({_counts(rows)})")
    return "\n".join(lines)


def _report(rows: list[LedgerEntry]) -> str:
    sources = sorted({row.claim.source for row in rows}, key=_source_order)
    out = [
        "# Claims ledger",
        "",
        "Every claim with what the paper says (in our words), where it says it, the "
        "verdict and the evidence. Re-run one claim with "
        "`python -m proofs --claim ID`.",
        "",
        "| source | claims | " + " | ".join(_VERDICT_ORDER) + " |",
        "|---|---:|" + "---:|" * len(_VERDICT_ORDER),
    ]
    for source in [*sources, None]:
        group = [r for r in rows if source is None or r.claim.source == source]
        counts = Counter(_verdict(r) for r in group)
        out.append(
            f"| {source or 'all'} | {len(group)} | "
            + " | ".join(str(counts[v]) for v in _VERDICT_ORDER)
            + " |"
        )
    for source in sources:
        out += ["", f"## {source}"]
        for row in rows:
            if row.claim.source != source:
                continue
            evidence = (row.error or "") if row.result is None else row.result.evidence
            out += [
                "",
                f"### {row.claim.id}: {_verdict(row)}",
                "",
                f"- **Claim:** {_md(row.claim.statement)}",
                f"- **Where:** {_md(row.claim.where) or 'not recorded'}",
                f"- **Kind:** {row.claim.kind.value}",
                f"- **Evidence:** {_md(evidence)}",
            ]
            if row.result is not None and row.result.counterexample is not None:
                example = json.dumps(dict(row.result.counterexample), sort_keys=True)
                out.append(f"- **Counterexample:** `{example}`")
            out.append(f"- **Re-run:** `python -m proofs --claim {row.claim.id}`")
    return "\n".join(out) + "\n"


def _md(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _verdict(row: LedgerEntry) -> str:
    return "error" if row.result is None else row.result.verdict.value


def _source_order(source: str) -> int:
    order = ["VM", "DL", "SLM", "KO", "PJ"]
    return order.index(source) if source in order else len(order)


__all__ = ["main", "resolve"]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
