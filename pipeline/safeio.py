"""Bounded readers for every file the pipeline reads back: specs, records, manifests, stamps.

Every one of them may have been written or replaced by someone else, so each read is bounded
before anything is parsed: regular files only (never a FIFO, a device such as /dev/zero or a
folder), a size cap checked while reading, nesting depth and integer length limited, text that
is valid Unicode (no lone surrogates, which JSON and YAML escapes can produce and which no file
can be written with), and no YAML aliases, whose expansion can grow without end (a 1 KB alias bomb
grew past 2.8 GB in 30 s).

Problems raise `Unsafe` with one sentence; callers add the file name and their own error type.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any, Iterator

import yaml

MAX_DEPTH = 64  # the deepest file we write nests 5 levels (manifest -> puzzles -> verdict -> check -> failures)
MAX_INT_DIGITS = 30  # far above any count, size or seed we write; int() of 5,000 digits raises
SPEC_BYTES = 1_000_000
RECORD_BYTES = 4_000_000  # a 10x10 record is about 2 KB
MANIFEST_BYTES = 64_000_000  # about 2 KB an entry: room for 30,000 puzzles
STAMP_BYTES = 1_000_000


class Unsafe(ValueError):
    """A file that must not be parsed, or parsed to something the pipeline cannot use."""


def read_bounded(path: Path, limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; the cap holds while reading, so a file
    that grows (or lies about its size) cannot make us read more."""
    try:
        # O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer for ever.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise Unsafe("file not found") from None
    except OSError as exc:
        raise Unsafe(f"cannot be read ({exc.strerror})") from None
    except ValueError:
        raise Unsafe("the path contains a NUL byte") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise Unsafe("is a folder, not a file" if stat.S_ISDIR(mode) else "is not a regular file (a device, pipe or socket)")
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise Unsafe(f"cannot be read ({exc.strerror})") from None
    if len(data) > limit:
        raise Unsafe(f"is larger than {limit:,} bytes")
    return data


def decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unsafe(f"is not UTF-8 text (byte {exc.start})") from None


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise Unsafe(f"holds a number of {len(text)} digits; at most {MAX_INT_DIGITS} are allowed")
    return int(text)


def _constant(name: str) -> Any:
    raise Unsafe(f"holds {name}, which is not a JSON number")


def load_json(path: Path, limit: int) -> Any:
    """Parse a bounded JSON file; every problem is `Unsafe`."""
    return parse_json(read_bounded(path, limit))


def parse_json(data: bytes) -> Any:
    """Parse bytes already read with `read_bounded` (so they can be hashed as they were judged)."""
    text = decode(data)
    try:
        data = json.loads(text, parse_int=_int, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise Unsafe(f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise Unsafe(f"nests deeper than {MAX_DEPTH} levels") from None
    check_tree(data)
    return data


def check_tree(data: Any) -> None:
    """Depth and text limits on parsed data, walked without recursion.

    Paths are worked out only for a problem found: building one per node made this walk 0.19 s
    of a 2.3 s warm build of configs/book.yaml.
    """
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise Unsafe(f"nests deeper than {MAX_DEPTH} levels")
        if isinstance(node, str):
            _check_text(node, data)
        elif isinstance(node, dict):
            for key, value in node.items():
                if isinstance(key, str):
                    _check_text(key, data)
                stack.append((value, depth + 1))
        elif isinstance(node, list):
            stack.extend((value, depth + 1) for value in node)


def is_text(text: str) -> bool:
    """False for a lone surrogate, which is how Python hands over bytes that are not UTF-8."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
        return True
    except UnicodeEncodeError:
        return False


def _check_text(text: str, root: Any) -> None:
    if not is_text(text):
        place = _place_of(text, root)
        raise Unsafe(f"{place}: holds a lone surrogate ({text!r}), which is not Unicode text" if place else
                     f"holds a lone surrogate ({text!r}), which is not Unicode text")


def _place_of(text: str, root: Any) -> str:
    """The key path of the first key or value equal to `text`, for the message."""
    stack: list[tuple[Any, str]] = [(root, "")]
    while stack:
        node, where = stack.pop()
        if node == text and isinstance(node, str):
            return where
        if isinstance(node, dict):
            for key, value in node.items():
                here = f"{where}.{key}" if where else str(key)
                if key == text:
                    return where
                stack.append((value, here))
        elif isinstance(node, list):
            stack.extend((value, f"{where}[{i}]") for i, value in enumerate(node))
    return ""


def yaml_events_checked(text: str) -> None:
    """Refuse YAML aliases and deep nesting before anything is built from the text.

    Walks the event stream, which PyYAML produces without recursion, so neither `a: &a [*a]`
    nor 100,000 nested brackets reach the recursive composer.
    """
    depth = 0
    for event in _events(text):
        if isinstance(event, yaml.AliasEvent):
            line = event.start_mark.line + 1
            raise Unsafe(f"line {line}: YAML aliases (*{event.anchor}) are not allowed in a job spec; write the value out")
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise Unsafe(f"line {event.start_mark.line + 1}: the YAML nests deeper than {MAX_DEPTH} levels")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def _events(text: str) -> Iterator[yaml.Event]:
    return yaml.parse(text, Loader=yaml.SafeLoader)
