"""Melding onto a shared table: meld actions, their check, applying them (the meld and
draw-until-meld steps share this; it owns the fields ``table``, ``table_owners``, ``opened``,
``table_points``, ``table_laid_off`` and ``melded``).

A meld action states the whole new table; :func:`interpreter.table.check_move` decides
whether it is legal. ``legal_actions`` lists a useful finite part of the possible moves —
every meld the hand makes alone, every hand card that extends a table meld — while any other
legal rearrangement is accepted by ``apply`` too (like a chess engine that checks one move
without generating all).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..errors import CardError, IllegalAction
from ..melds.needs import MeldValues
from ..model.actions import Action
from ..model.state_fields import (
    COUNT,
    FLAG,
    MELDS,
    PLACE,
    SEAT_COUNTS,
    SEAT_LIST,
    SEAT_NUMBERS,
    SEATS,
    Checker,
    state_field,
)
from ..model.views import team_seats
from ..table import Opening, check_move, opening_sets
from ..table.owners import others_reason, owners_after
from ..table.swaps import JokerSwap, spots, swap_at

if TYPE_CHECKING:
    from ..engine.state import GameState


@dataclass(eq=False)
class TableMemory:
    """The shared table's slice of the game state: its melds as [card, face] pairs, who laid
    each, who has opened, the points and the layoffs onto others' melds of each seat's hand
    cards put on the table this hand, and whether the player in turn has melded."""

    __slots__ = ()
    table: list[list[list[int]]] = state_field("hand", MELDS, factory=list, cards=PLACE)
    table_owners: list[int] = state_field("hand", SEAT_LIST, factory=list,
                                          doc="The seat that laid each table meld, index as in "
                                              "table.")
    opened: list[int] = state_field("hand", SEATS, factory=list)
    table_points: dict[int, int] = state_field("hand", SEAT_NUMBERS, factory=dict)
    table_laid_off: dict[int, int] = state_field("hand", SEAT_COUNTS, factory=dict)
    melded: bool = state_field("turn", FLAG, False)
    contracts_done: dict[int, int] = state_field(
        "match", SEAT_COUNTS, factory=dict,
        doc="The contracts (table.opening.by_round entries) each seat has laid this match.")
    new_meld_naturals: int = state_field("turn", COUNT, 0,
                                         doc="Natural cards of its rank a new meld of the card "
                                             "taken (must_use) must hold; 0: any use.")

    @staticmethod
    def check_saved(data: dict, at: str, check: Checker) -> None:
        """A saved table has an owner for each meld."""
        if len(data["table_owners"]) != len(data["table"]):
            raise check.fail(f"{at}.table_owners", f"{len(data['table_owners'])} owners for "
                             f"{len(data['table'])} table melds")


def table_faces(state: GameState) -> list[list[tuple[int, int]]]:
    """The table as (face, declared) pairs per meld."""
    return [[(state.face_of[c], d) for c, d in meld] for meld in state.table]


def opening(state: GameState, seat: int) -> Opening | None:
    """The opening requirement still pending for ``seat``, if any."""
    rules = state.variant.table
    pending = (not state.table if rules.opening_applies_to == "first_meld_of_round"
               else not has_opened(state, seat))
    if not pending:
        return None
    needs = rules.needs_in(state.contracts_done.get(seat, 0) + 1
                           if rules.opening_contract_by == "progress" else state.deals)
    all_cards = rules.opening_all_cards is not None and bool(rules.opening_all_cards(
        {"round": state.deals, "player_count": state.players}))
    min_points = rules.opening_points(state, seat)
    if not (rules.opening_complete_melds or min_points or needs or all_cards):
        return None
    return Opening(rules.opening_complete_melds, min_points, needs, rules.opening_extra_melds,
                   all_cards, rules.opening_values(state.variant.faces, state.meld_rules.points))


def has_opened(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has opened, or, with partnerships opening as a team, a partner has."""
    partnerships = state.variant.partnerships
    if partnerships is None or partnerships.opening != "team":
        return seat in state.opened
    return any(s in state.opened for s in team_seats(state, seat))


