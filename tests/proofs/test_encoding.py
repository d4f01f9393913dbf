"""The z3 transcription used by the proofs agrees with the Python implementation."""

import z3
from hypothesis import given

from algebra import IDENTITY, compose_commit, compose_endo, is_absorbed
from algebra.strategies import committed_contexts, contexts
from proofs._method import encoding as enc
from proofs._method.smt import witness


@given(contexts(), contexts())
def test_symbolic_endo_matches_python(a, b):
    """enc.endo evaluated on constants equals compose_endo."""
    assert enc.decode(enc.endo(enc.concrete(a), enc.concrete(b))) == compose_endo(a, b)


@given(committed_contexts(), committed_contexts())
def test_symbolic_commit_matches_python(a, b):
    """enc.commit evaluated on constants equals compose_commit."""
    assert enc.decode(enc.commit(enc.concrete(a), enc.concrete(b))) == compose_commit(
        a, b
    )


@given(contexts())
def test_symbolic_identity_and_absorption_match(a):
    """The symbolic identity and absorbed predicate match the Python ones."""
    import z3

    assert enc.decode(enc.endo(enc.identity(), enc.concrete(a))) == compose_endo(
        IDENTITY, a
    )
    for k in range(4):
        assert z3.is_true(z3.simplify(enc.absorbed(enc.concrete(a), k))) == is_absorbed(
            a, k
        )


def test_vm_p1_proof_fails_on_a_wrong_encoding(monkeypatch):
    """The z3 proof is not vacuous: an off-by-one shift branch is not associative.

    (Forgetting d_total_a would not do: "d_pre of the winning block" is still
    associative, and the Python-side mutant runner catches that one.)
    """
    import z3

    from proofs._method import encoding as enc
    from proofs.claims.vm.monoid import CLAIMS

    def wrong(a, b):
        left = enc.key_ge(a, b)
        return enc.Sym(
            z3.Or(a.has, b.has),
            z3.If(left, a.w, b.w),
            a.t + b.t,
            z3.If(left, a.p, a.t + b.p + 1),  # off by one when the pivot moves right
        )

    monkeypatch.setattr(enc, "endo", wrong)
    vm_p1 = next(c for c in CLAIMS if c.id == "VM-P1")
    assert vm_p1.run().verdict.value != "proven"


def test_encoding_runs_the_package_code():
    """The symbolic products are the package's functions, not a transcription.

    compose_endo/compose_commit call endo_fields/commit_fields, and the
    encoding calls the very same function objects on z3 terms.
    """
    from algebra import absorb, compose, contract

    assert enc.endo_fields is compose.endo_fields
    assert enc.commit_fields is compose.commit_fields
    assert enc.absorbed_fields is absorb.absorbed_fields
    assert enc.contract_fields is contract.contract_fields
    assert "endo_fields" in compose.compose_endo.__code__.co_names
    assert "commit_fields" in compose.compose_commit.__code__.co_names
    assert "absorbed_fields" in absorb.is_absorbed.__code__.co_names
    assert "contract_fields" in contract.satisfies_contract.__code__.co_names


def test_a_broken_product_is_seen_by_the_proof(monkeypatch):
    """Patching the package function the encoding runs unsettles VM-P1 (with a model)."""
    from algebra.arith import ite, key_ge
    from proofs.claims.vm.monoid import check_endo_associative

    def broken(a_w, a_total, a_pre, b_w, b_total, b_pre):
        left = key_ge(a_w, b_w)
        shift = a_total + b_pre + 1  # the break
        return ite(left, a_w, b_w), a_total + b_total, ite(left, a_pre, shift)

    monkeypatch.setattr(enc, "endo_fields", broken)
    result = check_endo_associative()
    assert result.verdict.value == "refuted"
    assert result.counterexample


