"""Explicit chance, in the OpenSpiel style: a view of a game where each dealt card and each
card drawn from the stock is a chance node, with its outcomes and their probabilities.

    game = new_chance_game("gin_standard", seed=7)
    while not game.is_terminal:
        if game.is_chance_node:
            outcomes, weights = zip(*game.chance_outcomes())
            game.apply(rng.choices(outcomes, weights)[0])      # a card, e.g. "Qh"
        else:
            game.apply(bot.act(game.state))

The engine is seeded and decides the deck order at the deal; this view leaves the engine as
it is and realises a chance outcome by rearranging cards nobody has seen: a card chosen for
the next deal position is swapped into that place of the deck order (the hand is dealt
again from the order once every dealt position is chosen); a card chosen for a stock draw
is swapped to the top of the stock just before the draw. Choosing the outcomes a seeded game
had replays that game exactly.

Deals are dealt card by card, in the deck order the engine deals from (round after round
over the seats dealt in, then the upcard, then a turned card). A stock draw's outcomes are
the cards of the stock's top part: after a reshuffle, the cards shuffled under the stock come
only once those above them are drawn. Bounds: the seating (first dealer, roles) stays seeded;
a deal won at once (``deal.instant_win``) that deals another hand in the same action is
refused (no bundled variant has one); a state taken mid-hand (:meth:`ChanceState.wrap`)
treats its stock as one pile.

The deck order, the stock and the card ids are reached through the engine's privileged entry
point (:class:`interpreter.engine.game.Privileged`, docs/agent-api.md): chance is the dealer.
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine import Action, State, new_game
from ..engine.game import Privileged
from ..errors import IllegalAction, RummyError
from ..model.variant import Variant
from ..spec import load_variant
from .determinize import clone, resample_hidden

CHANCE = -2


@dataclass
class _Deal:
    """A hand being dealt: the deck order (physical ids), its first ``fixed`` cards chosen,
    ``size`` cards dealt in all; ``redo`` deals the hand from an order."""

    redo: Callable[[list[int]], State]
    order: list[int]
    size: int
    fixed: int = 0


@dataclass
class _Draw:
    """An action waiting for the ``count`` cards it takes off the stock, ``fixed`` chosen."""

    action: Action
    count: int
    fixed: int = 0


@dataclass
class ChanceState:
    """A game with explicit chance over an engine State (``state``; during a deal's chance
    nodes it is provisional). Build one with :func:`new_chance_game` or :meth:`wrap`."""

    state: State
    deal: _Deal | None = None
    draw: _Draw | None = None
    parts: list[int] = field(default_factory=list)   # the stock's parts, sizes from the top

    @classmethod
    def wrap(cls, state: State) -> ChanceState:
        """The explicit-chance view of a state between actions (its stock as one pile)."""
        return cls(state, parts=[state.seat_view().stock_size])

    # ---- queries --------------------------------------------------------------------------
    @property
    def is_chance_node(self) -> bool:
        return self.deal is not None or self.draw is not None

    @property
    def current_player(self) -> int:
        """CHANCE (-2) at a chance node, else the State's (TERMINAL, -1, once over)."""
        return CHANCE if self.is_chance_node else self.state.current_player

    @property
    def is_terminal(self) -> bool:
        return not self.is_chance_node and self.state.is_terminal

    def legal_actions(self) -> list:
        """The actions of the seat to act; at a chance node, the outcomes."""
        if self.is_chance_node:
            return [card for card, _ in self.chance_outcomes()]
        return self.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[str, float]]:
        """(card, probability) for each card (notation) the next chance node may give: the
        unseen cards it is drawn from, copies counted in the probability."""
        cards, face_of = self._pool(), Privileged(self.state).face_of
        counts = Counter(face_of[c] for c in cards)
        name = self.state.seat_view().faces.name
        return [(name(face), n / len(cards)) for face, n in sorted(counts.items())]

    def observation(self, seat: int) -> dict:
        return self.state.observation(seat)

    def returns(self) -> list[float]:
        return self.state.returns()

    def clone(self) -> ChanceState:
        """An independent copy."""
        deal = None if self.deal is None else _Deal(self.deal.redo, list(self.deal.order),
                                                    self.deal.size, self.deal.fixed)
        draw = None if self.draw is None else _Draw(**vars(self.draw))
        return ChanceState(clone(self.state), deal, draw, list(self.parts))

    def resample_hidden(self, seat: int, rng: random.Random) -> ChanceState:
        """A determinisation from ``seat``'s information (see :mod:`.determinize`); only
        between actions, not at a chance node."""
        if self.is_chance_node:
            raise RummyError("resample_hidden: the game is at a chance node")
        return ChanceState.wrap(resample_hidden(self.state, seat, rng))

    # ---- playing --------------------------------------------------------------------------
    def apply(self, move: Action | str) -> None:
        """At a chance node, ``move`` is one of the outcomes' cards; else an action."""
        if self.deal is not None:
            self._deal_card(self._face(move))
        elif self.draw is not None:
            self._draw_card(self._face(move))
        else:
            self._act(move)

    def _act(self, action: Action | str) -> None:
        """Apply the action on trial: if it takes cards off the stock, undo it and ask chance
        for them first; if it deals a new hand, ask chance for the deal."""
        state = self.state
        cards = Privileged(state)
        before, stock, deals = clone(state), list(cards.stock), cards.deals
        state.apply(action)
        if cards.deals != deals:
            self._start_deal(lambda order: _redealt(before, action, order), deals + 1)
            return
        taken = len(set(stock) - set(cards.stock))
        if taken:
            self.state = before
            self.draw = _Draw(_as_action(action), taken)
            return
        self._stock_moved(0)

    def _start_deal(self, redo: Callable[[list[int]], State], deals: int) -> None:
        cards = Privileged(self.state)
        if cards.deals != deals:
            raise RummyError("explicit chance: a hand won at the deal that deals another in "
                             "the same action is not supported")
        order, size = cards.dealt_order()
        self.deal = _Deal(redo, order, size)

    def _deal_card(self, face: int) -> None:
        deal = self.deal
        assert deal is not None
        _swap_in(Privileged(self.state).face_of, deal.order, range(deal.fixed, len(deal.order)),
                 deal.fixed, face)
        deal.fixed += 1
        if deal.fixed == deal.size:
            deals = Privileged(self.state).deals
            self.state, self.deal = deal.redo(deal.order), None
            cards = Privileged(self.state)
            if cards.deals != deals:
                raise RummyError("explicit chance: a hand won at the deal that deals another "
                                 "in the same action is not supported")
            self.parts = [len(cards.stock)]

    def _draw_card(self, face: int) -> None:
        draw = self.draw
        assert draw is not None
        cards = Privileged(self.state)
        stock = cards.stock                         # (the state's own: rearranged in place)
        top = len(stock) - 1 - draw.fixed
        _swap_in(cards.face_of, stock, range(top, self._part_bottom(top) - 1, -1), top, face)
        draw.fixed += 1
        if draw.fixed == draw.count:
            self.draw = None
            self.state.apply(draw.action)
            self._stock_moved(draw.count)

    def _stock_moved(self, taken: int) -> None:
        """Keep the stock's parts: ``taken`` cards off the top, and a reshuffled pile put
        under the stock."""
        parts = self.parts
        while taken and parts:
            used = min(taken, parts[0])
            parts[0] -= used
            taken -= used
            if not parts[0]:
                parts.pop(0)
        grown = self.state.seat_view().stock_size - sum(parts)
        if grown > 0:
            parts.append(grown)

    # ---- the cards chance chooses from --------------------------------------------------------
    def _pool(self) -> list[int]:
        if self.deal is not None:
            return self.deal.order[self.deal.fixed:]
        if self.draw is None:
            raise RummyError("chance_outcomes: the game is not at a chance node")
        stock = Privileged(self.state).stock
        top = len(stock) - 1 - self.draw.fixed
        return stock[self._part_bottom(top):top + 1]

    def _part_bottom(self, index: int) -> int:
        """The lowest stock index of the part holding stock index ``index``."""
        bottom = self.state.seat_view().stock_size
        for size in self.parts:
            bottom -= size
            if bottom <= index:
                return bottom
        return 0

    def _face(self, card: Action | str) -> int:
        if not isinstance(card, str):
            raise IllegalAction(f"{card}: at a chance node, play a card (a chance outcome)")
        face = self.state.seat_view().faces.parse(card)
        face_of = Privileged(self.state).face_of
        if face not in {face_of[c] for c in self._pool()}:
            raise IllegalAction(f"{card} is not a chance outcome now: the outcomes are "
                                f"{' '.join(c for c, _ in self.chance_outcomes())}")
        return face


