"""A turn, step by step as the spec lists them: the upcard offer, draws, knock, discard.

Legal actions at a point of the turn are those of the current step, plus those of the steps
after it as long as the steps skipped are optional (a knock may be passed over to discard).
Each legal action remembers the step it belongs to, so applying it moves the turn there.
"""
from __future__ import annotations

import operator

from . import finish, table_play
from .actions import Action

END, KNOCK = Action("end"), Action("knock")
TAKE, PASS = Action("take"), Action("pass")
DRAW_STOCK, DRAW_DISCARD = Action("draw", pile="stock"), Action("draw", pile="discard")


# ---- the upcard offer ---------------------------------------------------------------------
def offer_actions(state) -> dict[Action, int]:
    return {TAKE: 0, PASS: 0}


def apply_offer(state, action: Action) -> None:
    seat = state.offer.pop(0)
    if action == TAKE:
        card = state.discard.pop()
        state.hands[seat].append(card)
        state.known[seat].append(card)
        state.taken = card
        state.offer = []
        state.phase, state.player = "turn", seat
        state.step = _index(state, "draw") + 1
        return
    if state.offer:
        state.player = state.offer[0]
        return
    state.phase, state.player, state.stock_only = "turn", state.in_play[0], True
    state.step = first_step(state)


def first_step(state) -> int:
    steps = state.variant.turn
    return 1 if steps and steps[0].kind == "offer_upcard" else 0


def _index(state, kind: str) -> int:
    for i, step in enumerate(state.variant.turn):
        if step.kind == kind:
            return i
    return -1


# ---- legal actions in a turn --------------------------------------------------------------
def turn_actions(state) -> dict[Action, int]:
    steps = state.variant.turn
    legal: dict[Action, int] = {}
    state.meld_step = None
    i = state.step
    while i < len(steps):
        actions, required = _step_actions(state, steps[i])
        if state.can_meld and state.meld_step is None and _may_meld(state, steps[i]):
            state.meld_step = i
        if actions:
            if legal:
                for a in actions:
                    legal.setdefault(a, i)
            else:
                legal = dict.fromkeys(actions, i)
            if required:
                return legal
        i += 1
    legal.setdefault(END, len(steps))
    return legal


def _step_actions(state, step) -> tuple[list[Action], bool]:
    """(actions of this step now, whether the step must be taken when it has actions)."""
    kind = step.kind
    if kind == "draw":
        out = [DRAW_STOCK] if state.stock else []
        if ("discard" in step.options["from"] and state.discard and not state.stock_only):
            out.append(DRAW_DISCARD)
        return out, True
    if kind == "draw_until_meld":
        melds = table_play.meld_actions(state) if _may_meld(state, step) else []
        if state.melded or state.draws >= step.options["max_draws"] or not state.stock:
            return melds, False
        return [DRAW_STOCK] + melds, True
    if kind == "knock":
        return _knocks(state, step), False
    if kind == "discard":
        return _discards(state, step), True
    return table_play.meld_actions(state), False          # meld


def _may_meld(state, step) -> bool:
    """Whether a meld action belongs to this step now."""
    if step.kind == "meld":
        return True
    if step.kind != "draw_until_meld":
        return False
    if state.melded:
        return True
    if state.draws == 0:
        return not state.stock                   # nothing to draw: the last lap
    return state.draws < step.options["max_draws"] or step.options["meld_after_last"]


def _discards(state, step) -> list[Action]:
    face_of, actions = state.face_of, state.card_actions("discard")
    faces = set(state.hand_faces(state.player))
    if step.options["not_taken_card"] and state.taken is not None and len(faces) > 1:
        faces.discard(face_of[state.taken])
    return [actions[f] for f in sorted(faces)]


def _knocks(state, step) -> list[Action]:
    if step.fixed_limits is not None:
        return _knocks_within_fixed_limits(state, step)
    inputs = _KnockInputs(state, step)
    if step.options["discard"] != "required":
        return [KNOCK] if step.when(inputs.env) else []
    test = _discard_test(state, step, inputs)
    out = [] if test is None else _discard_knocks(state, inputs.hand, test)
    if _kept_all_allowed(step, inputs):
        out.append(KNOCK)
    return out


def _knocks_within_fixed_limits(state, step) -> list[Action]:
    """:func:`_knocks` when both knock conditions compare a deadwood with a constant limit."""
    op, limit, kept_op, kept_limit = step.fixed_limits
    hand = state.hand_faces(state.player)
    rules = state.variant.meld_rules
    deadwood = rules.deadwood(hand)
    out = []
    lowest = deadwood - max(map(state.variant.faces.points.__getitem__, hand))
    if not (op in ("<", "<=", "==") and (lowest > limit or (op == "<" and lowest == limit))):
        compare = _OPS[op]
        out = _discard_knocks(state, hand, lambda after: compare(after, limit))
    if kept_op is None:
        if kept_limit:
            out.append(KNOCK)
    elif _OPS[kept_op](deadwood, kept_limit):
        out.append(KNOCK)
    return out


def _discard_knocks(state, hand: list[int], test) -> list[Action]:
    """``knock X`` for each discard X whose deadwood after passes ``test`` (and may be
    discarded: not the card just taken when the discard step forbids it)."""
    barred = None
    discard = state.variant.turn[_index(state, "discard")]
    if discard.options["not_taken_card"] and state.taken is not None:
        barred = state.face_of[state.taken]
    knocks = state.card_actions("knock")
    values = state.variant.meld_rules.discard_values(hand)
    return [knocks[face] for face, after in sorted(values.items())
            if face != barred and test(after)]


