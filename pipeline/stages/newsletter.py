"""The newsletter: a one- or two-page sheet, its puzzles on the front and the rules and answers
on the back, rendered with its room measured: the room under the masthead and under the back's
text is read off a first render, then filled.
"""

from __future__ import annotations

from pathlib import Path

from weasyprint import Document

from pipeline.files import remove
from pipeline.render import pdf
from pipeline.render.book import MASTHEAD_MM, NewsletterPlan, Printed, plan_newsletter, plan_separate_answers
from pipeline.render.geometry import FOOTER_MM, PageBox, Unfit, page_box
from pipeline.stages.documents import Booklet, Rendered, by_section, doc_fields, how_to_play_pages, page_fields, template_source
from pipeline.stages.drawing import ISSUE_CODE, draw_issue_code
from pipeline.stages.styles import book_style
from pipeline.spec import JobSpec
from pipeline.units import MM_PER_PX  # WeasyPrint measures in CSS pixels

def room_below(document: Document, anchor: str, page_index: int, box: PageBox) -> float:
    """The height (mm) left under an empty marker element down to the page number's band, on
    the page it should be on (0 when it landed elsewhere)."""
    if page_index >= len(document.pages) or anchor not in document.pages[page_index].anchors:
        return 0.0
    top = document.pages[page_index].anchors[anchor][1] * MM_PER_PX + 0.5  # rounding of lengths in CSS
    return max(0.0, box.height - box.bottom - FOOTER_MM - top)


def render_newsletter(job: JobSpec, outdir: Path, printed: list[Printed], previous: list[Printed], credits: tuple[str, ...] = ()) -> Rendered:
    """Render the sheet, measuring the room under the masthead and under the back's text on a
    first render, then filling it: one to three renders of two pages."""
    style = book_style(job)
    box = page_box(style, 0.0)
    answers, answers_from = [], None
    if job.answers.at_end:
        answers = printed
    elif job.answers.from_previous_issue:
        answers, answers_from = previous, job.previous_issue().date
    doc = doc_fields(job, job.title, credits)
    pages = how_to_play_pages(outdir, job)
    issue_code = draw_issue_code(outdir, job.links.issue_page) if job.links.issue_page else None
    if issue_code is None:
        remove(outdir / "puzzles" / f"{ISSUE_CODE}.svg")

    def render(front_room: float, answers_room: float | None) -> tuple[Document, NewsletterPlan]:
        plan = plan_newsletter(style, box, printed, answers, pages, outdir, answers_from, front_room, answers_room)
        source = template_source("newsletter.html.j2", outdir, doc=doc, plan=plan, issue_code=issue_code, **page_fields(job, box))
        return pdf.render(source), plan

    planned = box.content_height - MASTHEAD_MM
    booklet, plan = render(planned, None)
    front = room_below(booklet, "front-room", 0, box)
    if front < planned:  # a masthead taller than guessed pushed the puzzles over
        booklet, plan = render(front, None)
    else:
        front = planned
    if answers:
        booklet, plan = render(front, room_below(booklet, "answers-room", 1, box))
    if len(booklet.pages) > 2:
        raise Unfit(
            f"format: newsletter: the rules of {len(pages)} puzzle types run past the back page; "
            "turn front_matter.how_to_play off or print fewer types"
        )

    def write() -> pdf.Written:
        return pdf.write(booklet, job.date, box, job.fonts == "full", job.profile.pdf_variant)

    rendered = Rendered(Booklet(len(booklet.pages), pdf.smallest_text_pt(booklet), write), box, placements=plan.front_placements)
    if job.answers.separate_file:
        pages = {p.number: 1 for p in printed}
        sheets = plan_separate_answers(style, box, by_section(job, printed), pages, outdir, plan.front_placements)
        rendered.answers = pdf.render(
            template_source("answers.html.j2", outdir, doc=doc_fields(job, f"Answers · {job.title}"), sheets=sheets, **page_fields(job, box))
        )
    return rendered

