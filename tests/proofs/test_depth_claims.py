"""The depth ledger (proofs.claims.dl.depth): verdicts, counterexamples, and transcription agreement."""

import math
import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest
import sympy as sp
from hypothesis import given
from hypothesis import strategies as st

from proofs import check
from proofs._method.smt import SmtResult
from proofs.claims.dl.depth import CLAIMS
from proofs.claims.dl.depth import _drift as drift
from proofs.claims.dl.depth import _fit as fit
from proofs.claims.dl.depth import _scatter as scatter
from proofs.claims.dl.depth import _sym as sym
from proofs.claims.dl.depth import checks as depth
from proofs.records import ClaimCheck, Verdict
from tests.proofs.expected import expected_for
from theory.depth import (
    advantage,
    crossover_depth,
    expected_work_similarity,
    log_p_similarity,
    p_similarity,
    p_structured,
    slog_advantage,
)
from theory.scatter import assembly_bounds, location_bits, location_bits_lower
from theory.strategies import depth_params, depths, items_and_fragments

EXPECTED = expected_for(CLAIMS)


def test_every_depth_claim_registered_once():
    """The module registers exactly the claims of its area."""
    assert sorted(c.id for c in CLAIMS) == sorted(EXPECTED)


@pytest.mark.parametrize("claim_id", sorted(EXPECTED))
def test_depth_claim_verdicts(claim_id):
    """Each check runs and gives the verdict argued in its evidence."""
    result = check(claim_id)
    assert result.verdict.value == EXPECTED[claim_id]
    assert result.evidence
    if result.verdict.value == "refuted":
        assert result.counterexample


@pytest.mark.parametrize("claim_id", ["DL-T7", "DL-P1-INTERVAL"])
def test_symbolic_artifacts_rerun(claim_id):
    """The sympy script stored with a proof re-runs on its own and passes."""
    script = check(claim_id).artifact
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert "hold" in done.stdout


def test_dl_p1_unimodal_counterexample_by_hand():
    """s0 = 1, rho = 0.9, q = 0.5: g = 0.5 - 0.9, 0.25 - 0.729, 0.125 - 0.531441 (hand)."""
    cex = check("DL-P1-UNIMODAL").counterexample
    g = [advantage(d, cex["s0"], cex["rho"], cex["q"]) for d in (1, 2, 3)]
    assert g == pytest.approx([0.5 - 0.9, 0.25 - 0.729, 0.125 - 0.531441], rel=1e-12)
    assert g[0] > g[1] < g[2]
    assert g == pytest.approx([cex["g1"], cex["g2"], cex["g3"]])


def test_dl_p1_dstar_exact_edges_by_hand():
    """Edges g(1) = 0.97 - 0.7 * 0.67 = 0.501, g(2) = 0.9409 - 0.49 * 0.300763 = 0.79352613.

    The stated band (0.50, 0.79] is right to 2 decimals; tau = 0.5005 sits between
    0.50 and g(1), so d* = 1 there (hand: g(1) = 0.501 > 0.5005).
    """
    result = check("DL-P1-DSTAR")
    assert "0.501" in result.evidence
    assert "0.79352613" in result.evidence
    assert advantage(1, 0.70, 0.67, 0.97) == pytest.approx(0.501, rel=1e-13)
    assert advantage(2, 0.70, 0.67, 0.97) == pytest.approx(0.79352613, rel=1e-13)
    assert crossover_depth(0.70, 0.67, 0.97, 0.5005) == 1
    assert crossover_depth(0.70, 0.67, 0.97, 0.79) == 2
    assert crossover_depth(0.70, 0.67, 0.97, 0.45) == 1


def test_dl_p1_dstar_refuted_beyond_rounding(monkeypatch):
    """Shift g(1) to 0.6 (hand): tau = 0.55 then gets d* = 1, not the stated 2: refuted."""
    exact = depth._g

    def shifted(d, *args):
        return Fraction("0.6") if d == 1 and not args else exact(d, *args)

    monkeypatch.setattr(depth, "_g", shifted)
    result = depth._check_dl_p1_dstar()
    assert result.verdict.value == "refuted"
    assert result.counterexample["d_star"] == 1
    assert result.counterexample["stated"] == 2
    assert 0.501 < result.counterexample["tau"] < 0.6


def test_dl_p1_dstar_code_disagreement_is_open(monkeypatch):
    """A crossover_depth disagreeing with the exact d* leaves the claim open, not refuted."""
    monkeypatch.setattr(depth, "crossover_depth", lambda *_: 3)
    result = depth._check_dl_p1_dstar()
    assert result.verdict.value == "open"
    assert result.counterexample is None


