"""The context-semiring conjecture, settled (VM-SEMIRING, ``VM-TROP-*``).

**Structure.** Fix ``k >= 0``. A tropical context ``T = (W, d)`` has a slot
vector ``W in (K ∪ {⊥})^(k+1)`` (``W[x]`` is the best pivot key preceded by
``x`` development events, capped at ``k``) and a development total ``d``;
``(W_a, d_a) ⊗ (W_b, d_b) = (W_a ⊕ sh_{d_a} W_b, d_a + d_b)`` where
``sh_d`` moves slot ``x`` to ``min(x + d, k)`` (maxima where slots meet).
Normal form: slot ``x > d`` is ``⊥``; it is exactly the set of values of
timelines and is closed under ``⊗``. ``to_monoid(T) = (max W, d, first
argmax W)`` is a monoid homomorphism onto the context monoid with ``d_pre``
capped at ``k`` (``VM-TROP-HOM``); it needs the normal form.

**Candidates for ⊕** (slot-wise maximum of alternative hypotheses):

- ``EQ`` (⊕ only for equal ``d``): partial, and its zero ``(⊥, d)`` does not
  annihilate (the fibre-0 zero is the product's one). Not a semiring.
- ``MAX`` / ``MIN`` (``d`` combined by max / min): left distributivity holds
  but right distributivity fails at ``k = 1``: ``(1 ⊕ dev) ⊗ c`` is
  ``([⊥, w], 1)`` while ``c ⊕ (dev ⊗ c)`` is ``([w, w], 1)`` for a candidate
  ``c = ([w, ⊥], 0)``; in ``MAX`` the zero is again the one; ``MIN`` leaves
  the normal form and has no additive identity at all. Dropping ``d``
  altogether leaves ``⊗`` undefined (the shift needs ``d``).
- ``SET`` (:class:`algebra.tropical.HypothesisSet`): keep the *set* ``D`` of
  totals, ``(D_a, W_a) ⊕ (D_b, W_b) = (D_a ∪ D_b, W_a ⊕ W_b)`` and
  ``(D_a, W_a) ⊗ (D_b, W_b) = (D_a + D_b, W_a ⊕ ⊕_{d in D_a} sh_d W_b)``, with
  an adjoined zero ``(∅, ⊥)``. Every axiom holds: an idempotent semiring with
  non-commutative ``⊗``, into which ``T -> ({d}, W)`` embeds the tropical
  contexts faithfully. Equivalently (``MAT``) ``(D, W)`` is the block matrix
  ``[[R_D, W^T], [⊥, ⊤]]`` over the (max, min) semiring of extended keys
  (``R_D[y][x] = ⊤`` iff ``y = min(x + d, k)`` for some ``d in D``), times the
  totals in the semiring of finite subsets of ``(N, +)``; matrices over a
  semiring form a semiring, and the map preserves both operations.

**What it buys.** ``W[k]`` of a sum is the best feasible pivot over all the
hypotheses summed. Because ``⊗`` distributes over ``⊕`` on both sides, the
best feasible pivot over every combination of per-block alternatives (for
instance, every compression of every block) is
``(⊕ alternatives of block 1) ⊗ ... ⊗ (⊕ alternatives of block n)``: one
product of sums instead of a sum over exponentially many combinations, and,
``⊗`` being associative, a parallel tree reduction.

Proofs are z3 universal proofs over real keys and unbounded totals for each
fixed ``k`` listed in the evidence (larger ``k`` run in the slow tests); the
tropical monoid (``VM-TROP-MONOID``) and the homomorphism are also proven for
every ``k`` at once, with slot vectors as arrays over integer indices;
counterexamples are the smallest found by z3 ``Optimize`` with integer keys,
minimising ``k``, then the size (totals plus finite slots plus ``|key|``) of
all operands together, then of ``a``, ``b``, ``c`` in turn (a deterministic
tie-break).

**Which code is proven.** The proofs are about the z3 transcription in
:mod:`proofs.claims.vm.semiring._smt`: :mod:`algebra.tropical` indexes slots by data
and cannot run on z3 terms. The transcription is compared with the package
on every pair of a bounded domain (:mod:`proofs.claims.vm.semiring._bind`), so the
claims about package functions (``VM-SEMIRING-SET``, ``VM-TROP-MONOID``,
``VM-TROP-HOM``) are ``verified``, not ``proven``; ``VM-SEMIRING-MAT`` is
about matrices over (max, min) as mathematics and stays ``proven``. z3
``unknown`` leaves an axiom open; it fails only with a counterexample.

Submodules:

- :mod:`proofs.claims.vm.semiring.checks`: the claims and their checks (``CLAIMS``)
- :mod:`proofs.claims.vm.semiring._smt`: the z3 transcription of the tropical lift and its candidate sums
- :mod:`proofs.claims.vm.semiring._bind`: the binding of that transcription to :mod:`algebra.tropical`
- private: ``_general`` (proofs for every ``k`` at once), ``_hom`` (VM-TROP-HOM and VM-TROP-WITNESS)
"""

from __future__ import annotations

from proofs.claims.vm.semiring.checks import (
    AXIOMS,
    CLAIMS,
    AxiomResult,
    axiom_table,
    check_homomorphism,
    check_monoid,
    check_semiring,
    check_verdict,
    check_witness,
)

__all__ = [
    "AXIOMS",
    "CLAIMS",
    "AxiomResult",
    "axiom_table",
    "check_homomorphism",
    "check_monoid",
    "check_semiring",
    "check_verdict",
    "check_witness",
]
