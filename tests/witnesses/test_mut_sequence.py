"""ExtractedSequence and Solution: every documented property, directly (issue 33)."""

from __future__ import annotations

import pytest

from witnesses import Event, ExtractedSequence, Grammar, Phase, Solution, Timeline

P = Phase


def _timeline() -> Timeline:
    return Timeline([Event(f"e{i}", i, float(i + 1), actors={"a"}) for i in range(4)])


def _valid() -> ExtractedSequence:
    tl = _timeline()
    phases = [P.DEVELOPMENT, P.TURNING_POINT, P.RESOLUTION, P.RESOLUTION]
    return ExtractedSequence.build(tl.events, phases, Grammar(), tl, "a")


def _invalid() -> ExtractedSequence:
    tl = _timeline()
    return ExtractedSequence.build(tl.events[:1], [P.TURNING_POINT], Grammar(), tl, "a")


def test_build_scores_and_validates() -> None:
    s = _valid()
    assert isinstance(s, ExtractedSequence)
    assert s.focal == "a"
    assert s.phases == (P.DEVELOPMENT, P.TURNING_POINT, P.RESOLUTION, P.RESOLUTION)
    # 1 + 2 + 3 + 4 plus the bonus 2 * 2 * (1 - 0.5 |1/3 - 0.6|)
    assert s.score == pytest.approx(10.0 + 4.0 * (1.0 - 0.5 * abs(1 / 3 - 0.6)))
    assert s.violations == ()
    assert s.valid is True
    bad = _invalid()
    assert bad.violations != ()
    assert bad.valid is False


def test_pivot_is_the_first_turning_point() -> None:
    tl = _timeline()
    phases = [P.DEVELOPMENT, P.DEVELOPMENT, P.TURNING_POINT, P.TURNING_POINT]
    s = ExtractedSequence.build(tl.events, phases, Grammar(), tl, "a")
    assert s.pivot is not None and s.pivot.id == "e2"
    assert s.turning_point is s.pivot
    assert s.n_development == 2
    none = ExtractedSequence.build(tl.events, [P.DEVELOPMENT] * 4, Grammar(), tl, "a")
    assert none.pivot is None
    assert none.turning_point is None
    assert none.n_development == 4


def test_ids_and_describe() -> None:
    s = _valid()
    assert s.ids == ("e0", "e1", "e2", "e3")
    assert s.describe() == "e0:D e1:T e2:R e3:R"


def test_mismatched_lengths_are_refused() -> None:
    tl = _timeline()
    with pytest.raises(ValueError, match="one length"):
        ExtractedSequence.build(tl.events, [P.TURNING_POINT], Grammar(), tl, "a")


def test_solution_of_a_valid_sequence() -> None:
    s = _valid()
    sol = Solution(s, {"candidates": ("e1",)})
    assert sol.valid is True
    assert sol.score == s.score
    assert sol.pivot_id == "e1"
    assert sol.turning_point_id == "e1"
    assert dict(sol.diagnostics) == {"candidates": ("e1",)}


def test_solution_of_an_invalid_sequence_reports_nothing() -> None:
    sol = Solution(_invalid())
    assert sol.valid is False
    assert sol.score is None
    assert sol.pivot_id is None
    assert sol.turning_point_id is None


def test_solution_without_sequence() -> None:
    sol = Solution(None)
    assert sol.valid is False
    assert sol.score is None
    assert sol.pivot_id is None


def test_valid_solution_without_a_pivot_has_no_pivot_id() -> None:
    tl = _timeline()
    open_grammar = Grammar(
        min_prefix_elements=0,
        min_length=1,
        max_length=10,
        min_timespan_fraction=0.0,
        focal_actor_coverage=0.0,
    )
    s = ExtractedSequence.build(tl.events, [P.DEVELOPMENT] * 4, open_grammar, tl, "a")
    assert s.valid  # this grammar does not ask for a turning point
    sol = Solution(s)
    assert sol.valid is True
    assert sol.pivot_id is None
    assert sol.score == s.score


def test_diagnostics_do_not_take_part_in_equality_and_are_read_only() -> None:
    s = _valid()
    assert Solution(s, {"x": 1}) == Solution(s, {"x": 2})
    assert Solution(s) != Solution(None)
    sol = Solution(s, {"x": 1})
    with pytest.raises(TypeError):
        sol.diagnostics["x"] = 3  # type: ignore[index]


def test_mismatched_fields_built_directly_are_not_silently_truncated() -> None:
    """Built without :meth:`build`, one phase per event is still enforced on read."""
    tl = _timeline()
    s = ExtractedSequence(tl.events, (P.DEVELOPMENT,), "a", 0.0)
    with pytest.raises(ValueError, match="zip"):
        s.describe()
    with pytest.raises(ValueError, match="zip"):
        _ = s.pivot
