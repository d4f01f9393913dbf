"""Tests of the SLM information-geometry ledger (proofs.claims.slm.geometry)."""

import inspect
import json
import math

import numpy as np
import pytest
import sympy as sp

import proofs.claims.slm.geometry._bounds as bounds
import proofs.claims.slm.geometry._metric as metric
import proofs.claims.slm.geometry._scale as scale
import proofs.claims.slm.geometry._sheaf_cost as sheaf_cost
import proofs.claims.slm.geometry.checks as geometry
from proofs import check
from proofs.claims.slm.geometry import CLAIMS
from proofs.records import ClaimCheck, Verdict
from tests.proofs.expected import expected_for
from theory.fisher_rao import fisher_rao_distance, paper_eq3_distance

EXPECTED = expected_for(CLAIMS)


def test_every_section3_claim_but_the_sheaf_is_registered():
    """The ledger holds exactly the expected ids, all tagged SLM (of §5.4 only its complexity claims; the sheaf claims are proofs.claims.slm.sheaf)."""
    ids = [c.id for c in CLAIMS]
    assert sorted(ids) == sorted(EXPECTED)
    assert all(c.source == "SLM" for c in CLAIMS)


@pytest.mark.parametrize(("claim_id", "verdict"), sorted(EXPECTED.items()))
def test_geometry_verdicts(claim_id, verdict):
    """Each check returns the verdict the mathematics gives, JSON-ready."""
    result = check(claim_id)
    assert result.verdict.value == verdict
    assert result.evidence
    json.dumps(result.to_dict(), allow_nan=False)
    if verdict == "refuted" and "-" in claim_id.removeprefix("SLM-"):
        assert result.counterexample is not None


def _eq3(a, b):
    """Eq. 3 for univariate (mu, sigma) pairs, transcribed here."""
    (m1, s1), (m2, s2) = a, b
    return math.sqrt((2 * math.log(s2 / s1)) ** 2 + (m1 - m2) ** 2 / (s1**2 + s2**2))


def test_slm_t61_triangle_counterexample_recomputed():
    """The recorded triple violates the triangle inequality by the stated numbers."""
    cx = check("SLM-T6.1-TRIANGLE").counterexample
    a, b, c = (tuple(cx[k]) for k in "ABC")
    assert _eq3(a, c) == pytest.approx(cx["AC"])
    assert _eq3(a, c) > _eq3(a, b) + _eq3(b, c) + 0.01


def test_slm_t61_fr_counterexample_recomputed():
    """sigma 1 -> e at equal means: Eq. 3 = 2, Fisher-Rao = sqrt(2) (pure scale)."""
    cx = check("SLM-T6.1-FR").counterexample
    assert cx["paper_eq3"] == pytest.approx(2 * math.log(math.e))
    assert cx["fisher_rao"] == pytest.approx(math.sqrt(2) * math.log(math.e))


def _fisher_rao(a, b):
    """Univariate Fisher-Rao distance, closed form of THEORY.md SLM-T6.1, transcribed."""
    (m1, s1), (m2, s2) = a, b
    return math.sqrt(2) * math.acosh(
        1 + ((m1 - m2) ** 2 / 2 + (s1 - s2) ** 2) / (2 * s1 * s2)
    )


def _sigma(value):
    """Read a recorded standard deviation ("e" stands for Euler's number)."""
    return math.e if value == "e" else float(value)


def test_slm_e16_counterexample_recomputed():
    """Eq. 16 ranks N(0, e^2) first, Fisher-Rao ranks N(1, 1) closer to N(0, 1).

    By hand: score(A) = exp(0) = 1, score(B) = exp(-1); d_FR(q, A) =
    sqrt(2) acosh(cosh 1) = sqrt(2), d_FR(q, B) = sqrt(2) acosh(5/4) = sqrt(2) log 2.
    """
    cx = check("SLM-E16").counterexample
    q, a, b = ((float(v[0]), _sigma(v[1])) for v in (cx["query"], cx["A"], cx["B"]))
    scores = [math.exp(-((q[0] - m[0]) ** 2) / m[1] ** 2) for m in (a, b)]
    assert [cx["scoreA"], cx["scoreB"]] == pytest.approx(scores)
    assert [cx["frA"], cx["frB"]] == pytest.approx(
        [_fisher_rao(q, a), _fisher_rao(q, b)]
    )
    assert [cx["frA"], cx["frB"]] == pytest.approx(
        [math.sqrt(2), math.sqrt(2) * math.log(2)]
    )
    assert scores[0] > scores[1] and _fisher_rao(q, a) > _fisher_rao(q, b)
    assert "10-access" in cx["phase"]


