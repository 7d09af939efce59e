"""Pausing Python's cyclic garbage collector for the length of one search.

A search allocates many small tuples and dicts (states, moves, memo tables), all freed by
reference counting; the collector's passes over the memo tables while it runs only cost time
(about a tenth of a decision). Collection resumes afterwards if it was on, and anything
cyclic left behind is collected then.
"""
from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """The cyclic collector off inside the block, then back as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