def _as_action(action: Action | str) -> Action:
    return action if isinstance(action, Action) else Action.parse(action)


def new_chance_game(variant: Variant | str, players: int | None = None, seed: int = 0,
                    dealer: int | None = None,
                    roles: dict[str, int] | None = None) -> ChanceState:
    """A new match at its first chance node (the first card of the first deal); the seat
    draws and any hand chance does not reach are seeded as in :func:`new_game`."""
    if isinstance(variant, str):
        variant = load_variant(variant)
    game = ChanceState(new_game(variant, players, seed, dealer=dealer, roles=roles))
    faces = Privileged(game.state).face_of

    def redo(order: list[int]) -> State:
        return new_game(variant, players, seed, deck=[faces[c] for c in order], dealer=dealer,
                        roles=roles)

    game._start_deal(redo, 1)
    return game


def dealt_order(state: State) -> tuple[list[int], int]:
    """(the deck order a hand just dealt came from, top first; how many of its cards the
    deal used): the cards dealt round after round over the seats in play, the upcard, the
    turned card, then the stock from its top."""
    return Privileged(state).dealt_order()


def _redealt(before: State, action: Action | str, order: list[int]) -> State:
    """``before`` with ``action`` applied again, the hand it deals dealt from ``order``."""
    state = Privileged(before).with_deck_order(order)
    state.apply(action)
    return state


def _swap_in(face_of, cards: list[int], search, at: int, face: int) -> None:
    """Swap into ``cards[at]`` the first card showing ``face`` at the indexes ``search``."""
    for i in search:
        if face_of[cards[i]] == face:
            cards[i], cards[at] = cards[at], cards[i]
            return
    raise IllegalAction(f"no unseen card shows face {face}")
