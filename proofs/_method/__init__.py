"""How claims are checked, whatever their subject.

``smt``: z3 proofs and witnesses of our code's transcription; ``encoding``:
the z3 transcription of the algebra's elements and products; ``settle``: the
rules that turn a proof attempt into a verdict (a failed proof is open, only a
witness refutes); ``_validation``: argument checks of the proofs package (private).
"""

__all__: list[str] = []
