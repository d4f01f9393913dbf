"""The reference solver's work, spied through the public ``solve`` (issue 33).

``tests/witnesses/test_mut_reference.py`` checks the answers against the
oracle; many changes to the solver's bounds, cuts, pruning and eviction keep
the answer and only change the work (more labels, a looser bound, a search
that is not skipped). This file observes that work: it replaces the private
helpers by wrappers (``monkeypatch.setattr`` on their dotted names, the
originals taken from the loaded module) and checks, on every call made while
solving a fixed, seeded corpus, the contract each helper documents in
``witnesses/_solve/_reference.py``:

* a bucket insertion keeps the incoming label only if no label in its bucket
  dominates it, and then removes exactly the labels it dominates (the module
  docstring, with the 1e-12 tolerance of docs/guide/witnesses.md §4);
* every label created can still become part of a valid sequence: its bucket
  key is (pre-pivot count, focal hits), its pre-pivot part fits the pre count
  (room for tau), its last event can still reach tau within the hop budget,
  enough events remain for the minimum length, and, in a cut search, its
  bound (running sum plus the heaviest usable weights it could still add)
  lies above the cut in force (:class:`_Cut`, :func:`_pre_floor`);
* the bounds (:class:`_Bound`), the cuts, the hop counts, the reach and the
  tail sums equal the formulas of their docstrings, and a candidate or a run
  whose bound is hopeless is not searched;
* a cut search gives up exactly when it would make insertion
  ``_CUT_ATTEMPTS + 1`` (it then made ``_CUT_ATTEMPTS`` of them), an uncut
  search never gives up, and an uncut search is run only after a cut one gave
  up; run with the cap lowered to 0, 1, 2 and 3 the public answer does not
  change.

Each case is also compared with the straightforward oracle
(``tests/witnesses/oracle_reference.py``).
"""

from __future__ import annotations

import math
import random
import sys
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

import pytest

from tests.witnesses.oracle_reference import case_key as _key
from tests.witnesses.oracle_reference import oracle_case as _oracle
from witnesses import Event, Grammar, Timeline, solve

_MOD = "witnesses._solve._reference"
_EPS = 1e-12
_MEMOS = (f"{_MOD}._RESULTS.data", f"{_MOD}._PRE_DP.data")


def _module() -> Any:
    solve(Timeline([Event("a", 0.0, 1.0, frozenset({"x"}))]), focal="x")
    return sys.modules[_MOD]  # loaded by the solve above


def _chain(label: Any) -> list[int]:
    out: list[int] = []
    node = label[3]
    while node is not None:
        out.append(node[0])
        node = node[1]
    return out[::-1]


def _dominated(label: Any, bucket: list[Any], *, slots: bool) -> bool:
    total, n, first_t, _ = label
    return any(
        o[0] >= total - _EPS and (not slots or o[1] <= n) and o[2] <= first_t + _EPS
        for o in bucket
    )


def _kept(label: Any, bucket: list[Any], *, slots: bool) -> list[Any]:
    """The bucket once ``label`` is inserted: the labels it does not dominate, then it."""
    total, n, first_t, _ = label
    return [
        o
        for o in bucket
        if not (
            total >= o[0] - _EPS and (not slots or n <= o[1]) and first_t <= o[2] + _EPS
        )
    ] + [label]


def _top(weights: list[float], r: int) -> float:
    """The sum of the ``r`` largest positive weights, largest first."""
    out = 0.0
    for x in sorted((max(0.0, x) for x in weights), reverse=True)[:r]:
        out += x
    return out


def _bonus(w_tau: float, n_pre: int, size: int) -> float:
    pos = 0.5 if size == 1 else n_pre / (size - 1)
    return 2 * w_tau * (1 - 0.5 * abs(pos - 0.6))


def _close(a: float, b: float) -> bool:
    if math.isinf(a) or math.isinf(b):
        return a == b
    return math.isclose(a, b, rel_tol=1e-12, abs_tol=1e-12)


