"""The greedy agent: one-ply deadwood minimisation over whatever actions the engine offers.

It reads its own hand, the discard pile and the legal actions through the agent API
(:meth:`State.seat_view`, docs/agent-api.md), never another hand or the stock. Rules by action kind, first match wins:
knock (keeping every card, else the discard leaving least deadwood); on a shared table, the
solver's play shedding the most points whenever melding is allowed; take/pass and draws
(a depth draw when the cards taken add more meldable points than twice the deadwood they
add; the discard only when it lowers the deadwood after the best discard); buy/pass (buy when the
card puts hand cards into a meld; the engine lists a buy only within the limits); discard (least
deadwood, ties: the highest card); layoffs that do not raise its deadwood, then spread;
anything else: the first legal action that is not "end".

Bounded: the table-play search visits at most ``nodes`` states (default 200,000; a
wall-clock backstop of ``seconds``, default 2 s) and then plays the best move found so far,
else the listed meld playing the most cards; a hand beyond what the arrangement search
accepts (LimitError) gets :func:`simple_move`. ``last_budget`` reports the last search.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ..budget import NODES, SECONDS, Budget
from ..errors import LimitError

if TYPE_CHECKING:
    from ..engine.game import Action, SeatView, State


class GreedyAgent:
    name = "greedy"
    OPTIONS: ClassVar[dict[str, Any]] = {"nodes": NODES, "seconds": SECONDS}

    def __init__(self, seed: int, **options):
        """Greedy play has no randomness (ties break by card order): the seed is unused;
        ``options`` override OPTIONS (the search budget)."""
        settings = {**self.OPTIONS, **options}
        self.last_budget = Budget(int(settings["nodes"]), float(settings["seconds"]))

    def act(self, state: State) -> Action:
        try:
            return self._act(state)
        except LimitError:
            return simple_move(state)

    def _act(self, state: State):
        legal = state.legal_actions()
        kinds = {a.kind: a for a in reversed(legal)}          # kind -> its first action
        view = state.seat_view(state.current_player)
        hand = list(view.hand())
        if "knock" in kinds:
            return _knock(view, hand, [a for a in legal if a.kind == "knock"])
        if state.meld_step is not None:
            play = _best_play(state, view, hand, self.last_budget)
            if play is not None:
                return play
        if "take" in kinds and "pass" in kinds:
            return kinds["take"] if _improves(view, hand) else kinds["pass"]
        if "buy" in kinds:
            return kinds["buy"] if _completes_meld(view, hand) else kinds["pass"]
        drawing = [a for a in legal if a.kind == "draw"] if "draw" in kinds else []
        draws = {a.pile: a for a in drawing if a.target is None}
        deep = _depth_draw(view, hand, [a for a in drawing if a.target])
        if deep is not None:
            return deep
        if draws:
            if "discard" in draws and _improves(view, hand):
                return draws["discard"]
            return draws.get("stock", draws.get("discard"))
        if "discard" in kinds:
            return _least_deadwood(view, hand, [a for a in legal if a.kind == "discard"])
        if "layoff" in kinds or "spread" in kinds:
            best = _layoff(view, hand, [a for a in legal if a.kind == "layoff"])
            spreads = [a for a in legal if a.kind == "spread"]
            return best or next((a for a in spreads if a.melds is None), spreads[0])
        return next((a for a in legal if a.kind != "end"), legal[0])


def simple_move(state: State) -> Action:
    """A legal move needing no search: draw from the stock, pass, discard the highest card,
    else the first legal action that is not "end"."""
    legal = state.legal_actions()
    for action in legal:
        if (action.kind == "draw" and action.pile == "stock") or action.kind == "pass":
            return action
    discards = [a for a in legal if a.kind == "discard"]
    if discards:
        faces = state.seat_view().faces
        return max(discards, key=lambda a: faces.points[faces.parse(a.cards[0])])
    return next((a for a in legal if a.kind != "end"), legal[0])


def _best_play(state: State, view: SeatView, hand: list[int], budget: Budget):
    """The table play shedding the most points (the solver's, within ``budget``), or None if
    there is none; where the solver cannot search (a contract, melds after opening) or the
    budget ran out with no play found, the listed meld playing the most cards."""
    from ..table import find_play
    variant = view.variant
    pending = view.opening()
    if (pending is not None and not pending.by_count_and_points) or \
            not view.may_lay_new_melds():
        return _most_cards(state)           # what the solver does not search: the listed ones
    play = find_play(view.meld_rules, view.table(), hand, "points", pending,
                     manipulation=variant.table.manipulation, budget=budget)
    if play is None and not budget.exhausted and view.must_meld() is None:
        return None
    action = None if play is None else view.meld_action(play.new_table)
    if play is None or variant.round_end.out_by_discard and len(play.added) >= len(hand) \
            or view.owners_reason(play.new_table) is not None \
            or view.must_meld() is not None and (action is None or not state.is_legal(action)) \
            or variant.round_end.may_go_out_when is not None and (action is None or not
                                                                   state.is_legal(action)):
        # out of budget, or it would leave no card to discard, change another's meld where
        # that is not allowed, leave out the card a depth draw took, or go out where the
        # player may not yet
        return _most_cards(state)
    return action


MAX_DEPTH_TRIED = 8          # deeper draws make hands too large to weigh quickly


def _depth_draw(view: SeatView, hand: list[int], draws):
    """The depth draw gaining most: the points the cards taken let the hand meld, less twice
    the deadwood they add (they count against the player if the hand ends); None if none
    gains."""
    draws = [a for a in draws if a.target <= MAX_DEPTH_TRIED]
    rules, points = view.variant.meld_rules, view.faces.points
    if not draws and rules.uses_tables:
        return None         # (else the hand is still weighed: a search may give up on it)
    before = sum(points[f] for f in hand) - 2 * rules.deadwood(hand)
    best, gain = None, 0
    for action in draws:
        cards = hand + view.discard()[-action.target:]
        value = sum(points[f] for f in cards) - 2 * rules.deadwood(cards) - before
        if value > gain:
            best, gain = action, value
    return best


def _most_cards(state: State):
    """The listed meld action playing the most cards, or None."""
    melds = [a for a in state.legal_actions() if a.kind == "meld"]
    return max(melds, key=lambda a: sum(map(len, a.melds or ())), default=None)


def _improves(view: SeatView, hand: list[int]) -> bool:
    """Whether adding the discard pile's top card, then the best other discard, lowers deadwood
    (discarding the top card again leaves the deadwood as it is: the best discard decides)."""
    rules = view.meld_rules
    top = _top(view)
    return rules.best_discards(hand + [top])[0] < rules.deadwood(hand)


def _completes_meld(view: SeatView, hand: list[int]) -> bool:
    """Whether the discard pile's top card would put hand cards into a meld (fewer deadwood
    points with it than without it)."""
    rules = view.variant.meld_rules
    top = _top(view)
    return rules.deadwood(hand + [top]) < rules.deadwood(hand)


def _top(view: SeatView) -> int:
    """The discard pile's top face (asked only where there is one: IndexError if not)."""
    top = view.top
    if top is None:
        raise IndexError("the discard pile is empty")
    return top


