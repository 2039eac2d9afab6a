"""Puzzle tasks on a Dask cluster, for builds that outgrow one machine.

The same shape as the local process pool (pipeline/parallel.py): `imap` hands back (index, result)
for every task as it finishes, and callers decide what to do with results in a fixed order of
their own, so a cluster of any size writes the same bytes as `--jobs 1`. Workers only compute:
they return records and verdicts, and only this process writes files. A worker lost mid-task has
its task run again elsewhere (Dask's own retry); a task that raises is reported with the puzzle
it was for. Dask is an optional extra: `pip install "puzzlepress[cluster]"`.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Iterator, Sequence

from pipeline import __version__
from pipeline.errors import InputError, StageError

LOCAL = "local:"
CONNECT_SECONDS = 5  # an unreachable scheduler is an error in a few seconds, not a hang
WORKER_DEATH_SECONDS = 10  # a throwaway local worker whose client is gone shuts itself down


def _dask() -> Any:
    try:
        import distributed
    except ImportError:
        raise InputError('--scheduler needs Dask\'s distributed package: pip install "puzzlepress[cluster]"') from None
    return distributed


def _worker_version() -> str:
    """Run on every worker: the puzzlepress it would make puzzles with."""
    import pipeline

    return pipeline.__version__


def local_workers(address: str) -> int | None:
    """N for a throwaway local cluster (`local:N`), None for a scheduler's address."""
    if not address.startswith(LOCAL):
        return None
    count = address.removeprefix(LOCAL)
    if not count.isdigit() or not 1 <= int(count) <= 256:
        raise InputError(f"--scheduler: '{address}': write local:N with N workers from 1 to 256")
    return int(count)


class ClusterPool:
    """Tasks on the Dask cluster at `address` (tcp://host:8786), or on a throwaway local cluster
    (`local:N`) that ends with this pool."""

    def __init__(self, address: str):
        self.address = address
        self._client: Any = None
        self._cluster: Any = None
        self._futures: list[Any] = []

    def __enter__(self) -> "ClusterPool":
        distributed = _dask()
        logging.getLogger("distributed").setLevel(logging.ERROR)  # our messages, not Dask's log
        workers = local_workers(self.address)
        try:
            if workers is not None:
                self._cluster = distributed.LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None,
                    death_timeout=WORKER_DEATH_SECONDS, silence_logs=logging.ERROR,
                )
                self._client = distributed.Client(self._cluster, timeout=f"{CONNECT_SECONDS}s")
            else:
                self._client = distributed.Client(self.address, timeout=f"{CONNECT_SECONDS}s")
        except (OSError, TimeoutError, ValueError) as exc:
            self.__exit__(None, None, None)
            raise InputError(f"--scheduler: cannot reach a Dask scheduler at {self.address} within {CONNECT_SECONDS} s ({exc})") from None
        self._check_versions()
        return self

    def _check_versions(self) -> None:
        """Another puzzlepress on a worker would break the byte-identical promise, and a scheduler
        without puzzlepress cannot read the tasks: refuse both before any task is sent."""
        try:
            found = {"the scheduler": self._client.run_on_scheduler(_worker_version)}
        except Exception as exc:  # the scheduler's own error, raised here: it cannot import us
            found = {"the scheduler": f"none ({type(exc).__name__}: {exc})"}
        workers = self._client.run(_worker_version)
        found.update(workers)
        other = {machine: version for machine, version in found.items() if version != __version__}
        if not workers or other:
            self.__exit__(None, None, None)
        if not workers:
            raise InputError(f"--scheduler: the cluster at {self.address} has no workers")
        if other:
            listed = ", ".join(f"{machine} runs {version}" for machine, version in sorted(other.items()))
            raise InputError(
                f"--scheduler: the scheduler and workers must run puzzlepress {__version__} like this client, but "
                f"{listed}; start them from the same Python environment"
            )

    def __exit__(self, kind: Any, exc: Any, tb: Any) -> None:
        if self._client is not None and self._futures:
            self._client.cancel(self._futures)  # interrupted or failed: stop the job's tasks
        for part in (self._client, self._cluster):
            if part is not None:
                part.close()
        self._client = self._cluster = None
        self._futures = []

    def imap(self, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        """(index, result) for every task, in the order they finish."""
        distributed = _dask()
        self._futures = [self._client.submit(fn, *args, pure=False) for args in tasks]
        index = {future.key: i for i, future in enumerate(self._futures)}
        for future in distributed.as_completed(self._futures):
            i = index[future.key]
            try:
                result = future.result()
            except Exception as exc:  # a task's own error, raised on a worker: name the puzzle
                raise StageError(f"a task failed on the cluster ({fn.__name__} {tasks[i][:3]}): {type(exc).__name__}: {exc}") from None
            yield i, result
        self._futures = []
