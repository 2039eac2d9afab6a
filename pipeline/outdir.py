"""The output folder is ours alone: which folders we write into, and the only files we delete.

A build writes into an empty (or new) folder, or into one whose marker file says an earlier run
of puzzlepress made it. Anything else is refused before a byte is written: pointed at a
downloads folder, an older version deleted every `.*.part` below it and overwrote
`manifest.json` and `booklet.pdf`. `/`, the home folder and the empty path are refused even when
empty-looking or marked, and so is any path that resolves to them.

Clean-up removes only our own temporary files (`.<name>.<12 hex>.part`, see records.write_atomic),
only in the folders we write (the output folder, puzzles/, examples/), and never through a
symbolic link.

A folder is one run's at a time: claiming it (or, for verify and layout, finding it ours) takes
an exclusive lock on its marker file, held until the command ends; a second run names the first
and exits 2 (two builds of different specs into one folder both exited 0, one printing the
other's book, and one's clean-up deleted the other's live temporary file). The folder is opened
once when it is claimed, and every write goes through that descriptor (pipeline/files.py), each
step below it opened without following links: a folder replaced by a symbolic link mid-run
could otherwise have its later writes overwrite someone else's manifest.json. A write also
checks that the path still leads to the folder claimed, and stops the run when it does not.
"""

from __future__ import annotations

import errno
import fcntl
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from pipeline import safeio
from pipeline.errors import InputError, StageError

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
    """Make the folder ours: check it, create it, leave the marker and lock it for this run.
    Call just before writing."""
    if _held(outdir) is not None:
        return
    resolved = check(outdir)
    resolved.mkdir(parents=True, exist_ok=True)
    marker = resolved / MARKER
    if not _is_marker(marker):
        try:
            fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666)
        except FileExistsError:  # another run made it a moment ago: the lock below decides
            pass
        else:
            with os.fdopen(fd, "w") as handle:
                handle.write(MARKER_TEXT)
    _lock(outdir, resolved)


def require_ours(outdir: Path) -> None:
    """Before `verify` or `layout` write into a folder they did not create: it must be marked,
    and no other run may be writing there (it is locked for this run)."""
    if _held(outdir) is not None:
        return
    if not _is_marker(outdir / MARKER):
        raise InputError(
            f"{_shown(outdir)} was not made by puzzlepress (no {MARKER} file in it), so nothing is "
            "written there; build into a new folder with `puzzlepress build SPEC -o FOLDER`"
        )
    _refuse_linked_subfolders(outdir, _shown(outdir))
    _lock(outdir, Path(os.path.realpath(outdir)))