def may_lay_new_melds(state: GameState, seat: int) -> bool:
    """False once ``seat`` has opened, where players who have opened may only lay off."""
    return state.variant.table.new_melds_after_opening or seat not in state.opened


def meld_action(faces, table) -> Action:
    """The meld action stating ``table`` (melds of (face, declared) pairs)."""
    return Action("meld", melds=tuple(tuple(faces.token(f, d) for f, d in meld)
                                      for meld in table))


def meld_actions(state: GameState) -> list[Action]:
    """New melds from the hand alone, and single hand cards that extend a table meld (while a
    depth draw's card is pending, only those that use it)."""
    seat, must = state.player, pending_card(state)
    faces = state.variant.faces
    hand = state.hand_faces(seat)
    tables = new_tables(state, seat, hand, None if must is None else state.face_of[must],
                        state.new_meld_naturals)
    if state.variant.table.going_out_faces:
        before = table_faces(state)
        tables = (t for t in tables if going_out_reason(state, before, t, len(hand)) is None)
    actions = list(dict.fromkeys(meld_action(faces, new) for new in tables))
    if state.variant.round_end.may_go_out_when is None:
        return actions
    return [a for a in actions if _goes_out_allowed(state, a)]


def _goes_out_allowed(state: GameState, action: Action) -> bool:
    """Whether ``action`` is not refused for going out (round_end.may_go_out_when): tried on
    the state and undone, when it leaves the player no card to keep."""
    left = len(state.hands[state.player]) - (sum(map(len, action.melds or ())) -
                                             sum(map(len, state.table)))
    if left > _cards_to_keep(state):
        return True
    saved = state.snapshot()
    try:
        apply_meld(state, action)
        return True
    except IllegalAction:
        return False
    finally:
        state.restore(saved)


def _cards_to_keep(state: GameState) -> int:
    """The fewest cards a meld must leave in the hand of a player who may not go out: one to
    keep after the turn's discard, or none to keep where the turn has no discard."""
    return 1 if state.variant.step("discard") is not None else 0


def pending_card(state: GameState) -> int | None:
    """The card a depth draw took (or a turned-up card taken) that the player to act must
    still meld this turn, if any."""
    card = state.must_use if state.must_use is not None else state.must_meld
    return card if card is not None and card in state.hands[state.player] else None


def can_use(state: GameState, seat: int, hand: list[int], face: int, naturals: int = 0) -> bool:
    """Whether ``seat``, holding ``hand`` (faces), could meld ``face`` at once (with
    ``naturals``, in a new meld holding that many natural cards of its rank besides it):
    exactly when :func:`meld_actions` would offer a move using it."""
    return next(new_tables(state, seat, hand, face, naturals), None) is not None


def oblige_new_meld(state: GameState, naturals: int) -> None:
    """The card just taken (``must_use``) must go into a new meld holding ``naturals`` natural
    cards of its rank besides it (0: it may be melded or laid off)."""
    state.new_meld_naturals = naturals


def _holds_naturals(rules, meld: list[tuple[int, int]], face: int, naturals: int) -> bool:
    """Whether ``meld`` holds ``face`` and ``naturals`` natural cards of its rank besides."""
    rank = rules.faces.rank_of
    same = sum(1 for f, d in meld if f == d and not rules.is_wild(f) and rank(f) == rank(face))
    return any(f == face for f, _ in meld) and same - 1 >= naturals