def test_dl_p1_values_off_rounding_records_the_number(monkeypatch):
    """g(1) shifted to 0.6 no longer rounds to the stated 0.50: refuted with 0.6 recorded."""
    exact = depth._g

    def shifted(d, *args):
        return Fraction("0.6") if d == 1 and not args else exact(d, *args)

    monkeypatch.setattr(depth, "_g", shifted)
    result = depth._check_dl_p1_values()
    assert result.verdict.value == "refuted"
    assert result.counterexample == {"g(1) ~ 0.50": 0.6}


def test_dl_p1_follows_the_paper_law_not_the_readings():
    """DL-P1 is decided by interval, values and d* bands; unimodality and phase do not decide."""
    result = check("DL-P1")
    assert result.verdict.value == "verified"
    assert "DL-P1-UNIMODAL: refuted" in result.evidence
    assert result.counterexample is None


def test_dl_p1_refuted_when_a_part_of_the_law_is(monkeypatch):
    """A refuted part of the law refutes DL-P1; the side readings never do."""
    monkeypatch.setattr(
        depth,
        "_check_dl_p1_dstar",
        lambda: ClaimCheck("DL-P1-DSTAR", Verdict.REFUTED, "broken", {"tau": 0.6}),
    )
    result = depth._check_dl_p1()
    assert result.verdict.value == "refuted"
    assert result.counterexample == {"tau": 0.6}


def test_dl_p1_side_readings_do_not_decide(monkeypatch):
    """With the readings open, DL-P1 keeps the verdict of its law."""
    for name, cid in (
        ("_check_dl_p1_unimodal", "DL-P1-UNIMODAL"),
        ("_check_dl_p1_phase", "DL-P1-PHASE"),
    ):
        monkeypatch.setattr(
            depth, name, lambda cid=cid: ClaimCheck(cid, Verdict.OPEN, "unsettled")
        )
    assert depth._check_dl_p1().verdict.value == "verified"


def test_dl_t11_cosurface_counterexample():
    """Two complementary fragments of probability 1/2 never assemble: P = 0 < 1/4."""
    cex = check("DL-T11-COSURFACE").counterexample
    bounds = assembly_bounds(cex["p"], cex["sigma"])
    assert bounds.low == cex["P_all"] == 0.0 < bounds.independent


def test_dl_t11_fit_witness_by_hand():
    """LS on log through 0 over the six measured rows of Table 4, R@3, by hand."""
    cex = check("DL-T11-FIT").counterexample
    sigma = [0.19, 0.16, 0.20, 0.22, 0.31, 0.36]
    recall = [0.85, 0.82, 0.79, 0.77, 0.64, 0.57]
    assert [tuple(p) for p in cex["points"]] == list(zip(sigma, recall, strict=True))
    log_p = sum(s * math.log(r) for s, r in zip(sigma, recall, strict=True)) / sum(
        s * s for s in sigma
    )
    assert cex["p_least_squares"] == pytest.approx(math.exp(log_p), abs=1e-4)
    assert cex["p_least_squares"] < 0.3
    # the largest row-implied p over the rounding boxes: bm25, 0.855^(1/0.195)
    assert cex["max_row_implied_p"] == pytest.approx(0.855 ** (1 / 0.195), abs=1e-4)
    assert 0.0 < cex["p_binomial_mle"] < cex["max_row_implied_p"]


def test_dl_t7_rhok_convex_witness_by_hand():
    """rho_k = k/(k+1): log P second differences log(3/4) and 3 log(3/4) - 2 log(2/3) < 0."""
    cex = check("DL-T7-RHOK-CONVEX").counterexample
    assert cex["second_difference_product_d2"] == "log(3/4)"
    by_hand = 3 * math.log(3 / 4) - 2 * math.log(2 / 3)
    assert by_hand == pytest.approx(math.log(243 / 256)) and by_hand < 0
    assert cex["second_difference_power_d2"] == "log(243/256)"
    assert check("DL-T7-RHOK").counterexample == cex


def test_dl_t7_rhok_convex_open_without_witness(monkeypatch):
    """If the second differences were all positive (convex), no refutation is recorded."""
    monkeypatch.setattr(
        drift, "second_differences", lambda reading: [sp.log(sp.Rational(5, 4))]
    )
    result = drift.check_dl_t7_rhok_convex()
    assert result.verdict.value == "open"
    assert result.counterexample is None


