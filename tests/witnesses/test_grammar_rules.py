"""Each rule of the phase grammar (WITNESS.md 1.2-1.3) exactly at its boundary.

Hand-built sequences: every rule is checked at its limit (accepted) and one
step past it (rejected), and the other rules are kept satisfied, so a test
fails on an off-by-one or a negated comparison in exactly one rule. Expected
values are worked by hand from WITNESS.md 1.2-1.3.
"""

import math

import numpy as np
import pytest

from witnesses import Event, Grammar, Phase, Timeline, Violation, validate
from witnesses.grammar import (
    development_eligible_count,
    label_phases,
    setup_count,
    tp_weighted_score,
)

S, D, T, R = Phase.SETUP, Phase.DEVELOPMENT, Phase.TURNING_POINT, Phase.RESOLUTION
CODE = {"S": S, "D": D, "T": T, "R": R}

#: A grammar that accepts everything, to switch rules on one at a time.
OPEN = Grammar.vacuous()


def _events(times, *, focal=None, weights=None):
    """Events ``e0, e1, ...`` at ``times``; ``focal[i]`` says if ``"a"`` takes part."""
    focal = [True] * len(times) if focal is None else focal
    weights = [1.0] * len(times) if weights is None else weights
    return [
        Event(f"e{i}", t, w, actors={"a"} if f else {"b"})
        for i, (t, w, f) in enumerate(zip(times, weights, focal, strict=True))
    ]


def _kinds(phases, grammar, *, times=None, focal=None, timeline=None):
    phases = [CODE[c] for c in phases]
    times = list(range(len(phases))) if times is None else times
    events = _events(times, focal=focal)
    tl = Timeline(events) if timeline is None else timeline
    return [v.kind for v in validate(events, phases, grammar, tl, "a")]


def _rule(**changes):
    """The vacuous grammar with some rules switched on."""
    fields = {f: getattr(OPEN, f) for f in Grammar.__dataclass_fields__}
    fields.update(changes)
    return Grammar(**fields)


# ------------------------------------------------------------------ length


@pytest.mark.parametrize(
    ("phases", "expected"),
    [("DTR", ["too_short"]), ("DTRR", []), ("DDDTR", []), ("DDDTRR", ["too_long"])],
)
def test_length_rules_at_their_bounds(phases, expected):
    assert _kinds(phases, _rule(min_length=4, max_length=5)) == expected


def test_one_event_meets_min_length_one_and_max_length_one():
    assert _kinds("T", _rule(min_length=1, max_length=1)) == []
    assert _kinds("TR", _rule(min_length=1, max_length=1)) == ["too_long"]


# ---------------------------------------------------------- turning points


@pytest.mark.parametrize(
    ("phases", "max_tp", "expected"),
    [
        ("DDRR", 0, []),
        ("DTRR", 0, ["too_many_turning_points"]),
        ("DTRR", 1, []),
        ("DTTR", 1, ["too_many_turning_points"]),
        ("DTTR", 2, []),
        ("DTTT", 2, ["too_many_turning_points"]),
    ],
)
def test_turning_point_count_at_its_bound(phases, max_tp, expected):
    assert _kinds(phases, _rule(max_turning_points=max_tp)) == expected


# --------------------------------------------------------- phase regressions


@pytest.mark.parametrize(
    ("phases", "allowed", "expected"),
    [
        # equal neighbours are not regressions
        ("SSDDTTRR", 0, []),
        ("SDTR", 0, []),
        # the first pair counts (index 1)
        ("DSTR", 0, ["phase_regression"]),
        ("DSTR", 1, []),
        # the last pair counts (index n - 1)
        ("SDRT", 0, ["phase_regression"]),
        ("SDRT", 1, []),
        # two regressions: at the limit of 2, and one past a limit of 1
        ("DSRT", 2, []),
        ("DSRT", 1, ["phase_regression", "phase_regression"]),
        # R -> S is one regression, not three
        ("SDTRS", 1, []),
    ],
)
def test_phase_regressions_at_their_bound(phases, allowed, expected):
    assert _kinds(phases, _rule(max_phase_regressions=allowed)) == expected


