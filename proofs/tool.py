"""The ``context-laws`` program: one console script, one subcommand per job.

``context-laws exp58``, ``rates``, ``sweep``, ``bench`` and ``check`` are the
command lines of ``witnesses`` (:mod:`witnesses.cli` maps each to its
parser); ``ledger`` and ``audit`` are those of ``proofs`` (:mod:`proofs.cli`,
which is also ``python -m proofs``). This module only chooses the package:
it lives in ``proofs`` because ``proofs`` is the one package that may import
both. ``python -m witnesses.exp58``, ``python -m proofs``,
``python -m witnesses.rates`` and ``python -m witnesses.sweep`` run the same
code, and every message names the program ``context-laws``.

Nothing heavy is imported before a subcommand is chosen, so ``--help`` and
``--version`` answer at once: the package's command line is imported (a
normal import) inside :func:`main`, with SIGINT and SIGTERM held until it is
loaded.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

__all__ = ["main"]

_COMMANDS: dict[str, str] = {
    "exp58": "the deterministic Exp58 witness of the validity mirage",
    "ledger": "the claims ledger: every claim of the five papers",
    "rates": "mirage diagnostics of a harness file, with intervals",
    "sweep": "the retention sweep (local pool or Dask)",
    "audit": "check a paper's printed statistics (an audit table, or the paper's text)",
    "bench": "LongMemEval and LoCoMo result files: accuracy, F1, paired comparisons",
    "check": "check your compressor or operator (module:function)",
}
"""Every subcommand with its one-line summary, in the order of ``--help``."""

_PROOFS_COMMANDS = ("ledger", "audit")
"""The subcommands of :mod:`proofs.cli`; the others are :data:`witnesses.cli.COMMANDS`."""

_USAGE = """usage: context-laws [-h] [-V] COMMAND [options]

Executable, machine-checked laws of memory and context compression.

commands:
{commands}

options:
  -h, --help     show this help message and exit
  -V, --version  print the installed version and exit

'context-laws COMMAND --help' documents each command's options and exit statuses.

exit status: the command's own (see its --help); 0 for --help and --version,
2 for a missing or unknown command.
"""


def _help() -> str:
    rows = "\n".join(f"  {name:<8} {text}" for name, text in _COMMANDS.items())
    return _USAGE.format(commands=rows)


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("context-laws")
    except metadata.PackageNotFoundError:  # run from a checkout, not installed
        return "unknown (not installed)"


def main(argv: Sequence[str] | None) -> int:
    """Dispatch ``context-laws COMMAND ...``; return the command's exit status.

    Examples
    --------
    >>> from proofs.tool import main
    >>> main(["--help"])  # doctest: +ELLIPSIS
    usage: context-laws [-h] [-V] COMMAND [options]
    ...
    0
    >>> main(["--version"])  # doctest: +ELLIPSIS
    context-laws ...
    0
    >>> main(["lemma"])
    Traceback (most recent call last):
    ...
    SystemExit: 2
    """
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] in (["-h"], ["--help"]):
        print(_help(), end="")
        return 0
    if args[:1] in (["-V"], ["--version"]):
        print(f"context-laws {_version()}")
        return 0
    if not args:
        print(_help(), end="", file=sys.stderr)
        print("context-laws: error: a command is required", file=sys.stderr)
        return 2
    name, rest = args[0], args[1:]
    if name not in _COMMANDS:
        print(_help(), end="", file=sys.stderr)
        import difflib

        near = difflib.get_close_matches(name, list(_COMMANDS), n=1)
        hint = f"; did you mean {near[0]!r}?" if near else ""
        print(f"context-laws: error: unknown command {name!r}{hint}", file=sys.stderr)
        raise SystemExit(2)
    with _signals_held() as pending:
        run = _command_line(name)
    if pending:  # SIGINT/SIGTERM while the command was imported: nothing ran
        print(f"context-laws {name}: interrupted", file=sys.stderr)
        return 128 + pending[0]
    try:
        return run(rest)
    except KeyboardInterrupt as exc:  # a Ctrl-C the command did not handle
        print(f"context-laws {name}: interrupted", file=sys.stderr)
        status: int = getattr(exc, "exit_status", 130)
        return status


def _command_line(name: str) -> Callable[[list[str]], int]:
    """Import the command line of the package that owns ``name`` (a normal import)."""
    if name in _PROOFS_COMMANDS:
        from proofs import cli

        if name == "audit":  # proofs.cli knows where audit lives
            return lambda rest: cli.main(["audit", *rest])
        return lambda rest: cli.main(rest, prog="context-laws ledger")
    from witnesses.cli import command

    run = command(name)  # imports the subcommand's module (signals still held)
    return lambda rest: run(rest, prog=f"context-laws {name}")


@contextmanager
def _signals_held() -> Iterator[list[int]]:
    """Hold SIGINT/SIGTERM inside the block; yield the list of those that came.

    A signal that lands inside a C extension's initialisation (an import)
    surfaces as an ImportError (or a traceback); holding it makes the command
    end cleanly with ``128 + signal`` once the import is done. Outside the main
    thread (no handlers there) nothing is held.
    """
    pending: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield pending
        return

    def hold(signum: int, frame: object) -> None:
        pending.append(signum)

    watched = (signal.SIGINT, signal.SIGTERM)
    previous = {s: signal.signal(s, hold) for s in watched}
    try:
        yield pending
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _script() -> int:
    """Run :func:`main` on the command line's arguments (the ``context-laws`` script)."""
    code = main(sys.argv[1:])
    _settled()
    return code


def _settled() -> None:
    """Ignore SIGINT and SIGTERM once the command has its exit status.

    What is left is the interpreter's shutdown (atexit handlers such as
    logging's flush): a Ctrl-C there would print a ``KeyboardInterrupt``
    traceback over a finished run (the CI signal fuzz saw one, exit 0).
    """
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
