"""Every claim id of THEORY.md is in the claims ledger (issue 11), and every
registered claim has one expected verdict (tests/proofs/expected_verdicts.toml)."""

import re

import pytest

from proofs import CLAIMS, Verdict
from tests.proofs.expected import expected_for, expected_verdicts

ID = re.compile(r"`((?:VM|DL|SLM|KO|PJ)-[A-Za-z0-9][A-Za-z0-9.]*(?:-[A-Za-z0-9.]+)*)`")

# Ids of THEORY.md that name an assumption or a definition rather than a claim:
# they are checked through the claims that use them (named here), not alone.
NOT_CLAIMS = {
    "DL-A1": "action-identifiability, the equality condition of DL-T2 (DL-T2-EQ)",
    "DL-A3": "hop independence, the assumption of DL-T7 and DL-T9",
    "VM-D2": "the no-absorption contract itself (VM-D2-SOUND, VM-D2-NEC, VM-D2-GAP)",
}


def _theory_ids(shared_dir):
    theory = shared_dir / "THEORY.md"
    if not theory.exists():
        pytest.skip(f"{theory} is not beside the checkout")
    return sorted(set(ID.findall(theory.read_text(encoding="utf-8"))))


def _registered(claim_id, registered):
    return claim_id in registered or any(
        r.startswith(f"{claim_id}@") for r in registered
    )


def test_every_theory_claim_id_is_registered(shared_dir):
    """A new id in THEORY.md fails here until the ledger checks it."""
    registered = {c.id for c in CLAIMS}
    missing = [
        i
        for i in _theory_ids(shared_dir)
        if i not in NOT_CLAIMS and not _registered(i, registered)
    ]
    assert missing == []


def test_exempt_ids_are_used_by_registered_claims(shared_dir):
    """The exemptions name ids that exist and claims that are registered."""
    ids = set(_theory_ids(shared_dir))
    registered = {c.id for c in CLAIMS}
    for exempt, reason in NOT_CLAIMS.items():
        assert exempt in ids
        named = re.findall(r"[A-Z]+-[A-Z0-9.]+(?:-[A-Z0-9]+)*", reason)
        assert all(n in registered for n in named if n != exempt), reason


def test_every_registered_claim_has_an_expected_verdict_and_vice_versa():
    """The one table of expected verdicts and the register hold the same ids, in order."""
    table = expected_verdicts()
    assert list(table) == [c.id for c in CLAIMS]
    assert set(table.values()) <= {v.value for v in Verdict}


def test_expected_for_rejects_an_unknown_id():
    with pytest.raises(KeyError, match="VM-NOPE"):
        expected_for(["VM-P1", "VM-NOPE"])
