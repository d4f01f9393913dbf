"""The ledger's command line (issue 24): ids, listing, report, pool and cache; context-laws."""

import json
import subprocess
import sys

import pytest

from proofs import _run
from proofs import cli as _cli
from proofs import tool as _tool
from proofs.records import Claim, ClaimCheck, Kind, Verdict
from proofs.register import CLAIMS


def test_resolve_is_case_insensitive_and_expands_semantics():
    assert [c.id for c in _cli.resolve("vm-p1")] == ["VM-P1"]
    assert [c.id for c in _cli.resolve("VM-C3")] == ["VM-C3@reference", "VM-C3@paper"]
    assert [c.id for c in _cli.resolve("vm-e58@PAPER")] == ["VM-E58@paper"]


def test_resolve_suggests_the_nearest_ids():
    with pytest.raises(ValueError, match=r"did you mean VM-P1\b"):
        _cli.resolve("VM-P11")
    with pytest.raises(
        ValueError, match="is not registered \\(context-laws ledger --list"
    ):
        _cli.resolve("zzzz")
    with pytest.raises(TypeError, match="query must be a claim id"):
        _cli.resolve(3)


def test_claim_without_suffix_runs_both_semantics(capsys):
    assert _cli.main(["--claim", "vm-e58", "--json", "--workers", "0"]) == 0
    ids = [row["id"] for row in json.loads(capsys.readouterr().out)["claims"]]
    assert ids == ["VM-E58@reference", "VM-E58@paper"]


def test_unknown_claim_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as stop:
        _cli.main(["--claim", "VM-P11"])
    assert stop.value.code == 2
    assert "did you mean VM-P1" in capsys.readouterr().err


