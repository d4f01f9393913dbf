"""Command line of the retention sweep (private): ``context-laws sweep``.

Also ``python -m witnesses.sweep``. Runs :func:`witnesses.experiments.sweep.retention_sweep` on a
local process pool (``--workers``), in this process (``--workers 0``) or on a
Dask cluster (``--dask ADDRESS``), prints the per-retention aggregates and
optionally writes the whole result (``--out``, JSON or CSV, atomically).
Exit status: 0 on success, 2 on a usage error, 130/143 when interrupted.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from typing import Any

from witnesses.experiments.sweep import RETENTIONS, SweepResult, retention_sweep
from witnesses.runtime import (
    CLOSED_PIPE,
    Interrupted,
    interruptible,
    local_pool,
    print_or_closed,
)
from witnesses.semantics import NAMES

__all__ = ["main"]

DASK_CONNECT_TIMEOUT = 10
"""Seconds ``--dask ADDRESS`` waits for the scheduler before exit status 2."""

_EPILOG = """\
examples:
  context-laws sweep                         # the paper's 9 x 100 sweep
  context-laws sweep --seeds 10 --retentions 0.5 0.3 0.1 --out sweep.json
  context-laws sweep --solver greedy --journal sweep.jsonl   # resumable
  context-laws sweep --dask tcp://scheduler:8786             # a Dask cluster

exit status:
  0    the sweep ran; the table (or --out) holds its aggregates
  2    usage: a bad option or value (the message names it)
  130  interrupted (SIGINT), 143 terminated (SIGTERM): finished cells are in
       the --journal, if one was given
  141  standard output was closed (| head)
