"""puzzlepress bench: time generation, verification and layout on codes drawn from a seed.

A benchmark, not a test: it reports what this machine does. Generation and verification run in
this one process, one puzzle at a time, after a warm-up, so the figures are per-puzzle costs and
not a measure of the pool.

Codes are drawn from a seeded sequence (`--codes-seed`), not taken from a fixed short list: issue
33 measured a 12x12 Kuralin's median at 4.5 s over the fixed bench-1..bench-60 and 2.7 s over
other codes, so one short list is one sample, and another seed gives another to check a figure
against (docs/notes/speed-kuralin-nonogram.md has what two seeds give now).
Without `--n` each size runs MIN_CODES codes and then more, up to MAX_CODES, until the 95%
confidence intervals of the CPU medians of generate and of verify are both within ±10% (generate
alone stopped Kuralin 12x12 at 73 and 60 codes on two seeds with verify's interval at ±36% and
±34%, and verify's medians 1.24 s and 0.72 s apart); with `--n` exactly that many. CPU time
decides when to stop because the wall time varies by up to 40% on a shared machine; both are
reported. Compare two runs made shortly after each other with `--compare`.
"""

from __future__ import annotations

import math
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from pipeline.errors import OptionError, ProofError, StepLimit, Unsuitable
from pipeline.machine import default_jobs
from pipeline.budget import Budget
from pipeline.interface.puzzle_type import Generated, PuzzleType
from pipeline.interface.grades import TIERS, Grade, grade_fields, off_grade
from pipeline.interface.params import Params
from pipeline.records import dumps_record, make_record
from pipeline.registry import puzzle_types
from pipeline.spec import JobSpec

Log = Callable[[str], None]

MIN_CODES = 20  # codes every size runs before the median may be called settled
MAX_CODES = 400  # settling stops here, settled or not (the result says which)
MAX_TRIES = 500  # codes tried for one puzzle of a difficulty before the bench gives up
CI_SHARE = 0.10  # stop adding codes once the median's 95% interval is within ±10%
WARM_UP = 2  # puzzles made and thrown away first: imports, caches and the allocator settle


@dataclass
class Times:
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def median_interval(values: list[float]) -> tuple[float, float]:
    """A distribution-free 95% confidence interval for the median, from order statistics."""
    ordered = sorted(values)
    n = len(ordered)
    half = 1.96 * math.sqrt(n) / 2
    low = max(0, math.floor(n / 2 - half) - 1)
    high = min(n - 1, math.ceil(n / 2 + half) - 1)
    return ordered[low], ordered[high]


def settled(values: list[float]) -> bool:
    """The median is known to within CI_SHARE either way."""
    middle = statistics.median(values)
    low, high = median_interval(values)
    return middle > 0 and middle - low <= CI_SHARE * middle and high - middle <= CI_SHARE * middle


def codes(seed: str):
    """The bench's codes: an endless sequence drawn from `seed`, the same for the same seed."""
    rng = random.Random(f"bench-codes:{seed}")
    while True:
        yield f"{seed}-{rng.getrandbits(32):08x}"


def enough(cpu: list[float], n: int | None) -> bool:
    """Whether a size has run enough codes: exactly `n` when asked for, else a settled median
    after at least MIN_CODES, or MAX_CODES."""
    if n is not None:
        return len(cpu) >= n
    return len(cpu) >= MAX_CODES or (len(cpu) >= MIN_CODES and settled(cpu))