@dataclass
class _Search:
    """What a running pre- or post-pivot search was asked to do."""

    pool: Any
    length: int
    grammar: Grammar
    n_pre: int  # the pre count of the run (post), the largest one (pre)
    floor: float
    cutting: bool
    incumbent: float | None = None
    cut: Any = None
    counted: int = 0  # insertions made while the cut was in force
    calls: list[tuple[bool, Any]] = field(default_factory=list)


class _Spy:
    """Wrappers of the solver's helpers that check their contracts on every call."""

    def __init__(self, mod: Any, monkeypatch: pytest.MonkeyPatch, cap: int) -> None:
        self.mod, self.cap = mod, cap
        self.pre: _Search | None = None
        self.post: _Search | None = None
        self.hopeless: list[bool] = []
        self.memo_calls: list[tuple[bool, Any]] | None = None
        self.last_post: tuple[Any, int, Any] | None = None
        self.labels = self.cut_searches = self.gave_up = self.searched = 0
        self.evicted = 0  # post-pivot labels removed by a dominating newcomer
        monkeypatch.setattr(f"{_MOD}._CUT_ATTEMPTS", cap)
        for name in (
            "_insert",
            "_insert_pre",
            "_pre_dp",
            "_pre_dp_memo",
            "_post_search",
            "_solve_pool",
            "_hopeless",
            "_pre_floor",
            "_hop_need",
        ):
            monkeypatch.setattr(f"{_MOD}.{name}", self._wrap(name, getattr(mod, name)))
        monkeypatch.setattr(f"{_MOD}._Pool", self._pool_class(mod._Pool))
        monkeypatch.setattr(f"{_MOD}._Bound", self._bound_class(mod._Bound))
        monkeypatch.setattr(f"{_MOD}._Cut", self._cut_class(mod._Cut))

    def _wrap(self, name: str, original: Any) -> Any:
        check = getattr(self, "_" + name.lstrip("_"))

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            return check(original, *args, **kwargs)

        return wrapper

    # --- insertion: the dominance rule, and only labels that can still count

    def _insert(
        self, original: Any, buckets: Any, index: int, key: Any, label: Any
    ) -> None:
        before = list(buckets.get(index, {}).get(key, []))
        original(buckets, index, key, label)
        want = (
            before
            if _dominated(label, before, slots=True)
            else _kept(label, before, slots=True)
        )
        assert buckets[index][key] == want, ("post-pivot eviction", before, label)
        self.evicted += len(before) + 1 - len(want) if want[-1] is label else 0
        self._post_label(index, key, label)

    def _insert_pre(
        self, original: Any, buckets: Any, index: int, key: Any, label: Any
    ) -> None:
        before = list(buckets.get(index, {}).get(key, []))
        original(buckets, index, key, label)
        want = (
            before
            if _dominated(label, before, slots=False)
            else _kept(label, before, slots=False)
        )
        assert buckets[index][key] == want, ("pre-pivot eviction", before, label)
        self._pre_label(index, key, label)

    def _label(self, s: _Search, index: int, key: Any, label: Any) -> list[int]:
        pool, chain = s.pool, _chain(label)
        total, slots, first_t, _ = label
        assert chain[-1] == index and slots == len(chain) <= s.length
        assert total == sum((pool.w[i] for i in chain), 0.0)
        assert first_t == pool.t[chain[0]]
        assert key[1] == sum(pool.hit[i] for i in chain)
        # enough events remain after the last one for the minimum length
        assert slots + (len(pool.t) - 1 - index) >= s.grammar.min_length, label
        self.labels += 1
        return chain

    def _pre_label(self, index: int, key: Any, label: Any) -> None:
        s = self.pre
        assert s is not None
        chain = self._label(s, index, key, label)
        pool, pre = s.pool, len(chain)
        assert key[0] == pre <= s.n_pre  # n_pre_max, checked against length - 1
        assert all(pool.reach_lo <= i < len(pool.pre) for i in chain)
        # the last event can still reach tau with the pre events left
        assert pool.hop_need[index] <= s.n_pre - pre, (label, pool.hop_need)
        if s.cutting:
            rest = pool.tails(s.length, post_only=False)[index][s.length - pre - 1]
            assert label[0] + rest > s.floor, ("pre-pivot cut", label, s.floor)
            s.counted += pre > 1  # extensions count, first events do not

    def _post_label(self, index: int, key: Any, label: Any) -> None:
        s = self.post
        assert s is not None
        chain = self._label(s, index, key, label)
        pool = s.pool
        assert key[0] == s.n_pre and chain.index(pool.tau) == s.n_pre
        if s.cutting:
            rest = pool.tails(s.length)[index][s.length - label[1]]
            assert label[0] + rest > s.floor, ("post-pivot cut", label, s.floor)
            s.counted += index != pool.tau and s.floor > -math.inf

    # --- the searches: who runs, cut or not, and when they give up

    def _pre_dp(
        self,
        original: Any,
        pool: Any,
        n_pre_max: int,
        length: int,
        grammar: Grammar,
        floor: float = -math.inf,
    ) -> Any:
        assert self.pre is None and n_pre_max == min(len(pool.pre), length - 1)
        s = _Search(pool, length, grammar, n_pre_max, floor, floor > -math.inf)
        self.pre = s
        try:
            found = original(pool, n_pre_max, length, grammar, floor)
        finally:
            self.pre = None
        if found is None:
            assert s.cutting and s.counted == self.cap, ("pre gave up", s.counted)
            self.gave_up += 1
        else:
            assert s.counted <= self.cap
        self.cut_searches += s.cutting
        if self.memo_calls is not None:
            self.memo_calls.append((s.cutting, found))
        return found

    def _pre_dp_memo(
        self,
        original: Any,
        pool: Any,
        n_pre_max: int,
        length: int,
        grammar: Grammar,
        incumbent: float | None,
    ) -> Any:
        # both bounds of the candidate were computed, and neither is hopeless
        assert self.hopeless == [False, False], self.hopeless
        calls: list[tuple[bool, Any]] = []
        self.memo_calls, self.searched = calls, self.searched + 1
        try:
            found = original(pool, n_pre_max, length, grammar, incumbent)
        finally:
            self.memo_calls = None
        if calls:  # a miss: cut first if there is an incumbent, uncut only if needed
            if incumbent is None:
                assert [c for c, _ in calls] == [False]
            elif calls[0][1] is not None:
                assert [c for c, _ in calls] == [True] and found is calls[0][1]
            else:
                assert [c for c, _ in calls] == [True, False] and found is calls[1][1]
        return found

    def _post_search(
        self,
        original: Any,
        pool: Any,
        groups: Any,
        n_pre: int,
        timeline: Timeline,
        grammar: Grammar,
        length: int,
        incumbent: float | None,
        **kwargs: Any,
    ) -> Any:
        cutting = kwargs.get("cutting", True)
        assert grammar.min_prefix_elements <= n_pre <= min(len(pool.pre), length - 1)
        assert len(pool.post) >= grammar.min_length - n_pre - 1
        assert self.hopeless and not self.hopeless[-1], "a hopeless run was searched"
        if not cutting:  # only the redo of a cut search that gave up
            assert self.last_post == (pool, n_pre, self.mod._TOO_LONG)
        s = _Search(pool, length, grammar, n_pre, -math.inf, cutting, incumbent)
        self.post = s
        try:
            found = original(
                pool, groups, n_pre, timeline, grammar, length, incumbent, **kwargs
            )
        finally:
            self.post = None
        assert (s.cut is not None) == cutting
        if found is self.mod._TOO_LONG:
            assert cutting and s.counted == self.cap, ("post gave up", s.counted)
            self.gave_up += 1
        else:
            assert s.counted <= self.cap
            if found is not None and incumbent is not None:
                assert found[0] > incumbent + _EPS
        self.cut_searches += cutting
        self.last_post = (pool, n_pre, found)
        return found

    def _solve_pool(self, original: Any, *args: Any) -> Any:
        self.hopeless = []
        try:
            return original(*args)
        finally:
            self.hopeless = []

    # --- the bounds and cuts equal their documented formulas

    def _hopeless(self, original: Any, bound: float, incumbent: float | None) -> Any:
        got = original(bound, incumbent)
        want = incumbent is not None and (
            bound == -math.inf or bound + 1e-9 * (1.0 + abs(bound)) <= incumbent
        )
        assert got is want, (bound, incumbent, got)
        self.hopeless.append(got)
        return got

    def _pre_floor(self, original: Any, pool: Any, incumbent: float) -> Any:
        got = original(pool, incumbent)
        w_tau = pool.w[pool.tau]
        margin = 1e-6 * (1.0 + abs(incumbent) + sum(abs(w) for w in pool.w))
        assert got == incumbent - margin - w_tau - max(0.0, 2.0 * w_tau)
        return got

    def _hop_need(self, original: Any, dt: float, gap: float) -> Any:
        got = original(dt, gap)
        if not math.isfinite(gap):
            assert got == -1
        elif dt > 0:  # the fewest h >= 0 intermediate events with dt / (h + 1) <= gap
            want = 0
            while dt / (want + 1) > gap * (1 + 1e-9):
                want += 1
            assert got == want, (dt, gap, got)
        else:  # tau's time or later: nothing to bridge
            assert got <= 0
        return got

    def _pool_class(self, base: Any) -> Any:
        class Pool(base):  # type: ignore[misc]
            def _reach(self, gap: float) -> tuple[int, int]:
                lo, hi = super()._reach(gap)
                t, p, start = self.t, len(self.pre), self.post_start
                t_tau = t[self.tau]
                steps_pre = [*t[:p], t_tau]  # the run around tau: no step above gap
                want_lo = p
                while (
                    want_lo > 0 and steps_pre[want_lo] - steps_pre[want_lo - 1] <= gap
                ):
                    want_lo -= 1
                steps_post = [t_tau, *t[start:]]
                want_hi = start
                while (
                    want_hi < len(t)
                    and steps_post[want_hi - start + 1] - steps_post[want_hi - start]
                    <= gap
                ):
                    want_hi += 1
                assert (lo, hi) == (want_lo, want_hi), ((lo, hi), (want_lo, want_hi))
                return lo, hi

            def tails(self, length: int, **kwargs: Any) -> list[list[float]]:
                got = super().tails(length, **kwargs)
                post_only = kwargs.get("post_only", True)
                usable = [
                    *(() if post_only else range(self.reach_lo, len(self.pre))),
                    *range(self.post_start, self.reach_hi),
                ]
                for i in range(self.reach_lo, len(self.t)):
                    after = sorted(
                        (self.w[u] for u in usable if u > i and self.w[u] > 0),
                        reverse=True,
                    )
                    want = [0.0]
                    for r in range(1, length + 1):
                        want.append(
                            want[-1] + after[r - 1] if r <= len(after) else want[-1]
                        )
                    assert got[i] == want, (i, post_only, got[i], want)
                return got  # type: ignore[no-any-return]

        return Pool

    def _bound_class(self, base: Any) -> Any:
        class Bound(base):  # type: ignore[misc]
            def __init__(self, pool: Any, length: int, min_length: int) -> None:
                super().__init__(pool, length, min_length)
                self.spied_pool = pool

            def quick(self) -> float:
                got: float = super().quick()
                pool = self.spied_pool
                w_tau = pool.w[pool.tau]
                others = [w for i, w in enumerate(pool.w) if i != pool.tau]
                want = w_tau + max(0.0, 2.0 * w_tau) + _top(others, self.length - 1)
                assert _close(got, want), (got, want)
                return got

            def run(self, n_pre: int, pre_total: float | None) -> float:
                got: float = super().run(n_pre, pre_total)
                pool = self.spied_pool
                w_tau = pool.w[pool.tau]
                post = [pool.w[j] for j in range(pool.post_start, pool.reach_hi)]
                want = -math.inf
                if not (n_pre and pre_total is None):
                    head = (0.0 if pre_total is None else pre_total) + w_tau
                    last = min(self.length, n_pre + 1 + len(post))
                    for size in range(max(self.min_length, n_pre + 1), last + 1):
                        tail = _top(post, size - n_pre - 1)
                        want = max(want, head + tail + _bonus(w_tau, n_pre, size))
                assert _close(got, want), (n_pre, pre_total, got, want)
                return got

            def candidate(self, k: int, n_pre_max: int) -> float:
                got: float = super().candidate(k, n_pre_max)
                pool = self.spied_pool
                pre = [pool.w[i] for i in range(pool.reach_lo, len(pool.pre))]
                want = -math.inf
                for n_pre in range(k, min(n_pre_max, len(pre)) + 1):
                    want = max(want, self.run(n_pre, _top(pre, n_pre)))
                assert _close(got, want), (k, n_pre_max, got, want)
                return got

        return Bound

    def _cut_class(self, base: Any) -> Any:
        spy = self

        class Cut(base):  # type: ignore[misc]
            def __init__(self, pool: Any, n_pre: int, length: int) -> None:
                super().__init__(pool, n_pre, length)
                w_tau = pool.w[pool.tau]
                sizes = range(n_pre + 1, length + 1)
                assert self.bonus == max(_bonus(w_tau, n_pre, s) for s in sizes)
                assert self.weights == sum(abs(w) for w in pool.w)
                s = spy.post
                assert s is not None
                s.cut = self
                self.floor(s.incumbent)  # the cut in force before any ending

            def floor(self, bar: float | None) -> float:
                got: float = super().floor(bar)
                want = -math.inf
                if bar is not None:
                    want = bar - 1e-6 * (1.0 + abs(bar) + self.weights) - self.bonus
                assert got == want, (bar, got, want)
                s = spy.post
                assert s is not None
                s.floor = got
                return got

        return Cut


