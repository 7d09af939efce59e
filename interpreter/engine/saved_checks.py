"""The game's invariants, checked on a saved game's state data (already schema-checked) before
it becomes a State: seats, roles, phase and counts consistent with the variant and player
count, and every physical card of the deck in exactly one place.

``PLACES`` and ``REFERENCES`` name every state field that holds card ids; a test fails when
a data field of the state is in neither and not in ``NO_CARDS``.
"""
from __future__ import annotations

from typing import Any

from ..errors import IllegalAction, SavedGameError
from ..model.actions import show
from ..model.variant import Variant
from .state import parse_action
from .story import EVENTS

S = "$.state"
# fields where a card lies (each card of the deck in exactly one of them)
PLACES = ("stock", "discard", "hands", "table", "spread", "turned")
# fields that name cards lying elsewhere
REFERENCES = ("deck_orders", "upcard", "known", "taken", "must_use", "log")
NO_CARDS = ("players", "seed", "totals", "rounds_won", "hands_played", "deals", "dealer",
            "roles", "over", "stopped", "eliminated", "counters", "history", "reshuffles", "last_lap",
            "offer", "table_owners", "opened", "table_points", "table_laid_off", "knocker",
            "kept_all", "defenders", "went_out", "discarder", "buys", "turns", "stock_only", "draws",
            "melded", "buyers", "in_turn", "phase", "player", "step")


def fail(path: str, message: str) -> SavedGameError:
    return SavedGameError(path, message)


def check_in_play(state) -> None:
    """The seat to act is one dealt into this hand (once seats and roles are worked out)."""
    if not state.over and state.player not in state.in_play:
        raise fail(f"{S}.player", f"seat {state.player} acts, but the seats in play are "
                   f"{', '.join(map(str, state.in_play)) or 'none'}")


def check(s: dict[str, Any], variant: Variant, name: str) -> None:
    """Raise SavedGameError for the first invariant ``s`` (a state section) breaks."""
    low, high = variant.players
    n = s["players"]
    if not low <= n <= high:
        raise fail(f"{S}.players", f"{n} players, but {name} is for {low}-{high}")
    _seats(s, n)
    _roles(s, variant, n)
    _match(s, variant, n)
    _position(s, variant)
    _cards(s, variant, n)


def _seat(path: str, seat: Any, n: int) -> None:
    if seat is not None and seat >= n:
        raise fail(path, f"seat {seat}, but seats are 0-{n - 1}")


def _seats(s: dict, n: int) -> None:
    for key in ("scores", "rounds_won", "hands", "known"):
        if len(s[key]) != n:
            raise fail(f"{S}.{key}", f"{len(s[key])} entries for {n} players")
    for key in ("dealer", "player", "knocker", "went_out", "discarder", "in_turn"):
        _seat(f"{S}.{key}", s[key], n)
    for key in ("eliminated", "offer", "table_owners", "opened", "defenders", "last_lap",
                "buyers"):
        for i, seat in enumerate(s[key] or ()):
            _seat(f"{S}.{key}[{i}]", seat, n)
    if len(s["table_owners"]) != len(s["table"]):
        raise fail(f"{S}.table_owners", f"{len(s['table_owners'])} owners for "
                   f"{len(s['table'])} table melds")
    for part in ("table_points", "table_laid_off", "buys"):
        for key in s[part]:
            _seat(f"{S}.{part}[{key!r}]", int(key), n)
    spread = s["spread"]
    for part in ("arranged", "laid"):
        for key in (spread or {}).get(part, ()):
            _seat(f"{S}.spread.{part}[{key!r}]", int(key), n)
    _log(s["log"], n)
    for i, record in enumerate(s["history"]):
        at = f"{S}.history[{i}]"
        for key in ("knocker", "dealer", "first_player"):
            _seat(f"{at}.{key}", record[key], n)
        for j, seat in enumerate(record["winners"]):
            _seat(f"{at}.winners[{j}]", seat, n)
        for part in ("deadwood", "reveal"):
            for key in record.get(part, ()):
                _seat(f"{at}.{part}[{key!r}]", int(key), n)
        if len(record["points"]) != n:
            raise fail(f"{at}.points", f"{len(record['points'])} entries for {n} players")


def _log(log: list, n: int) -> None:
    """Each entry [seat, notation or null, card ids, phase or event] (not checked by the
    schema: per entry, it would make loading slow)."""
    for i, entry in enumerate(log):
        at = f"{S}.log[{i}]"
        if type(entry) is not list or len(entry) != 4:
            raise fail(at, f"expected [seat, action, cards, event], got {show(entry)}")
        seat, action, cards, event = entry
        if type(seat) is not int or seat < 0:
            raise fail(f"{at}[0]", f"expected a seat, got {show(seat)}")
        _seat(f"{at}[0]", seat, n)
        if action is not None:
            if type(action) is not str:
                raise fail(f"{at}[1]", f"expected an action's notation or null, got {show(action)}")
            try:
                parse_action(action)
            except IllegalAction as error:
                raise fail(f"{at}[1]", str(error)) from None
        if type(cards) is not list or not all(type(c) is int and c >= 0 for c in cards):
            raise fail(f"{at}[2]", f"expected a list of card ids, got {show(cards)}")
        if event not in EVENTS:
            raise fail(f"{at}[3]", f"expected one of {', '.join(EVENTS)}, got {show(event)}")


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
    for key, values in s["counters"].items():
        if len(values) != n:
            raise fail(f"{S}.counters.{key}", f"{len(values)} entries for {n} players")
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
            for seat in record["winners"]:
                wins[seat] += 1
    if s["hands_played"] != scored:
        raise fail(f"{S}.hands_played", f"{s['hands_played']}, but the history records "
                   f"{scored} scored hands")
    if s["rounds_won"] != wins:
        raise fail(f"{S}.rounds_won", f"{s['rounds_won']}, but the history's winners give {wins}")