class _KnockInputs:
    """What a knock check may need, worked out only if asked: the best deadwood, the env."""

    def __init__(self, state, step):
        self.state, self.step = state, step
        self.hand = state.hand_faces(state.player)
        self._deadwood = self._env = None

    @property
    def deadwood(self) -> int:
        if self._deadwood is None:
            self._deadwood = self.state.variant.meld_rules.deadwood(self.hand)
        return self._deadwood

    @property
    def env(self):
        if self._env is None:
            self._env = finish.knock_env(self.state, self.state.player, self.hand)
            if self._deadwood is not None:
                self._env["deadwood"] = self._deadwood
        return self._env


_OPS = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
        "==": operator.eq, "!=": operator.ne}


def _discard_test(state, step, inputs):
    """A test of one deadwood-after-discard value, or None when no discard can pass it.

    A condition ``deadwood_after_discard <= limit`` has its limit worked out once, and no
    discard lowers the best deadwood by more than the card's points, which usually rules every
    knock out before any discard is tried.
    """
    if step.bound is None:
        results: dict[int, bool] = {}
        env = inputs.env

        def test(after: int) -> bool:
            if after not in results:
                env["deadwood_after_discard"] = after
                results[after] = bool(step.when(env))
                env.pop("deadwood_after_discard")
            return results[after]
        return test
    op, limit_formula = step.bound
    limit = limit_formula(None if limit_formula.constant else inputs.env)
    if op in ("<", "<=", "=="):
        highest = max(map(state.variant.faces.points.__getitem__, inputs.hand))
        lowest = inputs.deadwood - highest
        if lowest > limit or (op == "<" and lowest == limit):
            return None
    compare = _OPS[op]
    return lambda after: compare(after, limit)


def _kept_all_allowed(step, inputs) -> bool:
    """Whether the knock keeping every card is allowed (without_discard_when)."""
    formula = step.without_discard_when
    if formula.constant:
        return bool(formula(None))
    if step.kept_bound is not None and step.kept_bound[1].constant:
        op, limit = step.kept_bound
        return _OPS[op](inputs.deadwood, limit(None))
    return bool(formula(inputs.env))


# ---- applying -----------------------------------------------------------------------------
def apply_turn(state, action: Action, step_index: int) -> None:
    seat = state.player
    state.step = step_index
    step = state.variant.turn[step_index] if step_index < len(state.variant.turn) else None
    kind = action.kind
    if kind == "draw":
        if action.pile == "stock":
            for _ in range(step.options.get("count", 1) if step.kind == "draw" else 1):
                if state.stock:
                    state.hands[seat].append(state.stock.pop())
        else:
            card = state.discard.pop()
            state.hands[seat].append(card)
            state.known[seat].append(card)
            state.taken = card
        state.stock_only = False
        if step.kind == "draw_until_meld":
            state.draws += 1
        else:
            state.step += 1
    elif kind == "discard":
        _discard(state, seat, action.cards[0])
        end_turn(state)
    elif kind == "knock":
        kept = not action.cards
        if not kept:
            _discard(state, seat, action.cards[0])
        finish.knocked(state, seat, kept)
    elif kind == "meld":
        table_play.apply_meld(state, action)
        if state.variant.round_end.empty_hand_ends_round and not state.hands[seat]:
            state.went_out = seat
            finish.score_round(state)
    elif kind == "end":
        end_turn(state)


def _discard(state, seat: int, name: str) -> None:
    card = state.card_in_hand(seat, name)
    state.hands[seat].remove(card)
    if card in state.known[seat]:
        state.known[seat].remove(card)
    state.discard.append(card)


def end_turn(state) -> None:
    """After a turn: going out, the stock's state, the last lap, then the next player."""
    seat = state.player
    state.turns += 1
    v = state.variant
    if v.round_end.empty_hand_ends_round and not state.hands[seat]:
        state.went_out = seat
        finish.score_round(state)
        return
    if state.last_lap is not None:          # this seat has had its last turn
        state.last_lap.pop(0)
        if not state.last_lap:
            finish.score_round(state)
            return
        state.player = state.last_lap[0]
        start_turn(state)
        return
    rules = v.stock
    if len(state.stock) <= rules.exhausted_at:
        if rules.then == "void_hand":
            finish.void_hand(state)
            return
        if rules.then == "end_round":
            finish.score_round(state)
            return
        if rules.then == "last_lap":
            order = state.in_play
            at = order.index(seat)
            state.last_lap = order[at + 1:] + order[:at + 1]
            state.player = state.last_lap[0]
            start_turn(state)
            return
        if not _reshuffle(state):
            finish.void_hand(state)
            return
    state.player = state.next_in_play(seat)
    start_turn(state)


def _reshuffle(state) -> bool:
    """The discard pile but its top card, shuffled, goes under the stock; False if the guard
    on reshuffles is reached or there is nothing to reshuffle."""
    from .deal import shuffled
    limit = state.variant.stock.max_reshuffles
    if (limit is not None and state.reshuffles >= limit) or len(state.discard) < 2:
        return False
    state.reshuffles += 1
    pile, state.discard = state.discard[:-1], state.discard[-1:]
    state.stock = shuffled(pile, state.seed, "hand", state.deals, "reshuffle",
                           state.reshuffles) + state.stock
    return True


def start_turn(state) -> None:
    state.step = first_step(state)
    state.taken = None
    state.draws = 0
    state.melded = False
