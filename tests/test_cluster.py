"""Builds on a Dask cluster: the same bytes as --jobs 1, faults reported, versions checked."""

from __future__ import annotations

import os
import re
import signal
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")

from conftest import alive, cli, descendants, tree, write_spec  # noqa: E402
import pipeline  # noqa: E402
from pipeline.cluster import ClusterPool  # noqa: E402
from pipeline.errors import InputError, StageError  # noqa: E402
from pipeline.spec import parse_spec  # noqa: E402
from pipeline.stages.generate import generate  # noqa: E402

JOB = """\
title: On a cluster
seed: cluster
sections:
  - {type: nonogram, size: 5, count: 3}
  - {type: kuralin, size: 5, count: 3}
"""


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("serial")
    assert cli("build", write_spec(folder, JOB), "-o", folder / "out", "--jobs", "1").code == 0
    return folder / "out"


@pytest.mark.slow
def test_a_throwaway_local_cluster_writes_the_same_bytes_as_one_job(serial: Path, tmp_path: Path) -> None:
    ran = cli("build", write_spec(tmp_path, JOB), "-o", tmp_path / "out", "--scheduler", "local:2")
    assert ran.code == 0, ran.stderr
    assert tree(tmp_path / "out") == tree(serial)


def test_a_throwaway_cluster_serves_nothing_on_a_fixed_port_or_other_interfaces(recwarn: pytest.WarningsRecorder) -> None:
    """Two builds' throwaway clusters at once: Dask's HTTP server of each is on a free port of
    this machine only, so neither warns that a port is taken (it did, on :8787, when the suite
    ran two builds side by side)."""
    with ClusterPool("local:1") as first, ClusterPool("local:1") as second:
        servers = [pool._cluster.scheduler.http_server for pool in (first, second)]
        hosts = {listener.getsockname()[0] for server in servers for listener in server._sockets.values()}
        assert hosts == {"127.0.0.1"}
        assert len({server.port for server in servers}) == 2
    assert not [w for w in recwarn if "already in use" in str(w.message)]


@pytest.mark.slow
def test_a_worker_killed_mid_build_has_its_tasks_run_again(serial: Path, tmp_path: Path) -> None:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            pids = list(client.run(os.getpid).values())
        killed = []

        def kill_one(done: int, total: int) -> None:
            """At the first finished task, while the others run: SIGKILL one worker."""
            if not killed:
                os.kill(pids[0], signal.SIGKILL)
                killed.append(pids[0])

        generate(parse_spec(JOB), tmp_path / "out", scheduler=cluster.scheduler_address, progress=kill_one)
    assert killed
    assert cli("build", write_spec(tmp_path, JOB), "-o", tmp_path / "out", "--jobs", "1").code == 0
    built = tree(tmp_path / "out")
    assert {k: v for k, v in built.items() if k.startswith("puzzles/")} == {
        k: v for k, v in tree(serial).items() if k.startswith("puzzles/")
    }


def test_an_unreachable_scheduler_is_bad_input_in_a_few_seconds(tmp_path: Path) -> None:
    start = time.monotonic()
    ran = cli("build", write_spec(tmp_path, JOB), "-o", tmp_path / "out", "--scheduler", "tcp://127.0.0.1:9")
    assert ran.code == 2 and "cannot reach a Dask scheduler at tcp://127.0.0.1:9" in ran.stderr
    assert time.monotonic() - start < 20 and not (tmp_path / "out").exists()


def test_a_malformed_local_cluster_is_an_option_error(tmp_path: Path) -> None:
    ran = cli("build", write_spec(tmp_path, JOB), "-o", tmp_path / "out", "--scheduler", "local:many")
    assert ran.code == 2 and "local:N" in ran.stderr and not (tmp_path / "out").exists()


def test_workers_with_another_puzzlepress_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        monkeypatch.setattr("pipeline.cluster.__version__", "0.0.0-elsewhere")
        with pytest.raises(InputError, match=rf"must run puzzlepress 0.0.0-elsewhere like this client, but inproc://\S+ runs {re.escape(pipeline.__version__)}, the scheduler runs {re.escape(pipeline.__version__)}"):
            with ClusterPool(cluster.scheduler_address):
                pass


def _fails(code: str) -> None:
    raise ValueError(f"no puzzle for {code}")


def test_a_task_that_raises_names_its_puzzle_not_a_remote_traceback() -> None:
    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None) as cluster:
        with ClusterPool(cluster.scheduler_address) as pool:
            with pytest.raises(StageError, match=r"\(_fails \('harbour',\)\): ValueError: no puzzle for harbour"):
                list(pool.imap(_fails, [("harbour",)]))


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads the process tree from /proc")
def test_a_throwaway_cluster_ends_with_its_build_even_when_the_build_is_killed(tmp_path: Path) -> None:
    import subprocess
    import sys

    spec = write_spec(tmp_path, "title: t\nseed: k\nsections:\n  - {type: nuritwin, size: 8, count: 40}\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pipeline", "generate", str(spec), "-o", str(tmp_path / "out"), "--scheduler", "local:2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not list((tmp_path / "out" / "puzzles").glob("*.json")):
        time.sleep(0.2)  # the first record on disk: the cluster is up and working
    children = descendants(proc.pid)
    assert children, "the cluster's workers run below the build"
    proc.kill()
    proc.wait()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(alive(pid) for pid in children):
        time.sleep(0.5)
    assert not [pid for pid in children if alive(pid)]
