"""Running the ledger fast: a process pool and one cache file of verdicts.

Checks run on a local process pool whose workers die with the command line;
by default one worker per core this process may use (``os.sched_getaffinity``),
never more than there are batches of work, and none at all (everything in
this process) when only one core is usable.
Claims that share an expensive computation (the retention sweeps and Exp52/53
behind ``VM-C3``, ``VM-C4``, ``VM-T9``, ``VM-T3`` and ``VM-S7.4``, one family
per semantics; the z3 axiom tables and the binding check of ``VM-SEMIRING``,
its five candidates and ``VM-TROP-*``) run in the same worker, one after the
other, so that the computation is done once. A claim whose check cannot be pickled (a lambda, a
local function) runs in this process.

The cache is one JSON file per content key, read once per run: the verdict of
every registered claim (and of any claim marked slow) and the register's
index (each claim's id, statement, location, kind and slowness), so that a
run whose verdicts are all cached imports no claim module. The key is a
content hash of everything a verdict can depend on: every ``.py``, ``.csv``,
``.json`` and ``.jsonl`` file of the four packages, the BriefBench directory
``$CONTEXT_LAWS_BRIEFBENCH`` names (its path and its files), the cache format's
version, and the versions of Python, NumPy, SciPy, SymPy, mpmath, NetworkX, z3
and cvc5. Any change to the code or the data makes a new key, so a stale
verdict is never shown. ``--no-cache`` recomputes; the cache lives in
``$CONTEXT_LAWS_CACHE``, else ``$XDG_CACHE_HOME/context-laws``, else
``~/.cache/context-laws``; it is written atomically.

A run longer than about a second shows a progress bar (tqdm) on standard error
when standard error is a terminal, and nothing otherwise.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import os
import pickle
import platform
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, as_completed
from importlib import metadata
from pathlib import Path
from typing import Any

from proofs.records import Claim, ClaimCheck, Kind, Verdict, attempt
from proofs.register import LedgerEntry
from witnesses.runtime import write_atomic

__all__ = [
    "cache_dir",
    "cache_file",
    "code_digest",
    "default_workers",
    "registered_claims",
    "run_claims",
]

_PACKAGES = ("algebra", "theory", "witnesses", "proofs")
_SUFFIXES = (".py", ".csv", ".json", ".jsonl")
_DEPENDENCIES = ("numpy", "scipy", "sympy", "mpmath", "networkx", "z3-solver", "cvc5")
_CACHE_VERSION = 2
_BRIEFBENCH_ENV = "CONTEXT_LAWS_BRIEFBENCH"
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
    _hash_external(h)
    h.update(f"cache-format={_CACHE_VERSION}".encode())
    h.update(platform.python_version().encode())
    for name in _DEPENDENCIES:
        try:
            version = metadata.version(name)
        except metadata.PackageNotFoundError:
            version = "absent"
        h.update(f"{name}={version}".encode())
    return h.hexdigest()


def _hash_external(h: Any) -> None:
    """Add the data a check reads from outside the packages: the BriefBench rows."""
    env = os.environ.get(_BRIEFBENCH_ENV)
    h.update(f"{_BRIEFBENCH_ENV}={env}".encode())
    if not env:
        return
    base = Path(env)
    try:
        files = sorted(p for p in base.rglob("*") if p.is_file())
        for path in files:
            h.update(path.relative_to(base).as_posix().encode())
            h.update(b"\0")
            h.update(path.read_bytes())
            h.update(b"\0")
    except OSError as err:  # unreadable: its own key, never another's verdicts
        h.update(f"unreadable: {err}".encode())


def cache_dir() -> Path:
    """Return the directory of the ledger's cache (see the module docstring)."""
    explicit = os.environ.get("CONTEXT_LAWS_CACHE")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg) if xdg else Path.home() / ".cache"
    return base / "context-laws"