def test_slm_t63_drift_counterexample_recomputed():
    """d = 1, U = 0, T = 1: stationary FP residual of the paper's drift is 1/4."""
    x = sp.Symbol("x", real=True)
    p = 1 / (1 - x**2)
    residual = sp.simplify(
        sp.diff(-x * (1 - x**2) / 4 * p, x) - sp.diff((1 - x**2) ** 2 / 4 * p, x, 2)
    )
    assert residual == sp.Rational(1, 4)
    assert sp.Rational(check("SLM-T6.3-DRIFT").counterexample["residual"]) == residual


def test_stratonovich_shift_by_hand():
    """g = sqrt(2T)(1 - x^2)/2 in d = 1: g g'/2 = -T x (1 - x^2)/2 = -T lambda^-1 x."""
    t = sp.Symbol("T", positive=True)
    assert geometry._stratonovich_shift() == -t


def test_slm_t65_eq26_counterexample_by_hand():
    """sigma^2/D_min = 4, r = 2: sigma^2 -> sigma^2/2 -> sigma^2/4 is 2 levels; Eq. 26: 1."""
    cx = check("SLM-T6.5-EQ26").counterexample
    distortion, levels = sp.Integer(cx["variance_ratio"]), 0
    while distortion > 1:
        distortion, levels = distortion / cx["r"], levels + 1
    assert levels == cx["levels_needed"] == 2
    assert cx["eq26"] == math.log(4) / (2 * math.log(2)) == 1.0
    assert check("SLM-T6.5").counterexample == cx


def test_slm_p71_cap_counterexample_by_hand():
    """d = 3: the cosine is uniform on [-1, 1], so P(cos >= 0.95) = 0.025; Eq. 29: 0.05."""
    cx = check("SLM-P7.1-CAP").counterexample
    assert (cx["true_fraction"], cx["eq29_fraction"]) == ("1/40", "1/20")
    from scipy.special import betainc

    x = 0.05 * (2 - 0.05)
    assert betainc(1.0, 0.5, x) == pytest.approx(0.05, abs=1e-15)
    assert pytest.approx(0.025) == (1 - 0.95) / 2


def test_slm_p71_number_is_astronomically_small():
    """Eq. 29 at d = 384, eps = 0.05 is below 1e-190 (leading term x^a/(a B(a, 1/2)))."""
    cx = check("SLM-P7.1-NUMBER").counterexample
    a, x = 191.5, 0.0975
    log10_lead = (
        a * math.log10(x)
        + 0.5 * math.log10(1 - x)
        - math.log10(a)
        - (math.lgamma(a) + math.lgamma(0.5) - math.lgamma(a + 0.5)) / math.log(10)
    )
    assert math.log10(cx["A_eq29"]) == pytest.approx(log10_lead, abs=0.05)
    assert cx["expected_count"] < 1e-180 < cx["claimed"]


def test_slm_p72_and_c62_witnesses_by_hand():
    """Eq. 3 by hand: [2 log e]^2 = [2 log(1/e)]^2 = 4; d(q, b) = sqrt((2 ln 10)^2 + ...)."""
    cx = check("SLM-P7.2-CRITERION").counterexample
    assert cx["eq31"] == (2 * math.log(math.e / math.exp(-1))) ** 2 == 16.0
    assert _eq3((1.0, 1.0), (1.0, math.e)) == pytest.approx(2.0)
    assert _eq3((1.0, 1.0), (1.0, 1 / math.e)) == pytest.approx(2.0)
    cx = check("SLM-C6.2-SPECIFICALLY").counterexample
    by_hand = math.hypot(2 * math.log(10), 2 * math.log(0.9))
    assert cx["d_eq3_b"] == pytest.approx(by_hand, abs=1e-6)
    assert cx["d_eq3_a"] == 0.0


def test_slm_t66_energy_is_never_negative_by_hand():
    """Eq. 10 at a stored unit pattern, M = 2 orthogonal, beta = 1: E = 1 - lse >= 0."""
    from theory.hopfield import hopfield_energy

    energy = hopfield_energy([1.0, 0.0], [[1.0, 0.0], [0.0, 1.0]], beta=1.0)
    by_hand = -math.log(math.e + 1) + 0.5 + math.log(2) + 0.5
    assert energy == pytest.approx(by_hand) and by_hand > 0


