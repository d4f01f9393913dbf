"""``method="smt"`` of :func:`algebra.laws.check_monoid` (private).

The user's operator is a *fields function*: for a carrier with fields
``(f1, ..., fn)`` it is called as ``op(*a_fields, *b_fields)`` and returns the
``n`` fields of the product, written with the numeric interface of
:mod:`algebra.arith` (``ite``, ``key_ge``, ``maximum``, ...), exactly as
:func:`algebra.compose.endo_fields` is. Called on z3 terms it builds the term
of its own computation, so the proof is a proof of the user's code.

Carriers: ``"int"`` (one unbounded integer), ``"context"`` (``(w, d_total,
d_pre)`` in normal form, keys real numbers or ``None``) and ``"committed"``
(``(w, d_total, d_pre, committed)``). A valid model becomes a counterexample
with the smallest sum of counts z3's optimiser finds; ``unknown`` leaves the
law open.

``domain=`` narrows the carrier: each named constraint is a function of one
element's fields returning a z3 condition (``lambda n: n >= 0``). The laws
are proven for elements that satisfy every constraint, and closure asks the
product to satisfy them too; a closure refutation names the constraint (the
carrier's own, such as ``d_pre <= d_total``, or the user's) the product
breaks.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from algebra.arith import SymbolicKey
from algebra.laws._report import LawReport, LawResult
from algebra.laws._search import name_of

CARRIERS = ("int", "context", "committed")
_SCOPES = {
    "int": "every integer",
    "context": "every context (any real key or None, any integer counts)",
    "committed": "every committed context (any real key or None, any integer counts)",
}
"""Carriers ``method="smt"`` can quantify over."""

TIMEOUT_MS = 20_000
"""z3's time limit per law; past it the law is open."""


Constraint = tuple[str, Callable[..., Any]]


def domain_constraints(domain: object) -> list[Constraint]:
    """Return ``domain`` as named constraints (a callable, or a mapping of name to callable)."""
    if domain is None:
        return []
    if callable(domain):
        name = getattr(domain, "__name__", "")
        return [(name if name and name != "<lambda>" else "domain", domain)]
    if isinstance(domain, Mapping):
        out: list[Constraint] = []
        for name, fn in domain.items():
            if not isinstance(name, str) or not name:
                msg = f"domain keys must be non-empty constraint names, got {name!r}"
                raise TypeError(msg)
            if not callable(fn):
                msg = f"domain[{name!r}] must be callable (the fields of one element -> a condition), got {fn!r}"
                raise TypeError(msg)
            out.append((name, fn))
        if not out:
            msg = "domain must name at least one constraint"
            raise ValueError(msg)
        return out
    msg = (
        "domain must be a callable or a mapping of name to callable, each taking "
        f"one element's fields and returning a condition; got {domain!r}"
    )
    raise TypeError(msg)


def smt_monoid(
    op: Callable[..., Any],
    identity: Any,
    carrier: object,
    extra: object,
    domain: object = None,
) -> LawReport:
    """Check the arguments of ``method="smt"`` and prove the monoid laws of ``op``."""
    if not isinstance(carrier, str) or carrier not in CARRIERS:
        msg = (
            f"with method='smt', elements must name a carrier, one of "
            f"{', '.join(map(repr, CARRIERS))}; got {carrier!r}"
        )
        raise ValueError(msg)
    if extra is not None:
        msg = "exhaustive= cannot be combined with method='smt' (the proof covers it)"
        raise TypeError(msg)
    constraints = domain_constraints(domain)
    try:
        laws = prove_monoid(op, identity, carrier, constraints)
    except Exception as exc:
        # our own argument errors (a wrong number of fields, a bad domain)
        # pass as they are; anything else is op failing on z3 terms
        if isinstance(exc, ValueError) and (
            "field(s)" in str(exc) or "domain" in str(exc)
        ):
            raise
        msg = (
            f"op could not run on z3 terms ({type(exc).__name__}: {exc}); for "
            "method='smt' write op as a fields function with algebra.arith "
            "(ite, key_ge, maximum, both, ...) instead of if/and/or/max"
        )
        raise ValueError(msg) from exc
    where = (
        " on the domain " + ", ".join(repr(n) for n, _ in constraints)
        if constraints
        else ""
    )
    return LawReport(
        f"monoid laws of {name_of(op)} with identity {identity!r}{where}", laws
    )


