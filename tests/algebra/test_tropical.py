"""The tropical lift and the context semiring (VM-SEMIRING, VM-TROP-HOM, VM-TROP-WITNESS)."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from algebra import Context, compose_endo, from_events
from algebra.strategies import hypothesis_sets, timelines, tropical_contexts
from algebra.tropical import (
    TOP,
    HypothesisSet,
    TropicalContext,
    best_feasible_pivot,
    compose_tropical,
    fold_tropical,
    lift,
    matrix_oplus,
    matrix_otimes,
    oplus,
    oplus_tropical,
    otimes,
    reduce_tropical_arrays,
    to_matrix,
    to_monoid,
    tropical_from_events,
)

T = TropicalContext
KS = st.integers(min_value=0, max_value=4)


def _single(event, k):
    return T.development(k=k) if event is None else T.candidate(event, k=k)


def _brute_slots(events, k):
    """Enumerate the pivots: for each candidate, its key and capped prefix count."""
    slots = [None] * (k + 1)
    for i, event in enumerate(events):
        if event is None:
            continue
        x = min(sum(e is None for e in events[:i]), k)
        if slots[x] is None or event > slots[x]:
            slots[x] = event
    return tuple(slots), sum(e is None for e in events)


def _cap(context, k):
    return Context(context.w, context.d_total, min(context.d_pre, k))


# --- the element and its product ---------------------------------------------


@given(KS, timelines())
@example(3, [None, None, 4, None, 20, None, None, None, 13, None, None])
def test_tropical_fold_equals_pivot_enumeration(k, events):
    """Fold of single events == direct scan == brute-force enumeration of pivots."""
    slots, total = _brute_slots(events, k)
    expected = T(slots, total)
    assert fold_tropical([_single(e, k) for e in events], k=k) == expected
    assert tropical_from_events(events, k=k) == expected


@given(st.data(), KS)
def test_compose_tropical_associative(data, k):
    """(a ⊗ b) ⊗ c == a ⊗ (b ⊗ c)."""
    a, b, c = (data.draw(tropical_contexts(k=k)) for _ in range(3))
    left = compose_tropical(compose_tropical(a, b), c)
    assert left == compose_tropical(a, compose_tropical(b, c))


@given(st.data(), KS)
def test_compose_tropical_identity(data, k):
    """The all-bottom element with d_total 0 is a two-sided identity."""
    a = data.draw(tropical_contexts(k=k))
    e = T.identity(k=k)
    assert compose_tropical(e, a) == a == compose_tropical(a, e)


def test_compose_tropical_hand_example():
    """WITNESS.md 1.7: right slot x moves to min(x + d_left, k); hand computation."""
    a = T((1, None, None), 1)  # candidate 1, then one development event
    b = T((5, 6, None), 1)  # candidate 5, development, candidate 6
    # 5 moves from slot 0 to 1; 6 from slot 1 to min(2, 2) = 2
    assert compose_tropical(a, b) == T((1, 5, 6), 2)
    c = T((None, None, 7), 3)
    # 7 moves to min(2 + 2, 2) = 2 and meets 6 there
    assert compose_tropical(compose_tropical(a, b), c) == T((1, 5, 7), 5)


# --- VM-TROP-HOM ---------------------------------------------------------------


@given(KS, timelines())
@example(1, [2, None, 2])  # tie: the earliest heaviest candidate is in slot 0
def test_vm_trop_hom_on_timelines(k, events):
    """to_monoid of the tropical element == from_events with d_pre capped at k."""
    assert to_monoid(tropical_from_events(events, k=k)) == _cap(from_events(events), k)


@given(st.data(), KS)
def test_vm_trop_hom_on_products(data, k):
    """to_monoid(a ⊗ b) == cap_k(to_monoid(a) ⊗endo to_monoid(b))."""
    a, b = (data.draw(tropical_contexts(k=k)) for _ in range(2))
    expected = _cap(compose_endo(to_monoid(a), to_monoid(b)), k)
    assert to_monoid(compose_tropical(a, b)) == expected


def test_vm_trop_hom_tie_goes_left():
    """k=1: (dev, 5) then (5): the left 5 wins the tie; image (5, 1, 1) by hand."""
    a, b = T((None, 5), 1), T.candidate(5, k=1)
    assert compose_tropical(a, b) == T((None, 5), 1)  # 5 moves to min(0 + 1, 1) = 1
    assert to_monoid(compose_tropical(a, b)) == Context(5, 1, 1)
    assert compose_endo(to_monoid(a), to_monoid(b)) == Context(5, 1, 1)


def test_vm_trop_hom_normal_form_enforced():
    """The element that would break the homomorphism is rejected (hand example, k=1).

    A = ([-inf, 5], 0) would put a pivot after one development event in a block
    with none; B = candidate 5. The product is ([5, 5], 0) whose first maximum
    is slot 0, but the monoid keeps the left pivot (ties go left): d_pre 1.
    """
    with pytest.raises(ValueError, match=r"slots\[1\] must be None .*got 5"):
        T((None, 5), 0)


# --- sums: the candidates that fail and the semiring that works ----------------


def test_oplus_equal_is_partial():
    """The partial sum refuses unequal totals and is slot-wise max otherwise."""
    assert oplus_tropical(T((1, None), 1), T((None, 7), 1)) == T((1, 7), 1)
    with pytest.raises(ValueError, match=r"needs a.d_total == b.d_total, got 0 and 1"):
        oplus_tropical(T((1, None), 0), T((None, 7), 1))


def test_oplus_equal_zero_does_not_annihilate():
    """(i): the fibre-0 zero is the product's identity, so 0 ⊗ a = a != 0 (k=0)."""
    zero = T((None,), 0)
    a = T.candidate(0, k=0)
    assert oplus_tropical(zero, a) == a
    assert compose_tropical(zero, a) == a != zero


