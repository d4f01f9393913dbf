"""Tests of the Bursty and MultiBurst generators (WITNESS.md 1.1).

Expected values come from an independent transcription of the documented
draw order (numpy ``default_rng`` calls written out here), from the
distributions named in WITNESS.md 1.1 (via ``scipy.stats``), or from
arithmetic on the defaults.
"""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scipy import stats

from witnesses import Timeline
from witnesses.generators import BurstyConfig, MultiBurstConfig, bursty, multiburst
from witnesses.strategies import bursty_configs, multiburst_configs

ROOT = Path(__file__).resolve().parents[2]


def _digest(timeline):
    rows = [
        [
            e.id,
            e.timestamp.hex(),
            e.weight.hex(),
            sorted(e.actors),
            list(e.causal_parents),
        ]
        for e in timeline
    ]
    return hashlib.sha256(json.dumps(rows).encode()).hexdigest()


_SCRIPT = """
import hashlib, json
from witnesses.generators import BurstyConfig, bursty, multiburst
out = []
for tl in (bursty(config=BurstyConfig(epsilon=0.5), seed=7), multiburst(seed=11)):
    rows = [[e.id, e.timestamp.hex(), e.weight.hex(), sorted(e.actors),
             list(e.causal_parents)] for e in tl]
    out.append(hashlib.sha256(json.dumps(rows).encode()).hexdigest())
print(" ".join(out))
"""


def test_generators_independent_of_pythonhashseed():
    """An interpreter with another hash seed produces identical timelines."""
    here = f"{_digest(bursty(config=BurstyConfig(epsilon=0.5), seed=7))} {_digest(multiburst(seed=11))}"
    other = "1" if os.environ.get("PYTHONHASHSEED") == "4242" else "4242"
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT],
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": other},
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.strip() == here


def test_seed_changes_timeline():
    """Different seeds give different timelines, the same seed the same one."""
    assert bursty(seed=1) == bursty(seed=1)
    assert bursty(seed=1) != bursty(seed=2)
    assert multiburst(seed=1) != multiburst(seed=2)


# --- independent transcription of the documented draw order -------------------


def _bursty_times_weights(seed, n, eps, n_bursts=3, width=0.1, tail=2.0):
    rng = np.random.default_rng(seed)
    centres = sorted(rng.uniform(0.05, 0.95, n_bursts))
    times = []
    for _ in range(n):
        if rng.random() < 0.8:
            times.append(rng.normal(centres[rng.integers(n_bursts)], width / 2))
        else:
            times.append(rng.uniform(0, 1))
    times = sorted(min(max(t, 0.0), 1.0) for t in times)
    if eps == 0:
        return times, list(rng.uniform(0, 1, n)), rng
    weights = list(rng.uniform(0, 0.5, n))
    heavy = [i for i, t in enumerate(times) if t <= 1 - 0.9 * eps]
    for i, x in zip(heavy, rng.pareto(tail, len(heavy)), strict=True):
        weights[i] = 0.5 + 0.5 * (1 - 1 / (x + 1))
    return times, weights, rng


def _actors_parents(rng, times, weights, n_actors=6, hub_fraction=0.05, density=0.08):
    """WITNESS.md 1.1 (corrected 2026-11-24): actors, then parents, event by event."""
    n = len(times)
    hubs = set(np.argsort(np.asarray(weights))[::-1][: round(hub_fraction * n)])
    names = np.array([f"actor_{a}" for a in range(n_actors)])
    actors, parents = [], []
    for i in range(n):
        if i in hubs:
            actors.append(set(range(n_actors)))
        else:
            size = rng.integers(1, min(3, n_actors) + 1)
            picked = rng.choice(names, size, replace=False)
            actors.append({int(str(a).split("_")[1]) for a in picked})
        if i == 0:
            parents.append([])
        elif rng.random() < density:
            size = rng.integers(1, min(3, i) + 1)
            q = np.array(
                [(weights[j] + 1e-9) / (1 + times[i] - times[j]) for j in range(i)]
            )
            parents.append(
                sorted(rng.choice(i, size, replace=False, p=q / q.sum()).tolist())
            )
        else:
            parents.append([])
    return actors, parents


@pytest.mark.parametrize(("seed", "eps"), [(0, 0.3), (5, 0.0), (9, 0.8)])
def test_bursty_follows_documented_draw_order(seed, eps):
    """Timestamps and weights equal a line-by-line transcription of WITNESS.md 1.1."""
    tl = bursty(config=BurstyConfig(n_events=120, epsilon=eps), seed=seed)
    times, weights, rng = _bursty_times_weights(seed, 120, eps)
    assert [e.timestamp for e in tl] == times
    assert [e.weight for e in tl] == weights
    actors, parents = _actors_parents(rng, times, weights)
    assert [{int(a.split("_")[1]) for a in e.actors} for e in tl] == actors
    assert [[tl.position(p) for p in e.causal_parents] for e in tl] == parents