def _timeline(rng: random.Random, n: int, grid: int) -> Timeline:
    ticks = sorted(rng.randrange(grid + 1) for _ in range(n))
    events = []
    for i, tick in enumerate(ticks):
        weight = rng.choice((-1.5, -0.5, 0.0, 0.5, 1.0, 1.0, 2.0, 2.0, 3.0))
        actor = "actor_0" if rng.random() < 0.85 else "actor_1"
        events.append(Event(f"e{i:02d}", tick / grid, weight, frozenset({actor})))
    return Timeline(events)


def _case(seed: int) -> tuple[Timeline, dict[str, Any]]:
    """Weights on a coarse grid with zeros and negatives, finite and infinite gaps."""
    rng = random.Random(1000 + seed)
    tl = _timeline(rng, rng.randrange(5, 17), rng.choice((8, 10, 20)))
    min_length = rng.choice((1, 2, 3, 4))
    grammar = Grammar(
        min_prefix_elements=rng.choice((0, 1, 1, 2)),
        min_length=min_length,
        max_length=rng.choice((min_length, min_length + 2, 8)),
        min_timespan_fraction=rng.choice((0.0, 0.0, 0.3)),
        max_temporal_gap=rng.choice((math.inf, math.inf, 0.15, 0.2, 0.25, 0.4)),
        focal_actor_coverage=rng.choice((0.0, 0.0, 0.5)),
    )
    kwargs: dict[str, Any] = {
        "grammar": grammar,
        "m": rng.choice((2, 10)),
        "injection_top_n": rng.choice((3, 40)),
        "max_sequence_length": rng.choice((3, 5, 20)),
    }
    if rng.random() < 0.2:
        kwargs["pivot_ids"] = tuple(e.id for e in tl.events[rng.randrange(2) :: 2])
    return tl, kwargs