"""


def _parser(prog: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Run the validity mirage's retention sweep: MultiBurst timelines "
        "of 200 events, each compressed to every retention with every strategy of "
        "the semantics and solved free and with the full pivot forced. Prints raw "
        "validity, pivot preservation, fixed-pivot feasibility, mean regret and "
        "gap-guard rejections per retention and strategy.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--retentions",
        type=float,
        nargs="+",
        default=list(RETENTIONS),
        metavar="R",
        help="shares of the events kept, each in (0, 1] (default: 0.50 down to 0.10)",
    )
    parser.add_argument(
        "--seeds",
        type=int,
        default=100,
        metavar="N",
        help="run seeds 0..N-1 (default 100, as the paper)",
    )
    parser.add_argument(
        "--semantics",
        choices=NAMES,
        default="reference",
        help="reference (the published run, default), paper or paper-eligible",
    )
    parser.add_argument(
        "--solver",
        choices=("reference", "exact", "greedy"),
        default=None,
        help="override the semantics' solver (greedy: the paper's committed search)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="local worker processes (default: one per core; 0: this process)",
    )
    where.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run the cells on the Dask cluster whose scheduler is at ADDRESS "
        "(needs the 'dask' extra)",
    )
    parser.add_argument(
        "--journal",
        metavar="FILE",
        help="JSONL journal: finished cells are recorded and a rerun skips them",
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="write the result (.json) or rows (.csv) atomically",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the aggregates as JSON"
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar (default: only on a terminal)",
    )
    return parser


@contextmanager
def _executor(args: argparse.Namespace) -> Iterator[Executor | bool | None]:
    if args.dask is not None:
        try:
            from distributed import Client
        except (
            ImportError
        ) as exc:  # pragma: no cover - the dask extra is installed in CI
            msg = "--dask needs the 'dask' extra: pip install 'context-laws[dask]'"
            raise SystemExit(msg) from exc
        try:
            _probe_scheduler(args.dask, DASK_CONNECT_TIMEOUT)
            client = Client(args.dask, timeout=DASK_CONNECT_TIMEOUT)  # type: ignore[no-untyped-call]
        except (OSError, TimeoutError, ValueError) as exc:
            msg = (
                f"--dask={args.dask!r}: no scheduler reached within "
                f"{DASK_CONNECT_TIMEOUT} s ({type(exc).__name__}: {exc})"
            )
            raise ValueError(msg) from None
        with client:
            yield client.get_executor()  # type: ignore[no-untyped-call]
        return
    if args.workers == 0:
        yield False
        return
    with local_pool(max_workers=args.workers) as pool:
        yield pool


def _probe_scheduler(address: str, timeout: float) -> None:
    """Open one Dask comm to ``address`` and close it, all within ``timeout`` s.

    ``distributed.Client(address, timeout=...)`` bounds the TCP connect but
    not the comm handshake that follows it, so a listener that accepts and
    never answers (a port that is not a Dask scheduler) would hang the run.
    Here the connect and the handshake share one deadline; a timeout is a
    :class:`TimeoutError`.
    """
    import asyncio

    from distributed.comm.core import connect

    async def probe() -> None:
        try:
            comm = await asyncio.wait_for(connect(address, timeout=timeout), timeout)  # type: ignore[no-untyped-call]
        except TimeoutError:
            msg = "no Dask handshake (is it a scheduler's address?)"
            raise TimeoutError(msg) from None
        await comm.close()

    asyncio.run(probe())


def _table(result: SweepResult) -> str:
    lines = [
        f"retention sweep: semantics {result.semantics}, solver {result.solver}, "
        f"{len({r['seed'] for r in result.rows})} seeds",
        "",
        "retention  strategy           valid  pivot kept  forced pivot  mean regret"
        "  gap rejections",
    ]
    for agg in result.aggregates:
        regret = agg["fixed_pivot_regret"]
        lines.append(
            f"{agg['retention']:<9.2f}  {agg['strategy']:<17}  "
            f"{_rate(agg['raw_validity'])}  {_rate(agg['pivot_preservation']):>10}  "
            f"{_rate(agg['fixed_pivot_feasibility']):>12}  "
            f"{'-' if regret is None else f'{regret:.3f}':>11}  "
            f"{agg['rejected_gap_guard']:>14.2f}"
        )
    lines += [
        "",
        "valid: the compressed timeline still has a valid sequence (all rows). pivot "
        "kept: its",
        "pivot is the full timeline's (rows where both solves are valid). forced pivot:"
        " a valid",
        "sequence exists with the full pivot forced (rows with a full pivot). mean "
        "regret: free",
        "score minus forced score. gap rejections: drops the gap guard refused.",
    ]
    return "\n".join(lines)


def _rate(rate: Any) -> str:
    return "-" if rate["estimate"] is None else f"{rate['estimate']:.3f}"


def main(argv: list[str] | None, *, prog: str = "context-laws sweep") -> int:
    """Run the sweep from the command line (``argv`` None: ``sys.argv``); return the exit status.

    ``python -m witnesses.sweep --help`` (or ``context-laws sweep --help``)
    documents the options: ``--seeds``, ``--retentions``, ``--semantics``,
    ``--solver``, ``--workers N`` (0: this process; default: a local
    pool), ``--dask ADDRESS``, ``--journal``, ``--out``, ``--json``. The
    command line imports the engine (:mod:`witnesses.experiments.sweep`),
    never the reverse; ``witnesses.sweep.main`` is this function.

    Examples
    --------
    >>> from witnesses.sweep import main
    >>> main(["--seeds", "1", "--retentions", "0.5", "--workers", "0", "--json"])
    ... # doctest: +ELLIPSIS
    {
      "aggregates": [
    ...
    0
    """
    parser = _parser(prog)
    args = parser.parse_args(argv)
    if not 1 <= args.seeds <= 100_000:
        parser.error(f"--seeds must be in [1, 100000], got {args.seeds}")
    if args.workers is not None and not 0 <= args.workers <= 256:
        parser.error(f"--workers must be in [0, 256], got {args.workers}")
    seen: set[float] = set()
    for retention in args.retentions:
        if retention in seen:  # as floats: 0.5 and 0.50000000000000001 are one
            parser.error(
                f"--retentions: {retention:g} is given twice (a retention is one "
                "column of the sweep); give each once"
            )
        seen.add(retention)
    try:
        with interruptible(), _executor(args) as executor:
            result = retention_sweep(
                retentions=args.retentions,
                seeds=range(args.seeds),
                semantics=args.semantics,
                solver=args.solver,
                executor=executor,
                journal=args.journal,
                out=args.out,
                progress=args.progress,
            )
    except Interrupted as exc:
        where = (
            f"finished cells are in the journal {args.journal}"
            if args.journal is not None
            else "no journal was given (--journal FILE makes a rerun resume)"
        )
        print(f"interrupted by {exc}: {where}", file=sys.stderr)
        return exc.exit_status
    except (ValueError, TypeError) as exc:
        parser.error(str(exc))
    except OSError as exc:  # an output the file system refused: one line, exit 2
        parser.error(f"{exc}")
    if args.json:
        text = json.dumps(
            {"aggregates": [dict(a) for a in result.aggregates]},
            sort_keys=True,
            indent=2,
            allow_nan=False,
        )
    else:
        text = _table(result)
    return 0 if print_or_closed(text) else CLOSED_PIPE
