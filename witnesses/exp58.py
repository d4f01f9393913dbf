"""The deterministic Exp58 witness of the validity mirage (VM-E58).

Exp58 (docs/guide/witnesses.md §9) is a 50-event timeline in two blocks. Block 1
(e01..e40) holds a heavy local pivot e03 among its first events; block 2
(e41..e50) opens with the global pivot e41. Block 1 is compressed with each
strategy, composed with block 2, and solved free (``M = 1``, committed, and
``M = 10``, enumerative) and with the full timeline's pivot forced. The
witness holds when, under committed semantics (``M = 1``), the full timeline
is feasible, naive compression is infeasible and contract-guarded compression
is feasible; with ``M = 10`` naive compression *looks* feasible only by
substituting another pivot, at a relative score shortfall of 0.5441.

Usage::

    python -m witnesses.exp58 [--semantics {reference,paper,paper-eligible}] [--json] [--out FILE]

``--semantics reference`` (the default) follows the reference experiments and
reproduces docs/guide/witnesses.md §9 to full float precision; ``--semantics paper``
follows the paper's own definitions (docs/guide/algebra.md: Definition 2 as the
contract, the turning point forced to be the heaviest focal event of the
selected sequence). Exit status: 0 when the witness triple holds, 1 when it
does not, 2 on a usage error, 3 on a crash.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import traceback
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

from witnesses._compress._core import compress_with
from witnesses._solve._core import solve
from witnesses._validation import check_instance
from witnesses.events import Event, Timeline
from witnesses.grammar import Grammar
from witnesses.runtime import (
    CLOSED_PIPE,
    Interrupted,
    check_output_path,
    interruptible,
    print_or_closed,
    write_atomic,
)
from witnesses.semantics import NAMES, REFERENCE, Semantics, as_semantics
from witnesses.semantics import SEMANTICS as _SEMANTICS

__all__ = [
    "BLOCK1",
    "BLOCK2",
    "GRAMMAR",
    "SEMANTICS_NAMES",
    "Exp58Cell",
    "Exp58Result",
    "K",
    "SolveOutcome",
    "exp58_timeline",
    "format_table",
    "main",
    "run",
]

SEMANTICS_NAMES = tuple(s.name for s in _SEMANTICS)
"""Names of the semantics every experiment runs under (docs/guide/witnesses.md §1;
the objects: :data:`witnesses.semantics.SEMANTICS`)."""


def __getattr__(name: str) -> tuple[str, ...]:
    # ``SEMANTICS`` was this module's name for the names; it means the
    # Semantics objects in witnesses.semantics. Kept readable for one release.
    if name == "SEMANTICS":
        return SEMANTICS_NAMES
    msg = f"module {__name__!r} has no attribute {name!r}"
    raise AttributeError(msg)


K = 3
"""Development events demanded before the pivot in Exp58."""

GRAMMAR = Grammar.parametric(K, min_timespan_fraction=0.0)
"""Exp58's grammar: k = 3, strict otherwise, minimum span 0 (docs/guide/witnesses.md §9)."""

BLOCK1 = tuple(f"e{i:02d}" for i in range(1, 41))
"""Ids of block 1 (e01..e40)."""
BLOCK2 = tuple(f"e{i:02d}" for i in range(41, 51))
"""Ids of block 2 (e41..e50)."""


def _accumulate(start: float, step: float, cap: float, n: int) -> list[float]:
    out = []
    t = start
    for _ in range(n):
        out.append(t)
        t = min(t + step, cap)
    return out


