"""Melds a player must lay or hold, as meld kinds and sizes (a contract: "2 groups", "1 group +
1 run of 4+", "a pure run"), and card values that depend on the meld (an ace low or high in a
run). Openings check laid melds against them here; arrangements that must hold them are searched
in :mod:`interpreter.melds.needs_search`.

A table meld here is a sequence of ``(face, declared)`` pairs; it is *pure* when no card stands
for another (every face is its declared card, as ``Meld.jokers() == 0``).
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import Faces

KINDS = ("group", "run", "any")


@dataclass(frozen=True)
class Need:
    """``count`` melds of ``kind`` (group, run or any), each of ``min_size`` cards or more
    (0: the kind's own minimum), with no card standing for another when ``pure``."""

    kind: str = "any"
    count: int = 1
    min_size: int = 0
    pure: bool = False

    def allows(self, kind: str, size: int, stand_ins: int) -> bool:
        """Whether a meld of ``kind`` and ``size`` cards, ``stand_ins`` of them standing for
        another card, counts toward this need."""
        return ((self.kind == "any" or kind == self.kind) and size >= self.min_size
                and (not self.pure or stand_ins == 0))

    def fits(self, kind: str, meld: Sequence[tuple[int, int]]) -> bool:
        """Whether one laid meld of ``kind`` counts toward this need."""
        return self.allows(kind, len(meld), sum(f != d for f, d in meld))

    def text(self) -> str:
        """``2 groups``, ``1 pure run of 4+ cards``."""
        noun = {"group": "group", "run": "run", "any": "meld"}[self.kind]
        words = [str(self.count)] + (["pure"] if self.pure else []) + [
            noun + ("s" if self.count != 1 else "")]
        if self.min_size:
            words.append(f"of {self.min_size}+ cards")
        return " ".join(words)


def slots(needs: Iterable[Need]) -> tuple[Need, ...]:
    """One need per meld: a need of count 2 twice, each of count 1."""
    return tuple(Need(n.kind, 1, n.min_size, n.pure) for n in needs for _ in range(n.count))


def needs_text(needs: Sequence[Need]) -> str:
    """``2 groups + 1 run``."""
    return " + ".join(need.text() for need in needs)


def unmet(needs: Sequence[Need], melds: Sequence[tuple[str, Sequence[tuple[int, int]]]],
          extra_melds: bool = True) -> str | None:
    """None if the (kind, meld) pairs can be shared out among the needs, one meld per slot
    (a need of count 2 has two slots); else the reason. ``extra_melds`` False: no meld
    beyond the slots."""
    slots = [need for need in needs for _ in range(need.count)]
    if not slots:
        return None
    if not extra_melds and len(melds) > len(slots):
        return f"the opening lays exactly {needs_text(needs)}, no more melds"
    if _matched(len(slots), len(melds), lambda s, m: slots[s].fits(*melds[m])):
        return None
    return f"the opening needs {needs_text(needs)}"


def each_meld_needed(needs: Sequence[Need],
                     melds: Sequence[tuple[str, Sequence[tuple[int, int]]]]) -> bool:
    """Whether every one of these melds can fill its own slot of the needs."""
    slots = [need for need in needs for _ in range(need.count)]
    return _matched(len(melds), len(slots), lambda m, s: slots[s].fits(*melds[m]))


def _matched(left: int, right: int, fits) -> bool:
    """Whether each of ``left`` items gets its own of ``right`` items it ``fits`` (Kuhn's
    augmenting paths)."""
    holder: dict[int, int] = {}                  # right item -> left item

    def place(item: int, seen: set[int]) -> bool:
        for other in range(right):
            if other not in seen and fits(item, other):
                seen.add(other)
                if other not in holder or place(holder[other], seen):
                    holder[other] = item
                    return True
        return False

    return all(place(item, set()) for item in range(left))


@dataclass(frozen=True)
class MeldValues:
    """Points of melded cards: each declared card's own points, but an ace in a run counts
    ``low_ace`` below the 2 and ``high_ace`` above the king (None: its own points)."""

    faces: Faces
    low_ace: int | None = None
    high_ace: int | None = None
    wild_points: tuple[int, ...] | None = None   # by face: a wild standing for another counts
                                                 # these (None: as the card it stands for)

    @property
    def plain(self) -> bool:
        """Every card counts its own points, wherever it is melded."""
        return self.low_ace is None and self.high_ace is None and self.wild_points is None

    def points(self, kind: str, meld: Sequence[tuple[int, int]]) -> int:
        """Points of one laid meld (a joker counts as the card it stands for, or its own
        ``wild_points``)."""
        wild = self.wild_points
        return sum(wild[f] if wild is not None and f != d else self.card_points(kind, meld, d)
                   for f, d in meld)

    def card_points(self, kind: str, meld: Sequence[tuple[int, int]], declared: int) -> int:
        """Points of the card standing for ``declared`` in this laid meld."""
        faces = self.faces
        own = faces.points[declared]
        if kind != "run" or self.plain or faces.rank_of(declared) != 0:
            return own
        last = len(faces.ranks) - 1                      # the ace is the first rank
        ranks = {faces.rank_of(d) for _, d in meld}
        high = last in ranks and (1 not in ranks or len(ranks) == len(faces.ranks))
        value = self.high_ace if high else self.low_ace
        return own if value is None else value
