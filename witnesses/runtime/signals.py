"""SIGINT, SIGTERM and a closed stdout end a command line promptly (issue 22).

:func:`interruptible` installs, for the duration of a ``with`` block in the
main thread, handlers that turn SIGINT and SIGTERM into :class:`Interrupted`
(a ``KeyboardInterrupt``, so ``except Exception`` in a check runner does not
swallow it). The exit status is the shell's ``128 + signal``: 130 for SIGINT,
143 for SIGTERM.

Native code (a z3 ``check()``) does not return to Python until it is done,
so the Python handler alone would wait for it. A wake-up file descriptor
(:func:`signal.set_wakeup_fd`) lets a watcher thread see the signal at once
and call ``on_signal`` (``z3.main_ctx().interrupt``), which cancels the
native call; the handler then raises as soon as control is back in Python.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType

__all__ = ["CLOSED_PIPE", "Interrupted", "interruptible", "print_or_closed"]

CLOSED_PIPE = 128 + signal.SIGPIPE
"""Exit status when stdout's reader went away (``| head``): 141, quietly."""

_SIGNALS = (signal.SIGINT, signal.SIGTERM)
_STOP = b"\x00"


class Interrupted(KeyboardInterrupt):
    """A SIGINT or SIGTERM arrived; ``exit_status`` is ``128 + signum``.

    A subclass of ``KeyboardInterrupt``, so that ``except Exception`` does not
    swallow it. ``signum`` is the signal's number; the message is its name.

    Parameters
    ----------
    signum : int
        The signal's number (a member of :class:`signal.Signals`).

    Raises
    ------
    ValueError
        ``signum`` is not a signal number.

    Examples
    --------
    >>> import signal
    >>> from witnesses.runtime import Interrupted
    >>> exc = Interrupted(signal.SIGTERM)
    >>> str(exc), exc.exit_status
    ('SIGTERM', 143)
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum
        self.exit_status = 128 + signum


@contextlib.contextmanager
def interruptible(
    *,
    on_signal: Callable[[], object] | None = None,
) -> Iterator[None]:
    """Raise :class:`Interrupted` on SIGINT/SIGTERM inside the block (main thread).

    Outside the main thread (where Python delivers no signal) the block runs
    unchanged. The previous handlers and wake-up descriptor are restored on
    leaving the block.

    Parameters
    ----------
    on_signal : callable, optional
        Called with no argument from a watcher thread as soon as a signal
        arrives, even while the main thread is inside native code (e.g.
        ``z3.main_ctx().interrupt``, which cancels a z3 check); what it
        raises is ignored.

    Raises
    ------
    TypeError
        On entering the block, if ``on_signal`` is neither callable nor None.

    Examples
    --------
    >>> import os, signal
    >>> from witnesses.runtime import Interrupted, interruptible
    >>> try:
    ...     with interruptible():
    ...         os.kill(os.getpid(), signal.SIGTERM)
    ... except Interrupted as exc:
    ...     print(exc.exit_status)
    143
    """
    if on_signal is not None and not callable(on_signal):
        msg = f"on_signal must be callable or None, got {on_signal!r}"
        raise TypeError(msg)
    if threading.current_thread() is not threading.main_thread():
        yield  # signals are delivered to the main thread only
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        raise Interrupted(signum)

    previous = {s: signal.signal(s, handler) for s in _SIGNALS}
    read_fd, write_fd = os.pipe()
    os.set_blocking(write_fd, False)
    old_wakeup = signal.set_wakeup_fd(write_fd, warn_on_full_buffer=False)
    watcher = threading.Thread(
        target=_watch, args=(read_fd, on_signal), name="signal-watcher", daemon=True
    )
    watcher.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(old_wakeup)
        with contextlib.suppress(OSError):
            os.write(write_fd, _STOP)
        watcher.join(timeout=1.0)
        os.close(write_fd)
        for s, h in previous.items():
            signal.signal(s, h)


def _watch(read_fd: int, on_signal: Callable[[], object] | None) -> None:
    try:
        while True:
            data = os.read(read_fd, 64)
            if not data or _STOP in data:
                return
            if on_signal is not None:
                with contextlib.suppress(Exception):
                    on_signal()
    finally:
        os.close(read_fd)


def print_or_closed(text: str) -> bool:
    """Print ``text`` and flush; return False, quietly, if stdout's reader is gone.

    As the Python documentation recommends for SIGPIPE: on
    :class:`BrokenPipeError` point stdout at ``os.devnull`` so that the flush
    at interpreter exit does not raise again. The caller exits with
    :data:`CLOSED_PIPE`.

    Parameters
    ----------
    text : str
        Printed with a newline after it.

    Raises
    ------
    TypeError
        ``text`` is not a str.

    Examples
    --------
    >>> from witnesses.runtime import CLOSED_PIPE, print_or_closed
    >>> print_or_closed("ledger: 258 claims")
    ledger: 258 claims
    True
    >>> CLOSED_PIPE
    141
    """
    if not isinstance(text, str):
        msg = f"text must be a str, got {text!r} of type {type(text).__name__}"
        raise TypeError(msg)
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return False
    return True
