"""The floors ledger: verdicts, counterexamples and symbolic transcriptions (DL §2.1, §2.3)."""

import functools
import json
import math
import types
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from proofs import check
from proofs.claims.dl.floors import CLAIMS, fano_left_side
from proofs.claims.dl.floors import _context as context
from proofs.claims.dl.floors import _decay as decay
from proofs.claims.dl.floors import _learning as learning
from proofs.claims.dl.floors import _t2 as t2
from proofs.claims.dl.floors import checks as floors
from tests.proofs.expected import expected_for
from theory.decay import compare_decays
from theory.floors import (
    bayes_floor,
    candidate_floor,
    conditional_entropy,
    conditional_mutual_information,
    fano_bound,
    mutual_information,
)

FLOORS_VERDICTS = expected_for(CLAIMS)


@functools.cache
def _check(claim_id):
    """Run each check once per test session (the decay check reads the BriefBench rows)."""
    return check(claim_id)


def test_every_floors_claim_is_listed():
    """The expected-verdict table covers exactly the registered ids."""
    assert {c.id for c in CLAIMS} == set(FLOORS_VERDICTS)
    assert all(c.source == "DL" for c in CLAIMS)


@pytest.mark.parametrize(("claim_id", "verdict"), sorted(FLOORS_VERDICTS.items()))
def test_floors_claim_verdicts(claim_id, verdict):
    """Each claim gets the verdict the mathematics gives (hand-derived, THEORY.md §2.1)."""
    result = _check(claim_id)
    assert result.verdict.value == verdict
    json.dumps(result.to_dict(), allow_nan=False)


def test_dl_t8_outside_its_condition_by_hand():
    """Prior (0.97, 0.01, 0.01, 0.01), outside 'near-uniform': error 0.03 < floor 0.5."""
    result = _check("DL-T8")
    assert result.counterexample is None  # the paper states the uniformity condition
    table = [[0.97, 0.01, 0.01, 0.01]]
    assert bayes_floor(table) == pytest.approx(0.03)
    assert mutual_information(table) == 0.0
    assert candidate_floor(0.0, 4) == pytest.approx(0.5)
    assert "Bayes error 0.03 < floor 1 - 1/log2 4 = 0.50" in result.evidence


def test_dl_t2_counterexample_values():
    """The DL-T2 counterexample records I(Y;C|X) = 0 and I(D;C|X) = 1 bit (hand values)."""
    cx = _check("DL-T2-CX").counterexample
    assert cx["I(Y;C|X)"] == "0"
    assert cx["I(D;C|X)"] == "1"


def _cells(law):
    """numpy table[x, d, y, c] of a law 'D uniform, Y = phi(D), C = ctx(D)'."""
    size, phi, ctx = law
    table = np.zeros((1, size, 2, 2))
    for d in range(size):
        table[0, d, phi(d), ctx(d)] += 1 / size
    return table


