"""Claims that share work share it: one sweep per sweep, one worker per family (issue 30)."""

from __future__ import annotations

import gc
from typing import Any

import pytest

import proofs.claims.vm.mirage as mirage
from proofs import _run
from proofs._run import _family
from proofs.records import Claim, ClaimCheck, Kind, Verdict
from proofs.register import CLAIMS


def test_one_sweep_however_the_call_spells_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """VM-T9 asks _sweep("reference", None), VM-C3 _sweep("reference", None, None): one run."""
    runs: list[tuple[Any, ...]] = []

    def fake(**kwargs: Any) -> tuple[Any, ...]:
        key = (kwargs["semantics"], kwargs["solver"], len(kwargs["seeds"]))
        runs.append(key)
        return key

    monkeypatch.setattr(mirage, "retention_sweep", fake)
    mirage._sweep_of.cache_clear()
    try:
        first = mirage._sweep("reference", None)
        assert mirage._sweep("reference", None, None) is first
        assert mirage._sweep("reference", None, 100) is first
        assert mirage._sweep(mirage.as_semantics("reference"), None) is first
        greedy = mirage._sweep("reference", "greedy")
        assert mirage._sweep("reference", "greedy", None) is greedy
        assert mirage._sweep("reference", None, 7) != first  # another seed count
        assert runs == [
            ("reference", None, 100),
            ("reference", "greedy", 100),
            ("reference", None, 7),
        ]
    finally:
        mirage._sweep_of.cache_clear()  # no fake result left for later tests


def test_the_semiring_claims_run_in_one_worker() -> None:
    """VM-SEMIRING and its candidates share the z3 tables and the binding check."""
    ids = {c.id for c in CLAIMS}
    family = {c.id for c in CLAIMS if _family(c) == "VM-semiring"}
    assert family == {i for i in ids if i.startswith(("VM-SEMIRING", "VM-TROP-"))}
    assert {"VM-SEMIRING", "VM-SEMIRING-MAT", "VM-SEMIRING-SET"} <= family
    # the sweep families are unchanged
    by_id = {c.id: c for c in CLAIMS}
    assert _family(by_id["VM-T9"]) == _family(by_id["VM-C3@reference"])
    assert _family(by_id["VM-C3@paper"]) == "VM-sweep@paper"


def test_a_cached_proof_is_recorded_for_every_claim_that_uses_it() -> None:
    """A ProofCache hit replays the z3 proofs, so cvc5 confirms them for each claim."""
    import z3

    from proofs._method import smt

    calls: list[int] = []

    @smt.ProofCache
    def lemma(bound: int) -> bool:
        calls.append(bound)
        x = z3.Int("x")
        return smt.prove([x > bound], x > bound - 1).proved

    with smt.recording() as first:
        assert lemma(2)
    with smt.recording() as outer:
        with smt.recording() as inner:  # nested, equal records: both closed right
            assert lemma(2)
        assert lemma(3)
    assert calls == [2, 3]  # computed once per argument
    assert len(first) == 1 and [r.query for r in inner] == [first[0].query]
    assert [r.query for r in outer[:1]] == [first[0].query] and len(outer) == 2
    assert smt._LOG == []
    lemma.cache_clear()
    with smt.recording() as again:
        assert lemma(2)
    assert calls == [2, 3, 2] and len(again) == 1


