"""Local process pools whose workers die with the command line that made them.

:func:`local_pool` is the one process pool of the package (the sweep, the
sweep command line's ``--workers N`` and the ledger's workers all use it).
Its workers run :func:`die_with_parent` first: they leave Ctrl-C to the
parent and end when the parent ends (``PR_SET_PDEATHSIG`` on Linux, else a
thread polling the parent pid). A block that ends with an exception
(``KeyboardInterrupt`` included) terminates the workers at once instead of
waiting for the tasks in flight.

The workers are found without the standard library's private attributes:
they are the child processes (:func:`multiprocessing.active_children`) that
were not there when the pool was made, and the pool's manager thread is the
thread its first submission started (:func:`threading.enumerate`).
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from concurrent.futures import InvalidStateError, ProcessPoolExecutor
from typing import Any

from theory.validation import check_int

__all__ = ["die_with_parent", "local_pool"]


@contextlib.contextmanager
def local_pool(
    *,
    max_workers: int | None = None,
    initializer: Callable[[], None] | None = None,
) -> Iterator[ProcessPoolExecutor]:
    """Yield a process pool sized to the machine whose workers die with this process.

    On an exception (``KeyboardInterrupt`` included) the workers are
    terminated at once instead of finishing the cells in flight: every child
    process started since the pool was made and still running is
    terminated (the pool's workers; a process the block itself started and
    left running would be too). The workers are forked on entry, with
    SIGINT and SIGTERM held back until the forks are done: a signal that
    arrives during a fork would otherwise be raised inside the standard
    library's at-fork hooks, which swallow it (the run went on as if Ctrl-C
    had never been pressed); it is raised once the pool stands.

    Parameters
    ----------
    max_workers : int, optional
        Number of worker processes, ``1 <= max_workers <= 1024``; default the
        number of CPUs.
    initializer : callable, optional
        Run once in each worker after it is set to die with this process
        (a module-level function: the workers are forked).

    Raises
    ------
    ValueError
        ``max_workers`` out of range.

    Examples
    --------
    >>> from witnesses.runtime import local_pool
    >>> with local_pool(max_workers=2) as pool:
    ...     pool.submit(abs, -3).result()
    3
    """
    workers = os.cpu_count() or 1
    if max_workers is not None:
        workers = check_int(max_workers, "max_workers", minimum=1, maximum=1024)
    if initializer is not None and not callable(initializer):
        msg = f"initializer must be callable or None, got {initializer!r}"
        raise TypeError(msg)
    children_before = set(multiprocessing.active_children())
    threads_before = set(threading.enumerate())
    pool = ProcessPoolExecutor(
        max_workers=workers,
        initializer=_start_worker,
        initargs=(os.getpid(), initializer),
    )
    started: set[threading.Thread] = set()
    try:
        try:
            with _signals_deferred():
                _block_while_forking()  # the workers take SIGTERM's default at once
                try:
                    pool.submit(
                        os.getpid
                    )  # forks every worker now (the fork start method)
                finally:
                    _unblock()
        finally:  # the first submission started the pool's manager thread
            started = set(threading.enumerate()) - threads_before
        yield pool
    except BaseException:
        _quiet(started)
        ours = set(multiprocessing.active_children()) - children_before
        pool.shutdown(wait=False, cancel_futures=True)
        _end(ours)
        raise
    pool.shutdown(wait=True)


_GRACE = 2.0  # seconds a terminated worker gets before it is killed


_HELD = (signal.SIGTERM, signal.SIGINT)
_FORK = threading.local()
"""Per thread (two threads may make pools at once): ``_FORK.forking`` is True
while this thread forks a pool's workers and ``_FORK.mask`` is its signal mask
from before (None without ``pthread_sigmask``). A forked child reads them: its
one thread is the forking thread, with that thread's data."""


def _block_while_forking() -> None:
    """Mark this thread as forking; block SIGTERM and SIGINT in it (POSIX)."""
    _FORK.mask = None
    if hasattr(signal, "pthread_sigmask"):
        _FORK.mask = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    _FORK.forking = True


def _unblock() -> None:
    """Undo :func:`_block_while_forking` in this thread (restore its mask)."""
    _FORK.forking = False
    if _FORK.mask is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, _FORK.mask)


