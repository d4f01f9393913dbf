"""Tests of the simulation claims ledger (proofs.claims.dl.simulation, proofs.claims.ko and proofs.claims.pj)."""

import functools

import pytest

from proofs import CLAIMS, Kind, Verdict
from proofs.claims.dl import simulation as sim
from proofs.claims.ko import printed
from proofs.claims.ko import simulation as ko_sim
from proofs.claims.pj import printed as pj_printed
from proofs.claims.pj import simulation as pj_sim
from tests.proofs.expected import expected_for

SIM_CLAIMS = (
    *sim.CLAIMS,
    *ko_sim.CLAIMS,
    *printed.CLAIMS,
    *pj_sim.CLAIMS,
    *pj_printed.CLAIMS,
)
EXPECTED = {k: Verdict(v) for k, v in expected_for(SIM_CLAIMS).items()}


@functools.cache
def _result(claim_id):
    return next(c for c in SIM_CLAIMS if c.id == claim_id).run()


def test_simulation_claims_registered():
    """Every simulation claim is in the register, once."""
    ids = [c.id for c in CLAIMS]
    for claim_id in EXPECTED:
        assert ids.count(claim_id) == 1


@pytest.mark.parametrize(("claim_id", "verdict"), sorted(EXPECTED.items()))
def test_simulation_claim_verdicts(claim_id, verdict):
    """Each check answers for its claim with the expected verdict and evidence."""
    result = _result(claim_id)
    assert result.claim_id == claim_id
    assert result.verdict is verdict, result.evidence
    assert result.evidence


def test_simulation_claims_are_simulations_or_arithmetic():
    """Kinds are simulation (or arithmetic for KO-CAP)."""
    for c in SIM_CLAIMS:
        assert c.kind in (Kind.SIMULATION, Kind.ARITHMETIC, Kind.DATA)


def test_dl_a3_sim_reports_the_dependence():
    """The crowded geometry's Fisher test is significant; numbers are quoted."""
    text = _result("DL-A3-SIM").evidence
    assert "crowded (seed 6)" in text
    assert "odds" in text


def test_dl_a3_sim_reports_the_measured_direction():
    """The crowded simulator recovers more than the product (positive association)."""
    text = _result("DL-A3-SIM").evidence
    assert "measured recall above the product (the product is pessimistic)" in text
    assert "DL-A3-DIRECTION" in text


def test_dl_a3_sim_leak_free_dependence_is_open_not_refuted(monkeypatch):
    """A significant test in the leak-free geometry is evidence, not a counterexample."""
    monkeypatch.setattr(sim, "_dependence", lambda records: [(2, 3.0, 0.001)])
    result = sim._check_dl_a3_sim()
    assert result.verdict is Verdict.OPEN
    assert result.counterexample is None


def test_simulation_checks_reproducible():
    """A second run of a check gives the same evidence (seeded)."""
    claim = next(c for c in SIM_CLAIMS if c.id == "DL-T9-SIM")
    assert claim.run() == claim.run()


def test_ko_cap_arithmetic_by_hand():
    """L0 = 200 gives exactly 7,400 (200000 - 27 * 7400 = 200, by hand)."""
    text = _result("KO-CAP").evidence
    assert "= 200 tokens" in text
    assert "7407.41" in text  # 200000 / 27 with L0 = 0
    assert "0 <= L0 <= 1550" in text  # 200000 - 27 * 7350 = 1550


def test_ko_cmp_per_round_counterexample_numbers():
    """At n = 100 the counts are 91/62/46 and s_hat = 199/253 (hand MLE)."""
    result = _result("KO-CMP-PERROUND")
    cx = result.counterexample
    assert cx["counts"] == [91, 62, 46]
    assert cx["constant_s"] == pytest.approx(199 / 253, abs=1e-6)
    assert cx["pvalue"] < 0.05


def test_pj_pin_calibration_arithmetic():
    """phi = (0.968 - 0.758) / (1 - 0.758) = 0.8678 and s = 0.758^(1/3) = 0.9118."""
    text = _result("PJ-PIN-CONTRACT").evidence
    assert f"{(0.968 - 0.758) / (1 - 0.758):.4f}" in text
    assert f"{0.758 ** (1 / 3):.4f}" in text
    assert "[True" in text


def test_pj_pin_of_full_recomputed_by_hand():
    """96.8 / 98.4 = 0.98374: QPB gets 98.4% of Full Context's retention, not 96.8%."""
    cx = _result("PJ-PIN-OF-FULL").counterexample["inconsistent"][0]
    assert cx["printed"] == "96.8"
    assert cx["recomputed"][0] == pytest.approx(100 * 96.8 / 98.4, abs=1e-5)
    assert _result("PJ-PIN").counterexample == _result("PJ-PIN-OF-FULL").counterexample


def test_pj_pin_counts_are_sixty_two_probes():
    """47/62 = 75.81%, 60/62 = 96.77%, 61/62 = 98.39% (hand)."""
    assert [round(100 * k / 62, 1) for k in (47, 60, 61)] == [75.8, 96.8, 98.4]
    assert "62 probe facts" in _result("PJ-PIN-COUNTS").evidence


def test_ko_cmp_catches_a_row_off_one_hundred(monkeypatch):
    """A Table 4 row summing to 99 is an inconsistency, recorded with its sum."""
    broken = dict(printed.KO_TABLE4)
    broken[2] = ("17", "62", "1", "36")
    monkeypatch.setattr(printed, "KO_TABLE4", broken)
    result = printed.check_ko_cmp()
    assert result.verdict is Verdict.REFUTED
    ids = [row["id"] for row in result.counterexample["inconsistent"]]
    assert "T4-2-sum" in ids


def test_ko_dar_density_depends_on_which_candidates_line3_sums():
    """k = 2, four candidates at cosine 0.5: over all 2k, 2/(2*1) * 6 * 0.5 = 3 (not
    the mean 0.5); over the top k, 2/(2*1) * 1 * 0.5 = 0.5, the mean. Line 3 does
    not say which, so the claim is conditional on the top-k reading."""
    assert printed.density_as_printed([0.5] * 6, 2) == 3.0
    assert printed.density_as_printed([0.5] * 1, 2) == 0.5
    result = _result("KO-DAR-DENSITY")
    assert result.verdict is Verdict.CONDITIONAL
    assert "top k" in result.evidence and result.counterexample is None


def test_ko_dar_density_open_if_normalisation_were_a_mean(monkeypatch):
    """Were line 3 a mean (<= 1), there would be no witness: open."""
    monkeypatch.setattr(printed, "density_as_printed", lambda cos, k: 0.5)
    result = printed.check_ko_dar_density()
    assert result.verdict is Verdict.OPEN
    assert result.counterexample is None
