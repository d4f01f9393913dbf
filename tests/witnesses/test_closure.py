"""Closure experiments Exp51/56/57 (VM-E51, VM-E56, VM-E57; WITNESS.md 1.8).

Expected values: closed forms (rule of three, ``1 - 0.05**(1/n)``), scipy's
Beta quantiles, the published smoke-scale denominators (240, 80, 96, 30),
and independent re-computations with ``witnesses.state``.
"""

import pytest
from scipy import stats

from witnesses import closure, compress
from witnesses.experiments.closure import ClosureRate, exp51, exp56, exp57
from witnesses.generators import BurstyConfig, bursty
from witnesses.state import (
    build_context_state,
    compose_context_states,
    is_absorbing,
    no_absorption_invariant,
)

OPS = "witnesses.experiments.closure._common"
"""Where the closure checks look up the operations they run (patched below to break them)."""

FOCAL = "actor_0"


@pytest.mark.parametrize("n", [1, 18, 30, 96, 240])
def test_rule_of_three_and_exact_bound_at_zero(n):
    """3/n and the exact one-sided bound 1 - 0.05**(1/n) (solves (1-p)^n = 0.05)."""
    r = ClosureRate(0, n)
    assert r.rate == 0.0
    assert r.rule_of_three == min(3 / n, 1.0)
    assert r.upper_exact == pytest.approx(1 - 0.05 ** (1 / n), rel=1e-9)


@pytest.mark.parametrize(("k", "n"), [(1, 30), (4, 30), (7, 200), (30, 30)])
def test_exact_bound_matches_scipy_beta(k, n):
    """One-sided 95% Clopper-Pearson upper bound = scipy.stats.beta.ppf(0.95, k+1, n-k)."""
    expected = 1.0 if k == n else stats.beta.ppf(0.95, k + 1, n - k)
    assert ClosureRate(k, n).upper_exact == pytest.approx(expected, rel=1e-9)


def test_paper_rates_are_smoke_counts():
    """The published 0.133 and 0.033 are 4/30 and 1/30 (WITNESS.md 1.8)."""
    assert round(ClosureRate(4, 30).rate, 3) == 0.133
    assert round(ClosureRate(1, 30).rate, 3) == 0.033


def test_vm_e51_exp51_small_is_exact_and_deterministic():
    r = exp51(n_sequences=12, n_events=80)
    assert r.pair_full_mismatches.n == 36 and r.assoc_mismatches.n == 12
    assert r.pair_state_mismatches.count == 0
    assert r.pair_full_mismatches.count == 0
    assert r.assoc_mismatches.count == 0
    assert r.first_failure is None
    assert exp51(n_sequences=12, n_events=80) == r


def test_exp51_smoke_denominators():
    """Smoke scale: 80 sequences, 240 pairs, 80 associativity checks (paper Table 1)."""
    r = exp51()
    assert (r.n_sequences, r.pair_full_mismatches.n, r.assoc_mismatches.n) == (
        80,
        240,
        80,
    )


def test_exp51_detects_a_broken_composition(monkeypatch):
    """Keeping one candidate too few changes the pivot lists, not q or r."""

    def short(left, right, m):
        return compose_context_states(left, right, m=max(1, m - 1))

    monkeypatch.setattr(f"{OPS}.compose_context_states", short)
    r = exp51(n_sequences=6, n_events=80, m=3)
    assert r.pair_full_mismatches.count > 0
    assert r.first_failure is not None


def test_exp51_detects_unshifted_prefixes(monkeypatch):
    """Composing without the prefix shift breaks q/r equality."""

    def unshifted(left, right, m):
        empty = build_context_state([], FOCAL, m=m)
        return compose_context_states(empty, right, m=m) if right.pivots else left

    monkeypatch.setattr(f"{OPS}.compose_context_states", unshifted)
    r = exp51(n_sequences=6, n_events=80)
    assert r.pair_state_mismatches.count > 0


def test_vm_e57_exp57_smoke_only_compression_breaks_closure():
    r = exp57()
    assert [c.checks for c in r.operations] == [30, 30, 30, 30]
    for name in ("composition", "pivot_update", "split"):
        c = r.by_name(name)
        assert (c.invalid_outputs, c.pi_mismatches, c.escapes) == (0, 0, 0), name
    comp = r.by_name("compression")
    assert comp.invalid_outputs == 0
    assert comp.pi_mismatches == len(r.pi_mismatch_seeds)
    assert comp.escapes == len(r.escape_seeds)
    assert comp.pi_mismatches + comp.escapes > 0


def test_exp57_pi_mismatches_are_inputs_that_violate_the_invariant():
    """contract_guarded never accepts a violating drop, so a violating output
    means the input graph already violated the absolute invariant (WITNESS.md 1.6)."""
    r = exp57(n_seeds=12)
    assert r.pi_mismatch_seeds and r.escape_seeds
    for seed in r.pi_mismatch_seeds:
        tl = bursty(config=BurstyConfig(epsilon=closure.EPSILONS[seed % 3]), seed=seed)
        base = build_context_state(tl, FOCAL, m=10)
        assert not no_absorption_invariant(base, 1)
        # j_dev < 1 means prefix 0 or 1 (d(0) = d(1) = 0): among the first two events
        assert any(p.prefix_count <= 1 for p in base.pivots)
        kept = compress(
            tl,
            focal=FOCAL,
            strategy="contract_guarded",
            k=1,
            m=10,
            target_size=120,
            max_gap=0.11,
        )
        assert kept.output_size == len(tl)  # nothing could be dropped
    for seed in r.escape_seeds:
        tl = bursty(config=BurstyConfig(epsilon=closure.EPSILONS[seed % 3]), seed=seed)
        base = build_context_state(tl, FOCAL, m=10)
        assert is_absorbing(base, 1)
        kept = compress(
            tl,
            focal=FOCAL,
            strategy="contract_guarded",
            k=1,
            m=10,
            target_size=120,
            max_gap=0.11,
        )
        offending = {p.event_id for p in base.pivots if p.j_dev < 1}
        assert offending & set(kept.dropped)