def test_phase_regression_reports_every_index():
    events = _events(range(4))
    found = validate(events, [D, S, R, T], Grammar.vacuous(), Timeline(events), "a")
    assert found == ()
    strict = _rule(max_phase_regressions=1)
    found = validate(events, [D, S, R, T], strict, Timeline(events), "a")
    assert [v.detail for v in found] == [
        "at index 1: DEVELOPMENT -> SETUP",
        "at index 3: RESOLUTION -> TURNING_POINT",
    ]


# -------------------------------------------------------------- development


@pytest.mark.parametrize(
    ("phases", "k", "expected"),
    [
        ("SDDTR", 2, []),
        ("SDDTR", 3, ["insufficient_development"]),
        ("SSSTR", 0, []),
        ("SSSTR", 1, ["insufficient_development"]),
        # only DEVELOPMENT before the *first* turning point counts
        ("DTDTR", 1, []),
        ("DTDTR", 2, ["insufficient_development"]),
        # without a turning point there is no prefix: dev = 0
        ("DDDR", 0, []),
        ("DDDR", 1, ["insufficient_development"]),
    ],
)
def test_development_prefix_at_its_bound(phases, k, expected):
    assert _kinds(phases, _rule(min_prefix_elements=k)) == expected


# ---------------------------------------------------------------- timespan


def test_timespan_exactly_at_the_fraction_is_accepted():
    # timeline 0..8 (duration 8); the sequence spans 0..2: span = 0.25 exactly
    tl = Timeline(_events([0.0, 1.0, 2.0, 8.0]))
    grammar = _rule(min_timespan_fraction=0.25)
    assert _kinds("DTR", grammar, times=[0.0, 1.0, 2.0], timeline=tl) == []
    below = _rule(min_timespan_fraction=0.25 + 2**-50)
    assert _kinds("DTR", below, times=[0.0, 1.0, 2.0], timeline=tl) == [
        "insufficient_timespan"
    ]


def test_timespan_uses_first_and_last_event_over_the_duration():
    # span (6 - 2) / 8 = 0.5; a wrong end or a wrong divisor moves it off 0.5
    tl = Timeline(_events([0.0, 2.0, 4.0, 6.0, 8.0]))
    events = [tl.events[1], tl.events[2], tl.events[3]]
    phases = [D, T, R]
    assert validate(events, phases, _rule(min_timespan_fraction=0.5), tl, "a") == ()
    assert validate(
        events, phases, _rule(min_timespan_fraction=0.5 + 2**-50), tl, "a"
    ) == (Violation("insufficient_timespan"),)


def test_timespan_of_a_zero_duration_timeline_is_zero():
    tl = Timeline(_events([3.0]))
    one = [tl.events[0]]
    assert validate(one, [T], _rule(min_timespan_fraction=0.0), tl, "a") == ()
    assert validate(one, [T], _rule(min_timespan_fraction=0.01), tl, "a") == (
        Violation("insufficient_timespan"),
    )


def test_empty_sequence_reports_length_development_span_and_coverage():
    tl = Timeline(_events([0.0, 1.0]))
    grammar = Grammar(min_length=1, min_timespan_fraction=0.1)
    kinds = [v.kind for v in validate([], [], grammar, tl, "a")]
    assert kinds == [
        "too_short",
        "insufficient_development",
        "insufficient_timespan",
        "insufficient_coverage",
    ]
    assert validate([], [], _rule(min_length=0), tl, "a") == ()


# ------------------------------------------------------------- temporal gap


