"""PJ-PIN as the journal prints it.

Each check recomputes printed numbers from other printed numbers with
:mod:`theory.consistency` (rounding-aware: a printed value stands for its
half-unit interval). A check whose numbers all agree is ``verified`` (finite
arithmetic); one inconsistent number is a witness, recorded with its
recomputed value.
"""

from __future__ import annotations

from proofs._method.settle import Row, settle_printed
from proofs.records import Claim, Kind, Outcome, claim_check, claim_list, umbrella
from theory.consistency import check_arithmetic, check_equal, percent_attainable

__all__ = ["CLAIMS", "check_pj_pin", "check_pj_pin_counts", "check_pj_pin_of_full"]

_PROBES = 62  # PJ Week 1 Day 2: 62 probe facts over 8 scenarios


@claim_check(
    "PJ-PIN-COUNTS",
    "(PJ 'Quantity-Pinning Breakthrough' results) 75.8%, 96.8% and 98.4% are "
    "retention over the 62 probes and the gain is +21pp",
    Kind.ARITHMETIC,
    where="Week 2, Day 1: Quantity-Pinning results; Week 1, Day 2 (62 probes)",
)
def check_pj_pin_counts() -> Outcome:
    """PJ-PIN-COUNTS: 75.8% / 96.8% / 98.4% over 62 probes and the +21pp gain.

    Examples
    --------
    >>> from proofs.claims.pj.printed import check_pj_pin_counts
    >>> check_pj_pin_counts().verdict.value
    'verified'
    """
    rows: list[Row] = [
        ("rlm", "Week 2 Day 1 results, RLM(8)", percent_attainable("75.8", _PROBES)),
        ("qpb", "Week 2 Day 1 results, QPB", percent_attainable("96.8", _PROBES)),
        (
            "full",
            "Week 2 Day 1 results, Full Context",
            percent_attainable("98.4", _PROBES),
        ),
        ("qtd", "Week 2 Day 1 results, QTD", percent_attainable("98.4", _PROBES)),
        ("gain", "Week 2 Day 1, +21pp", check_arithmetic("21", "96.8-75.8")),
        ("wrapup", "Wrap-up, 'from 75.8% to 96.8%'", check_equal("96.8", "96.8")),
    ]
    preamble = (
        "PJ 'Quantity-Pinning Breakthrough': probe retention over the 62 probe facts "
        "(47, 60 and 61 of 62 print as 75.8, 96.8 and 98.4)."
    )
    return settle_printed(rows, preamble)


@claim_check(
    "PJ-PIN-OF-FULL",
    "(PJ opening line) pinning gets 96.8% of Full Context's retention",
    Kind.ARITHMETIC,
    where="opening line vs Week 2, Day 1 results table",
)
def check_pj_pin_of_full() -> Outcome:
    """PJ-PIN-OF-FULL: QPB gets 96.8% of Full Context's retention (PJ's opening line).

    Examples
    --------
    >>> from proofs.claims.pj.printed import check_pj_pin_of_full
    >>> check_pj_pin_of_full().verdict.value
    'refuted'
    """
    rows: list[Row] = [
        (
            "of-full",
            "opening summary, '96.8% of Full Context's retention'",
            check_arithmetic("96.8", "96.8/98.4*100"),
        )
    ]
    preamble = (
        "PJ's opening line says the side-channel gets 96.8% of Full Context's "
        "retention; its results table prints QPB at 96.8% and Full Context at 98.4% "
        "(60 and 61 of 62 probes), so QPB gets 96.8/98.4 = 98.4% of Full Context's, "
        "and 96.8% is QPB's own retention."
    )
    return settle_printed(rows, preamble)


@claim_check(
    "PJ-PIN",
    "(PJ 'Quantity-Pinning Breakthrough', opening line) the regex pinning side "
    "channel lifts probe retention from 75.8% to 96.8% (+21pp), 96.8% of Full "
    "Context's retention",
    Kind.ARITHMETIC,
    where="opening line; Week 2, Day 1: Quantity-Pinning results",
)
def check_pj_pin() -> Outcome:
    """PJ-PIN: its parts PJ-PIN-COUNTS and PJ-PIN-OF-FULL; the weakest decides.

    Examples
    --------
    >>> from proofs.claims.pj.printed import check_pj_pin
    >>> check_pj_pin().verdict.value
    'refuted'
    """
    return umbrella([check_pj_pin_counts, check_pj_pin_of_full])()


CLAIMS: tuple[Claim, ...] = claim_list(
    check_pj_pin, check_pj_pin_counts, check_pj_pin_of_full
)
