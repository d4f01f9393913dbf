"""witnesses.runtime.signals: what the mutation run found untested (issue 33, item 5).

The watcher thread is driven through the block's wake-up descriptor (read
back with ``signal.set_wakeup_fd``), so no signal and no timing is involved;
events with 30 s deadlines (failure bounds only) order the threads.
"""

from __future__ import annotations

import fcntl
import math
import os
import signal
import sys
import termios
import threading

import pytest

from witnesses.runtime import interruptible, print_or_closed

DEADLINE = 30.0  # seconds; a failure bound, never a speed check


def _watcher() -> threading.Thread:
    (thread,) = [t for t in threading.enumerate() if t.name == "signal-watcher"]
    return thread


def _wakeup_fd() -> int:
    """The wake-up descriptor set now (read by setting none and setting it back)."""
    fd = signal.set_wakeup_fd(-1)
    signal.set_wakeup_fd(fd, warn_on_full_buffer=False)
    return fd


def test_outside_the_main_thread_the_block_runs_unchanged():
    """Python delivers signals to the main thread only: nothing is installed."""
    seen: list[object] = []

    def run() -> None:
        handlers = [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)]
        try:
            with interruptible(on_signal=lambda: None):
                seen.append(
                    [signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)]
                    == handlers
                )
                seen.append(
                    [t.name for t in threading.enumerate()].count("signal-watcher")
                )
        except BaseException as exc:  # reported by the assertion below
            seen.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(DEADLINE)
    assert seen == [True, 0]


def test_the_wakeup_descriptor_is_set_quietly_and_restored(monkeypatch):
    """No warning when the pipe is full (the watcher may be busy in on_signal)."""
    calls: list[tuple[tuple[object, ...], dict[str, object]]] = []
    real = signal.set_wakeup_fd

    def set_wakeup_fd(*args: object, **kwargs: object) -> int:
        calls.append((args, kwargs))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    before = real(-1)
    real(before)
    monkeypatch.setattr(signal, "set_wakeup_fd", set_wakeup_fd)
    with interruptible():
        pass
    monkeypatch.undo()
    assert len(calls) == 2
    (write_fd,), quiet = calls[0]
    assert isinstance(write_fd, int)
    assert quiet == {"warn_on_full_buffer": False}
    assert calls[1] == ((before,), {})
    assert _wakeup_fd() == before


def test_the_watcher_is_a_daemon_the_block_waits_one_second_for(monkeypatch):
    """A watcher stuck in ``on_signal`` never keeps the interpreter alive, and the
    end of the block waits at most 1 s for it; a free watcher ends at once."""
    joins: list[float | None] = []
    real_join = threading.Thread.join

    def join(self: threading.Thread, timeout: float | None = None) -> None:
        if self.name == "signal-watcher":
            joins.append(timeout)
        real_join(self, timeout)

    monkeypatch.setattr(threading.Thread, "join", join)
    with interruptible(on_signal=lambda: None):
        watcher = _watcher()
        assert watcher.daemon
    monkeypatch.undo()
    assert joins == [1.0]
    watcher.join(DEADLINE)
    assert not watcher.is_alive()


def _pending(fd: int) -> int:
    """Bytes waiting in the pipe of ``fd`` (Linux: FIONREAD works on either end)."""
    buffer = bytearray(4)
    fcntl.ioctl(fd, termios.FIONREAD, buffer)
    return int.from_bytes(buffer, sys.byteorder)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="FIONREAD on pipes")
def test_the_watcher_calls_on_signal_once_a_read_of_up_to_64_wakeup_bytes():
    """2080 wake-up bytes (one per signal) waiting: 33 reads of up to 64, 33 calls.

    The bytes are written at once (one write, below PIPE_BUF: atomic) while
    the watcher waits; ``on_signal`` sees the pipe empty at its last call.
    """
    n = 2080
    fds: list[int] = []
    calls: list[int] = []  # the bytes still waiting at each call
    drained = threading.Event()

    def on_signal() -> None:
        calls.append(_pending(fds[0]))
        if calls[-1] == 0:
            drained.set()

    with interruptible(on_signal=on_signal):
        fds.append(_wakeup_fd())
        assert os.write(fds[0], bytes([signal.SIGTERM]) * n) == n
        assert drained.wait(DEADLINE)
        watcher = _watcher()
    watcher.join(DEADLINE)
    assert not watcher.is_alive()  # the stop byte ended it
    assert len(calls) == math.ceil(n / 64) == 33
    assert calls == [max(0, n - 64 * (i + 1)) for i in range(33)]


def test_a_closed_stdout_is_left_pointing_at_devnull(monkeypatch):
    """BrokenPipeError: False, and the descriptor now writes to os.devnull."""
    read_end, write_end = os.pipe()
    os.close(read_end)

    class _Gone:
        def write(self, text: str) -> int:
            raise BrokenPipeError

        def flush(self) -> None:
            raise BrokenPipeError

        def fileno(self) -> int:
            return write_end

    try:
        monkeypatch.setattr(sys, "stdout", _Gone())
        result = print_or_closed("ledger: 258 claims")
        monkeypatch.undo()
        assert result is False
        assert os.path.samestat(os.fstat(write_end), os.stat(os.devnull))
    finally:
        os.close(write_end)