@pytest.mark.parametrize(
    ("name", "law", "bits"),
    [
        ("smallest", (2, lambda d: 0, lambda d: 0), 0.0),
        ("informative", (4, lambda d: d // 2, lambda d: d // 2), 1.0),
    ],
)
def test_dl_t2_onlyif_witness_is_real(name, law, bits):
    """The recorded witnesses have equality and H(D|X,Y) = 1 bit (theory.floors, floats)."""
    cx = _check("DL-T2-ONLYIF").counterexample[name]
    table = _cells(law)
    i_yc = conditional_mutual_information(table, 2, 3, 0)
    i_dc = conditional_mutual_information(table, 1, 3, 0)
    h_d = conditional_entropy(table, target=1, given=(0, 2))
    assert i_yc == pytest.approx(bits, abs=1e-12) == i_dc
    assert h_d == pytest.approx(1.0, abs=1e-12)
    assert (cx["I(Y;C|X)"], cx["I(D;C|X)"], cx["H(D|X,Y)"]) == (
        str(int(bits)),
        str(int(bits)),
        "1",
    )


def test_dl_t2_is_the_theorem_as_stated_and_onlyif_is_the_proofs():
    """Theorem 2 states equality under Assumption 1; the proof's 'iff, strict
    otherwise' is DL-T2-ONLYIF, refuted on its own, not part of the theorem."""
    assert _check("DL-T2").verdict.value == "proven"
    assert _check("DL-T2-ONLYIF").verdict.value == "refuted"
    statement = next(c for c in CLAIMS if c.id == "DL-T2").statement
    assert "equality under Assumption 1" in statement


def test_dl_t1_worked_example_precision():
    """H_b(0.11) = 0.49991596 (mpmath by hand formula) rounds to 0.50 but not 0.5000."""
    import mpmath

    with mpmath.workdps(30):
        p = mpmath.mpf("0.11")
        h = -p * mpmath.log(p, 2) - (1 - p) * mpmath.log(1 - p, 2)
    assert round(float(h), 2) == 0.50
    assert round(float(h), 4) == 0.4999
    assert "0.4999159581" in _check("DL-T1-EX").evidence


def test_dl_decay_id_counterexample_is_real():
    """The recorded BriefBench counts really separate the triangular law (delta-AIC > 2)."""
    result = _check("DL-DECAY-ID")
    cx = result.counterexample
    if cx is None:
        pytest.skip("BriefBench rows absent; the data part of DL-DECAY-ID was skipped")
    assert "earlier run" in result.evidence
    cmp = compare_decays(cx["depths"], cx["k"], cx["n"])
    assert "triangular" not in cmp.indistinguishable
    assert dict(cmp.delta_aic)["triangular"] == pytest.approx(
        cx["triangular_delta_aic"], abs=0.01
    )


@settings(max_examples=min(50, settings().max_examples))
@given(st.floats(0.0, 1.0), st.integers(2, 30))
def test_fano_transcription_matches_code(fraction, k):
    """The sympy Fano left side equals theory.floors.fano_bound on generated (P, K)."""
    f, pe, kk = fano_left_side()
    value = fraction * (1 - 1 / k)
    if value in (0.0, 1.0):
        symbolic = value * math.log2(k - 1)
    else:
        symbolic = float(f.subs({pe: sp.Float(value, 30), kk: k}))
    assert symbolic == pytest.approx(fano_bound(value, k), abs=1e-12)


def test_probe_cost_formula_matches_simulation():
    """DL-L1: cyclic search over m = 5 candidates with p = 0.3 costs m/p - (m-1)/2 = 14.67.

    Seeded Monte Carlo of the search itself (200,000 searches; SE about 0.03).
    """
    rng = np.random.default_rng(7)
    m, p, n = 5, 0.3, 200_000
    position = rng.integers(1, m + 1, size=n)
    rounds = rng.geometric(p, size=n)
    cost = (rounds - 1) * m + position
    assert cost.mean() == pytest.approx(m / p - (m - 1) / 2, abs=0.15)


# --- a check that does not go through gives OPEN; REFUTED only with a witness ----


def test_dl_t1_ex_code_disagreement_is_open(monkeypatch):
    """A Bayes floor disagreeing with min(0.89, 0.11) = 0.11 leaves DL-T1-EX open."""
    monkeypatch.setattr(floors, "bayes_floor", lambda _t: 0.2)
    result = floors.check_worked_example()
    assert result.verdict.value == "open"
    assert result.counterexample is None


def test_dl_t1_ex_off_rounding_is_refuted(monkeypatch):
    """An exact H that rounds to 0.60, not the stated 0.50, is a witness with its number."""
    exact = dict(floors.sym.worked_example())
    exact["H"] = "0.6"
    monkeypatch.setattr(floors.sym, "worked_example", lambda: exact)
    result = floors.check_worked_example()
    assert result.verdict.value == "refuted"
    assert result.counterexample == {"H": 0.6}


def test_dl_t3_code_disagreement_is_open(monkeypatch):
    """A cumulative_floor off the brute-force sum leaves DL-T3 open, not refuted."""
    monkeypatch.setattr(floors, "cumulative_floor", lambda _tables: 0.0)
    assert floors.check_cumulative_floor().verdict.value == "open"


def test_dl_t3_policy_below_floor_is_refuted(monkeypatch):
    """A floor of 1 (impossible) is beaten by a policy: refuted with table and policy."""
    monkeypatch.setattr(floors, "bayes_floor", lambda _t: 1.0)
    result = floors.check_cumulative_floor()
    assert result.verdict.value == "refuted"
    assert result.counterexample["loss"] < 1.0
    assert len(result.counterexample["policy"]) == 2


def test_dl_t4_broken_count_is_open(monkeypatch):
    """A VC count above log2 |class| is impossible, so it makes DL-T4 open, not refuted."""
    broken = types.SimpleNamespace(floor=lambda _x: -1, log2=math.log2)
    monkeypatch.setattr(floors, "math", broken)
    assert floors.check_learning_bound().verdict.value == "open"


def test_dl_t4_occam_witness_by_hand():
    """n = 0 <= 4(ln 2 + ln 4) = 8.318; a fixed label errs on the other target: P = 1."""
    cx = _check("DL-T4-OCCAM").counterexample
    assert (
        cx["n"] == 0 <= cx["printed_bound"] == pytest.approx(4 * math.log(8), abs=1e-4)
    )
    assert cx["min_max_failure_probability"] == "1"
    # the printed direction is a side entry: it does not decide DL-T4
    assert _check("DL-T4").counterexample is None
    assert _check("DL-T4").verdict.value != "refuted"


def test_dl_t4_sufficient_fails_when_a_consistent_learner_fails_too_often(monkeypatch):
    """A failure probability above delta is a witness against the Occam direction."""
    monkeypatch.setattr(learning, "consistent_failure", lambda *_a: Fraction(1))
    result = learning.check_occam_sufficient()
    assert result.verdict.value == "refuted"
    assert result.counterexample["n"] >= 1


def test_consistent_failure_by_hand():
    """Two equally likely points, two draws: both seen with probability 1/2."""
    # unseen share 1/2 > eps = 1/4 exactly when one point is missed: 2 (1/2)^2
    assert learning.consistent_failure(2, 2, Fraction(1, 4)) == Fraction(1, 2)
    assert learning.consistent_failure(2, 2, Fraction(1, 2)) == 0


def test_dl_t4_occam_open_if_a_learner_could_succeed(monkeypatch):
    """If some learner met the target with no samples, there is no witness: open."""
    monkeypatch.setattr(
        learning, "worst_failure_at_zero_samples", lambda k: Fraction(0)
    )
    result = learning.check_occam_direction()
    assert result.verdict.value == "open"
    assert result.counterexample is None


def test_dl_t5_broken_end_points_are_open(monkeypatch):
    """A recall bound below 1 at R = H = 2 bits (hand: lossless) makes DL-T5 open."""
    monkeypatch.setattr(decay, "recall_bound", lambda *_: 0.5)
    assert decay.check_rate_distortion().verdict.value == "open"


def test_dl_t5_is_verified_not_proven_and_names_the_cited_converse():
    """Checked on computed cases (verified); the converse is cited, not mechanised."""
    result = _check("DL-T5")
    assert result.verdict.value == "verified"
    assert "converse" in result.evidence


def _fake_gain(i_yc, i_dc):
    return lambda *_: types.SimpleNamespace(
        i_yc_given_x=i_yc, i_dc_given_x=i_dc, injective=False
    )


def test_dl_t2_cx_not_strict_is_refuted(monkeypatch):
    """If the exact entropies of the stated example were equal, that refutes it."""
    fake = {"I(Y;C|X)": sp.Integer(1), "I(D;C|X)": sp.Integer(1), "H(D|X,Y)": 1}
    monkeypatch.setattr(context.sym_t2, "exact_measures", lambda _j: fake)
    monkeypatch.setattr(context, "context_gain", _fake_gain(1.0, 1.0))
    result = context.check_context_gain_counterexample()
    assert result.verdict.value == "refuted"
    assert result.counterexample["I(Y;C|X)"] == result.counterexample["I(D;C|X)"]


def test_dl_t2_cx_code_off_exact_values_is_open(monkeypatch):
    """Float code off the exact 0 and 1 bit: the code is suspect, so open."""
    monkeypatch.setattr(context, "context_gain", _fake_gain(0.2, 0.7))
    result = context.check_context_gain_counterexample()
    assert result.verdict.value == "open"


def test_dl_t2_dpi_code_violation_is_open_not_refuted(monkeypatch):
    """context_gain breaking a proven inequality is a code fault: open, never refuted."""
    monkeypatch.setattr(context, "context_gain", _fake_gain(0.9, 0.5))
    assert context.check_context_gain_inequality().verdict.value == "open"


def test_dl_t2_eq_broken_derivation_is_open(monkeypatch):
    """If the termwise step did not simplify to 0, the 'if' half is open, not proven."""
    monkeypatch.setattr(t2, "recoverable_term", lambda: (False, "residual 1"))
    assert t2.check_context_gain_equality().verdict.value == "open"


def test_dl_t2_onlyif_without_witness_is_open(monkeypatch):
    """If the witnesses did not show equality with H(D|X,Y) > 0, no refutation."""
    fake = {"I(Y;C|X)": sp.Integer(0), "I(D;C|X)": sp.Integer(1), "H(D|X,Y)": 1}
    monkeypatch.setattr(t2, "exact_measures", lambda _j: fake)
    result = t2.check_context_gain_strict_otherwise()
    assert result.verdict.value == "open"
    assert result.counterexample is None


def test_dl_t2_exact_measures_match_hand_values():
    """Y = D (bijective), C = D: every quantity is H(D) = log2 3 bits, exactly."""
    m = t2.exact_measures(t2.exact_joint(3, lambda d: d, lambda d: d))
    assert sp.simplify(m["I(D;C|X)"] - sp.log(3, 2)) == 0
    assert sp.simplify(m["I(Y;C|X)"] - sp.log(3, 2)) == 0
    assert m["H(D|X,Y)"] == 0


def test_dl_t8_data_processing_failure_is_refuted(monkeypatch):
    """An 'information' growing with table size breaks data processing: refuted with tables."""
    monkeypatch.setattr(floors, "mutual_information", lambda t: float(np.size(t)))
    result = floors.check_uniform_candidate_floor()
    assert result.verdict.value == "refuted"
    assert np.asarray(result.counterexample["p(s,n)"]).shape == (3, 8)
    assert np.asarray(result.counterexample["p(n-hat|s)"]).shape == (3, 8)


def test_dl_t8_states_data_processing():
    """The DL-T8 statement carries THEORY's data-processing part I(n_d; n-hat) <= I(n_d; S_d)."""
    claim = next(c for c in CLAIMS if c.id == "DL-T8")
    assert "I(n_d; n-hat) <= I(n_d; S_d)" in claim.statement