def test_exp57_base_absorbing_counted_once_per_seed():
    """Every operation sees the same base: counts of absorbing bases agree."""
    r = exp57(n_seeds=10)
    expected = sum(
        is_absorbing(
            build_context_state(
                bursty(config=BurstyConfig(epsilon=closure.EPSILONS[s % 3]), seed=s),
                FOCAL,
                m=10,
            ),
            1,
        )
        for s in range(10)
    )
    assert {c.base_absorbing for c in r.operations} == {expected}


def test_exp57_detects_a_broken_composition(monkeypatch):
    def first_only(left, right, m):
        return left

    monkeypatch.setattr(f"{OPS}.compose_context_states", first_only)
    r = exp57(n_seeds=4, n_events=80)
    assert r.by_name("composition").invalid_outputs == 4
    assert r.by_name("split").invalid_outputs == 4


def test_vm_e56_exp56_small():
    r = exp56(n_states=4, max_suffix=3)
    assert r.n_states == 4 and r.max_suffix == 3
    assert r.violations.n == 12
    assert r.violations.count == 0


def test_exp56_detects_escapes(monkeypatch):
    """A composition that forgets the left block escapes absorption."""

    def right_only(left, right, m):
        return compose_context_states(build_context_state([], FOCAL, m=m), right, m=m)

    monkeypatch.setattr(f"{OPS}.compose_context_states", right_only)
    r = exp56(n_states=3, max_suffix=4)
    assert r.violations.count > 0
    assert r.first_failure is not None


def test_vm_e51_paper_semantics_exact():
    """compose_endo of block elements equals the element of the concatenation (VM-P1)."""
    r = exp51(n_sequences=10, n_events=80, semantics="paper")
    assert r.pair_full_mismatches.count == 0 and r.assoc_mismatches.count == 0
    assert r.pair_full_mismatches.n == 30


def test_exp51_paper_detects_a_wrong_product(monkeypatch):
    """A product that lets the right pivot win ties breaks exactness."""
    from algebra import Context

    def right_biased(a, b):
        if a.w is None or (b.w is not None and b.w >= a.w):
            return Context(b.w, a.d_total + b.d_total, a.d_total + b.d_pre)
        return Context(a.w, a.d_total + b.d_total, a.d_pre + 1)

    monkeypatch.setattr(f"{OPS}.compose_endo", right_biased)
    r = exp51(n_sequences=6, n_events=80, semantics="paper")
    assert r.pair_full_mismatches.count > 0


def test_vm_e56_paper_committed_never_escapes():
    r = exp56(n_states=6, max_suffix=6, semantics="paper")
    assert r.n_states == 6 and r.violations.count == 0 and r.violations.n == 36


def test_vm_e57_paper_definition2_keeps_its_contract():
    r = exp57(n_seeds=10, semantics="paper")
    assert r.by_name("compression").pi_mismatches == 0
    for name in ("composition", "pivot_update", "split"):
        assert r.by_name(name).closure_violation.count == 0, name


def test_exp57_paper_detects_a_contract_breaking_compressor(monkeypatch):
    """Dropping every non-focal event leaves d_total = 0 < min(d_total(B), 1)."""
    from types import SimpleNamespace

    def focal_only(tl, focal, **_):
        kept = tl.subset(e.id for e in tl if focal in e.actors)
        return SimpleNamespace(timeline=kept, invariant_holds=True)

    monkeypatch.setattr(f"{OPS}.compress_with", focal_only)
    r = exp57(n_seeds=4, n_events=80, semantics="paper")
    assert r.by_name("compression").pi_mismatches == 4


BAD = [
    (lambda: ClosureRate(3, 2), ValueError, "count=3 must be <= n=2"),
    (lambda: ClosureRate(0, 0), ValueError, "n must be >= 1, got 0"),
    (lambda: ClosureRate(-1, 5), ValueError, "count must be >= 0, got -1"),
    (lambda: ClosureRate(1.0, 5), TypeError, "count must be an int"),
    (lambda: exp51(scale="medium"), ValueError, "scale must be one of 'smoke', 'full'"),
    (lambda: exp51(n_sequences=0), ValueError, "n_sequences must be >= 1, got 0"),
    (lambda: exp51(n_events=3), ValueError, "n_events must be >= 4, got 3"),
    (lambda: exp51(m=0), ValueError, "m must be >= 1, got 0"),
    (lambda: exp57(k=-1), ValueError, "k must be >= 0, got -1"),
    (lambda: exp57(n_seeds=True), TypeError, "n_seeds must be an int"),
    (lambda: exp56(max_suffix=0), ValueError, "max_suffix must be >= 1, got 0"),
    (lambda: exp56(k=0), ValueError, "k must be >= 1, got 0"),
    (lambda: exp57().by_name("merge"), ValueError, "operation must be one of"),
    (
        lambda: exp51(semantics="rhun"),
        ValueError,
        "semantics must be a Semantics or one of 'reference', 'paper'",
    ),
    (lambda: exp56(scale="tiny"), ValueError, "scale must be one of"),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()