def test_multiburst_follows_documented_draw_order():
    """Counts, timestamps and weights equal a transcription of WITNESS.md 1.1."""
    seed = 3
    rng = np.random.default_rng(seed)
    # masses {0.2, 0.2, 0.3 * 0.4} as stated in WITNESS.md 1.1
    counts = rng.multinomial(200, np.array([0.2, 0.2, 0.12]) / 0.52)
    spans = [(0.1, 0.3, True), (0.7, 0.9, True), (0.3, 0.7, False)]
    drawn = [
        (t, burst)
        for (lo, hi, burst), c in zip(spans, counts, strict=True)
        for t in rng.uniform(lo, hi, c)
    ]
    drawn.sort(key=lambda pair: pair[0])
    base = rng.uniform(0.1, 1.0, 200)
    noise = rng.normal(0, 0.01, 200)
    weights = [
        max(b * (3.0 if burst else 1.0) + z, 1e-6)
        for b, z, (_, burst) in zip(base, noise, drawn, strict=True)
    ]
    tl = multiburst(seed=seed)
    assert [e.timestamp for e in tl] == pytest.approx([t for t, _ in drawn], abs=1e-15)
    assert [e.weight for e in tl] == pytest.approx(weights, rel=1e-15)
    actors, parents = _actors_parents(rng, [t for t, _ in drawn], weights)
    assert [{int(a.split("_")[1]) for a in e.actors} for e in tl] == actors
    assert [[tl.position(p) for p in e.causal_parents] for e in tl] == parents


# --- distributional properties ------------------------------------------------


def test_bursty_concentrates_in_bursts():
    """About 80% of events lie within 2 sd (0.1) of a burst centre."""
    n, seed = 3000, 4
    tl = bursty(config=BurstyConfig(n_events=n), seed=seed)
    centres = np.sort(np.random.default_rng(seed).uniform(0.05, 0.95, 3))
    t = np.array([e.timestamp for e in tl])
    near = np.min(np.abs(t[:, None] - centres[None, :]), axis=1) <= 0.1
    # 0.8 * P(|Z| <= 2) (scipy norm) plus the uniform share landing nearby
    low = 0.8 * (stats.norm.cdf(2) - stats.norm.cdf(-2))
    assert near.mean() >= low - 0.03
    # a plain Uniform(0, 1) timeline would put at most 0.6 of its mass there
    assert near.mean() > 0.7


@pytest.mark.parametrize("eps", [0.2, 0.5, 0.8])
def test_bursty_weight_ranges_and_front_loading(eps):
    """Front events have weights in [0.5, 1), late ones in [0, 0.5)."""
    tl = bursty(config=BurstyConfig(n_events=400, epsilon=eps), seed=1)
    cut = 1 - 0.9 * eps
    front = np.array([e.weight for e in tl if e.timestamp <= cut])
    late = np.array([e.weight for e in tl if e.timestamp > cut])
    assert front.size and late.size
    assert front.min() >= 0.5 and front.max() < 1.0
    assert late.min() >= 0.0 and late.max() < 0.5
    # (w - 0.5) / 0.5 = 1 - 1/Y with Y classical Pareto(2): 1/Y ~ Beta(2, 1),
    # so 1 - 1/Y ~ Beta(1, 2) (scipy.stats.beta)
    ks = stats.kstest((front - 0.5) / 0.5, stats.beta(1, 2).cdf)
    assert ks.pvalue > 1e-3
    assert stats.kstest(late, stats.uniform(0, 0.5).cdf).pvalue > 1e-3


def test_bursty_epsilon_zero_is_uniform():
    """With epsilon 0 the weights are Uniform(0, 1)."""
    w = [
        e.weight for e in bursty(config=BurstyConfig(n_events=800, epsilon=0.0), seed=2)
    ]
    assert stats.kstest(w, stats.uniform(0, 1).cdf).pvalue > 1e-3


@pytest.mark.parametrize(
    "make",
    [
        lambda: bursty(config=BurstyConfig(n_events=300), seed=8),
        lambda: multiburst(config=MultiBurstConfig(n_events=300), seed=8),
    ],
)
def test_hubs_are_the_heaviest_and_involve_everyone(make):
    """round(0.05 n) = 15 hubs: the 15 heaviest events, with all 6 actors."""
    tl = make()
    hubs = [e for e in tl if len(e.actors) == 6]
    assert len(hubs) >= 15
    heaviest = sorted(tl, key=lambda e: -e.weight)[:15]
    assert {e.id for e in heaviest} <= {e.id for e in hubs}
    others = [e for e in tl if e.id not in {h.id for h in heaviest}]
    sizes = [len(e.actors) for e in others]
    assert set(sizes) <= {1, 2, 3, 6}
    # sizes 1, 2, 3 equally likely (chi-square goodness of fit, scipy.stats)
    observed = [sizes.count(r) for r in (1, 2, 3)]
    assert stats.chisquare(observed).pvalue > 1e-3
    assert tl.actors == {f"actor_{a}" for a in range(6)}


