"""Chunks played on a Dask distributed cluster (the optional ``dask`` extra).

Each chunk is one task, keyed by its index; Dask reruns a task whose worker died and retries
one that raised, and the runner merges each chunk index once, in order, so a lost or repeated
task can neither drop nor double-count games. Workers load the variants themselves: bundled
names anywhere, files at the same absolute path (a shared folder on a real cluster).
"""
from __future__ import annotations

import uuid
from collections.abc import Callable, Generator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from ..errors import RummyError
from .plan import Plan, chunks, run_chunk
from .stats import Moments

RETRIES = 3      # more tries of a chunk that raised (a dying worker is the scheduler's count)


def play_chunks(plan: Plan, games: int, workers: int | None, chunk: int | None,
                scheduler: str | None,
                play: Callable[[Plan, int, int], Moments] = run_chunk
                ) -> Generator[tuple[int, Moments], None, None]:
    """(chunk index, Moments) as chunks finish, on the cluster at ``scheduler`` or, without
    one, on a local cluster of ``workers`` processes (default: every core). ``play`` plays
    one chunk on a worker."""
    distributed = _distributed()
    with _client(distributed, scheduler, workers) as client:
        threads = sum(client.nthreads().values())
        jobs = chunks(games, max(threads, 1), chunk)
        remote, run = _portable(plan), uuid.uuid4().hex[:8]
        index = {client.submit(play, remote, a, b, key=f"rummy-{run}-chunk-{i}",
                               retries=RETRIES): i
                 for i, (a, b) in enumerate(jobs)}
        for future in distributed.as_completed(index):
            i = index[future]
            try:
                moments = future.result()
            except distributed.KilledWorker as error:
                a, b = jobs[i]
                span = f"game {a}" if b == a + 1 else f"games {a}-{b - 1}"
                raise RummyError(f"chunk {i} ({span}) killed its workers: {error}") from None
            future.release()
            yield i, moments


def _distributed():
    try:
        import distributed
    except ImportError as error:
        raise RummyError(f"--backend dask needs the dask extra: pip install "
                         f"'rummy-interpreter[dask]' ({error})") from None
    return distributed


@contextmanager
def _client(distributed, scheduler: str | None, workers: int | None):
    """A client of the cluster at ``scheduler``, or of a new local cluster that closes with
    it; an address that cannot be reached is a RummyError naming it."""
    if scheduler is None:
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=":0") as cluster, \
                distributed.Client(cluster) as client:
            yield client
        return
    try:
        client = distributed.Client(scheduler)
    except (OSError, ValueError, TypeError) as error:
        raise RummyError(f"cannot reach the Dask scheduler at {scheduler!r} (--scheduler): "
                         f"{error}") from None
    with client:
        yield client


def _portable(plan: Plan) -> Plan:
    """The plan with variant files as absolute paths: a worker's folder is not ours."""
    return replace(plan, variants=tuple(str(Path(v).resolve()) if Path(v).is_file() else v
                                        for v in plan.variants))
