"""Riemannian Langevin dynamics on the Poincaré ball (SLM-T6.3).

The SDE ``dxi = b dt + sqrt(2T) lambda^{-1} dW`` (Itô) on the open unit ball,
with ``lambda = 2 / (1 - |xi|^2)``, has diffusion matrix
``D = T lambda^{-2} I`` and Fokker–Planck equation
``dp/dt = -div(b p) + Laplacian(D p)``. A density
``p = lambda^k exp(-U/T)`` (that is, ``(1 - |xi|^2)^{-k} exp(-U/T)`` up to a
constant) has zero probability flux ``b p - grad(D p) = 0``, hence is
stationary, exactly when

``b = -lambda^{-2} grad U + T (k - 2) lambda^{-1} xi``

(:func:`zero_flux_coefficient` derives this with sympy in any dimension). The
paper's target density has ``k = d``, so the drift must carry
``T (d - 2) lambda^{-1} xi``; the paper's drift carries half of it,
``(1/2) T (d - 2) lambda^{-1} xi``, which gives ``k = (d + 2) / 2`` instead:
the two agree only at ``d = 2``.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
import numpy.typing as npt
import sympy as sp

from theory.validation import (
    MAX_SIZE,
    call_user,
    check_choice,
    check_int,
    check_real,
    check_vector,
)

__all__ = [
    "LangevinRun",
    "RadialLaw",
    "boundary_integral",
    "euler_maruyama",
    "fokker_planck_residual",
    "log_barrier_radial_law",
    "paper_drift",
    "stationary_drift",
    "stationary_exponent",
    "zero_flux_coefficient",
]

_FloatArray = npt.NDArray[np.float64]
_Form = Literal["stationary", "paper"]
_FORMS = ("stationary", "paper")


@dataclass(frozen=True, slots=True)
class RadialLaw:
    """Stationary law of ``|xi|^2`` as ``Beta(a, b)`` (scipy's parametrisation).

    Examples
    --------
    >>> from theory.langevin import RadialLaw
    >>> RadialLaw(1.5, 2.0).a
    1.5
    """

    a: float
    b: float


@dataclass(frozen=True, slots=True)
class LangevinRun:
    """Final positions of an Euler–Maruyama run and how many steps were rejected.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.langevin import LangevinRun
    >>> LangevinRun(np.zeros((2, 3)), 0).rejected
    0
    """

    positions: _FloatArray
    rejected: int


def paper_drift(xi: object, grad_u: object, *, temperature: float) -> _FloatArray:
    """Return the paper's drift ``-lambda^{-2} grad U + (1/2) T (d - 2) lambda^{-1} xi``.

    Parameters
    ----------
    xi : array_like
        Points of the open unit ball, shape ``(d,)`` or ``(n, d)``.
    grad_u : array_like
        ``grad U`` at those points, same shape.
    temperature : float
        ``T > 0``.

    Returns
    -------
    numpy.ndarray
        The drift, same shape as ``xi``.

    Raises
    ------
    ValueError
        On points outside the ball, mismatched shapes or ``T <= 0``.

    Notes
    -----
    SLM-T6.3 as stated. Its zero-flux density is
    ``(1 - |xi|^2)^{-(d + 2)/2} exp(-U/T)``, not the claimed
    ``(1 - |xi|^2)^{-d} exp(-U/T)`` (unless ``d = 2``).

    Examples
    --------
    >>> from theory.langevin import paper_drift
    >>> paper_drift([0.0], [0.0], temperature=1.0).tolist()  # d = 1, xi = 0
    [0.0]
    >>> paper_drift([0.5], [0.0], temperature=1.0).tolist()  # -(1/2)(0.75/2)(0.5)
    [-0.09375]
    """
    return _drift(xi, grad_u, temperature, 0.5)


def stationary_drift(xi: object, grad_u: object, *, temperature: float) -> _FloatArray:
    """Return the drift whose stationary density is ``(1 - |xi|^2)^{-d} exp(-U/T)``.

    ``-lambda^{-2} grad U + T (d - 2) lambda^{-1} xi`` (Itô, with noise
    ``sqrt(2T) lambda^{-1} dW``).

    Parameters
    ----------
    xi, grad_u, temperature
        As in :func:`paper_drift`.

    Returns
    -------
    numpy.ndarray
        The drift, same shape as ``xi``.

    Raises
    ------
    ValueError
        On points outside the ball, mismatched shapes or ``T <= 0``.

    Notes
    -----
    SLM-T6.3, corrected: derived from the zero-flux condition
    (:func:`zero_flux_coefficient` with ``k = d``).

    Examples
    --------
    >>> from theory.langevin import stationary_drift
    >>> stationary_drift([0.5], [0.0], temperature=1.0).tolist()  # -(0.75/2)(0.5)
    [-0.1875]
    """
    return _drift(xi, grad_u, temperature, 1.0)


@lru_cache(maxsize=1)
def zero_flux_coefficient() -> sp.Expr:
    """Return ``c(k)`` such that ``b = -lambda^{-2} grad U + c lambda^{-1} xi`` has zero flux.

    The density is ``p = lambda^k exp(-U/T)``. The flux's ``i``-th component
    involves ``xi_i`` and the other coordinates only through
    ``s = sum_{j != i} xi_j^2``, so solving ``J_i / p = 0`` for ``c`` in one
    coordinate, with ``s`` symbolic, settles every dimension at once.

    Returns
    -------
    sympy.Expr
        ``T*(k - 2)`` in the symbols ``T`` and ``k``.

    Notes
    -----
    SLM-T6.3. With ``k = d``: ``T (d - 2)``; the paper's ``T (d - 2) / 2``
    corresponds to ``k = (d + 2) / 2``.

    Examples
    --------
    >>> from theory.langevin import zero_flux_coefficient
    >>> zero_flux_coefficient()
    T*(k - 2)
    """
    x = sp.Symbol("x", real=True)
    s = sp.Symbol("s", nonnegative=True)
    t = sp.Symbol("T", positive=True)
    k, c = sp.symbols("k c", real=True)
    u = sp.Function("U")(x)
    q = 1 - s - x**2
    p = (2 / q) ** k * sp.exp(-u / t)
    diffusion = t * q**2 / 4
    drift = -(q**2) / 4 * sp.diff(u, x) + c * x * q / 2
    flux = sp.simplify((drift * p - sp.diff(diffusion * p, x)) / p)
    (solution,) = sp.solve(flux, c)
    return sp.factor(solution)


def stationary_exponent(form: _Form, d: int) -> sp.Rational:
    """Return ``k`` of the zero-flux density ``(1 - |xi|^2)^{-k} exp(-U/T)``.

    Parameters
    ----------
    form : {"stationary", "paper"}
        Which drift.
    d : int
        Dimension, >= 1.

    Returns
    -------
    sympy.Rational
        ``d`` for the stationary drift, ``(d + 2) / 2`` for the paper's.

    Examples
    --------
    >>> from theory.langevin import stationary_exponent
    >>> stationary_exponent("paper", 3), stationary_exponent("stationary", 3)
    (5/2, 3)
    """
    choice = check_choice(form, "form", _FORMS)
    dim = check_int(d, "d", minimum=1)
    k, t = sp.Symbol("k", real=True), sp.Symbol("T", positive=True)
    c = t * (dim - 2) * (sp.Rational(1, 2) if choice == "paper" else 1)
    (root,) = sp.solve(sp.Eq(zero_flux_coefficient(), c), k)
    return sp.Rational(root)


def fokker_planck_residual(d: int, form: _Form) -> sp.Expr:
    """Return ``(div(b p) - Laplacian(D p)) / p`` for ``p = (1 - |xi|^2)^{-d} e^{-U/T}``.

    ``U`` is an arbitrary function of the ``d`` coordinates (a sympy
    ``Function``), so a zero residual is a proof for every potential.

    Parameters
    ----------
    d : int
        Dimension, 1 <= d <= 4 (the expression grows quickly).
    form : {"stationary", "paper"}
        Which drift.

    Returns
    -------
    sympy.Expr
        The residual, ``0`` when ``p`` is stationary.

    Examples
    --------
    >>> from theory.langevin import fokker_planck_residual
    >>> fokker_planck_residual(1, "stationary")
    0
    >>> fokker_planck_residual(1, "paper")
    (-T + x1*Derivative(U(x1), x1))*(x1 - 1)*(x1 + 1)/4
    """
    choice = check_choice(form, "form", _FORMS)
    dim = check_int(d, "d", minimum=1)
    if dim > 4:
        msg = f"d must be <= 4 for the explicit residual, got {dim}"
        raise ValueError(msg)
    t = sp.Symbol("T", positive=True)
    xs = sp.symbols(f"x1:{dim + 1}", real=True)
    u = sp.Function("U")(*xs)
    q = 1 - sum(x**2 for x in xs)
    c = t * (dim - 2) * (sp.Rational(1, 2) if choice == "paper" else 1)
    phi = -dim * sp.log(q) - u / t
    diffusion = t * q**2 / 4
    total = sp.Integer(0)
    for x in xs:
        b = -(q**2) / 4 * sp.diff(u, x) + c * x * q / 2
        g = sp.diff(phi, x)
        total += sp.diff(b, x) + b * g
        total -= sp.diff(diffusion, x, 2) + 2 * sp.diff(diffusion, x) * g
        total -= diffusion * (sp.diff(g, x) + g**2)
    return sp.factor(sp.cancel(sp.expand(total)))


def boundary_integral(k: int) -> sp.Expr:
    """Return ``lim_{eps -> 0+} int_{1/2}^{1 - eps} (1 - s)^{-k} ds`` (sympy).

    With ``s = |xi|^2``, the mass of ``(1 - |xi|^2)^{-k} exp(-U/T)`` near the
    boundary is at least ``exp(-sup U / T)`` times a positive constant times
    this integral, so ``oo`` means "not normalisable for bounded U".

    Parameters
    ----------
    k : int
        Exponent, ``0 <= k <= 64`` (the cap bounds sympy's work).

    Returns
    -------
    sympy.Expr
        ``oo`` for ``k >= 1``, finite otherwise.

    Raises
    ------
    TypeError
        If ``k`` is not an int.
    ValueError
        If ``k`` is outside ``[0, 64]``.

    Examples
    --------
    >>> from theory.langevin import boundary_integral
    >>> boundary_integral(1), boundary_integral(0)
    (oo, 1/2)
    """
    power = check_int(k, "k", minimum=0, maximum=64)
    # The same integral after u = 1 - s: int_eps^{1/2} u^{-k} du. Integrated
    # in s, sympy expanded (1 - s)**-k and took about 170 s at k = 64.
    u, eps = sp.Symbol("u", positive=True), sp.Symbol("epsilon", positive=True)
    inner = sp.integrate(u ** (-power), (u, eps, sp.Rational(1, 2)))
    return sp.limit(inner, eps, 0, "+")


def log_barrier_radial_law(
    d: int, kappa: float, temperature: float, *, form: _Form = "stationary"
) -> RadialLaw:
    """Return the stationary law of ``|xi|^2`` for ``U = -kappa log(1 - |xi|^2)``.

    The zero-flux density is ``(1 - s)^{kappa/T - k} s^{d/2 - 1}`` in
    ``s = |xi|^2`` (with ``k`` from :func:`stationary_exponent`), i.e.
    ``Beta(d/2, kappa/T - k + 1)``, normalisable iff ``kappa/T > k - 1``.

    Parameters
    ----------
    d : int
        Dimension, >= 1.
    kappa, temperature : float
        ``kappa > 0``, ``T > 0``.
    form : {"stationary", "paper"}, optional
        Which drift.

    Returns
    -------
    RadialLaw
        The Beta parameters.

    Raises
    ------
    ValueError
        If the density is not normalisable.

    Examples
    --------
    >>> from theory.langevin import log_barrier_radial_law
    >>> log_barrier_radial_law(3, 4.0, 1.0)
    RadialLaw(a=1.5, b=2.0)
    >>> log_barrier_radial_law(3, 4.0, 1.0, form="paper")
    RadialLaw(a=1.5, b=2.5)
    """
    dim = check_int(d, "d", minimum=1)
    k = float(stationary_exponent(form, dim))
    ratio = check_real(kappa, "kappa", low=0.0, low_open=True) / check_real(
        temperature, "temperature", low=0.0, low_open=True
    )
    if not math.isfinite(ratio):
        msg = f"kappa/temperature must be finite, got {kappa!r}/{temperature!r}"
        raise ValueError(msg)
    b = ratio - k + 1.0
    if b <= 0.0:
        msg = f"kappa/temperature must be > {k - 1:g} for a normalisable density, got {ratio!r}"
        raise ValueError(msg)
    return RadialLaw(dim / 2.0, b)


def euler_maruyama(
    xi0: object,
    grad_u: Callable[[_FloatArray], _FloatArray],
    *,
    temperature: float,
    dt: float,
    n_steps: int,
    seed: int,
    form: _Form = "stationary",
) -> LangevinRun:
    """Simulate independent chains of the ball SDE with the Euler–Maruyama scheme.

    ``xi <- xi + b(xi) dt + sqrt(2 T dt) lambda^{-1} Z``, with ``Z`` standard
    normal from ``numpy.random.default_rng(seed)``. A step that would leave
    the open ball is rejected for that chain (it stays put); the count is
    reported.

    Parameters
    ----------
    xi0 : array_like
        Starting points, shape ``(n, d)``, inside the ball.
    grad_u : callable
        Maps an ``(n, d)`` array of points to ``grad U`` there.
    temperature, dt : float
        ``T > 0``, ``dt > 0``, both finite.
    n_steps : int
        Number of steps, >= 0.
    seed : int
        Seed (>= 0).
    form : {"stationary", "paper"}, optional
        Which drift.

    Returns
    -------
    LangevinRun
        Final positions and the number of rejected steps.

    Raises
    ------
    TypeError, ValueError
        If an argument is outside its range, or ``grad_u`` returns values of
        the wrong shape or not finite.
    theory.errors.UserCallableError
        If ``grad_u`` raises (a ValueError naming it).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.langevin import euler_maruyama
    >>> run = euler_maruyama(np.zeros((4, 2)), lambda x: 2 * x, temperature=1.0,
    ...                      dt=0.01, n_steps=10, seed=0)
    >>> run.positions.shape, bool(np.all(np.sum(run.positions**2, axis=1) < 1))
    ((4, 2), True)
    """
    if not callable(grad_u):
        msg = f"grad_u must be callable, got {grad_u!r}"
        raise TypeError(msg)
    x = check_vector(xi0, "xi0", ndim=2)
    _inside(x, "xi0")
    t = check_real(
        temperature,
        "temperature",
        low=0.0,
        low_open=True,
        high=math.inf,
        high_open=True,
    )
    h = check_real(dt, "dt", low=0.0, low_open=True, high=math.inf, high_open=True)
    steps = check_int(n_steps, "n_steps", minimum=0, maximum=MAX_SIZE)
    rng = np.random.default_rng(check_int(seed, "seed", minimum=0))
    factor = 0.5 if check_choice(form, "form", _FORMS) == "paper" else 1.0
    rejected = 0
    for _ in range(steps):
        q = 1.0 - np.sum(x**2, axis=1, keepdims=True)
        g = np.asarray(call_user(grad_u, "grad_u", x), dtype=np.float64)
        if g.shape != x.shape or not np.all(np.isfinite(g)):
            msg = f"grad_u must return finite values of shape {x.shape}, got shape {g.shape}"
            raise ValueError(msg)
        b = _drift_unchecked(x, g, q, t, factor)
        proposal = (
            x + b * h + np.sqrt(2.0 * t * h) * (q / 2.0) * rng.standard_normal(x.shape)
        )
        ok = np.sum(proposal**2, axis=1) < 1.0
        rejected += int(np.sum(~ok))
        x = np.where(ok[:, None], proposal, x)
    return LangevinRun(x, rejected)


def _drift(
    xi: object, grad_u: object, temperature: float, factor: float
) -> _FloatArray:
    t = check_real(
        temperature,
        "temperature",
        low=0.0,
        low_open=True,
        high=math.inf,
        high_open=True,
    )
    x = np.asarray(xi, dtype=np.float64)
    ndim = 2 if x.ndim == 2 else 1
    x = check_vector(xi, "xi", ndim=ndim)
    g = check_vector(grad_u, "grad_u", ndim=ndim)
    if g.shape != x.shape:
        msg = f"xi and grad_u must have the same shape, got {x.shape} and {g.shape}"
        raise ValueError(msg)
    x2 = np.atleast_2d(x)
    _inside(x2, "xi")
    q = 1.0 - np.sum(x2**2, axis=1, keepdims=True)
    out = _drift_unchecked(x2, np.atleast_2d(g), q, t, factor)
    return out.reshape(x.shape)


def _drift_unchecked(
    x: _FloatArray, g: _FloatArray, q: _FloatArray, t: float, factor: float
) -> _FloatArray:
    d = x.shape[1]
    out: _FloatArray = -(q**2) / 4.0 * g + factor * t * (d - 2) * (q / 2.0) * x
    return out


def _inside(x: _FloatArray, name: str) -> None:
    norms = np.sqrt(np.sum(x**2, axis=1))
    if np.any(norms >= 1.0):
        msg = f"{name} must lie in the open unit ball, got a point of norm {float(norms.max())!r}"
        raise ValueError(msg)
