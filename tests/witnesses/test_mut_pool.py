"""witnesses.runtime.pool: what the mutation run found untested (issue 33, item 5).

The teardown's grace period and deadline are observed without timing: the
module's clock is replaced by one that returns given instants and the value
each worker's ``join`` is called with is recorded. The signal tests send
thread-directed signals while the signals are blocked, so their order and
arrival do not depend on scheduling; events order the threads, and 30 s
bounds are failure deadlines only.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
import types
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import ClassVar

import pytest

from witnesses.runtime import local_pool, pool

ROOT = Path(__file__).resolve().parents[2]
DEADLINE = 30.0  # seconds; a failure bound, never a speed check

POSIX_MASKS = pytest.mark.skipif(
    not hasattr(signal, "pthread_sigmask") or not hasattr(os, "register_at_fork"),
    reason="POSIX signal masks and fork hooks",
)


class _GatedPool(ProcessPoolExecutor):
    """A pool whose first ``submit`` (the one that forks the workers) calls a hook.

    ``local_pool`` forks its workers with that first submission, inside the
    window where SIGINT and SIGTERM are held back, so the hook runs there.
    """

    hooks: ClassVar[dict[int, Callable[[], None]]] = {}  # thread id -> hook, used once

    def submit(self, fn, /, *args, **kwargs):
        hook = self.hooks.pop(threading.get_ident(), None)
        if hook is not None:
            hook()
        return super().submit(fn, *args, **kwargs)


@pytest.fixture
def gated(monkeypatch):
    monkeypatch.setattr("witnesses.runtime.pool.ProcessPoolExecutor", _GatedPool)
    _GatedPool.hooks.clear()
    yield _GatedPool.hooks
    _GatedPool.hooks.clear()


def _blocked() -> set[int]:
    """The calling thread's blocked signals (as ints)."""
    return {int(s) for s in signal.pthread_sigmask(signal.SIG_BLOCK, [])}


# ---------------------------------------------------------------- teardown


def test_tasks_not_started_are_cancelled_when_the_block_raises(monkeypatch):
    """The queued tasks end cancelled (``cancel_futures``), not failed by the broken pool.

    The workers are ended only once the last task is no longer pending, so the
    cancellation is not racing the workers' end; a pool that did not cancel
    leaves it pending until that wait's failure deadline.
    """
    futures: list[concurrent.futures.Future[None]] = []
    settled = threading.Event()  # the last task is done (cancelled) or failed
    real_end = pool._end

    def end_once_settled(processes):
        settled.wait(DEADLINE)
        real_end(processes)

    def interrupted_run() -> None:
        with local_pool(max_workers=1) as p:
            futures.extend(p.submit(time.sleep, 60) for _ in range(5))
            futures[-1].add_done_callback(lambda _: settled.set())
            raise KeyboardInterrupt

    monkeypatch.setattr(pool, "_end", end_once_settled)
    with pytest.raises(KeyboardInterrupt):
        interrupted_run()
    # one task runs, one waits in the call queue: at most two were started
    assert [f.cancelled() for f in futures[2:]] == [True, True, True]


def _teardown_joins(monkeypatch, instants: list[float]) -> list[float | None]:
    """Tear a two-worker pool down with the clock at ``instants``; the join timeouts."""
    clock = iter(instants)
    last = [instants[-1]]

    def monotonic() -> float:
        last[0] = next(clock, last[0])
        return last[0]

    fake_time = types.SimpleNamespace(monotonic=monotonic, sleep=time.sleep)
    monkeypatch.setattr("witnesses.runtime.pool.time", fake_time)
    joins: list[float | None] = []
    real_join = multiprocessing.process.BaseProcess.join

    def join(self, timeout=None):
        if threading.current_thread() is threading.main_thread():
            joins.append(timeout)  # the teardown's joins (the pool's run elsewhere)
        real_join(self, timeout)

    monkeypatch.setattr(multiprocessing.process.BaseProcess, "join", join)
    with pytest.raises(ValueError, match="stop"), local_pool(max_workers=2):
        raise ValueError("stop")
    return joins


def test_the_teardown_gives_the_workers_two_seconds_in_all(monkeypatch):
    """Deadline = the instant of the terminations + 2 s; each join waits what is left.

    Terminated at t=100, the first join starts at 101.5 (0.5 s left) and the
    second at 103 (past the deadline: 0 s, never a negative timeout).
    """
    assert _teardown_joins(monkeypatch, [100.0, 101.5, 103.0]) == [0.5, 0.0]


def test_a_prompt_teardown_waits_the_whole_grace_period(monkeypatch):
    assert _teardown_joins(monkeypatch, [50.0]) == [2.0, 2.0]


# ---------------------------------------------------- the fork's signal window


def test_a_pool_made_outside_the_main_thread_works():
    """Handlers can be set in the main thread only: elsewhere nothing is deferred."""
    results: list[object] = []

    def run() -> None:
        try:
            with local_pool(max_workers=1) as p:
                results.append(p.submit(abs, -3).result(timeout=DEADLINE))
        except BaseException as exc:  # reported below, with its type
            results.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(DEADLINE)
    assert results == [3]


class _Int(Exception):
    pass


class _Term(Exception):
    pass


def _raise_int(signum, frame):
    raise _Int


def _raise_term(signum, frame):
    raise _Term


