"""The claims ledger and ``python -m proofs``."""

import json
import subprocess
import sys

import pytest

from proofs import (
    CLAIMS,
    Claim,
    ClaimCheck,
    Kind,
    Verdict,
    check,
    claim,
    ledger,
)
from proofs.claims.vm import contract, ideal, monoid
from proofs.cli import main, resolve
from proofs.records import SOURCES
from tests.proofs.expected import expected_for

ALGEBRA_VERDICTS = expected_for(c for m in (monoid, ideal, contract) for c in m.CLAIMS)


@pytest.mark.parametrize(("claim_id", "verdict"), sorted(ALGEBRA_VERDICTS.items()))
def test_algebra_claim_verdicts(claim_id, verdict):
    """Each algebra claim gets the verdict the mathematics gives (hand-derived, THEORY.md §1)."""
    assert check(claim_id).verdict.value == verdict


def test_vm_p3_ideal_counterexample_is_real():
    """The recorded counterexample really leaves the ideal, checked with the Python code."""
    from algebra import CommittedContext, compose_commit, is_absorbed

    cx = check("VM-P3-IDEAL").counterexample
    x = CommittedContext(
        cx["X_w"] if cx["X_has"] else None, cx["X_dtotal"], cx["X_dpre"], cx["X_c"]
    )
    a = CommittedContext(
        cx["A_w"] if cx["A_has"] else None, cx["A_dtotal"], cx["A_dpre"], cx["A_c"]
    )
    k = cx["k"]
    assert a.committed and is_absorbed(a, k)
    out = compose_commit(x, a)
    assert not (out.committed and is_absorbed(out, k))


def test_vm_d2_gap_witness_is_real():
    """The contract blind spot: mu(B) satisfies the contract yet is absorbed while B is not."""
    from algebra import Context, is_absorbed, satisfies_contract

    cx = check("VM-D2-GAP").counterexample
    b = Context(0, cx["B_dtotal"], cx["B_dpre"])
    m = Context(0, cx["M_dtotal"], cx["M_dpre"])
    k = cx["k"]
    assert satisfies_contract(b, m, k)
    assert not is_absorbed(b, k)
    assert is_absorbed(m, k)


def test_claim_ids_unique_and_sources_known():
    """Claim ids are unique and every source tag is one of THEORY.md's."""
    ids = [c.id for c in CLAIMS]
    assert len(ids) == len(set(ids))
    assert {c.source for c in CLAIMS} <= {"VM", "DL", "SLM", "KO", "PJ"}


def test_crashing_check_is_reported_not_raised(monkeypatch):
    """A check that raises becomes an error row and the CLI exits 1."""
    import proofs.register as reg
    from proofs import cli as _cli

    def boom():
        raise RuntimeError("deliberate")

    bad = Claim("VM-P1", "x", Kind.SMT, boom)
    monkeypatch.setattr(reg, "CLAIMS", (bad,))
    monkeypatch.setattr(_cli, "CLAIMS", (bad,))
    rows = reg.ledger()
    assert rows[0].result is None
    assert "deliberate" in rows[0].error
    assert main([]) == 1


def test_claim_must_answer_for_itself():
    """A check answering for another id is rejected."""
    c = Claim(
        "VM-A", "s", Kind.ARITHMETIC, lambda: ClaimCheck("VM-B", Verdict.OPEN, "e")
    )
    with pytest.raises(ValueError, match="check of VM-A answered for VM-B"):
        c.run()


def test_source_is_the_id_prefix():
    """The source tag is derived from the id, never typed (DL-INF-RULE3 is DL)."""
    assert claim("DL-INF-RULE3").source == "DL"
    assert {c.source for c in CLAIMS} <= set(SOURCES)
    assert all(c.id.startswith(c.source + "-") for c in CLAIMS)
    assert Claim("SLM-T6.1", "s", Kind.SMT, lambda: None).source == "SLM"


@pytest.mark.parametrize("bad", ["ZZ-1", "VM", "vm-P1", "", 3])
def test_claim_id_needs_a_source_prefix(bad):
    with pytest.raises(ValueError, match=r"id must start with a source tag .*got"):
        Claim(bad, "s", Kind.SMT, lambda: None)


