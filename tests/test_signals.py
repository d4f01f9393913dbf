"""SIGINT, SIGTERM and a closed pipe end our command lines promptly (issue 22).

Each test starts a subprocess that prints ``ready`` when the long part has
begun, sends the signal, and checks the exit status (130 for SIGINT, 143 for
SIGTERM) and that no verdict reached stdout. The long parts are stand-ins
(a sleep, a z3 query that takes minutes) so the tests stay fast.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 60.0

# Pigeonhole, 12 pigeons in 11 holes: z3 needs far longer than its 60 s
# timeout, so a prompt exit means the signal cancelled the check.
HARD_Z3 = """
import z3
from proofs._method.smt import prove
n = 11
p = [[z3.Bool(f"p{i}_{j}") for j in range(n)] for i in range(n + 1)]
hyps = [z3.Or(row) for row in p]
hyps += [z3.Or(z3.Not(p[a][j]), z3.Not(p[b][j]))
         for j in range(n) for a in range(n + 1) for b in range(a + 1, n + 1)]
print("ready", flush=True)
result = prove(hyps, z3.BoolVal(False))
"""

PROOFS = (
    """
import sys
import proofs.cli as cli
from proofs._run import run_claims as real_run_claims

def slow_run_claims(claims, **kwargs):
"""
    + "\n".join("    " + line for line in HARD_Z3.strip().splitlines())
    + """
    return real_run_claims([c for c in claims if c.id == "VM-P1"], workers=0)

cli.run_claims = slow_run_claims
sys.exit(cli.main([]))
"""
)

EXP58 = """
import sys, time
import witnesses.exp58 as exp58
real_run = exp58.run

def slow_run(**kwargs):
    print("ready", flush=True)
    time.sleep(30)
    return real_run(**kwargs)

exp58.run = slow_run
sys.exit(exp58.main(["--json"]))
"""

SWEEP = """
from witnesses.experiments.sweep import retention_sweep
print("ready", flush=True)
retention_sweep(seeds=range(200), executor=None, progress=False)
print("finished", flush=True)
"""


def _start(code: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "OPENBLAS_NUM_THREADS": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line.strip() == "ready", line + proc.stderr.read() if proc.stderr else ""
    return proc


def _finish(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=TIMEOUT)
    return proc.returncode, out, err


@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)]
)
def test_proofs_cli_stops_on_signal_even_inside_z3(signum, status):
    """z3 does not swallow the signal: exit 130/143 and no ledger printed."""
    proc = _start(PROOFS)
    time.sleep(1.0)  # inside z3's check() by now
    start = time.monotonic()
    proc.send_signal(signum)
    code, out, err = _finish(proc)
    assert code == status, err
    assert time.monotonic() - start < 20.0
    assert "VM-P1" not in out and "proven" not in out
    assert "interrupted by" in err and "no verdict" in err


@pytest.mark.parametrize(
    ("signum", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)]
)
def test_exp58_cli_stops_on_signal_without_verdict(signum, status):
    """exp58 interrupted mid-run exits 130/143 and prints no document."""
    proc = _start(EXP58)
    proc.send_signal(signum)
    code, out, err = _finish(proc)
    assert code == status, err
    assert out == ""
    assert "interrupted by" in err
    assert "Traceback" not in err


def test_exp58_closed_pipe_ends_quietly_with_141():
    """``exp58 --json | head -0``: no BrokenPipeError traceback, status 141."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "witnesses.exp58", "--json"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader is gone before the first write
    with proc.stderr:
        err = proc.stderr.read()
    proc.wait(timeout=TIMEOUT)
    assert proc.returncode == 141, err
    assert err == b""


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == pid:
            found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return False
    return state.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGKILL, signal.SIGINT])
def test_pool_workers_die_with_the_sweep(signum):
    """Signalling only the parent of a pooled sweep ends its workers too."""
    proc = _start(SWEEP)
    deadline = time.monotonic() + TIMEOUT
    workers: set[int] = set()
    while not workers and time.monotonic() < deadline:
        time.sleep(0.1)
        workers = _children(proc.pid)
    assert workers, "the sweep started no workers"
    proc.send_signal(signum)
    code, out, _ = _finish(proc)
    assert code != 0
    assert "finished" not in out
    deadline = time.monotonic() + 15.0
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(w) for w in workers)