def exp58_timeline() -> Timeline:
    """Return the 50-event Exp58 timeline, built from its rules (docs/guide/witnesses.md §9).

    Every event involves ``actor_0`` only and has the previous event as its
    causal parent. Timestamps of e11..e40 accumulate 0.0148 from 0.51 (cap
    0.95) and of e42..e50 accumulate 0.004 from 0.965 (cap 1.0) in floating
    point, so the values are bit-exact with the published list.

    Examples
    --------
    >>> from witnesses.exp58 import exp58_timeline
    >>> tl = exp58_timeline()
    >>> len(tl), tl.event("e40").timestamp, tl.event("e45").weight, tl.duration
    (50, 0.939200000000001, 0.6000000000000001, 0.977)
    """
    times = [0.02, 0.08, 0.12, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5]
    weights = [0.9, 0.85, 5.0] + [0.20 + 0.01 * (i - 4) for i in range(4, 11)]
    times += _accumulate(0.51, 0.0148, 0.95, 30)
    weights += [0.60 + 0.20 * ((i - 11) % 5) / 4 for i in range(11, 41)]
    times += [0.96, *_accumulate(0.965, 0.004, 1.0, 9)]
    weights += [10.0] + [0.40 + 0.20 * ((i - 42) % 4) / 3 for i in range(42, 51)]
    roles = (
        ["prefix_high"] * 2
        + ["local_pivot"]
        + ["latent_low"] * 7
        + ["filler_high"] * 30
        + ["global_pivot"]
        + ["post_pivot"] * 9
    )
    ids = BLOCK1 + BLOCK2
    return Timeline(
        Event(
            event_id,
            times[i],
            weights[i],
            frozenset({"actor_0"}),
            () if i == 0 else (ids[i - 1],),
            {"block": 1 if i < 40 else 2, "role": roles[i]},
        )
        for i, event_id in enumerate(ids)
    )


