"""Ledger entries of the validity mirage (VM-E58 under both semantics)."""

import dataclasses

from proofs import check
from proofs import mirage as mirage_module
from witnesses.exp58 import run


def test_vm_e58_reference_reproduces_the_numbers_but_the_contract_kept_everything():
    result = check("VM-E58@reference")
    assert result.verdict.value == "conditional"
    assert "keeps all 40 block-1 events" in result.evidence
    assert "21.46727272727273" in result.evidence  # WITNESS.md 2.1
    assert "47.08421052631579" in result.evidence


def test_vm_e58_paper_is_conditional_shortfall_differs():
    result = check("VM-E58@paper")
    assert result.verdict.value == "conditional"
    assert "39.02692307692308" in result.evidence  # WITNESS.md decision 2


def test_vm_e58_is_refuted_when_the_witness_fails(monkeypatch):
    real = run()
    broken = dataclasses.replace(real, witness_triple=False)
    monkeypatch.setattr(mirage_module, "run", lambda **kw: broken)
    assert mirage_module.check_exp58("reference").verdict.value == "refuted"


def _result(solver, rows):
    from witnesses.sweep import SweepResult

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
                    "raw_valid": ok,
                    "full_valid": True,
                    "pivot_preserved": ok and seed in preserved[strategy],
                    "fixed_valid": True,
                    # what sweep_trials reads (the rate layer recomputes preservation)
                    "full_tp": "e1",
                    "free_tp": "e1" if seed in preserved[strategy] else "e2",
                    "full_score": None,
                    "free_score": None,
                    "semantic_regret": None,
                    "rejected_gap_guard": 0,
                }
            )
    return out


ALL = set(range(100))


def test_vm_c3_logic_on_constructed_sweeps(monkeypatch):
    # Ties in validity, preservation separated on 20 of 30 seeds: verified.
    separated = _rows(dict.fromkeys(("naive", "bridge_preserving", "contract_guarded"), ALL),
                      {"naive": ALL, "bridge_preserving": ALL, "contract_guarded": set(range(10))})  # fmt: skip
    monkeypatch.setattr(
        mirage_module, "_sweep", lambda *a: _result("reference", separated)
    )
    assert mirage_module.check_validity_ties("reference").verdict.value == "verified"
    # Validity itself differs on 20 seeds: no tie, refuted.
    no_tie = _rows({"naive": ALL, "bridge_preserving": ALL, "contract_guarded": set(range(10))},
                   dict.fromkeys(("naive", "bridge_preserving", "contract_guarded"), ALL))  # fmt: skip
    monkeypatch.setattr(
        mirage_module, "_sweep", lambda *a: _result("reference", no_tie)
    )
    assert mirage_module.check_validity_ties("reference").verdict.value == "refuted"
    # Everything equal: ties but nothing separates, refuted.
    flat = _rows(dict.fromkeys(("naive", "bridge_preserving", "contract_guarded"), ALL),
                 dict.fromkeys(("naive", "bridge_preserving", "contract_guarded"), ALL))  # fmt: skip
    monkeypatch.setattr(mirage_module, "_sweep", lambda *a: _result("reference", flat))
    assert mirage_module.check_validity_ties("reference").verdict.value == "refuted"


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
    same = dict.fromkeys(("naive", "bridge_preserving", "contract_guarded"), keep)
    sep = {"naive": keep, "bridge_preserving": keep, "contract_guarded": set(range(5))}
    rows = _rows(same, sep, n=30)
    monkeypatch.setattr(mirage_module, "_sweep", lambda *a: _result("reference", rows))
    result = mirage_module.check_validity_ties("reference")
    assert result.verdict.value == "open"
    assert "too few seeds" in result.evidence


def test_vm_c3_preservation_uses_the_papers_denominator(monkeypatch):
    """Seeds where a free solve is invalid do not count as lost pivots."""
    everything = dict.fromkeys(("naive", "bridge_preserving", "contract_guarded"), ALL)
    # The contract's solve is invalid on 60 seeds but keeps the pivot elsewhere:
    # validity differs (refuted), and preservation alone would not separate.
    valid = {"naive": ALL, "bridge_preserving": ALL, "contract_guarded": set(range(40))}
    rows = _rows(valid, everything)
    monkeypatch.setattr(mirage_module, "_sweep", lambda *a: _result("reference", rows))
    result = mirage_module.check_validity_ties("reference")
    assert result.verdict.value == "refuted"
    assert "separating below the Bonferroni level 0.025: none" in result.evidence


def test_vm_c3_is_open_when_differences_are_too_few_to_separate(monkeypatch):
    """3 seeds of 100 with a lost pivot: not significant, but not 'never differ' either."""
    everything = dict.fromkeys(("naive", "bridge_preserving", "contract_guarded"), ALL)
    preserved = {
        "naive": ALL,
        "bridge_preserving": ALL,
        "contract_guarded": set(range(3, 100)),
    }
    rows = _rows(everything, preserved)
    monkeypatch.setattr(mirage_module, "_sweep", lambda *a: _result("reference", rows))
    result = mirage_module.check_validity_ties("reference")
    assert result.verdict.value == "open"
    assert "too few seeds to show a separation" in result.evidence
