"""What this machine can run at once: its cores, and the most workers a run may ask of them.

Its own module because both the local pool (`parallel`) and the Dask cluster (`cluster`) bound
their workers by it, and each of those reaches the other; a shared leaf keeps imports one way.
"""

from __future__ import annotations

import os

# At most this many workers a core, local pool or local cluster: more only queue for the same
# cores, each costing some 60 MB (local:256 would have started about 15 GB of workers)
WORKERS_PER_CORE = 4


def default_jobs() -> int:
    """The cores this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def most_workers() -> int:
    return WORKERS_PER_CORE * default_jobs()
