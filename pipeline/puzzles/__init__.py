"""The puzzle types, one folder each: `<type>/__init__.py` exports PUZZLE_TYPE, the record of
everything the type is (pipeline/interface/puzzle_type.py): its parameters, generator, solver,
grader, independent proof, rules checklist (rules.py), drawing, record fields, and how it is
shared (share.py). The registry finds every folder here; nothing outside names one.
"""
