"""The semiring ledger (VM-SEMIRING*, VM-TROP-HOM, VM-TROP-WITNESS) and its z3 transcription."""

import pytest
import z3
from hypothesis import given, settings
from hypothesis import strategies as st

from algebra.strategies import hypothesis_sets, tropical_contexts
from algebra.tropical import (
    TOP,
    TropicalContext,
    compose_tropical,
    matrix_otimes,
    oplus,
    oplus_tropical,
    otimes,
    to_matrix,
    to_monoid,
)
from proofs import Verdict, check
from proofs.claims.vm.semiring import AXIOMS, axiom_table, check_homomorphism
from proofs.claims.vm.semiring import _smt as sym
from proofs.claims.vm.semiring import checks as semiring
from tests.proofs.expected import expected_for

T = TropicalContext
KS = st.integers(min_value=0, max_value=3)
LO, HI = -100, 100  # bottom and top for keys drawn in [-3, 3]
# z3 simplification per example is slow: at most 100 examples even under CI
Z3_EXAMPLES = settings(max_examples=min(settings.default.max_examples, 100))


def _concrete(t, *, capped_totals=False):
    w = tuple(z3.RealVal(LO if v is None else v) for v in t.slots)
    if capped_totals:
        k = t.k
        ds = tuple(
            z3.BoolVal(any(min(d, k) == x for d in t.totals)) for x in range(k + 1)
        )
        return sym.Elem(w, ds=ds)
    return sym.Elem(w, z3.IntVal(t.d_total))


def _value(expr):
    lo, hi = z3.Real("lo"), z3.Real("hi")
    out = z3.simplify(z3.substitute(expr, (lo, z3.RealVal(LO)), (hi, z3.RealVal(HI))))
    if z3.is_bool(out):
        return z3.is_true(out)
    if z3.is_int_value(out):
        return out.as_long()
    frac = out.as_fraction()
    value = int(frac) if frac.denominator == 1 else frac
    return {LO: None, HI: TOP}.get(value, value)


def _decode(e):
    return tuple(_value(v) for v in e.w), None if e.d is None else _value(e.d)


@Z3_EXAMPLES
@given(st.data(), KS)
def test_symbolic_product_matches_compose_tropical(data, k):
    """The z3 product evaluated on constants equals compose_tropical."""
    a, b = (data.draw(tropical_contexts(k=k)) for _ in range(2))
    alg = sym.tropical("max", k)
    got = _decode(alg.mul(_concrete(a), _concrete(b)))
    want = compose_tropical(a, b)
    assert got == (want.slots, want.d_total)


@Z3_EXAMPLES
@given(st.data(), KS, st.sampled_from(["equal", "max", "min"]))
def test_symbolic_sums_match_oplus_tropical(data, k, rule):
    """The z3 sums evaluated on constants equal oplus_tropical (where it is defined)."""
    a, b = (data.draw(tropical_contexts(k=k)) for _ in range(2))
    if rule == "equal":
        b = T(
            tuple(None if x > a.d_total else v for x, v in enumerate(b.slots)),
            a.d_total,
        )
    got = _decode(sym.tropical(rule, k).add(_concrete(a), _concrete(b)))
    slots = tuple(
        None if p is None and q is None else max(v for v in (p, q) if v is not None)
        for p, q in zip(a.slots, b.slots, strict=True)
    )
    total = min(a.d_total, b.d_total) if rule == "min" else max(a.d_total, b.d_total)
    assert got == (slots, total)
    if rule != "min" or all(v is None for x, v in enumerate(slots) if x > total):
        assert oplus_tropical(a, b, d_total=rule) == T(slots, total)


@Z3_EXAMPLES
@given(st.data(), KS)
def test_symbolic_hypothesis_sets_match(data, k):
    """The z3 set operations (totals capped at k) equal otimes / oplus."""
    a, b = (data.draw(hypothesis_sets(k=k)) for _ in range(2))
    alg = sym.hypothesis_sets(k)
    for sym_op, op in ((alg.mul, otimes), (alg.add, oplus)):
        out = sym_op(_concrete(a, capped_totals=True), _concrete(b, capped_totals=True))
        want = op(a, b)
        capped = {min(d, k) for d in want.totals}
        assert tuple(_value(v) for v in out.w) == want.slots
        assert {x for x, d in enumerate(out.ds) if _value(d)} == capped


@Z3_EXAMPLES
@given(st.data(), st.integers(min_value=0, max_value=2))
def test_symbolic_matrix_product_matches(data, k):
    """The z3 (max, min) matrix product equals matrix_otimes."""
    a, b = (to_matrix(data.draw(hypothesis_sets(k=k))) for _ in range(2))
    n = k + 2
    alg = sym.matrices(n)

    def enc(m):
        flat = [LO if v is None else HI if v is TOP else v for row in m for v in row]
        return sym.Elem(tuple(z3.RealVal(v) for v in flat))

    got = tuple(_value(v) for v in alg.mul(enc(a), enc(b)).w)
    want = matrix_otimes(a, b)
    assert got == tuple(v for row in want for v in row)


