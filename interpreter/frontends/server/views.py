"""What a connection is shown: a seat's view (its observation and legal actions), a spectator's
public observation, and the log entries new since the last push.

The public observation keeps only what every seat is shown alike, so nothing one seat alone
may see (its hand, cards an adviser sees, a card it drew) can reach a spectator, whatever new
keys observations gain.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...engine.game import State

# keys rebuilt for a spectator rather than compared across seats
_REBUILT = ("seat", "hand", "known", "log")


def view(table: str, state: State, seat: int | None, version: int) -> dict[str, Any]:
    """The view of ``seat`` (None: a spectator), as GET /api/tables/{id}/view answers, after
    ``version`` actions at the table (a client keeps the view of the highest version)."""
    over = state.is_terminal
    observation = public_observation(state) if seat is None else state.observation(seat)
    acting = seat is not None and not over and seat == state.current_player
    legal = observation.get("legal_actions", []) if acting else []
    return {"table": table, "seat": seat, "version": version, "observation": observation,
            "legal": list(legal), "meld_open": acting and state.meld_step is not None,
            "over": over, "returns": list(state.returns()) if over else None}


def public_observation(state: State) -> dict[str, Any]:
    """What anyone at the table may see: the keys every seat's observation shows alike, each
    seat's known cards (the ones every other seat sees), no hand, the log as others see it."""
    seen = [state.observation(s) for s in range(state.players)]
    public: dict[str, Any] = {}
    for key, value in seen[0].items():
        if key == "seat":
            public[key] = None
        elif key == "hand":
            public[key] = []
        elif key == "known":
            public[key] = _known(seen)
        elif key not in _REBUILT and all(key in o and o[key] == value for o in seen[1:]):
            public[key] = value
    if any("log" in o for o in seen):
        public["log"] = _public_log(seen)
    return public


def _known(seen: list[dict]) -> dict[str, list]:
    """Each seat's known cards, as the next seat is shown them (all other seats are alike)."""
    known = {}
    for seat in range(len(seen)):
        shown = seen[(seat + 1) % len(seen)].get("known", {}).get(str(seat))
        if shown:
            known[str(seat)] = shown
    return known


def _public_log(seen: list[dict]) -> list[dict]:
    """Each log entry as a seat that is not its actor, and advises no one, is shown it; where
    such seats are shown it differently (or there is none), only who acted."""
    logs = [o.get("log") or [] for o in seen]
    out = []
    for index in range(max(len(log) for log in logs)):
        versions = {s: log[index] for s, log in enumerate(logs) if index < len(log)}
        actor = next((v.get("seat") for v in versions.values() if isinstance(v, dict)), None)
        plain = [v for s, v in versions.items()
                 if s != actor and "advised_hands" not in seen[s]]
        if plain and all(v == plain[0] for v in plain):
            out.append(plain[0])
        else:
            out.append({"n": index, "seat": actor, "action": None, "text": f"seat {actor} played"})
    return out


class LogCursor:
    """Where a connection is in the hand's log: :meth:`new` gives the entries not yet sent."""

    def __init__(self, observation: dict[str, Any]):
        self.hand = observation.get("hands_played")
        self.count = len(observation.get("log") or [])

    def new(self, observation: dict[str, Any]) -> list[dict]:
        log = observation.get("log") or []
        hand = observation.get("hands_played")
        fresh = log if hand != self.hand or len(log) < self.count else log[self.count:]
        self.hand, self.count = hand, len(log)
        return list(fresh)