def share(outdir: Path) -> bool:
    """In a worker doing a task of the run that holds OUTDIR (a catalogue's book laid out in a
    worker): open the folder as held without taking its lock, which that run keeps until it
    ends; a folder whose lock nobody holds is refused, as no run is there to have handed it over.
    False when this process holds the folder already (the run itself, with one job)."""
    if _held(outdir) is not None:
        return False
    dir_fd, lock_fd = _open_marker(outdir, Path(os.path.realpath(outdir)))
    try:
        fcntl.flock(lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:  # held, by the run that gave us this task: ours to write for it
        _hold(outdir, dir_fd, lock_fd)
        return True
    os.close(lock_fd)  # closing lets the lock go again
    os.close(dir_fd)
    raise StageError(f"output folder {_shown(outdir)}: handed to a worker by a run that no longer holds it; nothing was written")


def release(outdir: Path) -> None:
    """Let go of one folder this process holds (a worker's task done)."""
    held = _HELD.pop(_absolute(outdir), None)
    for fd in (held.lock_fd, held.dir_fd) if held else ():
        try:
            os.close(fd)
        except OSError:
            pass


# ---- the folders this run holds ------------------------------------------------------------


class FolderMoved(StageError):
    """The output folder's path no longer leads to the folder this run claimed."""


@dataclass(frozen=True)
class Held:
    """An output folder this run has claimed: opened once, its marker locked."""

    path: str  # absolute, as the user gave it (it may pass through a link to the folder)
    dir_fd: int
    lock_fd: int
    identity: tuple[int, int]  # (st_dev, st_ino) of the folder


_HELD: dict[str, Held] = {}


def _absolute(path: Path | str) -> str:
    return os.path.normpath(os.path.abspath(path))


def _held(outdir: Path) -> Held | None:
    return _HELD.get(_absolute(outdir))


def _open_marker(outdir: Path, resolved: Path) -> tuple[int, int]:
    """(the folder's descriptor, its marker's), the marker opened through the folder so that a
    link swapped in for it is refused."""
    dir_fd = os.open(resolved, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    try:
        return dir_fd, os.open(MARKER, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC, dir_fd=dir_fd)
    except OSError:
        os.close(dir_fd)
        raise InputError(f"output folder {_shown(outdir)}: its {MARKER} file is not a plain file; {_CHOOSE}") from None


def _hold(outdir: Path, dir_fd: int, lock_fd: int) -> None:
    info = os.fstat(dir_fd)
    _HELD[_absolute(outdir)] = Held(_absolute(outdir), dir_fd, lock_fd, (info.st_dev, info.st_ino))


def _lock(outdir: Path, resolved: Path) -> None:
    shown = _shown(outdir)
    dir_fd, lock_fd = _open_marker(outdir, resolved)
    try:
        fcntl.flock(lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = _holder(lock_fd)
        os.close(lock_fd)
        os.close(dir_fd)
        raise InputError(
            f"output folder {shown} is in use by another puzzlepress run{holder}; nothing was written. "
            f"Wait for it to finish, or {_CHOOSE}"
        ) from None
    _hold(outdir, dir_fd, lock_fd)


def _holder(lock_fd: int) -> str:
    """ " (process 123: puzzlepress build job.yaml)" for the process that holds the lock, read
    from /proc/locks (Linux); "" where that cannot be told."""
    inode = os.fstat(lock_fd).st_ino
    try:
        with open("/proc/locks", encoding="ascii", errors="replace") as locks:
            for line in locks:
                fields = line.split()
                if len(fields) >= 6 and fields[1] == "FLOCK" and fields[5].rsplit(":", 1)[-1] == str(inode):
                    pid = fields[4]
                    command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
                    return f" (process {pid}: {_printable_command(command)})"
    except OSError:
        pass
    return ""


def _printable_command(command: str) -> str:
    text = " ".join(command.split())
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= 120 else text[:117] + "..."


def release_all() -> None:
    """Let go of every folder this run holds: at the end of a command."""
    for held in _HELD.values():
        for fd in (held.lock_fd, held.dir_fd):
            try:
                os.close(fd)
            except OSError:
                pass
    _HELD.clear()


def holding(path: Path) -> tuple[Held, list[str]] | None:
    """The held folder a path to be written lies in, and the path's steps below it; None when
    it lies in no folder this run holds. FolderMoved when the folder's path no longer leads to
    the folder claimed (moved, replaced by a link)."""
    target = _absolute(path)
    for held in sorted(_HELD.values(), key=lambda h: -len(h.path)):  # the innermost first
        if target.startswith(held.path + os.sep):
            try:
                info = os.stat(held.path)
                same = (info.st_dev, info.st_ino) == held.identity
            except OSError:
                same = False
            if not same:
                raise FolderMoved(
                    f"{_shown(held.path)}: the output folder was moved, removed or replaced while this run wrote into it; "
                    "nothing more is written there"
                )
            return held, os.path.relpath(target, held.path).split(os.sep)
    return None


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
    """Delete temporary files a killed run left behind: ours only, in a folder this run has
    locked (so no other run's file is live), and never through a link."""
    held = _held(outdir)
    if held is None:
        raise RuntimeError(f"{outdir} is cleaned up only once it is claimed")
    for name in OWN_FOLDERS:
        try:
            fd = os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=held.dir_fd) if name else os.dup(held.dir_fd)
        except OSError:
            continue  # missing, or a link that could lead out of the folder
        try:
            entries = list(os.scandir(fd))
            for entry in entries:
                if OWN_PART.match(entry.name) and entry.is_file(follow_symlinks=False):
                    try:
                        os.unlink(entry.name, dir_fd=fd)
                    except FileNotFoundError:
                        pass
        finally:
            os.close(fd)


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
