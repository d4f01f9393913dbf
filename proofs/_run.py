"""Running the ledger fast: a process pool and a cache of the slow checks.

Checks run on a local process pool whose workers die with the command line.
Claims that share an expensive computation (the retention sweeps and Exp52/53
behind ``VM-C3``, ``VM-C4``, ``VM-T9``, ``VM-T3`` and ``VM-S7.4``, one family
per semantics) run in the same worker, one after the other, so that the
computation is done once. A claim whose check cannot be pickled (a lambda, a
local function) runs in this process.

The results of slow claims are cached on disk, keyed by a content hash of
everything a verdict can depend on: every ``.py``, ``.csv`` and ``.json``
file of the four packages, and the versions of Python, NumPy, SciPy, SymPy,
mpmath, NetworkX and z3. Any change to the code or the data makes a new key,
so a stale verdict is never shown. ``--no-cache`` recomputes; the cache lives
in ``$CONTEXT_LAWS_CACHE``, else ``$XDG_CACHE_HOME/context-laws``, else
``~/.cache/context-laws``.

A run longer than about a second shows a progress bar (tqdm) on standard error
when standard error is a terminal, and nothing otherwise.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import pickle
import platform
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from importlib import metadata
from pathlib import Path
from typing import Any

from proofs.ledger import Claim, ClaimCheck, Verdict
from proofs.register import LedgerEntry
from witnesses.files import write_atomic

__all__ = ["cache_dir", "code_digest", "run_claims"]

_PACKAGES = ("algebra", "theory", "witnesses", "proofs")
_SUFFIXES = (".py", ".csv", ".json", ".jsonl")
_DEPENDENCIES = ("numpy", "scipy", "sympy", "mpmath", "networkx", "z3-solver")
_ROOT = Path(__file__).resolve().parents[1]


def code_digest(*, root: Path = _ROOT) -> str:
    """Return the content hash of the packages' code and data and of their dependencies."""
    h = hashlib.sha256()
    for package in _PACKAGES:
        base = root / package
        files = sorted(
            p for p in base.rglob("*") if p.suffix in _SUFFIXES and p.is_file()
        )
        for path in files:
            h.update(path.relative_to(root).as_posix().encode())
            h.update(b"\0")
            h.update(path.read_bytes())
            h.update(b"\0")
    h.update(platform.python_version().encode())
    for name in _DEPENDENCIES:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            version = "absent"
        h.update(f"{name}={version}".encode())
    return h.hexdigest()


def cache_dir() -> Path:
    """Return the directory of the ledger's cache (see the module docstring)."""
    explicit = os.environ.get("CONTEXT_LAWS_CACHE")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "context-laws"


def _family(claim: Claim) -> str:
    """Claims sharing an expensive computation share a family (one worker)."""
    # VM-SEMIRING-MAT is slow for its cvc5 query, not for the sweep: its own worker
    if claim.slow and claim.id.startswith("VM-") and claim.id != "VM-SEMIRING-MAT":
        return "VM-sweep@" + (
            claim.id.split("@", 1)[1] if "@" in claim.id else "reference"
        )
    return claim.id


def _run_batch(
    claims: Sequence[Claim],
) -> list[tuple[str, ClaimCheck | None, str | None]]:
    """Run ``claims`` in order in this process (a worker's task)."""
    out: list[tuple[str, ClaimCheck | None, str | None]] = []
    for item in claims:
        try:
            out.append((item.id, item.run(), None))
        except Exception:  # a crashed check is reported, not fatal
            out.append((item.id, None, traceback.format_exc()))
    return out


def _picklable(claims: Sequence[Claim]) -> bool:
    try:
        pickle.dumps(tuple(claims))
    except Exception:  # lambdas, local functions: run here
        return False
    return True