def _solve_spied(
    mod: Any,
    monkeypatch: pytest.MonkeyPatch,
    cap: int,
    tl: Timeline,
    kwargs: dict[str, Any],
) -> tuple[Any, _Spy]:
    for target in _MEMOS:
        monkeypatch.setattr(target, OrderedDict())
    with monkeypatch.context() as patch:
        spy = _Spy(mod, patch, cap)
        got = _key(solve(tl, **kwargs).sequence)
        assert _key(solve(tl, **kwargs).sequence) == got  # warm: memo hits
    return got, spy


@pytest.mark.parametrize("block", range(4))
def test_every_helper_keeps_its_contract_on_a_seeded_corpus(
    block: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Spied solves equal the oracle, and every label, bound and cut keeps its rule."""
    mod = _module()
    labels = cut = found = 0
    for seed in range(block * 60, (block + 1) * 60):
        tl, kwargs = _case(seed)
        got, spy = _solve_spied(mod, monkeypatch, mod._CUT_ATTEMPTS, tl, kwargs)
        assert got == _oracle(tl, kwargs), seed
        labels, cut, found = (
            labels + spy.labels,
            cut + spy.cut_searches,
            found + (got is not None),
        )
    assert found >= 20 and cut >= 100 and labels >= 400  # real searches were spied


@pytest.mark.parametrize("cap", [0, 1, 2, 3])
def test_a_cut_search_past_the_cap_gives_up_and_is_redone_uncut(
    cap: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``_CUT_ATTEMPTS`` lowered, searches give up at exactly the cap: same answers."""
    mod = _module()
    gave_up = 0
    for seed in range(0, 240, 4):
        tl, kwargs = _case(seed)
        want, _ = _solve_spied(mod, monkeypatch, mod._CUT_ATTEMPTS, tl, kwargs)
        got, spy = _solve_spied(mod, monkeypatch, cap, tl, kwargs)
        assert got == want, seed
        gave_up += spy.gave_up
    assert gave_up >= 5  # the cap was reached, so the redo ran


def _shifted(tl: Timeline, offset: float) -> Timeline:
    return Timeline(
        [Event(e.id, e.timestamp + offset, e.weight, e.actors) for e in tl.events]
    )


def test_late_timestamps_keep_every_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    """The corpus moved to times near 100 (above any slot count): same contracts.

    Dominance compares sums, slot counts and first times; with times in [0, 1]
    a first time never exceeds a slot count, which would hide a comparison of
    one against the other.
    """
    mod = _module()
    labels = 0
    for seed in range(60):
        tl, kwargs = _case(seed)
        late = _shifted(tl, 100.0)
        got, spy = _solve_spied(mod, monkeypatch, mod._CUT_ATTEMPTS, late, kwargs)
        assert got == _oracle(late, kwargs), seed
        labels += spy.labels
    assert labels >= 300


def _tie_case(seed: int) -> tuple[Timeline, dict[str, Any]]:
    """Zero weights and weights of 1e-9: bounds that meet the incumbent exactly."""
    rng = random.Random(5000 + seed)
    n, grid = rng.randrange(5, 15), rng.choice((8, 10))
    ticks = sorted(rng.randrange(grid + 1) for _ in range(n))
    events = []
    for i, tick in enumerate(ticks):
        actor = "actor_0" if rng.random() < 0.6 else "actor_1"
        weight = rng.choice((0.0, 0.0, 1e-9, 1.0, 1.0, 2.0))
        events.append(Event(f"e{i:02d}", tick / grid, weight, frozenset({actor})))
    min_length = rng.choice((1, 2, 3))
    grammar = Grammar(
        min_prefix_elements=rng.choice((0, 1, 2)),
        min_length=min_length,
        max_length=rng.choice((min_length + 2, 8)),
        min_timespan_fraction=0.0,
        max_temporal_gap=rng.choice((math.inf, 0.2, 0.3)),
        focal_actor_coverage=0.0,
    )
    kwargs: dict[str, Any] = {
        "grammar": grammar,
        "m": 10,
        "injection_top_n": rng.choice((3, 40)),
        "max_sequence_length": rng.choice((4, 20)),
    }
    return Timeline(events), kwargs


def test_bounds_that_meet_the_incumbent_keep_every_contract(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Weights 0 and 1e-9 make a bound equal the incumbent, or miss it by 1e-9.

    :func:`_hopeless` skips a bound only below the incumbent by its margin
    ``1e-9 (1 + |bound|)``: a bound of 0 against an incumbent of 0 is searched,
    against an incumbent of 1e-9 skipped; the spy checks each decision.
    """
    mod = _module()
    found = 0
    for seed in range(60):
        tl, kwargs = _tie_case(seed)
        got, _ = _solve_spied(mod, monkeypatch, mod._CUT_ATTEMPTS, tl, kwargs)
        assert got == _oracle(tl, kwargs), seed
        found += got is not None
    assert found >= 20


def _jittered(
    rng: random.Random,
    sizes: tuple[int, int],
    focal: float,
    weights: tuple[float, ...],
    offsets: tuple[float, ...],
) -> tuple[Timeline, dict[str, Any]]:
    """A timeline on a coarse grid whose weights and times are jittered by
    the given amounts, and a small grammar (the draws in a fixed order)."""
    n, grid = rng.randrange(*sizes), rng.choice((4, 8))
    ticks = sorted(rng.randrange(grid + 1) for _ in range(n))
    events = []
    for i, tick in enumerate(ticks):
        actor = "actor_0" if rng.random() < focal else "actor_1"
        weight = rng.choice(weights)
        time = tick / grid + rng.choice(offsets)
        events.append(Event(f"e{i:02d}", time, weight, frozenset({actor})))
    min_length = rng.choice((1, 2, 3))
    grammar = Grammar(
        min_prefix_elements=rng.choice((0, 1, 2)),
        min_length=min_length,
        max_length=rng.choice((min_length + 2, 8)),
        min_timespan_fraction=0.0,
        focal_actor_coverage=0.0,
    )
    kwargs: dict[str, Any] = {
        "grammar": grammar,
        "m": 10,
        "injection_top_n": 40,
        "max_sequence_length": rng.choice((4, 20)),
    }
    return Timeline.from_unsorted(events), kwargs


def _jitter_case(seed: int) -> tuple[Timeline, dict[str, Any]]:
    """Weights w and w + 1e-12, times t and t + 1e-12: sums and first times tie."""
    return _jittered(
        random.Random(7000 + seed),
        (5, 13),
        0.7,
        (1.0, 1.0 + 1e-12, 2.0, 0.5, 0.5 + 1e-12),
        (0.0, 0.0, 1e-12),
    )


def test_labels_equal_within_the_tolerance_keep_every_contract(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dominance within 1e-12 (docs/guide/witnesses.md §4) at exact float ties.

    A sum exactly 1e-12 below another (``1.0`` against ``1.0 + 1e-12``), or a
    first time exactly 1e-12 later, still counts as dominated: the spy checks
    every bucket against that rule, and the answers against the oracle.
    """
    mod = _module()
    labels = 0
    for seed in range(50):
        tl, kwargs = _jitter_case(seed)
        got, spy = _solve_spied(mod, monkeypatch, mod._CUT_ATTEMPTS, tl, kwargs)
        assert got == _oracle(tl, kwargs), seed
        labels += spy.labels
    assert labels >= 300


def test_a_bound_short_of_the_incumbent_by_exactly_the_margin_is_hopeless(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pivot a first: x, a scores 1e-9. Pivot b then has the candidate bound 0
    (b, c weigh 0 and x, a are out of its reach), and 0 + 1e-9 (1 + 0) <= 1e-9:
    b is skipped, as the spy checks (its pre-pivot search is never run)."""
    mod = _module()
    focal = frozenset({"actor_0"})
    tl = Timeline(
        [
            Event("x", 0.0, 1e-9, focal),
            Event("a", 0.1, 0.0, focal),
            Event("b", 0.9, 0.0, focal),
            Event("c", 1.0, 0.0, focal),
        ]
    )
    grammar = Grammar(
        min_prefix_elements=0,
        min_length=2,
        max_length=4,
        min_timespan_fraction=0.0,
        max_temporal_gap=0.3,
        focal_actor_coverage=0.0,
    )
    kwargs: dict[str, Any] = {
        "grammar": grammar,
        "m": 10,
        "pivot_ids": ("a", "b"),
        "max_sequence_length": 20,
        "injection_top_n": 40,
    }
    got, spy = _solve_spied(mod, monkeypatch, mod._CUT_ATTEMPTS, tl, kwargs)
    assert got is not None and got[0] == ("x", "a") and got[2] == 1e-9
    assert spy.searched == 1  # a only
    assert got == _oracle(tl, kwargs)


def _early_jitter_case(seed: int) -> tuple[Timeline, dict[str, Any]]:
    """Times t - 1e-12, t and t + 1e-12, mostly focal: post-pivot labels whose
    first times differ by exactly 1e-12."""
    return _jittered(
        random.Random(9000 + seed),
        (6, 14),
        0.9,
        (1.0, 1.0 + 1e-12, 2.0, 2.0 + 1e-12),
        (0.0, 1e-12, -1e-12),
    )


def test_first_times_equal_within_the_tolerance_keep_every_contract(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A later label whose first time is exactly 1e-12 after an existing one's,
    with at least its sum and at most its slots, evicts it (seeds 28 and 37)."""
    mod = _module()
    for seed in range(40):
        tl, kwargs = _early_jitter_case(seed)
        got, _ = _solve_spied(mod, monkeypatch, mod._CUT_ATTEMPTS, tl, kwargs)
        assert got == _oracle(tl, kwargs), seed


def test_a_shorter_label_lighter_by_exactly_the_tolerance_evicts_a_longer_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """At j, (p, a, b, j) sums 2 + 0.5 + (0.5 + 1e-12) + 1 and (p, c, j) arrives
    after it (from c, later than b) with 2 + 1 + 1, exactly 1e-12 less in floats;
    both have one focal event besides p and j, and (p, a, j) is out of reach
    (a to j is 0.35 > 0.3). Within the tolerance the shorter label dominates the
    longer one: it must evict it, which the spy checks."""
    mod = _module()
    focal, other = frozenset({"actor_0"}), frozenset({"actor_1"})
    tl = Timeline(
        [
            Event("p", 0.0, 2.0, focal),
            Event("a", 0.1, 0.5, focal, ("p",)),
            Event("b", 0.2, 0.5 + 1e-12, other, ("a",)),
            Event("c", 0.25, 1.0, focal, ("p",)),
            Event("j", 0.45, 1.0, focal, ("c",)),
        ]
    )
    assert ((2.0 + 0.5) + (0.5 + 1e-12)) + 1.0 - 1e-12 == (2.0 + 1.0) + 1.0
    grammar = Grammar(
        min_prefix_elements=0,
        min_length=2,
        max_length=8,
        min_timespan_fraction=0.0,
        max_temporal_gap=0.3,
        focal_actor_coverage=0.0,
    )
    kwargs: dict[str, Any] = {"grammar": grammar, "pivot_ids": ("p",)}
    got, spy = _solve_spied(mod, monkeypatch, mod._CUT_ATTEMPTS, tl, kwargs)
    assert spy.evicted >= 1
    assert got == _oracle(
        tl, {**kwargs, "m": 10, "max_sequence_length": 20, "injection_top_n": 40}
    )
    assert got is not None and got[0] == ("p", "a", "b", "c", "j")
