"""The re-read sentences of proofs.claims.ko.rereading and the re-audit's fixes (issue 28).

Each check is run as shipped, its numbers recomputed here by hand, and then
once on altered data, so that every test can fail.
"""

from __future__ import annotations

import pytest

from proofs import Verdict, catalogue, check
from proofs.claims.dl import rereading as dl_rr
from proofs.claims.ko import rereading as ko_rr
from proofs.claims.pj import rereading as pj_rr
from proofs.claims.slm import rereading as slm_rr
from proofs.claims.vm import rereading as vm_rr


def test_slm_range_verified_by_the_printed_aggregates():
    """71.7, 74.8 and 75 lie in 72-78 at its precision; 77.5 (conv-30) rounds to 78."""
    result = slm_rr.check_slm_s82_range()
    assert result.verdict is Verdict.VERIFIED
    assert "rounded values [72, 75, 78]" in result.evidence


def test_slm_range_refuted_by_an_aggregate_outside(monkeypatch):
    """An aggregate at 80 lies outside 72-78."""
    monkeypatch.setitem(slm_rr._SLM_RETRIEVAL, "Table 3, Mode A retrieval", 80.0)
    assert slm_rr.check_slm_s82_range().verdict is Verdict.REFUTED


def test_vm_regret_non_monotone_in_table_3():
    """0.218 < 0.663 < 0.677 > 0.358, and Table 9 has no regret column (said)."""
    result = vm_rr.check_vm_s73_regret()
    assert result.verdict is Verdict.VERIFIED
    assert "no semantic regret" in result.evidence
    assert "Appendix A does not report" in result.evidence


def test_vm_regret_monotone_column_refutes(monkeypatch):
    """A regret column that only rises is monotone: the sentence would be false."""
    table = {
        r: [*row[:3], 0.1 * i] for i, (r, row) in enumerate(vm_rr._VM_TABLE3.items())
    }
    monkeypatch.setattr(vm_rr, "_VM_TABLE3", table)
    assert vm_rr.check_vm_s73_regret().verdict is Verdict.REFUTED


def test_vm_regret_open_when_table_3_is_not_a_part_of_table_9(monkeypatch):
    """Only a Table 3 whose cells are Table 9's rows speaks for the full sweep."""
    table = dict(vm_rr._VM_TABLE3)
    table[0.30] = [1.000, 0.600, 0.920, 0.663]
    monkeypatch.setattr(vm_rr, "_VM_TABLE3", table)
    assert vm_rr.check_vm_s73_regret().verdict is Verdict.OPEN


def test_dl_swe3_compares_only_the_claude_harness():
    """Table 20's .50 against 7.1(e)'s 3/12; Table 18's 0.748 is named, not compared."""
    result = dl_rr.check_dl_swe3()
    assert result.verdict is Verdict.REFUTED
    assert result.counterexample == {
        "Table 20 (swe3)": 0.5,
        "7.1(e) and Section 12.2 (3/12)": 0.25,
    }
    assert "Section 18's economics sweep" in result.evidence
    row = next(e for e in catalogue(source="DL") if e.id == "DL-STAT-SWE3")
    assert "Section 18's economics sweep" in row.statement
    assert not row.where.startswith("Table 18")


def test_pj_phone_names_every_probe_count_that_fits():
    """4/7 = 57.1%, 6/7 = 85.7% (86%), 5/7 = 71.4% (85.7 - 14): multiples of 7 fit."""
    assert [round(100 * k / 7, 1) for k in (4, 5, 6)] == [57.1, 71.4, 85.7]
    result = pj_rr.check_pj_stat_phone()
    assert result.verdict is Verdict.VERIFIED
    assert "n in [7, 14, 21, 28, 35, 42, 49, 56]" in result.evidence
    assert "n = 1..62" in result.evidence
    assert "7 phone/ID probes" not in result.evidence


def test_pj_phone_refuted_when_no_count_fits(monkeypatch):
    """1.0% at precision 0.05 needs 100 probes, more than 62."""
    monkeypatch.setitem(pj_rr._PJ_PHONE, "made up", (1.0, 0.05))
    assert pj_rr.check_pj_stat_phone().verdict is Verdict.REFUTED


