"""The numeric kernel's paths at their limits (issue 33, mutants of theory/sheaf/_fast.py).

Every sheaf here is small; the documented knobs of :mod:`theory.sheaf.numeric`
(``DENSE_LIMIT``, ``COND_LIMIT``, ``FRAME_LIMIT``) and the frames path's caps
(``_MAX_WIDTH``, ``_MAX_WORK``, patched by name) put a small component on the
path under test. Oracles: the exact rank over QQ (``method="exact"``), the
span of the exact null basis, the residual ``||d0 Q||_2`` recomputed with
NumPy from the public coboundary, and ``SheafCohomology.path``.
"""

from __future__ import annotations

import numpy as np
import pytest

from theory.sheaf import CellularSheaf, numeric

_FAST = "theory.sheaf._fast"


def _sheaf(
    n: int, d: int, spec: list[tuple[int, int, object, object]]
) -> CellularSheaf:
    """``from_arrays`` from ``(u, v, F_u, F_v)`` rows (a scalar means that multiple of I)."""
    edges = np.array([(u, v) for u, v, _, _ in spec], dtype=np.int64).reshape(-1, 2)
    maps = np.zeros((len(spec), 2, d, d))
    for k, (_, _, fu, fv) in enumerate(spec):
        for j, f in enumerate((fu, fv)):
            maps[k, j] = np.asarray(f, dtype=np.float64) * (
                np.eye(d) if np.ndim(f) == 0 else 1.0
            )
    return CellularSheaf.from_arrays(n, edges, maps)


def _frames_everywhere(mp: pytest.MonkeyPatch) -> None:
    mp.setattr(numeric, "DENSE_LIMIT", 0)  # every component with an edge is large


def _exact_span(sheaf: CellularSheaf) -> np.ndarray:
    basis = np.array(sheaf.global_sections(method="exact"), dtype=np.float64)
    if basis.shape[1] == 0:
        return basis
    q, _ = np.linalg.qr(basis)
    return np.asarray(q)


def _assert_true_sections(sheaf: CellularSheaf, *, rtol: float = 1e-9) -> None:
    """h0 and the span of the numeric basis are the exact ones; the residual is tiny and reported."""
    got = sheaf.cohomology(method="numeric", rtol=rtol)
    q = sheaf.global_sections(method="numeric", rtol=rtol)
    exact = _exact_span(sheaf)
    assert got.h0 == exact.shape[1] == q.shape[1]
    np.testing.assert_allclose(q.T @ q, np.eye(q.shape[1]), atol=1e-10)
    # same span: projecting either basis on the other loses nothing
    np.testing.assert_allclose(q @ (q.T @ exact), exact, atol=1e-9)
    d0 = sheaf.coboundary().toarray()
    assert got.residual <= 1e-10
    np.testing.assert_allclose(np.linalg.norm(d0 @ q, 2), 0.0, atol=1e-10)


# -- the residual is ||d0 Q||_2 of the basis found ------------------------------


def _perturbed_complete_graph(n: int, seed: int) -> CellularSheaf:
    # every map 1 + 1e-6 * noise: generically no exact section, but at
    # rtol = 1e-3 the mismatches count as zero and one near-section is kept
    rng = np.random.default_rng(seed)
    spec = [
        (u, v, 1 + 1e-6 * rng.standard_normal(), 1 + 1e-6 * rng.standard_normal())
        for u in range(n)
        for v in range(u + 1, n)
    ]
    return _sheaf(n, 1, spec)


@pytest.mark.parametrize("path", ["dense", "frames"])
def test_the_reported_residual_is_the_spectral_norm_of_d0_q(path):
    sheaf = _perturbed_complete_graph(5, 7)
    with pytest.MonkeyPatch.context() as mp:
        if path == "frames":
            _frames_everywhere(mp)
        got = sheaf.cohomology(method="numeric", rtol=1e-3)
        q = sheaf.global_sections(method="numeric", rtol=1e-3)
    assert sheaf.cohomology(method="exact").h0 == 0
    assert (got.path, got.h0, q.shape) == (path, 1, (5, 1))
    prod = sheaf.coboundary().toarray() @ q
    assert np.count_nonzero(np.abs(prod) > 1e-9) >= 2  # 1-norm != 2-norm here
    assert got.residual > 1e-8
    assert got.residual == pytest.approx(np.linalg.norm(prod, 2), rel=1e-9)
    assert got.residual != pytest.approx(np.linalg.norm(prod, 1), rel=1e-3)


