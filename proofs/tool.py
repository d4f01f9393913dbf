"""The ``context-laws`` command line: one tool, one subcommand per job.

``context-laws exp58``, ``ledger``, ``rates``, ``sweep`` and ``audit`` run the
same code as ``python -m witnesses.exp58``, ``python -m proofs``,
``python -m witnesses.rates``, ``python -m witnesses.sweep`` and
``python -m proofs audit``; those entry points stay, and every message names
the program ``context-laws``.

The subcommands are one table, ``_COMMANDS`` (name -> module with a
``main(argv, *, prog)`` and a one-line summary): a new subcommand is one entry.
Nothing heavy is imported before a subcommand is chosen, so ``--help`` and
``--version`` answer at once.
``context-laws bench`` (LongMemEval and LoCoMo result files) has no
``python -m`` twin.
"""

from __future__ import annotations

import importlib
import inspect
import signal
import sys
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Callable

__all__ = ["main"]

_COMMANDS: dict[str, tuple[str, str]] = {
    "exp58": (
        "witnesses.exp58",
        "the deterministic Exp58 witness of the validity mirage",
    ),
    "ledger": ("proofs.cli", "the claims ledger: every claim of the five papers"),
    "rates": (
        "witnesses.rates.cli",
        "mirage diagnostics of a harness file, with intervals",
    ),
    "sweep": ("witnesses.sweep", "the retention sweep (local pool or Dask)"),
    "audit": (
        "proofs.audit._cli",
        "check a paper's printed statistics (an audit table, or the paper's text)",
    ),
    "bench": (
        "witnesses.rates._bench_cli",
        "LongMemEval and LoCoMo result files: accuracy, F1, paired comparisons",
    ),
    "check": (
        "witnesses.check._cli",
        "check your compressor or operator (module:function)",
    ),
}

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
    rows = "\n".join(f"  {name:<8} {text}" for name, (_, text) in _COMMANDS.items())
    return _USAGE.format(commands=rows)


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("context-laws")
    except metadata.PackageNotFoundError:  # run from a checkout, not installed
        return "unknown (not installed)"


def main(argv: list[str] | None) -> int:
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
    module, pending = _import_deferring_signals(_COMMANDS[name][0])
    if pending:  # SIGINT/SIGTERM while the command was imported: nothing ran
        print(f"context-laws {name}: interrupted", file=sys.stderr)
        return 128 + pending[0]
    run: Callable[..., int] = module.main
    try:
        if "prog" in inspect.signature(run).parameters:
            return run(rest, prog=f"context-laws {name}")
        return run(rest)
    except KeyboardInterrupt as exc:  # a Ctrl-C the command did not handle
        print(f"context-laws {name}: interrupted", file=sys.stderr)
        status: int = getattr(exc, "exit_status", 130)
        return status


def _import_deferring_signals(name: str) -> tuple[Any, list[int]]:
    """Import a command's module with SIGINT/SIGTERM held until it is loaded.

    A signal that lands inside a C extension's initialisation surfaces as an
    ImportError (or a traceback); holding it makes the command end cleanly
    with ``128 + signal`` once the import is done.
    """
    pending: list[int] = []

    def hold(signum: int, frame: object) -> None:
        pending.append(signum)

    watched = (signal.SIGINT, signal.SIGTERM)
    if threading.current_thread() is not threading.main_thread():
        return importlib.import_module(name), pending
    previous = {s: signal.signal(s, hold) for s in watched}
    try:
        module = importlib.import_module(name)
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    return module, pending


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
