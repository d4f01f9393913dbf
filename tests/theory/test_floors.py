"""Information floors: entropies, Bayes and Fano floors, DL-T1/T2/T3/T8, DL-C1."""

import itertools
import math
from functools import partial

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from scipy.special import rel_entr
from scipy.stats import entropy as scipy_entropy

from theory.floors import (
    bayes_floor,
    bayes_risk,
    binary_entropy,
    candidate_floor,
    candidate_floor_limit,
    conditional_entropy,
    conditional_mutual_information,
    context_gain,
    cumulative_floor,
    entropy,
    fano_bound,
    fano_floor,
    is_rearranged_vacuous,
    mutual_information,
    rearranged_fano_floor,
)
from theory.strategies import joint_tables

TOL = 1e-10
# Cheap laws: 100 examples even under the CI profile (suite budget, common brief).
FAST = settings(max_examples=min(60, settings().max_examples))


@FAST
@given(joint_tables())
def test_entropy_matches_scipy(table):
    """entropy agrees with scipy.stats.entropy(base=2) on the flattened table."""
    assert entropy(table) == pytest.approx(
        scipy_entropy(table.ravel(), base=2), abs=TOL
    )


@FAST
@given(joint_tables(shape=(3, 4)))
def test_conditional_entropy_chain_rule(table):
    """H(X, Y) = H(X) + H(Y | X) (chain rule)."""
    assert entropy(table) == pytest.approx(
        entropy(table, axes=0) + conditional_entropy(table), abs=TOL
    )


@FAST
@given(joint_tables(shape=(3, 4)))
def test_mutual_information_is_kl_to_product(table):
    """I(X;Y) = D(p_xy || p_x p_y), the KL form computed with scipy.special.rel_entr."""
    px, py = table.sum(axis=1), table.sum(axis=0)
    kl = rel_entr(table, np.outer(px, py)).sum() / math.log(2)
    assert mutual_information(table) == pytest.approx(kl, abs=1e-9)


@FAST
@given(joint_tables(shape=(2, 3, 2)))
def test_conditional_mutual_information_nonnegative_symmetric(table):
    """I(A;B|C) >= 0 and I(A;B|C) = I(B;A|C)."""
    value = conditional_mutual_information(table, 0, 1, 2)
    assert value >= 0
    assert value == pytest.approx(
        conditional_mutual_information(table, 1, 0, 2), abs=TOL
    )


@FAST
@given(joint_tables(shape=(2, 3, 2)))
def test_conditional_mutual_information_as_kl(table):
    """I(A;B|C) = sum_c p(c) D(p(a,b|c) || p(a|c) p(b|c)), written out with rel_entr."""
    pc = table.sum(axis=(0, 1))
    pac, pbc = table.sum(axis=1), table.sum(axis=0)
    with np.errstate(divide="ignore", invalid="ignore"):
        product = np.where(
            pc > 0, pac[:, None, :] * pbc[None, :, :] / np.where(pc > 0, pc, 1), 0
        )
    kl = rel_entr(table, product).sum() / math.log(2)
    assert conditional_mutual_information(table, 0, 1, 2) == pytest.approx(kl, abs=1e-9)


def test_known_information_values():
    """Hand values: a copied fair bit has I = 1 and H(Y|X) = 0; independent bits I = 0."""
    copy = [[0.5, 0.0], [0.0, 0.5]]
    assert mutual_information(copy) == 1.0
    assert conditional_entropy(copy) == 0.0
    assert mutual_information([[0.25, 0.25], [0.25, 0.25]]) == 0.0


def test_bayes_floor_hand_value():
    """1 - (0.4 + 0.3) = 0.3 for p = [[0.4, 0.1], [0.2, 0.3]] (hand computation)."""
    assert bayes_floor([[0.4, 0.1], [0.2, 0.3]]) == pytest.approx(0.3)


@FAST
@given(joint_tables(shape=(3, 3)))
def test_dl_t1_bayes_floor_is_best_policy_error(table):
    """DL-T1: the Bayes floor equals the least error over every deterministic g: X -> Y."""
    errors = [
        1 - sum(table[x, g[x]] for x in range(3))
        for g in itertools.product(range(3), repeat=3)
    ]
    assert bayes_floor(table) == pytest.approx(min(errors), abs=TOL)


@FAST
@given(joint_tables(shape=(3, 4)))
def test_dl_t1_fano_floor_below_bayes_floor(table):
    """DL-T1: Fano's floor and the rearranged one never exceed the Bayes error."""
    h = conditional_entropy(table)
    exact = fano_floor(h, 4)
    assert exact <= bayes_floor(table) + 1e-9
    assert rearranged_fano_floor(h, 4) <= exact + 1e-12