def test_parents_earlier_and_density():
    """Parents are earlier events; the share of events with parents is ~0.08."""
    with_parents = total = 0
    for seed in range(10):
        tl = bursty(config=BurstyConfig(n_events=200), seed=seed)
        for pos, e in enumerate(tl):
            assert all(tl.position(p) < pos for p in e.causal_parents)
            assert 0 <= len(e.causal_parents) <= 3
            assert len(set(e.causal_parents)) == len(e.causal_parents)
        with_parents += sum(1 for e in tl if e.causal_parents)
        total += len(tl) - 1
    # two-sided exact binomial test at p = causal_density (scipy.stats.binomtest)
    assert stats.binomtest(with_parents, total, 0.08).pvalue > 1e-3


def test_multiburst_windows_and_weights():
    """Events lie in the windows, ~0.4/0.52 in burst windows, boosted there."""
    n_burst = total = 0
    for seed in range(5):
        tl = multiburst(seed=seed)
        assert isinstance(tl, Timeline) and len(tl) == 200
        assert [e.id for e in tl][:2] == ["e0000", "e0001"]
        for e in tl:
            burst = 0.1 <= e.timestamp <= 0.3 or 0.7 <= e.timestamp <= 0.9
            assert 0.1 <= e.timestamp <= 0.9
            # Uniform(0.1, 1) x {3 or 1} plus N(0, 0.01) noise: 6 sd = 0.06
            lo, hi = (0.3, 3.0) if burst else (0.1, 1.0)
            assert lo - 0.06 <= e.weight <= hi + 0.06
            n_burst += burst
        total += len(tl)
    share = 0.4 / 0.52  # multinomial mass of the two burst windows
    assert stats.binomtest(n_burst, total, share).pvalue > 1e-3


def test_ids_sort_like_time_for_large_n():
    """Ids widen past 9999 events so that id order stays time order."""
    tl = bursty(config=BurstyConfig(n_events=10_001, causal_density=0.0), seed=0)
    assert tl[0].id == "e00000" and tl[-1].id == "e10000"
    assert sorted(tl.ids) == list(tl.ids)


def _common_properties(tl, config):
    n = config.n_events
    assert len(tl) == n
    width = max(4, len(str(n - 1)))
    assert tl.ids == tuple(f"e{i:0{width}d}" for i in range(n))
    everyone = frozenset(f"actor_{a}" for a in range(config.n_actors))
    hubs = round(config.hub_fraction * n)
    heaviest = sorted(range(n), key=lambda i: (-tl[i].weight, i))[:hubs]
    assert all(tl[i].actors == everyone for i in heaviest)
    for e in tl:
        assert e.actors <= everyone
        assert len(e.actors) >= 1
        assert len(e.actors) <= 3 or e.actors == everyone
        assert len(e.causal_parents) <= 3


@given(bursty_configs(max_events=40), st.integers(0, 2**32))
def test_bursty_properties(config, seed):
    """Any config: n events in [0, 1], ids in time order, weights in [0, 1],
    the round(hub_fraction n) heaviest events are hubs, deterministic."""
    tl = bursty(config=config, seed=seed)
    _common_properties(tl, config)
    assert all(0.0 <= e.timestamp <= 1.0 for e in tl)
    assert all(0.0 <= e.weight <= 1.0 for e in tl)
    if config.epsilon > 0:
        cut = 1 - 0.9 * config.epsilon
        assert all((e.weight >= 0.5) == (e.timestamp <= cut) for e in tl)
    if config.causal_density == 0:
        assert all(not e.causal_parents for e in tl)
    assert bursty(config=config, seed=seed) == tl


@given(multiburst_configs(max_events=40), st.integers(0, 2**32))
def test_multiburst_properties(config, seed):
    """Any config: events inside the windows, weights floored at 1e-6,
    no inter-burst events when the density is 0, deterministic."""
    tl = multiburst(config=config, seed=seed)
    _common_properties(tl, config)
    windows = config.windows()
    allowed = [w for w in windows if w[2] or config.inter_burst_density > 0]
    for e in tl:
        assert any(lo <= e.timestamp <= hi for lo, hi, _ in allowed)
        assert e.weight >= 1e-6
    assert multiburst(config=config, seed=seed) == tl