# -- the frames tolerance: s <= rtol * sqrt(k) on normalised blocks ------------


@pytest.mark.parametrize(("rtol", "h0"), [(0.5, 2), (np.nextafter(0.5, 0), 0)])
def test_a_singular_value_equal_to_the_frames_tolerance_counts_as_zero(rtol, h0):
    # cycle 0-1-2-3-0 (d = 2), BFS from 0 takes 0-1, 0-3, 1-2: the one
    # non-tree edge is 2 -> 3 with F_2 = diag(0, 1), F_3 = diag(1, 0) (every
    # frame I): its block is diag(1, -1) / (1 + 1), singular values 0.5 and
    # 0.5 exactly, and k = 1
    spec = [
        (0, 1, 1, 1),
        (1, 2, 1, 1),
        (2, 3, np.diag([0.0, 1.0]), np.diag([1.0, 0.0])),
    ]
    sheaf = _sheaf(4, 2, [*spec, (0, 3, 1, 1)])
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        got = sheaf.cohomology(method="numeric", rtol=float(rtol))
    assert (got.path, got.h0) == ("frames", h0)


def test_small_blocks_are_normalised_too():
    # every map 1e-10 except F_3 = 2e-10 on the non-tree edge 2 -> 3: the
    # normalised mismatch is 1/3, far above rtol (no section, as exactly);
    # left unnormalised it would be 1e-10 < rtol
    e = 1e-10
    sheaf = _sheaf(4, 1, [(0, 1, e, e), (1, 2, e, e), (2, 3, e, 2 * e), (0, 3, e, e)])
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        got = sheaf.cohomology(method="numeric")
    assert sheaf.cohomology(method="exact").h0 == 0
    assert (got.path, got.h0) == ("frames", 0)


# -- several large components: each one's non-tree edges go to its own QR -----


def test_each_component_gets_its_own_non_tree_edges():
    # four K4 components (BFS from the smallest vertex takes the star at it;
    # the non-tree edges are 1-2, 1-3, 2-3 locally, in this order); the
    # second and the fourth have a map 2 on their first non-tree edge (no
    # section), the others are constant (one section each)
    spec = []
    for c, bent in enumerate((False, True, False, True)):
        base = 4 * c
        for u in range(4):
            for v in range(u + 1, 4):
                fv = 2 if bent and (u, v) == (1, 2) else 1
                spec.append((base + u, base + v, 1, fv))
    sheaf = _sheaf(16, 1, spec)
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        assert sheaf.cohomology(method="numeric").path == "frames"
        _assert_true_sections(sheaf)
    assert sheaf.cohomology(method="exact").h0 == 2


def test_components_with_several_trees_get_their_own_block_columns():
    # two paths with a singular child map in the middle: two trees each
    # (T d = 4 columns each); sections by hand: f = (a, b) on the far side,
    # (a, 0) before the singular map
    sing = np.diag([1.0, 0.0])
    spec = [(0, 1, 1, sing), (1, 2, 1, 1), (3, 4, 1, 1), (4, 5, 1, sing), (5, 6, 1, 1)]
    sheaf = _sheaf(7, 2, spec)
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        assert sheaf.cohomology(method="numeric").path == "frames"
        _assert_true_sections(sheaf)


# -- regrowing the forest: at most 8 regrowths ----------------------------------


def _regrow_gadget(bad: int, d: int, *, good_in: bool, start: int = 0) -> list:
    """Root ``start``, middle vertices ``a_1 .. a_{bad+1}``, target ``t``.

    Edges ``0 - a_i`` (constant) and ``a_i - t``: zero maps on the first
    ``bad`` (the child map at ``t`` is singular: refused), constant on the
    last. BFS meets the ``a_i`` in increasing order, so each round refuses one
    edge into ``t``: ``bad + 1`` rounds. ``good_in`` orients ``0 - a_last``
    into the root and the others out of it (else the reverse).
    """
    r, t = start, start + bad + 2
    spec = []
    for i in range(1, bad + 2):
        a = start + i
        last = i == bad + 1
        spec.append((a, r, 1, 1) if last == good_in else (r, a, 1, 1))
        spec.append(
            (a, t, 1, 1) if last else (a, t, np.zeros((d, d)), np.zeros((d, d)))
        )
    return spec


@pytest.mark.parametrize("good_in", [True, False])
@pytest.mark.parametrize(("bad", "path"), [(8, "frames"), (9, "propagation")])
def test_the_forest_is_regrown_at_most_8_times(bad, path, good_in):
    sheaf = _sheaf(bad + 3, 1, _regrow_gadget(bad, 1, good_in=good_in))
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        got = sheaf.cohomology(method="numeric")
        assert got.path == path
        _assert_true_sections(sheaf)
    assert got.h0 == 1


