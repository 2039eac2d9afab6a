"""Puzzle codes: deriving them, turning them into seeded random sources and into safe file names.

A code with a type and size makes one puzzle again, forever, while that type's generator version
is unchanged. Nothing here may depend on PYTHONHASHSEED or the platform: seeds come from SHA-256.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
import re
import secrets

from pipeline.interface.params import Params

_SLUG_UNSAFE = re.compile(r"[^a-z0-9.]+")
_DOTS = re.compile(r"\.{2,}")
_TAGGED = re.compile(r"(^|-)[0-9a-f]{8}$")
_FRESH_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i: codes get read off paper


def rng_for(type_name: str, params: Params, code: str) -> random.Random:
    """The random source of one puzzle. A square grid with default parameters has the key its
    size always had ("10"), so codes made before parameters existed make the same puzzles."""
    digest = hashlib.sha256(f"puzzlepress/{type_name}/{params.key}/{code}".encode()).digest()
    return random.Random(int.from_bytes(digest, "big"))


def derive_code(base: str, section_index: int, index: int) -> str:
    """The code for puzzle `index` of section `section_index` of a job whose base code is `base`.

    Readable on purpose ("harbour.2.7"): a reader can make the same puzzle with `puzzlepress new`.
    """
    return f"{base}.{section_index + 1}.{index + 1}"


def date_code(day: dt.date) -> str:
    """The base code of a dated issue: the same date always gives the same sheet."""
    return day.isoformat()


def fresh_code() -> str:
    """A new code from the system's secure random source, for `puzzlepress new` without --code."""
    return "".join(secrets.choice(_FRESH_ALPHABET) for _ in range(8))


LONGEST_SLUG = 40 + 1 + 8  # a code's slug, a dash and its tag: the longest end of an id


def puzzle_id(type_name: str, params: Params, code: str) -> str:
    """A file-name-safe id, unique per (type, parameters, code).

    Codes are free text (`../x`, `/etc`, emoji, 10,000 characters), so the id keeps a short
    lowercase slug of the code for people (letters, digits, inner dots and dashes: derived codes
    like "harbour.2.7" stay as they are) and adds a hash whenever the slug is not the code itself.
    """
    slug = _DOTS.sub(".", _SLUG_UNSAFE.sub("-", code.lower())).strip("-.")[:40].strip("-.")
    # A plain code that ends like a tag ("harbour-d712d28b") gets a tag of its own, or it would
    # share the id of the code the tag was made from ("Harbour").
    if not slug or slug != code or _TAGGED.search(code):
        tag = hashlib.sha256(code.encode()).hexdigest()[:8]
        slug = f"{slug}-{tag}" if slug else tag
    return f"{type_name}-{params.slug}-{slug}"