def prove_monoid(
    op: Callable[..., Any],
    identity: Any,
    carrier: str,
    constraints: Sequence[Constraint] = (),
) -> tuple[LawResult, ...]:
    """Prove associativity, identity and closure of ``op`` on ``carrier`` with z3."""
    import z3

    a, b, c = (_fresh(z3, carrier, name) for name in "abc")
    e = _fields_of(identity, carrier)
    product = _product(op, carrier)

    def parts(x: Sequence[Any]) -> list[tuple[str, Any]]:
        own = _valid_parts(z3, carrier, x)
        return own + [(name, _condition(z3, fn, x, name)) for name, fn in constraints]

    for name, condition in parts(e)[len(_valid_parts(z3, carrier, e)) :]:
        if not z3.is_true(z3.simplify(condition)):
            msg = f"the identity {identity!r} is outside the domain: it breaks the constraint {name!r}"
            raise ValueError(msg)

    def member(x: Sequence[Any]) -> Any:
        return z3.And(*[cond for _, cond in parts(x)])

    valid = [member(x) for x in (a, b, c)]
    goals: list[tuple[str, str, Sequence[Any], Any, Any]] = [
        (
            "closure",
            "op(a, b) is in the carrier" + (" and the domain" if constraints else ""),
            (a, b),
            z3.And(valid[0], valid[1]),
            member(product(a, b)),
        ),
        (
            "associativity",
            "op(op(a, b), c) == op(a, op(b, c))",
            (a, b, c),
            z3.And(*valid),
            _same(z3, product(product(a, b), c), product(a, product(b, c))),
        ),
        (
            "left identity",
            "op(identity, a) == a",
            (a,),
            valid[0],
            _same(z3, product(e, a), a),
        ),
        (
            "right identity",
            "op(a, identity) == a",
            (a,),
            valid[0],
            _same(z3, product(a, e), a),
        ),
    ]
    shows = _shows(op, _fields_of(identity, carrier), carrier)
    broken = {"closure": lambda model: _broken(z3, model, parts(product(a, b)))}
    scope = _SCOPES[carrier]
    if constraints:
        scope += " satisfying " + ", ".join(repr(n) for n, _ in constraints)
    return tuple(
        _prove(
            z3,
            shows[name],
            name,
            statement,
            xs,
            premise,
            goal,
            carrier,
            scope,
            broken=broken.get(name),
            constrained=bool(constraints),
        )
        for name, statement, xs, premise, goal in goals
    )


def _condition(z3: Any, fn: Callable[..., Any], x: Sequence[Any], name: str) -> Any:
    try:
        out = fn(*x)
    except Exception as exc:
        msg = (
            f"domain constraint {name!r} could not run on z3 terms ({type(exc).__name__}: "
            f"{exc}); it takes one element's fields and returns a condition, e.g. lambda n: n >= 0"
        )
        raise ValueError(msg) from exc
    if isinstance(out, bool):
        return z3.BoolVal(out)
    if not (z3.is_expr(out) and z3.is_bool(out)):
        msg = f"domain constraint {name!r} must return a condition (a z3 Bool), got {out!r}"
        raise ValueError(msg)
    return out


def _broken(z3: Any, model: Any, parts: Sequence[tuple[str, Any]]) -> str:
    names = [
        name
        for name, cond in parts
        if not z3.is_true(model.eval(cond, model_completion=True))
    ]
    if not names:
        return ""
    listed = ", ".join(repr(n) for n in names)
    return f"; op(a, b) breaks the constraint{'s' if len(names) > 1 else ''} {listed}"


def _shows(
    op: Callable[..., Any], e: tuple[Any, ...], carrier: str
) -> dict[str, Callable[[dict[str, Any]], str]]:
    """Both sides of each law, computed by ``op`` on the counterexample's values."""
    product = _product(op, carrier)

    def f(x: Any) -> tuple[Any, ...]:
        return _fields_of(x, carrier)

    def out(fields: tuple[Any, ...]) -> Any:
        return fields[0] if carrier == "int" else fields

    return {
        "closure": lambda v: f"op(a, b) = {out(product(f(v['a']), f(v['b'])))!r}",
        "associativity": lambda v: (
            f"op(op(a, b), c) = {out(product(product(f(v['a']), f(v['b'])), f(v['c'])))!r}, "
            f"op(a, op(b, c)) = {out(product(f(v['a']), product(f(v['b']), f(v['c']))))!r}"
        ),
        "left identity": lambda v: f"op(identity, a) = {out(product(e, f(v['a'])))!r}",
        "right identity": lambda v: f"op(a, identity) = {out(product(f(v['a']), e))!r}",
    }


def _prove(
    z3: Any,
    show: Callable[[dict[str, Any]], str],
    name: str,
    statement: str,
    xs: Sequence[Any],
    premise: Any,
    goal: Any,
    carrier: str,
    scope: str,
    *,
    broken: Callable[[Any], str] | None = None,
    constrained: bool = False,
) -> LawResult:
    solver = z3.Solver()
    solver.set("timeout", TIMEOUT_MS)
    solver.add(premise, z3.Not(goal))
    answer = solver.check()
    if answer == z3.unsat:
        return LawResult(
            name, statement, True, "smt", 0, None, f"proven by z3 for {scope}"
        )
    if answer != z3.sat:
        why = solver.reason_unknown()
        return LawResult(
            name, statement, None, "smt", 0, None, f"open: z3 answered unknown ({why})"
        )
    model = _small_model(z3, premise, goal, xs, carrier) or solver.model()
    names = "abc"[: len(xs)]
    example = {n: _value(z3, model, x, carrier) for n, x in zip(names, xs, strict=True)}
    detail = f"z3 found a model of the negation; {show(example)}"
    if broken is not None:
        detail += broken(model)
    elif constrained:
        detail += f" ({', '.join(names)} satisfy every domain constraint)"
    return LawResult(name, statement, False, "smt", 0, example, detail)


