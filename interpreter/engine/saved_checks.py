"""The game's invariants, checked on a saved game's state data (already schema-checked) before
it becomes a State: seats, roles, phase and counts consistent with the variant and player
count, and every physical card of the deck in exactly one place.

The seats and cards of every field are found by walking it as its declared kind says
(:mod:`interpreter.model.state_fields`), and a slice may add the invariants of its own
fields (``check_saved``): a new field of the state needs nothing here.
"""
from __future__ import annotations

from typing import Any

from ..errors import SavedGameError
from ..model.variant import Variant
from .layout import layout_of
from .state import GameState

S = "$.state"


def fail(path: str, message: str) -> SavedGameError:
    return SavedGameError(path, message)


def check_in_play(state: GameState) -> None:
    """The seat to act is one dealt into this hand (once seats and roles are worked out)."""
    if not state.over and state.player not in state.in_play:
        raise fail(f"{S}.player", f"seat {state.player} acts, but the seats in play are "
                   f"{', '.join(map(str, state.in_play)) or 'none'}")


def check(s: dict[str, Any], variant: Variant, name: str, cls: type = GameState) -> None:
    """Raise SavedGameError for the first invariant ``s`` (a state section of state class
    ``cls``) breaks."""
    low, high = variant.players
    n = s["players"]
    if not low <= n <= high:
        raise fail(f"{S}.players", f"{n} players, but {name} is for {low}-{high}")
    _roles(s, variant, n)
    _match(s, variant, n)
    _position(s, variant)
    walker = _Walker(variant, n)
    for f in layout_of(cls).fields:
        value = s[f.key]
        if f.kind.per_seat and len(value) != n:
            raise fail(f"{S}.{f.key}", f"{len(value)} entries for {n} players")
        if f.kind.walk is not None and value is not None:
            walker.placing = f.cards == "place"
            f.kind.walk(value, f"{S}.{f.key}", walker)
    for klass in cls.__mro__:
        own = klass.__dict__.get("check_saved")
        if own is not None:
            own(s, S, walker)
    walker.all_placed()
    _deck_orders(s, walker.size)


class _Walker:
    """The checker a kind's walk reports to: each seat within the players, each card id of
    the deck, and each card that lies somewhere in exactly one place."""

    def __init__(self, variant: Variant, players: int):
        deck = variant.deck_for(players)
        self.variant, self.players = variant, players
        self.faces, self.face_of, self.size = variant.faces, deck.faces_of, deck.size
        self.where: dict[int, str] = {}
        self.placing = False

    def fail(self, path: str, message: str) -> SavedGameError:
        return fail(path, message)

    def seat(self, path: str, seat: int) -> None:
        if seat >= self.players:
            raise fail(path, f"seat {seat}, but seats are 0-{self.players - 1}")

    def card(self, path: str, card: int, place: bool | None = None) -> None:
        if card >= self.size:
            raise fail(path, f"card id {card}, but the deck has ids 0-{self.size - 1}")
        if self.placing if place is None else place:
            if card in self.where:
                raise fail(path, f"card {card} ({self.faces.name(self.face_of[card])}) is also "
                           f"at {self.where[card]}")
            self.where[card] = path

    def melds(self, path: str, melds: list) -> None:
        """Melds as [card, face] pairs: a joker stands for a natural face; another card shows
        its own (but where natural cards may be wild)."""
        faces, face_of = self.faces, self.face_of
        for i, meld in enumerate(melds):
            for j, (card, face) in enumerate(meld):
                at = f"{path}[{i}][{j}]"
                self.card(at, card, True)
                if faces.is_joker(face_of[card]):
                    if face >= faces.count or faces.is_joker(face):
                        raise fail(f"{at}[1]", f"a joker standing for face {face}")
                elif face != face_of[card] and not self.variant.wilds.ranks_vary:
                    raise fail(f"{at}[1]", f"face {face}, but card {card} is "
                               f"{faces.name(face_of[card])}")

    def all_placed(self) -> None:
        """Every card of the deck lies somewhere."""
        if len(self.where) != self.size:
            missing = sorted(set(range(self.size)) - set(self.where))
            shown = " ".join(f"{c} ({self.faces.name(self.face_of[c])})" for c in missing[:5])
            raise fail(S, f"{len(missing)} card(s) of the deck in no hand, pile, meld or "
                       f"spread: {shown}{' ...' if len(missing) > 5 else ''}")


