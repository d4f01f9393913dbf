"""assemble.py: which per-module runs still describe today's source (no pytest runs)."""

import importlib.util
import json
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def _load():
    spec = importlib.util.spec_from_file_location("_assemble", HERE / "assemble.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["_assemble"] = module
    spec.loader.exec_module(module)
    return module


assemble = _load()
mutate = assemble.mutate

SOURCE = "def f(x):\n    return x + 1\n"


def _report(tmp_path: Path, name: str, module: str, source: str, survive: int) -> Path:
    """A report of ``module`` as generated from ``source``: the first ``survive``
    mutants survived, the rest were killed."""
    mutants = mutate.generate(module, source)
    outcomes = [
        mutate.Outcome(
            id=m.id, status="survived" if i < survive else "killed", seconds=0.1
        )
        for i, m in enumerate(mutants)
    ]
    row = mutate.summarise(module, mutants, outcomes, {})
    path = tmp_path / name
    path.write_text(json.dumps([row]))
    return path


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "a.py").write_text(SOURCE)
    (tmp_path / "pkg" / "b.py").write_text(SOURCE)
    (tmp_path / "pkg" / "c.py").write_text("X = 1\n")
    (tmp_path / "pkg" / "empty.py").write_text('"""Nothing to mutate."""\n')
    return tmp_path


CONFIG = {"pkg/a.py": [], "pkg/b.py": [], "pkg/c.py": [], "pkg/empty.py": []}


def test_fresh_stale_missing_and_rescored(tree: Path) -> None:
    n = len(mutate.generate("pkg/a.py", SOURCE))
    assert n >= 3
    old = _report(tree, "old.json", "pkg/a.py", SOURCE, survive=2)
    new = _report(tree, "new.json", "pkg/a.py", SOURCE, survive=1)
    changed = _report(tree, "b.json", "pkg/b.py", "def f(x):\n    return x - 2\n", 0)
    first = mutate.generate("pkg/a.py", SOURCE)[0].id
    rows = assemble.assemble([old, new, changed], config=CONFIG,
                             equivalent={first: "argued"}, root=tree)  # fmt: skip
    by = {r["module"]: r for r in rows}
    # the last fresh report wins, and today's equivalents re-score it
    assert by["pkg/a.py"]["status"] == "measured"
    assert by["pkg/a.py"]["source"] == str(new)
    assert (by["pkg/a.py"]["survived"], by["pkg/a.py"]["equivalent"]) == (0, 1)
    assert by["pkg/a.py"]["score"] == 100.0
    # a report of other source is stale, and gets no score
    assert by["pkg/b.py"]["status"] == "stale" and "score" not in by["pkg/b.py"]
    assert by["pkg/b.py"]["source"] == str(changed)
    assert by["pkg/c.py"]["status"] == "missing"
    assert by["pkg/empty.py"]["status"] == "measured"  # no mutants: nothing to run
    text = assemble.markdown(rows)
    assert "4 modules: 2 measured at today's source, 1 stale, 1 missing" in text


def test_an_earlier_fresh_report_is_used_when_the_later_one_is_stale(
    tree: Path,
) -> None:
    fresh = _report(tree, "fresh.json", "pkg/a.py", SOURCE, survive=1)
    stale = _report(tree, "stale.json", "pkg/a.py", "def f(x):\n    return x\n", 0)
    rows = assemble.assemble([fresh, stale], config={"pkg/a.py": []},
                             equivalent={}, root=tree)  # fmt: skip
    assert (rows[0]["status"], rows[0]["source"]) == ("measured", str(fresh))
    assert rows[0]["survived"] == 1


def test_exit_status_and_bad_reports(tree: Path, monkeypatch, capsys) -> None:
    report = _report(tree, "a.json", "pkg/a.py", SOURCE, survive=1)
    monkeypatch.setattr(mutate, "ROOT", tree)
    monkeypatch.setattr(mutate, "load_config", lambda: {"pkg/a.py": []})
    monkeypatch.setattr(mutate, "load_equivalent", dict)
    monkeypatch.setattr(
        assemble.assemble,
        "__kwdefaults__",
        {"config": None, "equivalent": None, "root": tree},
    )
    assert assemble.main([str(report)]) == 0
    assert assemble.main([str(report), "--min-score", "99"]) == 1  # one survivor
    bad = tree / "bad.json"
    bad.write_text('{"not": "a report"}')
    with pytest.raises(SystemExit) as exc:
        assemble.main([str(bad)])
    assert exc.value.code == 2
    assert f"{bad}: not a mutate.py --json report" in capsys.readouterr().err
