"""The ledger's one cache file and its worker count (issue 30).

Every registered verdict is cached under a content key of the code and data;
a warm run rebuilds the register from the cache's index and imports no claim
module; an edited check is a miss, never a stale verdict.
"""

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from proofs import _run
from proofs.records import Claim, ClaimCheck, Kind, Verdict
from proofs.register import CLAIMS, claim

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("algebra", "theory", "witnesses", "proofs")


def _meta(c: Claim) -> tuple[object, ...]:
    return (c.id, c.statement, c.where, c.kind, c.slow)


def test_the_index_rebuilds_the_register(tmp_path):
    first = _run.registered_claims(cache=tmp_path)  # a miss: the register itself
    assert first is CLAIMS
    rebuilt = _run.registered_claims(cache=tmp_path)  # a hit: from the index
    assert rebuilt is not CLAIMS
    assert [_meta(c) for c in rebuilt] == [_meta(c) for c in CLAIMS]
    assert all(isinstance(c.check, _run._Registered) for c in rebuilt)
    by_id = {c.id: c for c in rebuilt}
    for ident in ("VM-P2", "VM-P3-IDEAL"):
        copy = pickle.loads(pickle.dumps(by_id[ident]))
        assert copy == by_id[ident]
        assert copy.run() == claim(ident).run()


def test_registered_fast_verdicts_are_cached_and_read_back(tmp_path):
    chosen = [claim("VM-P2"), claim("VM-P3-IDEAL")]
    assert not any(c.slow for c in chosen)
    fresh = _run.run_claims(chosen, workers=0, cache=tmp_path)
    path = _run.cache_file(tmp_path)
    data = json.loads(path.read_text())
    assert data["version"] == _run._CACHE_VERSION
    assert set(data["claims"]) == {"VM-P2", "VM-P3-IDEAL"}
    # the next run reads the file: a tampered entry shows (and --no-cache does not)
    data["claims"]["VM-P2"]["evidence"] = "read from the cache"
    path.write_text(json.dumps(data))
    again = _run.run_claims(chosen, workers=0, cache=tmp_path)
    assert again[0].result is not None
    assert again[0].result.evidence == "read from the cache"
    assert again[1].to_dict() == fresh[1].to_dict()
    recomputed = _run.run_claims(chosen, workers=0, cache=tmp_path, use_cache=False)
    assert [r.to_dict() for r in recomputed] == [r.to_dict() for r in fresh]


def test_a_claim_under_a_registered_id_but_another_check_is_not_cached(tmp_path):
    calls = []

    def check():
        calls.append(1)
        return ClaimCheck("VM-P2", Verdict.OPEN, "not the registered check")

    impostor = Claim("VM-P2", "s", Kind.ARITHMETIC, check)
    _run.run_claims([impostor], workers=0, cache=tmp_path)
    _run.run_claims([impostor], workers=0, cache=tmp_path)
    assert calls == [1, 1]
    assert list(tmp_path.iterdir()) == []


def test_another_format_version_is_a_miss(tmp_path):
    chosen = [claim("VM-P2")]
    _run.run_claims(chosen, workers=0, cache=tmp_path)
    path = _run.cache_file(tmp_path)
    data = json.loads(path.read_text())
    data["claims"]["VM-P2"]["evidence"] = "stale"
    data["version"] = _run._CACHE_VERSION - 1
    path.write_text(json.dumps(data))
    rows = _run.run_claims(chosen, workers=0, cache=tmp_path)
    assert rows[0].result is not None and rows[0].result.evidence != "stale"
    assert _run._from_index([{"id": "VM-P2"}]) is None  # a malformed index too


def test_the_key_covers_the_briefbench_directory(tmp_path, monkeypatch):
    monkeypatch.delenv("CONTEXT_LAWS_BRIEFBENCH", raising=False)
    packaged = _run.code_digest()
    rows = tmp_path / "rows"
    rows.mkdir()
    (rows / "rows_gpt.jsonl").write_text("{}\n")
    monkeypatch.setenv("CONTEXT_LAWS_BRIEFBENCH", str(rows))
    outside = _run.code_digest()
    (rows / "rows_gpt.jsonl").write_text("{}\n{}\n")
    assert len({packaged, outside, _run.code_digest()}) == 3


@pytest.mark.parametrize(
    ("cores", "batches", "expected"),
    [({0}, 5, 0), ({0, 1}, 5, 2), ({0, 1}, 1, 0), ({0, 1, 2, 3}, 3, 3)],
)
def test_default_workers_follow_the_usable_cores(monkeypatch, cores, batches, expected):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: cores, raising=False)
    assert _run.default_workers(batches) == expected


def test_one_usable_core_runs_in_this_process(monkeypatch):
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    monkeypatch.setattr(_run, "_run_pool", lambda *a: pytest.fail("started a pool"))
    chosen = [claim("VM-P2"), claim("VM-P3-IDEAL")]
    rows = _run.run_claims(chosen, use_cache=False)
    assert [r.result.verdict for r in rows if r.result] == [
        Verdict.PROVEN,
        Verdict.REFUTED,
    ]


