"""The independent proof engine: SAT encodings of each type's rules, sharing no code with the
types' own solvers and generators. Each type keeps its encoding in its folder's proof.py, built
on the helpers here; tests/test_independence.py checks that no proof module imports a solver or
generator.
"""
