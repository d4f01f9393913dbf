"""witnesses.runtime: the command lines' plumbing in one public home (issue 31).

The pool terminates its workers on an exception without the standard
library's private ``_processes``; die-with-parent is public and checks its
argument before it changes anything; the old paths (``witnesses.files``,
``witnesses.runner``) are the same objects, kept for one release.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

import witnesses.runtime as runtime
from witnesses.runtime import (
    die_with_parent,
    interruptible,
    local_pool,
    print_or_closed,
)

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("witnesses.files", "witnesses.runtime.files"),
        ("witnesses.runner", "witnesses.runtime"),
    ],
)
def test_the_old_paths_re_export_the_same_objects(old, new):
    before = importlib.import_module(old)
    after = importlib.import_module(new)
    assert before.__all__
    for name in before.__all__:
        assert getattr(before, name) is getattr(after, name), name
    assert "witnesses.runtime" in (before.__doc__ or "")


def test_the_package_exports_every_submodule_name():
    for leaf in ("cells", "files", "pool", "signals"):
        module = importlib.import_module(f"witnesses.runtime.{leaf}")
        for name in module.__all__:
            assert getattr(runtime, name) is getattr(module, name), (leaf, name)
            assert name in runtime.__all__


def _running() -> set[multiprocessing.Process]:
    return set(multiprocessing.active_children())


def test_an_exception_in_the_block_terminates_the_workers_at_once():
    """Workers busy for a minute are terminated (SIGTERM), not waited for."""
    before = _running()
    workers: set[multiprocessing.Process] = set()

    def interrupted_run() -> None:
        with local_pool(max_workers=2) as pool:
            for _ in range(2):
                pool.submit(time.sleep, 60)
            workers.update(_running() - before)
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        interrupted_run()
    assert len(workers) == 2
    for process in workers:
        process.join(timeout=30)  # a deadline, not a speed check: 60 s of sleep
        # SIGTERM, or SIGKILL for one still alive after the grace period; or
        # reaped already by the pool's manager thread (exitcode unknown here)
        assert process.exitcode in (-signal.SIGTERM, -signal.SIGKILL) or _gone(
            process.pid
        )


def _gone(pid: int) -> bool:
    """Whether no process (not even a zombie) has ``pid``: it ended and was reaped."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def test_a_torn_down_pool_leaves_children_started_before_it_alone():
    other = multiprocessing.get_context("fork").Process(target=time.sleep, args=(60,))
    other.start()
    try:
        with pytest.raises(ValueError, match="boom"), local_pool(max_workers=1):
            raise ValueError("boom")
        other.join(timeout=3)  # a terminated process would be joined at once
        assert other.exitcode is None  # started before the pool: not the pool's
    finally:
        other.terminate()
        other.join()


@pytest.mark.parametrize(
    ("bad", "error"),
    [("1", TypeError), (True, TypeError), (0, ValueError), (-5, ValueError)],
)
def test_die_with_parent_checks_its_argument_before_changing_anything(bad, error):
    handler = signal.getsignal(signal.SIGINT)
    with pytest.raises(error, match="parent"):
        die_with_parent(bad)
    assert signal.getsignal(signal.SIGINT) is handler


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="fork start method")
def test_a_worker_whose_parent_is_another_pid_ends_at_once():
    parent = os.getpid() + 1_000_000  # no process has this pid: not the parent
    with (
        ProcessPoolExecutor(
            max_workers=1, initializer=die_with_parent, initargs=(parent,)
        ) as pool,
        pytest.raises(BrokenProcessPool),
    ):
        pool.submit(abs, -1).result(timeout=60)


def _sigint_handler() -> str:
    return str(signal.getsignal(signal.SIGINT))


def test_pool_workers_leave_ctrl_c_to_the_parent():
    with local_pool(max_workers=1) as pool:
        assert pool.submit(_sigint_handler).result() == str(signal.SIG_IGN)


