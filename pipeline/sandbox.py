"""Running one risky computation in a forked child bounded in memory, CPU and wall time.

Decoding a file someone gave us is the risky part of reading it: a 707 KB PNG of 13000 x 13000
pixels took 54 s and 1.4 GB to decode (every attempt of every worker decoded it again), and a
2 KB SVG of nested `<use>` about 40 s of drawing. Checks made before decoding (the size in the
header, the format) stop the plain cases; the child's limits stop whatever they miss, whatever
the library's internals do: its address space, its CPU seconds, and the wall time the parent
waits. A child that breaks a limit is killed and reported as a `Bounded` error; the parent's
memory never holds more than the result.

A fork, not a new interpreter: the child starts with the libraries already imported (spawning
one cost 0.2 s of CPU a file, a fork a few milliseconds), and the input needs no copying.
"""

from __future__ import annotations

import os
import pickle
import resource
import select
import signal
import time
from typing import Any, Callable

from pipeline import lifetime


class Bounded(Exception):
    """The computation broke a limit, or failed; the message says which, in one sentence."""


class Failed(Exception):
    """fn raised an error that cannot cross back to the parent as itself: its type and message
    (defusedxml's EntitiesForbidden pickles, but its __init__ takes six arguments, so the parent
    read a TypeError about them instead)."""


class _CpuLimit(BaseException):
    """Raised in the child by SIGXCPU: the CPU seconds are spent."""


def _on_xcpu(signum: int, frame: Any) -> None:
    raise _CpuLimit()


def _vm_size() -> int:
    """This process's address space now, in bytes (0 where /proc is not there)."""
    try:
        for line in open("/proc/self/status", encoding="ascii"):
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def run_bounded(fn: Callable[..., Any], *args: Any, memory_bytes: int, cpu_seconds: int, wall_seconds: float) -> Any:
    """fn(*args) in a forked child with at most `memory_bytes` of memory beyond what this process
    holds now, `cpu_seconds` of CPU and `wall_seconds` of waiting; its result (picklable) is
    returned. An exception fn raises comes back as itself when it pickles and unpickles, as Failed otherwise."""
    if not hasattr(os, "fork"):
        return fn(*args)
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(reader)
        _child(writer, fn, args, memory_bytes, cpu_seconds)
    os.close(writer)
    try:
        data = _read_all(reader, time.monotonic() + wall_seconds)
    except BaseException:
        _stop(pid)
        raise
    finally:
        os.close(reader)
    used = _reap(pid, data is None)
    if data is None:
        raise Bounded(f"took more than {wall_seconds:g} s")
    if not data:
        if used >= cpu_seconds:
            raise Bounded(f"took more than {cpu_seconds} s of CPU")
        raise Bounded("stopped with no result (out of memory, or killed)")
    kind, value = pickle.loads(data)
    if kind == "error":
        raise value
    if kind == "bounded":
        raise Bounded(value)
    if kind == "failed":
        raise Failed(value)
    return value


def _child(writer: int, fn: Callable[..., Any], args: tuple[Any, ...], memory_bytes: int, cpu_seconds: int) -> None:
    try:
        lifetime.die_with_parent()
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
        signal.signal(signal.SIGXCPU, _on_xcpu)
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 2))  # SIGKILL at the hard one
        if _vm_size():
            limit = _vm_size() + memory_bytes
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
        try:
            result: tuple[str, Any] = ("ok", fn(*args))
        except _CpuLimit:
            result = ("bounded", f"took more than {cpu_seconds} s of CPU")
        except MemoryError:
            result = ("bounded", f"needs more than {memory_bytes // 1_000_000:,} MB of memory")
        except Exception as exc:  # noqa: BLE001 - sent back to the parent, which raises it
            result = ("error", exc)
        try:
            data = pickle.dumps(result)
            pickle.loads(data)  # an exception whose __init__ wants other arguments pickles, yet cannot be made again
        except Exception:  # noqa: BLE001 - sent as its type and message instead
            data = pickle.dumps(("failed", f"{type(result[1]).__name__}: {result[1]}"))
        view = memoryview(data)
        while view:
            view = view[os.write(writer, view):]
    except BaseException:  # noqa: BLE001 - whatever happens, the child ends here
        os._exit(70)
    os._exit(0)


def _read_all(fd: int, deadline: float) -> bytes | None:
    """Everything the child writes until it closes the pipe; None when the deadline passes first."""
    chunks = []
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        ready, _, _ = select.select([fd], [], [], left)
        if not ready:
            return None
        chunk = os.read(fd, 1 << 20)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def _stop(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def _reap(pid: int, kill: bool) -> float:
    """Wait for the child; the CPU seconds it used."""
    if kill:
        os.kill(pid, signal.SIGKILL)
    try:
        _, _, usage = os.wait4(pid, 0)
    except ChildProcessError:
        return 0.0
    return usage.ru_utime + usage.ru_stime
