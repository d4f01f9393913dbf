"""The command lines of ``witnesses``: ``context-laws exp58 | rates | sweep | bench | check``.

The one place that maps each subcommand of ``witnesses`` to the module whose
``main(argv, *, prog)`` parses and runs it (each parser stays beside the code
it drives). ``context-laws`` (:mod:`proofs.tool`) hands these subcommands to
:func:`main`; ``python -m witnesses.cli COMMAND ...`` does the same, and
``python -m witnesses.exp58``, ``python -m witnesses.rates`` and
``python -m witnesses.sweep`` stay. A subcommand's module is imported only
once it is chosen.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Sequence

from theory.validation import check_choice

__all__ = ["COMMANDS", "command", "main"]

COMMANDS: tuple[str, ...] = ("exp58", "rates", "sweep", "bench", "check")
"""The subcommands of ``witnesses``, in the order ``context-laws --help`` lists them."""

_Main = Callable[..., int]


def command(name: str) -> _Main:
    """Import and return the ``main(argv, *, prog)`` of the subcommand ``name``.

    The returned function parses ``argv`` (a list of str), runs the
    subcommand and returns its exit status; ``prog`` is the program name its
    messages use (``"context-laws NAME"``).

    Raises
    ------
    ValueError
        ``name`` is not one of :data:`COMMANDS`.

    Examples
    --------
    >>> from witnesses.cli import command
    >>> command("exp58")(["--json"], prog="context-laws exp58")  # doctest: +ELLIPSIS
    {
      "cells": [
    ...
    0
    >>> command("exp59")
    Traceback (most recent call last):
    ...
    ValueError: name must be one of 'exp58', 'rates', 'sweep', 'bench', 'check', got 'exp59'
    """
    check_choice(name, "name", COMMANDS)
    if name == "exp58":
        from witnesses.exp58 import main as exp58

        return exp58
    if name == "rates":
        from witnesses.rates.cli import main as rates

        return rates
    if name == "sweep":
        from witnesses.experiments._sweep_cli import main as sweep

        return sweep
    if name == "bench":
        from witnesses.rates._bench_cli import main as bench

        return bench
    if name == "check":
        from witnesses.check._cli import main as check

        return check
    msg = f"COMMANDS lists {name!r} but no module runs it"
    raise AssertionError(msg)


def main(argv: Sequence[str] | None, *, prog: str = "context-laws") -> int:
    """Run ``COMMAND ARGS...`` (``argv`` None: ``sys.argv[1:]``); return its exit status.

    ``argv[0]`` names the subcommand (one of :data:`COMMANDS`); the rest goes
    to it, with ``prog + " " + COMMAND`` as the program name of its messages.
    ``-h`` or ``--help`` lists the subcommands (exit status 0); a missing or
    unknown subcommand is a usage error (exit status 2, the choices on
    standard error).

    Examples
    --------
    >>> from witnesses.cli import COMMANDS, main
    >>> COMMANDS
    ('exp58', 'rates', 'sweep', 'bench', 'check')
    >>> main(["exp58", "--json"])  # doctest: +ELLIPSIS
    {
      "cells": [
    ...
    0
    >>> main(["lemma"])
    2
    """
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] in (["-h"], ["--help"]):
        sys.stdout.write(
            f"usage: {prog} {{{','.join(COMMANDS)}}} ...\n\n"
            f"'{prog} COMMAND --help' documents each command's options and exit "
            "statuses.\n"
        )
        return 0
    if not args or args[0] not in COMMANDS:
        got = f"unknown command {args[0]!r}" if args else "a command is required"
        sys.stderr.write(f"{prog}: error: {got} (one of {', '.join(COMMANDS)})\n")
        return 2
    name, rest = args[0], args[1:]
    status: int = command(name)(rest, prog=f"{prog} {name}")
    return status


def _rates_script() -> int:
    """Run ``context-laws rates``: the deprecated ``context-laws-rates`` console script.

    Kept for one release; it says so on standard error and runs
    ``context-laws rates`` with the same arguments.
    """
    sys.stderr.write(
        "context-laws-rates: DeprecationWarning: this script goes in the next "
        "release; use 'context-laws rates' (the same options)\n"
    )
    code = main(["rates", *sys.argv[1:]])
    if threading.current_thread() is threading.main_thread():  # the run is over
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
