"""Cards as small ints: the face alphabet of a variant, notation, and physical decks.

A *face* is what a card shows: ``suit * len(ranks) + rank``, with one extra face for the
joker. A *physical card* is one card of the shuffled deck (an index into ``Deck.faces_of``);
with one deck and no jokers the two coincide. A card on a table is a *token*: ``5c``, or
``Jk(5c)`` for a joker standing for the 5 of clubs.

A card's notation is its rank then its one-letter suit. Tile sets use the same notation with
numbered ranks (:func:`number_ranks`) and colours for suits: ``7r`` is the red 7 and ``13b``
the blue 13 (a suit is always the last letter, so a number of any length reads unambiguously).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from operator import index
from typing import SupportsIndex

from .errors import CardError

DEFAULT_SUITS = ("c", "d", "h", "s")
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}
DEFAULT_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
DEFAULT_POINTS = {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10, "Jk": 25}
JOKER = "Jk"


@dataclass(frozen=True)
class Faces:
    """The faces of a variant's cards: suits, ranks, point values, and maybe a joker."""

    suits: tuple[str, ...] = DEFAULT_SUITS
    ranks: tuple[str, ...] = DEFAULT_RANKS
    points: tuple[int, ...] = ()
    jokers: bool = False
    suit_names: tuple[str, ...] = ()      # a name per suit (e.g. "red" for r); (): letters only
    # every face's notation by face id; notation -> face, with the lower-case spellings too
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _by_name: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        names = tuple(r + s for s in self.suits for r in self.ranks) + (
            (JOKER,) if self.jokers else ())
        by_name = {name.lower(): face for face, name in reversed(list(enumerate(names)))}
        by_name.update((name, face) for face, name in enumerate(names))
        object.__setattr__(self, "_names", names)
        object.__setattr__(self, "_by_name", by_name)

    @classmethod
    def build(cls, suits=DEFAULT_SUITS, ranks=DEFAULT_RANKS, points=None, jokers=False,
              suit_names=()) -> Faces:
        """Faces with point values: ``points`` maps a rank (or ``Jk``) to its value.

        Unlisted ranks default to Ace 1, numbers their face value, pictures 10, joker 25.
        """
        table = dict(DEFAULT_POINTS)
        table.update(points or {})
        per_rank = [table.get(r, int(r) if r.isdigit() else 10) for r in ranks]
        values = tuple(per_rank * len(suits)) + ((table[JOKER],) if jokers else ())
        return cls(tuple(suits), tuple(ranks), values, jokers, tuple(suit_names))

    @property
    def count(self) -> int:
        """Number of distinct faces, the joker included."""
        return len(self.suits) * len(self.ranks) + (1 if self.jokers else 0)

    @property
    def joker(self) -> int | None:
        """The joker's face id, or None when the variant has none."""
        return len(self.suits) * len(self.ranks) if self.jokers else None

    def suit_name(self, suit: int) -> str:
        """The suit's own name where the deck gives one (``red``), else its letter."""
        return self.suit_names[suit] if self.suit_names else self.suits[suit]

    def face(self, suit: int, rank: int) -> int:
        return suit * len(self.ranks) + rank

    def suit_of(self, face: int) -> int:
        return face // len(self.ranks)

    def rank_of(self, face: int) -> int:
        return face % len(self.ranks)

    def is_joker(self, face: int) -> bool:
        return self.jokers and face == len(self.suits) * len(self.ranks)

    def name(self, face: SupportsIndex) -> str:
        """Notation of a face (an int, or any integer such as NumPy's): ``Ah``, ``Td``, ``Jk``."""
        i = index(face)
        if 0 <= i < len(self._names):
            return self._names[i]
        raise CardError(f"bad card id {face}: faces are 0..{self.count - 1}")

    def parse(self, text: object) -> int:
        """Face id of a notation such as ``Ah``, ``10d``, ``T♦`` or ``Jk``; CardError if bad
        (a value that is not a string included)."""
        if not isinstance(text, str):
            raise CardError(f"bad card {text!r}: expected a card such as 'Ah', 'Td' or 'Jk'")
        face = self._by_name.get(text)
        if face is not None:
            return face
        raw = text.strip()
        if not raw:
            raise CardError(f"bad card {text!r}: expected a card such as 'Ah', 'Td' or 'Jk'")
        face = self._by_name.get(raw, self._by_name.get(raw.lower()))
        if face is not None:
            return face
        if raw.lower() == JOKER.lower():
            raise CardError(f"bad card {text!r}: this variant has no jokers")
        suit = next((s for s in self.suits if raw.endswith(s)), None)
        if suit is None:
            suit = SUIT_SYMBOLS.get(raw[-1], raw[-1].lower())
            if suit not in self.suits:
                raise CardError(f"bad card {text!r}: unknown suit {raw[-1]!r} "
                                f"(suits are {', '.join(self.suits)})")
        rank = raw[:len(raw) - len(suit)]
        candidates = [rank, rank.upper(), "T" if rank == "10" else rank, "10" if rank == "T" else rank]
        found = next((r for r in candidates if r in self.ranks), None)
        if found is None:
            raise CardError(f"bad card {text!r}: unknown rank {rank!r} "
                            f"(ranks are {' '.join(self.ranks)})")
        return self.face(self.suits.index(suit), self.ranks.index(found))

    def parse_many(self, cards: Iterable[str | int] | str) -> list[int]:
        """Faces of several cards; accepts a space separated string, notations, or face ids."""
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        out: list[int] = []
        for card in cards:
            if isinstance(card, str):
                out.append(self.parse(card))
            elif type(card) is not int or not 0 <= card < self.count:
                raise CardError(f"bad card id {card!r}: faces are 0..{self.count - 1}")
            else:
                out.append(card)
        return out

    def token(self, face: int, declared: int) -> str:
        """``5c``, or ``Jk(5c)`` for a joker standing for the 5 of clubs."""
        return self.name(face) if face == declared else f"{self.name(face)}({self.name(declared)})"

    def parse_token(self, token: object) -> tuple[int, int]:
        """(face, declared) of a token such as ``5c``, ``Jk(5c)``, or ``2h(5c)`` (a card of a
        wild rank standing for 5c: whether the card is wild in the hand is the meld rules'
        to say); CardError if bad."""
        if isinstance(token, str) and token.endswith(")") and "(" in token:
            shown, declared = token[:-1].split("(", 1)
            face, stands_for = self.parse(shown), self.parse(declared)
            if self.is_joker(stands_for):
                raise CardError(f"bad card {token!r}: a joker stands for a card of the deck, "
                                f"not for a joker, e.g. Jk(5c)")
            return face, stands_for
        face = self.parse(token)
        if self.is_joker(face):
            raise CardError(f"bad card {token!r}: say which card the joker stands for, "
                            f"e.g. Jk(5c)")
        return face, face

    def sort_key(self, face: int) -> tuple[int, int]:
        """Hands read best grouped by suit, then by rank; jokers last."""
        if self.is_joker(face):
            return (len(self.suits), 0)
        return (self.suit_of(face), self.rank_of(face))


def number_ranks(low: int, high: int) -> tuple[str, ...]:
    """Numbered ranks ``low`` to ``high``, named by their numbers (a tile set's 1..13: the 1
    is its lowest rank, 10 stays ``10``)."""
    return tuple(str(n) for n in range(low, high + 1))


@dataclass(frozen=True)
class Deck:
    """A physical deck: ``copies`` of every face plus ``jokers`` jokers, in a fixed order."""

    faces: Faces
    copies: int = 1
    jokers: int = 0

    @property
    def faces_of(self) -> tuple[int, ...]:
        """Face of each physical card id, in the unshuffled order."""
        plain = len(self.faces.suits) * len(self.faces.ranks)
        order = [f for _ in range(self.copies) for f in range(plain)]
        return tuple(order + [plain] * self.jokers)     # the joker's face follows the plain ones

    @property
    def size(self) -> int:
        return len(self.faces.suits) * len(self.faces.ranks) * self.copies + self.jokers