BAD = [
    (lambda: BurstyConfig(n_events=0), ValueError, "n_events must be >= 1, got 0"),
    (lambda: BurstyConfig(n_events=2.0), TypeError, "n_events must be an int"),
    (lambda: BurstyConfig(n_actors=True), TypeError, "n_actors must be an int"),
    (lambda: BurstyConfig(epsilon=-0.1), ValueError, r"epsilon must be in \[0, 1\]"),
    (lambda: BurstyConfig(n_bursts=0), ValueError, "n_bursts must be >= 1"),
    (lambda: BurstyConfig(burst_width=0), ValueError, r"burst_width must be in \(0"),
    (
        lambda: BurstyConfig(hub_fraction=2),
        ValueError,
        r"hub_fraction must be in \[0, 1\]",
    ),
    (lambda: BurstyConfig(causal_density=-1), ValueError, "causal_density must be in"),
    (
        lambda: BurstyConfig(weight_heavy_tail=0),
        ValueError,
        r"weight_heavy_tail must be in \(0, inf\)",
    ),
    (
        lambda: MultiBurstConfig(burst_centres=()),
        ValueError,
        "burst_centres must not be empty",
    ),
    (
        lambda: MultiBurstConfig(burst_centres="0.5"),
        TypeError,
        "burst_centres must be a tuple",
    ),
    (
        lambda: MultiBurstConfig(burst_centres=(0.05,)),
        ValueError,
        r"burst_centres\[0\] must be in \[0.1, 0.9\]",
    ),
    (
        lambda: MultiBurstConfig(burst_centres=(0.5, 0.3)),
        ValueError,
        "must not overlap",
    ),
    (
        lambda: MultiBurstConfig(burst_width=0.6),
        ValueError,
        r"burst_width must be in \(0, 0.5\], got 0.6",
    ),
    (
        lambda: MultiBurstConfig(burst_weight_boost=-1),
        ValueError,
        "burst_weight_boost must be in",
    ),
    (
        lambda: MultiBurstConfig(weight_noise_std=float("inf")),
        ValueError,
        "weight_noise_std must be finite",
    ),
    (
        lambda: MultiBurstConfig(inter_burst_density=float("nan")),
        ValueError,
        "inter_burst_density must not be NaN",
    ),
    (
        lambda: bursty(config=MultiBurstConfig()),
        TypeError,
        "config must be a BurstyConfig",
    ),
    (
        lambda: multiburst(config=BurstyConfig()),
        TypeError,
        "config must be a MultiBurstConfig",
    ),
    (lambda: bursty(seed=-1), ValueError, "seed must be >= 0, got -1"),
    (lambda: multiburst(seed=1.5), TypeError, "seed must be an int"),
]


@pytest.mark.parametrize(("call", "error", "match"), BAD)
def test_bad_input(call, error, match):
    with pytest.raises(error, match=match):
        call()


# --- pinned against the reference (WITNESS.md 1.1, issue 17) -------------------


def _timelines_digest(timelines):
    import hashlib

    h = hashlib.sha256()
    for tl in timelines:
        for e in tl:
            line = (
                f"{e.id}|{e.timestamp!r}|{e.weight!r}|{','.join(sorted(e.actors))}|"
                f"{','.join(e.causal_parents)}\n"
            )
            h.update(line.encode())
    return h.hexdigest()


@pytest.mark.parametrize(
    ("seed", "tp", "score"),
    [(0, "e0048", 54.41103151198204), (1, "e0017", 53.23694444270559)],
)
def test_reference_solves_of_the_sweep_timelines(seed, tp, score):
    """Two full-timeline solves published by the reference (sweep grammar, M = 10).

    They depend on actors and parents (focal events, injection pools), so
    they fail under the old draw order (actors first, then parents).
    """
    from witnesses import solve
    from witnesses.experiments.sweep import grammar

    result = solve(multiburst(seed=seed), grammar=grammar(), m=10, solver="reference")
    assert result.pivot_id == tp
    assert result.score == score


@pytest.mark.parametrize(
    ("make", "digest"),
    [
        (
            "multiburst",
            "58303c881ef45e0617ea370ce8012da1e0883782e9f1b811ff2f3b8154ffbed8",
        ),
        (
            "bursty-0.3",
            "eef58bed405b108c81c7a6893abca58da24c36db74652470c6a9065f02d5e250",
        ),
        (
            "bursty-0",
            "08cd278a0f623c631d84c2ae9dc49d4dd3b7f84ec9c9f27803bc4328e1682fa1",
        ),
    ],
)
def test_first_timelines_digest(make, digest):
    """A digest of seeds 0..4 guards the whole draw order against drift."""
    if make == "multiburst":
        tls = [multiburst(seed=s) for s in range(5)]
    else:
        eps = float(make.split("-")[1])
        tls = [bursty(config=BurstyConfig(epsilon=eps), seed=s) for s in range(5)]
    assert _timelines_digest(tls) == digest