def test_definedness_is_part_of_every_law():
    """A product leaving the normal form (the constructor would raise) is not 'equal'."""
    import z3

    a = enc.Sym(z3.BoolVal(True), z3.RealVal(1), z3.IntVal(1), z3.IntVal(1))
    bad = enc.Sym(a.has, a.w, a.t, a.p, None, z3.BoolVal(False))
    assert z3.is_false(z3.simplify(enc.equal(bad, bad)))
    assert z3.is_true(z3.simplify(enc.equal(a, a)))


def test_normal_form_agrees_with_context_validation():
    """The carrier constraints equal Context/CommittedContext validation (bounded)."""
    agree, cases = enc.normal_form_agrees(bound=3)
    assert agree
    assert cases == 2 * 5 * 5 * 3


def test_witness_pins_a_dont_care_constant_whatever_ran_before():
    """An unbounded constant gets the smallest absolute value, not z3's whim.

    Before the absolute-value tie-breaker, ``y`` (unbounded below) came back as
    whatever the process's solver history left: VM-P3-IDEAL's don't-care
    ``X_w`` was -2 serially and -1 on the pool.
    """
    x, y, z = z3.Ints("x y z")
    constraints = [x >= 1, z3.Or(y < 5, x > 3), z <= -3]
    for _ in range(3):  # leave some history in the process between calls
        z3.Optimize().check()
        result = witness(constraints, minimise=x)
        assert result.model == {"x": 1, "y": 0, "z": -3}


def _random_term(draw, depth):
    """A random z3 Boolean term over a few Int, Real and Bool constants (shared subterms)."""
    from hypothesis import strategies as st

    ints = [z3.Int(n) for n in ("i0", "i1", "i2")]
    reals = [z3.Real(n) for n in ("r0", "r1")]
    bools = [z3.Bool(n) for n in ("b0", "b1")]

    def num(d):
        if d == 0 or draw(st.booleans()):
            pick = draw(st.integers(0, 5))
            return [*ints, *reals, z3.IntVal(2)][pick]
        left, right = num(d - 1), num(d - 1)
        return draw(st.sampled_from([left + right, z3.If(pred(d - 1), left, right)]))

    def pred(d):
        if d == 0 or draw(st.booleans()):
            return draw(st.sampled_from([*bools, z3.BoolVal(True)]))
        shared = num(d - 1)
        return draw(
            st.sampled_from(
                [
                    z3.And(pred(d - 1), shared > num(d - 1), shared < 3),
                    z3.Or(pred(d - 1), pred(d - 1)),
                    z3.ForAll([ints[0]], z3.Implies(pred(d - 1), shared >= ints[0])),
                ]
            )
        )

    return pred(depth)


def test_constants_are_get_vars_without_the_tree_walk():
    """The witness minimiser's constants: those of z3's get_vars, same first objects and names."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from z3.z3util import get_vars

    from proofs._method.smt import _constants, _tie_breakers

    @settings(max_examples=150, deadline=None)
    @given(st.data(), st.integers(1, 4))
    def check(data, n):
        terms = [_random_term(data.draw, 3) for _ in range(n)]
        want: dict[str, object] = {}
        for c in terms:
            for v in get_vars(c):
                want.setdefault(str(v), v)
        got: dict[str, object] = {}
        for v in _constants(terms):
            got.setdefault(str(v), v)
        assert list(got) == list(want)
        assert all(got[k].eq(v) for k, v in want.items())
        assert [str(t) for t in _tie_breakers(terms)] == [
            str(t) for t in _tie_breakers_by_get_vars(terms)
        ]

    check()


def _tie_breakers_by_get_vars(constraints):
    """The tie-breakers as the minimiser built them with z3's get_vars (the old path)."""
    from z3.z3util import get_vars

    found = {}
    for c in constraints:
        for v in get_vars(c):
            found.setdefault(str(v), v)
    terms = []
    for _, v in sorted(found.items()):
        if z3.is_bool(v):
            terms.append(z3.If(v, 1, 0))
        elif z3.is_int(v) or z3.is_real(v):
            terms += [z3.If(v >= 0, v, -v), v]
    return terms
