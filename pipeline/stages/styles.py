"""The job as page planning reads it: its BookStyle (pipeline/render/style.py) and how big each
section's grids print. Needs no PDF engine, so the page plan made before generating and the
layout read the job the same way.
"""

from __future__ import annotations

from pipeline.registry import puzzle_types
from pipeline.render.geometry import LARGE_PRINT_SCALE
from pipeline.render.style import BookStyle, SectionStyle, Sizing
from pipeline.spec import JobSpec, Section


def book_style(job: JobSpec) -> BookStyle:
    """What page planning needs of the job."""
    return BookStyle(
        title=job.title, page=job.page, newsletter=job.format == "newsletter", answers=job.answers,
        contents=job.front_matter.contents,
        sections=tuple(
            SectionStyle(section.heading, section.per_page, sizing(section, job.page.large_print), puzzle_types()[section.type].cell_mm)
            for section in job.sections
        ),
        previous_issue=job.previous_issue().date if job.answers.from_previous_issue else None,
        front_pages=front_pages(job),
        profile=job.profile,
    )


def front_pages(job: JobSpec) -> int:
    """The pages before the contents: the title page and the copyright page after it."""
    return int(job.front_matter.title_page) + int(job.front_matter.copyright_page and job.format == "book")


def sizing(section: Section, large_print: bool) -> Sizing:
    """How big the section's grids print: the cell it asks for, the type's natural cell, or as
    large as the page allows up to the type's largest cell (half as big again in large print)."""
    ptype = puzzle_types()[section.type]
    if section.cell is not None:
        return Sizing(section.cell / ptype.cell_mm, exact=True)
    grow = LARGE_PRINT_SCALE if large_print else 1.0
    if section.scale == "natural":
        return Sizing(grow, exact=True)
    return Sizing(grow * ptype.max_cell_mm / ptype.cell_mm)
