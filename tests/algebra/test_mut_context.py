"""algebra.context: ``CommittedContext.lift`` takes exactly a Context (issue 33).

Written against the survivor of the mutation run of algebra/context.py: with
the check gone, a committed context (or a subclass of Context) would be
lifted silently, and a committed context would lose or keep its flag
depending on the argument.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from algebra import CommittedContext, Context


@dataclass(frozen=True, slots=True)
class SubContext(Context):
    pass


@pytest.mark.parametrize(
    ("value", "kind"),
    [
        (CommittedContext(1, 2, 1, True), "CommittedContext"),
        (SubContext(1, 2, 1), "SubContext"),
        ((1, 2, 1), "tuple"),
    ],
)
def test_lift_refuses_anything_but_a_context(value, kind):
    with pytest.raises(
        TypeError, match=rf"^context must be a Context, got .* of type {kind}$"
    ):
        CommittedContext.lift(value, committed=False)


def test_lift_keeps_the_fields():
    assert CommittedContext.lift(Context(1, 2, 1)) == CommittedContext(1, 2, 1, False)
    assert CommittedContext.lift(Context(1, 2, 1), committed=True).committed is True