def test_pj_phone_is_no_longer_a_stats_table():
    """PJ-STAT-PHONE is registered once, by proofs.claims.pj.rereading."""
    from proofs.claims.pj.statistics import CLAIMS as STATS

    assert "PJ-STAT-PHONE" not in {c.id for c in STATS}
    assert "PJ-STAT-PHONE" in {c.id for c in pj_rr.CLAIMS}


def test_ko_cliff_over_the_wall():
    """194,984 + 200 x 27 = 200,384 > 200,000; it fits only below 5,016/200 = 25.08."""
    result = ko_rr.check_ko_s53_cliff()
    assert result.verdict is Verdict.REFUTED
    assert result.counterexample == {
        "tokens_at_7200": 200_384,
        "window": 200_000,
        "c_needed_below": 25.08,
    }


def test_ko_cliff_holds_with_a_smaller_prompt(monkeypatch):
    """With 190,000 tokens at N = 7,000, 200 more facts fit under 200K."""
    monkeypatch.setattr(ko_rr, "_KO_TOKENS_7000", 190_000)
    assert ko_rr.check_ko_s53_cliff().verdict is Verdict.VERIFIED


def test_ko_seeds_contradict_section_5_1(monkeypatch):
    """Five seeds elsewhere against seed 42 alone; all-42 would agree."""
    assert ko_rr.check_ko_s51_seeds().verdict is Verdict.REFUTED
    monkeypatch.setattr(ko_rr, "_KO_SEEDS", dict.fromkeys(ko_rr._KO_SEEDS, (42,)))
    assert ko_rr.check_ko_s51_seeds().verdict is Verdict.VERIFIED


def test_ko_rag_range(monkeypatch):
    """Table 2 prints RAG at N = 10 and 50, below §5.4's 'from N = 100'."""
    result = ko_rr.check_ko_s54_rag_range()
    assert result.verdict is Verdict.REFUTED
    assert result.counterexample == {"sizes_below_100": [10, 50]}
    monkeypatch.setattr(ko_rr, "_KO_RAG_NS", (100, 1_000, 10_000))
    assert ko_rr.check_ko_s54_rag_range().verdict is Verdict.VERIFIED


def test_ko_cost_at_100000(monkeypatch):
    """0.568 x 100,000 / 7,000 = 8.114 > 8; at $0.50 it would be 7.14."""
    result = ko_rr.check_ko_s96_cost()
    assert result.verdict is Verdict.VERIFIED
    assert "$8.11" in result.evidence
    monkeypatch.setattr(ko_rr, "_KO_COST_7000", 0.50)
    assert ko_rr.check_ko_s96_cost().verdict is Verdict.REFUTED


def test_ko_cross_model_prose(monkeypatch):
    """Table 5 bears out §6.3; Opus at 55% by 5x would not."""
    assert ko_rr.check_ko_s63_models().verdict is Verdict.VERIFIED
    table = {m: dict(row) for m, row in ko_rr._KO_TABLE5.items()}
    table["Opus"][5] = 55
    monkeypatch.setattr(ko_rr, "_KO_TABLE5", table)
    assert ko_rr.check_ko_s63_models().verdict is Verdict.REFUTED


def test_ko_cross_model_row_is_now_checked():
    """KO-CROSS-MODEL is decided by KO-S6.3-MODELS as stated, not in a weaker form."""
    row = next(e for e in catalogue(source="KO") if e.id == "KO-CROSS-MODEL")
    assert row.status == "checked"
    assert "KO-S6.3-MODELS" in row.checked_by


