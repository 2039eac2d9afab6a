"""One PDF from a book rendered in parts, each part in its own process.

WeasyPrint lays out and paints one document per process, and a book's layout took 4.6 s of a
10.25 s cold build on one core. So the book is cut into parts (pipeline/stages/book.py), each
part is painted into pydyf objects (pdf.render_part), and the parts are numbered one after
another into one file here: the first part's catalog, document information and page tree stand
for the whole; the other parts bring their pages and what those pages use. A stream two parts
hold byte for byte (a font embedded whole, the colour profile of PDF/X) is kept once.

The parts are always the same for the same book, whatever the number of processes, so the file
is the same bytes with --jobs 1 and --jobs 8.
"""

from __future__ import annotations

import io
import re
import zlib
from dataclasses import dataclass
from typing import Any, Sequence

import pydyf

from pipeline.render.inks import Colour

REFERENCE = re.compile(rb"(\d+) 0 R")


@dataclass
class PaintedPart:
    """A part of a book painted into PDF objects, plain enough to send between processes."""

    objects: list[pydyf.Object]  # an object's number is its index; 0 is the free head of the list
    pages: int  # the number of its page tree
    catalog: int
    info: pydyf.Dictionary
    settings: tuple[Any, Any, Any]  # (version, identifier, compress) as WeasyPrint would write it
    page_count: int
    anchors: dict[str, int]  # anchor -> index of the part's page it is on
    smallest_text_pt: float
    colours: frozenset[Colour] = frozenset()  # what its pages' content streams set (inks.stream_colours)


def stream_data(stream: pydyf.Stream) -> bytes:
    """A stream's data before compression: pydyf's own conversion of its items to bytes, so the
    data are what pydyf would write."""
    return b"\n".join(pydyf._to_bytes(item) for item in stream.stream)


def plain(obj: pydyf.Object, data: bytes | None = None) -> pydyf.Object:
    """The object without WeasyPrint's drawing state: a stream becomes its finished (compressed)
    bytes, which the worker computes, so the process that joins the parts only writes them;
    `data` is the stream's stream_data when the caller has it already."""
    if not isinstance(obj, pydyf.Stream):
        return obj
    data = stream_data(obj) if data is None else data
    extra = pydyf.Dictionary(obj.extra)
    if obj.compress:
        extra["Filter"] = "/FlateDecode"
        data = zlib.compress(data, 9)  # pydyf's level
    stream = pydyf.Stream([data], extra)
    stream.number = obj.number
    return stream


def _leaf_key(obj: pydyf.Object) -> bytes | None:
    """A stream that refers to no other object, as bytes: two such streams with the same bytes
    are the same stream."""
    if not isinstance(obj, pydyf.Stream):
        return None
    head = pydyf.Dictionary(obj.extra).data
    return None if REFERENCE.search(head) else head + b"\n" + obj.stream[0]


def _renumbered(value: Any, numbers: dict[int, int]) -> Any:
    """The value with every reference to another object of its part given its number in the
    joined file. References are written b"12 0 R" (pydyf's Object.reference)."""
    if isinstance(value, (bytes, str)):
        text = value.encode() if isinstance(value, str) else value
        match = REFERENCE.fullmatch(text)
        if match:
            return f"{numbers[int(match[1])]} 0 R".encode()
        if REFERENCE.search(text):
            raise ValueError(f"a reference inside {value!r} cannot be renumbered")
        return value
    if isinstance(value, pydyf.Stream):
        value.extra = _renumbered(pydyf.Dictionary(value.extra), numbers)
    elif isinstance(value, dict):
        for key in value:
            value[key] = _renumbered(value[key], numbers)
    elif isinstance(value, list):
        value[:] = [_renumbered(item, numbers) for item in value]
    return value


def join_parts(parts: Sequence[PaintedPart]) -> pydyf.PDF:
    """The parts as one PDF: the first part's objects as they are, then each later part's,
    renumbered, its pages appended to the first part's page tree and its named destinations to
    the first part's. The parts are used up: their objects become the joined file's."""
    head = parts[0]
    joined = pydyf.PDF()
    joined.objects = list(head.objects)
    joined.pages, joined.catalog, joined.info = joined.objects[head.pages], joined.objects[head.catalog], head.info
    seen = {key: obj.number for obj in joined.objects if (key := _leaf_key(obj)) is not None}
    destinations = _destinations(joined.catalog)
    for part in parts[1:]:
        numbers = {part.pages: joined.pages.number}
        added = []
        for obj in part.objects[1:]:
            if obj.number in (part.pages, part.catalog):
                continue
            key = _leaf_key(obj)
            if key is not None and key in seen:
                numbers[obj.number] = seen[key]
                continue
            numbers[obj.number] = len(joined.objects) + len(added)
            if key is not None:
                seen[key] = numbers[obj.number]
            added.append(obj)
        for obj in added:
            joined.add_object(_renumbered(obj, numbers))
        local_pages = part.objects[part.pages]["Kids"][::3]
        for number in local_pages:
            joined.pages["Kids"].extend([numbers[number], 0, "R"])
        joined.pages["Count"] += len(local_pages)
        destinations += [(name, _renumbered(place, numbers)) for name, place in _destinations(part.objects[part.catalog])]
    if destinations:  # a name tree's names are sorted (PDF 32000, 7.9.6), as WeasyPrint sorts them
        ordered = pydyf.Array()
        for name, place in sorted(destinations, key=lambda pair: pair[0].string):
            ordered += [name, place]
        joined.catalog.setdefault("Names", pydyf.Dictionary())["Dests"] = pydyf.Dictionary({"Names": ordered})
    return joined


def _destinations(catalog: pydyf.Dictionary) -> list[tuple[pydyf.String, pydyf.Array]]:
    """The named destinations (an anchor's page and place) WeasyPrint wrote for every element id."""
    names = catalog.get("Names", {}).get("Dests", {}).get("Names", [])
    return list(zip(names[::2], names[1::2]))


def add_blank_pages(pdf_file: pydyf.PDF, count: int) -> None:
    """`count` blank pages at the end, each with the boxes of the last page on its side of the
    spread (the bleed is on the outside edge, which alternates)."""
    kids = pdf_file.pages["Kids"]
    if not count:
        return
    resources = pydyf.Dictionary()
    pdf_file.add_object(resources)
    for _ in range(count):
        numbers = kids[::3]
        model = pdf_file.objects[numbers[-2] if len(numbers) >= 2 else numbers[-1]]
        content = pydyf.Stream([b""])
        pdf_file.add_object(content)
        page = pydyf.Dictionary({
            "Type": "/Page", "Parent": pdf_file.pages.reference, "Contents": content.reference, "Resources": resources.reference,
            **{box: pydyf.Array(model[box]) for box in ("MediaBox", "TrimBox", "BleedBox") if box in model},
        })
        pdf_file.add_object(page)
        kids.extend([page.number, 0, "R"])
        pdf_file.pages["Count"] += 1


def write_joined(parts: Sequence[PaintedPart], blank_pages: int = 0) -> tuple[bytes, pydyf.PDF]:
    """The joined file's bytes, written with the settings WeasyPrint chose for the first part,
    with `blank_pages` blank pages at the end."""
    joined = join_parts(parts)
    add_blank_pages(joined, blank_pages)
    output = io.BytesIO()
    version, identifier, compress = parts[0].settings
    joined.write(output, version, identifier, compress)
    return output.getvalue(), joined
