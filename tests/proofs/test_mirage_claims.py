"""Ledger entries of the validity mirage (VM-E58 under both semantics)."""

import dataclasses

import pytest

from proofs import check
from proofs.claims.vm import mirage as mirage_module
from witnesses.exp58 import run


def test_vm_e58_reference_reproduces_the_numbers_but_the_contract_kept_everything():
    result = check("VM-E58@reference")
    assert result.verdict.value == "conditional"
    assert "keeps all 40 block-1 events" in result.evidence
    assert "21.46727272727273" in result.evidence  # WITNESS.md 2.1
    assert "47.08421052631579" in result.evidence


def test_vm_e58_paper_is_conditional_on_the_counting():
    """Non-focal development makes Definition 2 vacuous on Exp58 (all events focal)."""
    result = check("VM-E58@paper")
    assert result.verdict.value == "conditional"
    assert "d_total = 0" in result.evidence
    assert "39.02692307692308" in result.evidence  # WITNESS.md decision 2


def test_vm_e58_is_refuted_when_the_witness_fails(monkeypatch):
    real = run()
    broken = dataclasses.replace(real, witness_triple=False)
    monkeypatch.setattr(mirage_module, "run", lambda **kw: broken)
    assert mirage_module.check_exp58("reference").verdict.value == "refuted"


def _result(solver, rows):
    from witnesses.experiments.sweep import SweepResult

    return SweepResult("reference", solver, tuple(rows), (), {})


def _rows(valid, preserved, n=100):
    """Rows for one retention; valid/preserved map strategy -> seeds where True."""
    out = []
    for seed in range(n):
        for strategy in ("naive", "bridge_preserving", "contract_guarded"):
            ok = seed in valid[strategy]
            out.append(
                {
                    "retention": 0.5,
                    "seed": seed,
                    "strategy": strategy,
                    "raw_validity": ok,
                    "full_valid": True,
                    "pivot_preserved": ok and seed in preserved[strategy],
                    "fixed_feasible": True,
                    # what sweep_trials reads (the rate layer recomputes preservation)
                    "full_pivot": "e1",
                    "chosen_pivot": "e1" if seed in preserved[strategy] else "e2",
                    "full_score": None,
                    "compressed_score": None,
                    "fixed_pivot_regret": None,
                    "rejected_gap_guard": 0,
                }
            )
    return out


ALL = set(range(100))


STRATEGIES = ("naive", "bridge_preserving", "contract_guarded")


def test_vm_c3_degrade_logic_on_constructed_sweeps(monkeypatch):
    # Validity ties, preservation 50/100 under both strategies: verified.
    half = {key: set(range(50)) for key in STRATEGIES}
    degraded = _rows(dict.fromkeys(STRATEGIES, ALL), half)
    monkeypatch.setattr(
        mirage_module, "_sweep", lambda *a: _result("reference", degraded)
    )
    assert mirage_module.check_validity_ties("reference").verdict.value == "verified"
    # Validity itself differs on 90 seeds: no tie, refuted with the retention.
    no_tie = _rows({"naive": ALL, "bridge_preserving": ALL, "contract_guarded": set(range(10))},
                   half)  # fmt: skip
    monkeypatch.setattr(
        mirage_module, "_sweep", lambda *a: _result("reference", no_tie)
    )
    result = mirage_module.check_validity_ties("reference")
    assert result.verdict.value == "refuted"
    assert result.counterexample["validity_differs_at"] == [0.5]
    # Every pivot kept under both: nothing degrades, refuted.
    flat = _rows(dict.fromkeys(STRATEGIES, ALL), dict.fromkeys(STRATEGIES, ALL))
    monkeypatch.setattr(mirage_module, "_sweep", lambda *a: _result("reference", flat))
    result = mirage_module.check_validity_ties("reference")
    assert result.verdict.value == "refuted"
    assert result.counterexample["no_degradation"] == ["naive", "contract_guarded"]
    # Only naive degrades: the contract does not follow the pattern, open.
    only_naive = _rows(dict.fromkeys(STRATEGIES, ALL),
                       {"naive": set(range(50)), "bridge_preserving": ALL,
                        "contract_guarded": set(range(3, 100))})  # fmt: skip
    monkeypatch.setattr(
        mirage_module, "_sweep", lambda *a: _result("reference", only_naive)
    )
    assert mirage_module.check_validity_ties("reference").verdict.value == "open"


def test_vm_c3_separate_logic_on_constructed_sweeps(monkeypatch):
    separated = _rows(dict.fromkeys(STRATEGIES, ALL),
                      {"naive": ALL, "bridge_preserving": ALL, "contract_guarded": set(range(10))})  # fmt: skip
    monkeypatch.setattr(
        mirage_module, "_sweep", lambda *a: _result("reference", separated)
    )
    assert mirage_module.check_separation("reference").verdict.value == "verified"
    flat = _rows(dict.fromkeys(STRATEGIES, ALL), dict.fromkeys(STRATEGIES, ALL))
    monkeypatch.setattr(mirage_module, "_sweep", lambda *a: _result("reference", flat))
    assert mirage_module.check_separation("reference").verdict.value == "refuted"
    few = _rows(dict.fromkeys(STRATEGIES, ALL),
                {"naive": ALL, "bridge_preserving": ALL, "contract_guarded": set(range(3, 100))})  # fmt: skip
    monkeypatch.setattr(mirage_module, "_sweep", lambda *a: _result("reference", few))
    result = mirage_module.check_separation("reference")
    assert result.verdict.value == "open"
    assert "no separation shown" in result.evidence