def cache_file(directory: Path | None = None, *, digest: str | None = None) -> Path:
    """Return the one cache file of the current code and data (see the module docstring)."""
    key = code_digest() if digest is None else digest
    return (cache_dir() if directory is None else directory) / f"ledger-{key}.json"


def default_workers(n_batches: int) -> int:
    """Return the default worker count: usable cores, at most ``n_batches``; 0 on one core.

    Zero means every check runs in this process: with one usable core a pool
    only adds the cost of starting it.
    """
    if hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:  # macOS, Windows: no affinity mask
        cores = os.cpu_count() or 1
    if cores < 2 or n_batches < 2:
        return 0
    return min(cores, n_batches)


class _Registered:
    """The check of a registered claim, found in :mod:`proofs.register` when called.

    A claim rebuilt from the cache's index carries this instead of its check,
    so that listing and reading cached verdicts import no claim module; it
    pickles as the claim id.
    """

    __slots__ = ("claim_id",)

    def __init__(self, claim_id: str) -> None:
        self.claim_id = claim_id

    def __call__(self) -> ClaimCheck | Any:
        from proofs.register import claim

        return claim(self.claim_id).check()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Registered) and other.claim_id == self.claim_id

    def __hash__(self) -> int:
        return hash(("_Registered", self.claim_id))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Registered, (self.claim_id,))


def _index_row(claim: Claim) -> dict[str, Any]:
    return {
        "id": claim.id,
        "statement": claim.statement,
        "where": claim.where,
        "kind": claim.kind.value,
        "slow": claim.slow,
    }


def _from_index(index: object) -> tuple[Claim, ...] | None:
    """Rebuild the register from the cache's index; ``None`` if it is malformed."""
    if not isinstance(index, list) or not index:
        return None
    out = []
    try:
        for row in index:
            if not isinstance(row, dict):
                return None
            ident, statement, where = row["id"], row["statement"], row["where"]
            slow = row["slow"]
            if not all(isinstance(v, str) for v in (ident, statement, where)):
                return None
            if not isinstance(slow, bool):
                return None
            out.append(
                Claim(
                    ident,
                    statement,
                    Kind(row["kind"]),
                    _Registered(ident),
                    slow=slow,
                    where=where,
                )
            )
    except (KeyError, ValueError, TypeError):
        return None
    return tuple(out)


def registered_claims(
    *, use_cache: bool = True, cache: Path | None = None
) -> tuple[Claim, ...]:
    """Return every registered claim, from the cache's index when it has one.

    Claims rebuilt from the index equal the register's in id, statement,
    location, kind and slowness; their check loads the register when called.
    On a miss (or with ``use_cache=False``) the register is collected, and its
    index is written to the cache for the next run.
    """
    path = cache_file(cache) if use_cache else None
    data = _load_cache(path) if path is not None else {}
    rebuilt = _from_index(data.get("index"))
    if rebuilt is not None:
        return rebuilt
    import proofs.register as register

    claims: tuple[Claim, ...] = register.CLAIMS
    if path is not None and claims is register._COLLECTED:  # not a replaced one
        _store(path, {**data, "index": [_index_row(c) for c in claims]})
    return claims


def _registered_ids(claims: Sequence[Claim]) -> set[str]:
    """Return the ids of the registered claims among ``claims`` (cacheable by the key).

    A claim rebuilt from the index is; so is a claim equal to the register's
    claim of its id as collected (when the register is loaded). A claim made
    elsewhere (a test's, a user's, one put in place of ``CLAIMS``) is not, even
    under a registered id.
    """
    register = sys.modules.get("proofs.register")
    loaded = None if register is None else vars(register).get("_COLLECTED")
    by_id = {c.id: c for c in loaded} if loaded else {}
    out = set()
    for claim in claims:
        if isinstance(claim.check, _Registered):
            if claim.check.claim_id == claim.id:
                out.add(claim.id)
        elif (known := by_id.get(claim.id)) is not None and (
            known is claim or known == claim
        ):
            out.add(claim.id)
    return out


