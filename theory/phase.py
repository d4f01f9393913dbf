"""Phase diagram: where typed traversal beats similarity retrieval (docs/guide/depth.md §4, DL-P1).

Over a grid of any two of ``(s0, rho, q, tau)`` with the other two fixed,
:func:`phase_diagram` labels each cell. **Preferred** means: typed traversal
is preferred at a cell when some integer depth ``d`` in ``1..d_max`` (every
``d >= 1`` when ``d_max`` is None, or exactly ``d = depth`` when ``depth`` is
given) has structured advantage ``g(d) > tau``; otherwise similarity is
preferred (ties ``g = tau`` go to similarity). Equivalently
``tau < G``, where ``G = max_d g(d)`` over the allowed depths is the
**boundary margin** of the cell: the boundary of the diagram is the locus
``tau = G``. With ``rho`` to the right and ``tau`` upward the typed region
lies below and to the left of that curve (DL-P1-PHASE).

Everything is vectorised with NumPy broadcasting: the peak depth comes from
the closed-form shape of ``g`` (see :func:`theory.depth.advantage_peak`), one
vectorised Newton solve, and the comparison in log space, so no Python loop
runs over cells or depths. Precision: beyond peak depths of about 1e15
(``q`` tiny with ``rho`` within 1e-12 of 1) the two log terms of ``g`` agree
to double rounding and the margin there reads 0.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from theory.depth._crossover import rise_end
from theory.depth._kernels import FloatArray, slog_advantage_array, to_output
from theory.validation import check_int, check_real_array

__all__ = ["PhaseDiagram", "crossover_depths", "peak_margin", "phase_diagram"]

_ORDER = ("s0", "rho", "q", "tau")
# (low_open, high_open) of each parameter's range inside [0, 1]
_OPEN = {
    "s0": (True, False),
    "rho": (True, True),
    "q": (True, False),
    "tau": (False, True),
}


@dataclass(frozen=True, slots=True, eq=False)
class PhaseDiagram:
    """Labels of a two-parameter phase diagram (arrays are read-only).

    Attributes
    ----------
    x_name, y_name : str
        The two grid parameters, in the order ``s0, rho, q, tau`` (so ``tau``,
        when on the grid, is always ``y``).
    x, y : ndarray
        Grid values; ``x`` indexes columns, ``y`` rows.
    fixed : tuple of (str, float)
        The two parameters held fixed.
    d_max, depth : int or None
        The depth rule (module notes).
    typed_preferred : ndarray of bool, shape ``(len(y), len(x))``
        Whether typed traversal is preferred at each cell.
    margin : ndarray of float, shape ``(len(y), len(x))``
        The boundary margin ``G`` at each cell (typed iff ``tau < G``).
    boundary_tau : ndarray of float or None, shape ``(len(x),)``
        When ``y`` is ``tau``: the boundary curve ``tau = G(x)``.

    Examples
    --------
    >>> from theory.phase import phase_diagram
    >>> pd = phase_diagram(s0=0.7, rho=[0.5, 0.67, 0.9], q=0.97, tau=[0.5, 0.85, 0.9])
    >>> pd.typed_preferred.astype(int)
    array([[1, 1, 1],
           [1, 1, 0],
           [1, 0, 0]])
    >>> [round(v, 4) for v in pd.boundary_tau.tolist()]
    [0.9073, 0.8816, 0.8241]
    """

    x_name: str
    x: FloatArray
    y_name: str
    y: FloatArray
    fixed: tuple[tuple[str, float], ...]
    d_max: int | None
    depth: int | None
    typed_preferred: npt.NDArray[np.bool_]
    margin: FloatArray
    boundary_tau: FloatArray | None


_MAX_CELLS = 10**6


def phase_diagram(
    *,
    s0: npt.ArrayLike,
    rho: npt.ArrayLike,
    q: npt.ArrayLike,
    tau: npt.ArrayLike,
    d_max: int | None = None,
    depth: int | None = None,
) -> PhaseDiagram:
    """Label which mechanism is preferred over a grid of two parameters (DL-P1).

    Parameters
    ----------
    s0, rho, q, tau : float or 1-d array_like
        Exactly two are 1-d arrays (the grid axes); the other two are
        scalars. Ranges: ``s0`` in ``(0, 1]``, ``rho`` in ``(0, 1)``, ``q`` in
        ``(0, 1]``, ``tau`` in ``[0, 1)``.
    d_max : int, optional
        Largest depth allowed (``>= 1``); every ``d >= 1`` by default.
    depth : int, optional
        Compare at this single depth instead (exclusive with ``d_max``).

    Returns
    -------
    PhaseDiagram
        Grid, labels, margins and (when ``tau`` is an axis) the boundary.

    Raises
    ------
    ValueError, TypeError
        If not exactly two parameters are 1-d arrays, the grid has more than
        ``10**6`` cells, a value is out of range, or both ``d_max`` and
        ``depth`` are given.

    Notes
    -----
    The label at a cell is ``tau < G`` with ``G = max g(d)`` over the
    allowed depths (module notes); ``G`` depends on ``(s0, rho, q)`` only,
    so on a ``(., tau)`` grid it is computed once per column. When
    ``q = 1`` and depths are unbounded, ``G = 1`` (a supremum that no depth
    attains) and every ``tau < 1`` is beaten.

    Examples
    --------
    >>> from theory.phase import phase_diagram
    >>> pd = phase_diagram(s0=[0.5, 1.0], rho=[0.3, 0.95], q=0.97, tau=0.8)
    >>> pd.x_name, pd.y_name, pd.typed_preferred.tolist()
    ('s0', 'rho', [[True, True], [True, False]])
    """
    values: dict[str, npt.ArrayLike] = {"s0": s0, "rho": rho, "q": q, "tau": tau}
    axes = [name for name in _ORDER if np.ndim(values[name]) != 0]
    if len(axes) != 2:
        got = ", ".join(axes) or "none"
        msg = (
            "phase_diagram needs exactly two of s0, rho, q, tau as 1-d arrays "
            f"(the grid axes), got {len(axes)}: {got}"
        )
        raise ValueError(msg)
    x_name, y_name = axes
    cells = np.size(values[x_name]) * np.size(values[y_name])
    if cells > _MAX_CELLS:
        msg = (
            f"the grid {x_name} x {y_name} has {np.size(values[x_name])} x "
            f"{np.size(values[y_name])} = {cells} cells, more than the cap of "
            f"{_MAX_CELLS} (10**6)"
        )
        raise ValueError(msg)
    checked = {name: _check_param(values[name], name) for name in _ORDER}
    cap, single = _check_depth_rule(d_max, depth)
    shaped = {name: _shape(checked[name], name, x_name, y_name) for name in _ORDER}
    if y_name == "tau":  # G depends on x only
        flat = {n: shaped[n].reshape(-1) for n in ("s0", "rho", "q")}
        sign, logabs = _peak_slog(flat["s0"], flat["rho"], flat["q"], cap, single)
        sign, logabs = sign[None, :], logabs[None, :]
    else:
        sign, logabs = _peak_slog(shaped["s0"], shaped["rho"], shaped["q"], cap, single)
    ny, nx = checked[y_name].size, checked[x_name].size
    with np.errstate(divide="ignore", under="ignore"):
        log_tau = np.log(shaped["tau"])
        margin = np.broadcast_to(sign * np.exp(logabs), (ny, nx)).copy()
    typed = np.broadcast_to(
        _beats(sign, logabs, shaped["tau"], log_tau), (ny, nx)
    ).copy()
    boundary = margin[0].copy() if y_name == "tau" else None
    fixed = tuple((n, float(checked[n])) for n in _ORDER if n not in axes)
    xs, ys = checked[x_name].copy(), checked[y_name].copy()
    for arr in (xs, ys, typed, margin, boundary):
        if arr is not None:
            arr.flags.writeable = False
    return PhaseDiagram(
        x_name, xs, y_name, ys, fixed, cap, single, typed, margin, boundary
    )


def peak_margin(
    s0: object, rho: object, q: object, *, d_max: int | None = None
) -> float | FloatArray:
    """Vectorised boundary margin ``G = max_{1 <= d <= d_max} g(d)`` (DL-P1).

    Parameters
    ----------
    s0, rho, q : float or array_like
        Broadcast together; ``s0`` in ``(0, 1]``, ``rho`` in ``(0, 1)``,
        ``q`` in ``(0, 1]``.
    d_max : int, optional
        Largest depth; unbounded by default (then ``G = 1`` where ``q = 1``).

    Returns
    -------
    float or ndarray
        ``G`` for every broadcast cell (a float for scalar input).

    Raises
    ------
    ValueError, TypeError
        If an argument is out of range.

    Examples
    --------
    >>> from theory.phase import peak_margin
    >>> [round(v, 4) for v in peak_margin(0.7, [0.67, 0.9], 0.97).tolist()]
    [0.8816, 0.8241]
    """
    s = _check_param(s0, "s0", any_shape=True)
    r = _check_param(rho, "rho", any_shape=True)
    qq = _check_param(q, "q", any_shape=True)
    cap = None if d_max is None else check_int(d_max, "d_max", minimum=1)
    sign, logabs = _peak_slog(s, r, qq, cap, None)
    with np.errstate(under="ignore"):
        return to_output(sign * np.exp(logabs))


def crossover_depths(
    s0: npt.ArrayLike,
    rho: npt.ArrayLike,
    q: npt.ArrayLike,
    tau: npt.ArrayLike,
    *,
    d_max: int | None = None,
) -> npt.NDArray[np.int64]:
    """Vectorised crossover ``d*`` (least integer ``d >= 1`` with ``g(d) > tau``); 0 for none.

    Parameters
    ----------
    s0, rho, q, tau : float or array_like
        Broadcast together; ranges as in :func:`phase_diagram`.
    d_max : int, optional
        Largest depth considered; unbounded by default.

    Returns
    -------
    ndarray of int64
        ``d*`` per broadcast cell, ``0`` where no depth beats the margin
        (the scalar :func:`theory.depth.crossover_depth` returns ``None``).

    Raises
    ------
    ValueError, TypeError
        If an argument is out of range.

    Notes
    -----
    For ``tau >= 0`` the winning depths are an interval containing the
    integer peak (DL-P1-INTERVAL), so a vectorised bisection on
    ``[1, peak]`` finds the lower end in ``log2(peak)`` passes, each one
    evaluation of ``g`` in log space over the whole grid.

    Examples
    --------
    >>> from theory.phase import crossover_depths
    >>> crossover_depths(0.7, 0.67, 0.97, [0.3, 0.6, 0.85, 0.9]).tolist()
    [1, 2, 3, 0]
    """
    s = _check_param(s0, "s0", any_shape=True)
    r = _check_param(rho, "rho", any_shape=True)
    qq = _check_param(q, "q", any_shape=True)
    t = _check_param(tau, "tau", any_shape=True)
    cap = None if d_max is None else check_int(d_max, "d_max", minimum=1)
    s, r, qq, t = np.broadcast_arrays(s, r, qq, t)
    with np.errstate(divide="ignore"):
        log_tau = np.log(t)

    def wins(d: FloatArray) -> npt.NDArray[np.bool_]:
        sign, logabs = slog_advantage_array(d, s, r, qq)
        return _beats(sign, logabs, t, log_tau)

    peak, sign, logabs = _peak(s, r, qq, cap)
    found = _beats(sign, logabs, t, log_tau)
    hi = np.where(found, peak, 1.0)
    unbounded = np.isinf(hi)  # q = 1 without a cap: g rises to 1
    hi = np.where(unbounded, 1.0, hi)
    while np.any(unbounded):
        unbounded &= ~wins(hi)
        hi = np.where(unbounded, 2.0 * hi, hi)
    lo = np.ones_like(hi)
    while np.any(lo < hi):
        mid = np.floor((lo + hi) / 2.0)
        ok = wins(mid)
        hi = np.where(ok & (lo < hi), mid, hi)
        lo = np.where(~ok & (lo < hi), mid + 1.0, lo)
    return np.where(found, lo, 0.0).astype(np.int64)


def _beats(
    sign: FloatArray, logabs: FloatArray, tau: FloatArray, log_tau: FloatArray
) -> npt.NDArray[np.bool_]:
    """``g > tau`` for ``g = sign * exp(logabs)``.

    Compared as the doubles themselves where ``g`` is a normal float, so a
    label agrees with the margin it reports (``tau = G`` goes to similarity;
    the log-space comparison could round either way at a tie), and in log
    space where ``exp`` underflows.
    """
    with np.errstate(under="ignore"):
        value = sign * np.exp(logabs)
    exact = np.abs(value) >= np.finfo(np.float64).tiny
    return np.asarray(np.where(exact, value > tau, (sign > 0) & (logabs > log_tau)))


def _check_param(value: object, name: str, *, any_shape: bool = False) -> FloatArray:
    low_open, high_open = _OPEN[name]
    arr = check_real_array(
        value, name, low=0.0, high=1.0, low_open=low_open, high_open=high_open
    )
    if not any_shape and arr.ndim not in (0, 1):
        msg = f"{name} must be a scalar or a 1-d array, got shape {arr.shape}"
        raise ValueError(msg)
    if arr.ndim == 1 and arr.size == 0:
        msg = f"{name} must not be empty"
        raise ValueError(msg)
    return arr


def _check_depth_rule(
    d_max: int | None, depth: int | None
) -> tuple[int | None, int | None]:
    if d_max is not None and depth is not None:
        msg = f"give d_max or depth, not both (d_max={d_max!r}, depth={depth!r})"
        raise ValueError(msg)
    cap = None if d_max is None else check_int(d_max, "d_max", minimum=1)
    single = None if depth is None else check_int(depth, "depth", minimum=1)
    return cap, single


def _shape(arr: FloatArray, name: str, x_name: str, y_name: str) -> FloatArray:
    if name == x_name:
        return arr.reshape(1, -1)
    if name == y_name:
        return arr.reshape(-1, 1)
    return arr


def _peak_slog(
    s0: FloatArray, rho: FloatArray, q: FloatArray, cap: int | None, single: int | None
) -> tuple[FloatArray, FloatArray]:
    """Sign and log-magnitude of ``G`` (the best ``g`` over the allowed depths)."""
    if single is not None:
        return slog_advantage_array(np.asarray(float(single)), s0, rho, q)
    _, sign, logabs = _peak(s0, rho, q, cap)
    return sign, logabs


def _peak(
    s0: FloatArray, rho: FloatArray, q: FloatArray, cap: int | None
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Integer peak depth (``inf`` for ``q = 1`` uncapped) and sign, log of ``G``."""
    d2 = np.broadcast_to(
        rise_end(-np.log(q), -np.log(s0), -np.log(rho)),
        np.broadcast_shapes(np.shape(q), np.shape(s0), np.shape(rho)),
    )
    finite = np.isfinite(d2) | (cap is not None)
    # g falls, rises to d2, falls (DL-P1-INTERVAL), and is positive at ceil(d2), so
    # the best integer is floor/ceil of d2, or 1/cap when the cap cuts the rise.
    top = np.inf if cap is None else float(cap)
    cut = d2 >= top
    peak = np.where(np.isfinite(d2), np.maximum(d2, 1.0), 1.0)
    low = np.where(cut, 1.0, np.floor(peak))
    high = np.where(
        cut, top if cap is not None else 1.0, np.minimum(np.ceil(peak), top)
    )
    best_sign, best_log = slog_advantage_array(low, s0, rho, q)
    sign, logabs = slog_advantage_array(high, s0, rho, q)
    # Order g by (sign, signed log): -logabs ranks negatives, sign 0 ties.
    key, best_key = (
        np.where(v < 0, -w, w) for v, w in ((sign, logabs), (best_sign, best_log))
    )
    better = (sign > best_sign) | ((sign == best_sign) & (key > best_key))
    best_sign = np.where(better, sign, best_sign)
    best_log = np.where(better, logabs, best_log)
    depth = np.where(finite, np.where(better, high, low), np.inf)
    # q = 1 without a cap: g rises to its supremum 1.
    best_sign = np.where(finite, best_sign, 1.0)
    best_log = np.where(finite, best_log, 0.0)
    return depth, best_sign, best_log
