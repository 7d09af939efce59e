"""All the tables of a server: created from a bundled variant or an uploaded spec, kept in the
store, and restored from it when a server starts over the same database."""
from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field

from ...agents import AGENTS
from ...engine import State, new_game
from ...errors import RummyError
from . import specs
from .errors import ApiError
from .rooms import Table, new_token, replay
from .store import Record, Store

log = logging.getLogger("rummy.serve")


@dataclass(frozen=True)
class Settings:
    """How a server runs; the ``rummy serve`` options."""

    db: str = "rummy-tables.sqlite3"
    bot_delay: float = 0.5
    max_spec_bytes: int = 64 * 1024
    spec_seconds: float = 10.0
    max_tables: int = 10_000
    cors: tuple[str, ...] = field(default=())


# A table's seed decides every deal and stock: drawn from 2**62 (a 31-bit seed could be found
# from one seat's cards by trying every seed, revealing the other hands and the stock).
SEEDS = 2**62


class Lobby:
    """The tables by id, over one store."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.store = Store(settings.db)
        self.tables: dict[str, Table] = {}
        for record in self.store.tables():
            try:
                self.tables[record.id] = self._restored(record)
            except (RummyError, ApiError) as error:   # a spec this version no longer takes
                log.error("table %s is not served: %s", record.id, error)

    def get(self, table: str) -> Table:
        found = self.tables.get(table)
        if found is None:
            raise ApiError("not_found", f"no table {table!r}")
        return found

    async def create(self, variant: str | None, spec: str | None, players: int | None,
                     bots: dict[int, str], seed: int | None) -> tuple[Table, str]:
        """A new table and its admin token (an uploaded spec is checked in a worker thread)."""
        if len(self.tables) >= self.settings.max_tables:
            raise ApiError("too_large", f"this server holds {self.settings.max_tables} tables")
        if (variant is None) == (spec is None):
            raise ApiError("bad_request", "give a bundled 'variant' name or a 'spec' text")
        if spec is not None:
            built = await asyncio.to_thread(specs.check_upload, spec, players,
                                            self.settings.max_spec_bytes,
                                            self.settings.spec_seconds)
        else:
            built = specs.bundled(str(variant))
        low, high = built.players
        players = low if players is None else players
        if not low <= players <= high:
            raise ApiError("bad_request", f"{built.name} is for {low}-{high} players, "
                                          f"not {players}")
        for seat, kind in bots.items():
            if not 0 <= seat < players:
                raise ApiError("bad_request", f"bot seat {seat}: seats are 0-{players - 1}")
            if kind not in AGENTS:
                raise ApiError("bad_request", f"bot {kind!r}: the bots are "
                                              f"{', '.join(sorted(AGENTS))}")
        seed = secrets.randbelow(SEEDS) if seed is None else seed
        state = new_game(built, players=players, seed=seed)
        admin, digest = new_token()
        record = Record(self._new_id(), time.time(), built.name if spec else str(variant), spec,
                        players, dict(bots), seed, digest, state.to_json())
        self.store.add_table(record)
        table = self.tables[record.id] = Table(record, built, state, self.store,
                                               self.settings.bot_delay)
        table.start_bots()
        return table, admin

    def _new_id(self) -> str:
        while True:
            table = secrets.token_urlsafe(6)
            if table not in self.tables:
                return table

    def _restored(self, record: Record) -> Table:
        """A table as it was: replayed from its seed and actions, checked against the last
        saved state (which wins, with a warning, if they disagree)."""
        variant = specs.uploaded(record.spec) if record.spec else specs.bundled(record.variant)
        try:
            state = replay(variant, record)
            agree = state.to_json() == record.state
        except RummyError as error:
            log.warning("table %s: replay failed (%s)", record.id, error)
            agree = False
        if not agree:
            log.warning("table %s: the replay disagrees with the saved state; it is used",
                        record.id)
            state = State.from_json(record.state, variant)
        return Table(record, variant, state, self.store, self.settings.bot_delay)

    def start(self) -> None:
        """Let the bots of restored tables play (within the server's event loop)."""
        for table in self.tables.values():
            table.start_bots()

    def close(self) -> None:
        for table in self.tables.values():
            table.stop_bots()
        self.store.close()

