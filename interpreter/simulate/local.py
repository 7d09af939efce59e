"""Chunks played in this process or on a pool of local processes (the default backend)."""
from __future__ import annotations

import multiprocessing
from collections.abc import Generator, Iterable

from .plan import Plan, chunks, run_chunk
from .stats import Moments


def play_chunks(plan: Plan, games: int, workers: int, chunk: int | None
                ) -> Generator[tuple[int, Moments], None, None]:
    """(chunk index, Moments) in chunk order, played here or on a process pool."""
    jobs = [(plan, a, b) for a, b in chunks(games, workers, chunk)]
    pool = None
    results: Iterable[Moments]
    if workers == 1 or len(jobs) == 1:
        results = map(_run_chunk, jobs)
    else:
        pool = multiprocessing.get_context().Pool(min(workers, len(jobs)))
        results = pool.imap(_run_chunk, jobs)
    try:
        yield from enumerate(results)
    finally:
        if pool is not None:
            pool.terminate()


def _run_chunk(job: tuple[Plan, int, int]) -> Moments:
    return run_chunk(*job)
