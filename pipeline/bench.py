"""puzzlepress bench: time generation, verification and layout on fixed codes.

A benchmark, not a test: it reports medians and extremes on this machine. Generation and
verification run in this one process, one puzzle at a time, so the figures are per-puzzle costs
and not a measure of the pool; the parallel speed-up is measured separately on a whole job.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from pipeline.errors import OptionError, ProofError
from pipeline.parallel import default_jobs
from pipeline.puzzles.base import Budget, PuzzleType
from pipeline.puzzles.params import Params
from pipeline.records import dumps_record, make_record
from pipeline.registry import puzzle_types
from pipeline.spec import JobSpec

Log = Callable[[str], None]


def _row(type_name: str, size: str, stage: str, times: list[float], **extra: Any) -> dict[str, Any]:
    return {
        "type": type_name, "size": size, "stage": stage, "n": len(times),
        "median_s": round(statistics.median(times), 5), "min_s": round(min(times), 5), "max_s": round(max(times), 5),
        **extra,
    }


def _stat_means(stats: list[dict[str, Any]]) -> dict[str, float]:
    """Mean of every numeric stat the generator reported (drops, numbers, circles by colour, ...)."""
    keys = sorted({k for s in stats for k, v in s.items() if isinstance(v, (int, float)) and not isinstance(v, bool)})
    return {k: round(statistics.fmean(float(s.get(k, 0)) for s in stats), 3) for k in keys}


def _notes(means: dict[str, float]) -> str:
    return ", ".join(f"{k.replace('_', ' ')} {v:.3g}" for k, v in means.items())


def ms(seconds: float) -> str:
    """Milliseconds, to a tenth below 100 ms: what a reader compares with the targets."""
    value = seconds * 1000
    return f"{value:,.1f}" if value < 100 else f"{value:,.0f}"


def bench_type(type_name: str, params: Params, n: int, log: Log) -> list[dict[str, Any]]:
    from pipeline.stages.verify import judge

    ptype = puzzle_types()[type_name]
    size = params.size
    gen_times, ver_times, proof_times, solver_times, stats = [], [], [], [], []
    with tempfile.TemporaryDirectory(prefix="puzzlepress-bench-") as tmp:
        for i in range(n):
            code = f"bench-{i + 1}"
            start = time.perf_counter()
            made = ptype.make(params, code, Budget(seconds=600))
            gen_times.append(time.perf_counter() - start)
            stats.append(made.stats)
            path = Path(tmp) / f"{i}.json"
            path.write_text(dumps_record(make_record(ptype, made.puzzle, params=params, puzzle_id=str(i), code=code, stats=made.stats)))
            start = time.perf_counter()
            verdict = judge(path)
            ver_times.append(time.perf_counter() - start)
            if verdict["status"] != "proved":
                raise ProofError(f"bench: {type_name} {size} {code} failed verification: {verdict['problems']}")
            proof_times.append(verdict["proof"]["seconds"])
            solver_times.append(verdict["solver"]["seconds"])
            log(f"{type_name} {size} {code}: generate {gen_times[-1]:.4f} s, verify {ver_times[-1]:.4f} s")
    means = _stat_means(stats)
    return [
        _row(type_name, size, "generate", gen_times, stats_mean=means, notes=_notes(means)),
        _row(
            type_name, size, "verify", ver_times,
            proof_median_s=round(statistics.median(proof_times), 5), proof_max_s=round(max(proof_times), 5),
            solver_median_s=round(statistics.median(solver_times), 5),
            notes=f"proof {ms(statistics.median(proof_times))} ms, own solver {ms(statistics.median(solver_times))} ms (medians)",
        ),
    ]


def _typical_size(ptype: PuzzleType) -> str:
    """The middle of a type's usual sizes: what a typical book prints most."""
    sizes = list(ptype.presets)
    return sizes[len(sizes) // 2]


def _layout_job(pages: int) -> JobSpec:
    """A book of about `pages` pages: 2 puzzles a page and 6 answers a page make 1.5 puzzles a page.

    Each type at its typical size: layout cost grows with a drawing's numbers and lines, so the
    smallest sizes would flatter it.
    """
    types = puzzle_types()
    per_type = max(1, -(-pages * 3 // (2 * len(types))))
    sections = [
        {"type": name, "size": _typical_size(t), "count": per_type, "per_page": 2} for name, t in types.items()
    ]
    return JobSpec.model_validate({"title": "Layout benchmark", "seed": "bench", "sections": sections})


def bench_layout(pages: int, log: Log) -> dict[str, Any]:
    from pipeline.stages.generate import generate
    from pipeline.stages.layout import layout
    from pipeline.stages.verify import verify

    job = _layout_job(pages)
    with tempfile.TemporaryDirectory(prefix="puzzlepress-bench-") as tmp:
        outdir = Path(tmp)
        generate(job, outdir, jobs=default_jobs())
        verify(outdir, jobs=default_jobs())
        start = time.perf_counter()
        report = layout(outdir)
        seconds = time.perf_counter() - start
        size = sum(p.stat().st_size for p in report.files if p.suffix == ".pdf")
    log(f"layout: {report.pages} pages in {seconds:.2f} s")
    return {"pages": report.pages, "seconds": round(seconds, 3), "seconds_per_page": round(seconds / max(1, report.pages), 4), "pdf_bytes": size}


def bench_speedup(log: Log) -> dict[str, Any]:
    """Wall time of generate + verify for one job with one worker and with all cores."""
    from pipeline.stages.generate import generate
    from pipeline.stages.verify import verify

    types = puzzle_types()
    sections = [{"type": name, "size": _typical_size(t), "count": 12} for name, t in types.items()]
    job = JobSpec.model_validate({"title": "Speed-up benchmark", "seed": "speedup", "sections": sections})
    timings = {}
    jobs_n = default_jobs()
    for jobs in (1, jobs_n):
        with tempfile.TemporaryDirectory(prefix="puzzlepress-bench-") as tmp:
            start = time.perf_counter()
            generate(job, Path(tmp), jobs=jobs)
            verify(Path(tmp), jobs=jobs)
            timings[jobs] = time.perf_counter() - start
        log(f"speed-up: --jobs {jobs}: {timings[jobs]:.2f} s")
    puzzles = sum(s["count"] for s in sections)
    return {
        "puzzles": puzzles, "jobs": jobs_n, "jobs_1_s": round(timings[1], 3), "jobs_n_s": round(timings[jobs_n], 3),
        "speedup": round(timings[1] / timings[jobs_n], 3),
    }


def _sizes(ptype: PuzzleType, size: str | None) -> list[Params]:
    """The type's usual sizes, or the one size asked for when the type can make it."""
    if size is None:
        return list(ptype.presets.values())
    try:
        return [ptype.make_params(size)]
    except ValueError:
        return []


def run_bench(
    *, n: int, type_name: str | None, size: str | None, pages: int, speedup: bool, log: Log
) -> dict[str, Any]:
    types = puzzle_types()
    if type_name is not None and type_name not in types:
        raise OptionError(f"--type: unknown puzzle type '{type_name}' (known: {', '.join(types)})")
    chosen = [type_name] if type_name else list(types)
    wanted = {name: _sizes(types[name], size) for name in chosen}
    if not any(wanted.values()):
        raise OptionError(f"--size: no chosen type comes in size {size}")
    results = []
    for name in chosen:
        for params in wanted[name]:
            results += bench_type(name, params, n, log)
    whole_job = type_name is None and size is None
    out: dict[str, Any] = {"results": results, "layout": None}
    if pages > 0 and whole_job:
        out["layout"] = bench_layout(pages, log)
    if speedup and whole_job:
        out["speedup"] = bench_speedup(log)
    return out
