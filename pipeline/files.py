"""Writing and fingerprinting files: atomic writes, and the digest that binds a verdict to bytes.

Every file the pipeline writes goes through `write_atomic`, so an interrupted build never leaves a
truncated file under its final name: the bytes go to a temporary name in the same folder and are
renamed into place only when complete. Inside an output folder this run holds
(pipeline/outdir.py), the write goes through the descriptor the folder was opened with, each
folder below it opened without following a link, so no link put in its place can lead a write
elsewhere.
"""

from __future__ import annotations

import errno
import hashlib
import os
import secrets
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from pipeline import outdir as folders, signals


def write_atomic(path: Path, data: bytes | str) -> None:
    if isinstance(data, str):
        data = data.encode()
    # Not mkstemp: its files are private (0600), and a book's files are meant to be shared.
    # Opened with 0666 like any new file, the user's umask decides.
    tmp = f".{path.name}.{secrets.token_hex(6)}.part"
    with _folder_of(path, create=True) as dir_fd, signals.held():
        # held: an interrupt between creating the temporary file and the clean-up below left a .part
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o666, dir_fd=dir_fd)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path.name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
        except BaseException as exc:
            try:
                os.unlink(tmp, dir_fd=dir_fd)
            except FileNotFoundError:
                pass
            if isinstance(exc, OSError) and not exc.filename:  # a full disk: say which file could not be written
                raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from None
            raise


def remove(path: Path) -> None:
    """Delete a file of ours if it is there (a stale one from an earlier layout)."""
    try:
        with _folder_of(path, create=False) as dir_fd:
            os.unlink(path.name, dir_fd=dir_fd)
    except FileNotFoundError:
        pass


def make_folder(path: Path) -> None:
    """Make a folder of ours (and those above it, inside the output folder) if it is not there."""
    with _folder_of(path / "x", create=True):
        pass


@contextmanager
def _folder_of(path: Path, *, create: bool) -> Iterator[int]:
    """A descriptor of the folder `path` is written in: reached from the held output folder's
    descriptor step by step, never through a link; outside any held folder, opened by path."""
    held = folders.holding(path)
    if held is None:
        if create:
            path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path.parent, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    else:
        folder, steps = held
        fd = os.dup(folder.dir_fd)
        try:
            for step in steps[:-1]:
                fd = _step(fd, step, create, path)
        except BaseException:
            os.close(fd)
            raise
    try:
        yield fd
    finally:
        os.close(fd)


def _step(fd: int, name: str, create: bool, path: Path) -> int:
    """The folder `name` inside the folder `fd` (closed), made when missing and `create`."""
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        try:
            inner = os.open(name, flags, dir_fd=fd)
        except FileNotFoundError:
            if not create:
                raise
            try:
                os.mkdir(name, 0o777, dir_fd=fd)
            except FileExistsError:
                pass
            inner = os.open(name, flags, dir_fd=fd)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR):
            raise OSError(exc.errno, "a link or a file stands where a folder of ours should be", str(path.parent)) from None
        raise
    finally:
        os.close(fd)
    return inner


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    """The digest that binds a verdict to the exact record bytes it judged."""
    return sha256_bytes(path.read_bytes())