@pytest.mark.parametrize(
    ("times", "gap", "expected"),
    [
        ([0.0, 0.25, 0.5, 0.75], 0.25, []),
        # within the documented tolerance 1e-12, and exactly at it
        ([0.0, 0.25 + 5e-13, 0.5, 0.75], 0.25, []),
        ([0.0, 0.25 + 1e-12, 0.5, 0.75], 0.25, []),
        # past it: the first gap (index 1) counts
        ([0.0, 0.25 + 1e-11, 0.5, 0.75], 0.25, ["max_temporal_gap"]),
        # the last gap counts
        ([0.0, 0.25, 0.5, 0.75 + 1e-11], 0.25, ["max_temporal_gap"]),
        # every offending gap is reported
        ([0.0, 1.0, 1.25, 2.25], 0.25, ["max_temporal_gap", "max_temporal_gap"]),
        # a gap well beyond the bound
        ([0.0, 0.75, 1.0, 1.25], 0.25, ["max_temporal_gap"]),
        # no bound
        ([0.0, 100.0, 200.0, 300.0], math.inf, []),
    ],
)
def test_max_temporal_gap_at_its_bound(times, gap, expected):
    assert _kinds("DTRR", _rule(max_temporal_gap=gap), times=times) == expected


def test_max_temporal_gap_on_two_events():
    grammar = _rule(max_temporal_gap=1.0)
    assert _kinds("DT", grammar, times=[0.0, 1.0]) == []
    assert _kinds("DT", grammar, times=[0.0, 2.0]) == ["max_temporal_gap"]
    events = _events([0.0, 2.0])
    found = validate(events, [D, T], grammar, Timeline(events), "a")
    assert [v.detail for v in found] == ["e0->e1: 2"]


# ----------------------------------------------------------------- coverage


@pytest.mark.parametrize(
    ("focal", "share", "expected"),
    [
        ([True, True, True, False, False], 0.6, []),
        ([True, True, False, False, False], 0.6, ["insufficient_coverage"]),
        ([False] * 5, 0.0, []),
        ([True] * 5, 1.0, []),
        ([True, True, True, True, False], 1.0, ["insufficient_coverage"]),
    ],
)
def test_focal_coverage_at_its_bound(focal, share, expected):
    grammar = _rule(focal_actor_coverage=share)
    assert _kinds("DDTRR", grammar, focal=focal) == expected


# ------------------------------------------------------------ order, presets


def test_violations_come_in_the_order_of_witness_md():
    grammar = Grammar(
        min_prefix_elements=2,
        max_phase_regressions=0,
        max_turning_points=1,
        min_length=1,
        max_length=3,
        min_timespan_fraction=1.0,
        max_temporal_gap=1.0,
        focal_actor_coverage=1.0,
    )
    tl = Timeline(_events([0.0, 2.0, 4.0, 5.0, 10.0]))
    events = list(tl.events[:4])
    phases = [T, D, T, S]
    got = [v.kind for v in validate(events, phases, grammar, tl, "b")]
    assert got == [
        "too_long",
        "too_many_turning_points",
        "phase_regression",
        "phase_regression",
        "insufficient_development",
        "insufficient_timespan",
        "max_temporal_gap",
        "max_temporal_gap",
        "insufficient_coverage",
    ]


def test_length_mismatch_is_an_error():
    events = _events([0.0, 1.0])
    with pytest.raises(ValueError, match="one length, got 2 and 1"):
        validate(events, [T], Grammar(), Timeline(events), "a")
    with pytest.raises(ValueError, match="one length, got 2 and 3"):
        tp_weighted_score(events, [D, T, R])


def test_presets_field_by_field():
    fields = list(Grammar.__dataclass_fields__)
    values = lambda g: tuple(getattr(g, f) for f in fields)  # noqa: E731
    assert values(Grammar()) == (1, 0, 1, 4, 20, 0.15, math.inf, 0.60)
    assert values(Grammar.strict()) == values(Grammar())
    assert values(Grammar.relaxed()) == (0, 1, 2, 4, 20, 0.15, math.inf, 0.60)
    assert values(Grammar.vacuous()) == (0, 999, 999, 1, 999, 0.0, math.inf, 0.0)
    assert values(Grammar.parametric(3, max_length=7)) == (
        3, 0, 1, 4, 7, 0.15, math.inf, 0.60,
    )  # fmt: skip
    assert Grammar(min_prefix_elements=5).k == 5