def test_interruptible_and_print_or_closed_refuse_wrong_types(capsys):
    with (
        pytest.raises(TypeError, match="on_signal must be callable or None, got 3"),
        interruptible(on_signal=3),  # type: ignore[arg-type]
    ):
        pass
    with pytest.raises(TypeError, match="text must be a str, got 3 of type int"):
        print_or_closed(3)  # type: ignore[arg-type]
    assert print_or_closed("x") is True
    assert capsys.readouterr().out == "x\n"


SIGTERM_IN_BLOCK = """
import os, signal
from witnesses.runtime import Interrupted, interruptible
try:
    with interruptible(on_signal=lambda: print("watcher", flush=True)):
        os.kill(os.getpid(), signal.SIGTERM)
        import time; time.sleep(5)
except Interrupted as exc:
    print("status", exc.exit_status, flush=True)
"""


def test_interruptible_turns_sigterm_into_143_and_calls_the_watcher():
    done = subprocess.run(
        [sys.executable, "-c", SIGTERM_IN_BLOCK],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "status 143" in done.stdout, done.stdout + done.stderr
    assert done.returncode == 0, done.stderr


def _workers_of(make_pool) -> tuple[int, list[multiprocessing.Process]]:
    """Run a block on the pool ``make_pool()`` yields; return its size and its workers."""
    before = _running()
    with make_pool() as pool:
        pool.submit(abs, -1).result()
        workers = sorted(_running() - before, key=lambda p: p.pid or 0)
    return len(workers), workers


def test_the_default_size_is_the_cpu_count_and_one_without_a_count(monkeypatch):
    size, _ = _workers_of(local_pool)
    assert size == os.cpu_count()
    monkeypatch.setattr(os, "cpu_count", lambda: None)  # a platform that cannot tell
    size, _ = _workers_of(local_pool)
    assert size == 1


def test_the_size_error_names_the_range():
    with (
        pytest.raises(
            ValueError,
            match=r"^max_workers must satisfy 1 <= max_workers <= 1024, got 1025$",
        ),
        local_pool(max_workers=1025),
    ):
        pass


def test_a_block_left_normally_joins_its_workers():
    _, workers = _workers_of(lambda: local_pool(max_workers=2))
    assert workers
    assert [p for p in workers if p.is_alive()] == []


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc, prctl")
def test_a_process_whose_parent_is_gone_ends_with_status_1_quietly():
    """``die_with_parent(1)`` in a process whose parent is not pid 1: it ends at once."""
    code = "from witnesses.runtime import die_with_parent\ndie_with_parent(1)\nprint('went on')"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert os.getpid() != 1  # so the child's parent is not pid 1
    assert (done.returncode, done.stdout, done.stderr) == (1, "", "")


def _death_signal() -> int:
    import ctypes

    value = ctypes.c_int(-1)
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(2, ctypes.byref(value), 0, 0, 0)  # PR_GET_PDEATHSIG
    return value.value


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="prctl")
def test_pool_workers_get_sigterm_when_the_parent_dies():
    with local_pool(max_workers=1) as pool:
        assert pool.submit(_death_signal).result() == signal.SIGTERM


ORPHAN = """
import os, sys, time
from witnesses.runtime import die_with_parent

parent = os.getpid()
read_end, write_end = os.pipe()
if os.fork() == 0:  # the worker
    sys.platform = "darwin"  # no PR_SET_PDEATHSIG: the polling thread alone
    die_with_parent(parent)
    os.write(write_end, b"armed")
    time.sleep(60)  # ends only when the polling thread ends it
    print("outlived its parent", flush=True)
    os._exit(0)
os.read(read_end, 5)
os._exit(0)  # the parent dies; the worker (holding stdout) must follow
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_without_pdeathsig_the_polling_thread_ends_an_orphaned_worker():
    """The fallback of every platform: stdout closes when the worker ends."""
    done = subprocess.run(
        [sys.executable, "-c", ORPHAN],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=40,  # a deadline, not a speed check: the worker sleeps 60 s
        check=False,
    )
    assert done.stdout == "", done.stdout