# -- frames beyond FRAME_LIMIT fall back ---------------------------------------


@pytest.mark.parametrize(("limit", "path"), [(8.0, "frames"), (7.99, "propagation")])
def test_a_frame_above_frame_limit_falls_back_to_propagation(limit, path):
    # path 0-1-2-3 with F_u = 2, F_v = 1: transports 2, frames 1, 2, 4, 8
    sheaf = _sheaf(4, 1, [(0, 1, 2, 1), (1, 2, 2, 1), (2, 3, 2, 1)])
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        mp.setattr(numeric, "FRAME_LIMIT", limit)
        assert sheaf.cohomology(method="numeric").path == path
        _assert_true_sections(sheaf)


# -- the caps on T d and on the QR's work ---------------------------------------


def _cycle3(n: int = 5) -> CellularSheaf:
    # cycle of n vertices, d = 3, constant: one tree (T d = 3), k = 1 non-tree edge
    return _sheaf(n, 3, [(i, (i + 1) % n, 1, 1) for i in range(n)])


@pytest.mark.parametrize(("cap", "path"), [(3, "frames"), (2, "propagation")])
def test_width_cap_is_t_times_d(cap, path):
    sheaf = _cycle3()
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        mp.setattr(f"{_FAST}._MAX_WIDTH", cap)
        assert sheaf.cohomology(method="numeric").path == path
        _assert_true_sections(sheaf)


@pytest.mark.parametrize(("cap", "path"), [(27, "frames"), (26, "propagation")])
def test_work_cap_is_k_d_width_squared(cap, path):
    # k d (T d)^2 = 1 * 3 * 9 = 27
    sheaf = _cycle3()
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        mp.setattr(f"{_FAST}._MAX_WORK", cap)
        assert sheaf.cohomology(method="numeric").path == path
        _assert_true_sections(sheaf)


# -- which child maps are refused -----------------------------------------------

