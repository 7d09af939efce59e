"""Tables on disk: an SQLite database (stdlib ``sqlite3``) holding each table's creation data,
its seats' token hashes and every action, written before the action is answered."""
from __future__ import annotations

import contextlib
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass, field

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, created REAL NOT NULL, variant TEXT NOT NULL, spec TEXT,
    players INTEGER NOT NULL, bots TEXT NOT NULL, seed INTEGER NOT NULL, admin TEXT NOT NULL,
    state TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id), seat INTEGER NOT NULL, token TEXT NOT NULL,
    PRIMARY KEY (table_id, seat));
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id), n INTEGER NOT NULL, seat INTEGER NOT NULL,
    action TEXT NOT NULL, PRIMARY KEY (table_id, n));
"""


@dataclass
class Record:
    """What a table is made of: enough to deal it again and replay it exactly."""

    id: str
    created: float
    variant: str                      # a bundled name, or the uploaded spec's name
    spec: str | None                  # the uploaded YAML text (None: bundled)
    players: int
    bots: dict[int, str]              # seat -> bot kind
    seed: int
    admin: str                        # hash of the admin token
    state: str = ""                   # the latest State.to_json(), to check a replay against
    seats: dict[int, str] = field(default_factory=dict)     # seat -> token hash
    actions: list[tuple[int, str]] = field(default_factory=list)   # (seat, notation)


class Store:
    """The database: ``path`` is a file, or ``:memory:``."""

    def __init__(self, path: str):
        self.db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)

    def close(self) -> None:
        self.db.close()

    def add_table(self, record: Record) -> None:
        with self._transaction():
            self.db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.id, record.created, record.variant, record.spec, record.players,
                 json.dumps({str(s): k for s, k in record.bots.items()}), record.seed,
                 record.admin, record.state))
            for seat, token in record.seats.items():
                self.db.execute("INSERT INTO seats VALUES (?, ?, ?)", (record.id, seat, token))

    def set_seat(self, table: str, seat: int, token: str | None) -> None:
        """Give ``seat`` a token hash, or free it (None)."""
        with self._transaction():
            self.db.execute("DELETE FROM seats WHERE table_id = ? AND seat = ?", (table, seat))
            if token is not None:
                self.db.execute("INSERT INTO seats VALUES (?, ?, ?)", (table, seat, token))

    def add_action(self, table: str, n: int, seat: int, action: str, state: str) -> None:
        """Action number ``n`` of the table and the state it led to, in one transaction."""
        with self._transaction():
            self.db.execute("INSERT INTO actions VALUES (?, ?, ?, ?)", (table, n, seat, action))
            self.db.execute("UPDATE tables SET state = ? WHERE id = ?", (state, table))

    def tables(self) -> list[Record]:
        """Every table, in the order they were created, with its seats and actions."""
        records = {}
        for row in self.db.execute("SELECT id, created, variant, spec, players, bots, seed, "
                                   "admin, state FROM tables ORDER BY created, id"):
            bots = {int(s): kind for s, kind in json.loads(row[5]).items()}
            records[row[0]] = Record(row[0], row[1], row[2], row[3], row[4], bots, row[6],
                                     row[7], row[8])
        for table, seat, token in self.db.execute("SELECT table_id, seat, token FROM seats"):
            records[table].seats[seat] = token
        for table, seat, action in self.db.execute(
                "SELECT table_id, seat, action FROM actions ORDER BY table_id, n"):
            records[table].actions.append((seat, action))
        return list(records.values())

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[None]:
        """BEGIN ... COMMIT, or ROLLBACK if the block raises."""
        self.db.execute("BEGIN")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