@pytest.mark.slow
def test_the_matrix_claim_is_confirmed_whichever_semiring_claim_runs_first() -> None:
    """VM-SEMIRING computes the MAT table first: VM-SEMIRING-MAT still gets cvc5's word."""
    import subprocess
    import sys

    code = (
        "from proofs.register import claim\n"
        "claim('VM-SEMIRING').run()\n"
        "print(claim('VM-SEMIRING-MAT').run().evidence)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "Second solver: cvc5" in out and "on all 36 SMT-LIB queries" in out


def test_the_batches_go_longest_first() -> None:
    """The reference family (most slow claims) first, then paper's, then the rest.

    With two workers the reference family's sweep runs on one while the other
    takes the paper family, the semiring family and the fast claims.
    """
    from proofs._run import _schedule

    families: dict[str, list[Any]] = {}
    for claim in CLAIMS:
        families.setdefault(_family(claim), []).append(claim)
    order = [_family(b[0]) for b in _schedule(list(families.values()))]
    assert order[:3] == ["VM-sweep@reference", "VM-sweep@paper", "VM-semiring"]
    slow = [any(c.slow for c in b) for b in _schedule(families.values())]
    assert slow == sorted(slow, reverse=True)  # every slow batch before the fast ones
    firsts = [b[0].id for b in _schedule(families.values())][sum(slow) :]
    assert firsts == sorted(firsts)  # the fast batches by their first claim's id
    # the same order whatever order the families come in
    assert _schedule(reversed(list(families.values()))) == _schedule(families.values())


def test_a_sweeps_trials_are_made_once_and_are_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """VM-C3's 144 reads of a sweep's trials build them once; another sweep gets its own."""
    from witnesses.experiments.sweep import retention_sweep, sweep_trials

    one = retention_sweep(retentions=[0.5], seeds=[0], executor=False)
    two = retention_sweep(retentions=[0.3], seeds=[1], executor=False)
    calls: list[object] = []

    def counting(result: Any) -> Any:
        calls.append(result)
        return sweep_trials(result)

    monkeypatch.setattr(mirage, "sweep_trials", counting)
    monkeypatch.setattr(mirage, "_TRIALS", {})
    first = mirage._trials(one)
    assert first == tuple(sweep_trials(one))
    assert mirage._trials(one) is first
    assert mirage._trials(two) == tuple(sweep_trials(two)) != first
    assert calls == [one, two]
    # the checks' answers are those of fresh trials
    for retention, field in ((0.5, "raw_validity"), (0.5, "pivot_preserved")):
        fresh = mirage._paired(one, field, retention, "contract_guarded")
        assert mirage._paired(one, field, retention, "contract_guarded") == fresh
    assert calls == [one, two]


def test_the_closure_claims_run_in_one_worker() -> None:
    """VM-E51/E56/E57 under both semantics draw the same Bursty timelines: one worker."""
    family = {c.id for c in CLAIMS if _family(c) == "VM-closure"}
    assert family == {
        f"VM-E5{n}@{sem}" for n in (1, 6, 7) for sem in ("reference", "paper")
    }


# The ledger's workers are forked with the parent's objects frozen: their
# collections skip the imported packages and the register; the parent
# unfreezes at once.


def _frozen_here_a() -> ClaimCheck:
    return ClaimCheck("VM-XFORK-A", Verdict.VERIFIED, f"frozen={gc.get_freeze_count()}")


def _frozen_here_b() -> ClaimCheck:
    return ClaimCheck("VM-XFORK-B", Verdict.VERIFIED, f"frozen={gc.get_freeze_count()}")


def test_workers_start_frozen_and_the_parent_does_not_stay_frozen() -> None:
    chosen = [
        Claim("VM-XFORK-A", "s", Kind.ARITHMETIC, _frozen_here_a),
        Claim("VM-XFORK-B", "s", Kind.ARITHMETIC, _frozen_here_b),
    ]
    # another test of this worker process may have frozen objects already (the
    # mutation runner's warm mode does); then the ledger freezes nothing, and the
    # frozen count only falls as frozen objects die (in a worker, or here)
    before = gc.get_freeze_count()
    rows = _run.run_claims(chosen, workers=2, use_cache=False)
    counts = [int(r.result.evidence.split("=")[1]) for r in rows if r.result]
    assert len(counts) == 2
    here = _run.run_claims(chosen, workers=0, use_cache=False)
    in_process = [int(r.result.evidence.split("=")[1]) for r in here if r.result]
    if before == 0:  # the ledger froze the workers' objects and unfroze its own
        assert all(n > 1000 for n in counts)
        assert gc.get_freeze_count() == 0
        assert in_process == [0, 0]
    else:  # it froze nothing more, and left nothing frozen that was not
        assert all(n <= before for n in counts + in_process)
        assert gc.get_freeze_count() <= before
