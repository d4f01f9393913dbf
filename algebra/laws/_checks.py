"""The three law checks of :mod:`algebra.laws` (private; re-exported there)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from algebra._validation import check_callable, check_choice
from algebra.laws._report import LawReport
from algebra.laws._search import Law, call, equality, name_of, run
from algebra.laws._smt import smt_monoid

__all__ = ["check_homomorphism", "check_ideal", "check_monoid"]

_SIDES = ("right", "left", "two-sided")


def check_monoid(
    op: Callable[[Any, Any], Any],
    identity: Any,
    elements: Any,
    *,
    eq: Callable[[Any, Any], Any] | None = None,
    max_examples: int = 200,
    exhaustive: Iterable[Any] | None = None,
    size: Callable[[Any], Any] | None = None,
    method: str = "auto",
    domain: Any = None,
) -> LawReport:
    """Check that ``op`` is associative with two-sided identity ``identity``.

    Parameters
    ----------
    op : callable
        The binary operator, ``op(a, b)``: ``a`` first, then ``b``.
    identity : object
        The claimed identity element.
    elements : iterable or hypothesis strategy
        A finite iterable is checked exhaustively (every triple); a strategy is
        sampled ``max_examples`` times per law.
    eq : callable, optional
        Equality of two results (default ``==``).
    max_examples : int, default 200
        Examples hypothesis tries per law (``>= 1``).
    exhaustive : iterable, optional
        A finite domain checked exhaustively in addition to the strategy
        ``elements``.
    size : callable, optional
        Size measure ordering a finite domain (default: numbers by absolute
        value, containers and dataclasses by the sizes of their parts).
    method : {"auto", "smt"}, default "auto"
        ``"auto"`` checks examples (exhaustively or sampled, as above).
        ``"smt"`` proves the laws with z3 for every element of a carrier:
        ``elements`` is then ``"int"`` (one unbounded integer),
        ``"context"`` (``(w, d_total, d_pre)`` in normal form, every real
        key or ``None``, all integer counts) or ``"committed"`` (with the
        flag), and ``op`` is a *fields function* called as
        ``op(*a_fields, *b_fields)`` and returning the product's fields,
        written with :mod:`algebra.arith` as
        :func:`algebra.compose.endo_fields` is; ``identity`` is an element or
        its fields. A ``closure`` law (the product stays in the carrier) is
        added. A proof that z3 cannot finish leaves the law open.
    domain : callable or mapping of str to callable, optional
        With ``method="smt"`` only: constraints narrowing the carrier, each
        called with one element's fields and returning a z3 condition
        (``{"non-negative": lambda n: n >= 0}``; for ``"context"``
        ``lambda w, d_total, d_pre: ...``). The laws are proven for elements
        satisfying every constraint; closure also asks the product to
        satisfy them, and its refutation names the constraint broken. The
        identity must satisfy them.

    Returns
    -------
    LawReport
        Laws ``associativity``, ``left identity``, ``right identity`` (and
        ``closure`` with ``method="smt"``).

    Raises
    ------
    TypeError
        If ``op``, ``eq`` or ``size`` is not callable, ``elements`` is neither
        an iterable nor a strategy, or ``max_examples`` is not an ``int``.
    ValueError
        If a finite domain is empty or too large, ``max_examples < 1``, or
        ``op`` (or ``eq``) raises: the message names the smallest arguments
        that make it raise.

    See Also
    --------
    check_homomorphism, check_ideal

    Notes
    -----
    ``VM-P1`` and ``VM-P2`` for the user's operator. On a finite domain the
    elements are sorted by ``size``; tuples are walked in shells of increasing
    largest element, and in the first shell holding a failure the failing
    tuple of smallest total size is reported: no failing tuple uses only
    smaller elements. A law that holds on samples is *not* proven; the
    report says how many examples were tried.

    Examples
    --------
    >>> from algebra import IDENTITY, Context, compose_endo
    >>> from algebra.laws import check_monoid
    >>> domain = [Context(w, d, p) for w in (None, 0, 1) for d in range(2)
    ...           for p in range(d + 1) if w is not None or p == 0]
    >>> check_monoid(compose_endo, IDENTITY, domain).holds
    True
    >>> report = check_monoid(lambda a, b: a - b, 0, range(3))
    >>> report.holds, report["associativity"].counterexample
    (False, {'a': 0, 'b': 0, 'c': 1})

    Proven for every context, on the code of ``compose_endo`` itself:

    >>> from algebra.compose import endo_fields
    >>> r = check_monoid(endo_fields, IDENTITY, "context", method="smt")
    >>> r.holds, r["associativity"].method, r["associativity"].detail
    (True, 'smt', 'proven by z3 for every context (any real key or None, any integer counts)')

    A counter merged by ``max`` with identity 0 is a monoid only on
    non-negative counts; the domain says so, and a refutation names the
    constraint the product breaks:

    >>> from algebra import arith
    >>> check_monoid(arith.maximum, 0, "int", method="smt")["left identity"].counterexample
    {'a': -1}
    >>> nonneg = {"non-negative": lambda n: n >= 0}
    >>> check_monoid(arith.maximum, 0, "int", method="smt", domain=nonneg).holds
    True
    >>> r = check_monoid(lambda a, b: a - b, 0, "int", method="smt", domain=nonneg)
    >>> r["closure"].detail
    "z3 found a model of the negation; op(a, b) = -1; op(a, b) breaks the constraint 'non-negative'"
    """
    check_callable(op, "op")
    check_choice(method, "method", ("auto", "smt"))
    if method == "smt":
        return smt_monoid(op, identity, elements, exhaustive, domain)
    if domain is not None:
        msg = "domain= applies to method='smt'; with examples, pass only elements of the domain"
        raise TypeError(msg)
    equals = equality(eq)
    e = identity

    def assoc(args: tuple[Any, ...]) -> tuple[bool, str]:
        a, b, c = args
        ab = call(op, "op", ("a", "b"), a, b)
        bc = call(op, "op", ("a", "b"), b, c)
        lhs = call(op, "op", ("a", "b"), ab, c)
        rhs = call(op, "op", ("a", "b"), a, bc)
        return equals(lhs, rhs), f"op(op(a, b), c) = {lhs!r}, op(a, op(b, c)) = {rhs!r}"

    def left(args: tuple[Any, ...]) -> tuple[bool, str]:
        (a,) = args
        out = call(op, "op", ("a", "b"), e, a)
        return equals(out, a), f"op(identity, a) = {out!r}, a = {a!r}"

    def right(args: tuple[Any, ...]) -> tuple[bool, str]:
        (a,) = args
        out = call(op, "op", ("a", "b"), a, e)
        return equals(out, a), f"op(a, identity) = {out!r}, a = {a!r}"

    laws = [
        Law(
            "associativity",
            "op(op(a, b), c) == op(a, op(b, c))",
            ("a", "b", "c"),
            assoc,
        ),
        Law("left identity", "op(identity, a) == a", ("a",), left),
        Law("right identity", "op(a, identity) == a", ("a",), right),
    ]
    subject = f"monoid laws of {name_of(op)} with identity {identity!r}"
    return run(subject, laws, elements, exhaustive, max_examples, size, "elements")


def check_homomorphism(
    summarize: Callable[[Any], Any],
    op: Callable[[Any, Any], Any],
    segments: Any,
    *,
    concat: Callable[[Any, Any], Any] | None = None,
    eq: Callable[[Any, Any], Any] | None = None,
    max_examples: int = 200,
    exhaustive: Iterable[Any] | None = None,
    size: Callable[[Any], Any] | None = None,
) -> LawReport:
    """Check ``summarize(concat(a, b)) == op(summarize(a), summarize(b))``.

    Parameters
    ----------
    summarize : callable
        Maps a segment (a block of consecutive events) to its summary.
    op : callable
        Composes two summaries, earlier first.
    segments : iterable or hypothesis strategy
        Segments; a finite iterable is checked on every pair.
    concat : callable, optional
        Joins two segments (default: ``a.concat(b)`` when ``a`` has a
        ``concat`` method, as :class:`witnesses.Timeline` does, else ``a + b``).
        It must accept every pair drawn: for timelines, whose concatenation
        needs ``b`` to start after ``a`` ends, pass a ``concat`` that shifts
        ``b``'s timestamps.
    eq, max_examples, exhaustive, size
        As in :func:`check_monoid`.

    Returns
    -------
    LawReport
        One law, ``homomorphism``.

    Raises
    ------
    TypeError, ValueError
        As in :func:`check_monoid`; ``summarize`` and ``concat`` must be
        callable, and a raising ``summarize`` or ``concat`` is reported with
        the smallest arguments that make it raise.

    See Also
    --------
    check_monoid

    Notes
    -----
    ``VM-SYS``: when ``summarize`` is a homomorphism onto a monoid, the
    summary of a long timeline can be computed by any bracketing of its
    blocks (a parallel tree reduction). :func:`algebra.from_events` is one
    onto ``compose_endo``.

    Examples
    --------
    >>> from itertools import product
    >>> from algebra import compose_endo, from_events
    >>> from algebra.laws import check_homomorphism
    >>> segments = [list(s) for n in range(3) for s in product([None, 0, 1], repeat=n)]
    >>> check_homomorphism(from_events, compose_endo, segments).holds
    True
    >>> check_homomorphism(len, max, segments)["homomorphism"].counterexample
    {'a': [None], 'b': [None]}
    """
    check_callable(summarize, "summarize")
    check_callable(op, "op")
    if concat is not None:
        check_callable(concat, "concat")
    join = _default_concat if concat is None else concat
    equals = equality(eq)

    def hom(args: tuple[Any, ...]) -> tuple[bool, str]:
        a, b = args
        whole = call(join, "concat", ("a", "b"), a, b)
        lhs = call(summarize, "summarize", ("segment",), whole)
        sa = call(summarize, "summarize", ("segment",), a)
        sb = call(summarize, "summarize", ("segment",), b)
        rhs = call(op, "op", ("a", "b"), sa, sb)
        return equals(lhs, rhs), (
            f"summarize(a + b) = {lhs!r}, op(summarize(a), summarize(b)) = {rhs!r}"
        )

    law = Law(
        "homomorphism",
        "summarize(a + b) == op(summarize(a), summarize(b))",
        ("a", "b"),
        hom,
    )
    subject = f"{name_of(summarize)} is a homomorphism onto {name_of(op)}"
    return run(subject, [law], segments, exhaustive, max_examples, size, "segments")


def check_ideal(
    op: Callable[[Any, Any], Any],
    predicate: Callable[[Any], Any],
    elements: Any,
    *,
    side: str = "right",
    max_examples: int = 200,
    exhaustive: Iterable[Any] | None = None,
    size: Callable[[Any], Any] | None = None,
) -> LawReport:
    """Check that the set ``{a : predicate(a)}`` absorbs products on ``side``.

    Parameters
    ----------
    op : callable
        The binary operator.
    predicate : callable
        Membership in the set ``I`` (truthy means member).
    elements : iterable or hypothesis strategy
        As in :func:`check_monoid`; pairs ``(a, s)`` are checked.
    side : {"right", "left", "two-sided"}, default "right"
        ``"right"``: ``a in I`` implies ``op(a, s) in I`` (``I S ⊆ I``, a right
        ideal: what an absorbed prefix needs to stay absorbed after any
        suffix). ``"left"``: ``op(s, a) in I``. ``"two-sided"``: both.
    max_examples, exhaustive, size
        As in :func:`check_monoid`.

    Returns
    -------
    LawReport
        Laws ``right absorption`` and/or ``left absorption``. A law whose
        premise never held (no member of ``I`` was drawn) is *open*
        (``holds is None``): nothing was checked.

    Raises
    ------
    TypeError, ValueError
        As in :func:`check_monoid`, and for an unknown ``side``.

    Notes
    -----
    ``VM-P3`` (docs/guide/algebra.md §4): under ``compose_commit`` the committed
    absorbed contexts form a right ideal; under ``compose_endo`` the absorbed
    contexts do not (``VM-R1``).

    Examples
    --------
    >>> from algebra import Context, compose_endo, is_absorbed
    >>> from algebra.laws import check_ideal
    >>> domain = [Context(None, 0, 0), Context(None, 1, 0), Context(1, 0, 0), Context(2, 0, 0)]
    >>> r = check_ideal(compose_endo, lambda c: is_absorbed(c, 1), domain)
    >>> r.holds, r["right absorption"].counterexample
    (False, {'a': Context(w=None, d_total=1, d_pre=0), 's': Context(w=1, d_total=0, d_pre=0)})
    """
    check_callable(op, "op")
    check_callable(predicate, "predicate")
    check_choice(side, "side", _SIDES)
    premises: dict[str, int] = {"right": 0, "left": 0}

    def absorbs(which: str) -> Callable[[tuple[Any, ...]], tuple[bool, str]]:
        def check(args: tuple[Any, ...]) -> tuple[bool, str]:
            a, s = args
            if not call(predicate, "predicate", ("value",), a):
                return True, ""
            premises[which] += 1
            out = (
                call(op, "op", ("a", "b"), a, s)
                if which == "right"
                else call(op, "op", ("a", "b"), s, a)
            )
            inside = bool(call(predicate, "predicate", ("value",), out))
            shown = "op(a, s)" if which == "right" else "op(s, a)"
            return (
                inside,
                f"predicate(a) is true but {shown} = {out!r} is not in the set",
            )

        return check

    laws = []
    if side in ("right", "two-sided"):
        laws.append(
            Law(
                "right absorption",
                "predicate(a) => predicate(op(a, s))",
                ("a", "s"),
                absorbs("right"),
            )
        )
    if side in ("left", "two-sided"):
        laws.append(
            Law(
                "left absorption",
                "predicate(a) => predicate(op(s, a))",
                ("a", "s"),
                absorbs("left"),
            )
        )
    subject = f"{{a : {name_of(predicate)}(a)}} is a {side} ideal of {name_of(op)}"
    report = run(subject, laws, elements, exhaustive, max_examples, size, "elements")
    return report._with_open(
        {law.name: premises[law.name.split()[0]] == 0 for law in laws}
    )


def _default_concat(a: Any, b: Any) -> Any:
    join = getattr(a, "concat", None)
    return join(b) if callable(join) else a + b
