"""witnesses.rates.format_cells at its edges (survivors of the mutation run, issue 33)."""

from __future__ import annotations

import json
import math

import pytest

from witnesses import Trial
from witnesses.rates import format_cells, rates


def _cells():
    return rates(
        [Trial("t1", "naive", raw_validity=0.9), Trial("t2", "naive", raw_validity=0.3)]
    )


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_json_output_is_strict_json_a_non_finite_meta_value_is_an_error(bad):
    with pytest.raises(ValueError, match="not JSON compliant"):
        format_cells(_cells(), fmt="json", meta={"x": bad})
    # a finite value goes through and the document parses as strict JSON
    text = format_cells(_cells(), fmt="json", meta={"x": 1.5})
    assert json.loads(text, parse_constant=pytest.fail)["x"] == 1.5


def test_cells_of_different_groupings_are_refused_naming_the_cell():
    a = rates([Trial("t1", "naive", raw_validity=0.5)])
    b = rates(
        [Trial("t2", "naive", raw_validity=0.5, model="m")], by=("condition", "model")
    )
    for fmt in ("text", "md", "csv", "json"):
        with pytest.raises(ValueError, match="grouped by") as err:
            format_cells([*a, *b], fmt=fmt)
        assert str(err.value) == (
            "cells[1] is grouped by ('condition', 'model') but cells[0] by "
            "('condition',); format the cells of one rates() call"
        )
    with pytest.raises(
        ValueError, match=r"^cells\[1\] is grouped by \('condition',\) "
    ):
        format_cells([*b, *a])
    # cells of one call, in any order or number, are fine
    two = rates(
        [Trial("t1", "a", raw_validity=0.5), Trial("t2", "b", raw_validity=1.0)]
    )
    lines = format_cells([two[1], two[0], two[1]], fmt="csv").splitlines()
    na = sum(line.startswith("a,") for line in lines)
    assert na > 0
    assert sum(line.startswith("b,") for line in lines) == 2 * na


def test_no_cells_give_the_bare_header_in_every_format():
    assert format_cells([], fmt="text") == "n\n"
    assert format_cells([], fmt="md") == "| n |\n|---|\n"
    assert (
        format_cells([], fmt="csv")
        == "n_trials,statistic,kind,k,n,estimate,low,high,rule\n"
    )
    assert format_cells([], fmt="json") == '{\n  "cells": []\n}\n'


def test_a_long_name_in_the_legend_is_never_broken():
    name = "m" * 120
    cells = rates([Trial("t1", "naive", measures={name: 0.5})])
    text = format_cells(cells, fmt="text")
    assert f"note: {name}: no interval from n = 1 value" in text.replace("\n  ", " ")
    # wrapped at WIDTH = 100, but the 121-character word stays on one line
    assert f"  {name}:" in text.splitlines()
