"""The timeline loader's rules, one boundary at a time (issue 33, item 5).

``load_timeline`` and ``Timeline.from_records`` share one reader; these cases
pin what the older tests of ``test_check_timelines.py`` leave open: the unit
classes' floors (``1e8``, ``1e11``, ``1e14``), the rescaling of small and
zero spans, the hint listing the columns, every refusal's type and message,
and the rows the errors name. Expected values are worked out in comments.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import Any

import pytest

from witnesses import Timeline, load_timeline


def _records(*stamps: object, **extra: Any) -> list[dict[str, Any]]:
    return [
        {"id": f"e{i}", "timestamp": t, "weight": 1.0, **extra}
        for i, t in enumerate(stamps)
    ]


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


# -- the unit classes: [1e8, 1e11) s, [1e11, 1e14) ms, [1e14, 1e17) us, >= 1e17 ns


@pytest.mark.parametrize(
    ("floor", "below", "partner", "next_class", "first", "second"),
    [
        # 1e8 is seconds (1973); 99999999.5 is in no class, so it goes with
        # milliseconds
        (1e8, 99_999_999.5, 2e11, 2e11, "seconds", "milliseconds"),
        # 1e11 is milliseconds; 99999999999.5 is still seconds (as 1e10 is)
        (1e11, 99_999_999_999.5, 1e10, 2e14, "milliseconds", "microseconds"),
        # 1e14 is microseconds; 1e14 - 0.5 is still milliseconds
        (1e14, 99_999_999_999_999.5, 1e13, 2e17, "microseconds", "nanoseconds"),
    ],
)
def test_each_unit_floor_belongs_to_its_class(
    floor: float,
    below: float,
    partner: float,
    next_class: float,
    first: str,
    second: str,
) -> None:
    # the floor and a value of the next class: two classes, refused, and the
    # floor is named in its own class
    with pytest.raises(ValueError, match="mixes timestamp units") as info:
        Timeline.from_records(_records(floor, next_class))
    assert f"{first} (row 1: {floor}), {second} (row 2: {next_class})" in str(
        info.value
    )
    # just below the floor, the value is in the class below (or none): with a
    # value of that class (or any) it is accepted
    tl = Timeline.from_records(_records(below, partner), time_scale=None)
    assert sorted(e.timestamp for e in tl) == sorted([below, partner])


def test_values_below_1e8_are_not_classified() -> None:
    # step numbers and relative times go with unix seconds without an error
    tl = Timeline.from_records(_records(5, 1.7e9), time_scale=None)
    assert [e.timestamp for e in tl] == [5.0, 1.7e9]
    tl = Timeline.from_records(_records(-3, 0, 99_999_999), time_scale=None)
    assert len(tl) == 3


def test_negative_magnitudes_are_classified_by_their_absolute_value() -> None:
    with pytest.raises(ValueError, match=r"seconds \(row 1: -200000000.0\)"):
        Timeline.from_records(_records(-2e8, 2e11))


def test_three_unit_classes_are_all_listed_in_row_order() -> None:
    with pytest.raises(ValueError, match="mixes timestamp units") as info:
        Timeline.from_records(_records(1.7e9, 1.7e12, 1.7e15))
    text = str(info.value)
    assert text.startswith("records: column 'timestamp' mixes timestamp units: ")
    assert (
        "seconds (row 1: 1700000000.0), milliseconds (row 2: 1700000000000.0), "
        "microseconds (row 3: 1700000000000000.0)"
    ) in text
    # the first row of each class, not the last
    with pytest.raises(ValueError, match=r"seconds \(row 1: .*milliseconds \(row 2"):
        Timeline.from_records(_records(1.7e9, 1.7e12, 1.8e9, 1.8e12))


def test_mixed_units_in_a_csv_name_the_file_column_and_cells(tmp_path: Path) -> None:
    path = _write(
        tmp_path, "log.csv", "id,ts,weight\na,1764151200,1\nb,1764151260000,1\n"
    )
    with pytest.raises(ValueError, match="mixes timestamp units") as info:
        load_timeline(path, mapping={"timestamp": "ts"})
    assert str(info.value).startswith(
        f"{path}: column 'ts' mixes timestamp units: seconds (row 2: 1764151200), "
        "milliseconds (row 3: 1764151260000)"  # a CSV's rows are its lines
    )


def test_units_are_checked_only_for_numbers() -> None:
    # ISO strings become POSIX seconds (one class): no unit error, whatever
    # their year; datetimes likewise
    base = datetime(2026, 11, 26, tzinfo=UTC)
    tl = Timeline.from_records(
        _records(base.isoformat(), (base + timedelta(seconds=60)).isoformat())
    )
    assert [e.timestamp for e in tl] == [0.0, 1.0]
    old = datetime(1970, 1, 1, 0, 0, 5, tzinfo=UTC)
    tl = Timeline.from_records(_records(old, base), time_scale=None)
    assert [e.timestamp for e in tl] == [5.0, base.timestamp()]


# -- timestamp kinds ------------------------------------------------------------


def test_three_timestamp_kinds_are_listed_sorted_with_their_first_rows() -> None:
    base = datetime(2026, 11, 26, tzinfo=UTC)
    with pytest.raises(ValueError, match="mixes timestamp kinds") as info:
        Timeline.from_records(
            _records(5, "2026-11-26T00:00:00Z", base, 6, "2026-11-26T00:00:01Z")
        )
    assert str(info.value) == (
        "records: column 'timestamp' mixes timestamp kinds: ISO-8601 (row 2), "
        "datetime (row 3), number (row 1); use one kind"
    )


def test_numeric_strings_are_numbers_and_infinite_ones_are_refused() -> None:
    tl = Timeline.from_records(_records(" 3 ", "1.5"), time_scale=None)
    assert [e.timestamp for e in tl] == [1.5, 3.0]
    assert {e.metadata["raw_timestamp"] for e in tl} == {1.5, 3.0}
    for text in ("inf", "-inf", "nan"):
        with pytest.raises(ValueError, match="must be finite") as info:
            Timeline.from_records(_records(text))
        assert str(info.value) == (
            f"records: row 1: column 'timestamp': timestamp must be finite, got {text!r}"
        )
    with pytest.raises(ValueError, match=r"row 1: column 'timestamp': .*finite"):
        Timeline.from_records(_records(float("inf")))


def test_a_bool_or_a_list_timestamp_is_a_type_error() -> None:
    with pytest.raises(TypeError) as info:
        Timeline.from_records(_records(True))
    assert str(info.value) == (
        "records: row 1: column 'timestamp': a timestamp must be a number, "
        "an ISO-8601 string or a datetime, got True"
    )
    with pytest.raises(TypeError, match="row 1: column 'timestamp': a timestamp must"):
        Timeline.from_records(_records([1]))


class _NoOffset(tzinfo):
    """A tzinfo that knows no offset: the instant is still unknown."""

    def utcoffset(self, dt: datetime | None) -> timedelta | None:
        return None

    def dst(self, dt: datetime | None) -> timedelta | None:
        return None

    def tzname(self, dt: datetime | None) -> str | None:
        return None


def test_a_tzinfo_without_an_offset_is_a_naive_datetime() -> None:
    moment = datetime(2026, 11, 26, 10, 0, tzinfo=_NoOffset())
    with pytest.raises(
        ValueError, match="has no UTC offset, so its instant is unknown"
    ):
        Timeline.from_records(_records(moment))
    with pytest.raises(ValueError, match="has no UTC offset") as info:
        Timeline.from_records(_records(datetime(2026, 11, 26, 10, 0)))
    assert "write it as 2026-11-26T10:00:00Z if it is UTC" in str(info.value)
    aware = datetime(2026, 11, 26, 10, 0, tzinfo=UTC)
    assert Timeline.from_records(_records(aware), time_scale=None)[0].timestamp == (
        aware.timestamp()
    )


# -- rescaling --------------------------------------------------------------------


def test_a_span_below_one_is_still_rescaled_to_the_unit_interval() -> None:
    tl = Timeline.from_records(_records(0.25, 0.5, 0.75))
    assert [e.timestamp for e in tl] == [0.0, 0.5, 1.0]
    assert [e.metadata["raw_timestamp"] for e in tl] == [0.25, 0.5, 0.75]


def test_equal_timestamps_all_map_to_zero() -> None:
    tl = Timeline.from_records(_records(7, 7, 7))
    assert [e.timestamp for e in tl] == [0.0, 0.0, 0.0]
    assert Timeline.from_records(_records(-4))[0].timestamp == 0.0


def test_a_span_too_wide_to_rescale_is_an_error_only_when_rescaling() -> None:
    records = _records(-1e308, 1e308)
    with pytest.raises(ValueError, match="too wide to rescale") as info:
        Timeline.from_records(records)
    assert str(info.value) == (
        "records: timestamps span -1e+308 to 1e+308, too wide to rescale"
    )
    kept = Timeline.from_records(records, time_scale=None)
    assert [e.timestamp for e in kept] == [-1e308, 1e308]


# -- required cells, hints and the mapping ------------------------------------------


@pytest.mark.parametrize("field", ["id", "timestamp", "weight"])
@pytest.mark.parametrize("value", [None, ""])
def test_a_null_or_empty_required_cell_names_row_and_column(
    field: str, value: object
) -> None:
    records = _records(1, 2)
    records[1][field] = value
    with pytest.raises(ValueError, match="is missing or empty") as info:
        Timeline.from_records(records)
    assert str(info.value) == (
        f"records: row 2: column {field!r} ({field}) is missing or empty"
    )  # no column hint: the column is there


def test_a_missing_column_lists_the_columns_and_the_closest_name() -> None:
    record = {"id": "a", "timestmp": 1, "weight": 1}
    with pytest.raises(ValueError, match="is missing or empty") as info:
        Timeline.from_records([record])
    assert str(info.value) == (
        "records: row 1: column 'timestamp' (timestamp) is missing or empty; did "
        "you mean 'timestmp'? (columns: id, timestmp, weight; map a field with "
        "mapping={field: column} or --map FIELD=COLUMN)"
    )
    far = {"id": "a", "qqq": 1, "weight": 1}
    with pytest.raises(ValueError, match="is missing or empty") as info:
        Timeline.from_records([far])
    assert "did you mean" not in str(info.value)
    assert "(columns: id, qqq, weight; map" in str(info.value)


def test_the_column_list_shows_twenty_names_then_an_ellipsis() -> None:
    twenty = {"id": "a", "weight": 1, **{f"c{i:02d}": i for i in range(18)}}
    with pytest.raises(ValueError, match="is missing or empty") as info:
        Timeline.from_records([twenty])
    listed = ", ".join(["id", "weight", *(f"c{i:02d}" for i in range(18))])
    assert f"(columns: {listed}; map" in str(info.value)
    with pytest.raises(ValueError, match="is missing or empty") as info:
        Timeline.from_records([{**twenty, "c18": 18}])
    assert f"(columns: {listed}, ...; map" in str(info.value)


def test_mapping_a_required_field_leaves_the_optional_ones_alone() -> None:
    # no actors or causal_parents column: they are optional when not mapped
    tl = Timeline.from_records(
        [{"id": "a", "ts": 1, "weight": 2}], mapping={"timestamp": "ts"}
    )
    assert (tl[0].actors, tl[0].causal_parents) == (frozenset(), ())
    with pytest.raises(ValueError, match="which no record has") as info:
        Timeline.from_records(
            [{"id": "a", "ts": 1, "weight": 2}],
            mapping={"timestamp": "ts", "causal_parents": "after"},
        )
    assert str(info.value) == (
        "records: mapping['causal_parents'] names the column 'after', which no record has"
    )
    # a mapped optional column held by one record is enough
    tl = Timeline.from_records(
        [
            {"id": "a", "t": 1, "weight": 1},
            {"id": "b", "t": 2, "weight": 1, "who": "x"},
        ],
        mapping={"timestamp": "t", "actors": "who"},
    )
    assert [e.actors for e in tl] == [frozenset(), frozenset({"x"})]


@pytest.mark.parametrize(
    ("mapping", "error", "message"),
    [
        ([("id", "step")], TypeError, "mapping must be a mapping of field to column, got [('id', 'step')]"),
        ({"id": ""}, TypeError, "mapping['id'] must be a non-empty column name, got ''"),
        ({"id": 5}, TypeError, "mapping['id'] must be a non-empty column name, got 5"),
        ({"when": "t"}, ValueError, "mapping key 'when' is not a field; fields: id, timestamp, weight, actors, causal_parents"),
        ({"id": "x", "weight": "x", "timestamp": "x"}, ValueError, "mapping sends two fields to the column 'x'"),
        ({"actors": "id"}, ValueError, "mapping sends two fields to the column 'id'"),
    ],
)  # fmt: skip
def test_bad_mappings_are_refused_with_their_reason(
    mapping: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error) as info:
        Timeline.from_records(_records(1), mapping=mapping)  # type: ignore[arg-type]
    assert str(info.value) == message


def test_fields_not_mapped_go_to_the_metadata_and_mapped_ones_do_not() -> None:
    tl = Timeline.from_records(
        [{"step": "a", "ts": 3, "weight": 2, "who": "x;y", "note": "hi", "id": "q"}],
        mapping={"id": "step", "timestamp": "ts", "actors": "who"},
        time_scale=None,
    )
    event = tl[0]
    assert (event.id, event.timestamp, event.weight) == ("a", 3.0, 2.0)
    assert event.actors == frozenset({"x", "y"})
    assert dict(event.metadata) == {"note": "hi", "id": "q", "raw_timestamp": 3.0}


# -- names (actors, causal parents) ---------------------------------------------------


def test_a_semicolon_string_is_split_in_records_as_in_csv(tmp_path: Path) -> None:
    records = [
        {"id": "a", "timestamp": 0, "weight": 1, "actors": "p; q ;", "note": 1},
        {"id": "b", "timestamp": 1, "weight": 1, "actors": "solo",
         "causal_parents": "a"},
    ]  # fmt: skip
    tl = Timeline.from_records(records)
    assert tl[0].actors == frozenset({"p", "q"})
    assert tl[1].actors == frozenset({"solo"})
    assert tl[1].causal_parents == ("a",)
    path = _write(
        tmp_path, "log.csv", "id,timestamp,weight,actors\na,0,1,p; q ;\nb,1,1,solo\n"
    )
    assert [e.actors for e in load_timeline(path)] == [
        frozenset({"p", "q"}),
        frozenset({"solo"}),
    ]


def test_empty_and_absent_names_are_no_names() -> None:
    tl = Timeline.from_records(
        [*_records(0, 1), {"id": "z", "timestamp": 2, "weight": 1, "actors": "",
                           "causal_parents": None}]
    )  # fmt: skip
    assert all(e.actors == frozenset() and e.causal_parents == () for e in tl)
    tl = Timeline.from_records(_records(0, actors=["p", "q"], causal_parents=()))
    assert tl[0].actors == frozenset({"p", "q"})


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (["p", ""], "records: row 1: column 'actors': must hold non-empty str names, got ''"),
        (["p", 5], "records: row 1: column 'actors': must hold non-empty str names, got 5"),
        (5, "records: row 1: column 'actors': must be a list of names or a ';'-separated string, got 5"),
    ],
)  # fmt: skip
def test_bad_actor_cells_are_type_errors_naming_row_and_column(
    value: object, message: str
) -> None:
    with pytest.raises(TypeError) as info:
        Timeline.from_records(_records(0, actors=value))
    assert str(info.value) == message


def test_an_unknown_causal_parent_is_an_error_naming_the_source() -> None:
    with pytest.raises(ValueError, match="causal parent") as info:
        Timeline.from_records(_records(0, causal_parents=["ghost"]))
    assert str(info.value) == (
        "records: events[0] ('e0') has causal parent 'ghost', which is unknown"
    )


# -- ids and weights --------------------------------------------------------------------


def test_integer_ids_become_strings_and_bool_or_float_ids_are_refused() -> None:
    tl = Timeline.from_records([{"id": 7, "timestamp": 0, "weight": 1}])
    assert tl[0].id == "7"
    for bad, shown in ((True, "True"), (1.5, "1.5")):
        with pytest.raises(TypeError) as info:
            Timeline.from_records([{"id": bad, "timestamp": 0, "weight": 1}])
        assert str(info.value) == (
            f"records: row 1: column 'id': an id must be a str or an int, got {shown}"
        )


def test_weights_are_finite_numbers() -> None:
    tl = Timeline.from_records(_records(0, weight=" 2.5 "))
    assert tl[0].weight == 2.5
    for bad in (True, [1]):
        with pytest.raises(
            TypeError, match="row 1: column 'weight': a weight must be a number"
        ):
            Timeline.from_records(_records(0, weight=bad))
    for infinite in (float("inf"), "nan"):
        with pytest.raises(ValueError, match="must be finite") as info:
            Timeline.from_records(_records(0, weight=infinite))
        assert str(info.value).startswith(
            "records: row 1: column 'weight': weight must be finite, got "
        )


def test_a_record_that_is_not_a_mapping_names_its_row() -> None:
    with pytest.raises(TypeError) as info:
        Timeline.from_records([*_records(0), 5])  # type: ignore[list-item]
    assert str(info.value) == "records: row 2: a record must be a mapping, got 5"


# -- files -----------------------------------------------------------------------------


def test_json_list_and_events_object_and_their_refusals(tmp_path: Path) -> None:
    records = _records(0, 10)
    as_list = _write(tmp_path, "a.json", json.dumps(records))
    as_doc = _write(tmp_path, "b.json", json.dumps({"events": records}))
    assert (
        load_timeline(as_list)
        == load_timeline(as_doc)
        == Timeline.from_records(records)
    )
    for doc in ({"events": {"a": 1}}, {"rows": records}, 5):
        path = _write(tmp_path, "bad.json", json.dumps(doc))
        with pytest.raises(ValueError, match="JSON must hold") as info:
            load_timeline(path)
        assert str(info.value) == (
            f"{path}: JSON must hold a list of event objects or {{'events': [...]}}"
        )
    path = _write(tmp_path, "items.json", json.dumps([records[0], [1, 2]]))
    with pytest.raises(ValueError, match="must be a JSON object") as info:
        load_timeline(path)
    assert (
        str(info.value)
        == f"{path}: row 2: an event must be a JSON object, got a JSON array"
    )


def test_row_numbers_of_a_json_file_count_from_one(tmp_path: Path) -> None:
    records = _records(0, 1)
    records[0]["weight"] = "heavy"
    path = _write(tmp_path, "log.json", json.dumps(records))
    with pytest.raises(
        ValueError, match=r"log\.json: row 1: column 'weight': 'heavy' is not a number"
    ):
        load_timeline(path)


def test_the_format_argument_overrides_the_suffix(tmp_path: Path) -> None:
    records = _records(0, 10)
    path = _write(tmp_path, "log.TXT", "".join(json.dumps(r) + "\n" for r in records))
    assert load_timeline(path, format="jsonl") == Timeline.from_records(records)
    upper = _write(tmp_path, "LOG.JSON", json.dumps(records))
    assert load_timeline(upper) == Timeline.from_records(records)
    with pytest.raises(ValueError, match="cannot tell the format") as info:
        load_timeline(path)
    assert str(info.value) == (
        f"{path}: cannot tell the format from the suffix '.TXT'; pass "
        "format='csv', 'json' or 'jsonl'"
    )
    with pytest.raises(ValueError, match="format must be") as info:
        load_timeline(path, format="JSONL")
    assert str(info.value) == "format must be 'csv', 'json' or 'jsonl', got 'JSONL'"


def test_path_must_be_a_str_or_path(tmp_path: Path) -> None:
    for bad in (1, True, None, b"log.csv"):
        with pytest.raises(TypeError) as info:
            load_timeline(bad)  # type: ignore[arg-type]
        assert str(info.value) == f"path must be a str or Path, got {bad!r}"
    path = _write(tmp_path, "log.csv", "id,timestamp,weight\na,0,1\n")
    assert load_timeline(str(path)) == load_timeline(path)


def test_max_bytes_is_at_least_one_and_caps_the_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "one.json", "[]")  # 2 bytes
    with pytest.raises(ValueError, match="more than max_bytes") as info:
        load_timeline(path, max_bytes=1)
    # the cap, not the argument check
    assert str(info.value) == (
        f"{path}: the file has 2 bytes, more than max_bytes=1 (pass a larger "
        "max_bytes to read it)"
    )
    with pytest.raises(ValueError, match=r"max_bytes must be >= 1, got 0"):
        load_timeline(path, max_bytes=0)
    with pytest.raises(ValueError, match="no events"):
        load_timeline(path, max_bytes=2)


# -- the cap ----------------------------------------------------------------------------


def test_the_cap_is_one_million_events() -> None:
    # 1,000,001 records (one dict, repeated): the error comes when the
    # 1,000,001st arrives, before any event is built. About 2.3 s of CPU and
    # 250 MB; the only way to see the cap's exact value.
    record = {"id": "a", "timestamp": 5, "weight": 1}
    with pytest.raises(ValueError, match="the cap of one timeline") as info:
        Timeline.from_records(record for _ in range(1_000_001))
    assert (
        str(info.value) == "records: more than 1000000 events (the cap of one timeline)"
    )