def _default_signals_in_child() -> None:
    """In a worker forked by :func:`local_pool`: SIGTERM's default, SIGINT ignored, at once.

    The parent defers both signals while it forks (a Python-level handler that
    only records them), with both blocked in the forking thread: the worker
    starts with them blocked, sets their actions, then unblocks them, so a
    SIGTERM sent before it ran at all is taken by the default action rather
    than by the inherited handler (or lost on the way).
    """
    if getattr(_FORK, "forking", False):
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        if _FORK.mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, _FORK.mask)


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_default_signals_in_child)


def _end(processes: set[multiprocessing.process.BaseProcess]) -> None:
    """Terminate ``processes`` (SIGTERM); kill the ones still alive after ``_GRACE`` seconds."""
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    deadline = time.monotonic() + _GRACE
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()


_QUIET: weakref.WeakSet[threading.Thread] = weakref.WeakSet()
"""Threads (executor manager threads) of pools torn down on an exception."""


def _quiet(threads: set[threading.Thread]) -> None:
    """Keep a torn-down pool's manager thread from printing ``InvalidStateError``.

    When the workers are terminated, the manager thread marks the pending
    futures failed; on CPython 3.11 one that ``shutdown(cancel_futures=True)``
    has just cancelled raises ``InvalidStateError`` there, and the thread's
    traceback (noise: the run was interrupted and exits 130/143 all the same)
    is printed. Only that exception of those threads is dropped; any other
    goes to the hook installed before.
    """
    if not threads:
        return
    _QUIET.update(threads)
    if threading.excepthook is not _excepthook:
        global _previous_hook  # one chained hook per process
        _previous_hook = threading.excepthook
        threading.excepthook = _excepthook


_previous_hook = threading.excepthook


def _excepthook(args: Any) -> None:
    if args.thread in _QUIET and issubclass(args.exc_type, InvalidStateError):
        return
    _previous_hook(args)


@contextlib.contextmanager
def _signals_deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back inside the block; raise the first one after.

    Only Python-level handlers are replaced (the default SIGTERM kills at once
    and needs nothing), and only in the main thread, where handlers can be set.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    saved: dict[int, Any] = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        handler = signal.getsignal(signum)
        if callable(handler):
            saved[signum] = handler
            signal.signal(signum, lambda number, _frame: caught.append(number))
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler)
        if caught:
            signal.raise_signal(caught[0])


def die_with_parent(parent: int) -> None:
    """Make this worker process end when ``parent`` ends; Ctrl-C is the parent's.

    Meant as the initializer of a worker process (``initargs=(os.getpid(),)``
    from the parent): the worker ignores SIGINT (the parent handles Ctrl-C and
    stops the pool), takes SIGTERM's default action, drops a signal wake-up
    descriptor inherited from the parent, and ends when ``parent`` ends:
    ``PR_SET_PDEATHSIG`` on Linux, and on every platform a daemon thread that
    polls the parent pid twice a second. If ``parent`` is already gone (this
    process's parent is another pid) the process ends at once with status 1.

    Do not call it in the parent itself: it changes this process's signal
    handling, and ends it when ``parent`` is not its parent.

    Parameters
    ----------
    parent : int
        The pid of the process whose end ends this one (``>= 1``).

    Raises
    ------
    TypeError, ValueError
        ``parent`` is not an int ``>= 1``.

    Examples
    --------
    >>> import os
    >>> from concurrent.futures import ProcessPoolExecutor
    >>> from witnesses.runtime import die_with_parent
    >>> with ProcessPoolExecutor(
    ...     max_workers=1, initializer=die_with_parent, initargs=(os.getpid(),)
    ... ) as pool:
    ...     pool.submit(abs, -3).result()
    3
    """
    parent = check_int(parent, "parent", minimum=1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not a handler forked from a CLI
    if hasattr(signal, "set_wakeup_fd"):
        signal.set_wakeup_fd(-1)
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError):
            # prctl's status and errno are not read: if it fails, the polling
            # thread below still ends this process when the parent ends
            libc = ctypes.CDLL(None)
            libc.prctl(1, signal.SIGTERM, 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
    threading.Thread(target=_poll_parent, args=(parent,), daemon=True).start()


def _start_worker(parent: int, then: Callable[[], None] | None = None) -> None:
    """Pool initializer: :func:`die_with_parent`, then the pool's own initializer."""
    die_with_parent(parent)
    if then is not None:
        then()


def _poll_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)