def _position(s: dict, variant: Variant) -> None:
    phase, over = s["phase"], s["over"]
    if (phase == "over") != over:
        raise fail(f"{S}.phase", f"{phase!r} with over {'true' if over else 'false'}")
    if s["stopped"] and not over:
        raise fail(f"{S}.stopped", "true in a match that is not over")
    if not s["step"] < max(len(variant.turn), 1):
        raise fail(f"{S}.step", f"step {s['step']}, but a turn has {len(variant.turn)}")
    if phase == "offer" and (variant.first_step != 1 or s["player"] not in s["offer"]):
        raise fail(f"{S}.phase", "an upcard offer, but the variant has none or the player "
                   "is not offered it")
    if phase == "buy" and (variant.buying is None or s["in_turn"] is None
                           or s["buyers"][:1] != [s["player"]]):
        raise fail(f"{S}.phase", "a buying stage, but the variant has no buying or the player "
                   "is not the one asked")
    if phase == "spread" and (s["knocker"] is None or s["spread"] is None
                              or not variant.round_end.spread.enabled):
        raise fail(f"{S}.phase", "a spread, but no knock (or the variant has no spread)")


def _cards(s: dict, variant: Variant, n: int) -> None:
    """Every physical card in exactly one place; references name cards of the deck."""
    deck = variant.deck_for(n)
    faces, face_of, size = variant.faces, deck.faces_of, deck.size
    where: dict[int, str] = {}

    def card(path: str, c: int, place: bool) -> None:
        if c >= size:
            raise fail(path, f"card id {c}, but the deck has ids 0-{size - 1}")
        if place:
            if c in where:
                raise fail(path, f"card {c} ({faces.name(face_of[c])}) is also at {where[c]}")
            where[c] = path

    def pairs(path: str, melds: list) -> None:
        for i, meld in enumerate(melds):
            for j, (c, face) in enumerate(meld):
                at = f"{path}[{i}][{j}]"
                card(at, c, True)
                if faces.is_joker(face_of[c]):
                    if face >= faces.count or faces.is_joker(face):
                        raise fail(f"{at}[1]", f"a joker standing for face {face}")
                elif face != face_of[c] and not variant.wilds.ranks_vary:
                    raise fail(f"{at}[1]", f"face {face}, but card {c} is "
                               f"{faces.name(face_of[c])}")

    for key in ("stock", "discard"):
        for i, c in enumerate(s[key]):
            card(f"{S}.{key}[{i}]", c, True)
    for seat, hand in enumerate(s["hands"]):
        for i, c in enumerate(hand):
            card(f"{S}.hands[{seat}][{i}]", c, True)
    pairs(f"{S}.table", s["table"])
    if s["turned"] is not None:
        card(f"{S}.turned", s["turned"], True)
    spread = s["spread"]
    if spread is not None:
        pairs(f"{S}.spread.melds", spread["melds"])
        for seat, melds in spread["arranged"].items():
            for i, meld in enumerate(melds):
                for j, c in enumerate(meld):
                    card(f"{S}.spread.arranged[{seat!r}][{i}][{j}]", c, True)
        for i, meld in enumerate(spread["orig"]):
            for j, (c, _) in enumerate(meld):
                card(f"{S}.spread.orig[{i}][{j}]", c, False)
        for seat, laid in spread["laid"].items():
            for i, (meld, c) in enumerate(laid):
                card(f"{S}.spread.laid[{seat!r}][{i}][1]", c, False)
                if meld >= len(spread["melds"]):
                    raise fail(f"{S}.spread.laid[{seat!r}][{i}][0]", f"no meld {meld}")
    if len(where) != size:
        missing = sorted(set(range(size)) - set(where))
        shown = " ".join(f"{c} ({faces.name(face_of[c])})" for c in missing[:5])
        raise fail(S, f"{len(missing)} card(s) of the deck in no hand, pile, meld or spread: "
                   f"{shown}{' ...' if len(missing) > 5 else ''}")
    for key in ("upcard", "taken", "must_use"):
        if s[key] is not None:
            card(f"{S}.{key}", s[key], False)
    for i, (_, _, cards, _) in enumerate(s["log"]):
        for j, c in enumerate(cards):
            card(f"{S}.log[{i}][2][{j}]", c, False)
    for seat, known in enumerate(s["known"]):
        for i, c in enumerate(known):
            card(f"{S}.known[{seat}][{i}]", c, False)
    for k, order in enumerate(s["decks"]):
        if sorted(order) != list(range(size)):
            raise fail(f"{S}.decks[{k}]", f"not an order of the {size} cards of the deck")