def test_pj_exp02_scenario_ranges_bound_the_averages(monkeypatch):
    """(5.65 + 7.25)/2 = 6.45 <= average <= (6.75 + 8.05)/2 = 7.40; 5.3 and 4.2 are not."""
    result = pj_rr.check_pj_exp02_scenarios()
    assert result.verdict is Verdict.REFUTED
    assert result.counterexample["outside"] == {"QPB": 5.3, "RLM(8)": 4.2}
    assert result.counterexample["bounds"] == pytest.approx([6.45, 7.40])
    monkeypatch.setattr(pj_rr, "_PJ_EXP02_AVG", {"a": 6.5, "b": 7.4})
    assert pj_rr.check_pj_exp02_scenarios().verdict is Verdict.VERIFIED


def test_pj_pending_table_is_stale(monkeypatch):
    """Two gates 'Not yet tested' have CTX-48 results of the same date."""
    result = pj_rr.check_pj_state_pending()
    assert result.verdict is Verdict.REFUTED
    assert result.counterexample == {
        "stale": ["QPB cross-session", "QPB final-answer accuracy (leaderboard run)"]
    }
    fresh = {g: (s, None) for g, (s, _) in pj_rr._PJ_PENDING.items()}
    monkeypatch.setattr(pj_rr, "_PJ_PENDING", fresh)
    assert pj_rr.check_pj_state_pending().verdict is Verdict.VERIFIED


def test_pj_bench_prose(monkeypatch):
    """RLM 2/3 > 1/3, 3/4 = 3/4, 0/4 < 1/4, 3/4 < 4/4; an RLM 4/4 on MemoryArena is a win."""
    assert pj_rr.check_pj_bench_prose().verdict is Verdict.VERIFIED
    proxy = dict(pj_rr._PJ_PROXY)
    proxy["MemoryArena"] = ((3, 4), (4, 4))
    monkeypatch.setattr(pj_rr, "_PJ_PROXY", proxy)
    assert pj_rr.check_pj_bench_prose().verdict is Verdict.REFUTED


def test_new_rows_have_a_verdict():
    """Every row added from the re-audit is checked by its own entry."""
    new = (
        "KO-S5.1-SEEDS",
        "KO-S5.3-CLIFF",
        "KO-S5.4-RAG-RANGE",
        "KO-S6.3-MODELS",
        "KO-S9.6-COST",
        "PJ-BENCH-PROSE",
        "PJ-STATE-PENDING",
        "PJ-EXP02-SCENARIOS",
    )
    rows = {e.id: e for e in catalogue()}
    for i in new:
        assert rows[i].status == "checked"
        assert rows[i].checked_by == (i,)


# --- the re-audit's fixes outside proofs.claims.ko.rereading ----------------------------


def test_pj_pin_states_the_sentence_that_decides_it():
    """PJ-PIN is refuted by the opening line's '96.8% of Full Context's', now stated."""
    result = check("PJ-PIN")
    assert result.verdict is Verdict.REFUTED
    row = next(e for e in catalogue(source="PJ") if e.id == "PJ-PIN")
    assert "96.8% of Full Context's retention" in row.statement


def test_pj_pin_contract_evidence_is_not_calibrated():
    """A verified entry's evidence does not open with another verdict word."""
    result = check("PJ-PIN-CONTRACT")
    assert result.verdict is Verdict.VERIFIED
    assert not result.evidence.startswith("calibrated")


def test_ko_cap_names_the_conflict():
    """KO-CAP's evidence points at KO-STAT-CAPACITY and the 7,186-fact wall."""
    text = check("KO-CAP").evidence
    assert "KO-STAT-CAPACITY" in text
    assert "= 7186 facts" in text


def test_dl_pn_lift_counts_the_structural_zero():
    """None's recall 0.050/0.310/0.127 is not a structural zero: 17 of 18 differ."""
    result = check("DL-BB-PN-LIFT")
    bad = [r["number"] for r in result.counterexample["inconsistent"]]
    assert len(bad) == 17
    assert "recall (Table 29) dcbench none" in bad
    assert "17 of 18 numbers differ" in result.evidence


def test_dl_pooled_says_which_data():
    """0.47 is Table 9's 0.469; 0.99 and 0.70 are the rows'."""
    text = check("DL-BB-POOLED").evidence
    assert "Table 9's pooled real-code compliance of Brief, 0.469" in text
    assert "data used: the BriefBench rows" in text
