"""The greedy agent: one-ply deadwood minimisation over whatever actions the engine offers.

It reads its own hand, the discard pile and the legal actions, never another hand or the
stock. Rules by action kind, first match wins:
knock (keeping every card, else the discard leaving least deadwood); on a shared table, the
solver's play shedding the most points whenever melding is allowed; take/pass and draws
(the discard only when it lowers the deadwood after the best discard); discard (least
deadwood, ties: the highest card); layoffs that do not raise its deadwood, then spread;
anything else: the first legal action that is not "end".
"""
from __future__ import annotations


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int):
        """Greedy play has no randomness (ties break by card order): the seed is unused."""

    def act(self, state):
        legal = state.legal_actions()
        kinds = {a.kind: a for a in reversed(legal)}          # kind -> its first action
        seat = state.current_player
        hand = list(state.hand_faces(seat))
        if "knock" in kinds:
            return _knock(state, hand, [a for a in legal if a.kind == "knock"])
        if state.meld_step is not None:
            play = _best_play(state, hand)
            if play is not None:
                return play
        if "take" in kinds and "pass" in kinds:
            return kinds["take"] if _improves(state, hand) else kinds["pass"]
        draws = {a.pile: a for a in legal if a.kind == "draw"}
        if draws:
            if "discard" in draws and _improves(state, hand):
                return draws["discard"]
            return draws.get("stock", draws.get("discard"))
        if "discard" in kinds:
            return _least_deadwood(state, hand, [a for a in legal if a.kind == "discard"])
        if "layoff" in kinds or "spread" in kinds:
            best = _layoff(state, hand, [a for a in legal if a.kind == "layoff"])
            spreads = [a for a in legal if a.kind == "spread"]
            return best or next((a for a in spreads if a.melds is None), spreads[0])
        return next((a for a in legal if a.kind != "end"), legal[0])


def _best_play(state, hand: list[int]):
    """The table play shedding the most points (the solver's), or None if there is none."""
    from ..steps.table_melds import may_lay_new_melds, meld_action, opening, table_faces
    from ..table import find_play
    variant = state.variant
    seat = state.current_player
    pending = opening(state, seat)
    if (pending is not None and not pending.by_count_and_points) or not may_lay_new_melds(
            state, seat):
        return _most_cards(state)           # what the solver does not search: the listed ones
    play = find_play(variant.meld_rules, table_faces(state), hand, "points", pending,
                     manipulation=variant.table.manipulation)
    if play is not None and variant.round_end.out_by_discard and len(play.added) >= len(hand):
        return _most_cards(state)           # it would leave no card to discard
    return None if play is None else meld_action(variant.faces, play.new_table)


def _most_cards(state):
    """The listed meld action playing the most cards, or None."""
    melds = [a for a in state.legal_actions() if a.kind == "meld"]
    return max(melds, key=lambda a: sum(map(len, a.melds)), default=None)


def _improves(state, hand: list[int]) -> bool:
    """Whether adding the discard pile's top card, then the best other discard, lowers deadwood."""
    rules = state.variant.meld_rules
    top = state.face_of[state.discard[-1]]
    values = rules.discard_values(hand + [top])
    after = min((v for f, v in values.items() if f != top), default=None)
    return after is not None and after < rules.deadwood(hand)


def _least_deadwood(state, hand: list[int], actions):
    """The action whose card, discarded, leaves the least deadwood (ties: the highest card)."""
    faces = state.variant.faces
    values = state.variant.meld_rules.discard_values(hand)

    def cost(action):
        face = faces.parse(action.cards[0])
        return values[face], -faces.points[face]
    return min(actions, key=cost)


def _knock(state, hand: list[int], knocks):
    keep_all = [a for a in knocks if not a.cards]
    return keep_all[0] if keep_all else _least_deadwood(state, hand, knocks)


def _layoff(state, hand: list[int], layoffs):
    """The layoff leaving the least deadwood, if it does not raise the hand's deadwood."""
    if not layoffs:
        return None
    rules, faces = state.variant.meld_rules, state.variant.faces

    def after(action):
        rest = list(hand)
        rest.remove(faces.parse(action.cards[0]))
        return rules.deadwood(rest)
    best = min(layoffs, key=after)
    return best if after(best) <= rules.deadwood(hand) else None