@Z3_EXAMPLES
@given(st.data(), KS)
def test_symbolic_projection_matches_to_monoid(data, k):
    """sym.project equals to_monoid (key, first slot holding it)."""
    t = data.draw(tropical_contexts(k=k))
    has, w, first = sym.project(sym.keys(), _concrete(t), k)
    image = to_monoid(t)
    assert _value(has) == (image.w is not None)
    if image.w is not None:
        assert (_value(w), _value(first)) == (image.w, image.d_pre)


# --- the ledger --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("claim_id", "verdict"),
    [
        pytest.param(
            k,
            Verdict(v),
            # VM-SEMIRING-MAT's cvc5 confirmation takes ~3 min (one query)
            marks=[pytest.mark.slow] if k == "VM-SEMIRING-MAT" else [],
        )
        for k, v in expected_for(semiring.CLAIMS).items()
    ],
)
def test_vm_semiring_ledger_verdicts(claim_id, verdict):
    """Each registered claim reaches the verdict argued in proofs.claims.vm.semiring."""
    assert check(claim_id).verdict is verdict


def _failing(candidate):
    return {
        r.axiom: r.counterexample for r in axiom_table(candidate) if r.holds is False
    }


def test_vm_semiring_failing_axioms():
    """Exactly the axioms argued by hand fail (module docstring of proofs.claims.vm.semiring)."""
    assert set(_failing("EQ")) == {"ADD-TOTAL", "ANNIHIL"}
    assert set(_failing("MAX")) == {"DIST-R", "ANNIHIL"}
    assert set(_failing("MIN")) == {"ADD-ZERO", "DIST-R", "ANNIHIL", "CLOSED"}
    assert _failing("SET") == {} == _failing("MAT")
    assert len(axiom_table("SET")) == len(AXIOMS) == 11


def test_vm_semiring_max_counterexample_is_smallest_by_hand():
    """DIST-R for MAX: k=1, a = candidate 0, b = the one, c = a development event.

    No counterexample exists at k=0 (every shift is the identity there), and it
    needs a finite slot and a non-zero total, so this one (size 2) is minimal.
    By hand: (b ⊕ c) ⊗ a = ([-inf, 0], 1) but (b ⊗ a) ⊕ (c ⊗ a) = ([0, 0], 1).
    """
    cx = _failing("MAX")["DIST-R"]
    assert cx == {
        "k": "1",
        "a": "([0, -inf], d=0)",
        "b": "([-inf, -inf], d=0)",
        "c": "([-inf, -inf], d=1)",
    }
    a, b, c = T((0, None), 0), T.identity(k=1), T.development(k=1)
    left = compose_tropical(oplus_tropical(b, c, d_total="max"), a)
    right = oplus_tropical(
        compose_tropical(b, a), compose_tropical(c, a), d_total="max"
    )
    assert left == T((None, 0), 1) != right == T((0, 0), 1)


def test_vm_semiring_eq_and_min_counterexamples_recheck():
    """The recorded EQ and MIN counterexamples fail in the Python implementation too."""
    eq = _failing("EQ")
    assert eq["ANNIHIL"] == {"k": "0", "b": "([0], d=0)", "zero": "([-inf], d=0)"}
    assert compose_tropical(T((None,), 0), T((0,), 0)) == T((0,), 0) != T((None,), 0)
    assert eq["ADD-TOTAL"]["k"] == "0"
    closed = _failing("MIN")["CLOSED"]
    assert closed == {"k": "1", "a": "([-inf, -inf], d=0)", "b": "([-inf, 0], d=1)"}
    with pytest.raises(ValueError, match="normal form"):
        oplus_tropical(T((None, None), 0), T((None, 0), 1), d_total="min")


def test_vm_trop_hom_records_why_normal_form_matters():
    """Without the normal form: k=1, a=([-inf, 0], 0), b=([0, -inf], 0) (hand check in test_tropical)."""
    evidence = check("VM-TROP-HOM").evidence
    assert "k=1, a=([-inf, 0], d=0), b=([0, -inf], d=0)" in evidence


def test_axiom_table_rejects_unknown_candidate():
    """An unknown candidate name is a clear error."""
    with pytest.raises(ValueError, match=r"candidate must be one of .*got 'RING'"):
        axiom_table("RING")


# --- larger k (slow) -----------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("candidate", ["EQ", "MAX", "MIN", "SET"])
def test_semiring_axioms_larger_k(candidate):
    """The same axioms hold and fail at k = 3 and 4 as at k <= 2."""
    small = [(r.axiom, r.holds) for r in axiom_table(candidate)]
    large = [(r.axiom, r.holds) for r in axiom_table(candidate, (3, 4))]
    assert small == large


@pytest.mark.slow
def test_matrix_semiring_size_three():
    """The (max, min) matrix laws hold for 3 x 3 matrices (k = 1)."""
    assert all(r.holds for r in axiom_table("MAT", (3,)))


@pytest.mark.slow
def test_vm_trop_hom_larger_k():
    """The homomorphism is proven (transcription) for k = 5 and 6 as well."""
    assert check_homomorphism(ks=(5, 6)).verdict is Verdict.VERIFIED