# --- each verdict-deciding check, broken on purpose, must lose its verdict ---


def _open(claim_id):
    """A stand-in part check that settles nothing."""
    return lambda: ClaimCheck(claim_id, Verdict.OPEN, "broken on purpose")


def _eq3_broken(kind):
    """Eq. 3 in sympy with one deliberate error (identity, symmetry or invariance)."""

    def build():
        expr, (m1, s1, m2, s2) = _EQ3_SYMBOLIC()
        if kind == "offset":  # Eq.3 + 1: not zero at equal arguments
            return expr + 1, (m1, s1, m2, s2)
        if kind == "one_sided":  # denominator sigma1^2 only: not symmetric
            return sp.sqrt((2 * sp.log(s2 / s1)) ** 2 + (m1 - m2) ** 2 / s1**2), (
                m1,
                s1,
                m2,
                s2,
            )
        # denominator 1 + ...: not scale invariant
        return sp.sqrt(
            (2 * sp.log(s2 / s1)) ** 2 + (m1 - m2) ** 2 / (1 + s1**2 + s2**2)
        ), (
            m1,
            s1,
            m2,
            s2,
        )

    return build


_EQ3_SYMBOLIC = metric._eq3_symbolic


def _first_coords_only(m1, s1, m2, s2):
    """Eq. 3 that forgets the last coordinate (fails the Theta(d) read-every-input check)."""
    return paper_eq3_distance(m1[:-1], s1[:-1], m2[:-1], s2[:-1])


def _eq16_exponent(m1, s1, m2, s2):
    """A 'distance' that is exactly Eq. 16's exponent: no ranking reversal is possible."""
    diff = np.asarray(m1, dtype=float) - np.asarray(m2, dtype=float)
    return float(np.sum(diff**2 / np.asarray(s2, dtype=float) ** 2))


_T, _K = sp.Symbol("T", positive=True), sp.Symbol("k", real=True)

BREAKS = {
    "FR-equal-values": (
        metric,
        "paper_eq3_distance",
        fisher_rao_distance,
        metric.check_fr,
    ),
    "FR-integral": (sp, "integrate", lambda *a, **k: sp.Integer(0), metric.check_fr),
    "IDENTITY": (
        metric,
        "_eq3_symbolic",
        _eq3_broken("offset"),
        metric.check_identity,
    ),
    "SYMMETRY": (
        metric,
        "_eq3_symbolic",
        _eq3_broken("one_sided"),
        metric.check_symmetry,
    ),
    "TRIANGLE": (
        metric,
        "paper_eq3_distance",
        fisher_rao_distance,
        metric.check_triangle,
    ),
    "INVARIANCE": (
        metric,
        "_eq3_symbolic",
        _eq3_broken("shifted"),
        metric.check_invariance,
    ),
    "COST": (metric, "paper_eq3_distance", _first_coords_only, metric.check_cost),
    "E16": (geometry, "fisher_rao_distance", _eq16_exponent, geometry._check_e16),
    "DRIFT-coefficient": (
        geometry,
        "zero_flux_coefficient",
        lambda: _T * (_K - 2) / 2,
        geometry._check_t63_drift,
    ),
    "DRIFT-exponent": (
        geometry,
        "stationary_exponent",
        lambda form, d: sp.Integer(d),
        geometry._check_t63_drift,
    ),
    "DRIFT-residual": (
        geometry,
        "fokker_planck_residual",
        lambda d, form: sp.Integer(0),
        geometry._check_t63_drift,
    ),
    "NORMALISABLE": (
        geometry,
        "boundary_integral",
        lambda k: sp.Rational(1, 2),
        geometry._check_t63_normalisable,
    ),
}


@pytest.mark.parametrize("name", sorted(BREAKS))
def test_broken_computation_gives_open(monkeypatch, name):
    """Each check's verdict follows its computation: break the computation, get OPEN."""
    target, attr, broken, check_fn = BREAKS[name]
    assert check_fn().verdict is not Verdict.OPEN  # the real computation settles it
    monkeypatch.setattr(target, attr, broken)
    assert inspect.unwrap(check_fn)().verdict is Verdict.OPEN  # past the caches