def test_optional_claim_fields_are_keyword_only():
    with pytest.raises(TypeError):
        Claim("VM-A", "s", Kind.SMT, lambda: None, True)


def test_json_output_shape(capsys):
    """--json prints the documented keys in a stable order."""
    assert main(["--json", "--claim", "VM-P2"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert list(doc) == ["claims"]
    row = doc["claims"][0]
    assert list(row) == [
        "id",
        "source",
        "statement",
        "where",
        "kind",
        "verdict",
        "evidence",
        "counterexample",
        "also_decides",
    ]
    assert row["kind"] == "smt"
    assert row["verdict"] == "proven"
    assert row["where"] == "§3.3, Proposition 2"


def test_verbose_claim_prints_smt_query(capsys):
    """--claim ID prints the re-runnable SMT-LIB query."""
    assert main(["--claim", "VM-P1"]) == 0
    out = capsys.readouterr().out
    assert "(check-sat)" in out
    assert "VM-P1" in out


def test_unknown_claim_is_usage_error(capsys):
    """An unknown id exits 2 with a message naming it."""
    with pytest.raises(SystemExit) as exc:
        main(["--claim", "NOPE"])
    assert exc.value.code == 2
    assert "claim 'NOPE' is not registered" in capsys.readouterr().err


def test_report_written_atomically(tmp_path, capsys):
    """--report writes a Markdown table and leaves no temporary file."""
    out = tmp_path / "ledger.md"
    assert main(["--claim", "VM-R1", "--report", str(out)]) == 0
    text = out.read_text()
    assert "### VM-R1: proven" in text and "- **Kind:** smt" in text
    assert [p.name for p in tmp_path.iterdir()] == ["ledger.md"]


def test_module_entry_point_runs():
    """python -m proofs --claim VM-P2 runs in a subprocess."""
    proc = subprocess.run(
        [sys.executable, "-m", "proofs", "--claim", "VM-P2", "--json"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["claims"][0]["verdict"] == "proven"


def test_ledger_subset_order():
    """ledger(ids) runs exactly the requested claims in order."""
    assert [r.claim.id for r in ledger(ids=["VM-R1", "VM-P1"])] == ["VM-R1", "VM-P1"]


def test_quick_skips_slow_claims_and_says_so(monkeypatch, capsys):
    """--quick runs the fast claims only and lists the slow ones in the report."""
    import dataclasses

    from proofs import claim
    from proofs import cli as _cli

    fast, slow = claim("VM-P2"), dataclasses.replace(claim("VM-R1"), slow=True)
    monkeypatch.setattr(_cli, "CLAIMS", (fast, slow))
    assert main(["--quick", "--json"]) == 0
    captured = capsys.readouterr()
    rows = json.loads(captured.out)["claims"]
    assert [(row["id"], row["verdict"]) for row in rows] == [
        ("VM-P2", "proven"),
        ("VM-R1", "not run (slow)"),
    ]
    assert main(["--quick"]) == 0
    out = capsys.readouterr().out
    assert "VM-R1  NOT RUN (SLOW)" in out
    assert "total: 2 claims (1 proven, 1 not run (slow))" in out


@pytest.mark.parametrize(
    ("module", "claim_id"),
    [
        ("proofs.claims.vm.ideal", "VM-P3"),
        ("proofs.claims.vm.contract", "VM-D2-SOUND"),
        ("proofs.claims.vm.contract", "VM-D2-NEC"),
        ("proofs.claims.vm.monoid", "VM-P1"),
    ],
)
def test_a_proof_that_does_not_go_through_is_open_not_refuted(
    monkeypatch, module, claim_id
):
    """z3 'unknown' (a timeout) is no counterexample: the verdict is open."""
    import importlib

    from proofs._method.smt import SmtResult

    mod = importlib.import_module(module)
    monkeypatch.setattr(
        mod, "prove", lambda *a, **k: SmtResult(False, None, "", "unknown")
    )
    assert check(claim_id).verdict is Verdict.OPEN


def test_resolve_refuses_claims_that_are_not_claims():
    """A bad ``claims`` argument is named, not an AttributeError deep inside."""
    with pytest.raises(TypeError, match=r"claims\[0\] must be a Claim, got int"):
        resolve("VM-P1", claims=iter([1, 2]))