@dataclass(frozen=True, slots=True)
class SolveOutcome:
    """One solve: validity, pivot id and score (``None`` when invalid).

    Examples
    --------
    >>> from witnesses.exp58 import SolveOutcome
    >>> SolveOutcome(False, None, None).to_dict()
    {'pivot': None, 'score': None, 'valid': False}
    """

    valid: bool
    pivot: str | None
    score: float | None

    @property
    def turning_point(self) -> str | None:
        """The same as :attr:`pivot` (the old name, kept for one release)."""
        return self.pivot

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict."""
        return {
            "pivot": self.pivot,
            "score": self.score,
            "valid": self.valid,
        }


@dataclass(frozen=True, slots=True)
class Exp58Cell:
    """One row of the witness table: a strategy at one ``M``.

    ``fixed`` is the solve with the full timeline's pivot forced;
    ``pivot_preserved`` says whether the free solve is valid with that pivot;
    ``shortfall`` is ``1 - free score / full score`` (``None`` when invalid).

    Examples
    --------
    >>> from witnesses.exp58 import run
    >>> cell = run().cell("naive", 10)
    >>> cell.free.pivot, cell.fixed.valid, round(cell.shortfall, 4)
    ('e45', False, 0.5441)
    """

    strategy: str
    m: int
    kept_block1: tuple[str, ...]
    free: SolveOutcome
    fixed: SolveOutcome
    pivot_preserved: bool
    shortfall: float | None

    def to_dict(self) -> dict[str, Any]:
        """Return a JSON-ready dict (the issue's keys, plus the kept ids)."""
        return {
            "M": self.m,
            "fixed": {"score": self.fixed.score, "valid": self.fixed.valid},
            "free": self.free.to_dict(),
            "kept_block1": len(self.kept_block1),
            "kept_block1_ids": list(self.kept_block1),
            "pivot_preserved": self.pivot_preserved,
            "shortfall": self.shortfall,
            "strategy": self.strategy,
        }


@dataclass(frozen=True, slots=True)
class Exp58Result:
    """The Exp58 witness under one semantics.

    Attributes
    ----------
    semantics : str
        The name of the :class:`~witnesses.semantics.Semantics` it ran under.
    k : int
        Prefix demand (3).
    contract : str
        The compression playing the contract's part: ``"contract_guarded"``
        (reference) or ``"definition2"`` (paper).
    full_pivot : str or None
        Turning point of the full timeline at ``M = 1``.
    cells : tuple of Exp58Cell
        Strategies ``full``, ``naive`` and the contract, each at ``M = 1, 10``.
    witness_triple : bool
        At ``M = 1``: full feasible, naive infeasible, contract feasible.
    mirage_by_substitution : bool
        Naive at ``M = 10`` is valid only with a pivot other than the full
        one, and the forced full pivot is infeasible there.
    shortfall : float or None
        ``1 - score(naive, M=10) / score(full)``: the paper's relative regret.
    run_semantics : Semantics or None
        The :class:`~witnesses.semantics.Semantics` object itself, which
        :meth:`to_dict` reports the parameters of (a custom semantics has
        no name to look up). ``None`` for a result built by hand: then
        ``semantics`` must be a name :func:`~witnesses.as_semantics` knows.

    Examples
    --------
    >>> from witnesses.exp58 import run
    >>> result = run()
    >>> result.witness_triple, result.mirage_by_substitution, round(result.shortfall, 4)
    (True, True, 0.5441)
    """

    semantics: str
    k: int
    contract: str
    full_pivot: str | None
    cells: tuple[Exp58Cell, ...]
    witness_triple: bool
    mirage_by_substitution: bool
    shortfall: float | None
    run_semantics: Semantics | None = field(default=None, repr=False, compare=False)

    def cell(self, strategy: str, m: int) -> Exp58Cell:
        """Return the cell of ``strategy`` at ``M = m``.

        Raises
        ------
        KeyError
            If the run has no such cell (a lookup, as in a dict); the message
            names ``strategy`` and ``m``.
        """
        for c in self.cells:
            if (c.strategy, c.m) == (strategy, m):
                return c
        msg = f"no cell for strategy={strategy!r}, m={m!r}"
        raise KeyError(msg)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON document of ``--json`` (no timestamps)."""
        return {
            "cells": [c.to_dict() for c in self.cells],
            "checks": {
                "contract_feasible": self.cell(self.contract, 1).free.valid,
                "full_feasible": self.cell("full", 1).free.valid,
                "mirage_by_substitution": self.mirage_by_substitution,
                "naive_infeasible": not self.cell("naive", 1).free.valid,
            },
            "claim_ids": ["VM-E58"],
            "experiment": "exp58",
            "k": self.k,
            "mirage_by_substitution": self.mirage_by_substitution,
            "parameters": _parameters(
                as_semantics(self.semantics)
                if self.run_semantics is None
                else self.run_semantics
            ),
            "seed": None,
            "semantics": self.semantics,
            "shortfall": self.shortfall,
            "verdict": "holds" if self.witness_triple else "fails",
            "version": _version(),
            "witness_triple": self.witness_triple,
        }


def run(*, semantics: Semantics | str = REFERENCE) -> Exp58Result:
    """Run the Exp58 witness under ``semantics`` (pure, deterministic).

    Parameters
    ----------
    semantics : Semantics or str, default REFERENCE
        The contract, solver and development counting
        (:mod:`witnesses.semantics`). ``REFERENCE``: ``contract_guarded``
        (every top-10 pivot keeps ``j_dev >= 3``), the reference
        label-setting solver. ``PAPER``: Definition 2 (``VM-D2``) with
        non-focal events as development, the exact solver with the
        endogenous turning point; Exp58 has only focal events, so its
        Definition 2 is vacuous. ``"paper-eligible"`` counts development
        the reference way (every event, 20% setup share).

    Returns
    -------
    Exp58Result

    Raises
    ------
    ValueError
        For an unknown semantics.

    Notes
    -----
    ``VM-E58`` (docs/guide/witnesses.md §8). The timeline has no random part: the
    published seed 58 names the graph and draws nothing, so the output has no
    seed (``"seed": null``). Compression: ``k = 3``, ``M = 10``, block-1
    target 2, no gap limit. Grammar: ``GRAMMAR``.

    Examples
    --------
    >>> from witnesses.exp58 import run
    >>> r = run(semantics="paper-eligible")
    >>> r.cell("definition2", 1).kept_block1, r.cell("definition2", 1).free.score
    (('e01', 'e02', 'e03', 'e40'), 39.02692307692308)
    """
    sem = as_semantics(semantics)
    contract = sem.contract
    timeline = exp58_timeline()
    block1 = timeline.subset(BLOCK1)
    kept = {"full": BLOCK1}
    for strategy in ("naive", contract):
        result = compress_with(
            block1,
            strategy=strategy,
            k=K,
            m=10,
            target_size=2,
            non_focal=sem.non_focal_development,
        )
        kept[strategy] = result.timeline.ids
    full = _solve(timeline, sem, m=1)
    full_pivot = full.pivot
    cells = tuple(
        _cell(timeline, strategy, kept[strategy], m, sem, full)
        for strategy in ("full", "naive", contract)
        for m in (1, 10)
    )
    by = {(c.strategy, c.m): c for c in cells}
    triple = (
        by["full", 1].free.valid
        and not by["naive", 1].free.valid
        and by[contract, 1].free.valid
    )
    naive10 = by["naive", 10]
    mirage = (
        naive10.free.valid and not naive10.pivot_preserved and not naive10.fixed.valid
    )
    return Exp58Result(
        sem.name, K, contract, full_pivot, cells, triple, mirage, naive10.shortfall,
        run_semantics=sem,
    )  # fmt: skip


def _solve(
    timeline: Timeline, sem: Semantics, *, m: int, forced: str | None = None
) -> SolveOutcome:
    solution = solve(
        timeline,
        focal="actor_0",
        grammar=GRAMMAR,
        m=m,
        pivot_ids=None if forced is None else (forced,),
        **sem.solve_options(),
    )
    return SolveOutcome(solution.valid, solution.pivot_id, solution.score)


def _cell(
    timeline: Timeline,
    strategy: str,
    kept: tuple[str, ...],
    m: int,
    sem: Semantics,
    full: SolveOutcome,
) -> Exp58Cell:
    full_pivot, full_score = full.pivot, full.score
    composed = timeline.subset((*kept, *BLOCK2))
    free = _solve(composed, sem, m=m)
    if full_pivot is None:
        fixed = SolveOutcome(False, None, None)
    else:
        fixed = _solve(composed, sem, m=m, forced=full_pivot)
    shortfall = None
    if free.score is not None and full_score:
        shortfall = 1.0 - free.score / full_score
    preserved = free.valid and free.pivot == full_pivot
    return Exp58Cell(strategy, m, kept, free, fixed, preserved, shortfall)


def _parameters(sem: Semantics) -> dict[str, Any]:
    return {
        "block1_target": 2,
        "compression_M": 10,
        "contract": sem.contract,
        "counting": sem.counting,
        "grammar": {
            "focal_actor_coverage": GRAMMAR.focal_actor_coverage,
            "k": K,
            "max_length": GRAMMAR.max_length,
            "max_phase_regressions": GRAMMAR.max_phase_regressions,
            "max_turning_points": GRAMMAR.max_turning_points,
            "min_length": GRAMMAR.min_length,
            "min_timespan_fraction": GRAMMAR.min_timespan_fraction,
        },
        "solver": sem.solver + (" (endogenous pivot)" if sem.endogenous else ""),
        "solver_M": [1, 10],
    }


def _version() -> str:
    try:
        return metadata.version("context-laws")
    except metadata.PackageNotFoundError:  # running from a bare checkout
        return "unknown"


def format_table(result: Exp58Result) -> str:
    """Return the readable account printed by ``python -m witnesses.exp58``.

    A paragraph saying in plain words what the run shows, the table of the
    six solves with scores rounded for reading (``--json`` keeps full
    precision), a legend, and the verdict.

    Examples
    --------
    >>> from witnesses.exp58 import format_table, run
    >>> print(format_table(run()).splitlines()[0])
    Exp58 witness of the validity mirage (VM-E58), semantics: reference
    """
    check_instance(result, "result", Exp58Result)
    try:
        result.cell("naive", 1), result.cell(result.contract, 1), result.cell("full", 1)
    except KeyError as exc:
        msg = (
            f"result must hold the cells of a run (full, naive, contract at M=1): {exc}"
        )
        raise ValueError(msg) from None
    lines = [
        f"Exp58 witness of the validity mirage (VM-E58), semantics: {result.semantics}",
        "",
        *textwrap.wrap(_story(result), width=88),
        "",
        "strategy            kept  M   valid  pivot  score  forced pivot  pivot kept  shortfall",
    ]
    for c in result.cells:
        score = "-" if c.free.score is None else f"{c.free.score:.3f}"
        shortfall = "-" if c.shortfall is None else f"{c.shortfall:.1%}"
        forced = "-" if c.strategy == "full" else _yes(c.fixed.valid)
        lines.append(
            f"{c.strategy:<18} {len(c.kept_block1):>5} {c.m:>2}   {_yes(c.free.valid):<5}"
            f"  {c.free.pivot or '-':<5} {score:>6}  {forced:<12}  "
            f"{_yes(c.pivot_preserved):<10}  {shortfall:>9}"
        )
    lines += [
        "",
        "kept: block-1 events kept (of 40; the target was 2). M: pivot candidates the",
        "solver may try (1 = committed, 10 = enumerative). valid: the free solve finds a",
        f"grammar-valid sequence (k = {result.k} development events before the pivot).",
        "pivot: its turning point. forced pivot: a valid sequence exists with the full",
        f"timeline's pivot {result.full_pivot} forced. pivot kept: the free pivot is "
        f"{result.full_pivot}.",
        "shortfall: 1 - score / full score.",
        "",
        f"witness triple (M=1: full valid, naive not, contract valid): "
        f"{_yes(result.witness_triple)}",
        f"mirage by substitution (naive at M=10 valid only with another pivot): "
        f"{_yes(result.mirage_by_substitution)}",
    ]
    return "\n".join(lines)


def _yes(flag: bool, /) -> str:  # noqa: FBT001
    return "yes" if flag else "no"


def _story(result: Exp58Result) -> str:
    """One paragraph, computed from ``result``, of what the witness shows."""
    full = result.cell("full", 1)
    naive1, naive10 = result.cell("naive", 1), result.cell("naive", 10)
    contract = result.cell(result.contract, 1)
    parts = [
        f"The full 50-event timeline is {'feasible' if full.free.valid else 'infeasible'}"
        f" with pivot {full.free.pivot} (score {_score(full.free.score)})."
        f" Naive compression keeps {', '.join(naive1.kept_block1)} of block 1 and"
        " drops the development before the pivot, so a committed solver (M=1)"
        + (" finds no valid sequence." if not naive1.free.valid else " still succeeds.")
    ]
    if naive10.free.valid and naive10.free.pivot != full.free.pivot:
        parts.append(
            f"An enumerative solver (M=10) still reports a valid sequence, but only by"
            f" substituting pivot {naive10.free.pivot} for"
            f" {full.free.pivot}, scoring {_pct(naive10.shortfall)} less: the"
            " validity mirage."
        )
    kept = len(contract.kept_block1)
    if kept == len(full.kept_block1):
        guard = (
            f"The guarded strategy ({result.contract}) keeps all {kept} block-1 events:"
            " it refuses every drop, because the block already breaks its invariant,"
            " so its row is the uncompressed timeline."
        )
    elif contract.kept_block1 == naive1.kept_block1:
        guard = (
            f"The contract ({result.contract}) keeps what naive keeps: under this"
            " semantics' counting block 1 has no development to protect, and the"
            " contract is vacuous."
        )
    else:
        guard = (
            f"The contract ({result.contract}) keeps {kept} block-1 events"
            f" ({', '.join(contract.kept_block1)}) and the pivot"
            f" {'survives' if contract.pivot_preserved else 'is lost'}"
            f" (score {_score(contract.free.score)})."
        )
    parts.append(guard)
    return " ".join(parts)


def _score(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _pct(value: float | None) -> str:
    return "?" if value is None else f"{value:.0%}"


def main(argv: list[str] | None, *, prog: str = "context-laws exp58") -> int:
    """Run the witness from the command line; return the exit status.

    0: the witness triple holds, 1: it does not, 2: usage (including an
    ``--out`` that is a symlink, directory, device or FIFO, or whose directory
    is missing), 3: a crash, 130/143: SIGINT/SIGTERM (nothing printed),
    141: stdout was closed (``| head``).

    Examples
    --------
    >>> from witnesses.exp58 import main
    >>> main(["--json"])  # doctest: +ELLIPSIS
    {
      "cells": [
    ...
    0
    """
    parser = argparse.ArgumentParser(
        prog=prog,
        description=__doc__.split("\n\n", 1)[0] if __doc__ else None,
        epilog=_EXIT,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--semantics",
        choices=NAMES,
        default="reference",
        help="reference (the published run), paper (VM Definition 2 literally; docs/guide/witnesses.md §1) or "
        "paper-eligible (Definition 2 counting every event); default: reference",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument(
        "--out", metavar="FILE", help="also write the JSON document to FILE"
    )
    args = parser.parse_args(argv)
    if args.out is not None:
        try:
            check_output_path(args.out, name="--out", owned=_is_exp58_document)
        except ValueError as exc:
            parser.error(str(exc))
    try:
        with interruptible():
            result = run(semantics=args.semantics)
            document = json.dumps(
                result.to_dict(), sort_keys=True, indent=2, allow_nan=False
            )
            if args.out is not None:
                try:
                    write_atomic(Path(args.out), document + "\n", name="--out",
                                 owned=_is_exp58_document)  # fmt: skip
                except (ValueError, OSError) as exc:  # one line, exit 2
                    print(f"{prog}: error: {exc}", file=sys.stderr)
                    return 2
            status = 0 if result.witness_triple else 1
            verdict = _status_line(status, args.semantics)
            if args.json:  # the JSON stays one document; the status line to stderr
                if not print_or_closed(document):
                    return CLOSED_PIPE
                print(verdict, file=sys.stderr)
            elif not print_or_closed(format_table(result) + "\n\n" + verdict):
                return CLOSED_PIPE
    except Interrupted as exc:  # SIGINT / SIGTERM: no verdict, 130 / 143
        print(f"interrupted by {exc}", file=sys.stderr)
        return exc.exit_status
    except Exception:  # a crash is exit 3 with the traceback, not a Python exit 1
        traceback.print_exc(file=sys.stderr)
        return 3
    return status


_EXIT = """\
exit status:
  0    the witness triple holds (full valid, naive not, contract valid at M=1)
  1    it does not hold under the chosen semantics (a finding, not an error)
  2    usage, or an --out that is a symlink, directory, device or FIFO, or
       whose directory is missing
  3    a crash (traceback on stderr)
  130  interrupted (SIGINT), 143 terminated (SIGTERM): nothing printed
  141  standard output was closed (| head)
"""


def _status_line(status: int, semantics: str) -> str:
    """Return the last line: what the exit status will be and why."""
    if status == 0:
        return (
            f"exit status 0: the witness triple holds under the {semantics} semantics"
        )
    return (
        f"exit status 1: the witness triple does not hold under the {semantics} "
        "semantics (a finding, not an error; see the rows above)"
    )


def _is_exp58_document(head: str) -> bool:
    """Recognise a document ``--out`` wrote before (the only file it replaces)."""
    try:
        document = json.loads(head)
    except ValueError:
        return False
    return isinstance(document, dict) and document.get("experiment") == "exp58"


if __name__ == "__main__":
    raise SystemExit(main(None))
