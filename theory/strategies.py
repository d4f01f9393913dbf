"""Hypothesis strategies for the theory package, for users' own property tests.

Import this module explicitly (``from theory import strategies``); it needs
the ``strategies`` or ``test`` extra (hypothesis). Every strategy builds values
valid by construction (no ``.filter``) and states what it shrinks towards.
"""

from __future__ import annotations

from hypothesis import strategies as st

__all__ = ["depth_params", "depths", "margins"]


@st.composite
def depth_params(
    draw: st.DrawFn,
    *,
    min_s0: float = 0.01,
    min_rho: float = 0.01,
    max_rho: float = 0.999,
    min_q: float = 0.01,
) -> tuple[float, float, float]:
    """Draw ``(s0, rho, q)`` for the depth laws (DL-A4, DL-T9).

    ``s0`` in ``[min_s0, 1]``, ``rho`` in ``[min_rho, max_rho]`` (inside
    ``(0, 1)``), ``q`` in ``[min_q, 1]``. Shrinks towards ``(1.0, 0.5, 1.0)``.

    Parameters
    ----------
    min_s0, min_rho, max_rho, min_q : float
        Bounds; the defaults keep clear of 0 so that decay rates stay finite.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import depth_params
    >>> find(depth_params(), lambda p: True)
    (1.0, 0.5, 1.0)
    """
    s0 = draw(st.floats(min_value=min_s0, max_value=1.0))
    rho = draw(st.floats(min_value=min_rho, max_value=max_rho))
    q = draw(st.floats(min_value=min_q, max_value=1.0))
    return s0, rho, q


def depths(*, max_depth: int = 60) -> st.SearchStrategy[int]:
    """Draw integer depths ``1..max_depth``; shrinks towards 1.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import depths
    >>> find(depths(), lambda d: d > 2)
    3
    """
    return st.integers(min_value=1, max_value=max_depth)


def margins() -> st.SearchStrategy[float]:
    """Draw margins ``tau`` in ``[0, 0.99]`` for the crossover; shrinks towards 0.

    Examples
    --------
    >>> from hypothesis import find
    >>> from theory.strategies import margins
    >>> find(margins(), lambda t: True)
    0.0
    """
    return st.floats(min_value=0.0, max_value=0.99)