def test_list_names_every_claim_and_runs_nothing(capsys, monkeypatch):
    monkeypatch.setattr(_cli, "run_claims", lambda *a, **k: pytest.fail("ran checks"))
    assert _cli.main(["--list"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") >= len(CLAIMS)
    assert "VM-T9" in out and "(slow)" in out
    assert max(len(line) for line in out.splitlines()) <= 100


def test_text_is_wrapped_grouped_and_counted(capsys):
    assert (
        _cli.main(["--claim", "VM-P2", "--claim", "VM-P3-IDEAL", "--workers", "0"]) == 0
    )
    out = capsys.readouterr().out
    assert out.startswith("== VM: 2 claims (1 proven, 1 refuted)")
    assert out.rstrip().endswith("total: 2 claims (1 proven, 1 refuted)")


def test_report_has_statement_location_counterexample_and_counts(tmp_path, capsys):
    report = tmp_path / "ledger.md"
    assert (
        _cli.main(["--claim", "VM-P3-IDEAL", "--report", str(report), "--workers", "0"])
        == 0
    )
    text = report.read_text()
    assert "| VM | 1 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |" in text
    assert "### VM-P3-IDEAL: refuted" in text
    assert "- **Where:** " in text and "- **Claim:** " in text
    assert "- **Counterexample:** `{" in text
    assert "context-laws ledger --claim VM-P3-IDEAL" in text


def _claims(slow):
    calls = []

    def make(i):
        def check():
            calls.append(i)
            return ClaimCheck(f"VM-X{i}", Verdict.VERIFIED, f"e{i}")

        return Claim(f"VM-X{i}", "s", Kind.ARITHMETIC, check, slow=slow)

    return [make(i) for i in range(3)], calls


def test_slow_verdicts_are_cached_by_content(tmp_path, monkeypatch):
    claims, calls = _claims(slow=True)
    first = _run.run_claims(claims, workers=0, cache=tmp_path)
    assert calls == [0, 1, 2]
    again = _run.run_claims(claims, workers=0, cache=tmp_path)
    assert calls == [0, 1, 2]  # read from the cache
    assert [r.to_dict() for r in again] == [r.to_dict() for r in first]
    _run.run_claims(claims, workers=0, cache=tmp_path, use_cache=False)
    assert calls == [0, 1, 2, 0, 1, 2]
    # Another code digest is another key: nothing stale is shown.
    monkeypatch.setattr(_run, "code_digest", lambda *, root=None: "other")
    _run.run_claims(claims, workers=0, cache=tmp_path)
    assert calls == [0, 1, 2, 0, 1, 2, 0, 1, 2]  # recomputed, not read back


def test_fast_claims_are_never_cached(tmp_path):
    claims, calls = _claims(slow=False)
    _run.run_claims(claims, workers=0, cache=tmp_path)
    _run.run_claims(claims, workers=0, cache=tmp_path)
    assert calls == [0, 1, 2, 0, 1, 2]
    assert list(tmp_path.iterdir()) == []


def test_a_corrupt_cache_is_ignored(tmp_path):
    claims, calls = _claims(slow=True)
    (tmp_path / f"ledger-{_run.code_digest()}.json").write_text("{not json")
    rows = _run.run_claims(claims, workers=0, cache=tmp_path)
    assert calls == [0, 1, 2] and all(r.result is not None for r in rows)


def test_code_digest_changes_with_the_code(tmp_path):
    for package in ("algebra", "theory", "witnesses", "proofs"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "a.py").write_text("x = 1\n")
    before = _run.code_digest(root=tmp_path)
    (tmp_path / "theory" / "a.py").write_text("x = 2\n")
    assert _run.code_digest(root=tmp_path) != before


def test_pool_and_serial_runs_agree():
    ids = ["VM-P2", "VM-P3-IDEAL", "DL-T7", "VM-T4"]
    chosen = [c for c in CLAIMS if c.id in ids]
    serial = _run.run_claims(chosen, workers=0, use_cache=False)
    pooled = _run.run_claims(chosen, workers=2, use_cache=False)
    assert [r.to_dict() for r in pooled] == [r.to_dict() for r in serial]


def test_context_laws_help_and_unknown_command(capsys):
    assert _tool.main(["--help"]) == 0
    out = capsys.readouterr().out
    for name in ("exp58", "ledger", "rates", "sweep", "audit"):
        assert f"  {name} " in out
    with pytest.raises(SystemExit):
        _tool.main(["proof"])
    assert "unknown command 'proof'" in capsys.readouterr().err


def test_context_laws_runs_each_entry_point(capsys):
    assert _tool.main(["ledger", "--claim", "vm-p2", "--workers", "0"]) == 0
    assert "VM-P2  PROVEN" in capsys.readouterr().out
    assert _tool.main(["exp58", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["witness_triple"] is True
    with pytest.raises(SystemExit) as stop:
        _tool.main(["sweep", "--help"])
    assert stop.value.code == 0
    assert "usage: context-laws sweep" in capsys.readouterr().out


def test_sweep_command_line_runs_in_process(tmp_path, capsys):
    out = tmp_path / "s.json"
    args = ["--seeds", "1", "--retentions", "0.5", "--workers", "0", "--out", str(out)]
    assert _tool.main(["sweep", *args]) == 0
    text = capsys.readouterr().out
    assert "0.50       contract_guarded   1.000" in text
    assert json.loads(out.read_text())["semantics"] == "reference"
    with pytest.raises(SystemExit) as stop:
        _tool.main(["sweep", "--seeds", "0"])
    assert stop.value.code == 2


def test_console_script_is_declared():
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).parents[2] / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["context-laws"] == "proofs.tool:_script"


def test_python_m_witnesses_sweep_help_documents_every_option():
    done = subprocess.run(
        [sys.executable, "-m", "witnesses.sweep", "--help"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    for option in ("--retentions", "--seeds", "--semantics", "--solver", "--workers",
                   "--dask", "--journal", "--out", "--json", "--progress"):  # fmt: skip
        assert option in done.stdout


def test_one_claim_is_one_claim(capsys):
    """New user (2026-11-27): the ledger printed "1 claims"."""
    from proofs.tool import main as tool

    assert tool(["ledger", "--claim", "VM-P1"]) == 0
    out = capsys.readouterr().out
    assert "1 claims" not in out
    assert "total: 1 claim (" in out and "== VM: 1 claim (" in out