def test_oplus_max_right_distributivity_fails():
    """(ii-max) smallest counterexample, k=1: (1 ⊕ dev) ⊗ cand != cand ⊕ (dev ⊗ cand).

    By hand: 1 ⊕ dev = ([-inf,-inf], 1); times cand(0) = ([-inf, 0], 1).
    dev ⊗ cand = ([-inf, 0], 1); cand ⊕ that = ([0, 0], 1).
    """
    one, dev, cand = T.identity(k=1), T.development(k=1), T.candidate(0, k=1)
    left = compose_tropical(oplus_tropical(one, dev, d_total="max"), cand)
    right = oplus_tropical(
        compose_tropical(one, cand), compose_tropical(dev, cand), d_total="max"
    )
    assert left == T((None, 0), 1)
    assert right == T((0, 0), 1)


@given(st.data(), KS)
def test_oplus_max_left_distributive(data, k):
    """(ii-max): a ⊗ (b ⊕ c) == (a ⊗ b) ⊕ (a ⊗ c) does hold."""
    a, b, c = (data.draw(tropical_contexts(k=k)) for _ in range(3))
    left = compose_tropical(a, oplus_tropical(b, c, d_total="max"))
    right = oplus_tropical(
        compose_tropical(a, b), compose_tropical(a, c), d_total="max"
    )
    assert left == right


def test_oplus_min_leaves_the_carrier():
    """(ii-min): ([-inf, 0], 1) ⊕ 1 would be ([-inf, 0], 0), not in normal form."""
    with pytest.raises(ValueError, match=r"slots\[1\] must be None .*got 0"):
        oplus_tropical(T((None, 0), 1), T.identity(k=1), d_total="min")


def _hyp_triples(k):
    return st.tuples(*(hypothesis_sets(k=k) for _ in range(3)))


@given(st.data(), KS)
def test_hypothesis_set_semiring_axioms(data, k):
    """Every semiring axiom holds for HypothesisSet (VM-SEMIRING-SET)."""
    a, b, c = data.draw(_hyp_triples(k))
    zero, one = HypothesisSet.zero(k), HypothesisSet.one(k)
    assert oplus(oplus(a, b), c) == oplus(a, oplus(b, c))
    assert oplus(a, b) == oplus(b, a)
    assert oplus(a, a) == a
    assert oplus(zero, a) == a
    assert otimes(otimes(a, b), c) == otimes(a, otimes(b, c))
    assert otimes(one, a) == a == otimes(a, one)
    assert otimes(a, oplus(b, c)) == oplus(otimes(a, b), otimes(a, c))
    assert otimes(oplus(b, c), a) == oplus(otimes(b, a), otimes(c, a))
    assert otimes(zero, a) == zero == otimes(a, zero)


def test_hypothesis_set_repairs_the_max_counterexample():
    """The (ii-max) counterexample distributes once the totals are kept as a set."""
    one, dev, cand = (
        lift(t) for t in (T.identity(k=1), T.development(k=1), T.candidate(0, k=1))
    )
    left = otimes(oplus(one, dev), cand)
    assert left == oplus(otimes(one, cand), otimes(dev, cand))
    assert left == HypothesisSet(frozenset({0, 1}), (0, 0))


