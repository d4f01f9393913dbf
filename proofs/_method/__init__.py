"""How claims are checked, whatever their subject (private).

``smt``: z3 proofs and witnesses of our code's transcription; ``encoding``:
the z3 transcription of the algebra's elements and products; ``settle``: the
rules that turn a proof attempt into a verdict (a failed proof is open, only a
witness refutes); ``validation``: argument checks of the proofs package.
"""
