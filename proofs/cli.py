"""Command line of the claims ledger: ``context-laws ledger`` (also ``python -m proofs``).

The claim registry, z3 and the checks are imported only once a run starts, so
``--help`` answers at once.
"""

from __future__ import annotations

import argparse
import difflib
import fnmatch
import json
import re
import sys
import textwrap
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from proofs.records import _MEANINGS, _STRENGTH, Claim

if TYPE_CHECKING:
    from proofs.register import LedgerEntry

_PROG = "context-laws ledger"
_NOT_RUN = "not run (slow)"
"""What ``--quick`` reports for a slow claim it skipped (text, JSON, Markdown)."""

_EXIT = """\
exit status:
  0    every chosen check ran (whatever its verdict; read the verdicts)
  1    a check crashed (its traceback is printed as its evidence)
  2    usage: an unknown option, a claim id or pattern that matches nothing,
       a bad --workers or --report
  130  interrupted (SIGINT), 143 terminated (SIGTERM): nothing printed
  141  standard output was closed (| head)
"""


def __getattr__(name: str) -> Any:
    """Load ``CLAIMS`` and ``run_claims`` on first use (PEP 562); tests may replace them."""
    if name == "CLAIMS":
        from proofs.register import CLAIMS

        return CLAIMS
    if name == "run_claims":
        from proofs._run import run_claims

        return run_claims
    msg = f"module 'proofs.cli' has no attribute {name!r}"
    raise AttributeError(msg)


def _lazy(name: str) -> Any:
    """Return the module attribute ``name``, replaced or loaded on demand."""
    return globals()[name] if name in globals() else __getattr__(name)


def _registered(*, use_cache: bool) -> tuple[Claim, ...]:
    """Return the claims of a run: ``CLAIMS`` as replaced, else the register (cached index)."""
    if "CLAIMS" in globals():
        claims: tuple[Claim, ...] = globals()["CLAIMS"]
        return claims
    from proofs._run import registered_claims

    return registered_claims(use_cache=use_cache)


def _set_up_z3() -> None:
    # z3 must not take SIGINT for itself: its handler cancels the check in flight
    # and returns "unknown", which the ledger would record as an open verdict.
    # The signal watcher cancels z3 instead and the run stops (issue 22).
    import z3

    z3.set_param("ctrl_c", False)


def main(argv: list[str] | None, *, prog: str = _PROG) -> int:
    """Run the ledger; exit 0 when every check ran, 1 when one crashed, 2 on usage.

    SIGINT and SIGTERM stop the run (z3 included) with 130 and 143 and no
    verdict printed; a closed stdout ends it quietly with 141.

    Examples
    --------
    >>> from proofs.cli import main
    >>> main(["--list"])  # doctest: +ELLIPSIS
    == VM (... claims)
    VM-P1 ...
    0
    """
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["audit"]:
        from proofs.audit._cli import main as audit_main

        return audit_main(argv[1:], prog="context-laws audit")
    parser = _parser(prog)
    args = parser.parse_args(argv)
    # witnesses (and its numpy, scipy) loads after parsing: --help stays instant.
    from witnesses.runtime import Interrupted, check_output_path, interruptible

    if args.report:
        try:
            check_output_path(args.report, name="--report", owned=_is_report)
        except ValueError as exc:
            parser.error(str(exc))
    _set_up_z3()
    try:
        with interruptible(on_signal=_cancel_z3):
            return _run(parser, args)
    except Interrupted as exc:  # SIGINT / SIGTERM: no verdict, 130 / 143
        print(f"interrupted by {exc}: no verdict", file=sys.stderr)
        return exc.exit_status