def _load_cache(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _from_cache(entry: object, claim_id: str) -> ClaimCheck | None:
    if not isinstance(entry, dict):
        return None
    try:
        return ClaimCheck(
            claim_id,
            Verdict(entry["verdict"]),
            str(entry["evidence"]),
            entry.get("counterexample"),
            entry.get("artifact"),
        )
    except (KeyError, ValueError, TypeError):
        return None


def run_claims(
    claims: Iterable[Claim],
    *,
    workers: int | None = None,
    use_cache: bool = True,
    cache: Path | None = None,
    progress: bool | None = None,
) -> list[LedgerEntry]:
    """Run ``claims`` and return their ledger rows, in the order given.

    Parameters
    ----------
    claims : iterable of Claim
    workers : int, optional
        Worker processes; ``None`` means one per core, ``0`` runs everything
        in this process.
    use_cache : bool, default True
        Read and write the cache of slow claims.
    cache : path, optional
        The cache directory (default :func:`cache_dir`).
    progress : bool, optional
        Show a progress bar on standard error once the run has taken a second;
        ``None`` (the default) shows it only when standard error is a terminal.
    """
    chosen = list(claims)
    results: dict[str, tuple[ClaimCheck | None, str | None]] = {}
    cache_file = None
    cached: dict[str, Any] = {}
    if use_cache and any(c.slow for c in chosen):
        cache_file = (cache or cache_dir()) / f"ledger-{code_digest()}.json"
        cached = _load_cache(cache_file)
        for item in chosen:
            hit = _from_cache(cached.get(item.id), item.id) if item.slow else None
            if hit is not None:
                results[item.id] = (hit, None)
    todo = [c for c in chosen if c.id not in results]
    families: dict[str, list[Claim]] = {}
    for item in todo:
        families.setdefault(_family(item), []).append(item)
    batches = sorted(
        families.values(), key=lambda b: (not any(c.slow for c in b), b[0].id)
    )
    n_workers = (os.cpu_count() or 1) if workers is None else workers
    remote = [b for b in batches if n_workers > 0 and _picklable(b)]
    local = [b for b in batches if not any(b is r for r in remote)]
    show = sys.stderr.isatty() if progress is None else progress
    with _progress(len(todo), enabled=show and bool(todo)) as advance:
        if remote and len(todo) > 1:
            _run_pool(remote, local, n_workers, results, advance)
        else:
            for batch in remote + local:
                for claim_id, result, error in _run_batch(batch):
                    results[claim_id] = (result, error)
                advance(len(batch))
    if cache_file is not None:
        fresh = {
            c.id: {**r.to_dict(), "artifact": r.artifact}
            for c in chosen
            if c.slow and (r := results[c.id][0]) is not None
        }
        if any(cached.get(k) != v for k, v in fresh.items()):
            _store(cache_file, {**cached, **fresh})
    return [LedgerEntry(c, *results[c.id]) for c in chosen]


@contextlib.contextmanager
def _progress(total: int, *, enabled: bool) -> Iterator[Callable[[int], None]]:
    """Yield ``advance(n)``; with ``enabled``, a tqdm bar on stderr after 1 s.

    A thread redraws the bar every half second, so that the elapsed time moves
    while one long claim (a retention sweep) runs.
    """
    if not enabled:
        yield lambda n: None
        return
    from tqdm import tqdm

    start = time.monotonic()
    bar = tqdm(
        total=total,
        desc="context-laws ledger",
        unit="claim",
        file=sys.stderr,
        delay=1.0,
        leave=False,
        dynamic_ncols=True,
    )
    stop = threading.Event()

    def redraw() -> None:
        while not stop.wait(0.5):
            if time.monotonic() - start >= 1.0:
                bar.refresh()

    thread = threading.Thread(target=redraw, name="ledger-progress", daemon=True)
    thread.start()

    def advance(n: int) -> None:
        bar.update(n)

    try:
        yield advance
    finally:
        stop.set()
        thread.join()
        bar.close()


def _run_pool(
    remote: list[list[Claim]],
    local: list[list[Claim]],
    n_workers: int,
    results: dict[str, tuple[ClaimCheck | None, str | None]],
    advance: Callable[[int], None],
) -> None:
    pool = ProcessPoolExecutor(
        max_workers=n_workers, initializer=_worker_init, initargs=(os.getpid(),)
    )
    try:
        futures: list[Future[list[tuple[str, ClaimCheck | None, str | None]]]] = [
            pool.submit(_run_batch, batch) for batch in remote
        ]
        for batch in local:
            for claim_id, result, error in _run_batch(batch):
                results[claim_id] = (result, error)
            advance(len(batch))
        for future in as_completed(futures):
            done = future.result()
            for claim_id, result, error in done:
                results[claim_id] = (result, error)
            advance(len(done))
    except BaseException:
        workers = list(getattr(pool, "_processes", {}).values())  # stdlib private
        pool.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            with contextlib.suppress(Exception):  # already gone
                process.terminate()
        raise
    pool.shutdown(wait=True)


def _worker_init(parent: int) -> None:
    """Pool initializer: die with the parent; z3 leaves signals to the parent."""
    import z3

    from witnesses.runner import _die_with_parent

    z3.set_param("ctrl_c", False)
    _die_with_parent(parent)


def _store(path: Path, data: dict[str, Any]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data, sort_keys=True, allow_nan=False) + "\n")
    except (
        OSError,
        ValueError,
        TypeError,
    ):  # a cache that cannot be written is skipped
        return
