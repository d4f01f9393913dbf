"""Theory of retrieval depth, inference, sheaves and geometry (THEORY.md §2-3).

Depth laws, scatter, information floors, inference, sheaves and information
geometry.

Import the submodules: ``from theory.depth import p_similarity``,
``from theory.inference import proportion_ci``, ``from theory.sheaf import
CellularSheaf``. This package imports none of ``algebra``, ``witnesses`` or
``proofs``.
"""

__all__: list[str] = []
