"""The output folder is ours alone: which folders we write into, and the only files we delete.

A build writes into an empty (or new) folder, or into one whose marker file says an earlier run
of puzzlepress made it. Anything else is refused before a byte is written: pointed at a
downloads folder, an older version deleted every `.*.part` below it and overwrote
`manifest.json` and `booklet.pdf`. `/`, the home folder and the empty path are refused even when
empty-looking or marked, and so is any path that resolves to them.

Clean-up removes only our own temporary files (`.<name>.<12 hex>.part`, see records.write_atomic),
only in the folders we write (the output folder, puzzles/, examples/), and never through a
symbolic link.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path

from pipeline import safeio
from pipeline.errors import InputError

MARKER = ".puzzlepress-output"
MARKER_TEXT = "This folder was made by puzzlepress; it may delete and overwrite its own files here.\n"
OWN_FOLDERS = ("", "puzzles", "examples")  # where the pipeline writes, relative to the output folder
OWN_PART = re.compile(r"^\..+\.[0-9a-f]{12}\.part$")
MAX_PATH_BYTES = 4000  # PATH_MAX is 4096 on Linux; leave room for puzzles/<id>-answer.svg
MAX_NAME_BYTES = 255

_CHOOSE = "choose a new or empty folder with -o (or the spec's `output:` key)"


def parse(text: str) -> Path:
    """An output path typed by a person; the empty path is refused, not taken as "here"."""
    if not text.strip():
        raise InputError(f"output path is empty; {_CHOOSE}")
    return Path(text)


def check(outdir: Path) -> Path:
    """Refuse an output folder we must not write into; writes nothing. Returns the resolved path."""
    shown = _shown(outdir)
    raw = os.fsencode(outdir) if safeio.is_text(str(outdir)) else None
    if raw is None:
        raise InputError(f"output path {shown} is not valid Unicode text; {_CHOOSE}")
    if b"\0" in raw:
        raise InputError(f"output path {shown} contains a NUL byte; {_CHOOSE}")
    if not raw.strip():
        raise InputError(f"output path is empty; {_CHOOSE}")
    if len(raw) > MAX_PATH_BYTES or any(len(part) > MAX_NAME_BYTES for part in raw.split(b"/")):
        raise InputError(f"output path {shown[:80]}... is too long ({len(raw)} bytes); {_CHOOSE}")
    resolved = _resolved(outdir, shown)
    if resolved == Path("/") or resolved == _home():
        raise InputError(f"output path {shown} is {'the root folder' if resolved == Path('/') else 'your home folder'}; {_CHOOSE}")
    if resolved.exists():
        if not resolved.is_dir():
            raise InputError(f"output path {shown} is an existing file, not a folder; {_CHOOSE}")
        if not _ours_or_empty(resolved):
            raise InputError(
                f"output folder {shown} is not empty and was not made by puzzlepress (no {MARKER} file "
                f"in it); nothing was written. To keep its files safe, {_CHOOSE}"
            )
        _refuse_linked_subfolders(resolved, shown)
        if not os.access(resolved, os.W_OK | os.X_OK):
            raise InputError(f"output folder {shown} is not writable; {_CHOOSE}")
        return resolved
    ancestor = resolved.parent
    while not ancestor.exists():
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise InputError(f"output path {shown}: {ancestor} is a file, so the folder cannot be made; {_CHOOSE}")
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise InputError(f"output path {shown}: {ancestor} is not writable; {_CHOOSE}")
    return resolved


def claim(outdir: Path) -> None:
    """Make the folder ours: check it, create it and leave the marker. Call just before writing."""
    resolved = check(outdir)
    resolved.mkdir(parents=True, exist_ok=True)
    marker = resolved / MARKER
    if not _is_marker(marker):
        fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
        with os.fdopen(fd, "w") as handle:
            handle.write(MARKER_TEXT)


def require_ours(outdir: Path) -> None:
    """Before `verify` or `layout` write into a folder they did not create: it must be marked."""
    if not _is_marker(outdir / MARKER):
        raise InputError(
            f"{_shown(outdir)} was not made by puzzlepress (no {MARKER} file in it), so nothing is "
            "written there; build into a new folder with `puzzlepress build SPEC -o FOLDER`"
        )
    _refuse_linked_subfolders(outdir, _shown(outdir))


def _refuse_linked_subfolders(folder: Path, shown: str) -> None:
    """puzzles/ or examples/ as a link (or a file) would take our writes out of the folder."""
    for name in OWN_FOLDERS[1:]:
        try:
            mode = os.lstat(folder / name).st_mode
        except FileNotFoundError:
            continue
        if not stat.S_ISDIR(mode):
            raise InputError(f"{shown}/{name} is not a plain folder (a link or a file), so nothing is written there; {_CHOOSE}")


def remove_own_parts(outdir: Path) -> None:
    """Delete temporary files a killed run left behind: ours only, and never through a link."""
    for name in OWN_FOLDERS:
        folder = outdir / name if name else outdir
        try:
            if not stat.S_ISDIR(os.lstat(folder).st_mode):
                continue  # missing, or a link that could lead out of the folder
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            if OWN_PART.match(entry.name) and entry.is_file(follow_symlinks=False):
                try:
                    os.unlink(entry.path)
                except FileNotFoundError:
                    pass


def _ours_or_empty(folder: Path) -> bool:
    if _is_marker(folder / MARKER):
        return True
    try:
        return not any(os.scandir(folder))
    except OSError:
        return False


def _is_marker(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False


def _resolved(outdir: Path, shown: str) -> Path:
    if os.path.islink(outdir) and not os.path.exists(outdir):
        raise InputError(f"output path {shown} is a symbolic link to nothing (dangling or a loop); {_CHOOSE}")
    resolved = Path(os.path.realpath(outdir, strict=False))
    for path in (resolved, *resolved.parents):  # a loop anywhere on the way shows as ELOOP
        try:
            os.stat(path)
            break
        except FileNotFoundError:
            continue
        except OSError as exc:
            if exc.errno != errno.ELOOP:
                break  # a file on the way: check() names it
            raise InputError(f"output path {shown} cannot be followed ({exc.strerror}); {_CHOOSE}") from None
    return resolved


def _home() -> Path | None:
    try:
        return Path(os.path.realpath(Path.home()))
    except (RuntimeError, KeyError, OSError):
        return None



def _shown(path: Path) -> str:
    return str(path).encode("utf-8", "backslashreplace").decode()
