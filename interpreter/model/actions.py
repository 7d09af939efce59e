"""Actions: small frozen values with a notation that round-trips (``Action.parse(str(a)) == a``).

    draw stock | draw discard      take | pass (the upcard offer)      discard Ah
    knock Ah (knock, discarding Ah) | knock (knock keeping every card)   end (end the turn)
    spread (the best arrangement) | spread [Ah 2h 3h] [7c 7d 7s] (exactly these melds)
    layoff 5h on 0 (onto the knocker's meld 0)
    meld [7h 8h 9h] [Jk(5c) 5d 5s] (table play: the whole new table, jokers with their card)
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..errors import IllegalAction

KINDS = ("draw", "take", "pass", "discard", "knock", "end", "spread", "layoff", "meld")
_MELD = re.compile(r"\[([^\[\]]*)\]")


class Action(NamedTuple):
    """``kind`` plus what it needs: a pile, cards (notation), a meld index, or melds.

    An immutable tuple underneath, so legal-action sets hash and compare at C speed.
    """

    kind: str
    pile: str | None = None                          # draw: stock | discard
    cards: tuple[str, ...] = ()                      # discard/knock/layoff: the card(s)
    target: int | None = None                        # layoff: index of the meld
    melds: tuple[tuple[str, ...], ...] | None = None  # spread: melds (None = best); meld: table

    def __str__(self) -> str:
        if self.kind == "draw":
            return f"draw {self.pile}"
        if self.kind == "layoff":
            return f"layoff {' '.join(self.cards)} on {self.target}"
        if self.kind == "meld":
            return "meld " + " ".join(f"[{' '.join(m)}]" for m in self.melds or ())
        if self.kind == "spread" and self.melds is not None:
            return "spread " + " ".join(f"[{' '.join(m)}]" for m in self.melds) if self.melds else "spread []"
        return " ".join((self.kind,) + self.cards)

    @classmethod
    def parse(cls, text: str) -> "Action":
        """The action a notation names; IllegalAction with the accepted forms if it names none."""
        words = text.split()
        if not words or words[0] not in KINDS:
            raise IllegalAction(f"cannot read action {text!r}: it starts with one of "
                                f"{', '.join(KINDS)}")
        kind, rest = words[0], words[1:]
        if kind == "draw" and len(rest) == 1 and rest[0] in ("stock", "discard"):
            return cls("draw", pile=rest[0])
        if kind in ("take", "pass", "end") and not rest:
            return cls(kind)
        if kind in ("discard",) and len(rest) == 1:
            return cls(kind, cards=(rest[0],))
        if kind == "knock" and len(rest) <= 1:
            return cls(kind, cards=tuple(rest))
        if kind == "layoff" and len(rest) >= 3 and rest[-2] == "on" and rest[-1].isdigit():
            return cls(kind, cards=tuple(rest[:-2]), target=int(rest[-1]))
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
        raise IllegalAction(f"cannot read action {text!r}: expected e.g. 'draw stock', 'take', "
                            f"'pass', 'discard Ah', 'knock Ah', 'end', 'spread [Ah 2h 3h]', "
                            f"'layoff 5h on 0', 'meld [7h 8h 9h] [Jk(5c) 5d 5s]'")
