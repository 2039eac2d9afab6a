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
import re
import socket
import struct
import time
from typing import Any, Callable, Iterator, Sequence

from pipeline import __version__
from pipeline.errors import InputError, OptionError, PuzzlepressError, StageError
from pipeline.machine import WORKERS_PER_CORE, most_workers

LOCAL = "local:"
CONNECT_SECONDS = 5  # an unreachable scheduler is an error in a few seconds, not a hang
# Once connected, a scheduler silent this long is taken for gone (Dask's default waits 30 s)
SILENT_SECONDS = 15
WORKER_DEATH_SECONDS = 10  # a throwaway local worker whose client is gone shuts itself down
# A Dask scheduler's first message, its handshake, is some 60 bytes: what answers with more than
# this is not one (a listener that sent a 3 GB frame length made the client allocate it)
MAX_HANDSHAKE_BYTES = 65_536
_LOCAL = re.compile(r"local:([0-9]{1,4})", re.ASCII)
_TCP = re.compile(r"(?:tcp://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]{0,252}):([0-9]{1,5})", re.ASCII)
_SCHEMES = {
    "tls": "tls:// needs certificates, which puzzlepress cannot be given yet; use tcp:// on a trusted network or through an SSH tunnel",
    "wss": "wss:// needs certificates, which puzzlepress cannot be given yet; use tcp:// on a trusted network or through an SSH tunnel",
    "ws": "ws:// is not supported; start the scheduler with its default tcp:// protocol",
    "ucx": "ucx:// needs the ucx-py package and GPUs' network; use tcp://",
}
_USAGE = "write tcp://HOST:PORT (a Dask scheduler, port 8786 by default) or local:N (a throwaway cluster of N workers)"


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
    found = _LOCAL.fullmatch(address)
    most = most_workers()
    if found is None or not 1 <= int(found.group(1)) <= most:
        raise OptionError(
            f"--scheduler: '{_shown(address)}': write local:N with N workers from 1 to {most} "
            f"({WORKERS_PER_CORE} for each of this machine's cores)"
        )
    return int(found.group(1))


def checked_address(address: str) -> str:
    """A scheduler address as Dask takes it (tcp://host:port), or local:N; OptionError in one
    line for any other form."""
    address = address.strip()
    if local_workers(address) is not None:
        return address
    scheme = address.split("://", 1)[0].lower() if "://" in address else ""
    if scheme == "inproc":  # a scheduler in this very process (tests, a program using puzzlepress)
        return address
    if scheme in _SCHEMES:
        raise OptionError(f"--scheduler: '{_shown(address)}': {_SCHEMES[scheme]}")
    found = _TCP.fullmatch(address)
    if found is None or scheme not in ("", "tcp") or not 1 <= int(found.group(2)) <= 65535:
        raise OptionError(f"--scheduler: '{_shown(address)}' is not a scheduler address; {_USAGE}")
    return f"tcp://{found.group(1)}:{int(found.group(2))}"


def _shown(text: str) -> str:
    """Text from a person, as it can be printed on one line."""
    shown = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)
    return shown if len(shown) <= 80 else shown[:77] + "..."


def probe(address: str, seconds: float = CONNECT_SECONDS) -> None:
    """Before Dask is handed the address: connect, and read the scheduler's handshake within
    `seconds` in all, at most MAX_HANDSHAKE_BYTES. InputError for a listener that is not a Dask
    scheduler (silent, dripping, or announcing a frame no handshake has)."""
    found = _TCP.fullmatch(address)
    assert found is not None, address
    host, port = found.group(1).strip("[]"), int(found.group(2))
    deadline = time.monotonic() + seconds
    where = f"--scheduler: {address}"
    try:
        with socket.create_connection((host, port), timeout=seconds) as connection:
            head = _read(connection, 8, deadline)
            (length,) = struct.unpack("Q", head)  # as Dask frames it
            if length > MAX_HANDSHAKE_BYTES:
                raise InputError(f"{where} answered with a {length:,}-byte message, which no Dask scheduler sends first; is it a Dask scheduler?")
            body = _read(connection, length, deadline)
    except TimeoutError:
        raise InputError(f"{where}: no Dask scheduler answered within {seconds:g} s (is it a Dask scheduler, and running?)") from None
    except OSError as exc:
        raise InputError(f"--scheduler: cannot reach a Dask scheduler at {address} within {seconds:g} s ({exc.strerror or exc})") from None
    if b"pickle-protocol" not in body:
        raise InputError(f"{where} answered, but not as a Dask scheduler does; is it a Dask scheduler?")


