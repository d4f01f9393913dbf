"""The Exp58 witness CLI (VM-E58; WITNESS.md 2.1, decisions 1-2; STYLE.md §13)."""

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest

from witnesses import exp58
from witnesses.exp58 import main, run
from witnesses.semantics import PAPER, PAPER_ELIGIBLE

ROOT = Path(__file__).resolve().parents[2]

# WITNESS.md 2.1, the published table (reference semantics), transcribed by hand:
# (strategy, M) -> (kept block-1, free valid, free TP, free score, fixed valid,
# pivot preserved).
PUBLISHED = {
    ("full", 1): (40, True, "e41", 47.08421052631579, True, True),
    ("full", 10): (40, True, "e41", 47.08421052631579, True, True),
    ("naive", 1): (2, False, None, None, False, False),
    ("naive", 10): (2, True, "e45", 21.46727272727273, False, False),
    ("contract_guarded", 1): (40, True, "e41", 47.08421052631579, True, True),
    ("contract_guarded", 10): (40, True, "e41", 47.08421052631579, True, True),
}


def _row(cell):
    return (
        len(cell.kept_block1),
        cell.free.valid,
        cell.free.pivot,
        cell.free.score,
        cell.fixed.valid,
        cell.pivot_preserved,
    )


def test_vm_e58_reference_reproduces_the_published_table_exactly():
    result = run()
    assert {(c.strategy, c.m): _row(c) for c in result.cells} == PUBLISHED
    assert result.cell("naive", 1).kept_block1 == ("e01", "e03")
    assert result.witness_triple and result.mirage_by_substitution
    # The paper's shortfall 1 - 21.467/47.084 = 0.5441 (WITNESS.md 2.1).
    assert result.shortfall == 1 - 21.46727272727273 / 47.08421052631579
    assert round(result.shortfall, 4) == 0.5441


def test_vm_e58_paper_eligible_contract_row_is_definition2():
    """WITNESS.md decision 2: Def. 2 keeps 4 block-1 events, TP e41, 39.02692307692308.

    That illustration counts development the reference way (every event, 20%
    setup share): the semantics ``PAPER_ELIGIBLE``.
    """
    result = run(semantics=PAPER_ELIGIBLE)
    cell = result.cell("definition2", 1)
    assert cell.kept_block1 == ("e01", "e02", "e03", "e40")
    assert (cell.free.pivot, cell.free.score) == ("e41", 39.02692307692308)
    # The endogenous pivot removes the e01/e03/e41 substitution; e45 stays the
    # turning point of a shorter sequence, e42..e50 (hand value 5.465, see
    # tests/witnesses/test_solve.py).
    naive = result.cell("naive", 10)
    assert naive.free.pivot == "e45"
    assert naive.free.score == pytest.approx(5.465, abs=1e-12)
    assert result.witness_triple and result.mirage_by_substitution


def test_vm_e58_paper_semantics_definition2_is_vacuous():
    """With non-focal events as development (PAPER), Exp58 has no development at all.

    Every event belongs to actor_0, so d_total(block 1) = 0 and Definition 2
    (d_total(mu(B)) >= min(d_total(B), k) = 0) allows every drop: the contract
    row keeps what naive keeps, and the witness triple fails.
    """
    result = run(semantics=PAPER)
    assert result.contract == "definition2"
    contract, naive = result.cell("definition2", 1), result.cell("naive", 1)
    assert contract.kept_block1 == naive.kept_block1 == ("e01", "e03")
    assert not contract.free.valid
    assert not result.witness_triple
    assert result.mirage_by_substitution
    assert result.to_dict()["parameters"]["counting"] == "paper"


def test_json_document_keys_and_byte_identical_runs(capsys):
    assert main(["--json"]) == 0
    first = capsys.readouterr().out
    assert main(["--json"]) == 0
    assert capsys.readouterr().out == first
    doc = json.loads(first)
    for key in ("semantics", "k", "cells", "witness_triple", "mirage_by_substitution",
                "shortfall", "experiment", "claim_ids", "version", "parameters",
                "checks", "verdict"):  # fmt: skip
        assert key in doc
    assert doc["semantics"] == "reference" and doc["k"] == 3
    cell = doc["cells"][3]
    assert (cell["strategy"], cell["M"], cell["kept_block1"]) == ("naive", 10, 2)
    assert cell["free"] == {
        "valid": True,
        "pivot": "e45",
        "score": 21.46727272727273,
    }
    assert cell["fixed"] == {"valid": False, "score": None}
    assert first == json.dumps(doc, sort_keys=True, indent=2) + "\n"


def test_table_is_the_default_output(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert "witness triple (M=1: full valid, naive not, contract valid): yes" in out
    assert "substituting pivot e45 for e41, scoring 54% less" in out
    assert "naive                  2 10   yes    e45   21.467" in out
    assert "keeps all 40 block-1 events" in out


def test_table_says_when_the_contract_is_vacuous(capsys):
    assert main(["--semantics", "paper"]) == 1
    out = capsys.readouterr().out
    assert "the contract is vacuous" in out
    assert "witness triple (M=1: full valid, naive not, contract valid): no" in out


def test_out_writes_the_document_atomically(tmp_path, capsys):
    target = tmp_path / "exp58.json"
    assert main(["--semantics", "paper", "--out", str(target)]) == 1
    doc = json.loads(target.read_text())
    assert doc["semantics"] == "paper"
    assert list(tmp_path.iterdir()) == [target]


def test_crash_is_exit_3_and_leaves_no_file(tmp_path, capsys, monkeypatch):
    def boom(**kwargs):
        raise RuntimeError("solver exploded")

    monkeypatch.setattr(exp58, "run", boom)
    target = tmp_path / "exp58.json"
    assert main(["--out", str(target)]) == 3
    assert "solver exploded" in capsys.readouterr().err
    assert not target.exists()


def test_exit_1_when_the_witness_fails(monkeypatch, capsys):
    real = run()
    monkeypatch.setattr(
        exp58, "run", lambda **kw: dataclasses.replace(real, witness_triple=False)
    )
    assert main([]) == 1


def test_usage_error_is_exit_2(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--semantics", "neither"])
    assert info.value.code == 2


def test_unknown_semantics_in_run():
    with pytest.raises(ValueError, match="semantics must be a Semantics or one of"):
        run(semantics="both")


def test_module_entry_point_as_a_subprocess():
    proc = subprocess.run(
        [sys.executable, "-m", "witnesses.exp58", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["witness_triple"] is True


def test_out_into_a_missing_directory_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        main(["--out", str(tmp_path / "absent" / "exp58.json")])
    assert info.value.code == 2
    assert "does not exist" in capsys.readouterr().err
    assert not (tmp_path / "absent").exists()
