"""The register by source tag: one folder per paper, imported only when asked (issue 31)."""

import json
import subprocess
import sys
import types

import pytest

from proofs import CLAIMS
from proofs.claims import TAGS
from proofs.records import SOURCES, ClaimCheck, Kind, Verdict, claim_check
from proofs.register import claims_of


def test_every_tag_has_a_folder_and_the_register_is_their_union_in_order():
    assert list(TAGS) == list(SOURCES)
    assert [c.id for c in CLAIMS] == [c.id for t in SOURCES for c in claims_of(t)]
    for tag in SOURCES:
        assert {c.source for c in claims_of(tag)} == {tag}


@pytest.mark.parametrize("tag", ["XX", "vm", "", None, 3])
def test_an_unknown_tag_is_refused_with_the_known_ones(tag):
    with pytest.raises(ValueError, match=r"tag must be one of VM, DL, SLM, KO, PJ"):
        claims_of(tag)


def test_one_claim_imports_only_its_papers_folder():
    """``check("PJ-PIN-COUNTS")`` in a fresh interpreter loads pj's modules, no other's."""
    code = (
        "import sys\n"
        "from proofs import check\n"
        "assert check('PJ-PIN-COUNTS').verdict.value == 'verified'\n"
        "print(sorted({m.split('.')[2] for m in sys.modules "
        "if m.startswith('proofs.claims.') and m.count('.') >= 2}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.split() == ["['pj']"]


def _fake_tag(monkeypatch, modules):
    """Put a fake ``proofs.claims.pj`` with ``modules`` (name -> CLAIMS) in place."""
    package = types.ModuleType("fake_tag")
    package.MODULES = tuple(modules)
    monkeypatch.setitem(sys.modules, "fake_tag", package)
    for name, claims in modules.items():
        module = types.ModuleType(name)
        module.CLAIMS = claims
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setitem(TAGS, "PJ", "fake_tag")
    claims_of.cache_clear()


@pytest.fixture
def fresh_register():
    claims_of.cache_clear()
    yield
    claims_of.cache_clear()


def _claim(claim_id):
    @claim_check(claim_id, "s", Kind.ARITHMETIC)
    def check():
        return ClaimCheck(claim_id, Verdict.OPEN, "e")

    return check


def test_a_claim_under_another_papers_folder_is_refused(monkeypatch, fresh_register):
    from proofs.records import claim_list

    _fake_tag(monkeypatch, {"fake_tag.a": claim_list(_claim("KO-X1"))})
    with pytest.raises(
        RuntimeError, match=r"KO-X1 is registered in fake_tag\.a, not under its tag PJ"
    ):
        claims_of("PJ")


def test_a_claim_registered_twice_is_refused(monkeypatch, fresh_register):
    from proofs.records import claim_list

    _fake_tag(
        monkeypatch,
        {
            "fake_tag.a": claim_list(_claim("PJ-X1")),
            "fake_tag.b": claim_list(_claim("PJ-X1")),
        },
    )
    with pytest.raises(
        RuntimeError, match=r"PJ-X1 registered twice \(second time in fake_tag\.b\)"
    ):
        claims_of("PJ")


def test_a_fake_folder_is_read_in_its_modules_order(monkeypatch, fresh_register):
    from proofs.records import claim_list

    _fake_tag(
        monkeypatch,
        {
            "fake_tag.b": claim_list(_claim("PJ-X2")),
            "fake_tag.a": claim_list(_claim("PJ-X1")),
        },
    )
    ids = [c.id for c in claims_of("PJ")]
    # the folder's checks in MODULES order, then the catalogue's not-checked PJ rows
    assert ids[:2] == ["PJ-X2", "PJ-X1"]
    assert all(c.startswith("PJ-") for c in ids[2:]) and len(ids) > 2


def test_a_semantics_suffix_takes_its_rows_location_and_statement():
    """``VM-E58@paper`` is registered by the catalogue row ``VM-E58``."""
    from proofs import catalogue, claim

    row = next(r for r in catalogue(source="VM") if r.id == "VM-E58")
    for cid in ("VM-E58@paper", "VM-E58@reference"):
        assert (claim(cid).where, claim(cid).statement) == (row.where, row.statement)


def test_an_unknown_id_names_eight_known_ones():
    from proofs import claim

    with pytest.raises(ValueError, match="is not registered") as info:
        claim("VM-NOPE")
    message = str(info.value)
    first = ", ".join(c.id for c in CLAIMS[:8])
    assert message == (
        f"claim_id='VM-NOPE' is not registered (known ids include {first}, ...)"
    )


def test_a_replaced_register_is_the_one_claim_and_ledger_read(monkeypatch):
    """A test (or a user) may put its own claims in place of ``CLAIMS``."""
    from proofs import register
    from proofs.records import claim_list

    mine = claim_list(_claim("VM-P1"))
    monkeypatch.setattr(register, "CLAIMS", mine)
    assert register.claim("VM-P1") is mine[0]
    assert [row.claim.id for row in register.ledger()] == ["VM-P1"]
    assert register.ledger()[0].result.evidence == "e"


def test_before_the_register_is_collected_one_id_is_found_in_its_folder(monkeypatch):
    from proofs import register

    monkeypatch.delattr(register, "CLAIMS", raising=False)
    for cid in ("PJ-PIN", "KO-CAP", "VM-E58@paper"):
        assert register.claim(cid).id == cid
    assert "CLAIMS" not in vars(register)


def test_list_with_json_prints_the_register_as_json(capsys):
    """``--list --json`` printed text before (new user); now the register's rows."""
    from proofs.cli import main

    assert main(["--list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["claims"]
    assert [r["id"] for r in rows] == [c.id for c in CLAIMS]
    assert [r["slow"] for r in rows] == [c.slow for c in CLAIMS]
    assert list(rows[0]) == ["id", "source", "statement", "where", "kind", "slow"]
