"""Event and Timeline: checks, messages and derived quantities, directly (issue 33).

docs/guide/witnesses.md §2 defines an event (id, timestamp, weight, actors,
causal parents, metadata) and a timeline (sorted by ``(timestamp, id)``,
unique ids, parents known and earlier) with its duration, global position,
children and causal neighbourhoods. Each test pins one documented rule on an
input where the neighbouring rule gives another answer.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

import numpy as np
import pytest

from witnesses import Event, Timeline


def _chain() -> Timeline:
    """a <- b <- c and a <- d: a small causal tree over four times."""
    return Timeline(
        [
            Event("a", 0.0, 1.0, actors={"x"}),
            Event("b", 1.0, 2.0, actors={"y"}, causal_parents=["a"]),
            Event("c", 2.0, 3.0, actors={"x", "z"}, causal_parents=["b"]),
            Event("d", 4.0, 4.0, causal_parents=["a"]),
        ]
    )


# ------------------------------------------------------------------ Event


def test_event_converts_numbers_and_stores_collections() -> None:
    e = Event("e1", 1, Fraction(1, 2), actors=["p", "q", "p"], causal_parents=["z"],
              metadata={"k": 1})  # fmt: skip
    assert type(e.timestamp) is float and e.timestamp == 1.0
    assert type(e.weight) is float and e.weight == 0.5
    assert e.actors == frozenset({"p", "q"})
    assert e.causal_parents == ("z",)
    assert dict(e.metadata) == {"k": 1}
    assert Event("n", np.float64(2.5), np.int64(3)).weight == 3.0


def test_event_defaults() -> None:
    e = Event("e1", 0.0, 1.0)
    assert e.actors == frozenset()
    assert e.causal_parents == ()
    assert dict(e.metadata) == {}


def test_event_metadata_is_read_only_and_not_hashed() -> None:
    src = {"k": 1}
    e = Event("e1", 0.0, 1.0, metadata=src)
    src["k"] = 2
    assert e.metadata["k"] == 1  # a copy
    with pytest.raises(TypeError):
        e.metadata["k"] = 3  # type: ignore[index]
    other = Event("e1", 0.0, 1.0, metadata={"k": 9})
    assert hash(e) == hash(other)


def test_event_involves() -> None:
    e = Event("e1", 0.0, 1.0, actors={"a", "b"})
    assert e.involves("a") is True
    assert e.involves("c") is False


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"id": 3}, TypeError, "id must be a non-empty str, got 3"),
        ({"id": ""}, ValueError, "id must be a non-empty str, got ''"),
        ({"timestamp": "1"}, TypeError, "timestamp of e1 must be a real number, got '1' of type str"),
        ({"timestamp": True}, TypeError, "timestamp of e1 must be a real number, got True of type bool"),
        ({"timestamp": float("nan")}, ValueError, "timestamp of e1 must be finite, got nan"),
        ({"weight": float("inf")}, ValueError, "weight of e1 must be finite, got inf"),
        ({"weight": None}, TypeError, "weight of e1 must be a real number, got None of type NoneType"),
        ({"actors": "ab"}, TypeError, "actors of e1 must be an iterable of str, not a str ('ab')"),
        ({"actors": ["a", 1]}, TypeError, "actors of e1 must be str, got 1"),
        ({"causal_parents": "a"}, TypeError, "causal_parents of e1 must be an iterable of ids, not a str ('a')"),
        ({"causal_parents": ["a", 2]}, TypeError, "causal_parents of e1 must be str ids, got 2"),
    ],
)  # fmt: skip
def test_event_refuses_bad_fields(kwargs, error, message) -> None:
    args = {"id": "e1", "timestamp": 0.0, "weight": 1.0} | kwargs
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        Event(**args)


# --------------------------------------------------------------- Timeline


def test_timeline_accepts_equal_timestamps_in_id_order() -> None:
    tl = Timeline([Event("a", 1.0, 0.0), Event("b", 1.0, 0.0)])
    assert tl.ids == ("a", "b")


@pytest.mark.parametrize(
    ("events", "error", "message"),
    [
        ([Event("a", 0, 1), "b"], TypeError, "events[1] must be an Event, got str"),
        ([Event("a", 0, 1), Event("a", 1, 1)], ValueError,
         "events[1] repeats id 'a' (first at events[0])"),
        ([Event("b", 1, 1), Event("a", 1, 1)], ValueError,
         "events must be sorted by (timestamp, id): events[1] ('a', t=1.0) comes before "
         "events[0] ('b', t=1.0); use Timeline.from_unsorted"),
        ([Event("a", 0, 1, causal_parents=["b"]), Event("b", 1, 1)], ValueError,
         "events[0] ('a') has causal parent 'b', which is a later event"),
        ([Event("a", 0, 1), Event("b", 1, 1, causal_parents=["q"])], ValueError,
         "events[1] ('b') has causal parent 'q', which is unknown"),
        ([Event("a", 0, 1, causal_parents=["a"])], ValueError,
         "events[0] ('a') has causal parent 'a', which is a later event"),
    ],
)  # fmt: skip
def test_timeline_refuses(events, error, message) -> None:
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        Timeline(events)


def test_from_unsorted_sorts_by_time_then_id() -> None:
    tl = Timeline.from_unsorted(
        [Event("c", 2.0, 0.0), Event("b", 1.0, 0.0), Event("a", 1.0, 0.0)]
    )
    assert tl.ids == ("a", "b", "c")
    with pytest.raises(TypeError, match=r"^events\[1\] must be an Event, got int$"):
        Timeline.from_unsorted([Event("a", 0, 1), 5])


def test_from_records_refuses_a_non_iterable() -> None:
    for bad, kind in [
        ("ab", "str"),
        (b"ab", "bytes"),
        ({"id": "a"}, "dict"),
        (3, "int"),
    ]:
        with pytest.raises(
            TypeError, match=f"^records must be an iterable of dicts, got {kind}$"
        ):
            Timeline.from_records(bad)  # type: ignore[arg-type]


def test_from_records_reads_and_rescales() -> None:
    recs = [
        {"id": "a", "timestamp": 10, "weight": 1},
        {"id": "b", "timestamp": 30, "weight": 2},
    ]
    assert [e.timestamp for e in Timeline.from_records(recs)] == [0.0, 1.0]
    kept = Timeline.from_records(iter(recs), time_scale=None)
    assert [e.timestamp for e in kept] == [10.0, 30.0]


def test_container_protocol() -> None:
    tl = _chain()
    assert len(tl) == 4
    assert [e.id for e in tl] == ["a", "b", "c", "d"]
    assert tl[1].id == "b" and tl[-1].id == "d"
    assert "c" in tl and "q" not in tl and 3 not in tl
    assert tl == _chain() and hash(tl) == hash(_chain())
    assert tl != Timeline(tl.events[:3])
    assert tl.__eq__("x") is NotImplemented
    assert tl != "x"


def test_repr_shows_count_and_first_four_ids() -> None:
    tl = _chain()
    assert repr(tl) == "Timeline(<4 events: a, b, c, d>)"
    five = tl.concat(Timeline([Event("e", 5, 1)]))
    assert repr(five) == "Timeline(<5 events: a, b, c, d, ...>)"
    assert repr(Timeline([])) == "Timeline(<0 events: >)"


def test_event_and_position_lookups() -> None:
    tl = _chain()
    assert tl.event("c").weight == 3.0
    assert tl.position("a") == 0 and tl.position("d") == 3
    with pytest.raises(KeyError, match="event_id='q' is not in the timeline"):
        tl.event("q")
    with pytest.raises(KeyError, match="event_id='q' is not in the timeline"):
        tl.position("q")
    with pytest.raises(TypeError, match=r"^event_id must be a str, got 1 of type int$"):
        tl.event(1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="event_id must be a str"):
        tl.position(1)  # type: ignore[arg-type]


def test_duration_and_global_position() -> None:
    tl = Timeline([Event("a", 1.0, 0), Event("b", 2.0, 0), Event("c", 5.0, 0)])
    assert tl.duration == 4.0
    assert tl.global_position("a") == 0.0
    assert tl.global_position("b") == 0.25
    assert tl.global_position("c") == 1.0
    assert Timeline([]).duration == 0.0
    single = Timeline([Event("a", 7.0, 0)])
    assert single.duration == 0.0
    assert single.global_position("a") == 0.5
    with pytest.raises(KeyError):
        tl.global_position("q")


def test_actors_and_focal() -> None:
    tl = _chain()
    assert tl.actors == frozenset({"x", "y", "z"})
    assert [e.id for e in tl.focal("x")] == ["a", "c"]
    assert tl.focal("nobody") == ()


def test_children() -> None:
    tl = _chain()
    assert dict(tl.children) == {"a": ("b", "d"), "b": ("c",), "c": (), "d": ()}
    with pytest.raises(TypeError):
        tl.children["a"] = ()  # type: ignore[index]


def test_neighbours_by_hops() -> None:
    tl = _chain()
    assert tl.neighbours("c", 0) == frozenset({"c"})
    assert tl.neighbours("c", 1) == frozenset({"b", "c"})
    assert tl.neighbours("c", 2) == frozenset({"a", "b", "c"})
    assert tl.neighbours("c", 3) == frozenset({"a", "b", "c", "d"})
    assert tl.neighbours("a", 1) == frozenset({"a", "b", "d"})
    with pytest.raises(KeyError, match="event_id='q'"):
        tl.neighbours("q", 1)


def test_subset_drops_links_to_removed_events() -> None:
    tl = _chain()
    sub = tl.subset(["c", "d", "b"])
    assert sub.ids == ("b", "c", "d")
    assert sub.event("b").causal_parents == ()
    assert sub.event("c").causal_parents == ("b",)
    assert sub.event("d").causal_parents == ()
    meta = Timeline([Event("a", 0, 1, actors={"x"}, metadata={"m": 1})]).subset(["a"])
    assert meta[0].actors == frozenset({"x"}) and dict(meta[0].metadata) == {"m": 1}
    with pytest.raises(KeyError, match="event_id='q'"):
        tl.subset(["a", "q"])


def test_concat() -> None:
    left = Timeline([Event("a", 0, 1)])
    right = Timeline([Event("b", 1, 1, causal_parents=[])])
    assert left.concat(right).ids == ("a", "b")
    with pytest.raises(ValueError, match="must be sorted"):
        right.concat(left)
    with pytest.raises(ValueError, match="repeats id 'a'"):
        left.concat(left)
    with pytest.raises(
        TypeError, match=r"^other must be a Timeline, got \[\] of type list$"
    ):
        left.concat([])  # type: ignore[arg-type]


def test_dataclasses_replace_rebuilds_a_validated_timeline() -> None:
    """The lookup index is derived, not a field of the constructor."""
    tl = _chain()
    assert dataclasses.replace(tl) == tl
    again = dataclasses.replace(tl, events=tl.events[:2])
    assert again.ids == ("a", "b") and again.position("b") == 1
    with pytest.raises(ValueError, match="repeats id"):
        dataclasses.replace(tl, events=tl.events + tl.events[:1])
    # dataclasses.fields reports the index as derived: neither built nor shown
    assert [f.name for f in dataclasses.fields(tl) if f.init] == ["events"]
    assert [f.name for f in dataclasses.fields(tl) if f.repr] == ["events"]
