"""A game room (a *table* of the protocol): one match (an engine State), its seats and their
tokens, its bots and the connections watching it. Every action goes through
:meth:`Table.play`: checked, applied, saved, then pushed to every connection as that
connection may see it."""
from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any

from ...agents import make_agent
from ...engine import State, new_game
from ...errors import RummyError
from ...spec import Variant
from .errors import ApiError
from .store import Record, Store
from .views import LogCursor, view

log = logging.getLogger("rummy.serve")
QUEUE_LIMIT = 1000          # messages a connection may fall behind before it is dropped


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_token() -> tuple[str, str]:
    """A secret token and the hash kept of it."""
    token = secrets.token_urlsafe(24)
    return token, token_hash(token)


def replay(variant: Variant, record: Record) -> State:
    """The match dealt again from its seed, every saved action applied in order."""
    state = new_game(variant, players=record.players, seed=record.seed)
    for _, action in record.actions:
        state.apply(action)
    return state


@dataclass(eq=False)
class Subscriber:
    """A connection: the seat it plays (None: a spectator) and the messages waiting for it
    (None closes it; so does falling :data:`QUEUE_LIMIT` messages behind)."""

    seat: int | None
    cursor: LogCursor
    queue: asyncio.Queue = field(default_factory=asyncio.Queue)
    closed: bool = False

    def send(self, message: dict[str, Any] | None) -> None:
        if self.closed:
            return
        if message is None or self.queue.qsize() >= QUEUE_LIMIT:
            self.closed, message = True, None
        self.queue.put_nowait(message)