@POSIX_MASKS
def test_signals_during_the_fork_raise_the_first_once_the_pool_stands(gated):
    """SIGINT and SIGTERM sent while the workers fork: SIGINT (the first) is raised.

    Both are sent to this thread while it blocks them, so both are pending when
    the window ends and are recorded in signal-number order; the second is
    dropped (the command line is ending anyway).
    """
    me = threading.get_ident()

    def send_both() -> None:
        signal.pthread_kill(me, signal.SIGTERM)
        signal.pthread_kill(me, signal.SIGINT)

    gated[me] = send_both
    previous = {
        signal.SIGINT: signal.signal(signal.SIGINT, _raise_int),
        signal.SIGTERM: signal.signal(signal.SIGTERM, _raise_term),
    }
    try:
        with pytest.raises(_Int), local_pool(max_workers=1):
            pytest.fail("the block ran although a signal came during the fork")
        assert signal.getsignal(signal.SIGINT) is _raise_int  # handlers restored
        assert signal.getsignal(signal.SIGTERM) is _raise_term
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _worker_mask() -> list[int]:
    return sorted(_blocked())


@POSIX_MASKS
def test_two_threads_forking_pools_at_once_keep_their_own_signal_masks(gated):
    """Each thread gets back its own mask, and so do the workers it forks.

    Thread A (SIGINT blocked) is inside its fork window when thread B (nothing
    blocked) enters its own; A finishes first. A shared record of "the mask
    before the fork" gave A B's mask and B A's, and B's workers kept SIGTERM
    blocked (uncatchable: only killed after the grace period).
    """
    a_in, b_in, a_done = threading.Event(), threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def in_a() -> None:
        a_in.set()
        assert b_in.wait(DEADLINE)

    def in_b() -> None:
        b_in.set()
        assert a_done.wait(DEADLINE)

    def run(name: str, block: set[int], hook, done: threading.Event | None) -> None:
        try:
            signal.pthread_sigmask(signal.SIG_SETMASK, block)
            gated[threading.get_ident()] = hook
            with local_pool(max_workers=1) as p:
                seen[f"{name} in block"] = sorted(_blocked())
                seen[f"{name} worker"] = p.submit(_worker_mask).result(DEADLINE)
            seen[f"{name} after"] = sorted(_blocked())
        except BaseException as exc:  # reported by the assertion below
            seen[f"{name} error"] = repr(exc)
        finally:
            if done is not None:
                done.set()

    sigint = int(signal.SIGINT)
    a = threading.Thread(target=run, args=("a", {sigint}, in_a, a_done))
    b = threading.Thread(target=run, args=("b", set(), in_b, None))
    a.start()
    assert a_in.wait(DEADLINE)
    b.start()
    a.join(DEADLINE)
    b.join(DEADLINE)
    assert seen == {
        "a in block": [sigint],
        "a worker": [sigint],
        "a after": [sigint],
        "b in block": [],
        "b worker": [],
        "b after": [],
    }


def _sigint_action() -> str:
    return str(signal.getsignal(signal.SIGINT))


def _report_sigint(queue) -> None:
    queue.put(_sigint_action())


def _forked_sigint_action() -> str:
    """SIGINT's action in a process this thread forks (not a pool's worker)."""
    context = multiprocessing.get_context("fork")
    queue = context.SimpleQueue()
    child = context.Process(target=_report_sigint, args=(queue,))
    child.start()
    action = queue.get()
    child.join(DEADLINE)
    return str(action)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_only_the_pools_forks_change_the_childs_signal_actions():
    """A process forked after a pool, or by a thread that never made one, keeps them."""
    inherited = _sigint_action()
    assert inherited != str(signal.SIG_IGN)  # pytest's own handler, or the default
    with local_pool(max_workers=1) as p:
        assert p.submit(_sigint_action).result(DEADLINE) == str(signal.SIG_IGN)
    assert _forked_sigint_action() == inherited  # same thread, after the pool
    other: list[str] = []
    thread = threading.Thread(target=lambda: other.append(_forked_sigint_action()))
    thread.start()
    thread.join(DEADLINE)
    assert other == [inherited]


# ------------------------------------------------------------- die_with_parent

ORPHAN = """
import ctypes, os, signal, sys, time
import witnesses.runtime.pool as pool

signal.alarm(30)  # a failure deadline for the whole program
libc = ctypes.CDLL(None)
libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER: orphans come back to us
read_end, write_end = os.pipe()
middle = os.fork()
if middle == 0:  # the worker's parent
    parent = os.getpid()
    if os.fork() == 0:  # the worker
        sys.platform = "darwin"  # no PR_SET_PDEATHSIG: the polling thread alone

        def sleep(seconds):
            os.write(1, f"poll every {seconds}\\n".encode())
            time.sleep(0.05)

        pool.time = type(sys)("fake_time")
        pool.time.sleep = sleep
        pool.die_with_parent(parent)
        os.write(write_end, b"armed")
        time.sleep(60)  # ends only when the polling thread ends it
        os.write(1, b"outlived its parent\\n")
        os._exit(0)
    os.read(read_end, 5)
    os._exit(0)  # the parent ends; its worker must follow
statuses = {}
while len(statuses) < 2:
    pid, status = os.wait()
    statuses[pid] = status
worker = [os.waitstatus_to_exitcode(s) for p, s in statuses.items() if p != middle]
print("worker exit", worker[0], flush=True)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="subreaper, fork")
def test_the_polling_thread_checks_twice_a_second_and_exits_with_status_1():
    done = subprocess.run(
        [sys.executable, "-c", ORPHAN],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,  # a deadline, not a speed check
        check=False,
    )
    lines = done.stdout.splitlines()
    assert lines, done.stderr
    assert lines[-1] == "worker exit 1", done.stdout + done.stderr
    assert set(lines[:-1]) == {"poll every 0.5"}, done.stdout