def test_strict_preset_accepts_a_textbook_sequence_and_rejects_its_neighbours():
    tl = Timeline(_events(range(10), focal=[True] * 6 + [False] * 4))
    ev = list(tl.events)
    ok = validate(ev[:4], [D, T, R, R], Grammar(), tl, "a")
    assert ok == ()
    assert validate(ev[:4], [S, T, R, R], Grammar(), tl, "a") == (
        Violation("insufficient_development"),
    )
    assert validate(ev[:4], [D, T, T, R], Grammar(), tl, "a") == (
        Violation("too_many_turning_points"),
    )
    # 0..1 of duration 9 is below 0.15
    assert validate(ev[:2], [D, T], Grammar(min_length=2), tl, "a") == (
        Violation("insufficient_timespan"),
    )
    # 2 of 5 focal: below 0.60
    assert validate(ev[4:9], [D, T, R, R, R], Grammar(), tl, "a") == (
        Violation("insufficient_coverage"),
    )


# --------------------------------------------------------- grammar fields


@pytest.mark.parametrize(
    ("changes", "error", "match"),
    [
        ({"min_prefix_elements": -1}, ValueError, "min_prefix_elements must be >= 0, got -1"),
        ({"max_phase_regressions": -1}, ValueError, "max_phase_regressions must be >= 0"),
        ({"max_turning_points": -1}, ValueError, "max_turning_points must be >= 0"),
        ({"min_length": -1}, ValueError, "min_length must be >= 0"),
        ({"min_length": 0, "max_length": 0}, ValueError, "max_length must be >= 1, got 0"),
        ({"min_length": 5, "max_length": 4}, ValueError, "max_length=4 must be >= min_length=5"),
        ({"min_prefix_elements": True}, TypeError, "min_prefix_elements must be an int"),
        ({"min_prefix_elements": 1.0}, TypeError, "min_prefix_elements must be an int"),
        ({"min_timespan_fraction": 1.0 + 2**-52}, ValueError, r"min_timespan_fraction must be in \[0, 1\]"),
        ({"min_timespan_fraction": -2**-52}, ValueError, "min_timespan_fraction must be in"),
        ({"min_timespan_fraction": True}, TypeError, "min_timespan_fraction must be a real"),
        ({"min_timespan_fraction": "0.1"}, TypeError, "min_timespan_fraction must be a real"),
        ({"max_temporal_gap": 0.0}, ValueError, "max_temporal_gap must be > 0, got 0"),
        ({"max_temporal_gap": -1.0}, ValueError, r"max_temporal_gap must be in \[0, inf\]"),
        ({"max_temporal_gap": math.nan}, ValueError, "max_temporal_gap must be in"),
        ({"focal_actor_coverage": 1.5}, ValueError, r"focal_actor_coverage must be in \[0, 1\]"),
    ],
)  # fmt: skip
def test_bad_grammar_fields(changes, error, match):
    with pytest.raises(error, match=match):
        Grammar(**changes)


def test_grammar_fields_at_their_bounds_are_accepted():
    g = Grammar(0, 0, 0, 0, 1, 0.0, 1e-300, 0.0)
    assert (g.min_length, g.max_length, g.max_temporal_gap) == (0, 1, 1e-300)
    g = Grammar(
        min_length=7, max_length=7, min_timespan_fraction=1, focal_actor_coverage=1
    )
    assert (g.max_length, g.min_timespan_fraction, g.focal_actor_coverage) == (
        7,
        1.0,
        1.0,
    )
    assert type(g.min_timespan_fraction) is float
    assert type(Grammar(min_length=np.int64(3)).min_length) is int


def test_parametric_rejects_unknown_fields():
    with pytest.raises(TypeError, match=r"unknown Grammar fields: \['kk'\]"):
        Grammar.parametric(1, kk=2)


# ------------------------------------------------------ labels and the score


@pytest.mark.parametrize(
    ("p", "expected"),
    # p - ceil(p / 5), by hand
    [(0, 0), (1, 0), (4, 3), (5, 4), (6, 4), (10, 8), (11, 8), (15, 12), (16, 12)],
)
def test_development_eligible_count_table(p, expected):
    assert development_eligible_count(p) == expected


