"""What a retrieved context buys: the DL-T2 quantities on a table p(x, d, c) (private).

Re-exported by :mod:`theory.floors`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from theory._info import as_table, marginal_entropy


@dataclass(frozen=True, slots=True)
class ContextGain:
    """The DL-T2 quantities of one task with context (all in bits, floors in [0, 1]).

    Attributes
    ----------
    h_y_given_x, h_y_given_xc : float
        ``H(Y | X)`` and ``H(Y | X, C)``.
    i_yc_given_x, i_dc_given_x : float
        ``I(Y; C | X)`` and ``I(D; C | X)``.
    injective : bool
        Whether ``phi(x, .)`` is injective for every ``x`` (DL-A1).
    floor_without, floor_with : float
        Bayes errors given ``X`` and given ``(X, C)``.

    Examples
    --------
    >>> import numpy as np
    >>> from theory.floors import context_gain
    >>> p = np.zeros((1, 2, 2)); p[0, 0, 0] = p[0, 1, 1] = 0.5  # C reveals D
    >>> g = context_gain(p, [[0, 1]])
    >>> g.i_yc_given_x, g.floor_without, g.floor_with
    (1.0, 0.5, 0.0)
    """

    h_y_given_x: float
    h_y_given_xc: float
    i_yc_given_x: float
    i_dc_given_x: float
    injective: bool
    floor_without: float
    floor_with: float

    @property
    def identity_residual(self) -> float:
        """``H(Y|X) - H(Y|X,C) - I(Y;C|X)``: zero up to round-off (DL-T2).

        Examples
        --------
        >>> import numpy as np
        >>> from theory.floors import context_gain
        >>> abs(context_gain(np.full((2, 2, 2), 1 / 8), [[0, 1], [1, 0]]).identity_residual) < 1e-12
        True
        """
        return self.h_y_given_x - self.h_y_given_xc - self.i_yc_given_x


def context_gain(table: npt.ArrayLike, phi: npt.ArrayLike) -> ContextGain:
    """DL-T2 quantities for ``table[x, d, c]`` and the action map ``Y = phi[x, d]``.

    Parameters
    ----------
    table : array_like
        ``P(X = x, D = d, C = c)``, three axes, summing to 1 (``1e-9``).
    phi : array_like of int
        Shape ``(|X|, |D|)``; ``phi[x, d]`` is the label index of the correct
        action, in ``[0, max(phi)]``.

    Returns
    -------
    ContextGain

    Raises
    ------
    ValueError
        If the table is not a 3-axis probability table or ``phi`` has the
        wrong shape or negative entries.
    TypeError
        If ``phi`` is not integer-valued.

    Notes
    -----
    Builds ``q[x, d, c, y] = p[x, d, c] 1{y = phi[x, d]}`` and reads every
    quantity off its marginals. DL-T2 says
    ``H(Y|X) - H(Y|X,C) = I(Y;C|X) <= I(D;C|X)``, with equality when
    ``phi(x, .)`` is injective (DL-A1).

    Examples
    --------
    >>> import numpy as np
    >>> from theory.floors import context_gain
    >>> p = np.full((1, 4, 2), 1 / 8)  # D = (D1, D2) as 0..3, C independent
    >>> context_gain(p, [[0, 0, 1, 1]]).i_dc_given_x
    0.0
    """
    arr = as_table(table, "table", ndim=3)
    labels = np.asarray(phi)
    if labels.shape != arr.shape[:2]:
        msg = f"phi must have shape {arr.shape[:2]} (|X|, |D|), got {labels.shape}"
        raise ValueError(msg)
    if labels.dtype.kind not in "iu":
        msg = f"phi must hold integer label indices, got dtype {labels.dtype}"
        raise TypeError(msg)
    if labels.min() < 0:
        msg = f"phi must have entries >= 0, got minimum {int(labels.min())}"
        raise ValueError(msg)
    n_y = int(labels.max()) + 1
    q = np.zeros((*arr.shape, n_y))
    for x in range(arr.shape[0]):
        for d in range(arr.shape[1]):
            q[x, d, :, labels[x, d]] = arr[x, d, :]
    h = _entropies(q)
    injective = all(len(set(row.tolist())) == len(row) for row in labels)
    xy = q.sum(axis=(1, 2))
    xcy = q.sum(axis=1)
    return ContextGain(
        h_y_given_x=h["XY"] - h["X"],
        h_y_given_xc=h["XCY"] - h["XC"],
        i_yc_given_x=_clip(h["XY"] + h["XC"] - h["XCY"] - h["X"]),
        i_dc_given_x=_clip(h["XD"] + h["XC"] - h["XDC"] - h["X"]),
        injective=injective,
        floor_without=max(0.0, 1.0 - float(xy.max(axis=1).sum())),
        floor_with=max(0.0, 1.0 - float(xcy.max(axis=2).sum())),
    )


def _entropies(q: npt.NDArray[np.float64]) -> dict[str, float]:
    axes = {"X": (0,), "XY": (0, 3), "XC": (0, 2), "XCY": (0, 2, 3)}
    axes |= {"XD": (0, 1), "XDC": (0, 1, 2)}
    return {name: marginal_entropy(q, keep) for name, keep in axes.items()}


def _clip(value: float) -> float:
    return 0.0 if -1e-12 < value < 0 else value
