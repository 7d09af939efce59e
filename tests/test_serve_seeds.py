"""A table's seed, which decides every deal, is drawn from a space too large to search."""
from __future__ import annotations

import asyncio

from interpreter.frontends.server.lobby import SEEDS, Lobby, Settings


def test_a_table_created_without_a_seed_draws_it_from_62_bits(tmp_path):
    lobby = Lobby(Settings(db=str(tmp_path / "tables.sqlite3")))
    seeds = [asyncio.run(lobby.create("gin", None, 2, {}, None))[0].record.seed
             for _ in range(12)]
    assert all(0 <= seed < SEEDS for seed in seeds) and SEEDS == 2**62
    assert max(seeds) >= 2**40                   # (a 31-bit seed fails: p = 2**-108)
    assert len(set(seeds)) == len(seeds)
