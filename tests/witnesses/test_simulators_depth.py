"""Tests of the similarity-vs-typed depth simulator (DL-T7, DL-T9, DL-T10, DL-A3)."""

import itertools
from concurrent.futures import ThreadPoolExecutor

import pytest
from scipy import stats

from theory.depth import p_similarity, p_structured
from witnesses import Trial
from witnesses.simulators import DepthSimulator, recall_by_depth, run_simulation

# hop_cosine 0.5 with distractor cosines U(0.1, 0.9) in dimension 1024: a
# distractor of hop k has cosine <= 0.9 * 0.5 + O(1/sqrt(1024)) to n_k, so it
# almost never leaks into hop k + 1 and the hops are nearly independent.
LEAK_FREE = {"hop_cosine": 0.5, "c_low": 0.1, "c_high": 0.9, "dim": 1024}


def _within(k, n, expected, level=0.999):
    ci = stats.binomtest(k, n).proportion_ci(confidence_level=level, method="wilson")
    return ci.low <= expected <= ci.high


def test_depth_simulator_bit_for_bit_reproducible():
    """The same seed gives equal records; another seed gives others."""
    sim = DepthSimulator(max_depth=3, n_chains=20, corpus_size=50)
    assert list(sim.simulate(7)) == list(sim.simulate(7))
    assert list(sim.simulate(7)) != list(sim.simulate(8))


def test_beat_probability_closed_form():
    """F = (hop_cosine - c_low) / (c_high - c_low), clipped (hand computation)."""
    assert DepthSimulator(**LEAK_FREE).beat_probability == pytest.approx(0.5)
    assert DepthSimulator(hop_cosine=0.95, c_high=0.9).beat_probability == 1.0
    assert DepthSimulator(hop_cosine=0.1, c_low=0.2).beat_probability == 0.0
    sim = DepthSimulator(m0=2, m1=3, **LEAK_FREE)
    assert sim.predicted_s0_rho == pytest.approx((0.25, 0.125))
    assert sim.predicted_survival(2) == pytest.approx(0.5**8)


def test_dl_t7_similarity_recall_triangular_without_leakage():
    """Leak-free recall by depth lies in 99.9% Wilson bands of s0^d rho^(d(d+1)/2)."""
    sim = DepthSimulator(max_depth=3, n_chains=600, m0=0, m1=1, **LEAK_FREE)
    rows = [r for r in recall_by_depth(sim.simulate(1)) if r.condition == "similarity"]
    s0, rho = 1.0, 0.5  # F = 0.5 by hand, s0 = F**0, rho = F**1
    for r in rows:
        assert _within(r.k, r.n, p_similarity(r.depth, s0, rho)), r
        assert _within(r.hop_k, r.hop_n, 0.5**r.depth), r


def test_dl_t9_typed_recall_is_q_to_the_d():
    """Typed recall lies in 99.9% Wilson bands of q^d (closed form, DL-T9)."""
    sim = DepthSimulator(max_depth=4, n_chains=800, q=0.9)
    rows = [r for r in recall_by_depth(sim.simulate(2)) if r.condition == "typed"]
    for r in rows:
        assert _within(r.k, r.n, p_structured(r.depth, 0.9)), r


def test_typed_traversal_immune_to_corpus_size():
    """Typed outcomes are identical for every corpus size (same seed)."""

    def typed(size):
        sim = DepthSimulator(max_depth=3, n_chains=50, corpus_size=size)
        return [t.recovered for t in sim.simulate(3) if t.condition == "typed"]

    assert typed(0) == typed(500) == typed(2000)


def test_corpus_growth_hurts_similarity():
    """A large background corpus in low dimension lowers similarity recall."""
    base = {"max_depth": 1, "n_chains": 300, "dim": 16, "hop_cosine": 0.5}
    small = DepthSimulator(corpus_size=0, **base)
    large = DepthSimulator(corpus_size=2000, **base)
    k_small = sum(t.recovered for t in small.simulate(4) if t.condition == "similarity")
    k_large = sum(t.recovered for t in large.simulate(4) if t.condition == "similarity")
    # 2000 uniform vectors in R^16: P(max cosine < 0.5) is tiny (Beta tail).
    assert k_large < k_small / 2


def test_dl_t10_work():
    """Similarity scores the corpus at every hop; typed follows one edge a hop."""
    sim = DepthSimulator(max_depth=3, n_chains=2, corpus_size=10, m0=1, m1=2)
    size = 4 + 10 + (1 + 2) + (1 + 4) + (1 + 6)  # chain + background + distractors
    for t in sim.simulate(0):
        assert t.corpus_size == size
        assert t.work == (t.depth * size if t.condition == "similarity" else t.depth)


def test_top_k_never_lowers_survival():
    """Top-2 survival is >= top-1 survival chain by chain (same seed)."""
    one = list(DepthSimulator(max_depth=3, n_chains=100).simulate(5))
    two = list(DepthSimulator(max_depth=3, n_chains=100, top_k=2).simulate(5))
    assert all(b.hop_survived >= a.hop_survived for a, b in zip(one, two, strict=True))
    assert sum(b.hop_survived for b in two) > sum(a.hop_survived for a in one)