@given(st.data(), KS)
def test_lift_is_a_product_homomorphism(data, k):
    """lift(a ⊗ b) == lift(a) ⊗ lift(b), lift(identity) == one, lift injective."""
    a, b = (data.draw(tropical_contexts(k=k)) for _ in range(2))
    assert lift(compose_tropical(a, b)) == otimes(lift(a), lift(b))
    assert lift(T.identity(k=k)) == HypothesisSet.one(k)
    assert (lift(a) == lift(b)) == (a == b)


@given(st.data(), st.integers(min_value=0, max_value=3))
def test_best_feasible_over_alternatives_distributes(data, k):
    """The best feasible pivot over all combinations of alternatives is a product of sums.

    Two blocks, each with alternative compressions: W[k] of the sum over all
    pairs, composed pair by pair, equals W[k] of (sum of firsts) ⊗ (sum of seconds).
    """
    firsts = data.draw(st.lists(tropical_contexts(k=k), min_size=1, max_size=3))
    seconds = data.draw(st.lists(tropical_contexts(k=k), min_size=1, max_size=3))
    pairs = [
        lift(compose_tropical(f, s)) for f, s in itertools.product(firsts, seconds)
    ]
    expected = pairs[0]
    for p in pairs[1:]:
        expected = oplus(expected, p)
    sum_f = _sum(lift(f) for f in firsts)
    sum_s = _sum(lift(s) for s in seconds)
    assert otimes(sum_f, sum_s) == expected
    best = max((p.slots[k] for p in pairs if p.slots[k] is not None), default=None)
    assert expected.slots[k] == best


@given(
    st.integers(min_value=0, max_value=3), st.lists(timelines(), min_size=1, max_size=4)
)
def test_best_feasible_pivot_over_alternatives_is_oplus(k, alternatives):
    """W[k] of the sum of lifted alternatives == best feasible pivot over all of them."""
    total = _sum(lift(tropical_from_events(events, k=k)) for events in alternatives)
    found = [best_feasible_pivot(events, k) for events in alternatives]
    keys = [f.key for f in found if f is not None]
    assert total.slots[k] == (max(keys) if keys else None)
    assert total.feasible == bool(keys)


def _sum(items):
    items = list(items)
    acc = items[0]
    for item in items[1:]:
        acc = oplus(acc, item)
    return acc


# --- the matrix form ----------------------------------------------------------


@given(st.data(), st.integers(min_value=0, max_value=3))
def test_matrix_form_is_a_semiring_homomorphism(data, k):
    """to_matrix turns ⊗ into the (max, min) product and ⊕ into entry-wise max."""
    a, b = data.draw(_hyp_triples(k))[:2]
    assert to_matrix(otimes(a, b)) == matrix_otimes(to_matrix(a), to_matrix(b))
    assert to_matrix(oplus(a, b)) == matrix_oplus(to_matrix(a), to_matrix(b))
    s, t = (data.draw(tropical_contexts(k=k)) for _ in range(2))
    assert to_matrix(compose_tropical(s, t)) == matrix_otimes(
        to_matrix(s), to_matrix(t)
    )


@given(st.data(), st.integers(min_value=0, max_value=3))
def test_matrix_form_faithful_up_to_capped_total(data, k):
    """to_matrix(a) == to_matrix(b) exactly when W agrees and min(d_total, k) agrees."""
    a, b = (data.draw(tropical_contexts(k=k)) for _ in range(2))
    same = a.slots == b.slots and min(a.d_total, k) == min(b.d_total, k)
    assert (to_matrix(a) == to_matrix(b)) == same


def test_matrix_form_hand_example():
    """k=0: a development event is [[TOP, -inf], [-inf, TOP]], the identity matrix."""
    assert to_matrix(T.development(k=0)) == ((TOP, None), (None, TOP))
    assert to_matrix(HypothesisSet.zero(0)) == ((None, None), (None, None))


# --- the vectorised reduction ---------------------------------------------------


@given(KS, st.data())
def test_reduce_tropical_arrays_matches_fold(k, data):
    """The array reduction equals the fold on generated blocks (float keys)."""
    items = data.draw(st.lists(tropical_contexts(k=k), max_size=12))
    slots = np.array(
        [[-np.inf if v is None else float(v) for v in t.slots] for t in items]
    ).reshape(len(items), k + 1)
    totals = np.array([t.d_total for t in items], dtype=np.int64)
    folded = fold_tropical(items, k=k)
    expected = T(
        tuple(None if v is None else float(v) for v in folded.slots), folded.d_total
    )
    assert reduce_tropical_arrays(slots, totals) == expected


