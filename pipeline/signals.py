"""Ctrl-C and SIGTERM: both stop a run cleanly, and neither may be swallowed on the way.

SIGTERM raises `Terminated`, a KeyboardInterrupt, so every clean-up written for Ctrl-C (the pool
stopping its workers, write_atomic removing its temporary file) runs for it too; the CLI exits
130 for Ctrl-C and 143 (128 + 15) for SIGTERM.

`held()` records both signals while a block runs and raises once it ends. Two places need it:
starting workers (an orphan forked after the interrupt would outlive us) and WeasyPrint's PDF
write, whose SVG drawing catches BaseException and only logs it: a Ctrl-C there exited 0 with a
blank puzzle box in the booklet 7 times in 12.
"""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator

EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143
HELD = (signal.SIGINT, signal.SIGTERM)
RESEND_SECONDS = 0.01


class Terminated(KeyboardInterrupt):
    """The process was sent SIGTERM."""


def exit_code(exc: KeyboardInterrupt) -> int:
    return EXIT_TERMINATED if isinstance(exc, Terminated) else EXIT_INTERRUPTED


def _raise_for(signum: int, frame: Any = None) -> None:
    raise Terminated() if signum == signal.SIGTERM else KeyboardInterrupt()


@contextmanager
def terminate_raises() -> Iterator[None]:
    """SIGTERM raises Terminated in the main thread while the block runs (by default it kills at
    once, with no clean-up at all)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_for)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back until the block ends, then raise for the first one caught.

    An error the block raised after a signal was caught gives way to the signal: it is most
    likely the signal's doing (a worker stopped by the same Ctrl-C breaks the pool)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = {signum: signal.signal(signum, lambda n, frame: caught.append(n)) for signum in HELD}
    try:
        yield
    except Exception:
        if caught:
            _raise_for(caught[0])
        raise
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    if caught:
        _raise_for(caught[0])


@contextmanager
def never_swallowed() -> Iterator[None]:
    """An interrupt raised inside a `__del__` (WeasyPrint's FontConfiguration removes its folder
    there) is printed by Python as "Exception ignored" and lost: the run went on and exited 0.
    While the block runs, such an interrupt is sent again, to land in ordinary code."""
    previous = sys.unraisablehook

    def hook(unraisable: object) -> None:
        kind = getattr(unraisable, "exc_type", None)
        if isinstance(kind, type) and issubclass(kind, KeyboardInterrupt):
            # the signal again, from another thread a moment later: its handler must run once the
            # finaliser is over (raise_signal or interrupt_main here run it inside the hook, where
            # it was swallowed once more)
            signum = signal.SIGTERM if issubclass(kind, Terminated) else signal.SIGINT
            again = threading.Timer(RESEND_SECONDS, signal.pthread_kill, (threading.main_thread().ident, signum))
            again.daemon = True
            again.start()
            return
        previous(unraisable)  # type: ignore[arg-type]

    sys.unraisablehook = hook
    try:
        yield
    finally:
        sys.unraisablehook = previous