_UPPER = np.array(
    [[1.0, 1.0, 1.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
)  # kappa_1 4, kappa_inf 9


@pytest.mark.parametrize(("cond", "path"), [(4.0, "frames"), (3.99, "propagation")])
def test_cond_limit_bounds_the_1_norm_condition_number(cond, path):
    # path 0 -> 1 -> 2, d = 3, child map of 0 -> 1 is _UPPER: accepted iff
    # kappa_1 = ||F||_1 ||F^-1||_1 = 2 * 2 = 4 <= COND_LIMIT (kappa_inf is 9,
    # kappa_2 3.73); refused, it splits the path into two trees (T d = 6 > 3)
    sheaf = _sheaf(3, 3, [(0, 1, 1, _UPPER), (1, 2, 1, 1)])
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        mp.setattr(numeric, "COND_LIMIT", cond)
        mp.setattr(f"{_FAST}._MAX_WIDTH", 3)
        assert sheaf.cohomology(method="numeric").path == path
        _assert_true_sections(sheaf)


# kappa_1 = 3, kappa_2 = 3.396: with an exactly singular child map in the same
# batch (np.linalg.inv fails, the SVD decides), a map is refused on kappa_2
_SVD_ONLY = np.array([[0.0, 0.0, -2.0], [-1.0, -2.0, -1.0], [-2.0, -1.0, 0.0]])


@pytest.mark.parametrize(
    ("first", "cond", "width", "path"),
    [
        (1, 1e8, 6, "frames"),  # I accepted, the zero map refused: T = 2
        (1, 1e8, 5, "propagation"),
        (_SVD_ONLY, 3.2, 9, "frames"),  # kappa_2 > 3.2: refused too, T = 3
        (_SVD_ONLY, 3.2, 8, "propagation"),
    ],
)
def test_a_batch_with_an_exactly_singular_map_is_judged_by_the_svd(
    first, cond, width, path
):
    zero = np.zeros((3, 3))
    sheaf = _sheaf(3, 3, [(0, 1, 1, first), (1, 2, 1, zero)])
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        mp.setattr(numeric, "COND_LIMIT", cond)
        mp.setattr(f"{_FAST}._MAX_WIDTH", width)
        assert sheaf.cohomology(method="numeric").path == path
        _assert_true_sections(sheaf)


def test_transports_found_in_a_round_with_a_singular_map_are_true_inverses():
    # component X: the regrow gadget with 9 refusals, so every round's batch
    # holds a zero (exactly singular) child map and the last round leaves it
    # refused (X falls back). Component Y (another tree in the same forest):
    # a path with non-symmetric child maps whose singular values are not 1;
    # its transports F_child^-1 F_parent come from that last round's batch.
    d = 2
    spec = _regrow_gadget(9, d, good_in=False)
    y = 12
    m1 = np.array([[2.0, 1.0], [0.0, 0.5]])
    m2 = np.array([[0.0, 3.0], [-0.25, 1.0]])
    spec += [(y, y + 1, 1, m1), (y + 1, y + 2, m1, m2), (y + 2, y + 3, 1, m2)]
    sheaf = _sheaf(y + 4, d, spec)
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        assert sheaf.cohomology(method="numeric").path == "frames+propagation"
        _assert_true_sections(sheaf)


# -- the chunked QR: 2**16 non-tree edges a batch, 2**22 entries a stack ------


def _clusters(t: int, s: int) -> CellularSheaf:
    """``t`` constant complete graphs ``K_s`` in a chain joined by zero maps (d = 1).

    The joining edge from cluster ``i`` to the smallest vertex of cluster
    ``i + 1`` has a zero child map: the forest is regrown once, into ``t``
    trees (``T d = t`` block columns); non-tree edges: ``t (s-1)(s-2)/2``
    inside the clusters plus the ``t - 1`` joins.
    """
    iu, iv = np.triu_indices(s, 1)
    inner = np.concatenate([np.stack([iu, iv], axis=1) + s * c for c in range(t)])
    joins = np.stack([np.arange(t - 1) * s + 1, np.arange(1, t) * s], axis=1)
    edges = np.concatenate([inner, joins]).astype(np.int64)
    maps = np.ones((edges.shape[0], 2, 1, 1))
    maps[inner.shape[0] :] = 0.0
    return CellularSheaf.from_arrays(t * s, edges, maps)


def test_the_mismatch_rows_are_reduced_in_batches_of_bounded_size(monkeypatch):
    # 70 trees, k = 70 * 946 + 69 = 66289 non-tree edges, one row each, 70
    # columns: batches of 2**16 = 65536 edges, each cut into stacks of
    # 2**22 // 70 = 59918 rows; every stack after the first carries the
    # 70-row R factor of the previous ones
    import scipy.linalg

    seen: list[tuple[int, int]] = []

    def qr(a, *args, **kwargs):
        seen.append(a.shape)
        return scipy.linalg.qr(a, *args, **kwargs)

    spy = type(
        "Linalg", (), {"qr": staticmethod(qr), "svd": staticmethod(scipy.linalg.svd)}
    )
    sheaf = _clusters(70, 45)
    _frames_everywhere(monkeypatch)
    monkeypatch.setattr(f"{_FAST}.sla", spy)
    got = sheaf.cohomology(method="numeric")
    assert (got.path, got.h0) == ("frames", 70)
    assert got.residual <= 1e-12
    rows = 59918
    assert seen[:3] == [(rows, 70), (70 + 65536 - rows, 70), (70 + 66289 - 65536, 70)]


class _Reached(Exception):
    """The frames path started reducing its mismatch rows."""


def _decision_only(mp: pytest.MonkeyPatch) -> None:
    """Stop at the first QR of the frames path; propagation returns no sections.

    What is tested is only which path a component takes: the frames path
    raises :class:`_Reached` at its first QR, propagation costs nothing.
    """

    def qr(*args: object, **kwargs: object) -> None:
        raise _Reached

    _frames_everywhere(mp)
    mp.setattr(f"{_FAST}.sla", type("Linalg", (), {"qr": staticmethod(qr)}))

    def propagate(comp: list[int], voff: list[int], *args: object) -> np.ndarray:
        return np.zeros((sum(voff[v + 1] - voff[v] for v in comp), 0))

    mp.setattr("theory.sheaf.numeric._propagate", propagate)


@pytest.mark.parametrize(
    ("trees", "size", "frames"),
    [
        (1200, 2, True),  # T d = 1200 = the cap
        (1201, 2, False),
        (1000, 4, True),  # k d (T d)^2 = 3999 * 1e6 = 4.0e9 <= 1e10
        (1000, 6, False),  # 10999 * 1e6 = 1.1e10 > 1e10
    ],
)
def test_the_frames_path_caps_t_d_at_1200_and_the_qr_work_at_1e10(
    monkeypatch, trees, size, frames
):
    sheaf = _clusters(trees, size)
    _decision_only(monkeypatch)
    if frames:
        with pytest.raises(_Reached):
            sheaf.cohomology(method="numeric")
    else:
        got = sheaf.cohomology(method="numeric")
        assert (got.path, got.h0) == ("propagation", 0)


# -- blocks near the ends of the float range (bugs found by the mutants) ------


def _bent_cycle(child: float, f2: float, f3: float = 1.0, *, rest: float = 1.0):
    # cycle 0-1-2-3-0; BFS from 0 takes 0-1, 0-3, 1-2; the child maps of 0 -> 1
    # and 1 -> 2 are `child` (frames 1/child, 1/child^2 at 1, 2); the non-tree
    # edge 2 -> 3 has F_2 = f2, F_3 = f3: a section needs f2 / child^2 = f3
    return _sheaf(
        4,
        1,
        [(0, 1, rest, child), (1, 2, rest, child), (2, 3, f2, f3), (0, 3, rest, rest)],
    )


def test_a_large_non_tree_block_is_not_lost_to_overflow():
    # frames 1e74 and 1e148 (under FRAME_LIMIT), F_2 P_2 = 1e158: its square
    # overflows; the block was divided by inf and counted as zero (h0 = 1)
    sheaf = _bent_cycle(1e-74, 1e10)
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        got = sheaf.cohomology(method="numeric")
    assert sheaf.cohomology(method="exact").h0 == 0
    assert (got.path, got.h0) == ("frames", 0)


def test_a_tiny_non_tree_block_is_not_lost_to_underflow():
    # every map 1e-170, F_3 = 2e-170: squares underflow to 0, the scale was
    # taken as 1 and the mismatch 1e-170 counted as zero (h0 = 1)
    # (a second component, 4-7, of ordinary size in the same batch: each
    # block is scaled by its own largest entry, not the batch's)
    e = 1e-170
    spec = [(0, 1, e, e), (1, 2, e, e), (2, 3, e, 2 * e), (0, 3, e, e)]
    spec += [(4, 5, 1, 1), (5, 6, 1, 1), (6, 7, 1, 2), (4, 7, 1, 1)]
    sheaf = _sheaf(8, 1, spec)
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        got = sheaf.cohomology(method="numeric")
    assert sheaf.cohomology(method="exact").h0 == 0
    assert (got.path, got.h0) == ("frames", 0)


def test_an_overflowing_non_tree_block_falls_back_to_propagation():
    # FRAME_LIMIT raised to 1e300: the frame 1e200 at 2 times F_2 = 1e110
    # overflows; the component falls back (it raised a NaN error before)
    sheaf = _bent_cycle(1e-100, 1e110)
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        mp.setattr(numeric, "FRAME_LIMIT", 1e300)
        got = sheaf.cohomology(method="numeric")
        mp.setattr(numeric, "FRAMES", False)
        alone = sheaf.cohomology(method="numeric")
    assert got.path == alone.path == "propagation"
    assert (got.h0, got.residual) == (alone.h0, alone.residual)


def test_sections_overflowing_a_raised_frame_limit_fall_back_to_propagation():
    # FRAME_LIMIT raised to 1.5e308: a cycle 0-1-2-3 whose holonomy swaps the
    # coordinates (sections along (1, 1)) and a tail 0-4-5-6 whose frame at 6
    # is about 1.3e308 * [[1, 1], [0, 1]]: the section's values there,
    # 1.3e308 * sqrt(2), overflow (an SVD error before); the component falls
    # back to propagation
    t = 5.07e102
    swap = np.array([[0.0, 1.0], [1.0, 0.0]])
    shear = np.array([[1.0, 1.0], [0.0, 1.0]])
    spec = [(0, 1, 1, 1), (1, 2, 1, 1), (2, 3, 1, swap), (0, 3, 1, 1)]
    spec += [(0, 4, 1, 1 / t), (4, 5, 1, 1 / t), (5, 6, shear, 1 / t)]
    sheaf = _sheaf(7, 2, spec)
    with pytest.MonkeyPatch.context() as mp:
        _frames_everywhere(mp)
        mp.setattr(numeric, "FRAME_LIMIT", 1.5e308)
        got = sheaf.cohomology(method="numeric")
        mp.setattr(numeric, "FRAMES", False)
        alone = sheaf.cohomology(method="numeric")
    assert got.path == alone.path == "propagation"
    assert (got.h0, got.residual) == (alone.h0, alone.residual)
    assert got.residual <= 1e-12
