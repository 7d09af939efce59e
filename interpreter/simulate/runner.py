"""Running a plan: check the options, play its chunks on a backend, merge them in order.

The backends only play chunks: :mod:`.local` on this machine's processes (the default),
:mod:`.on_dask` on a Dask cluster. Every backend's chunks go through the one :func:`merge`,
so the results are identical whichever ran them.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from ..errors import RummyError
from . import local
from .plan import Plan
from .stats import Moments

BACKENDS = ("local", "dask")


def run(plan: Plan, games: int, workers: int | None = None, chunk: int | None = None,
        progress: bool = False, backend: str = "local", scheduler: str | None = None
        ) -> Moments:
    """Play ``games`` games of the plan on ``workers`` processes (default: every core), or
    with ``backend="dask"`` on the Dask cluster at ``scheduler`` (default: a local one).

    Chunk results are merged in chunk order, each chunk once, so the result does not depend
    on the backend, ``workers`` or ``chunk``. ``progress`` shows a bar on stderr when it is a
    terminal.
    """
    if games < 1:
        raise RummyError(f"the number of games (--games, --hands) must be at least 1, "
                         f"not {games}")
    if workers is not None and workers < 1:
        raise RummyError(f"--workers must be at least 1, not {workers}")
    if chunk is not None and chunk < 1:
        raise RummyError(f"--chunk must be at least 1, not {chunk}")
    if backend not in BACKENDS:
        raise RummyError(f"unknown backend {backend!r} (--backend): {' or '.join(BACKENDS)}")
    if scheduler is not None and backend != "dask":
        raise RummyError("--scheduler needs --backend dask")
    if scheduler is not None and workers is not None:
        raise RummyError("--workers sets the processes of this machine (or of a local Dask "
                         "cluster); the cluster at --scheduler has its own workers")
    if backend == "dask":
        from . import on_dask  # only here: dask is an optional extra
        parts = on_dask.play_chunks(plan, games, workers, chunk, scheduler)
    else:
        parts = local.play_chunks(plan, games, workers or os.cpu_count() or 1, chunk)
    with _bar(games * len(plan.variants), progress) as bar:
        try:
            total = merge(parts, lambda m: bar.update(m.games * len(plan.variants)))
        finally:
            parts.close()
    if total.games != games:
        raise RummyError(f"the chunks add up to {total.games} games, not {games}")
    return total


def merge(parts: Iterable[tuple[int, Moments]],
          arrived: Callable[[Moments], object] = lambda moments: None) -> Moments:
    """Add up (chunk index, Moments) pairs arriving in any order, in chunk order and each
    index once: a chunk delivered again (a retried task) is ignored."""
    total, done, waiting = Moments(), 0, {}
    for index, moments in parts:
        if index < done or index in waiting:
            continue
        waiting[index] = moments
        arrived(moments)
        while done in waiting:
            total = total + waiting.pop(done)
            done += 1
    if waiting:
        raise RummyError(f"chunk {done} never arrived")
    return total


def _bar(total: int, progress: bool):
    from tqdm import tqdm
    return tqdm(total=total, unit="game", disable=None if progress else True, leave=False,
                dynamic_ncols=True)