def new_tables(state: GameState, seat: int, hand: list[int], must_face: int | None,
               naturals: int = 0):
    """The tables (melds of (face, declared) pairs) :func:`meld_actions` offers ``seat``
    holding ``hand``: new melds from the hand alone (an opening's whole set while the seat has
    not opened), then single cards laid off; with ``must_face``, only moves that play it
    (with ``naturals``, in a new meld holding that many naturals of its rank besides it)."""
    v = state.variant
    rules = state.meld_rules
    table = table_faces(state)
    pending = opening(state, seat)
    keep = 1 if v.round_end.keeps_a_card(state, seat) else 0     # a card kept to discard
    if pending is not None and not pending.by_count_and_points:
        for melds in opening_sets(rules, table, hand, pending, keep, v.table.manipulation):
            if must_face is None or any(must_face in m.cards and _holds_naturals(
                    rules, list(zip(m.cards, m.declared)), must_face, naturals) for m in melds):
                yield table + [list(zip(m.cards, m.declared)) for m in melds]
        return
    for meld in rules.melds_in(hand) if may_lay_new_melds(state, seat) else ():
        if len(hand) - len(meld.cards) < keep or (
                must_face is not None and not _holds_naturals(
                    rules, list(zip(meld.cards, meld.declared)), must_face, naturals)):
            continue
        new = table + [list(zip(meld.cards, meld.declared))]
        if pending is None or check_move(rules, table, new, hand, pending,
                                         manipulation=v.table.manipulation) is None:
            yield new
    if pending is None and len(hand) - 1 >= keep and not (must_face is not None and naturals):
        for k, laid in enumerate(table):
            if not may_extend(state, seat, k):
                continue
            for f in sorted(set(hand) if must_face is None else {must_face}):
                for grown in _extensions(rules, laid, f):
                    new = list(table)
                    new[k] = grown
                    yield new
    if pending is None and must_face is None:
        yield from swap_tables(state, seat, table, hand, keep)


def swap_rule(state: GameState, seat: int) -> JokerSwap | None:
    """The joker swaps ``seat`` may make now (table.joker_swap), if any."""
    swap = state.variant.table.joker_swap
    return swap if swap is not None and (swap.before_opening or seat in state.opened) else None


def swap_tables(state: GameState, seat: int, table, hand: list[int], keep: int):
    """Tables after one joker swap: the joker to the hand, or played at once (in a new meld
    from the hand, or laid off), as table.joker_swap says; only moves ``apply`` accepts."""
    swap, rules, joker = swap_rule(state, seat), state.meld_rules, state.variant.faces.joker
    if swap is None or joker is None:
        return
    manipulation, new_melds = state.variant.table.manipulation, may_lay_new_melds(state, seat)
    for spot in spots(rules, table, hand, swap):
        start, held = swap_at(table, hand, [spot], joker)
        if swap.to_hand:
            found = [start]
        else:
            found = [start + [list(zip(m.cards, m.declared))] for m in rules.melds_in(held)
                     if joker in m.cards and len(held) - len(m.cards) >= keep]
            found += [start[:k] + [grown] + start[k + 1:] for k, laid in enumerate(start)
                      if len(held) - 1 >= keep and may_extend(state, seat, k)
                      for grown in _extensions(rules, laid, joker)]
        for new in found:
            if check_move(rules, table, new, hand, None, manipulation=manipulation,
                          new_melds=new_melds, swap=swap) is None and \
                    owners_reason(state, seat, new) is None:
                yield new


def going_out_reason(state: GameState, table, new, held: int) -> str | None:
    """Why the move from ``table`` to ``new`` (melds of (face, declared) pairs) by a player
    holding ``held`` cards melds a card of table.only_going_out wrongly: not going out, or in
    a meld with a wild card; or None."""
    only, faces = state.variant.table.going_out_faces, state.variant.faces
    added = sum(map(len, new)) - sum(map(len, table))
    for meld in new:
        if not any(f in only or d in only for f, d in meld):
            continue
        if held - added > _cards_to_keep(state):
            return f"{', '.join(map(faces.name, sorted(only)))} may be melded only when going out"
        if any(f != d or state.meld_rules.is_wild(f) for f, d in meld):
            return f"{', '.join(map(faces.name, sorted(only)))} may not be melded with wild cards"
    return None