def _verdict_words() -> str:
    """Return the six verdict words for --help, each defined once in ``proofs.records``."""
    lines = ["verdicts:"]
    for word, text in _MEANINGS.items():
        lines += textwrap.wrap(
            f"{word}: {text}", width=78, initial_indent="  ", subsequent_indent="    "
        )
    return "\n".join(lines) + "\n"


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Check the claims of the five source papers and print each "
        "verdict with its evidence. 'context-laws audit FILE' checks a table "
        "of reported statistics instead.",
        epilog=_verdict_words() + "\n" + _EXIT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument(
        "--claim",
        metavar="ID",
        action="append",
        help="run only this claim, with its artifact (repeatable; case-insensitive; "
        "an id without @semantics runs every semantics; a shell pattern such as "
        "'VM-C*' runs every claim it matches)",
    )
    parser.add_argument(
        "--list",
        action="store_true",
        help="list the registered claims and exit (with --json: id, source, "
        "statement, where, kind, slow)",
    )
    parser.add_argument(
        "--report", metavar="FILE", help="write a Markdown report (atomically)"
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="skip the claims marked slow (--list marks them: the sweeps behind "
        "VM-C3, VM-C4, VM-T9, VM-T3 and VM-S7.4, VM-SEMIRING-MAT, ...); "
        f"the report lists them as '{_NOT_RUN}'",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes (default: one per usable core, at most one per "
        "batch of claims, and none on one core; 0 runs in this process)",
    )
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="recompute every verdict instead of reading it from the cache "
        "(keyed by a content hash of the code and data)",
    )
    return parser


def resolve(query: str, *, claims: Sequence[Claim] | None = None) -> list[Claim]:
    """Return the claims ``query`` names: exact, any case, every ``@semantics``, or a pattern.

    ``query`` is a claim id in any case, an id without its ``@semantics`` suffix
    (every semantics), or a shell pattern (``*``, ``?``, ``[...]``, any case)
    matched against the ids with and without their suffix. ``claims`` defaults
    to every registered claim.

    Raises
    ------
    ValueError
        When nothing matches; the message names the nearest ids (without their
        suffix) and how to list them.

    Examples
    --------
    >>> from proofs.cli import resolve
    >>> [c.id for c in resolve("vm-e58")]
    ['VM-E58@reference', 'VM-E58@paper']
    >>> [c.id for c in resolve("VM-P3*")][:2]
    ['VM-P3', 'VM-P3-IDEAL']
    >>> resolve("VMC3")
    Traceback (most recent call last):
    ...
    ValueError: claim 'VMC3' is not registered; did you mean VM-C3, ...
    """
    if not isinstance(query, str):
        msg = f"query must be a claim id (str), got {query!r}"
        raise TypeError(msg)
    claims = tuple(_lazy("CLAIMS") if claims is None else claims)
    for pos, item in enumerate(claims):
        if not isinstance(item, Claim):
            msg = f"claims[{pos}] must be a Claim, got {type(item).__name__}"
            raise TypeError(msg)
    wanted = query.strip().casefold()
    exact = [c for c in claims if c.id.casefold() == wanted]
    if exact:
        return exact
    by_semantics = [c for c in claims if _base(c.id).casefold() == wanted]
    if by_semantics:
        return by_semantics
    if any(ch in wanted for ch in "*?["):
        matched = [
            c
            for c in claims
            if fnmatch.fnmatchcase(c.id.casefold(), wanted)
            or fnmatch.fnmatchcase(_base(c.id).casefold(), wanted)
        ]
        if matched:
            return matched
        msg = (
            f"no claim matches the pattern {query!r} "
            f"({_PROG} --list lists the {len(claims)} claims)"
        )
        raise ValueError(msg)
    names = _nearest(query, [c.id for c in claims])
    hint = f"; did you mean {', '.join(names)}?" if names else ""
    msg = f"claim {query!r} is not registered{hint} ({_PROG} --list lists them)"
    raise ValueError(msg)


def _base(claim_id: str) -> str:
    """Return the id without its ``@semantics`` suffix."""
    return claim_id.split("@", 1)[0]


def _squash(text: str) -> str:
    """Letters and digits only, upper case: ``vm_c3`` and ``VMC3`` give ``VMC3``."""
    return re.sub(r"[^0-9A-Z]", "", text.upper())


def _nearest(query: str, ids: Sequence[str]) -> list[str]:
    """Up to five ids (without suffix) nearest ``query``, ignoring case and punctuation."""
    bases = list(dict.fromkeys(_base(i) for i in ids))
    squashed = _squash(_base(query))
    same = [b for b in bases if _squash(b) == squashed]
    keys: dict[str, list[str]] = {}
    for b in bases:
        keys.setdefault(_squash(b), []).append(b)
    close = difflib.get_close_matches(squashed, list(keys), n=5, cutoff=0.6)
    near = [b for k in close for b in keys[k]]
    return list(dict.fromkeys([*same, *near]))[:5]


