"""Determinisations weighted by what the others' choices this hand tell about their hands.

A uniform determinisation (:func:`.determinize.resample_hidden`) deals an opponent random
cards, but an opponent who has kept its cards for several turns holds a better hand than a
random one. :func:`likelihood` rates one determinisation by how well the opponents' choices
this hand fit a deadwood-minded player holding the hands it gives them (each hand at each
choice is read back from the copy's log, whose private draws name the copy's cards):

- a discard fits when it leaves at most ``slack`` deadwood above the least a discard could
  leave (each such card equally likely), and when no discard could have knocked: none left
  gin, nor (before ``late_turn`` turns) deadwood within the knock limit;
- taking the discard (or the upcard) fits when the card joins a meld and lowers the deadwood
  after a discard; drawing from the stock (or passing) instead fits when it would not.

A choice that does not fit counts ``miss`` times one that does. Choices the rules above do
not cover (melds on a table, layoffs, buys) end the reading, as the start of the hand does.
:func:`sampled_worlds` draws determinisations in proportion to it.
"""
from __future__ import annotations

import random
from collections import Counter

from ..engine import State
from ..engine.game import Privileged
from .determinize import hidden_cards, redealt

MOVES = ("discard", "draw", "take", "pass")


class Reader:
    """The rules of a deadwood-minded opponent for a variant (see the module doc)."""

    def __init__(self, state: State, slack: float = 2, knock_at: float = 10,
                 late_turn: int = 14, miss: float = 0.03):
        view = state.seat_view()                         # (the rules only: any seat's)
        self.rules, self.parse = view.meld_rules, view.faces.parse
        self.slack, self.miss, self.late_turn = slack, miss, late_turn
        limit = view.knock_limit
        self.knock_at = None if limit is None else min(limit, knock_at)

    def discard(self, hand: list[int], face: int, turn: int) -> float:
        """How well discarding ``face`` from ``hand`` (the hand before the discard) fits."""
        values = self.rules.discard_values(hand)
        if face not in values:
            return self.miss
        best = min(values.values())
        if self.knock_at is not None and (best == 0 or best <= self.knock_at and
                                          turn < self.late_turn):
            return self.miss                         # it would have knocked
        near = sum(v <= best + self.slack for v in values.values())
        return 1.0 / near if values[face] <= best + self.slack else self.miss / near

    def wants(self, hand: list[int], top: int) -> bool:
        """Whether the top card joins a meld and lowers the deadwood after a discard."""
        rules = self.rules
        now = rules.deadwood(hand)
        with_top = hand + [top]
        if rules.deadwood(with_top) >= now + rules.points[top]:
            return False
        values = rules.discard_values(with_top)
        return min((v for f, v in values.items() if f != top), default=now) < now

    def take(self, hand: list[int], top: int | None, took: bool) -> float:
        """How well taking (or leaving) the top card fits ``hand`` (before the choice)."""
        if top is None:
            return 1.0
        return 1.0 if self.wants(hand, top) == took else self.miss


def likelihood(world: State, seat: int, reader: Reader,
               hands: dict[int, list[int]] | None = None,
               moved: dict[int, int] | None = None) -> float:
    """How well the choices this hand of the seats other than ``seat`` fit the hands
    ``world`` gives them (a product over their choices; see the module doc). ``hands``
    (seat -> faces) and ``moved`` (card -> the card telling its private draws) read
    ``world`` as though redealt (:func:`.determinize.redealt`) without making the copy."""
    if hands is None:
        cards_of = Privileged(world)
        hands = {s: cards_of.hand_faces(s) for s in world.seat_view(seat).in_play if s != seat}
    return _likelihood(_read(world, seat), reader, hands, moved)


_Reading = tuple[tuple[int, ...], list, list[int], int]


def _read(world: State, seat: int) -> _Reading:
    """What :func:`likelihood` reads of ``world`` besides the hands: the face of each card,
    the hand's log (private draws included), the discard pile's faces, the turns played."""
    view, cards_of = world.seat_view(seat), Privileged(world)
    return cards_of.face_of, cards_of.log, view.discard(), view.turns


def _likelihood(reading: _Reading, reader: Reader, hands: dict[int, list[int]],
                moved: dict[int, int] | None) -> float:
    face_of, log, discard, turn = reading
    held = {s: Counter(h) for s, h in hands.items()}
    moved = moved or {}
    pile = list(discard)
    weight = 1.0
    for actor, action, cards, _ in reversed(log):
        if action is None or action.kind not in MOVES:
            break
        kind, top = action.kind, pile[-1] if pile else None
        hand = held.get(actor)
        if kind == "discard":
            face = reader.parse(action.cards[0])
            if pile and pile[-1] == face:
                pile.pop()
            turn -= 1
            if hand is not None:
                hand[face] += 1
                weight *= reader.discard(list(hand.elements()), face, turn)
            continue
        stock = kind == "draw" and action.pile == "stock"
        taken = [face_of[moved.get(c, c) if stock else c] for c in cards]
        if not stock and kind != "pass":
            pile.extend(reversed(taken))
        if hand is None:
            continue
        hand.subtract(taken)
        if min(hand.values(), default=0) < 0:       # (a card it never held: stop reading)
            break
        if kind == "pass" or stock:
            weight *= reader.take(list(hand.elements()), top, False)
        elif len(taken) == 1:
            weight *= reader.take(list(hand.elements()), taken[0], True)
    return weight


def sampled_worlds(state: State, seat: int, rng: random.Random, reader: Reader,
                   steps: int, keep: int) -> list[State]:
    """``keep`` determinisations from ``seat``'s information, drawn in proportion to
    :func:`likelihood` by a Metropolis chain of ``steps`` swaps of two hidden cards (one in
    another's hand), the first quarter discarded; each kept one's stock is shuffled afresh
    (the stock's order tells nothing about the others' choices)."""
    old = hidden_cards(state, seat)
    cards = sorted(old)
    rng.shuffle(cards)
    in_stock = state.seat_view(seat).stock_size
    in_hands = len(cards) - in_stock
    everything = Privileged(state)
    face_of = everything.face_of
    places = {s: everything.hand(s) for s in _hand_places(state, seat)}
    reading = _read(state, seat)                    # (the state stays as it is meanwhile)

    def weight() -> float:
        moved = dict(zip(old, cards))
        hands = {s: [face_of[moved.get(c, c)] for c in hand] for s, hand in places.items()}
        return _likelihood(reading, reader, hands, moved)

    current = weight()
    burn = steps // 4
    every = max(1, (steps - burn) // keep)
    kept: list[list[int]] = []
    for step in range(steps if in_hands else 0):
        i, j = rng.randrange(in_hands), rng.randrange(len(cards))
        cards[i], cards[j] = cards[j], cards[i]
        new = weight()
        if new >= current or rng.random() * current < new:
            current = new
        else:
            cards[i], cards[j] = cards[j], cards[i]
        if step >= burn and (step - burn) % every == every - 1 and len(kept) < keep:
            kept.append(list(cards))
    while len(kept) < keep:
        kept.append(list(cards))
    worlds = []
    for chosen in kept:
        stock = chosen[in_hands:]
        rng.shuffle(stock)
        worlds.append(redealt(state, seat, chosen[:in_hands] + stock))
    return worlds


def _hand_places(state: State, seat: int) -> list[int]:
    """The seats whose hands hold cards hidden from ``seat``."""
    view = state.seat_view(seat)
    seen = view.visible_hands()
    return [s for s in view.in_play if s not in seen]
