"""New-user findings 8 and 19 on ``context-laws sweep``.

8: SIGTERM with ``--workers 2`` sometimes printed the executor manager thread's
``InvalidStateError`` traceback (CPython 3.11: it fails a future that
``shutdown(cancel_futures=True)`` had just cancelled); exit 143 was right. The
race is not reproducible on demand, so the tests check the mechanism: the torn
down pool's manager thread is registered and the chained hook drops exactly
that exception of exactly that thread.
19: a repeated retention was refused only after the whole sweep had run.
"""

from __future__ import annotations

import threading
from concurrent.futures import InvalidStateError

import pytest

import witnesses.runtime.pool as runner
from proofs.tool import main as tool_main

_SWEEP = "witnesses.experiments._sweep_cli.retention_sweep"


def _boom(**kwargs: object) -> None:
    raise AssertionError("the sweep ran")


@pytest.mark.parametrize(
    "twice", [["0.5", "0.3", "0.5"], ["0.5", "0.50000000000000001"]]
)
def test_a_repeated_retention_is_refused_before_the_sweep_runs(
    monkeypatch, capsys, twice: list[str]
) -> None:
    monkeypatch.setattr(_SWEEP, _boom)
    argv = ["sweep", "--seeds", "2", "--workers", "0", "--retentions", *twice]
    with pytest.raises(SystemExit) as info:
        tool_main(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith(
        "error: --retentions: 0.5 is given twice (a retention is one column of the "
        "sweep); give each once\n"
    )


def test_distinct_retentions_still_run(monkeypatch) -> None:
    monkeypatch.setattr(_SWEEP, _boom)
    argv = ["sweep", "--seeds", "2", "--workers", "0", "--retentions", "0.5", "0.3"]
    with pytest.raises(AssertionError, match="the sweep ran"):
        tool_main(argv)


def _args(exc: BaseException, thread: threading.Thread) -> object:
    return threading.ExceptHookArgs((type(exc), exc, None, thread))


def _teardown() -> threading.Thread:
    """Leave a pool on an exception; return its manager thread."""
    try:
        with runner.local_pool(max_workers=1) as pool:
            manager = pool._executor_manager_thread
            raise KeyboardInterrupt  # the exception the pool sees
    except KeyboardInterrupt:
        return manager
    raise AssertionError


def test_a_torn_down_pool_drops_only_its_managers_invalid_state_error(
    monkeypatch, capsys
) -> None:
    seen: list[object] = []
    monkeypatch.setattr(threading, "excepthook", seen.append)
    monkeypatch.setattr(runner, "_previous_hook", threading.excepthook)
    manager = _teardown()
    assert manager in runner._QUIET
    hook = threading.excepthook
    assert hook is runner._excepthook
    noise = _args(InvalidStateError("CANCELLED: <Future>"), manager)
    hook(noise)
    assert seen == []
    other = _args(ValueError("real"), manager)
    hook(other)
    elsewhere = _args(InvalidStateError("x"), threading.current_thread())
    hook(elsewhere)
    assert seen == [other, elsewhere]
    # a second teardown chains no second hook
    _teardown()
    assert threading.excepthook is hook and runner._previous_hook == seen.append


def test_a_pool_left_normally_installs_nothing(monkeypatch) -> None:
    def mine(args: object) -> None:
        return None

    monkeypatch.setattr(threading, "excepthook", mine)
    with runner.local_pool(max_workers=1) as pool:
        assert pool.submit(abs, -2).result() == 2
    assert threading.excepthook is mine