def _run(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    if args.workers is not None and not 0 <= args.workers <= 64:
        parser.error(f"--workers must be in [0, 64], got {args.workers}")
    CLAIMS: tuple[Claim, ...] = _registered(use_cache=not args.no_cache)
    run_claims = _lazy("run_claims")
    from witnesses.runtime import CLOSED_PIPE, print_or_closed, write_atomic

    if args.list:
        if args.json:  # the register, without running a check
            rows = [
                {
                    "id": c.id,
                    "source": c.source,
                    "statement": c.statement,
                    "where": c.where,
                    "kind": c.kind.value,
                    "slow": c.slow,
                }
                for c in CLAIMS
            ]
            text = json.dumps({"claims": rows}, indent=2, allow_nan=False)
            return 0 if print_or_closed(text) else CLOSED_PIPE
        return 0 if print_or_closed(_listing(CLAIMS)) else CLOSED_PIPE
    skipped: list[Claim] = []
    if args.claim:
        chosen: list[Claim] = []
        for query in args.claim:
            try:
                chosen += [c for c in resolve(query, claims=CLAIMS) if c not in chosen]
            except ValueError as exc:
                parser.error(str(exc))
    elif args.quick:
        chosen = [c for c in CLAIMS if not c.slow]
        skipped = [c for c in CLAIMS if c.slow]
    else:
        chosen = list(CLAIMS)
    if args.quick and args.claim:
        skipped = [c for c in chosen if c.slow]
        chosen = [c for c in chosen if not c.slow]
    rows = run_claims(chosen, workers=args.workers, use_cache=not args.no_cache)
    if args.report:
        try:
            write_atomic(Path(args.report), _report(rows, skipped), name="--report",
                         owned=_is_report)  # fmt: skip
        except (ValueError, OSError) as exc:  # one line, exit 2
            print(f"{parser.prog}: error: {exc}", file=sys.stderr)
            return 2
    if args.json:
        listed = [row.to_dict() for row in rows] + [_not_run(c) for c in skipped]
        text = json.dumps({"claims": listed}, indent=2, allow_nan=False)
    else:
        text = _table(rows, verbose=bool(args.claim), skipped=skipped)
    if not print_or_closed(text):
        return CLOSED_PIPE
    return 1 if any(row.result is None for row in rows) else 0


def _not_run(claim: Claim) -> dict[str, object]:
    """Return the JSON row of a claim ``--quick`` skipped (verdict ``_NOT_RUN``)."""
    return {
        "id": claim.id,
        "source": claim.source,
        "statement": claim.statement,
        "where": claim.where,
        "kind": claim.kind.value,
        "verdict": _NOT_RUN,
        "evidence": None,
        "counterexample": None,
        "also_decides": _also_decides(claim.id),
    }


def _decided_text(claim_id: str) -> str:
    """One line naming the other catalogue rows a claim's verdict decides."""
    return "; ".join(
        f"{r['id']} ({r['where']}{', weaker' if r['status'] == 'weaker' else ''})"
        for r in _also_decides(claim_id)
    )


def _also_decides(claim_id: str) -> list[dict[str, str]]:
    from proofs.register import _also_decides as rows

    return rows(claim_id)


def _listing(claims: Sequence[Claim]) -> str:
    lines = []
    for source in sorted({c.source for c in claims}, key=_source_order):
        group = [c for c in claims if c.source == source]
        lines.append(f"== {source} ({_claims(len(group))})")
        for c in group:
            slow = " (slow)" if c.slow else ""
            where = f" [{c.where}]" if c.where else ""
            line = f"{c.id:<24} {c.kind.value:<10}{slow}{where} {' '.join(c.statement.split())}"
            lines.append(line if len(line) <= _WIDTH else line[: _WIDTH - 4] + " ...")
    return "\n".join(lines)


def _cancel_z3() -> None:
    """Cancel the z3 call in flight (from the signal watcher thread)."""
    import z3

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


def _counts(rows: list[LedgerEntry], skipped: Sequence[Claim] = ()) -> str:
    counts = Counter(_verdict(row) for row in rows)
    counts[_NOT_RUN] += len(skipped)
    return ", ".join(
        f"{counts[v]} {v}" for v in (*_VERDICT_ORDER, _NOT_RUN) if counts[v]
    )


_VERDICT_ORDER = (*(v.value for v in _STRENGTH), "error")


def _table(
    rows: list[LedgerEntry], *, verbose: bool, skipped: Sequence[Claim] = ()
) -> str:
    lines: list[str] = []
    sources = {row.claim.source for row in rows} | {c.source for c in skipped}
    for source in sorted(sources, key=_source_order):
        group = [row for row in rows if row.claim.source == source]
        left = [c for c in skipped if c.source == source]
        lines.append(
            f"== {source}: {_claims(len(group) + len(left))} ({_counts(group, left)})"
        )
        for row in group:
            lines.append(f"{row.claim.id}  {_verdict(row).upper()}")
            lines += _wrap("claim", row.claim.statement)
            if row.claim.where:
                lines += _wrap("where", row.claim.where)
            if decided := _decided_text(row.claim.id):
                lines += _wrap("also decides", decided)
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
        for claim in left:
            lines.append(f"{claim.id}  {_NOT_RUN.upper()}")
            lines += _wrap("claim", claim.statement)
            if claim.where:
                lines += _wrap("where", claim.where)
            if decided := _decided_text(claim.id):
                lines += _wrap("also decides", decided)
        lines.append("")
    total = len(rows) + len(skipped)
    lines.append(f"total: {_claims(total)} ({_counts(rows, skipped)})")
    return "\n".join(lines)


def _is_report(head: str) -> bool:
    """Recognise a report ``--report`` wrote before (the only file it replaces)."""
    return head.startswith(_REPORT_TITLE + "\n")


_REPORT_TITLE = "# Claims ledger"


def _report(rows: list[LedgerEntry], skipped: Sequence[Claim] = ()) -> str:
    sources = sorted(
        {row.claim.source for row in rows} | {c.source for c in skipped},
        key=_source_order,
    )
    columns = (*_VERDICT_ORDER, _NOT_RUN) if skipped else _VERDICT_ORDER
    out = [
        _REPORT_TITLE,
        "",
        "Every claim with what the paper says (in our words), where it says it, the "
        "verdict and the evidence. Re-run one claim with "
        f"`{_PROG} --claim ID`.",
        "",
        "| source | claims | " + " | ".join(columns) + " |",
        "|---|---:|" + "---:|" * len(columns),
    ]
    for source in [*sources, None]:
        group = [r for r in rows if source is None or r.claim.source == source]
        left = [c for c in skipped if source is None or c.source == source]
        counts = Counter(_verdict(r) for r in group)
        counts[_NOT_RUN] = len(left)
        out.append(
            f"| {source or 'all'} | {len(group) + len(left)} | "
            + " | ".join(str(counts[v]) for v in columns)
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
            if decided := _decided_text(row.claim.id):
                out.append(f"- **Also decides:** {_md(decided)}")
            if row.result is not None and row.result.counterexample is not None:
                example = json.dumps(dict(row.result.counterexample), sort_keys=True)
                out.append(f"- **Counterexample:** `{example}`")
            out.append(f"- **Re-run:** `{_PROG} --claim {row.claim.id}`")
        for claim in skipped:
            if claim.source != source:
                continue
            out += [
                "",
                f"### {claim.id}: {_NOT_RUN}",
                "",
                f"- **Claim:** {_md(claim.statement)}",
                f"- **Where:** {_md(claim.where) or 'not recorded'}",
                f"- **Kind:** {claim.kind.value}",
                *(
                    [f"- **Also decides:** {_md(decided)}"]
                    if (decided := _decided_text(claim.id))
                    else []
                ),
                f"- **Re-run:** `{_PROG} --claim {claim.id}` (slow: `--quick` skips it)",
            ]
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


def _claims(n: int) -> str:
    """``"1 claim"``, ``"2 claims"``."""
    return f"{n} claim{'' if n == 1 else 's'}"