@FAST
@given(st.floats(0.0, 1.0), st.integers(2, 40))
def test_fano_floor_inverts_fano_bound(fraction, n_labels):
    """fano_bound(fano_floor(h)) = h on [0, log2 |Y|]."""
    h = fraction * math.log2(n_labels)
    pe = fano_floor(h, n_labels)
    assert 0 <= pe <= 1 - 1 / n_labels
    assert fano_bound(pe, n_labels) == pytest.approx(h, abs=1e-9)


@FAST
@given(st.floats(0.0, 0.5))
@example(0.11)
def test_fano_floor_tight_for_binary(p):
    """For |Y| = 2 Fano is H_b(P_e) >= H, so the floor inverts H_b exactly."""
    assert fano_floor(binary_entropy(p), 2) == pytest.approx(p, abs=1e-9)


def test_dl_t1_worked_example():
    """DL-T1: P(Y=1|X) = 0.11 gives H = 0.50 bit, rearranged -0.50, Bayes error 0.11.

    H_b(0.11) = 0.4999157... from -0.11 log2 0.11 - 0.89 log2 0.89 (mpmath, 30 digits).
    """
    table = [[0.89, 0.11]]
    h = conditional_entropy(table)
    assert h == pytest.approx(0.49991596, abs=1e-8)
    assert round(h, 2) == 0.50
    assert round(rearranged_fano_floor(h, 2), 2) == -0.50
    assert is_rearranged_vacuous(h)
    assert bayes_floor(table) == pytest.approx(0.11, abs=1e-15)


def test_rearranged_floor_vacuity_boundary():
    """(H - 1)/log2|Y| is 0 at H = 1 and positive just above (closed form)."""
    assert rearranged_fano_floor(1.0, 8) == 0.0
    assert rearranged_fano_floor(2.0, 8) == pytest.approx(1 / 3)
    assert is_rearranged_vacuous(1.0)
    assert not is_rearranged_vacuous(1.0 + 1e-9)


@FAST
@given(joint_tables(shape=(2, 2, 3)), st.integers(0, 2**16))
def test_dl_c1_bayes_risk_non_increasing_in_context(table, seed):
    """DL-C1: seeing (X, C) never raises the Bayes risk, for a random loss matrix."""
    loss = np.random.default_rng(seed).uniform(-1, 3, size=(4, 3))
    with_context = bayes_risk(table, loss, observed=(0, 1))
    without = bayes_risk(table, loss, observed=0)
    assert with_context <= without + 1e-12
    assert bayes_risk(table, loss, observed=()) >= without - 1e-12


@FAST
@given(joint_tables(shape=(2, 3)))
def test_bayes_risk_zero_one_is_bayes_floor(table):
    """With 0-1 loss the Bayes risk is the Bayes floor."""
    assert bayes_risk(table, 1 - np.eye(3)) == pytest.approx(
        bayes_floor(table), abs=TOL
    )


def test_dl_t3_cumulative_floor_linear():
    """DL-T3: T copies of a task with floor 0.11 give 0.11 T (hand computation)."""
    for t in (1, 7, 100):
        assert cumulative_floor([[[0.89, 0.11]]] * t) == pytest.approx(0.11 * t)
    assert cumulative_floor([[[0.5, 0.5]], [[1.0, 0.0]]]) == pytest.approx(0.5)


def test_dl_t8_floor_values():
    """DL-T8: 1 - (I + 1)/log2 M by hand: M = 16, I = 1 gives 0.5; limit 1 - 1/10 at M = 1024."""
    assert candidate_floor(1.0, 16) == pytest.approx(0.5)
    assert candidate_floor(0.0, 1024) == pytest.approx(candidate_floor_limit(1024))
    assert candidate_floor_limit(1024) == pytest.approx(0.9)


@FAST
@given(joint_tables(shape=(8, 3)))
def test_dl_t8_floor_holds_for_uniform_candidates(weights):
    """DL-T8 under uniform candidates: Bayes error of n from S >= 1 - (I + 1)/log2 M."""
    m = 8
    cond = (weights + 1e-3) / (weights + 1e-3).sum(axis=1, keepdims=True)  # p(s | n)
    table = (cond / m).T  # table[s, n]: signal on axis 0, node (label) on axis 1
    info = mutual_information(table)
    assert bayes_floor(table) >= candidate_floor(info, m) - 1e-9


def test_dl_t8_fails_without_uniformity():
    """A skewed prior (0.97, 0.01, 0.01, 0.01) and no signal: error 0.03 < floor 0.5."""
    table = [[0.97, 0.01, 0.01, 0.01]]
    assert bayes_floor(table) == pytest.approx(0.03)
    assert candidate_floor(mutual_information(table), 4) == pytest.approx(0.5)


@FAST
@given(
    joint_tables(shape=(2, 3, 2)), st.lists(st.integers(0, 2), min_size=6, max_size=6)
)
def test_dl_t2_identity_and_data_processing(table, labels):
    """DL-T2: H(Y|X) - H(Y|X,C) = I(Y;C|X) <= I(D;C|X) for any phi."""
    gain = context_gain(table, np.array(labels).reshape(2, 3))
    assert abs(gain.identity_residual) < 1e-9
    assert gain.i_yc_given_x <= gain.i_dc_given_x + 1e-9
    assert gain.floor_with <= gain.floor_without + 1e-12


