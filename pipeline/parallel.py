"""Running independent puzzle tasks on all cores, with results handed back as they finish.

Callers decide what to do with results in a fixed order of their own, so the outcome never
depends on which worker finished first. Workers ignore Ctrl-C: the parent alone handles it,
stops the workers and keeps every file already written.
"""

from __future__ import annotations

import importlib
import multiprocessing
import os
import signal
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager, suppress
from multiprocessing import forkserver, resource_tracker
from typing import Any, Callable, Iterator, Protocol, Sequence

from pipeline import checkpoint, lifetime, signals
from pipeline.errors import StageError


@contextmanager
def _our_import_path() -> Iterator[None]:
    """Start the forkserver importing exactly what this process imports.

    Python 3.11's forkserver is started with `-c` and does not take the parent's sys.path, so it
    put the current folder first: a build run inside a source checkout had its workers prove
    puzzles with the checkout's code while the parent used the installed package (found when a
    fresh install refused its own verdicts as another verifier's). PYTHONSAFEPATH keeps the
    current folder out; PYTHONPATH gives the parent's path.
    """
    saved = {name: os.environ.get(name) for name in ("PYTHONPATH", "PYTHONSAFEPATH")}
    os.environ["PYTHONPATH"] = os.pathsep.join(path for path in sys.path if path)
    os.environ["PYTHONSAFEPATH"] = "1"
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _start_helpers() -> None:
    """Start the helper processes (the resource tracker, the forkserver) so that neither can be
    broken by a Ctrl-C nor talk to the user:

    - SIGINT is blocked while they are spawned, and the mask is inherited: a Ctrl-C during the
      forkserver's imports (before it ignores SIGINT itself) printed its traceback, and the build,
      finding it gone, ended in click's "Aborted." with exit 1. The parent gets the signal
      when the mask is restored.
    - The resource tracker's stderr is /dev/null: after a SIGKILL of the build it cleans up the
      pool's semaphores (as it should) and said "There appear to be N leaked semaphore objects"
      to a user who had done nothing wrong.
    """
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            resource_tracker.ensure_running()  # it masks signals itself, then unmasks them all
    finally:
        os.dup2(saved, 2)
        os.close(saved)
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        with _our_import_path():
            forkserver.ensure_running()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


# How long a warming task waits for the others to start before it gives its worker back: more
# than a worker takes to start under load (0.1-0.3 s at load 10), and short enough that a worker
# that never comes delays no part by much.
MEETING_SECONDS = 5.0

_meeting: threading.Barrier | None = None  # a worker's share of its pool's warming barrier


def _start_worker(meeting: threading.Barrier) -> None:
    """Workers ignore Ctrl-C (the parent handles it), die with the forkserver, and keep the
    pool's barrier, which a worker can only be handed as it starts."""
    global _meeting
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    lifetime.die_with_parent()
    _meeting = meeting


def warm_worker(module: str) -> int:
    """A task that imports a module, so a worker has it before the tasks that need it, then
    waits at the pool's barrier until every warming task has started, so that no worker takes
    two of them. Its worker's pid."""
    importlib.import_module(module)
    assert _meeting is not None
    with suppress(threading.BrokenBarrierError):  # a worker that never came: go on cold
        _meeting.wait(MEETING_SECONDS)
    return os.getpid()


def _as_finished(pending: dict[Future[Any], int]) -> Iterator[tuple[int, Any]]:
    """(index, result) of each task as it finishes; a worker that died (killed, out of memory)
    is a stage that could not finish, said in one line, not a traceback."""
    while pending:
        finished, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in finished:
            try:
                result = future.result()
            except BrokenProcessPool:
                raise StageError("a worker process died (killed, or out of memory); nothing it was making was written") from None
            yield pending.pop(future), result


class Pool:
    """A process pool for one stage; `jobs == 1` runs in this process, which is simplest to debug."""

    def __init__(self, jobs: int):
        self.jobs = jobs
        self._executor: ProcessPoolExecutor | None = None
        self._meeting: threading.Barrier | None = None

    def __enter__(self) -> "Pool":
        return self

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if self._executor is None:
            return
        if kind is not None:  # interrupted or failed: do not wait for work nobody will read
            for process in list(getattr(self._executor, "_processes", {}).values()):
                process.terminate()
            self._executor.shutdown(wait=True, cancel_futures=True)
        else:
            self._executor.shutdown(wait=True)

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # forkserver: workers start from a clean, single-threaded process (the parent may run
            # a progress-bar thread, which makes plain fork unsafe).
            context = multiprocessing.get_context("forkserver")
            lifetime.mark_pool_parent()
            context.set_forkserver_preload(
                ["pipeline.lifetime", "pipeline.registry", "pipeline.stages.generate", "pipeline.stages.verify"]
            )
            checkpoint.reached("pool:start")
            try:
                _start_helpers()
            except OSError as exc:
                raise StageError(f"the worker processes could not be started ({exc.strerror or exc})") from None
            # A barrier of the pool's context, not a file: nothing is left behind by a build
            # killed while its workers meet (a meeting file in /tmp was, under SIGKILL).
            self._meeting = context.Barrier(self.jobs)
            self._executor = ProcessPoolExecutor(self.jobs, mp_context=context, initializer=_start_worker, initargs=(self._meeting,))
        return self._executor

    def _submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        """Submit one task; a forkserver that died (killed) is a stage that cannot run, in one line."""
        try:
            return self._pool().submit(fn, *args)
        except (EOFError, ConnectionError, BrokenProcessPool) as exc:
            raise StageError(f"the worker processes could not be started ({type(exc).__name__}); nothing was written by them") from None

    def warm(self, module: str) -> list[Future[int]]:
        """Start every worker importing `module` now, while this process goes on with other work:
        one task a worker, none finishing before all have started. The executor starts a worker
        only when none is idle, and a task that finished before the next was submitted (seen
        under load) left that one to the same worker, and the other worker cold."""
        if self.jobs <= 1:
            return []
        self._pool()
        assert self._meeting is not None
        self._meeting.reset()  # broken by an earlier warming whose worker never came
        with signals.held():
            return [self._submit(warm_worker, module) for _ in range(self.jobs)]

    def imap(self, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        """(index, result) for every task, in the order they finish."""
        if self.jobs <= 1 or len(tasks) <= 1:
            for index, args in enumerate(tasks):
                yield index, fn(*args)
            return
        # Submitting is what starts the workers: an interrupt is held until every one is recorded,
        # or one forked after it would outlive the pool.
        with signals.held():
            pending: dict[Future[Any], int] = {self._submit(fn, *args): i for i, args in enumerate(tasks)}
        yield from _as_finished(pending)


class TaskPool(Protocol):
    """What stages need of wherever tasks run: a context manager that maps tasks."""

    def __enter__(self) -> "TaskPool": ...

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None: ...

    def imap(self, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]: ...


@contextmanager
def shared(pool: TaskPool) -> Iterator[TaskPool]:
    """A pool opened by someone else (a catalogue's, for all its books): used, not closed."""
    yield pool


def open_pool(jobs: int, scheduler: str | None = None) -> TaskPool:
    """Where a stage's puzzle tasks run: this machine's process pool, or a Dask cluster when a
    scheduler is named (tcp://host:8786, or local:N for a throwaway one)."""
    if scheduler:
        from pipeline.cluster import ClusterPool

        return ClusterPool(scheduler)
    return Pool(jobs)