@pytest.mark.parametrize(
    ("n_pre", "k", "expected"),
    # min(ceil(n / 5), n - min(k, n)), by hand
    [(0, 0, 0), (1, 0, 1), (1, 1, 0), (5, 0, 1), (5, 4, 1), (5, 5, 0), (6, 0, 2),
     (6, 5, 1), (12, 3, 3), (12, 10, 2), (3, 3, 0), (2, 3, 0), (11, 0, 3)],
)  # fmt: skip
def test_setup_count_table(n_pre, k, expected):
    assert setup_count(n_pre, k) == expected


@pytest.mark.parametrize(
    ("n_pre", "n_post", "k", "expected"),
    [(0, 0, 0, "T"), (1, 0, 0, "ST"), (1, 1, 1, "DTR"), (6, 1, 5, "SDDDDDTR"),
     (6, 0, 0, "SSDDDDT"), (5, 2, 1, "SDDDDTRR")],
)  # fmt: skip
def test_label_phases_table(n_pre, n_post, k, expected):
    assert "".join(p.name[0] for p in label_phases(n_pre, n_post, k)) == expected


@pytest.mark.parametrize(
    ("weights", "phases", "expected"),
    [
        # no turning point: the plain sum
        ([1.0, 2.0, 4.0], "DDR", 7.0),
        # one event: pos = 0.5, bonus 2 w (1 - 0.05)
        ([1.0], "T", 2.9),
        # TP first of 3: pos 0, bonus 2 * 2 * 0.7
        ([2.0, 1.0, 1.0], "TRR", 6.8),
        # TP last of 3: pos 1, bonus 2 * 4 * 0.8
        ([1.0, 1.0, 4.0], "DDT", 12.4),
        # TP at 3 of 6: pos 0.6, full bonus 2 * 3
        ([1.0, 1.0, 1.0, 3.0, 1.0, 1.0], "SDDTRR", 14.0),
        # the first TP counts: pos 1 / 4 = 0.25, bonus 2 * 2 * (1 - 0.175)
        ([1.0, 2.0, 1.0, 5.0, 1.0], "DTRTR", 13.3),
    ],
)
def test_tp_weighted_score_table(weights, phases, expected):
    events = _events(range(len(weights)), weights=weights)
    got = tp_weighted_score(events, [CODE[c] for c in phases])
    assert got == pytest.approx(expected, rel=1e-12, abs=0.0)


def test_phase_codes_are_those_of_witness_md():
    # WITNESS.md 1.1: SETUP(1) < DEVELOPMENT(2) < TURNING_POINT(3) < RESOLUTION(4)
    assert [(p.name, int(p)) for p in Phase] == [
        ("SETUP", 1),
        ("DEVELOPMENT", 2),
        ("TURNING_POINT", 3),
        ("RESOLUTION", 4),
    ]


@pytest.mark.parametrize(
    ("call", "match"),
    [
        (lambda: development_eligible_count(-1), "prefix must be >= 0, got -1"),
        (lambda: setup_count(-1, 0), "n_pre must be >= 0, got -1"),
        (lambda: setup_count(1, -1), "k must be >= 0, got -1"),
        (lambda: label_phases(1, -1, 0), "n_post must be >= 0, got -1"),
    ],
)
def test_label_counts_must_be_non_negative(call, match):
    with pytest.raises(ValueError, match=match):
        call()


def test_max_temporal_gap_is_between_adjacent_events_only():
    # time order is not checked (WITNESS.md 1.2): only adjacent pairs count, and
    # last -> first is not a pair
    grammar = _rule(max_temporal_gap=1.0)
    # (the reversed pair spans -1 of the duration: that is its only violation)
    tl = Timeline(_events([0.0, 2.0]))
    got = _kinds("DT", grammar, times=[2.0, 0.0], timeline=tl)
    assert got == ["insufficient_timespan"]
    assert _kinds("DTR", grammar, times=[0.0, 0.5, 3.0]) == ["max_temporal_gap"]