@FAST
@given(
    joint_tables(shape=(2, 3, 2)),
    st.permutations([0, 1, 2]),
    st.permutations([2, 0, 1]),
)
def test_dl_t2_equality_under_injectivity(table, row0, row1):
    """DL-A1: with phi(x, .) injective, I(Y;C|X) = I(D;C|X)."""
    gain = context_gain(table, np.array([row0, row1]))
    assert gain.injective
    assert gain.i_yc_given_x == pytest.approx(gain.i_dc_given_x, abs=1e-9)


def test_dl_t2_counterexample_without_injectivity():
    """D = (D1, D2) fair bits, Y = D1, C = D2: I(Y;C|X) = 0 < I(D;C|X) = 1 (hand values)."""
    table = np.zeros((1, 4, 2))
    for d1, d2 in itertools.product((0, 1), repeat=2):
        table[0, 2 * d1 + d2, d2] = 0.25
    gain = context_gain(table, [[0, 0, 1, 1]])
    assert not gain.injective
    assert gain.i_yc_given_x == 0.0
    assert gain.i_dc_given_x == pytest.approx(1.0, abs=1e-12)


def test_dl_a1_injective_flag_needs_every_row():
    """phi is action-identifiable only if phi(x, .) is injective for every x."""
    table = np.full((2, 2, 2), 1 / 8)
    assert context_gain(table, [[0, 1], [1, 0]]).injective
    assert not context_gain(table, [[0, 1], [0, 0]]).injective


BAD_CALLS = [
    (entropy, ([0.5, 0.6],), ValueError, "sum to 1 within 1e-09"),
    (entropy, ([1.2, -0.2],), ValueError, "entries >= 0"),
    (entropy, ([0.5, float("nan")],), ValueError, "finite"),
    (entropy, ("ab",), TypeError, "array of probabilities"),
    (entropy, ([],), ValueError, "non-empty"),
    (
        partial(entropy, axes=2),
        ([[0.5, 0.5]],),
        ValueError,
        r"axes must name axes in \[0, 2\)",
    ),
    (
        partial(conditional_entropy, target=0, given=0),
        ([[0.5, 0.5]],),
        ValueError,
        "share axes",
    ),
    (conditional_mutual_information, ([[0.5, 0.5]], 0, 1, 1), ValueError, "share axes"),
    (bayes_floor, ([1.0],), ValueError, "label axis"),
    (bayes_floor, ([[0.5, 0.5]],), None, None),
    (binary_entropy, (1.5,), ValueError, r"p must be in \[0, 1\], got 1.5"),
    (fano_bound, (0.2, 1), ValueError, "n_labels must be >= 2"),
    (fano_bound, (0.2, True), TypeError, "n_labels must be an int"),
    (fano_floor, (1.5, 2), ValueError, r"h must be in \[0, 1"),
    (fano_floor, (-0.1, 4), ValueError, r"h must be in \[0, 2"),
    (rearranged_fano_floor, (3.5, 8), ValueError, "h must be in"),
    (candidate_floor, (-1.0, 4), ValueError, "mutual_information must be in"),
    (candidate_floor, (1.0, 1), ValueError, "n_candidates must be >= 2"),
    (candidate_floor_limit, (2.5,), TypeError, "n_candidates must be an int"),
    (context_gain, (np.full((2, 2), 0.25), [[0, 1]]), ValueError, "must have 3 axes"),
    (
        context_gain,
        (np.full((1, 2, 2), 0.25), [[0, 1, 2]]),
        ValueError,
        "phi must have shape",
    ),
    (
        context_gain,
        (np.full((1, 2, 2), 0.25), [[0.0, 1.0]]),
        TypeError,
        "integer label",
    ),
    (
        context_gain,
        (np.full((1, 2, 2), 0.25), [[0, -1]]),
        ValueError,
        "phi must have entries",
    ),
]


@pytest.mark.parametrize(("func", "args", "error", "match"), BAD_CALLS)
def test_bad_input(func, args, error, match):
    """Bad arguments raise errors naming the argument and the allowed range."""
    if error is None:
        func(*args)
        return
    with pytest.raises(error, match=match):
        func(*args)


def test_bayes_risk_bad_loss():
    """A loss matrix of the wrong shape or with NaN is rejected."""
    with pytest.raises(ValueError, match=r"loss must have shape \(n_actions, 2\)"):
        bayes_risk([[0.5, 0.5]], [[0, 1, 1]])
    with pytest.raises(ValueError, match="finite"):
        bayes_risk([[0.5, 0.5]], [[0, float("nan")]])
    with pytest.raises(ValueError, match="label axis"):
        bayes_floor([[0.5, 0.5]], observed=1)