def _deck_orders(s: dict, size: int) -> None:
    for k, order in enumerate(s["decks"]):
        if sorted(order) != list(range(size)):
            raise fail(f"{S}.decks[{k}]", f"not an order of the {size} cards of the deck")


def _roles(s: dict, variant: Variant, n: int) -> None:
    rules, roles = variant.roles, s["roles"]
    if rules is None:
        if roles is not None:
            raise fail(f"{S}.roles", "this variant has no roles")
        return
    if roles is None or sorted(roles) != sorted(rules.names) or \
            sorted(roles.values()) != list(range(n)):
        raise fail(f"{S}.roles", f"must give each of {', '.join(rules.names)} a distinct "
                   f"seat 0-{n - 1}")


def _match(s: dict, variant: Variant, n: int) -> None:
    names = [c.name for c in variant.counters]
    if sorted(s["counters"]) != sorted(names):
        raise fail(f"{S}.counters", f"the counters are {', '.join(names) or 'none'} "
                   f"(got {', '.join(s['counters']) or 'none'})")
    if s["deals"] < 1:
        raise fail(f"{S}.deals", "no hand dealt (a saved match has dealt at least one)")
    outcomes = {o.name for o in variant.scoring.outcomes} | {variant.scoring.void_outcome}
    void, last, scored, wins = variant.scoring.void_outcome, 0, 0, [0] * n
    for i, record in enumerate(s["history"]):
        at = f"{S}.history[{i}]"
        if not last < record["hand"] <= s["deals"]:
            raise fail(f"{at}.hand", f"hand {record['hand']} out of order (after hand {last}, "
                       f"{s['deals']} dealt)")
        last = record["hand"]
        if record["outcome"] not in outcomes:
            raise fail(f"{at}.outcome", f"unknown outcome {record['outcome']!r} "
                       f"(outcomes are {', '.join(sorted(outcomes))})")
        if record["outcome"] != void:
            scored += 1
            for seat in _winning_seats(variant, n, record["winners"]):
                wins[seat] += 1
    if s["hands_played"] != scored:
        raise fail(f"{S}.hands_played", f"{s['hands_played']}, but the history records "
                   f"{scored} scored hands")
    if s["rounds_won"] != wins:
        raise fail(f"{S}.rounds_won", f"{s['rounds_won']}, but the history's winners give {wins}")


def _winning_seats(variant: Variant, players: int, winners: list[int]) -> set[int]:
    """The seats a hand's winners win it for: with partnerships, their whole teams."""
    if variant.partnerships is None:
        return set(winners)
    return {s for w in winners for s in variant.partnerships.team_of(players, w)}


def _position(s: dict, variant: Variant) -> None:
    phase, over = s["phase"], s["over"]
    if (phase == "over") != over:
        raise fail(f"{S}.phase", f"{phase!r} with over {'true' if over else 'false'}")
    if s["stopped"] and not over:
        raise fail(f"{S}.stopped", "true in a match that is not over")
    if not s["step"] < max(len(variant.turn), 1):
        raise fail(f"{S}.step", f"step {s['step']}, but a turn has {len(variant.turn)}")
    if phase in ("turn", "over"):
        return
    stage = variant.stages.get(phase)        # a stage the variant's rules add, as it stands
    reason = (f"the variant has no {phase} stage" if stage is None
              else stage.saved_position(s))
    if reason is not None:
        raise fail(f"{S}.phase", reason)
