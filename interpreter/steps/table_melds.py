"""Melding onto a shared table: meld actions, their check, applying them (the meld and
draw-until-meld steps share this; it owns the fields ``table``, ``opened``, ``table_points``
and ``melded``).

A meld action states the whole new table; :func:`interpreter.table.check_move` decides
whether it is legal. ``legal_actions`` lists a useful finite part of the possible moves —
every meld the hand makes alone, every hand card that extends a table meld — while any other
legal rearrangement is accepted by ``apply`` too (like a chess engine that checks one move
without generating all).
"""
from __future__ import annotations

from ..errors import CardError, IllegalAction
from ..meld_needs import MeldValues
from ..model.actions import Action
from ..table import Opening, check_move, opening_sets


def table_faces(state) -> list[list[tuple[int, int]]]:
    """The table as (face, declared) pairs per meld."""
    return [[(state.face_of[c], d) for c, d in meld] for meld in state.table]


def opening(state, seat: int) -> Opening | None:
    """The opening requirement still pending for ``seat``, if any."""
    rules = state.variant.table
    pending = (not state.table if rules.opening_applies_to == "first_meld_of_round"
               else seat not in state.opened)
    if not pending:
        return None
    needs = rules.needs_in(state.deals)
    all_cards = rules.opening_all_cards is not None and bool(rules.opening_all_cards(
        {"round": state.deals, "player_count": state.players}))
    if not (rules.opening_complete_melds or rules.opening_min_points or needs or all_cards):
        return None
    return Opening(rules.opening_complete_melds, rules.opening_min_points, needs,
                   rules.opening_extra_melds, all_cards, rules.meld_values)


def may_lay_new_melds(state, seat: int) -> bool:
    """False once ``seat`` has opened, where players who have opened may only lay off."""
    return state.variant.table.new_melds_after_opening or seat not in state.opened


def meld_action(faces, table) -> Action:
    """The meld action stating ``table`` (melds of (face, declared) pairs)."""
    return Action("meld", melds=tuple(tuple(faces.token(f, d) for f, d in meld)
                                      for meld in table))


def meld_actions(state) -> list[Action]:
    """New melds from the hand alone, and single hand cards that extend a table meld."""
    v = state.variant
    rules, faces = v.meld_rules, v.faces
    seat = state.player
    hand = state.hand_faces(seat)
    table = table_faces(state)
    pending = opening(state, seat)
    keep = 1 if v.round_end.out_by_discard else 0       # a card kept back to discard
    out = []
    if pending is not None and not pending.by_count_and_points:
        return [meld_action(faces, table + [list(zip(m.cards, m.declared)) for m in melds])
                for melds in opening_sets(rules, table, hand, pending, keep,
                                          v.table.manipulation)]
    for meld in rules.melds_in(hand) if may_lay_new_melds(state, seat) else ():
        if len(hand) - len(meld.cards) < keep:
            continue
        new = table + [list(zip(meld.cards, meld.declared))]
        if pending is None or check_move(rules, table, new, hand, pending,
                                         manipulation=v.table.manipulation) is None:
            out.append(meld_action(faces, new))
    if pending is None and len(hand) - 1 >= keep:
        joker = faces.joker
        for k, meld in enumerate(table):
            declared = [d for _, d in meld]
            for f in sorted(set(hand)):
                identities = ([t for t in _extension_faces(rules, declared)] if f == joker
                              else [f])
                for d in identities:
                    grown = rules.meld([c for c, _ in meld] + [f], declared + [d])
                    if grown is not None:
                        new = list(table)
                        grown = rules.in_order(grown)
                        new[k] = list(zip(grown.cards, grown.declared))
                        out.append(meld_action(faces, new))
    return list(dict.fromkeys(out))


def extending_faces(state, faces: set[int]) -> set[int]:
    """Those of ``faces`` (natural cards) that would extend a meld on the table."""
    rules = state.variant.meld_rules
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
    for kind, template in rules.templates:
        extra = [f for f in template if f not in have]
        if len(extra) == 1 and have < set(template):
            out.append(extra[0])
    return sorted(set(out))


def apply_meld(state, action: Action) -> None:
    """Check the new table against the current one and the hand; then make it so."""
    v = state.variant
    faces, rules = v.faces, v.meld_rules
    seat = state.player
    if not action.melds:
        raise IllegalAction("a meld action names the whole new table: meld [7h 8h 9h] ...")
    try:
        new = [[faces.parse_token(t) for t in meld] for meld in action.melds]
    except CardError as error:
        raise IllegalAction(str(error)) from None
    hand = state.hand_faces(seat)
    reason = check_move(rules, table_faces(state), new, hand, opening(state, seat),
                        manipulation=v.table.manipulation,
                        new_melds=may_lay_new_melds(state, seat))
    if reason is not None:
        raise IllegalAction(f"{action} is not a legal meld: {reason}")
    added = sum(map(len, new)) - sum(map(len, state.table))
    if v.round_end.out_by_discard and added >= len(hand):
        raise IllegalAction(f"{action} would leave no card to discard: in this variant a "
                            "player goes out by discarding the last card")
    free = [c for meld in state.table for c, _ in meld]
    from_hand = list(state.hands[seat])
    table, by_meld = [], 0
    values = v.table.meld_values or MeldValues(faces)
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
    state.table = table
    points, face_of = v.faces.points, state.face_of
    played = sum(points[face_of[c]] for c in state.hands[seat]) - sum(
        points[face_of[c]] for c in from_hand)
    if v.table.melded_points == "by_meld":
        played = by_meld
    state.table_points[seat] = state.table_points.get(seat, 0) + played
    state.hands[seat] = from_hand
    state.melded = True
    if seat not in state.opened:
        state.opened.append(seat)