def _summary(times: Times) -> dict[str, Any]:
    low, high = median_interval(times.wall)
    cpu_low, cpu_high = median_interval(times.cpu)
    return {
        "n": len(times.wall),
        "median_s": round(statistics.median(times.wall), 6),
        "p90_s": round(percentile(times.wall, 0.9), 6),
        "max_s": round(max(times.wall), 6),
        "min_s": round(min(times.wall), 6),
        "median_ci_s": [round(low, 6), round(high, 6)],
        "cpu_median_s": round(statistics.median(times.cpu), 6),
        "cpu_p90_s": round(percentile(times.cpu, 0.9), 6),
        "cpu_median_ci_s": [round(cpu_low, 6), round(cpu_high, 6)],
        "settled": settled(times.cpu),
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


def _timed(fn: Callable[[], Any]) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = fn()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def bench_type(type_name: str, params: Params, n: int | None, log: Log, codes_seed: str = "bench") -> list[dict[str, Any]]:
    """Generate and verify one code after another: `n` codes, or until the median settles."""
    from pipeline.stages.verify import judge

    ptype = puzzle_types()[type_name]
    made_times, verify_times, proof_times, solver_times, grade_times, stats, tries = Times(), Times(), [], [], [], [], []
    drawn = codes(codes_seed)
    with tempfile.TemporaryDirectory(prefix="puzzlepress-bench-") as tmp:
        for i in range(WARM_UP):  # the first verify also imports the SAT engine: 0.5 s at Kuralin 8x8
            judge(_write_record(ptype, params, *_make_of_grade(ptype, params, f"warm-up-{i + 1}")[:3], Path(tmp)))
        while not (enough(made_times.cpu, n) and enough(verify_times.cpu, n)):  # both medians settle
            code = next(drawn)
            (made, grade, code, tried), wall, cpu = _timed(lambda: _make_of_grade(ptype, params, code))
            made_times.add(wall, cpu)
            stats.append(made.stats)
            tries.append(tried)
            path = _write_record(ptype, params, made, grade, code, Path(tmp))
            verdict, wall, cpu = _timed(lambda: judge(path))
            verify_times.add(wall, cpu)
            if verdict["status"] != "proved":
                raise ProofError(f"bench: {type_name} {params.size} {code} failed verification: {verdict['problems']}")
            proof_times.append(verdict["proof"]["seconds"])
            solver_times.append(verdict["solver"]["seconds"])
            grade_times.append(verdict["grade"]["seconds"] or 0.0)
            log(f"{type_name} {params.size} {code}: generate {made_times.wall[-1]:.4f} s, verify {wall:.4f} s")
    means = _stat_means(stats)
    grade_share = sum(grade_times) / sum(verify_times.cpu)  # both CPU: judge times its parts by process_time
    common = {"type": type_name, "size": params.size, "difficulty": params.difficulty, "codes_seed": codes_seed}
    tried_note = f"codes tried a puzzle {statistics.median(tries):g} (median), {max(tries)} (most); " if params.difficulty else ""
    return [
        {**common, "stage": "generate", **_summary(made_times), "stats_mean": means, "codes_tried": tries, "notes": tried_note + _notes(means)},
        {
            **common, "stage": "verify", **_summary(verify_times),
            "proof_median_s": round(statistics.median(proof_times), 6), "proof_max_s": round(max(proof_times), 6),
            "solver_median_s": round(statistics.median(solver_times), 6),
            "grade_median_s": round(statistics.median(grade_times), 6), "grade_share": round(grade_share, 3),
            "notes": f"proof {ms(statistics.median(proof_times))} ms, own solver {ms(statistics.median(solver_times))} ms, "
            f"grade {ms(statistics.median(grade_times))} ms (medians); grading {grade_share:.0%} of verify's time in all",
        },
    ]


def _write_record(ptype: PuzzleType, params: Params, made: Generated, grade: Grade | None, code: str, folder: Path) -> Path:
    path = folder / "record.json"
    record = make_record(ptype, made.puzzle, params=params, puzzle_id=code, code=code, stats=made.stats, grade=grade_fields(grade))
    path.write_text(dumps_record(record))
    return path


def _make_of_grade(ptype: PuzzleType, params: Params, code: str) -> tuple[Generated, Grade | None, str, int]:
    """Made, and graded when it has a difficulty, as generate makes a puzzle of a section that is
    not sorted by grade (verify grades the others, so its time holds their grading): the code and then its
    next derived codes (code.2, code.3, ...) until one is of that grade, every one tried counting
    in the time; (puzzle, grade, the code that made it, codes tried)."""
    for tried in range(1, MAX_TRIES + 1):
        attempt = code if tried == 1 else f"{code}.{tried}"
        try:
            made, grade = ptype.make_graded(params, attempt, Budget(seconds=600), always=False)
        except (StepLimit, Unsuitable):  # skipped for the next code, as the generate stage does
            continue
        if off_grade(params.difficulty, grade) is None:
            return made, grade, attempt, tried
    raise ProofError(f"bench: no {params.difficulty} {ptype.name} {params.size} within {MAX_TRIES} codes from {code}")


def _typical_size(ptype: PuzzleType) -> str:
    """The type's default grid: what a typical book prints most."""
    return ptype.params().size


def _layout_job(pages: int, *, answers: bool, front_matter: bool) -> JobSpec:
    """Puzzle pages, exactly `pages` of them: each type at its typical size, two a page.

    Each section starts on a new page and two puzzles fill each page, so the puzzle pages add up
    exactly; answers and front matter, when asked for, come on top and are told apart by the
    difference between books."""
    types = list(puzzle_types().items())
    shares = [pages // len(types) + (i < pages % len(types)) for i in range(len(types))]
    sections = [
        {"type": name, "size": _typical_size(ptype), "count": 2 * share, "per_page": 2}
        for (name, ptype), share in zip(types, shares) if share
    ]
    return JobSpec.model_validate({
        "title": "Layout benchmark", "seed": "bench", "sections": sections,
        "answers": {"placement": "end", "per_page": 6} if answers else "none",
        "front_matter": {
            "title_page": front_matter, "copyright_page": front_matter, "contents": front_matter, "how_to_play": front_matter,
        },
    })


def _lay_out(job: JobSpec, log: Log) -> tuple[int, float, int]:
    """(pages, seconds, PDF bytes) of laying out a generated and verified job."""
    from pipeline.stages.generate import generate
    from pipeline.stages.layout import layout
    from pipeline.stages.verify import verify

    with tempfile.TemporaryDirectory(prefix="puzzlepress-bench-") as tmp:
        outdir = Path(tmp)
        generate(job, outdir, jobs=default_jobs())
        verify(outdir, jobs=default_jobs())
        start = time.perf_counter()
        report = layout(outdir)
        seconds = time.perf_counter() - start
        size = sum(p.stat().st_size for p in report.files if p.suffix == ".pdf")
    log(f"layout: {report.pages} pages in {seconds:.2f} s")
    return report.pages, seconds, size


def _per_page(pages: int, seconds: float) -> dict[str, Any]:
    return {"pages": pages, "seconds": round(seconds, 3), "seconds_per_page": round(seconds / max(1, pages), 4)}


def bench_layout(pages: int, log: Log) -> dict[str, Any]:
    """Layout time by page kind: a book of exactly `pages` puzzle pages, then the same book with
    its answer pages, then with its front matter; each kind's cost is the difference."""
    puzzle_pages, puzzle_s, size = _lay_out(_layout_job(pages, answers=False, front_matter=False), log)
    with_answers, answers_s, _ = _lay_out(_layout_job(pages, answers=True, front_matter=False), log)
    whole, whole_s, whole_size = _lay_out(_layout_job(pages, answers=True, front_matter=True), log)
    return {
        **_per_page(puzzle_pages, puzzle_s),
        "pdf_bytes": size,
        "kinds": {
            "puzzle pages": _per_page(puzzle_pages, puzzle_s),
            "answer pages": _per_page(with_answers - puzzle_pages, max(0.0, answers_s - puzzle_s)),
            "front matter": _per_page(whole - with_answers, max(0.0, whole_s - answers_s)),
        },
        "whole_book": {**_per_page(whole, whole_s), "pdf_bytes": whole_size},
    }


def bench_speedup(log: Log) -> dict[str, Any]:
    """Wall time of a whole cold build (generate, verify, layout) with one worker and all cores."""
    from pipeline.stages.build import build

    types = puzzle_types()
    sections = [{"type": name, "size": _typical_size(t), "count": 12} for name, t in types.items()]
    job = JobSpec.model_validate({"title": "Speed-up benchmark", "seed": "speedup", "sections": sections})
    timings: dict[int, dict[str, float]] = {}
    jobs_n = default_jobs()
    for jobs in (1, jobs_n):
        with tempfile.TemporaryDirectory(prefix="puzzlepress-bench-") as tmp:
            start = time.perf_counter()
            report = build(job, Path(tmp), jobs=jobs, fresh=True, progress=lambda stage: None)
            timings[jobs] = {"total": time.perf_counter() - start, **report.seconds}
        log(f"speed-up: --jobs {jobs}: {timings[jobs]['total']:.2f} s")
    return {
        "puzzles": sum(s["count"] for s in sections), "jobs": jobs_n,
        "jobs_1_s": round(timings[1]["total"], 3), "jobs_n_s": round(timings[jobs_n]["total"], 3),
        "speedup": round(timings[1]["total"] / timings[jobs_n]["total"], 3),
        "stages_jobs_1_s": {k: round(v, 3) for k, v in timings[1].items() if k != "total"},
        "stages_jobs_n_s": {k: round(v, 3) for k, v in timings[jobs_n].items() if k != "total"},
    }


CLUSTER_PUZZLES = 200  # of each of Nuritwin 8x8 and Kuralin 8x8, as the cluster issue measures


def bench_cluster(scheduler: str, log: Log, count: int = CLUSTER_PUZZLES) -> dict[str, Any]:
    """Generating the same job on the local pool and on a Dask cluster: throughput and the cost
    of connecting, so the cluster's overhead can be read off."""
    from pipeline.cluster import ClusterPool
    from pipeline.stages.generate import generate

    sections = [{"type": name, "size": 8, "count": count} for name in ("nuritwin", "kuralin")]
    job = JobSpec.model_validate({"title": "Cluster benchmark", "seed": "cluster", "sections": sections})
    start = time.perf_counter()
    with ClusterPool(scheduler):
        connect_s = time.perf_counter() - start
    timings = {}
    for where, address in (("local pool", None), ("cluster", scheduler)):
        with tempfile.TemporaryDirectory(prefix="puzzlepress-bench-") as tmp:
            start = time.perf_counter()
            generate(job, Path(tmp), jobs=default_jobs(), scheduler=address)
            timings[where] = time.perf_counter() - start
        log(f"cluster: {where}: {timings[where]:.1f} s")
    puzzles = 2 * count
    return {
        "puzzles": puzzles, "jobs": default_jobs(), "scheduler": scheduler, "connect_s": round(connect_s, 3),
        "local_pool_s": round(timings["local pool"], 3), "cluster_s": round(timings["cluster"], 3),
        "local_pool_per_s": round(puzzles / timings["local pool"], 2), "cluster_per_s": round(puzzles / timings["cluster"], 2),
        "overhead": round(timings["cluster"] / timings["local pool"] - 1, 3),
    }


def _sizes(ptype: PuzzleType, size: str | None, difficulty: str | None = None) -> list[Params]:
    """The type's usual sizes, or the one size asked for when the type can make it, with the
    difficulty asked for (none: graded, not chosen); [] when the type has no such puzzles."""
    given = {"difficulty": difficulty} if difficulty else {}
    try:
        if size is None:
            return [ptype.params(**{**values, **given}) for values in ptype.params.presets.values()]
        return [ptype.make_params(size, **given)]
    except ValueError:
        return []


COMPARE_BYTES = 16_000_000  # a bench --json run of every type and size is some 20 KB


def read_earlier(path: Path) -> dict[str, Any]:
    """An earlier `bench --json` run to compare against; OptionError names what is wrong."""
    from pydantic import ValidationError

    from pipeline import safeio, schemas

    try:
        data = safeio.load_json(path, COMPARE_BYTES)  # /dev/zero was read to 12.7 GB in 12 s
    except safeio.Unsafe as exc:
        raise OptionError(f"--compare: {path} cannot be read as a bench --json file: it {exc}") from None
    try:
        schemas.BenchFile.model_validate(data)
    except ValidationError as exc:
        raise OptionError(f"--compare: {path} is not a bench --json file ({schemas.first_problem(exc)})") from None
    return data


def compare(now: dict[str, Any], earlier: dict[str, Any]) -> list[dict[str, Any]]:
    """This run's medians over the earlier run's, row by row (a ratio above 1 is slower now)."""
    before = {
        (r.get("type"), str(r.get("size")), r.get("stage")): r for r in earlier["results"] if isinstance(r, dict)
    }
    rows = []
    for row in now["results"]:
        old = before.get((row["type"], row["size"], row["stage"]))
        if old and isinstance(old.get("median_s"), (int, float)) and old["median_s"] > 0:
            rows.append({
                "type": row["type"], "size": row["size"], "stage": row["stage"],
                "median_s": row["median_s"], "earlier_median_s": old["median_s"],
                "ratio": round(row["median_s"] / old["median_s"], 3),
            })
    return rows


def run_bench(
    *, n: int | None, type_name: str | None, size: str | None, pages: int, speedup: bool, log: Log,
    earlier: dict[str, Any] | None = None, scheduler: str | None = None, difficulty: str | None = None,
    codes_seed: str = "bench",
) -> dict[str, Any]:
    types = puzzle_types()
    if type_name is not None and type_name not in types:
        raise OptionError(f"--type: unknown puzzle type '{type_name}' (known: {', '.join(types)})")
    if difficulty is not None and difficulty not in TIERS:
        raise OptionError(f"--difficulty: '{difficulty}' is not a grade (easy, medium, hard or expert)")
    chosen = [type_name] if type_name else list(types)
    wanted = {name: _sizes(types[name], size, difficulty) for name in chosen}
    if not any(wanted.values()):
        asked = f" of difficulty {difficulty}" if difficulty else ""
        raise OptionError(f"--size: no chosen type comes in size {size or 'any'}{asked}")
    results = []
    for name in chosen:
        for params in wanted[name]:
            results += bench_type(name, params, n, log, codes_seed)
    whole_job = type_name is None and size is None and difficulty is None
    out: dict[str, Any] = {"results": results, "layout": None, "speedup": None}
    if pages > 0 and whole_job:
        out["layout"] = bench_layout(pages, log)
    if speedup and whole_job:
        out["speedup"] = bench_speedup(log)
    if scheduler is not None:
        out["cluster"] = bench_cluster(scheduler, log)
    if earlier is not None:
        out["compare"] = compare(out, earlier)
    return out