def _ledger(where: Path, cache: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CONTEXT_LAWS_CACHE": str(cache)}
    env.pop("PYTHONPATH", None)
    return subprocess.run(
        [sys.executable, *argv],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )


def test_a_warm_run_imports_no_claim_module(tmp_path):
    cache = tmp_path / "cache"
    _ledger(ROOT, cache, "-m", "proofs", "--claim", "VM-P2", "--json")
    probe = (
        "import sys, contextlib, io\n"
        "from proofs.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    status = main(['--claim', 'VM-P2', '--json'])\n"
        "loaded = sorted(m for m in ('proofs.claims.vm.ideal', 'proofs.claims.vm.monoid', 'proofs.claims.vm.semiring',"
        " 'sympy', 'cvc5') if m in sys.modules)\n"
        "print(status, 'CLAIMS' in vars(sys.modules['proofs.register']), loaded)\n"
        "print(out.getvalue())\n"
    )
    done = _ledger(ROOT, cache, "-c", probe)
    head, _, body = done.stdout.partition("\n")
    assert head == "0 False []"
    assert json.loads(body)["claims"][0]["verdict"] == "proven"


@pytest.mark.slow
def test_an_edited_check_is_a_cache_miss(tmp_path):
    copy = tmp_path / "checkout"
    for package in PACKAGES:
        shutil.copytree(
            ROOT / package,
            copy / package,
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
    cache = tmp_path / "cache"
    argv = ("-m", "proofs", "--claim", "VM-P3-IDEAL", "--json")
    before = json.loads(_ledger(copy, cache, *argv).stdout)["claims"][0]
    assert "is a misnomer" in before["evidence"]
    assert json.loads(_ledger(copy, cache, *argv).stdout)["claims"][0] == before
    (key,) = list(cache.iterdir())
    source = copy / "proofs" / "claims" / "vm" / "ideal.py"
    text = source.read_text()
    assert text.count("is a misnomer in standard") == 1
    source.write_text(
        text.replace("is a misnomer in standard", "is EDITED in standard")
    )
    after = json.loads(_ledger(copy, cache, *argv).stdout)["claims"][0]
    assert "is EDITED in standard" in after["evidence"]
    assert key in list(cache.iterdir()) and len(list(cache.iterdir())) == 2


def test_an_open_verdict_as_long_as_the_z3_budget_is_not_cached(tmp_path, monkeypatch):
    from proofs._method import smt

    calls = []

    def make(verdict, *, slow):
        def check():
            calls.append((verdict, slow))
            return ClaimCheck(f"VM-X{verdict.value}{slow}", verdict, "e")

        return Claim(f"VM-X{verdict.value}{slow}", "s", Kind.SMT, check, slow=slow)

    chosen = [make(Verdict.OPEN, slow=False), make(Verdict.PROVEN, slow=False)]
    chosen.append(make(Verdict.OPEN, slow=True))
    # the fast stand-ins count as registered (their verdicts are cacheable)
    monkeypatch.setattr(_run, "_registered_ids", lambda cs: {c.id for c in cs})
    monkeypatch.setattr(smt, "TIMEOUT_MS", 0)  # every run "reached" the budget
    _run.run_claims(chosen, workers=0, cache=tmp_path)
    _run.run_claims(chosen, workers=0, cache=tmp_path)
    open_fast, proven_fast, open_slow = (
        (Verdict.OPEN, False),
        (Verdict.PROVEN, False),
        (Verdict.OPEN, True),
    )
    # recomputed: the fast open verdict only
    assert [calls.count(c) for c in (open_fast, proven_fast, open_slow)] == [2, 1, 1]
    monkeypatch.setattr(smt, "TIMEOUT_MS", 60_000)  # a quick open verdict is kept
    _run.run_claims(chosen, workers=0, cache=tmp_path)
    _run.run_claims(chosen, workers=0, cache=tmp_path)
    assert calls.count(open_fast) == 3 and len(calls) == 5


def test_a_replaced_register_is_neither_cached_nor_indexed(tmp_path, monkeypatch):
    import proofs.register as reg

    calls = []

    def check():
        calls.append(1)
        return ClaimCheck("VM-P2", Verdict.OPEN, "a stand-in")

    stand_in = Claim("VM-P2", "s", Kind.SMT, check)
    monkeypatch.setattr(reg, "CLAIMS", (stand_in,))
    assert _run.registered_claims(cache=tmp_path) == (stand_in,)
    _run.run_claims([stand_in], workers=0, cache=tmp_path)
    _run.run_claims([stand_in], workers=0, cache=tmp_path)
    assert calls == [1, 1]
    assert list(tmp_path.iterdir()) == []


def test_a_cached_counterexample_keeps_its_key_order(tmp_path):
    def check():
        return ClaimCheck("VM-XORDER", Verdict.REFUTED, "e", {"z": 1, "a": 2})

    slow = Claim("VM-XORDER", "s", Kind.ARITHMETIC, check, slow=True)
    fresh = _run.run_claims([slow], workers=0, cache=tmp_path)[0].to_dict()
    again = _run.run_claims([slow], workers=0, cache=tmp_path)[0].to_dict()
    assert json.dumps(again) == json.dumps(fresh)
    assert list(again["counterexample"]) == ["z", "a"]