def _small_model(
    z3: Any, premise: Any, goal: Any, xs: Sequence[Any], carrier: str
) -> Any:
    opt = z3.Optimize()
    opt.set("timeout", TIMEOUT_MS)
    opt.add(premise, z3.Not(goal))
    counts = [f for x in xs for f in _counts(x, carrier)]
    opt.minimize(z3.Sum([z3.If(n >= 0, n, -n) for n in counts]))
    if carrier != "int":
        keys = [
            z3.If(x[0].has, z3.If(x[0].value >= 0, x[0].value, -x[0].value), 0)
            for x in xs
        ]
        opt.minimize(z3.Sum(keys))
    return opt.model() if opt.check() == z3.sat else None


def _fresh(z3: Any, carrier: str, name: str) -> tuple[Any, ...]:
    if carrier == "int":
        return (z3.Int(name),)
    key = SymbolicKey(z3.Bool(f"{name}_has"), z3.Real(f"{name}_w"))
    fields = (key, z3.Int(f"{name}_d_total"), z3.Int(f"{name}_d_pre"))
    return (*fields, z3.Bool(f"{name}_committed")) if carrier == "committed" else fields


def _counts(x: Sequence[Any], carrier: str) -> list[Any]:
    return [x[0]] if carrier == "int" else [x[1], x[2]]


def _valid_parts(z3: Any, carrier: str, x: Sequence[Any]) -> list[tuple[str, Any]]:
    """Return the carrier's own constraints, named as a refutation names them."""
    if carrier == "int":
        return []
    # A fields function may return a Python constant for a field (d_pre = 0):
    # z3 terms are needed to state the constraints.
    key, total, pre = _key(z3, x[0]), _int_term(z3, x[1]), _int_term(z3, x[2])
    parts = [
        ("d_total >= 0", total >= 0),
        ("d_pre >= 0", pre >= 0),
        ("d_pre <= d_total", pre <= total),
        ("w = None implies d_pre = 0", z3.Implies(z3.Not(key.has), pre == 0)),
    ]
    if carrier == "committed":
        parts.append(("committed implies a key", z3.Implies(x[3], key.has)))
    return parts


def _int_term(z3: Any, value: Any) -> Any:
    """Return ``value`` as a z3 term: a Python int (or bool) becomes an IntVal."""
    if isinstance(value, int):
        return z3.IntVal(int(value))
    return value


def _same(z3: Any, x: Sequence[Any], y: Sequence[Any]) -> Any:
    parts = []
    for u, v in zip(x, y, strict=True):
        if (
            isinstance(u, SymbolicKey)
            or isinstance(v, SymbolicKey)
            or u is None
            or v is None
        ):
            ku, kv = _key(z3, u), _key(z3, v)
            parts.append(
                z3.And(ku.has == kv.has, z3.Implies(ku.has, ku.value == kv.value))
            )
        else:
            parts.append(u == v)
    return z3.And(*parts)


def _key(z3: Any, value: Any) -> SymbolicKey:
    if isinstance(value, SymbolicKey):
        return value
    if value is None:
        return SymbolicKey(z3.BoolVal(False), z3.RealVal(0))
    return SymbolicKey(
        z3.BoolVal(True), value if z3.is_expr(value) else z3.RealVal(value)
    )


def _product(op: Callable[..., Any], carrier: str) -> Callable[..., tuple[Any, ...]]:
    def product(x: Sequence[Any], y: Sequence[Any]) -> tuple[Any, ...]:
        out = op(*x, *y)
        fields = tuple(out) if isinstance(out, (tuple, list)) else (out,)
        if len(fields) != len(x):
            msg = (
                f"op must return the {len(x)} field(s) of the {carrier!r} carrier for method='smt', "
                f"got {out!r}"
            )
            raise ValueError(msg)
        return fields

    return product


def _fields_of(identity: Any, carrier: str) -> tuple[Any, ...]:
    if dataclasses.is_dataclass(identity) and not isinstance(identity, type):
        return tuple(getattr(identity, f.name) for f in dataclasses.fields(identity))
    if isinstance(identity, tuple):
        return identity
    return (identity,)


def _value(z3: Any, model: Any, x: Sequence[Any], carrier: str) -> Any:
    if carrier == "int":
        return model.eval(x[0], model_completion=True).as_long()
    from algebra.context import CommittedContext, Context

    key = x[0]
    has = z3.is_true(model.eval(key.has, model_completion=True))
    w = _number(model.eval(key.value, model_completion=True)) if has else None
    total = model.eval(x[1], model_completion=True).as_long()
    pre = model.eval(x[2], model_completion=True).as_long()
    if carrier == "committed":
        flag = z3.is_true(model.eval(x[3], model_completion=True))
        return CommittedContext(w, total, pre, flag)
    return Context(w, total, pre)


def _number(value: Any) -> int | Fraction:
    fraction = Fraction(value.as_fraction())
    return int(fraction) if fraction.denominator == 1 else fraction