def may_extend(state: GameState, seat: int, k: int) -> bool:
    """Whether ``seat`` may lay cards off onto table meld ``k`` (table.layoff_onto; own: its
    team's, with partnerships)."""
    return state.variant.table.layoff_onto == "any" or \
        state.table_owners[k] in team_seats(state, seat)


def owners_reason(state: GameState, seat: int, new) -> str | None:
    """Why the move to the table ``new`` takes liberties with other players' melds (layoffs
    onto them where only one's own are allowed, rearranging them), or None."""
    rules = state.variant.table
    if rules.layoff_onto == "any" and not (rules.manipulation and rules.rearrange == "own"):
        return None
    team = team_seats(state, seat) if state.variant.partnerships is not None else ()
    return others_reason(state.variant.faces, table_faces(state), state.table_owners, new, seat,
                         extend=rules.layoff_onto == "any", team=team)


def _extensions(rules, meld: list[tuple[int, int]], face: int):
    """The melds (lists of (face, declared) pairs) that ``meld`` grows into with ``face``."""
    declared = [d for _, d in meld]
    identities = _extension_faces(rules, declared) if face == rules.faces.joker else [face]
    for d in identities:
        grown = rules.meld([c for c, _ in meld] + [face], declared + [d])
        if grown is not None:
            grown = rules.in_order(grown)
            yield list(zip(grown.cards, grown.declared))


def extending_faces(state: GameState, faces: set[int]) -> set[int]:
    """Those of ``faces`` (natural cards) that would extend a meld on the table."""
    rules = state.meld_rules
    out: set[int] = set()
    for meld in table_faces(state):
        cards, declared = [c for c, _ in meld], [d for _, d in meld]
        out |= {f for f in faces - out if not rules.faces.is_joker(f)
                and rules.meld(cards + [f], declared + [f]) is not None}
    return out


def _extension_faces(rules, declared: list[int]) -> list[int]:
    """Cards that, added to these declared cards, keep a legal meld."""
    have = set(declared)
    out = []
    for _kind, template in rules.templates:
        extra = [f for f in template if f not in have]
        if len(extra) == 1 and have < set(template):
            out.append(extra[0])
    return sorted(set(out))


def checked_table(state: GameState, action: Action) -> list[list[tuple[int, int]]]:
    """The new table ``action`` states, as (face, declared) pairs, if the player to act may
    make it from the table and their hand (else IllegalAction, with the reason)."""
    v = state.variant
    faces, seat = v.faces, state.player
    if not action.melds:
        raise IllegalAction("a meld action names the whole new table: meld [7h 8h 9h] ...")
    try:
        new = [[faces.parse_token(t) for t in meld] for meld in action.melds]
    except CardError as error:
        raise IllegalAction(str(error)) from None
    hand = state.hand_faces(seat)
    reason = _move_reason(state, seat, new, hand)
    if reason is not None:
        raise IllegalAction(f"{action} is not a legal meld: {reason}")
    added = sum(map(len, new)) - sum(map(len, state.table))
    if v.round_end.keeps_a_card(state, seat) and added >= len(hand):
        raise IllegalAction(f"{action} would leave no card to discard: in this variant a "
                            "player goes out by discarding the last card")
    return new


