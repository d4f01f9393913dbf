"""The floors ledger: verdicts, counterexamples and symbolic transcriptions (DL §2.1, §2.3)."""

import functools
import json
import math
import types

import numpy as np
import pytest
import sympy as sp
from hypothesis import given, settings
from hypothesis import strategies as st

from proofs import _floors_context, _floors_decay, check, floors
from proofs.floors import CLAIMS, fano_left_side
from theory.decay_fit import compare_decays
from theory.floors import bayes_floor, candidate_floor, fano_bound, mutual_information

FLOORS_VERDICTS = {
    "DL-D1": "proven",
    "DL-T1": "verified",
    "DL-T2": "verified",
    "DL-T1-BAYES": "verified",
    "DL-T1-FANO": "verified",
    "DL-T1-FANO-MONO": "proven",
    "DL-T1-VACUOUS": "proven",
    "DL-T1-EX": "verified",
    "DL-T2-ID": "proven",
    "DL-T2-DPI": "verified",
    "DL-T2-EQ": "verified",
    "DL-T2-CX": "verified",
    "DL-C1": "verified",
    "DL-L1": "conditional",
    "DL-T3": "verified",
    "DL-T4": "conditional",
    "DL-T5": "conditional",
    "DL-T8": "conditional",
    "DL-DECAY-ID": "conditional",
}


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


def test_dl_t8_counterexample_is_real():
    """Recorded prior (0.97, 0.01, 0.01, 0.01): error 0.03 by hand, floor 1 - 1/2 = 0.5."""
    cx = _check("DL-T8").counterexample
    table = [cx["prior"]]
    assert bayes_floor(table) == pytest.approx(0.03)
    assert mutual_information(table) == 0.0
    assert candidate_floor(0.0, 4) == pytest.approx(0.5) == cx["claimed_floor"]
    assert cx["bayes_error"] < cx["claimed_floor"]


def test_dl_t2_counterexample_values():
    """The DL-T2 counterexample records I(Y;C|X) = 0 and I(D;C|X) = 1 bit (hand values)."""
    cx = _check("DL-T2-CX").counterexample
    assert cx["I(Y;C|X)"] == 0.0
    assert cx["I(D;C|X)"] == 1.0


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


def test_dl_t5_broken_end_points_are_open(monkeypatch):
    """A recall bound below 1 at R = H = 2 bits (hand: lossless) makes DL-T5 open."""
    monkeypatch.setattr(_floors_decay, "recall_bound", lambda *_: 0.5)
    assert _floors_decay.check_rate_distortion().verdict.value == "open"


def test_dl_t5_is_conditional_on_the_cited_converse():
    """The recall bound rests on the rate-distortion converse, cited in the evidence."""
    result = _check("DL-T5")
    assert result.verdict.value == "conditional"
    assert "converse" in result.evidence


def _fake_gain(i_yc, i_dc):
    return lambda *_: types.SimpleNamespace(
        i_yc_given_x=i_yc, i_dc_given_x=i_dc, injective=False
    )


def test_dl_t2_cx_not_strict_is_refuted(monkeypatch):
    """If the stated example gave I(Y;C|X) = I(D;C|X), the recorded numbers refute it."""
    monkeypatch.setattr(_floors_context, "context_gain", _fake_gain(1.0, 1.0))
    result = _floors_context.check_context_gain_counterexample()
    assert result.verdict.value == "refuted"
    assert result.counterexample["I(Y;C|X)"] == result.counterexample["I(D;C|X)"]


def test_dl_t2_cx_off_hand_values_is_open(monkeypatch):
    """Strict but off the hand values 0 and 1 bit: the code is suspect, so open."""
    monkeypatch.setattr(_floors_context, "context_gain", _fake_gain(0.2, 0.7))
    result = _floors_context.check_context_gain_counterexample()
    assert result.verdict.value == "open"


def test_dl_t2_eq_failure_records_its_table(monkeypatch):
    """An equality gap of 0.5 bit is a witness: refuted with the table and phi."""
    monkeypatch.setattr(_floors_context, "context_gain", _fake_gain(0.0, 0.5))
    result = _floors_context.check_context_gain_equality()
    assert result.verdict.value == "refuted"
    assert result.counterexample["i_dc"] - result.counterexample["i_yc"] == 0.5
    assert np.asarray(result.counterexample["table"]).shape == (2, 3, 2)


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