_SEMIRING = ("VM-SEMIRING", "VM-TROP-")
"""Claims of proofs.claims.vm.semiring: they share its z3 axiom tables and its binding check."""


_CLOSURE = ("VM-E51@", "VM-E56@", "VM-E57@")
"""Claims of proofs.claims.vm.closure: both semantics draw the same Bursty timelines."""


def _family(claim: Claim) -> str:
    """Claims sharing an expensive computation share a family (one worker)."""
    if claim.id.startswith(_SEMIRING):
        return "VM-semiring"
    if claim.id.startswith(_CLOSURE):
        return "VM-closure"
    if claim.slow and claim.id.startswith("VM-"):
        return "VM-sweep@" + (
            claim.id.split("@", 1)[1] if "@" in claim.id else "reference"
        )
    return claim.id


def _schedule(families: Iterable[list[Claim]]) -> list[list[Claim]]:
    """Order the batches longest first, so that the workers finish together.

    A batch's cost is estimated by its slow claims (each one a retention
    sweep, an experiment or a long solver query): the batches with the most
    slow claims go first (the reference family's 100-seed sweep and
    Exp52/53, then the paper family's), then the other slow batches, then
    the fast claims in id order, which fill whichever worker is free. Ties
    go by the first claim's id, so the order is the same on every run.
    """
    return sorted(
        families,
        key=lambda b: (
            not any(c.slow for c in b),
            -sum(c.slow for c in b),
            b[0].id,
        ),
    )


_Done = tuple[str, ClaimCheck | None, str | None, float]
"""A worker's answer for one claim: id, result, traceback, wall seconds."""


def _run_batch(claims: Sequence[Claim]) -> list[_Done]:
    """Run ``claims`` in order in this process (a worker's task)."""
    out: list[_Done] = []
    for item in claims:
        start = time.perf_counter()
        result, error = attempt(item)
        out.append((item.id, result, error, time.perf_counter() - start))
    return out