def test_unknown_leaves_an_axiom_open_never_refuted(monkeypatch):
    """z3 ``unknown`` (a timeout) gives holds=None and no counterexample search."""
    from proofs._method.smt import SmtResult
    from proofs.claims.vm.semiring import checks as semiring

    def unknown(hyps, goal):
        return SmtResult(False, None, "", "unknown")

    def boom(*args):
        raise AssertionError("no counterexample search without a model")

    monkeypatch.setattr(semiring, "prove", unknown)
    monkeypatch.setattr(semiring, "_smallest", boom)
    for axiom in ("MUL-ASSOC", "ADD-ZERO", "DIST-R"):
        for candidate in ("MAX", "MIN", "SET"):
            result = semiring._check_axiom(candidate, axiom, (0, 1))
            assert result.holds is None
            assert result.counterexample is None


def test_a_model_refutes_with_a_counterexample(monkeypatch):
    """A model refutes; if the minimisation gives nothing, z3's model is recorded."""
    from proofs._method.smt import SmtResult
    from proofs.claims.vm.semiring import checks as semiring

    def sat(hyps, goal):
        return SmtResult(False, {"a_d": 1}, "", "sat")

    monkeypatch.setattr(semiring, "prove", sat)
    monkeypatch.setattr(semiring, "_smallest", lambda *args: None)
    result = semiring._check_axiom("MAX", "MUL-ASSOC", (0,))
    assert result.holds is False
    assert result.counterexample == {"k": "0", "model": "a_d=1"}


def test_semiring_claims_name_the_bounded_binding():
    """Claims about algebra.tropical say they are bound to it on a bounded domain."""
    from proofs.claims.vm.semiring._bind import agreement

    agree, cases, miss = agreement()
    assert agree, miss
    assert cases > 3000
    evidence = check("VM-TROP-MONOID").evidence
    assert "compose_tropical" in evidence
    assert "verified, bounded" in evidence


def test_binding_catches_a_wrong_compose_tropical(monkeypatch):
    """The bounded binding fails when the package's product differs from the proof's."""
    from algebra.tropical import TropicalContext as TC
    from proofs.claims.vm.semiring import _bind as bind

    def wrong(a, b):
        right = compose_tropical(a, b)
        return TC(right.slots, right.d_total + (1 if a.d_total > 0 else 0))

    bind.agreement.cache_clear()
    monkeypatch.setattr(bind, "compose_tropical", wrong)
    try:
        agree, _, miss = bind.agreement()
    finally:
        bind.agreement.cache_clear()
    assert not agree
    assert miss.startswith("compose_tropical")


def test_binding_values_equal_the_substitution_path(monkeypatch):
    """Every value the binding reads equals lo/hi substituted and simplified (the old path)."""
    import z3

    from proofs.claims.vm.semiring import _bind as bind

    seen = []
    plain = bind._value

    def recording(expr):
        seen.append(expr)
        return plain(expr)

    def substituted(expr):
        pairs = (
            (z3.Real("lo"), z3.RealVal(bind._LO)),
            (z3.Real("hi"), z3.RealVal(bind._HI)),
        )
        out = z3.simplify(z3.substitute(expr, *pairs))
        if z3.is_bool(out):
            return z3.is_true(out)
        if z3.is_int_value(out):
            return out.as_long()
        frac = out.as_fraction()
        value = int(frac) if frac.denominator == 1 else frac
        return {bind._LO: None, bind._HI: bind.TOP}.get(value, value)

    monkeypatch.setattr(bind, "_value", recording)
    assert bind._agreement()[0]
    assert len(seen) > 10_000
    extra = [z3.Real("lo") / 3, z3.Real("hi") - 1, z3.Real("lo") < z3.Real("hi")]
    assert [plain(e) for e in seen + extra] == [substituted(e) for e in seen + extra]
    with pytest.raises(AttributeError):
        plain(z3.Real("x") + 1)  # another constant stays symbolic


@pytest.mark.parametrize(
    ("candidate", "ks", "error", "match"),
    [
        ("MAX", (10**6,), ValueError, r"0 <= k <= 4"),
        ("MAX", (5,), ValueError, r"ks holds 5"),
        ("MAX", (-1,), ValueError, r"ks holds -1"),
        ("MAT", (4,), ValueError, r"1 <= k <= 3"),
        ("MAT", (0,), ValueError, r"1 <= k <= 3"),
        ("MAX", (), ValueError, r"1 to 8 values"),
        ("MAX", (0,) * 9, ValueError, r"1 to 8 values, got 9"),
        ("MAX", (True,), TypeError, r"tuple of ints"),
        ("MAX", ("1",), TypeError, r"tuple of ints"),
    ],
)
def test_axiom_table_caps_k_before_any_z3_call(candidate, ks, error, match):
    """axiom_table('MAX', ks=(10**6,)) used to run for hours (issue 33)."""
    with pytest.raises(error, match=match):
        axiom_table(candidate, ks=ks)
