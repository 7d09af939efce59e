"""Build one meld action in small readable steps, for frontends of manipulation games.

    edit = TableEdit(state)            # the table as it is, and the current player's hand
    edit.new_meld(["7h", "8h", "Jk(9h)"])
    edit.add(0, ["Th"])                # hand cards onto meld 0
    edit.move(1, "5c", 2)              # a table card from meld 1 to meld 2
    edit.replace_joker(2, "9h")        # the real 9h takes the joker's place in meld 2 ...
    edit.place_joker(0, "Jh")          # ... and the freed joker must go back on the table
    state.apply(edit.action())

Each step checks only that the cards it names are where it says; whether the whole move is
legal is decided when the action is applied (``edit.problem()`` tells in advance).
"""
from __future__ import annotations

import copy
import functools
from collections import Counter
from typing import TYPE_CHECKING

from ..errors import CardError, IllegalAction
from ..model.actions import Action
from ..steps.table_melds import may_lay_new_melds, opening, swap_rule, table_faces
from ..table import check_move

if TYPE_CHECKING:
    from ..engine.game import State


def _atomic(step):
    """A step either happens whole or, when it raises, leaves the draft as it was."""
    @functools.wraps(step)
    def run(self, *args):
        saved = copy.deepcopy((self.melds, self.hand, self.loose))
        try:
            return step(self, *args)
        except CardError as error:
            self.melds, self.hand, self.loose = saved
            raise IllegalAction(str(error)) from None
        except Exception:
            self.melds, self.hand, self.loose = saved
            raise
    return run


class TableEdit:
    """A draft of the new table; nothing in the game changes until its action is applied."""

    def __init__(self, state: State):
        self.state = state
        self.faces = state.variant.faces
        self.melds: list[list[str]] = [
            [self.faces.token(f, d) for f, d in meld] for meld in table_faces(state)]
        self.hand = Counter(self.faces.name(f) for f in state.hand_faces(state.player))
        self.loose: list[str] = []           # jokers freed by a replacement, still to place

    @_atomic
    def new_meld(self, cards: list[str]) -> int:
        """Start a meld from hand cards; returns its index."""
        self.melds.append([])
        self.add(len(self.melds) - 1, cards)
        return len(self.melds) - 1

    @_atomic
    def add(self, k: int, cards: list[str]) -> None:
        """Put hand cards (jokers as ``Jk(5c)``) onto meld ``k``."""
        meld = self._meld(k)
        for token in cards:
            face, declared = self.faces.parse_token(token)
            name = self.faces.name(face)
            if self.hand[name] <= 0:
                raise IllegalAction(f"no {name} left in hand")
            self.hand[name] -= 1
            meld.append(self.faces.token(face, declared))

    @_atomic
    def move(self, i: int, card: str, j: int) -> None:
        """Move a table card from meld ``i`` to meld ``j`` (``j`` = number of melds: a new one)."""
        token = self._take(i, card)
        if j == len(self.melds):
            self.melds.append([])
        self._meld(j).append(token)

    @_atomic
    def replace_joker(self, k: int, card: str) -> None:
        """The hand card ``card`` takes the place of the joker standing for it in meld ``k``."""
        if self.faces.joker is None:
            raise IllegalAction("this variant has no joker")
        face, _ = self.faces.parse_token(card)
        name = self.faces.name(face)
        joker = self.faces.token(self.faces.joker, face)
        self._take(k, joker)
        self.add(k, [name])
        self.loose.append(joker)

    @_atomic
    def place_joker(self, k: int, declared: str) -> None:
        """Put a freed joker on meld ``k`` (or a new meld), standing for ``declared``."""
        if not self.loose:
            raise IllegalAction("no freed joker to place")
        assert self.faces.joker is not None          # (a joker was freed: the deck has one)
        token = f"{self.faces.name(self.faces.joker)}({declared})"
        face, stands_for = self.faces.parse_token(token)
        self.loose.pop()
        if k == len(self.melds):
            self.melds.append([])
        self._meld(k).append(self.faces.token(face, stands_for))

    def action(self) -> Action:
        """The meld action this draft describes."""
        if self.loose and not self._to_hand():
            raise IllegalAction("a freed joker must be used on the table in the same move")
        return Action("meld", melds=tuple(tuple(m) for m in self.melds if m))

    def problem(self) -> str | None:
        """Why applying the action would be refused, or None when it is legal."""
        if self.loose and not self._to_hand():
            return "a freed joker must be used on the table in the same move"
        state = self.state
        if state.meld_step is None:
            return "melding is not allowed now"
        new = [[self.faces.parse_token(t) for t in m] for m in self.melds if m]
        return check_move(state.meld_rules, table_faces(state), new,
                          state.hand_faces(state.player), opening(state, state.player),
                          manipulation=state.variant.table.manipulation,
                          new_melds=may_lay_new_melds(state, state.player),
                          swap=swap_rule(state, state.player))

    def _to_hand(self) -> bool:
        """Whether a freed joker may go to the hand (table.joker_swap, joker_to: hand)."""
        swap = swap_rule(self.state, self.state.player)
        return swap is not None and swap.to_hand

    def _meld(self, k: int) -> list[str]:
        if not 0 <= k < len(self.melds):
            raise IllegalAction(f"no meld {k}: melds are 0-{len(self.melds) - 1}")
        return self.melds[k]

    def _take(self, k: int, card: str) -> str:
        meld = self._meld(k)
        face, declared = self.faces.parse_token(card)
        token = self.faces.token(face, declared)
        if token not in meld:
            raise IllegalAction(f"meld {k} has no {token}")
        meld.remove(token)
        return token