def _keep(claim: Claim, result: ClaimCheck, seconds: float) -> bool:
    """Whether a fresh verdict may be cached: not a fast claim's open one that may be a timeout.

    Every verdict is a function of the key except where z3 gives up at its
    wall-clock budget (``proofs._method.smt.TIMEOUT_MS``), which a busy machine
    can reach. A claim not marked slow takes seconds: an open verdict of one
    whose run lasted that budget is recomputed next time rather than served.
    Slow claims are cached whatever their verdict, as they always were (a
    legitimately open sweep-backed verdict, ``VM-C3@paper``, runs for minutes).
    """
    if claim.slow or result.verdict is not Verdict.OPEN:
        return True
    from proofs._method.smt import TIMEOUT_MS

    return seconds < TIMEOUT_MS / 1000


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
    if not isinstance(data, dict) or data.get("version") != _CACHE_VERSION:
        return {}  # another format (or none): a miss, rewritten on store
    return data


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
        Worker processes; ``None`` means :func:`default_workers` (one per
        usable core, at most one per batch, none on one core); ``0`` runs
        everything in this process.
    use_cache : bool, default True
        Read and write the cache: the verdicts of registered claims and of
        claims marked slow.
    cache : path, optional
        The cache directory (default :func:`cache_dir`).
    progress : bool, optional
        Show a progress bar on standard error once the run has taken a second;
        ``None`` (the default) shows it only when standard error is a terminal.
    """
    chosen = list(claims)
    results: dict[str, tuple[ClaimCheck | None, str | None]] = {}
    registered = _registered_ids(chosen)
    cacheable = [c for c in chosen if c.slow or c.id in registered]
    path = None
    data: dict[str, Any] = {}
    cached: dict[str, Any] = {}
    if use_cache and cacheable:
        path = cache_file(cache)
        data = _load_cache(path)
        entries = data.get("claims")
        cached = entries if isinstance(entries, dict) else {}
        for item in cacheable:
            hit = _from_cache(cached.get(item.id), item.id)
            if hit is not None:
                results[item.id] = (hit, None)
    todo = [c for c in chosen if c.id not in results]
    timings: dict[str, float] = {}
    families: dict[str, list[Claim]] = {}
    for item in todo:
        families.setdefault(_family(item), []).append(item)
    batches = _schedule(families.values())
    n_workers = default_workers(len(batches)) if workers is None else workers
    if n_workers > 0 and any(isinstance(c.check, _Registered) for c in todo):
        # collect the register once here, and scipy's statistics (the
        # claims' checks import them when they first run): forked workers,
        # and the sweeps' pools, inherit both instead of importing each
        import scipy.stats  # noqa: F401

        from proofs.register import CLAIMS  # noqa: F401
    remote = [b for b in batches if n_workers > 0 and _picklable(b)]
    local = [b for b in batches if not any(b is r for r in remote)]
    show = sys.stderr.isatty() if progress is None else progress
    with _progress(len(todo), enabled=show and bool(todo)) as advance:
        if remote and len(todo) > 1:
            _run_pool(remote, local, n_workers, results, timings, advance)
        else:
            for batch in remote + local:
                for claim_id, result, error, seconds in _run_batch(batch):
                    results[claim_id] = (result, error)
                    timings[claim_id] = seconds
                advance(len(batch))
    if path is not None:
        fresh = {
            c.id: {**r.to_dict(), "artifact": r.artifact}
            for c in cacheable
            if (r := results[c.id][0]) is not None
            and (c.id not in timings or _keep(c, r, timings[c.id]))
        }
        if any(cached.get(k) != v for k, v in fresh.items()):
            _store(path, {**data, "claims": {**cached, **fresh}})
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
    timings: dict[str, float],
    advance: Callable[[int], None],
) -> None:
    from witnesses.runtime import local_pool

    # the one pool of the package: workers die with this process, are
    # terminated on an exception, and a signal during their forks is not lost
    with contextlib.ExitStack() as stack:
        # the workers are forked on entry: with this process's objects frozen
        # then, their collections skip them (the imported packages and the
        # register, ~190,000 objects) and do not copy the pages they live on;
        # this process unfreezes at once
        frozen = gc.get_freeze_count() == 0
        if frozen:
            gc.freeze()
        try:
            pool = stack.enter_context(
                local_pool(max_workers=n_workers, initializer=_worker_init)
            )
        finally:
            if frozen:
                gc.unfreeze()
        futures: list[Future[list[_Done]]] = [
            pool.submit(_run_batch, batch) for batch in remote
        ]
        for batch in local:
            done = _run_batch(batch)
            for claim_id, result, error, seconds in done:
                results[claim_id] = (result, error)
                timings[claim_id] = seconds
            advance(len(batch))
        for future in as_completed(futures):
            done = future.result()
            for claim_id, result, error, seconds in done:
                results[claim_id] = (result, error)
                timings[claim_id] = seconds
            advance(len(done))


def _worker_init() -> None:
    """Pool initializer (after die-with-parent): z3 leaves signals to the parent."""
    import z3

    z3.set_param("ctrl_c", False)


def _store(path: Path, data: dict[str, Any]) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # key order kept (no sort_keys): a counterexample read back prints as
        # the fresh one did, so a warm --json is byte-identical to a cold one
        text = json.dumps({**data, "version": _CACHE_VERSION}, allow_nan=False)
        # the file is this cache's by its place and name (ledger-<key>.json in
        # the cache directory): replacing it is how entries are added
        write_atomic(path, text + "\n", name="cache", owned=_ours)
    except (
        OSError,
        ValueError,
        TypeError,
    ):  # a cache that cannot be written is skipped
        return


def _ours(head: str) -> bool:
    """Recognise the cache file as replaceable: every ``ledger-<key>.json`` we name is."""
    return True
