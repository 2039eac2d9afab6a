"""The record every puzzle type fills, and the small records it trades in.

Like a `struct game` in Simon Tatham's collection: one object per type, found by the registry.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from pipeline.codes import rng_for
from pipeline.budget import Budget
from pipeline.errors import StepLimit
from pipeline.interface.checks import Check, Failure, run_checks
from pipeline.interface.grades import Grade
from pipeline.interface.params import Params, parse_size
from pipeline.interface.play import Play
from pipeline.interface.sharing import Share
from pipeline.render.svg import Figure, FigureSize


# Steps a grader may take on one puzzle. Over 6 codes of each, the most a grade took was 221 steps
# (Nonogram 15x15), 60,396 (Nuritwin 10x10, 4.5 s) and 299,077 (Kuralin 10x10, 3.7 s): this
# leaves thirty times the most measured.
GRADE_STEPS = 10_000_000


@dataclass
class Generated:
    """A generator's result: a puzzle proved unique by the type's own solver, and its stats.

    Stats must be deterministic (counts, not timings): they are written into the record, and the
    same code must give the same record byte for byte.
    """

    puzzle: Any
    stats: dict[str, Any] = field(default_factory=dict)
    # The puzzle's grade when the generator graded it on the way (aiming at a difficulty), exactly
    # what the type's `grade` says, so make_graded need not grade it again; not in the record.
    grade: Grade | None = None


def never_stale(record: dict[str, Any]) -> bool:
    """A type whose puzzles depend on nothing but their parameters, code and generator version."""
    return False


def no_effort(puzzle: Any, budget: Budget) -> dict[str, float]:
    """A type whose effort measures all come with its grade."""
    return {}


def no_promises(puzzle: Any, params: Params) -> list[str]:
    """A type whose only publishing promise is the one answer every type keeps."""
    return []


def no_credits(stats: dict[str, Any]) -> tuple[str, ...]:
    """A type whose puzzles are all our own work: a book printing them owes nobody a line."""
    return ()


def no_materials(params: Params) -> Any:
    """A type whose puzzles are made from their parameters and code alone."""
    return None


def refuses_nothing(params: Params, version: int) -> str | None:
    """A type every kept generator version of which can make every valid set of parameters."""
    return None


@dataclass(frozen=True)
class PuzzleType:
    """One puzzle type, filled once in its folder's __init__.py (like a `struct game`).

    Puzzles are each type's own frozen dataclasses with at least `rows`, `cols` and `answer`.
    Answers (from `answer_of`, `solve` and `prove`) are values of one type per puzzle type that
    compare with ==, so verify can tell the stored answer from a second one.
    """

    name: str  # the spec's `type:` and the record's "type"
    title: str  # for headings
    version: int  # generator version: bump when a change alters what a code makes
    how_to_play: str  # the rules in our own words; paragraphs separated by blank lines
    params: type[Params]  # the typed parameters, with their ranges, defaults and presets
    # (params, rng, budget) -> a puzzle with its answer, proved unique; StepLimit when the budget runs out
    generate: Callable[[Any, random.Random, Budget], Generated]
    # (params, answer=) -> the most room a figure of these parameters can take: no puzzle needed
    print_size: Callable[..., FigureSize]
    # (puzzle, budget) -> how a person solves it: its tier, score and techniques (the type's grade.py)
    grade: Callable[[Any, Budget], Grade]
    # (puzzle, limit, budget) -> up to `limit` distinct answers from the printed clues, by the type's own solver
    solve: Callable[[Any, int, Budget], list[Any]]
    # (puzzle, limit) -> up to `limit` answers by the independent engine in proof.py, which must not
    # import the type's solver or generator
    prove: Callable[[Any, int], list[Any]]
    to_record: Callable[[Any], dict[str, Any]]  # the type's own record fields (clues and answer)
    from_record: Callable[[dict[str, Any]], Any]  # RecordError names the bad field
    draw: Callable[..., Figure]  # (puzzle, answer=) -> black-and-white SVG
    cell_mm: float  # a cell's side as `draw` makes it (the figure's natural size)
    max_cell_mm: float  # the largest cell pages grow it to: bigger only spreads the grid, it helps no solver
    # (puzzle, budget) -> effort measures too costly to take with every grade, which the
    # distribution tool adds to the grade's own (Nuritwin's exhaustive search: up to 0.4 s at
    # 10x10, six times what verifying the puzzle takes)
    effort: Callable[[Any, Budget], dict[str, float]] = no_effort
    # (puzzle, params) -> failure codes for publishing promises beyond one answer (Nonogram:
    # line-solvable, unless its parameters ask for expert puzzles)
    promises: Callable[[Any, Params], list[str]] = no_promises
    answer_field: str = "solution"  # the record field that holds the answer
    # (record) -> whether a record on disk was made from inputs that have changed since (a picture
    # file, the picture library), so its code must be made again rather than reused
    stale: Callable[[dict[str, Any]], bool] = never_stale
    # Earlier generator versions kept in the package, so a spec pinned to one (`generator:
    # nuritwin/1`) reprints its puzzles: version -> that version's generate. At least the two
    # most recent versions are kept (see README, "Editions").
    previous: Mapping[int, Callable[[Any, random.Random, Budget], Generated]] = field(default_factory=dict)
    # (params) -> what these parameters' puzzles are made from that is costly to read (a folder of
    # pictures, decoded), or None: read once in the process that runs the stage and handed to
    # every task with the parameters (Params.with_materials), so no attempt reads it again and a
    # cluster's workers need no access to the files
    materials: Callable[[Params], Any] = no_materials
    # (params, version) -> why that kept generator version cannot make puzzles of these
    # parameters, or None: the spec refuses such a pin up front instead of trying every code
    refuses: Callable[[Any, int], str | None] = refuses_nothing
    # The rules as an ordered checklist (interface/checks.py): what verify, the tests and the web
    # player judge an answer by
    checks: tuple[Check, ...] = ()
    # Where the puzzle is played and which files other tools read (interface/sharing.py)
    share: Share = Share()
    # How the web edition plays it (interface/play.py); None: the web edition shows it, unplayable
    play: Play | None = None
    # (stats) -> the attribution lines a book printing this puzzle must carry, for the copyright
    # page (a picture library's licence); stats come from a manifest, so anything unexpected is ()
    credits: Callable[[dict[str, Any]], tuple[str, ...]] = no_credits
    def failures(self, puzzle: Any, answer: Any) -> list[Failure]:
        """Every rule `answer` breaks, in the checklist's order; [] when it keeps them all."""
        return run_checks(self.checks, puzzle, answer)

    @property
    def kept_versions(self) -> list[int]:
        return sorted({self.version, *self.previous})

    def answer_of(self, puzzle: Any) -> Any:
        return puzzle.answer

    def shown_answer(self, puzzle: Any, answer: Any) -> Any:
        """An answer as the record would print it, so a person can see a second answer."""
        return self.to_record(dataclasses.replace(puzzle, answer=answer))[self.answer_field]

    @property
    def presets(self) -> dict[str, Params]:
        return {name: self.params(**values) for name, values in self.params.presets.items()}

    def make_params(self, size: Any = None, **given: Any) -> Params:
        """Parameters from a size as written (10, '20x15', a preset name) and named values;
        pydantic's ValidationError or ValueError say what is wrong."""
        grid = parse_size(size, self.params.presets) if size is not None else {}
        return self.params(**{**grid, **given})

    def make(self, params: Params | int | str, code: str, budget: Budget, version: int | None = None) -> Generated:
        """The puzzle a code makes with these parameters (or a size as written, 10 or '20x15'),
        by this generator version or a kept earlier one."""
        chosen = params if isinstance(params, Params) else self.make_params(params)
        generate = self.generate if version in (None, self.version) else self.previous[version]
        made = generate(chosen, rng_for(self.name, chosen, code), budget)
        # a record names its grid from the parameters: a generator that drew another grid is a bug
        if (made.puzzle.rows, made.puzzle.cols) != (chosen.rows, chosen.cols):
            raise RuntimeError(f"{self.name} generator made a {made.puzzle.cols}×{made.puzzle.rows} grid for {chosen.label}")
        return made

    def make_graded(
        self, params: Params | int | str, code: str, budget: Budget, version: int | None = None, *, always: bool = True
    ) -> tuple[Generated, Grade | None]:
        """The puzzle a code makes and its grade: graded when its parameters ask for a difficulty
        or `always`, else None. Grading gets GRADE_STEPS of its own under the same deadline, so
        a slow generation does not leave a puzzle ungraded. A puzzle whose parameters ask for no
        difficulty and whose grading reaches its limit is kept, ungraded (None): nothing asked
        for its grade. A grade the generator found on the way (Generated.grade) is taken as is."""
        chosen = params if isinstance(params, Params) else self.make_params(params)
        made = self.make(chosen, code, budget, version)
        if chosen.difficulty is None and not always:
            return made, None
        if made.grade is not None:
            return made, made.grade
        try:
            return made, self.grade(made.puzzle, budget.child(GRADE_STEPS))
        except StepLimit:
            if chosen.difficulty is not None:
                raise
            return made, None

    def params_of(self, record: dict[str, Any]) -> Params:
        """The parameters a record was made with: its grid, and its `params` field when other
        parameters were set (a record without one used the defaults)."""
        return self.params(rows=record["rows"], cols=record["cols"], **record.get("params", {}))