@pytest.mark.parametrize("devs", [(), (1500,), (1500, 4000), (3000, 3500, 7000)])
def test_reduce_tropical_arrays_long_head(devs):
    """Heads spanning several scan chunks (1024, 2048, ... rows) still match the fold."""
    k = 3
    rng = np.random.default_rng(8)
    n = 8000
    weights = rng.integers(0, 50, n).astype(float)
    items = [
        T.development(k=k) if i in devs else T.candidate(float(weights[i]), k=k)
        for i in range(n)
    ]
    slots = np.array([[-np.inf if v is None else v for v in t.slots] for t in items])
    totals = np.array([t.d_total for t in items])
    assert reduce_tropical_arrays(slots, totals) == fold_tropical(items)


def test_reduce_tropical_arrays_hand_example():
    """Candidate 4, three developments, candidate 2 (k=2): hand computation ([4, -inf, 2], 3)."""
    ninf = -np.inf
    slots = np.array(
        [[4.0, ninf, ninf], [ninf] * 3, [ninf] * 3, [ninf] * 3, [2.0, ninf, ninf]]
    )
    totals = np.array([0, 1, 1, 1, 0])
    assert reduce_tropical_arrays(slots, totals) == T((4.0, None, 2.0), 3)


# --- best feasible pivot and the ECT witness (VM-TROP-WITNESS) -----------------

# WITNESS.md 1.7: (eid, weight, focal); non-focal weights never pivot, so they are None.
WITNESS = [None, None, 4, None, 20, None, None, None, 13, None, None]
DROPPED = {0, 1, 3}


@given(KS, timelines())
def test_best_feasible_pivot_is_w_k(k, events):
    """best_feasible_pivot(events, k).key == W[k] (brute force over candidates)."""
    found = best_feasible_pivot(events, k)
    slots, _ = _brute_slots(events, k)
    assert (None if found is None else found.key) == slots[k]
    if found is not None:
        assert events[found.index] == found.key
        assert sum(e is None for e in events[: found.index]) == found.prefix >= k


def test_vm_trop_witness():
    """The 11-event witness of WITNESS.md 1.7 (k=3), every stated number."""
    full = tropical_from_events(WITNESS, k=3)
    assert full == T((None, None, 4, 20), 8)
    assert to_monoid(full) == Context(20, 8, 3)
    assert from_events(WITNESS) == Context(20, 8, 3)
    committed = best_feasible_pivot(WITNESS, 3, top_m=1)
    assert committed == best_feasible_pivot(WITNESS, 3, top_m=10)
    assert best_feasible_pivot(WITNESS, 3, top_m=1).key == 20
    eids = [e for e in range(11) if e not in DROPPED]
    compressed = [WITNESS[e] for e in eids]
    assert best_feasible_pivot(compressed, 3, top_m=1) is None
    sub = best_feasible_pivot(compressed, 3, top_m=10)
    assert (sub.key, eids[sub.index], sub.prefix) == (13, 8, 3)
    assert 1 - Fraction(sub.key, 20) == Fraction(35, 100)


# --- bad input --------------------------------------------------------------------