def test_dl_a3_direction_open_when_z3_fails(monkeypatch):
    """A z3 'unknown' on the induction step leaves the direction open."""
    monkeypatch.setattr(drift, "prove", _unknown)
    assert drift.check_dl_a3_direction().verdict.value == "open"


def test_dl_t11_fit_not_refuted_when_table_fits(monkeypatch):
    """A table generated from p = 0.92 itself must not refute the fit."""
    fitted = {
        k: (v[0], v[1], v[2], round(0.92 ** v[0], 2), v[4])
        for k, v in fit.TABLE4.items()
    }
    monkeypatch.setattr(fit, "TABLE4", fitted)
    result = fit.check_dl_t11_fit()
    assert result.verdict.value == "open"
    assert result.counterexample is None


# --- a proof that does not go through gives OPEN, never REFUTED ----------------

# Claims whose verdict rests on a z3 proof or a sympy simplification; the rest
# rest on exact numbers (UNIMODAL, VALUES, DSTAR, PHASE, RHOK) or no check (FIT).
_PROOF_BASED = {
    "DL-A4",
    "DL-T7",
    "DL-T9",
    "DL-T10",
    "DL-P1-INTERVAL",
    "DL-T6",
    "DL-T6-BITS",
    "DL-T6-PROBES",
    "DL-T6-ASSEMBLY",
    "DL-T11-ASSEMBLY",
    "DL-T11-COSURFACE",
    "DL-T11-COMPOSE",
    "DL-C2",
}


def _unknown(*_args):
    return SmtResult(False, None, "", "unknown")


def _break_proofs(monkeypatch):
    """z3 answers unknown (a timeout) and sympy never simplifies to 0."""
    for module in (depth, scatter):
        monkeypatch.setattr(module, "prove", _unknown)
        monkeypatch.setattr(module, "_zero", lambda _expr: False)


def test_failed_proofs_give_open_not_refuted(monkeypatch):
    """With every proof failing, proof-based claims are open; no verdict is refuted unwitnessed."""
    _break_proofs(monkeypatch)
    results = {c.id: c.run() for c in CLAIMS}
    for claim_id in _PROOF_BASED:
        assert results[claim_id].verdict.value == "open", claim_id
        assert "Not settled" in results[claim_id].evidence or claim_id in {
            "DL-P1-INTERVAL",
            "DL-T6",
            "DL-T11",
            "DL-T11-COSURFACE",
        }
    for claim_id, result in results.items():
        if result.verdict.value == "refuted":
            assert result.counterexample, claim_id
            assert claim_id in {
                "DL-P1",
                "DL-P1-UNIMODAL",
                "DL-P1-PHASE",
                "DL-T11",
                "DL-T11-FIT",
                "DL-T7-RHOK",
                "DL-T7-RHOK-CONVEX",
            }


def test_sat_model_refutes_with_the_model(monkeypatch):
    """A z3 'sat' answer is a witness: DL-C2 is refuted and records z3's model."""
    model = {"P_ret": "1/2", "kappa": "1/3"}
    monkeypatch.setattr(
        scatter, "prove", lambda *_: SmtResult(False, dict(model), "", "sat")
    )
    result = scatter.check_dl_c2()
    assert result.verdict.value == "refuted"
    assert result.counterexample == {"goal": "P_ret kappa <= kappa", **model}


def test_exact_failure_refutes_dl_t6_bits(monkeypatch):
    """A failing integer pair is a witness: with comb patched to 1, (N, s) = (1, 1)
    gives 1 >= 1 but (2, 1) gives 1 * 1^1 < 2^1, the first failing pair (by hand)."""
    monkeypatch.setattr(scatter.math, "comb", lambda _n, _k: 1)
    result = scatter.check_dl_t6_bits(max_items=3)
    assert result.verdict.value == "refuted"
    assert result.counterexample["N"] == 2
    assert result.counterexample["sigma"] == 1


@pytest.mark.parametrize(
    ("verdicts", "expected"),
    [
        (["proven", "conditional", "verified"], "conditional"),
        (["proven", "conditional", "proven", "open"], "open"),
        (["proven", "open", "refuted"], "refuted"),
        (["proven", "verified"], "verified"),
    ],
)
def test_overall_takes_the_weakest_part(verdicts, expected):
    """DL-T6/DL-T11 overall: refuted < open < conditional < verified < proven."""
    parts = [ClaimCheck(f"P{i}", Verdict(v), "e") for i, v in enumerate(verdicts)]
    assert scatter._overall(parts).value == expected


# --- the symbolic transcriptions agree with the implementation -----------------


def _lambdify(expr, *symbols):
    return sp.lambdify(symbols, expr, modules="math")


