"""A preset is named by its exact key; anything else is refused by name (issue 33)."""

from __future__ import annotations

from pathlib import Path

import pytest

from witnesses import PRESETS, Trial, load_trials


def _kv(tmp_path: Path) -> Path:
    path = tmp_path / "kv.csv"
    path.write_text(
        "task_id,retention,full_pivot,compressed_pivot,has_pivot_header,cache_tokens_kept\n"
        "t1,0.5,e1,e1,true,10\n"
    )
    return path


def test_a_preset_reads_its_schema(tmp_path: Path) -> None:
    (t,) = load_trials(_kv(tmp_path), preset="mirage-kv")
    assert t == Trial(
        "t1",
        "kv-eviction",
        budget=0.5,
        full_pivot="e1",
        chosen_pivot="e1",
        header_present=True,
        measures={"cache_tokens_kept": 10.0},
    )
    assert sorted(PRESETS) == ["mirage-kv", "mirage-ntsb", "miragebench"]


@pytest.mark.parametrize(
    ("preset", "shown"),
    [
        ("kv", "'kv'"),
        ("Mirage-KV", "'Mirage-KV'"),
        ("", "''"),
        (3, "3"),
        (["mirage-kv"], r"\['mirage-kv'\]"),
        (b"mirage-kv", "b'mirage-kv'"),
    ],
)
def test_anything_but_a_preset_name_is_refused(
    tmp_path: Path, preset: object, shown: str
) -> None:
    with pytest.raises(
        ValueError,
        match=rf"^preset must be one of 'mirage-ntsb', 'miragebench', 'mirage-kv', got {shown}$",
    ):
        load_trials(_kv(tmp_path), preset=preset)  # type: ignore[arg-type]
