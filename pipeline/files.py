"""Writing and fingerprinting files: atomic writes, and the digest that binds a verdict to bytes.

Every file the pipeline writes goes through `write_atomic`, so an interrupted build never leaves a
truncated file under its final name: the bytes go to a temporary name in the same folder and are
renamed into place only when complete.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from pathlib import Path

from pipeline import signals


def write_atomic(path: Path, data: bytes | str) -> None:
    if isinstance(data, str):
        data = data.encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    # Not mkstemp: its files are private (0600), and a book's files are meant to be shared.
    # Opened with 0666 like any new file, the user's umask decides.
    tmp = path.parent / f".{path.name}.{secrets.token_hex(6)}.part"
    # held: an interrupt between creating the temporary file and the clean-up below left a .part
    with signals.held():
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    """The digest that binds a verdict to the exact record bytes it judged."""
    return sha256_bytes(path.read_bytes())