def apply_meld(state: GameState, action: Action) -> None:
    """Check the new table against the current one and the hand; then make it so."""
    v = state.variant
    faces, rules = v.faces, state.meld_rules
    seat = state.player
    new = checked_table(state, action)
    left = len(state.hands[seat]) - (sum(map(len, new)) - sum(map(len, state.table)))
    trial = (state.snapshot() if v.round_end.may_go_out_when is not None
             and left <= _cards_to_keep(state) else None)
    free = [c for meld in state.table for c, _ in meld]
    free_before = set(free)
    must = pending_card(state)
    from_hand = list(state.hands[seat])
    if must is not None:                    # the card a depth draw took is played first
        from_hand.remove(must)
        from_hand.insert(0, must)
    table, by_meld = [], 0
    values = v.table.meld_values or MeldValues(faces)
    from_hand_per_meld = []
    for meld in new:
        placed = []
        kind = rules.kind_of(d for _, d in meld) or ""
        for face, declared in meld:
            pool = free if any(state.face_of[c] == face for c in free) else from_hand
            card = next(c for c in pool if state.face_of[c] == face)
            pool.remove(card)
            placed.append([card, declared])
            if pool is from_hand:
                by_meld += values.card_points(kind, meld, declared)
        table.append(placed)
        from_hand_per_meld.append(sum(c in state.hands[seat] for c, _ in placed))
    if must is not None:
        _check_pending(state, action, table, free_before, must, must in from_hand)
    state.table_owners = owners_after(table_faces(state), state.table_owners, new, seat)
    laid_off = sum(n for n, owner in zip(from_hand_per_meld, state.table_owners) if owner != seat)
    if laid_off:
        state.table_laid_off[seat] = state.table_laid_off.get(seat, 0) + laid_off
    state.table = table
    points, face_of = state.meld_rules.points, state.face_of
    played = sum(points[face_of[c]] for c in state.hands[seat]) - sum(
        points[face_of[c]] for c in from_hand)
    if v.table.melded_points == "by_meld":
        played = by_meld
    state.table_points[seat] = state.table_points.get(seat, 0) + played
    state.hands[seat] = [c for c in state.hands[seat] if c in from_hand] + free  # + swapped
    state.melded = True
    if seat not in state.opened:
        state.opened.append(seat)
        if v.table.opening_contract_by == "progress":
            state.contracts_done[seat] = state.contracts_done.get(seat, 0) + 1
    if trial is not None:
        _check_going_out(state, trial, action, left)


def _move_reason(state: GameState, seat: int, new, hand: list[int]) -> str | None:
    """Why ``seat`` holding ``hand`` may not make the table ``new``, or None."""
    v = state.variant
    reason = check_move(state.meld_rules, table_faces(state), new, hand, opening(state, seat),
                        manipulation=v.table.manipulation,
                        new_melds=may_lay_new_melds(state, seat), swap=swap_rule(state, seat))
    if reason is None:
        reason = owners_reason(state, seat, new)
    if reason is None and v.table.going_out_faces:
        reason = going_out_reason(state, table_faces(state), new, len(hand))
    return reason


def _check_pending(state: GameState, action: Action, table: list[list[list[int]]],
                   on_table: set[int], must: int, kept: bool) -> None:
    """Refuse ``action`` if the card taken (``must``) is ``kept`` in hand, or is not in a new
    meld holding ``new_meld_naturals`` natural cards of its rank besides it where it must."""
    face_of, naturals, name = state.face_of, state.new_meld_naturals, state.variant.faces.name
    if kept:
        what = ("taken from the discard pile on the terms that it be melded this turn"
                if must == state.must_use else "the card turned up and taken: it must be melded "
                "this turn")
        raise IllegalAction(f"{action} does not meld {name(face_of[must])}, {what}")
    if not naturals:
        return
    face = face_of[must]                 # (copies of one face are interchangeable: any will do)
    if not any(all(c not in on_table for c, _ in meld) and any(face_of[c] == face for c, _ in meld)
               and _holds_naturals(state.meld_rules, [(face_of[c], d) for c, d in meld], face,
                                   naturals) for meld in table):
        raise IllegalAction(f"{action} does not put {name(face_of[must])}, "
                            f"taken from a frozen pile, into a new meld with {naturals} natural "
                            "cards of its rank")


def _check_going_out(state: GameState, trial: dict, action: Action, left: int) -> None:
    """Undo the meld just made (back to ``trial``, a snapshot) and refuse it if the player,
    left ``left`` cards, may not go out with the table as it now is."""
    reason = state.variant.round_end.going_out_refusal(state, state.player)
    if reason is not None:
        state.restore(trial)
        goes = "would go out" if not left else "would leave only a card to discard, going out"
        raise IllegalAction(f"{action} {goes}: {reason}")