BAD_CALLS = [
    (lambda: T([1], 0), TypeError, r"slots must be a tuple of length k \+ 1, got list"),
    (lambda: T((), 0), ValueError, r"slots must have length k \+ 1 >= 1"),
    (lambda: T((math.nan,), 0), ValueError, r"slots\[0\] must not be NaN"),
    (lambda: T((True,), 0), TypeError, r"slots\[0\] must be a number"),
    (lambda: T((1,), True), TypeError, r"d_total must be an int, got True"),
    (lambda: T((1,), 1.0), TypeError, r"d_total must be an int, got 1.0"),
    (lambda: T((1,), -1), ValueError, r"d_total must be >= 0, got -1"),
    (
        lambda: T((None, 3), 0),
        ValueError,
        r"slots\[1\] must be None .* 1 > d_total=0 .*got 3",
    ),
    (lambda: T.candidate(None, k=1), ValueError, r"key must not be None"),
    (lambda: T.development(k=-1), ValueError, r"k must be >= 0, got -1"),
    (
        lambda: compose_tropical(T.identity(k=1), T.identity(k=2)),
        ValueError,
        r"a.k=1 and b.k=2 must be equal",
    ),
    (
        lambda: compose_tropical(T.identity(k=1), Context(None, 0, 0)),
        TypeError,
        r"b must be a TropicalContext, got Context",
    ),
    (
        lambda: compose_tropical(T((1,), 0), T(("x",), 0)),
        TypeError,
        r"not comparable",
    ),
    (
        lambda: oplus_tropical(T.identity(k=0), T.identity(k=0), d_total="sum"),
        ValueError,
        r"d_total must be one of 'equal', 'max', 'min', got 'sum'",
    ),
    (lambda: to_monoid(Context(None, 0, 0)), TypeError, r"t must be a TropicalContext"),
    (lambda: fold_tropical([]), ValueError, r"elements is empty; pass k"),
    (
        lambda: fold_tropical([1]),
        TypeError,
        r"elements\[0\] must be a TropicalContext, got 1 of type int",
    ),
    (
        lambda: tropical_from_events([1, math.nan], k=1),
        ValueError,
        r"events\[1\] must not be NaN",
    ),
    (lambda: tropical_from_events([], k=1.0), TypeError, r"k must be an int, got 1.0"),
    (
        lambda: best_feasible_pivot([1], 1, top_m=0),
        ValueError,
        r"top_m must be >= 1, got 0",
    ),
    (lambda: best_feasible_pivot([1, "a"], 0), TypeError, r"not comparable"),
    (
        lambda: best_feasible_pivot([1], 0, 1),  # top_m is keyword-only
        TypeError,
        r"takes 2 positional arguments but 3 were given",
    ),
    (
        lambda: HypothesisSet({1}, (None,)),
        TypeError,
        r"totals must be a frozenset of int, got set",
    ),
    (
        lambda: HypothesisSet(frozenset({-1}), (None,)),
        ValueError,
        r"totals element must be >= 0, got -1",
    ),
    (
        lambda: HypothesisSet(frozenset(), (1,)),
        ValueError,
        r"slots\[0\] must be None .* max\(totals\)=None .*got 1",
    ),
    (
        lambda: otimes(HypothesisSet.zero(1), HypothesisSet.zero(2)),
        ValueError,
        r"a.k=1 and b.k=2 must be equal",
    ),
    (
        lambda: oplus(HypothesisSet.zero(1), T.identity(k=1)),
        TypeError,
        r"b must be a HypothesisSet",
    ),
    (lambda: lift(HypothesisSet.zero(1)), TypeError, r"t must be a TropicalContext"),
    (
        lambda: to_matrix(Context(None, 0, 0)),
        TypeError,
        r"x must be a TropicalContext or",
    ),
    (
        lambda: matrix_otimes(((1,),), ((1, 2),)),
        ValueError,
        r"b must be a non-empty square",
    ),
    (
        lambda: matrix_oplus(((1,),), ((1,), (2,))),
        ValueError,
        r"b must be a non-empty square",
    ),
    (
        lambda: matrix_oplus(((math.nan,),), ((1,),)),
        ValueError,
        r"a\[0\]\[0\] must not be NaN",
    ),
    (
        lambda: reduce_tropical_arrays(np.array([[np.nan]]), np.array([0])),
        ValueError,
        r"slots must not contain NaN, got NaN at \[0, 0\]",
    ),
    (
        lambda: reduce_tropical_arrays(np.array([1.0]), np.array([0])),
        ValueError,
        r"slots must have shape \(n, k \+ 1\)",
    ),
    (
        lambda: reduce_tropical_arrays(np.array([[1.0]]), np.array([0.0])),
        TypeError,
        r"d_total must have an integer dtype, got float64",
    ),
    (
        lambda: reduce_tropical_arrays(np.array([[1.0]]), np.array([0, 0])),
        ValueError,
        r"slots has 1 rows but d_total has 2",
    ),
    (
        lambda: reduce_tropical_arrays(np.array([[1.0, 2.0]]), np.array([0])),
        ValueError,
        r"slots\[0, 1\] must be -inf because 1 > d_total\[0\]=0 .*got 2.0",
    ),
    (
        lambda: reduce_tropical_arrays(np.array([[1.0]]), np.array([-1])),
        ValueError,
        r"d_total\[0\] must be >= 0, got -1",
    ),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD_CALLS)
def test_tropical_bad_call_raises_clear_error(call, error, match):
    """Each bad call raises the named error with a message naming argument, value and rule."""
    with pytest.raises(error, match=match):
        call()
