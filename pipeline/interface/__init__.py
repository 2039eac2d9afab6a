"""What a puzzle type is: the record it fills (puzzle_type.py), its parameters (params.py), its
grades (grades.py), its rules as a checklist (checks.py) and how it is shared (sharing.py).

Stages, records and the registry read types through these records only; nothing here imports a
type's folder.
"""
