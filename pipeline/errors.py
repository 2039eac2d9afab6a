"""One hierarchy of errors; the CLI maps each family to an exit code.

Bad input from a person (spec, options, hand-edited records, pages too small for the grids they
are asked to hold) is exit 2 and is never a traceback. A stage that could not do its job on good
input (an unprovable section, a puzzle that fails verification, a PDF that cannot be written) is
exit 1.
"""

from __future__ import annotations


class PuzzlepressError(Exception):
    exit_code = 1

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its message and fields, so an error raised in a worker process reaches the
        user as itself: the default pickling calls the class with the message alone, which the
        classes below with fields of their own cannot take ("a worker process died" was printed
        for a PictureError raised in a worker)."""
        return (_rebuilt, (type(self), str(self), dict(self.__dict__)))


def _rebuilt(cls: type[PuzzlepressError], message: str, fields: dict[str, object]) -> PuzzlepressError:
    error = cls.__new__(cls)
    Exception.__init__(error, message)
    error.__dict__.update(fields)
    return error


class InputError(PuzzlepressError):
    """Something a person wrote is wrong; the message says what and where."""

    exit_code = 2


class SpecError(InputError):
    """The job spec is invalid. `problems` holds every problem found, each naming its place."""

    def __init__(self, source: str, problems: list[str]):
        self.source = source
        self.problems = problems
        lines = "\n".join(f"  - {p}" for p in problems)
        noun = "problem" if len(problems) == 1 else "problems"
        super().__init__(f"{source}: {len(problems)} {noun} in the job spec:\n{lines}")


class RecordError(InputError):
    """A puzzle record (JSON) is missing a field or holds a malformed one."""

    def __init__(self, where: str, problem: str):
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}")


class OptionError(InputError):
    """A command-line option is wrong."""


class PageError(InputError):
    """The pages asked for cannot hold the puzzles legibly (too small a trim, too many a page, a
    newsletter with more than two pages): the spec must change, so it is bad input, whether
    the page plan finds it before generating or layout finds it on the real puzzles."""


class StageError(PuzzlepressError):
    """A stage could not finish on valid input."""


class ProofError(StageError):
    """A puzzle could not be proved to have exactly one answer."""


class LayoutError(StageError):
    """The booklet could not be laid out from verified puzzles (nothing proved to print, a
    resource that cannot be read)."""


class StepLimit(Exception):
    """A search reached its step or time limit: it proves nothing.

    Not a PuzzlepressError: generators catch it and drop the layout; it never reaches a person.
    """


class TimeLimit(StepLimit):
    """The whole puzzle's time budget ran out: unlike a step limit, a generator must not retry.

    Generators that catch StepLimit to drop a layout re-raise this one.
    """


class Unsuitable(Exception):
    """This code cannot make a puzzle, for a reason the manifest should say (a picture that does
    not fit its grid); the stage skips to the next code, as it does after a StepLimit."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)