def test_recall_by_depth_counts_and_conditional():
    """k, n, the hop product and conditional survival follow their definitions."""
    rows = recall_by_depth(DepthSimulator(max_depth=3, n_chains=200).simulate(6))
    sim = [r for r in rows if r.condition == "similarity"]
    assert sim[0].conditional_survival == sim[0].k / sim[0].n
    assert sim[1].conditional_survival == sim[1].k / sim[0].k
    assert sim[2].hop_product == pytest.approx(
        sim[0].hop_k * sim[1].hop_k * sim[2].hop_k / 200**3
    )
    assert all(r.k <= q.k for q, r in itertools.pairwise(sim))  # nested events
    ci = stats.binomtest(sim[1].k, 200).proportion_ci(method="wilson")
    assert (sim[1].low, sim[1].high) == pytest.approx((ci.low, ci.high))


def test_run_simulation_same_records_on_any_executor():
    """In-process and thread-pool runs return the sequential records, in seed order."""
    sim = DepthSimulator(max_depth=2, n_chains=3)
    expected = [t for s in (0, 1, 2) for t in sim.simulate(s)]
    assert run_simulation(sim, [0, 1, 2], executor=False) == expected
    with ThreadPoolExecutor(2) as pool:
        assert run_simulation(sim, [0, 1, 2], executor=pool) == expected


def test_run_simulation_journal_resumes(tmp_path):
    """A journalled rerun returns the same records without recomputing."""
    sim = DepthSimulator(max_depth=1, n_chains=2)
    path = tmp_path / "j.jsonl"
    first = run_simulation(sim, [0, 1], executor=False, journal=path)
    assert len(path.read_text().splitlines()) == 3  # header + two seeds
    assert run_simulation(sim, [0, 1], executor=False, journal=path) == first


def test_to_trial_plugs_into_rate_layer():
    """A recovered chain preserves the pivot; a lost one does not."""
    for t in DepthSimulator(max_depth=2, n_chains=20).simulate(0):
        trial = t.to_trial()
        assert isinstance(trial, Trial)
        assert trial.pivot_preserved is t.recovered


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"max_depth": 0}, ValueError, "max_depth must be >= 1, got 0"),
        ({"max_depth": 2.0}, TypeError, "max_depth must be an int"),
        ({"n_chains": 0}, ValueError, "n_chains must be >= 1"),
        ({"hop_cosine": 1.0}, ValueError, r"hop_cosine must be in \(0, 1\), got 1.0"),
        ({"q": 1.2}, ValueError, r"q must be in \[0, 1\], got 1.2"),
        ({"m1": -1}, ValueError, "m1 must be >= 0"),
        ({"c_low": 0.9, "c_high": 0.5}, ValueError, "c_low=0.9 must be < c_high=0.5"),
        ({"c_high": 1.0}, ValueError, r"c_high must be in \[0, 1\)"),
        ({"corpus_size": -1}, ValueError, "corpus_size must be >= 0"),
        ({"dim": 2}, ValueError, "dim must be >= 3"),
        ({"top_k": 0}, ValueError, "top_k must be >= 1"),
        ({"top_k": True}, TypeError, "top_k must be an int"),
    ],
)
def test_depth_simulator_bad_input(kwargs, error, match):
    """Bad parameters raise errors naming the argument, the value and the range."""
    with pytest.raises(error, match=match):
        DepthSimulator(**kwargs)


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: list(DepthSimulator().simulate(-1)), ValueError, "seed must be >= 0"),
        (lambda: run_simulation(DepthSimulator(), []), ValueError, "at least one seed"),
        (lambda: run_simulation(object(), [0]), TypeError, "simulator must be one of"),
        (
            lambda: run_simulation(DepthSimulator(n_chains=1), [0], executor="pool"),
            TypeError,
            "executor must be",
        ),
        (lambda: recall_by_depth([]), ValueError, "at least one record"),
        (
            lambda: DepthSimulator().predicted_survival(0),
            ValueError,
            "k must be >= 1",
        ),
    ],
)
def test_depth_calls_bad_input(call, error, match):
    """Bad calls raise clear errors."""
    with pytest.raises(error, match=match):
        call()


def test_run_simulation_on_a_local_process_pool():
    """The default process pool returns the same records as this process."""
    sim = DepthSimulator(max_depth=2, n_chains=5, corpus_size=20)
    assert run_simulation(sim, [0, 1]) == run_simulation(sim, [0, 1], executor=False)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::DeprecationWarning")
@pytest.mark.filterwarnings("ignore::ResourceWarning")
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_run_simulation_on_a_local_dask_cluster():
    """A Dask cluster's executor returns the in-process records."""
    distributed = pytest.importorskip("distributed")
    sim = DepthSimulator(max_depth=2, n_chains=5, corpus_size=20)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        got = run_simulation(sim, [0, 1, 2], executor=client.get_executor())
    assert got == run_simulation(sim, [0, 1, 2], executor=False)


def test_every_simulator_satisfies_the_simulator_protocol():
    """Each simulator plugs into the rate layer's Simulator protocol."""
    from witnesses import Simulator
    from witnesses.simulators import (
        AdaptiveRetrievalSimulator,
        CompactionSimulator,
        ScatterSimulator,
        TextDepthSimulator,
    )

    for cls in (
        DepthSimulator,
        TextDepthSimulator,
        ScatterSimulator,
        AdaptiveRetrievalSimulator,
        CompactionSimulator,
    ):
        assert isinstance(cls(), Simulator)
