"""Actions: small frozen values with a notation that round-trips (``Action.parse(str(a)) == a``).

    draw stock | draw discard | draw discard 3 (the third card from the top and all above it)
    take | pass (the upcard offer)      discard Ah
    buy | pass (buying the discard out of turn)
    knock Ah (knock, discarding Ah) | knock (knock keeping every card)   end (end the turn)
    drop (drop out of the hand)
    spread (the best arrangement) | spread [Ah 2h 3h] [7c 7d 7s] (exactly these melds)
    layoff 5h on 0 (onto the knocker's meld 0)
    meld [7h 8h 9h] [Jk(5c) 5d 5s] (table play: the whole new table, each wild with its card)
"""
from __future__ import annotations

import re
import reprlib
from typing import Any, NamedTuple

from ..errors import IllegalAction

KINDS = ("draw", "take", "pass", "discard", "knock", "end", "spread", "layoff", "meld", "buy",
         "drop")
_MELD = re.compile(r"\[([^\[\]]*)\]")
_INDEX = re.compile(r"[0-9]{1,6}")           # a meld index: ASCII digits, not any str.isdigit
MAX_INDEX = 999_999


class Action(NamedTuple):
    """``kind`` plus what it needs: a pile, cards (notation), a meld index, or melds.

    An immutable tuple underneath, so legal-action sets hash and compare at C speed.
    """

    kind: str
    pile: str | None = None                          # draw: stock | discard
    cards: tuple[str, ...] = ()                      # discard/knock/layoff: the card(s)
    target: int | None = None                        # layoff: index of the meld; draw: depth
    melds: tuple[tuple[str, ...], ...] | None = None  # spread: melds (None = best); meld: table

    def __str__(self) -> str:
        if self.kind == "draw":
            return f"draw {self.pile}" if self.target is None else f"draw {self.pile} {self.target}"
        if self.kind == "layoff":
            return f"layoff {' '.join(self.cards)} on {self.target}"
        if self.kind == "meld":
            return "meld " + " ".join(f"[{' '.join(m)}]" for m in self.melds or ())
        if self.kind == "spread" and self.melds is not None:
            return "spread " + " ".join(f"[{' '.join(m)}]" for m in self.melds) if self.melds else "spread []"
        return " ".join((self.kind,) + self.cards)

    @classmethod
    def parse(cls, text: str) -> Action:
        """The action a notation names; IllegalAction with the accepted forms if it names none."""
        if type(text) is not str:
            raise IllegalAction(f"cannot read action {show(text)}: an action is written as "
                                "text, e.g. 'draw stock'")
        words = text.split()
        if not words or words[0] not in KINDS:
            raise IllegalAction(f"cannot read action {show(text)}: it starts with one of "
                                f"{', '.join(KINDS)}")
        kind, rest = words[0], words[1:]
        found = cls._draw(text, rest) if kind == "draw" else cls._laying(kind, text, rest)
        if found is not None:
            return found
        if kind in ("take", "pass", "buy", "end", "drop") and not rest:
            return cls(kind)
        if kind in ("discard",) and len(rest) == 1:
            return cls(kind, cards=(rest[0],))
        if kind == "knock" and len(rest) <= 1:
            return cls(kind, cards=tuple(rest))
        if kind == "layoff" and len(rest) >= 3 and rest[-2] == "on":
            if _INDEX.fullmatch(rest[-1]) is None:
                raise IllegalAction(f"cannot read action {show(text)}: the meld index after "
                                    f"'on' is a number 0-{MAX_INDEX} in the digits 0-9")
            return cls(kind, cards=tuple(rest[:-2]), target=int(rest[-1]))
        raise IllegalAction(f"cannot read action {show(text)}: expected e.g. 'draw stock', "
                            f"'draw discard 3', 'take', 'pass', 'buy', 'discard Ah', 'knock Ah', "
                            f"'end', 'spread [Ah 2h 3h]', 'layoff 5h on 0', "
                            f"'meld [7h 8h 9h] [Jk(5c) 5d 5s]'")

    @classmethod
    def _draw(cls, text: str, rest: list[str]) -> Action | None:
        """``draw stock``, ``draw discard``, ``draw discard N``; None: not one of them."""
        if len(rest) == 1 and rest[0] in ("stock", "discard"):
            return cls("draw", pile=rest[0])
        if len(rest) == 2 and rest[0] == "discard":
            if _INDEX.fullmatch(rest[1]) is None or int(rest[1]) == 0:
                raise IllegalAction(f"cannot read action {show(text)}: the depth after "
                                    f"'discard' is a number 1-{MAX_INDEX} in the digits 0-9")
            depth = int(rest[1])
            return cls("draw", pile="discard", target=None if depth == 1 else depth)
        return None

    @classmethod
    def _laying(cls, kind: str, text: str, rest: list[str]) -> Action | None:
        """A meld or a spread with its melds in brackets; None: not one of them."""
        if kind == "meld":
            melds = tuple(tuple(m.split()) for m in _MELD.findall(text))
            if melds and all(melds) and _MELD.sub("", text.split(None, 1)[1]).strip() == "":
                return cls(kind, melds=melds)
        if kind == "spread":
            body = text.split(None, 1)[1] if rest else ""
            if not body:
                return cls(kind)
            melds = tuple(tuple(m.split()) for m in _MELD.findall(body))
            if _MELD.sub("", body).strip() == "" and all(melds) or body.strip() == "[]":
                return cls(kind, melds=tuple(m for m in melds if m))
        return None


def checked(value: Any) -> Action:
    """``value`` as an Action: notation is parsed, an Action's fields are checked to have the
    types an action's fields have; anything else is refused with IllegalAction."""
    if type(value) is not Action:
        if type(value) is str:
            return Action.parse(value)
        raise IllegalAction(f"not an action: {show(value)} (give an Action or its notation, "
                            "e.g. 'draw stock')")
    kind, pile, cards, target, melds = value
    if type(kind) is not str or kind not in KINDS:
        raise IllegalAction(f"not an action: kind {show(kind)} is not one of {', '.join(KINDS)}")
    if pile is not None and type(pile) is not str:
        raise IllegalAction(f"not an action: pile {show(pile)} is not 'stock' or 'discard'")
    if type(cards) is not tuple or not all(type(c) is str for c in cards):
        raise IllegalAction(f"not an action: cards {show(cards)} is not a tuple of card names")
    if target is not None and (type(target) is not int or not 0 <= target <= MAX_INDEX):
        raise IllegalAction(f"not an action: target {show(target)} is not a meld index "
                            f"0-{MAX_INDEX}")
    if melds is not None and (type(melds) is not tuple or not all(
            type(m) is tuple and all(type(c) is str for c in m) for m in melds)):
        raise IllegalAction(f"not an action: melds {show(melds)} is not a tuple of melds, "
                            "each a tuple of card names")
    return value


class _Short(reprlib.Repr):
    """reprlib's short repr, safe for ints too long for ``str`` (Python refuses 4,300+ digits)."""

    def repr_int(self, x: int, level: int) -> str:
        return repr(x) if x.bit_length() <= 64 else f"<an int of {x.bit_length()} bits>"


_SHORT = _Short()
_SHORT.maxstring = _SHORT.maxother = 60


def show(value: Any) -> str:
    """A short, safe repr of any value, for messages."""
    return _SHORT.repr(value)