@pytest.mark.parametrize(
    ("module", "parent", "parts"),
    [
        (metric, "check_t61", ("check_fr", "check_triangle")),
        (geometry, "_check_t63", ("_check_t63_drift", "_check_t63_normalisable")),
    ],
)
def test_parent_refuted_only_through_a_refuted_part(monkeypatch, module, parent, parts):
    """SLM-T6.1 and SLM-T6.3 are refuted by their parts; with no refuted part, OPEN."""
    for name in parts[1:]:
        monkeypatch.setattr(module, name, _open(name))
    assert inspect.unwrap(getattr(module, parent))().verdict is Verdict.REFUTED
    monkeypatch.setattr(module, parts[0], _open(parts[0]))
    assert inspect.unwrap(getattr(module, parent))().verdict is Verdict.OPEN


def test_slm_s76_contradictions_bound_by_hand():
    """C(N,2) - (N-1) = (N-1)(N-2)/2 >= 0; at N = 1e5, p = 1e-6 the count is 4999.95."""
    n = 10**5
    assert math.comb(n, 2) * 1e-6 == pytest.approx(4999.95)
    assert all(
        math.comb(k, 2) - (k - 1) == (k - 1) * (k - 2) // 2 for k in range(2, 50)
    )
    assert "P(at least one) = p_c for every N" in check("SLM-S7.6-CONTRA").evidence


def test_slm_s54_cost_witnesses_by_hand():
    """All-ones rho: (rho f)_i = sum_j rho_ij; h1 of the triangle = dim ker(rho - I)."""
    rho = np.ones((3, 3))
    for i, j in [(0, 0), (2, 1)]:
        bumped = rho.copy()
        bumped[i, j] += 1
        assert not np.array_equal(bumped @ np.ones(3), rho @ np.ones(3))
    eye = np.eye(3)
    bumped = eye.copy()
    bumped[0, 2] += 1
    assert 3 - np.linalg.matrix_rank(bumped - eye) == 2 < 3
    assert check("SLM-S5.4-COST").counterexample["entries_that_change_the_output"] == 16
    assert check("SLM-S5.4-COST-H1").counterexample["entries_that_change_h1"] == 16


def test_slm_s54_cost_open_if_an_entry_did_not_matter(monkeypatch):
    """If some entry of rho could be skipped, there is no lower-bound witness: open."""
    monkeypatch.setattr(sheaf_cost, "entries_that_matter", lambda d: (d * d - 1, 0))
    assert sheaf_cost.check_coboundary_cost().verdict is Verdict.OPEN
    assert sheaf_cost.check_h1_cost().verdict is Verdict.OPEN


SCALE_BREAKS = {
    "P7.1-CAP": (
        scale,
        "cap_probability",
        lambda t, d: 2 * (1 - t),
        scale.check_p71_cap,
    ),
    "P7.1-NUMBER": (
        scale,
        "paper_cap_fraction",
        lambda d, eps: 1e-3,
        scale.check_p71_number,
    ),
    "P7.1-SNR": (scale, "paper_cap_fraction", lambda d, eps: 1e-9, scale.check_p71_snr),
    "P7.2-CRITERION": (
        scale,
        "paper_eq3_distance",
        lambda m1, s1, m2, s2: float(np.sum(np.asarray(s2))),
        scale.check_p72_criterion,
    ),
    "P7.2-COUNT": (scale, "paper_eq3_distance", lambda *a: 1.0, scale.check_p72_count),
    "C6.2-MAY": (scale, "paper_eq3_distance", lambda *a: 1.0, scale.check_c62_may),
    "C6.2-SPECIFICALLY": (
        scale,
        "paper_eq3_distance",
        lambda *a: 1.0,
        scale.check_c62_specifically,
    ),
    "T6.5-EQ26": (
        bounds,
        "levels_needed",
        lambda ratio, r: sp.Integer(1),
        bounds.check_t65_eq26,
    ),
    "T6.5-THETA": (
        bounds,
        "levels_needed",
        lambda ratio, r: sp.log(ratio) / (2 * sp.log(r)) + 1,
        bounds.check_t65_theta,
    ),
    "T6.6": (bounds, "hopfield_energy", lambda *a, **k: -0.5, bounds.check_t66),
}


@pytest.mark.parametrize("name", sorted(SCALE_BREAKS))
def test_broken_scale_computation_gives_open(monkeypatch, name):
    """The §6.3/§7.6 checks: break the computation, get OPEN (never a bare refutation)."""
    target, attr, broken, check_fn = SCALE_BREAKS[name]
    assert check_fn().verdict is not Verdict.OPEN
    monkeypatch.setattr(target, attr, broken)
    result = check_fn()
    assert result.verdict is Verdict.OPEN
    assert result.counterexample is None