def _least_deadwood(view: SeatView, hand: list[int], actions):
    """The action whose card, discarded, leaves the least deadwood (ties: the highest card,
    then the first listed). Only the best discards are weighed when an action offers one."""
    parse, rules = view.faces.parse, view.meld_rules
    points = rules.points
    _, best = rules.best_discards(hand)
    tied = [a for a in actions if parse(a.cards[0]) in best]
    if tied:
        return min(tied, key=lambda a: -points[parse(a.cards[0])])
    values = rules.discard_values(hand)
    return min(actions, key=lambda a: (values[parse(a.cards[0])], -points[parse(a.cards[0])]))


def _knock(view: SeatView, hand: list[int], knocks):
    keep_all = [a for a in knocks if not a.cards]
    return keep_all[0] if keep_all else _least_deadwood(view, hand, knocks)


def _layoff(view: SeatView, hand: list[int], layoffs):
    """The layoff leaving the least deadwood, if it does not raise the hand's deadwood."""
    if not layoffs:
        return None
    rules, faces = view.meld_rules, view.faces

    def after(action):
        rest = list(hand)
        rest.remove(faces.parse(action.cards[0]))
        return rules.deadwood(rest)
    best = min(layoffs, key=after)
    return best if after(best) <= rules.deadwood(hand) else None