def _read(connection: socket.socket, count: int, deadline: float) -> bytes:
    data = b""
    while len(data) < count:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError
        connection.settimeout(left)
        chunk = connection.recv(count - len(data))
        if not chunk:
            raise ConnectionResetError(0, "the connection was closed")
        data += chunk
    return data


class ClusterPool:
    """Tasks on the Dask cluster at `address` (tcp://host:8786), or on a throwaway local cluster
    (`local:N`) that ends with this pool."""

    def __init__(self, address: str):
        self.address = checked_address(address)
        self._client: Any = None
        self._cluster: Any = None
        self._config: Any = None
        self._futures: list[Any] = []

    def __enter__(self) -> "ClusterPool":
        distributed = _dask()
        import dask

        # our messages, not Dask's log (a failing task's remote traceback came first)
        logging.getLogger("distributed").setLevel(logging.CRITICAL)
        workers = local_workers(self.address)
        if workers is None and self.address.startswith("tcp://"):
            probe(self.address)
        self._config = dask.config.set({
            "distributed.comm.timeouts.connect": f"{CONNECT_SECONDS}s", "distributed.comm.timeouts.tcp": f"{SILENT_SECONDS}s",
        })
        self._config.__enter__()
        try:
            if workers is not None:
                # Dask's scheduler serves HTTP even without a dashboard, on port 8787 unless told
                # otherwise; a second build on the machine then printed Dask's "Port 8787 is
                # already in use" warning. Any free port, on this machine alone.
                self._cluster = distributed.LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                    death_timeout=WORKER_DEATH_SECONDS, silence_logs=logging.CRITICAL,
                )
                self._client = distributed.Client(self._cluster, timeout=f"{CONNECT_SECONDS}s")
            else:
                self._client = distributed.Client(self.address, timeout=f"{CONNECT_SECONDS}s")
            self._check_versions()
        except InputError:
            self.__exit__(None, None, None)
            raise
        except Exception as exc:  # noqa: BLE001 - Dask's comm, timeout and protocol errors alike
            self.__exit__(None, None, None)
            raise InputError(
                f"--scheduler: cannot work with a Dask scheduler at {self.address} ({type(exc).__name__}: {_shown(str(exc))})"
            ) from None
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
        try:
            if self._client is not None and self._futures:
                self._client.cancel(self._futures)  # interrupted or failed: stop the job's tasks
            for part in (self._client, self._cluster):
                if part is not None:
                    part.close()
        finally:
            self._client = self._cluster = None
            self._futures = []
            if self._config is not None:
                self._config.__exit__(None, None, None)
                self._config = None

    def imap(self, fn: Callable[..., Any], tasks: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, Any]]:
        """(index, result) for every task, in the order they finish."""
        distributed = _dask()
        self._futures = [self._client.submit(fn, *args, pure=False) for args in tasks]
        index = {future.key: i for i, future in enumerate(self._futures)}
        for future in distributed.as_completed(self._futures):
            i = index[future.key]
            try:
                result = future.result()
            except PuzzlepressError:  # ours, raised in a task (a picture that cannot be read): itself
                raise
            except Exception as exc:  # a task's own error, raised on a worker: name the puzzle
                raise StageError(f"a task failed on the cluster ({fn.__name__} {tasks[i][:3]}): {type(exc).__name__}: {exc}") from None
            yield i, result
        self._futures = []
