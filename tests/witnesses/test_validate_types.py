"""``validate`` names a wrong-typed argument (h-findings: it raised AttributeError)."""

from __future__ import annotations

import pytest

from witnesses import Event, Grammar, Phase, Timeline, validate

TL = Timeline([Event(f"e{i}", i, 1.0, actors={"a"}) for i in range(4)])
PHASES = [Phase.DEVELOPMENT, Phase.TURNING_POINT, Phase.RESOLUTION, Phase.RESOLUTION]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (([], [], [], TL, "a"), "grammar must be a Grammar, got [] of type list"),
        (
            ([], [], Grammar(), [], "a"),
            "timeline must be a Timeline, got [] of type list",
        ),
        (([], [], Grammar(), TL, 3), "focal must be a str, got 3 of type int"),
    ],
)
def test_a_wrong_type_is_a_type_error_naming_the_argument(args, message) -> None:
    with pytest.raises(TypeError) as err:
        validate(*args)
    assert str(err.value) == message


def test_valid_arguments_still_validate() -> None:
    assert validate(TL.events, PHASES, Grammar(), TL, "a") == ()