class Table:
    """A match and who sits at it; ``bot_delay`` seconds pass before each bot move."""

    def __init__(self, record: Record, variant: Variant, state: State, store: Store,
                 bot_delay: float):
        self.record, self.variant, self.state = record, variant, state
        self.store, self.bot_delay = store, bot_delay
        self.tokens = {digest: seat for seat, digest in record.seats.items()}
        self.subscribers: list[Subscriber] = []
        self.bots: asyncio.Task | None = None
        self.arranged: dict[tuple, list] = {}         # the last hands arranged

    @property
    def id(self) -> str:
        return self.record.id

    def summary(self) -> dict[str, Any]:
        seats = [{"seat": s, "kind": self.record.bots.get(s, "human"),
                  "taken": s in self.record.bots or s in self.record.seats}
                 for s in range(self.record.players)]
        return {"table": self.id, "variant": self.record.variant, "title": self.variant.name,
                "uploaded": self.record.spec is not None, "players": self.record.players,
                "seats": seats, "over": self.state.is_terminal,
                "hands_played": self.state.hands_played}

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self.id, self.state, seat, len(self.record.actions))

    # ---- seats ---------------------------------------------------------------------------
    def seat_of(self, token: str | None) -> int | None:
        """The seat a token acts for; None without a token; unauthorized for a wrong one."""
        if token is None:
            return None
        seat = self.tokens.get(token_hash(token))
        if seat is None:
            raise ApiError("unauthorized", "this token is not a seat's token at this table")
        return seat

    def is_admin(self, token: str | None) -> bool:
        return token is not None and secrets.compare_digest(token_hash(token), self.record.admin)

    def claim(self, seat: int | None) -> tuple[int, str]:
        """Take ``seat`` (None: the first free human seat); its new token."""
        humans = [s for s in range(self.record.players) if s not in self.record.bots]
        if seat is None:
            seat = next((s for s in humans if s not in self.record.seats), None)
            if seat is None:
                raise ApiError("seat_taken", "no human seat is free at this table")
        elif not 0 <= seat < self.record.players:
            raise ApiError("bad_request", f"seat must be 0-{self.record.players - 1}")
        elif seat in self.record.bots:
            raise ApiError("seat_taken", f"seat {seat} is played by a bot")
        elif seat in self.record.seats:
            raise ApiError("seat_taken", f"seat {seat} is taken")
        token, digest = new_token()
        self.store.set_seat(self.id, seat, digest)
        self.record.seats[seat] = digest
        self.tokens[digest] = seat
        return seat, token

    def free(self, seat: int) -> None:
        """Free a human seat: its token stops working and its connections are closed."""
        digest = self.record.seats.pop(seat, None)
        if digest is None:
            raise ApiError("not_found", f"seat {seat} is not taken")
        self.store.set_seat(self.id, seat, None)
        del self.tokens[digest]
        for subscriber in [s for s in self.subscribers if s.seat == seat]:
            subscriber.send(None)

    # ---- play ----------------------------------------------------------------------------
    def _to_act(self, seat: int) -> State:
        """The state, if ``seat`` is the one to act in a match still going."""
        state = self.state
        if state.is_terminal:
            raise ApiError("match_over", "the match is over")
        if seat != state.current_player:
            raise ApiError("not_your_turn", f"seat {state.current_player} is to act, "
                                            f"not seat {seat}")
        return state

    def play(self, seat: int, action: str, origin: Subscriber | None = None,
             ident: Any = None) -> None:
        """Apply ``seat``'s action, save it, push the update; refused: state unchanged."""
        state = self._to_act(seat)
        hands = len(state.history)
        try:
            state.apply(action)
        except RummyError as error:
            raise ApiError("illegal_action", str(error)) from None
        try:
            self.store.add_action(self.id, len(self.record.actions), seat, action,
                                  state.to_json())
        except Exception:
            self.state = replay(self.variant, self.record)     # as saved: without it
            raise
        self.record.actions.append((seat, action))
        self.publish(state.history[-1] if len(state.history) > hands else None, origin, ident)
        self.start_bots()

    def check(self, seat: int, action: str) -> str | None:
        """Why ``seat``'s action would be refused now (None: it is legal); nothing changes.
        A table rearrangement built step by step is checked by playing it on the state and
        restoring it, as the engine checks one."""
        state = self._to_act(seat)
        snapshot = state.snapshot()
        try:
            state.apply(action)
        except RummyError as error:
            return str(error)
        finally:
            state.restore(snapshot)
        return None

    async def arrange(self, seat: int) -> dict[str, Any]:
        """The best melds and deadwood of the hands ``seat`` sees (its own, and hands it
        advises), for a client to highlight; searched in a worker thread, once per hand."""
        observation = self.state.observation(seat)
        advised = observation.get("advised_hands", {})
        hands = [observation["hand"], *advised.values()]
        key = (self.state.deals, seat, repr(hands))       # a hand's wild rank: by the deal
        if key not in self.arranged:
            rules, faces = self.state.meld_rules, self.variant.faces
            self.arranged = {key: [await asyncio.to_thread(_arranged, rules, faces, cards)
                                   for cards in hands]}
        mine, *others = self.arranged[key]
        return {"hand": mine, "advised": dict(zip(advised, others))}

    def publish(self, hand_end: Any, origin: Subscriber | None, ident: Any) -> None:
        views: dict[int | None, dict[str, Any]] = {}
        match_end = ({"returns": list(self.state.returns()), "winners": self.state.winners()}
                     if self.state.is_terminal else None)
        self.subscribers = [s for s in self.subscribers if not s.closed]
        for subscriber in self.subscribers:
            seat = subscriber.seat
            if seat not in views:
                views[seat] = self.view(seat)
            shown = views[seat]
            message = {"type": "update", "events": subscriber.cursor.new(shown["observation"]),
                       "view": shown}
            if hand_end is not None:
                message["hand_end"] = hand_end
            if match_end is not None:
                message["match_end"] = match_end
            if subscriber is origin and ident is not None:
                message["id"] = ident
            subscriber.send(message)

    def subscribe(self, seat: int | None) -> tuple[Subscriber, dict[str, Any]]:
        """A new connection and the view to welcome it with."""
        shown = self.view(seat)
        subscriber = Subscriber(seat, LogCursor(shown["observation"]))
        self.subscribers.append(subscriber)
        return subscriber, shown

    def unsubscribe(self, subscriber: Subscriber) -> None:
        if subscriber in self.subscribers:
            self.subscribers.remove(subscriber)

    # ---- bots ----------------------------------------------------------------------------
    def bot_to_act(self) -> int | None:
        seat = self.state.current_player
        return seat if not self.state.is_terminal and seat in self.record.bots else None

    def start_bots(self) -> None:
        """Let the bots play, in the background, while one of them is to act."""
        if self.bot_to_act() is not None and (self.bots is None or self.bots.done()):
            self.bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            while (seat := self.bot_to_act()) is not None:
                await asyncio.sleep(self.bot_delay)
                if self.bot_to_act() != seat:
                    continue
                n = len(self.record.actions)
                agent = make_agent(self.record.bots[seat], self.record.seed * 1_000_003 + n)
                self.play(seat, str(agent.act(self.state)))
        except Exception:
            log.exception("table %s: a bot failed; the table waits", self.id)

    def stop_bots(self) -> None:
        if self.bots is not None:
            self.bots.cancel()


def _arranged(rules, faces, cards: list[str]) -> dict[str, Any] | None:
    """``{"melds", "deadwood", "points"}`` of a hand (jokers as ``Jk(5c)``); None if the hand
    is beyond the arrangement search's limits."""
    try:
        best = rules.arrange([faces.parse(c) for c in cards])
    except RummyError:
        return None
    return {"melds": [list(map(faces.token, m.cards, m.declared)) for m in best.melds],
            "deadwood": [faces.name(f) for f in best.deadwood], "points": best.points}