_RATES = (sym.A, sym.B, sym.C, sym.DR)
P_SIM = _lambdify(sym.p_similarity_product(), sym.S0, sym.RHO, sym.D)
P_STRUCT = _lambdify(sym.p_structured_product(), sym.Q, sym.D)
G_RATES = _lambdify(sym.advantage_rates(), *_RATES)
LOG_RATIO = _lambdify(sym.log_ratio(), *_RATES)
G_PRIME = _lambdify(
    sp.exp(-sym.A * sym.DR) * (sp.exp(sym.rise_function()) - sym.A), *_RATES
)
MEAN_ATTEMPTS = _lambdify(sym.geometric_mean_attempts(), sym.T)


def _rates(s0, rho, q):
    return -math.log(q), -math.log(s0), -math.log(rho)


@given(depth_params(), depths(max_depth=40))
def test_transcription_p_similarity_matches(params, d):
    """sympy's prod_{k<=d} s0 rho**k, evaluated, equals theory.depth.p_similarity."""
    s0, rho, _ = params
    expected = P_SIM(s0, rho, d)
    if expected > 1e-290:
        assert p_similarity(d, s0, rho) == pytest.approx(expected, rel=1e-11)
    else:
        assert log_p_similarity(d, s0, rho) < math.log(1e-280)


@given(depth_params(), depths(max_depth=100))
def test_transcription_p_structured_matches(params, d):
    """sympy's prod_{k<=d} q equals theory.depth.p_structured."""
    q = params[2]
    assert p_structured(d, q) == pytest.approx(P_STRUCT(q, d), rel=1e-12)


@given(depth_params(), st.floats(0.0, 30.0))
def test_transcription_advantage_and_sign(params, d):
    """g in decay rates equals theory.depth.advantage; sign of the log ratio is its sign."""
    s0, rho, q = params
    g = G_RATES(*_rates(s0, rho, q), d)
    scale = 1e-13 * (q**d + s0**d * rho ** (d * (d + 1) / 2))  # closed form, floats
    assert advantage(d, s0, rho, q) == pytest.approx(g, rel=1e-9, abs=scale)
    ratio = LOG_RATIO(*_rates(s0, rho, q), d)
    sign, _ = slog_advantage(d, s0, rho, q)
    if abs(ratio) > 1e-9:
        assert sign == np.sign(ratio)


@given(depth_params(min_q=0.3), st.floats(1.0, 20.0))
def test_transcription_derivative_matches_finite_difference(params, d):
    """g'(d) = q**d (exp h(d) - a) agrees with a central difference of advantage."""
    s0, rho, q = params
    exact = G_PRIME(*_rates(s0, rho, q), d)
    step = 1e-5
    numeric = (advantage(d + step, s0, rho, q) - advantage(d - step, s0, rho, q)) / (
        2 * step
    )
    assert numeric == pytest.approx(exact, rel=1e-4, abs=1e-7)


@given(depth_params(), depths(max_depth=12))
def test_transcription_expected_work_matches(params, d):
    """sum_k k p (1-p)**(k-1) = 1 + t with p = 1/(1+t) equals expected_work_similarity."""
    s0, rho, _ = params
    p = p_similarity(d, s0, rho)
    if p < 1e-300:
        return
    t = 1.0 / p - 1.0
    mean = MEAN_ATTEMPTS(t) if t > 0 else 1.0
    assert expected_work_similarity(d, s0, rho) == pytest.approx(mean, rel=1e-9)


@given(items_and_fragments(max_items=300))
def test_transcription_dl_t6_factor_lemma_matches(case):
    """The z3 lemma's factors (N - i)/(s - i) >= N/s rebuild theory.scatter.location_bits."""
    n, s = case
    factors = [Fraction(n - i, s - i) for i in range(s)]
    assert all(f >= Fraction(n, s) for f in factors)
    assert location_bits(n, s) == pytest.approx(
        sum(math.log2(f) for f in factors), rel=1e-9, abs=1e-9
    )
    assert location_bits_lower(n, s) == pytest.approx(s * math.log2(n / s), abs=1e-12)


def test_dl_t11_cosurface_pairwise_correlation_is_not_enough():
    """Audit finding: every pair positively correlated, yet P(all 3) = 0.01 < 1/8."""
    from proofs.claims.dl.depth._scatter import (
        _pairwise_positive_not_enough,
        check_dl_t11_cosurface,
    )

    assert _pairwise_positive_not_enough()
    evidence = check_dl_t11_cosurface().evidence
    assert "P(all) = 0.01 < 1/8 [True" in evidence
