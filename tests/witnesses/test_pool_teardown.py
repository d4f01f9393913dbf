"""A pool torn down before its workers ran their initializer still ends them (issue 33).

White-box: the window between a worker's fork and its initializer is made long
by delaying the pool's private worker start; the parent holds a Python-level
SIGTERM handler, as every command line of the package does.
"""

from __future__ import annotations

import multiprocessing
import signal
import time

import pytest

from witnesses.runtime import local_pool, pool


def _slow_start(parent, then=None):
    time.sleep(30)  # the worker has not yet made SIGTERM its default


_BUSY = multiprocessing.get_context("fork").Event()  # inherited by the forked workers


def _busy():
    _BUSY.set()
    time.sleep(60)


def _ignore_term():
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def _teardown(*, wait_for_start: bool, **kwargs):
    """Raise inside a one-worker pool busy for a minute; return the worker's exit code."""
    before = set(multiprocessing.active_children())
    workers = set()
    _BUSY.clear()

    def interrupted_run():
        with local_pool(max_workers=1, **kwargs) as p:
            p.submit(_busy)
            if wait_for_start:  # the worker is in its task: the initializer has run
                assert _BUSY.wait(timeout=30)
            workers.update(set(multiprocessing.active_children()) - before)
            raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, lambda *_: None)
    try:
        with pytest.raises(KeyboardInterrupt):
            interrupted_run()
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert len(workers) == 1
    (worker,) = workers
    return exit_code(worker)


def exit_code(process, *, deadline: float = 30.0):
    """The process's exit code, waiting at most ``deadline`` seconds (not a speed check).

    The pool's manager thread may reap the worker first: its status is then set
    on the shared process object a moment later, so ``None`` is read again.
    """
    end = time.monotonic() + deadline
    process.join(timeout=deadline)
    while process.exitcode is None and time.monotonic() < end:
        time.sleep(0.05)
    return process.exitcode


def test_a_worker_forked_under_a_python_sigterm_handler_dies_of_sigterm(monkeypatch):
    """Without the fork hook the worker inherits the deferring handler, swallows
    SIGTERM, and is only killed after the grace period (-SIGKILL)."""
    monkeypatch.setattr(pool, "_start_worker", _slow_start)
    assert _teardown(wait_for_start=False) == -signal.SIGTERM


def test_a_worker_that_ignores_sigterm_is_killed_after_the_grace_period(monkeypatch):
    monkeypatch.setattr(pool, "_GRACE", 0.5)
    assert _teardown(wait_for_start=True, initializer=_ignore_term) == -signal.SIGKILL
