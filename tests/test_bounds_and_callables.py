"""Sizes have caps naming their limit; user callables' errors are one documented type (issue 33)."""

from __future__ import annotations

import math
import pickle

import numpy as np
import pytest

from algebra import Context, reduce_tree
from algebra.tropical import TropicalContext, fold_tropical
from theory.decay import decay_power
from theory.depth import survival_product
from theory.errors import UserCallableError
from theory.hopfield import hopfield_update
from theory.inference import bootstrap_ci, posterior_superiority
from theory.langevin import euler_maruyama, stationary_drift
from theory.phase import phase_diagram
from witnesses.generators import BurstyConfig, MultiBurstConfig
from witnesses.runtime import run_cells

BIG = [
    (lambda: fold_tropical([], k=10**9), r"k must satisfy 0 <= k <= 1000000"),
    (lambda: TropicalContext.identity(k=10**9), r"0 <= k <= 1000000"),
    (lambda: TropicalContext.development(k=10**6 + 1), r"0 <= k <= 1000000"),
    (
        lambda: phase_diagram(
            s0=np.full(10**4, 0.5), rho=np.full(10**4, 0.5), q=0.9, tau=0.5
        ),
        r"10000 x 10000 = 100000000 cells, more than the cap of 1000000",
    ),
    (lambda: BurstyConfig(n_events=10**9), r"n_events <= 1000000"),
    (lambda: MultiBurstConfig(n_events=10**6 + 1), r"n_events <= 1000000"),
    (
        lambda: posterior_superiority(3, 10, 5, 10, method="monte-carlo", draws=10**12),
        r"draws <= 10000000",
    ),
    (
        lambda: decay_power("geometric", [1, 2, 3], 40, s0=0.7, rho=0.67, n_sim=10**9),
        r"n_sim <= 100000",
    ),
    (lambda: reduce_tree([Context(1, 2, 0)], chunks=0), r"chunks must be >= 1"),
    (lambda: reduce_tree([Context(1, 2, 0)], chunks=10**7), r"chunks <= 1000000"),
    (
        lambda: hopfield_update([0.0, 0.0], [[1.0, 0.0]], beta=math.inf),
        r"beta must be in \(0, inf\)",
    ),
    (
        lambda: stationary_drift([0.0], [0.0], temperature=math.inf),
        r"temperature must be in \(0, inf\)",
    ),
]


@pytest.mark.parametrize(("call", "match"), BIG)
def test_sizes_over_their_cap_are_value_errors_naming_the_limit(call, match):
    """Each used to end in MemoryError, a hang, or NaN (issue 33)."""
    with pytest.raises(ValueError, match=match):
        call()


def test_reduce_tree_chunks_must_be_an_int():
    with pytest.raises(TypeError, match="chunks must be an int"):
        reduce_tree([Context(1, 2, 0)], chunks="3")


def _broken(*args, **kwargs):
    raise ZeroDivisionError("inside the user's code")


def _cell_broken(cell):
    raise KeyError("missing")


CALLERS = [
    ("statistic", lambda: bootstrap_ci((np.arange(5.0),), _broken)),
    ("f", lambda: survival_product(_broken, d=3)),
    (
        "grad_u",
        lambda: euler_maruyama(
            np.zeros((2, 2)), _broken, temperature=1.0, dt=0.01, n_steps=2, seed=0
        ),
    ),
    ("fn", lambda: run_cells([{"x": 1}], _broken, executor=False, progress=False)),
]


@pytest.mark.parametrize(("argument", "call"), CALLERS)
def test_user_callable_errors_are_wrapped_naming_the_callable(argument, call):
    """One documented type, a ValueError, naming the argument and the callable."""
    with pytest.raises(UserCallableError) as exc:
        call()
    err = exc.value
    assert isinstance(err, ValueError)
    assert err.argument == argument
    assert err.callable_name == "_broken"
    assert str(err).startswith(f"{argument} '_broken' raised ZeroDivisionError")
    assert isinstance(err.__cause__, ZeroDivisionError)


def test_umbrella_wraps_a_failing_part():
    from proofs.records import umbrella

    with pytest.raises(UserCallableError, match=r"checks\[0\] '_broken' raised"):
        umbrella([_broken])()


def test_run_cells_on_a_pool_wraps_the_worker_error_and_names_the_cell():
    from concurrent.futures import ThreadPoolExecutor

    with (
        ThreadPoolExecutor(max_workers=1) as pool,
        pytest.raises(UserCallableError, match=r'on cell \{"x": 1\}: .*missing'),
    ):
        run_cells([{"x": 1}], _cell_broken, executor=pool, progress=False)


def test_user_callable_error_pickles_and_keeps_its_fields():
    err = UserCallableError("fn", "g", "fn 'g' raised KeyError: 'x'")
    back = pickle.loads(pickle.dumps(err))
    assert (back.argument, back.callable_name, str(back)) == ("fn", "g", str(err))


def test_interrupts_are_not_wrapped():
    def interrupted(*args):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        survival_product(interrupted, d=2)
