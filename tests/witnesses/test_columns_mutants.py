"""The CSV fast path's refusals and results that its mutants showed untested (issue 33).

``_taken`` tells whether the columnar reader answered (the strict reader,
patched to raise, was never reached); every case also checks that the
answer, whichever path gave it, is the strict reader's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from witnesses import Trial, load_trials

_FAST = "witnesses.rates._columns.load_csv_columns"
_STRICT = "witnesses.rates._load.build_trials"


class _Declined(Exception):
    pass


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise _Declined


def _decline(*args: Any, **kwargs: Any) -> None:
    return None


def _load(path: Path, **kwargs: Any) -> list[str] | str:
    try:
        return list(map(repr, load_trials(path, **kwargs)))
    except ValueError as exc:
        return str(exc)


def _taken(path: Path, **kwargs: Any) -> bool:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_STRICT, _refuse)
        try:
            _load(path, **kwargs)
        except _Declined:
            return False
    return True


def _both(path: Path, **kwargs: Any) -> list[str] | str:
    """The result, asserted equal on the fast and the strict path."""
    fast = _load(path, **kwargs)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_FAST, _decline)
        strict = _load(path, **kwargs)
    assert fast == strict
    return fast


def test_a_duplicate_header_is_declined_and_an_error(tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    path.write_bytes(b"task_id,condition,condition\nt1,a,b\n")
    assert not _taken(path)
    assert "duplicate column 'condition' (columns 2 and 3)" in _both(path)


def _cli_json(path: Path, *argv: str) -> dict[str, Any]:
    import contextlib
    import io
    import json

    from witnesses.rates.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main([str(path), "--format", "json", *argv]) == 0
    return dict(json.loads(out.getvalue()))


def test_fields_read_from_the_file_are_not_absent(tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    path.write_bytes(b"task_id,condition,raw_validity\nt1,a,1\nt2,a,0\n")
    assert _taken(path)
    doc = _cli_json(path)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_FAST, _decline)
        assert _cli_json(path) == doc
    assert "raw_validity" not in doc["not_in_this_file"]
    assert "raw_validity" in doc["cells"][0]["rates"]


def test_a_constant_for_a_column_the_file_lacks_is_every_trials_value(
    tmp_path: Path,
) -> None:
    path = tmp_path / "runs.csv"
    path.write_bytes(b"task_id,condition,raw_validity\nt1,a,1\nt2,a,0\n")
    constants = {"model": "m", "seed": 3, "budget": 0.5}
    assert _taken(path, constants=constants)
    assert _both(path, constants=constants) == [
        repr(Trial("t1", "a", budget=0.5, model="m", seed=3, raw_validity=True)),
        repr(Trial("t2", "a", budget=0.5, model="m", seed=3, raw_validity=False)),
    ]


def test_a_none_constant_is_plain_except_for_a_required_field(tmp_path: Path) -> None:
    path = tmp_path / "runs.csv"
    path.write_bytes(b"task_id,condition,raw_validity\nt1,a,1\nt2,a,0\n")
    assert _taken(path, constants={"model": None, "seed": None})
    assert _both(path, constants={"model": None}) == [
        repr(Trial("t1", "a", raw_validity=True)),
        repr(Trial("t2", "a", raw_validity=False)),
    ]
    # a None condition is no condition: the strict reader names the row
    path.write_bytes(b"task_id,raw_validity\nt1,1\n")
    assert not _taken(path, constants={"condition": None})
    assert "row 2: condition must be a non-empty str, got None" in _both(
        path, constants={"condition": None}
    )


@pytest.mark.parametrize(
    ("constants", "taken", "error"),
    [
        ({"header_present": True}, True, None),
        ({"raw_validity": True}, True, None),
        ({"raw_validity": 0.5}, True, None),
        ({"raw_validity": 1.0, "semantic_regret": 0.0}, True, None),
        ({"seed": 3, "budget": -2.5}, True, None),
        ({"header_present": 1}, False, "header_present must be a bool or None, got 1"),
        (
            {"raw_validity": 2.0},
            False,
            "raw_validity must be a bool or in [0, 1], got 2.0",
        ),
        ({"raw_validity": -0.5}, False, "raw_validity must be a bool or in [0, 1]"),
        ({"budget": True}, False, "budget must be a real number or None, got True"),
        ({"seed": 3.0}, False, "seed must be an int or None, got 3.0"),
        ({"semantic_regret": 1.5}, False, "semantic_regret must be in [0, 1], got 1.5"),
        ({"budget": float("inf")}, False, "budget must be finite, got inf"),
        ({"model": ""}, False, None),
    ],
)
def test_constants_of_a_fields_plain_type_and_range_take_the_fast_path(
    tmp_path: Path, constants: dict[str, Any], taken: bool, error: str | None
) -> None:
    path = tmp_path / "runs.csv"
    path.write_bytes(b"task_id,condition,full_pivot\nt1,a,e1\nt2,a,e2\n")
    assert _taken(path, constants=constants) is taken
    got = _both(path, constants=constants)
    if error is None:
        assert isinstance(got, list) and len(got) == 2
    else:
        assert isinstance(got, str) and f"runs.csv: row 2: {error}" in got


@pytest.mark.parametrize(
    "cells",
    [
        ("0.0", "1.0"),  # the ends of [0, 1] are in range
        ("0.5", "0.5"),  # one value
        ("0.25", "0.75", "1e0"),
        ("0.0", "yes"),  # flags beside scores
    ],
)
@pytest.mark.parametrize("column", ["raw_validity", "semantic_regret"])
def test_scores_in_0_1_take_the_fast_path(
    tmp_path: Path, cells: tuple[str, ...], column: str
) -> None:
    if column == "semantic_regret" and "yes" in cells:
        cells = cells[:1]
    rows = "".join(f"t{i},a,{c}\n" for i, c in enumerate(cells))
    path = tmp_path / "runs.csv"
    path.write_text(f"task_id,condition,{column}\n{rows}")
    assert _taken(path)
    got = _both(path)
    assert isinstance(got, list) and len(got) == len(cells)


def _wide_identities(tmp_path: Path, repeat: bool) -> Path:
    # 100 rows whose six identity fields all differ: 100**6 combinations, far
    # more than the row keys may number before they are renumbered
    lines = ["task_id,condition,budget,model,category,seed,raw_validity"]
    lines += [f"t{i},c{i},{i},m{i},k{i},{i},1" for i in range(100)]
    if repeat:
        lines.append("t0,c0,0,m0,k0,0,0")  # row 0 run again, another outcome
    path = tmp_path / "runs.csv"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_many_distinct_identities_load_on_the_fast_path(tmp_path: Path) -> None:
    path = _wide_identities(tmp_path, repeat=False)
    assert _taken(path)
    assert len(load_trials(path)) == 100


def test_a_repeated_identity_among_many_is_found(tmp_path: Path) -> None:
    path = _wide_identities(tmp_path, repeat=True)
    assert not _taken(path)
    got = _both(path)
    assert isinstance(got, str) and "row 102 repeats the trial of row 2" in got
