"""The one exception for errors raised by a function the caller passed in (issue 33).

Several public functions call back into the caller's code: the ``statistic``
of :func:`theory.inference.bootstrap_ci`, the survival function ``f`` of
:func:`theory.depth.survival_product`, the gradient ``grad_u`` of
:func:`theory.langevin.euler_maruyama`, the cell function ``fn`` of
:func:`witnesses.runner.run_cells`, the ``strategy`` of
:func:`witnesses.compress` and the part checks of :func:`proofs.records.umbrella`. When that code raises an
:class:`Exception`, the library raises :class:`UserCallableError` naming the
argument and the callable, with the original exception chained as
``__cause__``. ``KeyboardInterrupt`` and ``SystemExit`` pass through.
"""

from __future__ import annotations

__all__ = ["UserCallableError"]


class UserCallableError(ValueError):
    """A callable the caller passed in raised; the message names it.

    A subclass of :class:`ValueError` (the callable made the arguments
    unusable). ``argument`` is the parameter that held the callable,
    ``callable_name`` its ``__qualname__`` (or type name), and
    ``__cause__`` the original exception.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.errors import UserCallableError
    >>> from theory.inference import bootstrap_ci
    >>> def broken(x):
    ...     raise ZeroDivisionError("no")
    >>> try:
    ...     bootstrap_ci((np.ones(5),), broken)
    ... except UserCallableError as exc:
    ...     print(exc.argument, exc.callable_name, type(exc.__cause__).__name__)
    statistic broken ZeroDivisionError
    """

    def __init__(self, argument: str, callable_name: str, message: str) -> None:
        super().__init__(argument, callable_name, message)
        self.argument = argument
        self.callable_name = callable_name
        self.message = message

    def __str__(self) -> str:
        return self.message
