"""The claims of the five papers: one folder per paper, named by the id's tag.

A claim ``DL-T7`` is checked in ``proofs/claims/dl/``: ``grep -rn DL-T7
proofs/claims/dl`` finds the ``@claim_check`` that registers its check (or,
for a printed table, the row of ``stats/index.csv``; for a catalogue row that
no check decides, the row of ``catalogue.csv``). Each folder's ``MODULES``
lists its claim modules; :mod:`proofs.register` imports a folder only when one
of its claims is asked for.
"""

from proofs.records import SOURCES as _SOURCES

TAGS = {tag: f"proofs.claims.{tag.lower()}" for tag in _SOURCES}
"""The package of each source tag's claims."""

__all__ = ["TAGS"]
