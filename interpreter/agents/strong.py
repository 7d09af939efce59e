"""The strong agent: greedy's deadwood sense plus what the table shows about the others.

It reads only what its seat may know, through the agent API (:meth:`State.seat_view`,
docs/agent-api.md): its own hand, the discard pile, the cards each opponent took from the
discard pile (``SeatView.known``), turn counts. Rules, where they differ from
greedy (which plays everything else: layoffs, spreads, draws where depth draws are offered,
and every turn of a game with table melds):
take the discard (or upcard) only when it joins a meld and lowers the deadwood; discard,
among the cards leaving near-least deadwood, the one that keeps the most live outs (unseen
cards that would meld) and is least likely to help an opponent (near the cards they took);
knock when the deadwood is at most ``knock_at``, always with gin, and only at
``late_knock_at`` or less once ``late_turn`` turns of the hand have passed.

Bounded as greedy is (``nodes`` and ``seconds`` set its table-play search); its own rules
only evaluate deadwood, and a hand beyond the arrangement search's limit gets greedy's
:func:`.greedy.simple_move`.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from ..budget import NODES, SECONDS
from ..errors import LimitError
from ..melds.additions import Additions, additions
from ..melds.bits import PlainMelds
from .greedy import GreedyAgent, simple_move

if TYPE_CHECKING:
    from ..engine import Action, State
    from ..engine.game import SeatView


class StrongAgent:
    name = "strong"
    OPTIONS: ClassVar[dict[str, Any]] = {
        "knock_at": 10, "late_knock_at": 3, "late_turn": 14, "slack": 2, "outs": 0.5,
        "wary": 4.0, "nodes": NODES, "seconds": SECONDS}

    def __init__(self, seed: int, **options):
        """The strong agent has no randomness; ``options`` override OPTIONS."""
        settings = {**self.OPTIONS, **options}
        self.knock_at, self.late_knock_at = settings["knock_at"], settings["late_knock_at"]
        self.late_turn, self.slack = settings["late_turn"], settings["slack"]
        self.outs_weight, self.wary = settings["outs"], settings["wary"]
        self.greedy = GreedyAgent(seed, nodes=settings["nodes"], seconds=settings["seconds"])

    def act(self, state: State) -> Action:
        try:
            return self._act(state)
        except LimitError:
            return simple_move(state)

    def _act(self, state: State) -> Action:
        legal = state.legal_actions()
        kinds = {a.kind for a in legal}
        if state.meld_step is not None or "meld" in kinds or \
                not kinds & {"take", "draw", "knock", "discard"}:
            return self.greedy.act(state)
        table = _table_of(state)
        if "take" in kinds:
            wanted = self._wants(table)
            return next(a for a in legal if a.kind == ("take" if wanted else "pass"))
        drawing = [a for a in legal if a.kind == "draw"] if "draw" in kinds else []
        draws = {a.pile: a for a in drawing if a.target is None}
        if len(draws) < len(drawing):
            return self.greedy.act(state)          # depth draws: greedy weighs them
        if draws:
            if "discard" in draws and ("stock" not in draws or self._wants(table)):
                return draws["discard"]
            return draws.get("stock", legal[0])
        knocks = [a for a in legal if a.kind == "knock"]
        discards = [a for a in legal if a.kind == "discard"]
        if knocks and (not discards or self._knocks(table, knocks)):
            return _best_knock(table, knocks)
        if discards:
            return self._discard(table, discards)
        return self.greedy.act(state)

    def _wants(self, table: _Table) -> bool:
        """Take the top discard: it joins a meld and lowers the deadwood after a discard."""
        return table.top is not None and table.takes_top()

    def _knocks(self, table: _Table, knocks) -> bool:
        after = min(table.after_knock(a) for a in knocks)
        limit = self.knock_at if table.view.turns < self.late_turn else self.late_knock_at
        return after == 0 or after <= limit

    def _discard(self, table: _Table, discards):
        values = table.values
        faces = [table.face(a) for a in discards]
        best = min(values[f] for f in faces)
        near = [(a, f) for a, f in zip(discards, faces) if values[f] <= best + self.slack]
        if len(near) == 1:
            return near[0][0]

        return self._least_cost(table, near, values)

    def _least_cost(self, table: _Table, near, values):
        """The near discard of least cost: its deadwood, less ``outs`` per live out, plus
        ``wary`` per card the opponents took next to it (ties: the highest card, then the
        lowest face). On table lookups (which never give up on a hand), live outs are
        counted only for discards whose cost, with the most outs they could have, can still
        beat the best found so far."""
        weight = self.outs_weight

        def cost(face: int, outs: int):
            score = values[face] - weight * outs
            return score + self.wary * table.danger(face), -table.points[face], face
        if not isinstance(table, _PlainTable):
            return min(near, key=lambda item: cost(item[1], table.outs(item[1], values[item[1]])))[0]
        bounds = sorted(((cost(f, table.most_outs(f) if weight >= 0 else 0),
                          cost(f, 0 if weight >= 0 else table.most_outs(f)), a, f)
                         for a, f in near), key=lambda item: item[0])
        cap = min(high for _, high, _, _ in bounds)     # some discard costs at most this
        alive = [(low, a, f) for low, _, a, f in bounds if low <= cap]
        if len(alive) == 1:
            return alive[0][1]
        best, choice = None, None
        for low, action, face in alive:
            if best is not None and low > best:
                break
            exact = cost(face, table.outs(face, values[face]))
            if best is None or exact < best:
                best, choice = exact, action
        return choice


def _table_of(state: State) -> _Table:
    """The acting seat's view: a :class:`_PlainTable` where the meld rules answer plain hands
    by table lookups."""
    view = state.seat_view(state.current_player)
    return _Table(view) if view.meld_rules.tables is None else _PlainTable(view)


class _Table:
    """The acting seat's public view, worked out once per decision. Its properties are
    worked out on first reading and then kept (a view serves one decision)."""

    def __init__(self, view: SeatView) -> None:
        self.faces, self.rules, self.points = view.faces, view.meld_rules, view.meld_rules.points
        self.view = view
        self.hand = list(view.hand())
        self.top: int | None = view.top
        self._taken: list[int] | None = None
        self._near: tuple[int, ...] | None = None
        self._unseen: list[tuple[int, int]] | None = None
        self._values: dict[int, int] | None = None

    @property
    def taken(self) -> list[int]:
        """The cards the opponents (not the seat's partners) took from the discard pile."""
        if self._taken is None:
            view = self.view
            team = view.team
            self._taken = [f for s in view.in_play if s not in team for f in view.known(s)]
        return self._taken

    @property
    def near(self) -> tuple[int, ...]:
        if self._near is None:
            self._near = _neighbours(self.faces)
        return self._near

    @property
    def unseen(self) -> list[tuple[int, int]]:
        """(face, copies) of the cards this seat has not seen."""
        if self._unseen is None:
            unseen = Counter(self.view.deck)
            unseen.subtract(self.hand)
            unseen.subtract(self.view.discard())
            unseen.subtract(self.taken)
            self._unseen = [(f, n) for f, n in unseen.items() if n > 0]
        return self._unseen

    @property
    def values(self) -> dict[int, int]:
        """The hand's deadwood after discarding each face."""
        if self._values is None:
            self._values = self.rules.discard_values(self.hand)
        return self._values

    def face(self, action) -> int:
        return self.faces.parse(action.cards[0])

    def takes_top(self) -> bool:
        """Whether the top discard joins a meld and lowers the deadwood after a discard."""
        top, hand, rules = self.top, self.hand, self.rules
        assert top is not None                  # (the caller asks only when there is one)
        now = rules.deadwood(hand)
        with_top = hand + [top]
        if rules.deadwood(with_top) >= now + self.points[top]:
            return False                       # it would sit in the deadwood
        values = rules.discard_values(with_top)
        return min((v for f, v in values.items() if f != top), default=now) < now

    def after_knock(self, action) -> int:
        if not action.cards:
            return self.rules.deadwood(self.hand)
        rest = list(self.hand)
        rest.remove(self.face(action))
        return self.rules.deadwood(rest)

    def outs(self, face: int, deadwood: int) -> int:
        """Unseen cards (copies counted) that would lower the deadwood (``deadwood``) of the
        hand without ``face``."""
        hand = list(self.hand)
        hand.remove(face)
        deadwood_of, near, mask = self.rules.deadwood, self.near, _mask(hand)
        return sum(n for f, n in self.unseen
                   if (near[f] & mask).bit_count() > 1 and deadwood_of(hand + [f]) < deadwood)

    def danger(self, face: int) -> int:
        """How many cards the opponents took lie next to ``face``: same rank, or same suit
        within two ranks (they are likely collecting there)."""
        near = self.near[face]
        return sum(near >> f & 1 for f in self.taken)


class _PlainTable(_Table):
    """The view of a plain hand (one bit per face): the same answers, by table lookups on
    bitmasks, the live outs by :mod:`..melds.additions`."""

    def __init__(self, view: SeatView) -> None:
        super().__init__(view)
        tables = view.meld_rules.tables
        assert tables is not None               # (made only where there are tables)
        self.tables: PlainMelds = tables
        self.additions: Additions = additions(self.tables)
        self.mask = _distinct_mask(self.hand)       # one deck: no face twice
        self._unseen_mask: int | None = None
        self._deadwood: int | None = None
        self._joining_all: int | None = None
        self._crowded: tuple[int, int] | None = None

    @property
    def unseen_mask(self) -> int:
        """The faces this seat has not seen (the deck has one card of each)."""
        if self._unseen_mask is None:
            view = self.view
            self._unseen_mask = _deck_mask(view.deck) & ~(
                self.mask | _distinct_mask(view.discard()) | _mask(self.taken))
        return self._unseen_mask

    @property
    def deadwood(self) -> int:
        if self._deadwood is None:
            self._deadwood = self.tables.deadwood(self.mask)
        return self._deadwood

    def takes_top(self) -> bool:
        tables, now, top = self.tables, self.deadwood, self.top
        assert top is not None                  # (the caller asks only when there is one)
        with_top = self.mask | 1 << top
        if tables.deadwood(with_top) >= now + self.points[top]:
            return False
        # the top's own discard leaves ``now``: the least over every discard decides
        return tables.best_discards(with_top)[0] < now

    def after_knock(self, action) -> int:
        return self.values[self.face(action)] if action.cards else self.deadwood

    def most_outs(self, face: int) -> int:
        """At least :meth:`outs` of ``face``."""
        return self._joining(face).bit_count()

    def outs(self, face: int, deadwood: int) -> int:
        rest = self.mask & ~(1 << face)
        return self.additions.lowering(rest, self._joining(face), deadwood).bit_count()

    @property
    def joining(self) -> int:
        """The unseen cards that join a meld with cards of the whole hand: a superset of those
        joining one with the hand less any card."""
        if self._joining_all is None:
            self._joining_all = self.additions.joining(self.mask, self.unseen_mask)
        return self._joining_all

    @property
    def crowded(self) -> tuple[int, int]:
        """(the faces near at least two cards of the hand, those near at least three)."""
        if self._crowded is None:
            near, once, twice, thrice = self.near, 0, 0, 0
            for f in self.hand:
                around = near[f]
                thrice |= twice & around
                twice |= once & around
                once |= around
            self._crowded = twice, thrice
        return self._crowded

    def _joining(self, face: int) -> int:
        """The cards of :attr:`joining` near two cards of the hand without ``face`` (a card
        near it loses one): a superset of the unseen cards that can lower its deadwood."""
        twice, thrice = self.crowded
        return self.joining & (thrice | twice & ~self.near[face])


def _distinct_mask(faces: Iterable[int]) -> int:
    """The mask of faces none of which repeats."""
    return sum(map(_BIT, faces))


_BIT = (1).__lshift__


def _mask(faces: Iterable[int]) -> int:
    out = 0
    for f in faces:
        out |= 1 << f
    return out


@lru_cache(maxsize=8)
def _deck_mask(face_of: tuple[int, ...]) -> int:
    return _mask(face_of)


@lru_cache(maxsize=32)
def _neighbours(faces) -> tuple[int, ...]:
    """Per face, the mask of the faces that could share a meld with it: same rank, or same
    suit within two ranks (a joker is near everything)."""
    def near(a: int, b: int) -> bool:
        if a == b:
            return False
        if faces.is_joker(a) or faces.is_joker(b):
            return True
        ra, rb = faces.rank_of(a), faces.rank_of(b)
        return ra == rb or (faces.suit_of(a) == faces.suit_of(b) and abs(ra - rb) <= 2)
    return tuple(_mask([b for b in range(faces.count) if near(a, b)])
                 for a in range(faces.count))


def _best_knock(table: _Table, knocks):
    """Keep every card when allowed, else the knock leaving the least deadwood."""
    return min(knocks, key=lambda a: (bool(a.cards), table.after_knock(a),
                                      -table.points[table.face(a)] if a.cards else 0))