def test_vm_c4_logic_on_constructed_sweeps(monkeypatch):
    everything = dict.fromkeys(("naive", "bridge_preserving", "contract_guarded"), ALL)
    nothing = {s: set() for s in everything}
    half = {"naive": ALL, "bridge_preserving": set(), "contract_guarded": set()}
    sweeps = {
        None: _result("reference", _rows(everything, everything)),
        "greedy": _result("greedy", _rows(nothing, nothing)),
    }
    monkeypatch.setattr(
        mirage_module, "_sweep", lambda sem, solver, seeds: sweeps[solver]
    )
    assert (
        mirage_module.check_semantics_dominate("reference").verdict.value == "verified"
    )
    # The strategy explains everything and the solver nothing: refuted.
    sweeps = {
        None: _result("reference", _rows(half, half)),
        "greedy": _result("greedy", _rows(half, half)),
    }
    assert (
        mirage_module.check_semantics_dominate("reference").verdict.value == "refuted"
    )


def test_vm_c3_is_open_when_too_few_seeds_show_the_tie(monkeypatch):
    """30 concordant seeds bound the difference only by 1 - 0.05**(1/30) = 0.095 > 0.05."""
    keep = set(range(30))
    same = dict.fromkeys(STRATEGIES, keep)
    rows = _rows(same, {key: set(range(5)) for key in STRATEGIES}, n=30)
    monkeypatch.setattr(mirage_module, "_sweep", lambda *a: _result("reference", rows))
    result = mirage_module.check_validity_ties("reference")
    assert result.verdict.value == "open"
    assert "too few seeds" in result.evidence


def test_vm_c3_preservation_uses_the_papers_denominator(monkeypatch):
    """Seeds where a free solve is invalid do not count as lost pivots."""
    # The contract's solve is invalid on 60 seeds: validity differs (refuted);
    # its preservation over the 40 valid seeds is 40/40, not 40/100.
    valid = {"naive": ALL, "bridge_preserving": ALL, "contract_guarded": set(range(40))}
    rows = _rows(valid, dict.fromkeys(STRATEGIES, ALL))
    monkeypatch.setattr(mirage_module, "_sweep", lambda *a: _result("reference", rows))
    assert (
        mirage_module._preservation_bounds(
            _result("reference", rows), 0.5, "contract_guarded"
        )[1]
        == 1.0
    )
    assert mirage_module.check_validity_ties("reference").verdict.value == "refuted"


def test_vm_c3_is_registered_in_parts():
    from proofs.claims.vm.mirage_claims import CLAIMS

    claims = {c.id for c in CLAIMS if c.id.startswith("VM-C3")}
    assert {c for c in claims if c.endswith("@reference")} == {
        "VM-C3@reference", "VM-C3-EXP52@reference", "VM-C3-EXP53@reference",
        "VM-C3-DEGRADE@reference", "VM-C3-SEPARATE@reference",
    }  # fmt: skip


def test_vm_t4_every_printed_exp58_cell_matches():
    result = check("VM-T4")
    assert result.verdict.value == "verified"
    assert "21 match" in result.evidence


def test_published_cells_fail_when_the_computation_differs(monkeypatch):
    """A changed Exp58 score refutes VM-T4 and names the cell."""
    from proofs.claims.vm import published

    real = run()
    cells = tuple(
        dataclasses.replace(c, free=dataclasses.replace(c.free, score=21.5))
        if (c.strategy, c.m) == ("naive", 10)
        else c
        for c in real.cells
    )
    monkeypatch.setattr(
        published, "run_exp58", lambda **kw: dataclasses.replace(real, cells=cells)
    )
    result = published.check_exp58_table()
    assert result.verdict.value == "refuted"
    wheres = [m["where"] for m in result.counterexample["mismatches"]]
    assert "Section 7.5, Table 4, Naive M=10, Score" in wheres


def test_printed_precision_rounding():
    from proofs.claims.vm.published import printed_matches

    assert printed_matches("0.404", 0.40404040404040403)
    assert printed_matches("0.354", 0.3544)
    assert not printed_matches("0.354", 0.3534)
    assert not printed_matches("0.990", None)
    assert not printed_matches("True", 1)


@pytest.mark.slow
@pytest.mark.parametrize("claim_id", ["VM-T9", "VM-T3", "VM-S7.4"])
def test_the_full_sweep_reproduces_every_printed_cell(claim_id):
    """The 9 x 100 reference sweep (and the greedy one) against Tables 9, 3 and 7.4."""
    result = check(claim_id)
    assert result.verdict.value == "verified", result.counterexample
