"""The claims catalogue (proofs.catalogue(), proofs._catalogue; issue 19)."""

import pytest

from proofs import CLAIMS, catalogue
from proofs._catalogue import CATALOGUE_COLUMNS, CATALOGUE_KINDS, load_catalogue

HEADER = ",".join(CATALOGUE_COLUMNS) + "\n"


def _registered(claim_id, registered):
    return claim_id in registered or any(
        r.startswith(f"{claim_id}@") for r in registered
    )


def test_every_checked_by_id_is_registered():
    """A catalogue row may only name ledger ids that exist."""
    registered = {c.id for c in CLAIMS}
    missing = [
        (e.source, e.id, i)
        for e in catalogue()
        for i in e.checked_by
        if not _registered(i, registered)
    ]
    assert missing == []


@pytest.mark.parametrize("source", ["VM", "KO", "PJ"])
def test_every_ledger_claim_of_a_paper_is_catalogued(source):
    """Each ledger id of VM, KO, PJ (or the id it is a part of) is catalogued."""
    named = {i.split("@")[0] for e in catalogue(source=source) for i in e.checked_by}
    named |= {e.id for e in catalogue(source=source)}

    def covered(claim_id):
        base = claim_id.split("@")[0]
        parts = base.split("-")
        return any("-".join(parts[:n]) in named for n in range(len(parts), 1, -1))

    ledger_ids = [
        c.id for c in CLAIMS if c.source == source and c.id.startswith(source)
    ]
    assert ledger_ids
    assert [i for i in ledger_ids if not covered(i)] == []


def test_entries_are_well_formed():
    """Kinds are known, ids unique per paper, not-checked rows give a reason."""
    entries = catalogue()
    assert {e.kind for e in entries} <= set(CATALOGUE_KINDS)
    for source in {e.source for e in entries}:
        ids = [e.id for e in entries if e.source == source]
        assert len(ids) == len(set(ids))
    for e in entries:
        assert e.status != "not-checked" or e.reason
        assert e.status != "checked" or not e.reason
        assert e.status == "not-checked" or e.checked_by


def test_entries_are_frozen():
    """Catalogue records cannot be mutated."""
    entry = catalogue(source="VM")[0]
    with pytest.raises(AttributeError):
        entry.status = "checked"


def test_unknown_source_is_rejected():
    """Asking for a paper without a catalogue names the known ones."""
    with pytest.raises(ValueError, match=r"source='XX' has no catalogue \(known: VM"):
        catalogue(source="XX")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("id,where,kind\n", "the header must be"),
        (HEADER + "A,s1,theorem,st,X,checked,extra\n", "line 2: 7 cells"),
        (HEADER + "A,s1,guess,st,X,checked\n", "line 2, column kind: unknown kind"),
        (HEADER + "A,s1,theorem,st,,checked\n", "column checked_by"),
        (HEADER + "A,s1,theorem,st,,not-checked\n", "column status"),
        (HEADER + "A,s1,theorem,st,X,done\n", "column status"),
        (HEADER + "A,s1,theorem,st,X,checked: fully\n", "column status"),
        (HEADER + "A,,theorem,st,X,checked\n", "column where: empty"),
        (HEADER + "A,s1,theorem,st,X,checked\nA,s2,lemma,st,X,checked\n", "duplicate"),
    ],
)
def test_malformed_catalogue_names_file_line_and_column(tmp_path, text, match):
    """A malformed catalogue file raises ValueError pointing at the cell."""
    path = tmp_path / "ZZ.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=match) as info:
        load_catalogue("ZZ", path)
    assert "proofs/claims/zz/catalogue.csv" in str(info.value)


def test_weaker_may_say_how(tmp_path):
    """'weaker: <how>' keeps the explanation in reason."""
    path = tmp_path / "ZZ.csv"
    path.write_text(HEADER + "A,s1,lemma,st,X,weaker: one case only\n", "utf-8")
    (entry,) = load_catalogue("ZZ", path)
    assert (entry.status, entry.reason) == ("weaker", "one case only")


def test_not_checked_reason_is_kept(tmp_path):
    """'not-checked: <reason>' splits into status and reason."""
    path = tmp_path / "ZZ.csv"
    path.write_text(
        HEADER + 'A,s1,empirical,st,,"not-checked: no data, sorry"\n', "utf-8"
    )
    (entry,) = load_catalogue("ZZ", path)
    assert (entry.status, entry.reason, entry.checked_by) == (
        "not-checked",
        "no data, sorry",
        (),
    )
