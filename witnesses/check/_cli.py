"""``context-laws check module:function``: check a user's compressor or operator (private).

By default the function is a compressor and :func:`witnesses.check_compressor`
judges it, on MultiBurst timelines or on the user's own (``--timelines``,
read by :func:`witnesses.load_timeline`). ``--law`` checks an operator on
contexts instead:

* ``monoid``: associativity and identity ``IDENTITY`` over every context
  with key in ``{None, 0, 1}`` and counts below 3 (``--smt``: proven with z3
  for every context; the function is then a fields function);
* ``homomorphism``: :func:`algebra.from_events` onto the operator, over
  every segment of keys ``{None, 0, 1}`` up to length 3;
* ``ideal``: the absorbed set ``{c : is_absorbed(c, k)}`` stays absorbed
  under the operator on the right, over the same contexts.

Exit status: 0 safe (or every law holds), 1 not safe, violated or not
checked, 2 bad input (the message names the argument), 3 a crash.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import json
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from itertools import product
from typing import Any

from witnesses.runtime import CLOSED_PIPE, print_or_closed

__all__ = ["main"]

_LAWS = ("compressor", "monoid", "homomorphism", "ideal")


def _parser(prog: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog,
        description=(
            "Check a compressor (default) or a context operator given as "
            "module:function."
        ),
        epilog=(
            "exit status: 0 when safe (or the law holds), 1 when not safe, not "
            "checked, or the law is violated, 2 for bad input (a target that does "
            "not import, a timeline file that cannot be read), 3 for a crash; "
            "130 when interrupted (SIGINT), 143 when terminated (SIGTERM)."
        ),
    )
    p.add_argument(
        "target",
        help="the function, as module:function (module on sys.path or in the current directory)",
    )
    p.add_argument(
        "--law",
        choices=_LAWS,
        default="compressor",
        help=(
            "what to check (default: the compressor's contracts); a law other "
            "than 'compressor' checks an operator on algebra Contexts "
            "(op(a: Context, b: Context) -> Context)"
        ),
    )
    p.add_argument(
        "--timelines",
        action="append",
        metavar="FILE",
        help="a CSV/JSON/JSONL agent log (repeatable); default MultiBurst timelines",
    )
    p.add_argument(
        "--map",
        action="append",
        default=[],
        metavar="FIELD=COLUMN",
        help="column of a field in --timelines (id, timestamp, weight, actors, causal_parents)",
    )
    p.add_argument(
        "--keep-time",
        action="store_true",
        help="keep the log's timestamps instead of rescaling them to [0, 1]",
    )
    p.add_argument(
        "--focal", default="actor_0", help="the focal actor (default actor_0)"
    )
    p.add_argument(
        "--k", type=int, default=3, help="development events demanded (default 3)"
    )
    p.add_argument(
        "--m", type=int, default=10, help="pivots the invariant watches (default 10)"
    )
    p.add_argument(
        "--semantics",
        default="reference",
        help="reference (default), paper or paper-eligible",
    )
    p.add_argument(
        "--seeds",
        type=int,
        default=10,
        metavar="N",
        help="MultiBurst seeds 0..N-1 without --timelines (default 10)",
    )
    p.add_argument(
        "--retentions",
        default="0.5,0.3,0.1",
        help="comma-separated shares kept (default 0.5,0.3,0.1)",
    )
    p.add_argument(
        "--no-mirage", action="store_true", help="check the contracts only (faster)"
    )
    p.add_argument(
        "--shrink",
        default="on",
        metavar="on|off|N",
        help="witness search budget in calls (default on: 1000)",
    )
    p.add_argument(
        "--smt",
        action="store_true",
        help="with --law monoid: prove with z3 for every context",
    )
    p.add_argument("--json", action="store_true", help="write the report as JSON")
    return p


def main(argv: Sequence[str] | None, *, prog: str = "context-laws check") -> int:
    """Run ``context-laws check``; return the exit status (0 safe, 1 not, 2 bad input).

    Examples
    --------
    >>> from witnesses.check._cli import main
    >>> main(["algebra:compose_endo", "--law", "homomorphism"])
    from_events is a homomorphism onto compose_endo: HOLDS
      homomorphism  holds     exhaustive, 1,600 examples: every tuple of 40 elements
    0
    """
    parser = _parser(prog)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        fn = _resolve(args.target)
        if args.law == "compressor":
            ok, text, data = _compressor(fn, args)
        else:
            ok, text, data = _law(fn, args)
    except (ValueError, TypeError) as exc:
        # the library speaks of keywords; on the command line they are options
        text = str(exc).replace("pass focal= one of them", "pass --focal one of them")
        if text.startswith("focal="):
            text = "--focal " + text[len("focal=") :]
        print(f"{prog}: error: {text}", file=sys.stderr)
        return 2
    except Exception:  # a crash: report it, exit 3
        traceback.print_exc()
        return 3
    out = (
        json.dumps(data, indent=2, sort_keys=True, default=repr) if args.json else text
    )
    if not print_or_closed(out):  # the reader went away (| head): not a verdict
        return CLOSED_PIPE
    return 0 if ok else 1


def _resolve(target: str) -> Callable[..., Any]:
    module_name, sep, attr = target.partition(":")
    if not sep or not module_name or not attr:
        msg = f"the function must be given as module:function, got {target!r}"
        raise ValueError(msg)
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        msg = f"cannot import module {module_name!r} ({exc})"
        raise ValueError(msg) from None
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            msg = f"module {module_name!r} has no function {attr!r}" + _close_names(
                obj, part
            )
            raise ValueError(msg)
        obj = getattr(obj, part)
    if not callable(obj):
        msg = f"{target!r} is not callable (got {type(obj).__name__})"
        raise TypeError(msg)
    return obj  # type: ignore[no-any-return]


def _close_names(obj: Any, name: str) -> str:
    """Return a did-you-mean for a missing attribute: the closest public callables of ``obj``."""
    names = sorted(
        n for n in dir(obj) if not n.startswith("_") and callable(getattr(obj, n, None))
    )
    close = difflib.get_close_matches(name, names, n=3, cutoff=0.6)
    if close:
        return "; did you mean " + " or ".join(repr(c) for c in close) + "?"
    shown = ", ".join(names[:20]) + (", ..." if len(names) > 20 else "")
    return f"; its functions: {shown or 'none'}"


def _compressor(
    fn: Callable[..., Any], args: argparse.Namespace
) -> tuple[bool, str, Any]:
    from witnesses import load_timeline
    from witnesses.check import check_compressor

    retentions = _retentions(args.retentions)
    shrink: bool | int
    if args.shrink in ("on", "true"):
        shrink = True
    elif args.shrink in ("off", "false"):
        shrink = False
    else:
        try:
            shrink = int(args.shrink)
        except ValueError:
            msg = f"--shrink must be on, off or a number of calls, got {args.shrink!r}"
            raise ValueError(msg) from None
    timelines = None
    if args.timelines:
        mapping = _mapping(args.map)
        timelines = [
            load_timeline(
                path, mapping=mapping, time_scale=None if args.keep_time else "unit"
            )
            for path in args.timelines
        ]
    elif args.map:
        msg = "--map applies to --timelines"
        raise ValueError(msg)
    if args.seeds < 1:
        msg = f"--seeds must be >= 1, got {args.seeds}"
        raise ValueError(msg)
    report = check_compressor(
        fn,
        k=args.k,
        m=args.m,
        semantics=args.semantics,
        timelines=timelines,
        seeds=range(args.seeds),
        retentions=retentions,
        focal=args.focal,
        mirage=not args.no_mirage,
        shrink=shrink,
    )
    return report.safe is True, str(report), report.to_dict()


def _law(fn: Callable[..., Any], args: argparse.Namespace) -> tuple[bool, str, Any]:
    from algebra import IDENTITY, Context, from_events, is_absorbed
    from algebra.laws import check_homomorphism, check_ideal, check_monoid

    if args.k < 0:
        msg = f"--k must be >= 0, got {args.k}"
        raise ValueError(msg)
    domain = [
        Context(w, d, p)
        for w in (None, 0, 1)
        for d in range(3)
        for p in range(d + 1)
        if w is not None or p == 0
    ]
    if args.law == "monoid":
        report = (
            check_monoid(fn, IDENTITY, "context", method="smt")
            if args.smt
            else check_monoid(fn, IDENTITY, domain)
        )
    elif args.law == "homomorphism":
        segments = [list(s) for n in range(4) for s in product([None, 0, 1], repeat=n)]
        report = check_homomorphism(from_events, fn, segments)
    else:
        k = args.k

        def absorbed(c: Any) -> bool:
            return is_absorbed(c, k)

        absorbed.__name__ = absorbed.__qualname__ = f"is_absorbed(a, k={k})"
        report = check_ideal(fn, absorbed, domain)
    return report.holds is True, str(report), report.to_dict()


def _retentions(text: str) -> list[float]:
    out = []
    for part in text.split(","):
        try:
            out.append(float(part))
        except ValueError:
            msg = f"--retentions must be comma-separated numbers, got {part!r}"
            raise ValueError(msg) from None
    return out


def _mapping(pairs: list[str]) -> dict[str, str] | None:
    if not pairs:
        return None
    out = {}
    for pair in pairs:
        field, sep, column = pair.partition("=")
        if not sep or not field or not column:
            msg = f"--map must be FIELD=COLUMN, got {pair!r}"
            raise ValueError(msg)
        out[field] = column
    return out
