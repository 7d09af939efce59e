"""The turn driver: which actions are legal now, and what happens after one is applied.

In a turn, the legal actions are those of the current step, plus those of the steps after it
as long as the steps passed over are optional (a knock may be passed over to discard). Each
legal action remembers its step. Steps apply their own actions (:mod:`interpreter.steps`) and
say what comes next. Outside the turn's steps, the stage of the current phase (the upcard
offer, buying, the spread, the wall) gives the actions and takes the answers, saying what
comes next (a Resume); stages open at their moments (after the deal, as a turn starts, after a
knock). After a turn the rules are asked in the variant's ``after_turn`` order (the round
end, the stock), and the first with something to say ends the hand or starts a last lap (an
Ending); a hand's end goes to :mod:`.scoring`. Owns ``phase``, ``player``, ``step``,
``turns`` and ``went_out``.
"""
from __future__ import annotations

import traceback

from ..errors import ActionFailed, RummyError
from ..model.actions import Action
from ..model.variant import KEEPS_TURN
from ..model.views import round_env
from ..rules import counters
from ..rules.base import Ending
from ..steps.base import END, After, Resume, Then
from . import dealing, scoring, story
from .legal import NOTHING, Legal
from .state import PHASES, GameState, Phase, reset_turn

# Enum members as module constants: reading one off its class costs ~70 ns before Python 3.12,
# and the driver reads several for every action.
OFFER, TURN, OVER, WALL, BUY = Phase.OFFER, Phase.TURN, Phase.OVER, Phase.WALL, Phase.BUY
NEXT, END_TURN, KNOCKED, BUYING = After.NEXT, After.END_TURN, After.KNOCK, After.BUYING
ASK, BACK_TO_TURN, HAND_KNOCKED, SCORED = Then.ASK, Then.TURN, Then.KNOCKED, Then.SCORE

# The fast paths of :func:`apply`: no snapshot before an action that cannot fail, the turn
# step's apply and the end of a turn that surely passes on inlined, both read from the
# variant's cache ``Variant.quiet_steps``. Off, every action goes the plain way (a snapshot,
# _play, _end_turn); tests/test_fast_paths.py plays every bundled variant both ways and
# requires identical games.
FAST_PATHS = True


def legal(state: GameState) -> Legal:
    phase = state.phase
    if phase is TURN:
        return turn_actions(state)
    stage = state.variant.stages.get(phase._value_)      # (none when the match is over)
    return NOTHING if stage is None else Legal(stage.stage_actions(state), 0)


def turn_actions(state: GameState) -> Legal:
    steps = state.variant.turn
    found: dict = {}
    meld_step = None
    anytime = state.variant.anytime_steps           # (a drop: offered all through the turn)
    if anytime:
        for i in anytime:
            if i < state.step:
                found.update(dict.fromkeys(steps[i].actions(state)[0], i))
    for i in range(state.step, len(steps)):
        step = steps[i]
        actions, required = step.actions(state)
        if step.melding and meld_step is None and step.melds_now(state):
            meld_step = i
        if actions:
            if required and not found and step.distinct and not step.instead:
                return Legal(actions, i, meld_step)          # the usual case: one step's
            if found:
                for a in actions:
                    found.setdefault(a, i)
            else:
                found = dict.fromkeys(actions, i)
            if required:
                if step.instead:
                    meld_step = _alternatives(state, step, found, meld_step)
                return Legal.of_steps(found, meld_step)
    found.setdefault(END, len(steps))
    return Legal.of_steps(found, meld_step)


def _alternatives(state: GameState, step, found: dict, meld_step: int | None) -> int | None:
    """An either/or turn: add the actions of the later steps that ``step`` may be replaced by
    (taking one moves the turn to that step); returns the meld step, which may be one."""
    steps = state.variant.turn
    for kind in step.instead:
        j = state.variant.step_index(kind)
        other = steps[j]
        for a in other.actions(state)[0]:
            found.setdefault(a, j)
        if other.melding and meld_step is None and other.melds_now(state):
            meld_step = j
    return meld_step


# ---- applying -------------------------------------------------------------------------
def apply(state: GameState, action: Action, index: int, guarded: bool = False) -> None:
    """Apply a legal ``action`` of step ``index`` (in the offer and spread phases, 0), all or
    nothing: if anything fails part-way (a formula's run-time error, a defect), the state is
    restored from a snapshot taken before, and the error is raised again (other than a
    RummyError, as :class:`ActionFailed`). A quiet action (:func:`quiet`) needs no snapshot."""
    phase = state.phase
    passes = False                  # a turn this action ends surely just passes on (quiet())
    if not guarded:
        if not FAST_PATHS:
            _atomic(state, action, index)
            return
        if phase is TURN:                            # quiet(), inlined: it runs every action
            limits = state.quiet_steps[index]
            if limits is not KEEPS_TURN:
                if limits is None or state.turns >= limits[0] or len(state.stock) <= limits[1] \
                        or state.last_lap is not None or (limits[2] is not None and len(
                            state.hands[state.player]) <= limits[2]):
                    _atomic(state, action, index)
                    return
                passes = True
        elif not quiet(state, index):
            _atomic(state, action, index)
            return
    seat, log = state.player, state.log
    hand = state.hands[seat]
    held = len(hand)
    if phase is not TURN or state.variant.action_hooks or not FAST_PATHS:
        _play(state, action, index)
    else:                                        # _play's turn step, inlined: the usual case
        steps = state.variant.turn
        after = END_TURN if index >= len(steps) else steps[index].apply(state, action)
        if after is END_TURN:
            if passes:                           # _end_turn, where all it checks is false
                state.turns += 1
                order = state.in_play
                _begin_turn(state, order[(order.index(state.player) + 1) % len(order)])
            else:
                _end_turn(state)
        elif after is NEXT and not (state.variant.round_end.empty_hand_ends_round
                                    and not state.hands[seat]):
            state.step = index + 1
        else:
            _after_step(state, after, index, seat)
    if state.log is log:                             # (a new hand has begun a new log)
        if state.hands[seat] is not hand:            # melded or spread: the cards laid
            kept = set(state.hands[seat])
            log.append((seat, action, tuple(c for c in hand if c not in kept), phase))
        else:                                        # the cards it brought into the hand
            more = len(hand) - held
            log.append((seat, action, () if more <= 0 else (hand[-1],) if more == 1
                        else tuple(hand[held:]), phase))


def _play(state: GameState, action: Action, index: int) -> None:
    """The action applied (see :func:`apply`)."""
    if state.variant.action_hooks:
        for step in state.variant.watchers:
            step.watch(state, state.player, action)
        event = f"draw_{action.pile}" if action.kind == "draw" else action.kind
        counters.on_action(state, state.player, event, action)
        rules = state.variant.round_end
        if rules.void_check == "action" and rules.void_when is not None and \
                rules.void_when(round_env(state, None)):
            scoring.void_hand(state)         # this action makes the hand void instead
            _next_hand(state)
            return
    phase = state.phase
    if phase is not TURN:
        _resume(state, state.variant.stages[phase._value_].answer(state, action))
        return
    steps = state.variant.turn
    seat = state.player
    if index >= len(steps):                  # "end"
        _end_turn(state)
        return
    after = steps[index].apply(state, action)
    if after is END_TURN:
        _end_turn(state)
    else:
        _after_step(state, after, index, seat)


def _after_step(state: GameState, after, index: int, seat: int) -> None:
    """Where the turn goes after step ``index``'s action (other than ending the turn)."""
    if after is KNOCKED:
        state.turns += 1
        _knocked(state)
    elif after is BUYING:
        state.step = index + 1
        state.phase, state.player = BUY, state.buyers[0]
    elif state.variant.round_end.empty_hand_ends_round and not state.hands[seat] and not (
            state.variant.deal.take_reserve(state, seat)):      # (else it plays on)
        _went_out(state, seat)
    else:
        state.step = index + 1 if after is NEXT else index


def _atomic(state: GameState, action: Action, index: int) -> None:
    """The action applied under a snapshot, restored if anything fails."""
    saved = state.snapshot()
    try:
        apply(state, action, index, guarded=True)
    except BaseException as error:
        state.restore(saved)
        if isinstance(error, RummyError) or not isinstance(error, Exception):
            raise
        raise ActionFailed(f"{action} failed in {_where(error)}: {type(error).__name__}: "
                           f"{error}; the game is as it was before the action") from error


def quiet(state: GameState, index: int) -> bool:
    """Whether the action of step ``index`` surely cannot fail part-way: it evaluates no
    formula and ends no hand, so it needs no snapshot. An answer to the upcard offer, or the
    action of a ``simple`` step (see :class:`~interpreter.steps.base.Step`) that keeps the
    turn, or one that ends it (or "end") when the turn then surely just passes on (what
    :func:`_end_turn` checks is all false); none where counters listen to actions or
    ``void_when`` is checked (Variant.quiet_steps)."""
    if state.phase is TURN:
        limits = state.quiet_steps[index]
        if limits is KEEPS_TURN:
            return True
        if limits is None:
            return False
        turns, low, keep = limits
        return (state.turns < turns and len(state.stock) > low and state.last_lap is None
                and (keep is None or len(state.hands[state.player]) > keep))
    return state.phase is OFFER and not state.variant.action_hooks


def _where(error: BaseException) -> str:
    """The innermost function of the interpreter the error came from, e.g. engine.scoring.
    score_hand (the rule that failed)."""
    for frame in reversed(traceback.extract_tb(error.__traceback__)):
        _, found, module = frame.filename.replace("\\", "/").rpartition("/interpreter/")
        if found:
            return f"{module.removesuffix('.py').replace('/', '.')}.{frame.name}"
    return "the engine"


def _resume(state: GameState, resume: Resume) -> None:
    """After an answer in a stage: ask the next seat, go back to the turn, or end the hand."""
    then = resume.then
    if then is ASK:
        assert resume.seat is not None
        state.player = resume.seat
    elif then is BACK_TO_TURN:
        assert resume.seat is not None
        state.phase, state.player = TURN, resume.seat
        if resume.step is not None:
            state.step = resume.step
    elif then is HAND_KNOCKED:
        state.turns += 1
        _knocked(state)
    elif then is SCORED:
        _score(state)
    else:
        scoring.void_hand(state)
        _next_hand(state)


def _start_turn(state: GameState, seat: int) -> None:
    reset_turn(state)
    state.player, state.step = seat, state.variant.first_step


def _begin_turn(state: GameState, seat: int) -> None:
    """Start ``seat``'s turn; where the others may buy the discard before the player in turn
    draws (``buy.in_turn_first: false``), with that buying stage."""
    reset_turn(state)                                # _start_turn, inlined
    state.player, state.step = seat, state.variant.first_step
    if state.variant.opening["turn"]:
        _open(state, "turn")


def _open(state: GameState, moment: str) -> bool:
    """Open the first stage that starts at ``moment`` and asks a seat now."""
    for stage in state.variant.opening[moment]:
        seat = stage.open(state)
        if seat is not None:
            assert stage.stage is not None           # (Variant.stages holds stages that are on)
            state.phase, state.player = PHASES[stage.stage], seat
            return True
    return False


def _end_turn(state: GameState) -> None:
    """After a turn: the rules are asked in the variant's ``after_turn`` order (the round end:
    going out, the guard, a void hand; then the stock: the last lap, the stock running low);
    the first with something to say decides; else the next player's turn begins."""
    seat = state.player
    state.turns += 1
    for rule in state.variant.after_turn:
        ending = rule.after_turn(state, seat)
        if ending is not None:
            _ENDINGS[ending._value_](state, seat)
            return
    _begin_turn(state, state.next_in_play(seat))


def _void(state: GameState, seat: int) -> None:
    scoring.void_hand(state)
    _next_hand(state)


def _void_by_guard(state: GameState, seat: int) -> None:
    scoring.void_hand(state, guard="round_end.max_turns")
    _next_hand(state)


def _next_of_last_lap(state: GameState, seat: int) -> None:
    lap = state.last_lap
    assert lap is not None
    _begin_turn(state, lap[0])


def _at_wall(state: GameState, seat: int) -> None:
    _start_turn(state, state.next_in_play(seat))
    state.phase = WALL


def _counted(state: GameState, seat: int) -> None:
    if state.knocker is not None:       # the last turns after a knock are over
        _knocked(state)
    else:
        _score(state)


def _went_out(state: GameState, seat: int) -> None:
    """Going out ends the hand, or, where the spec says so, gives the others one more turn."""
    if state.went_out is None:
        state.went_out = seat
    if not state.variant.round_end.last_turns_after_going_out:
        _score(state)
    elif state.last_lap is None:
        lap = state.variant.stock.start_last_lap(state, seat, others_only=True)
        if lap:
            _start_turn(state, lap[0])
        else:
            _score(state)
    elif state.variant.stock.after_turn(state, seat) is Ending.LAST_LAP:   # went out in a
        # last turn
        _start_turn(state, state.last_lap[0])
    else:
        _score(state)


def _knocked(state: GameState) -> None:
    """After a knock: the others' last turns, where the spec gives them; else the spread."""
    knocker = state.knocker
    assert knocker is not None
    if state.variant.round_end.last_turns_after_knock and state.last_lap is None:
        lap = state.variant.stock.start_last_lap(state, knocker, others_only=True)
        if lap:
            _start_turn(state, lap[0])
            return
    if not _open(state, "knock"):                  # the spread, where the spec has one
        _score(state)


def _score(state: GameState) -> None:
    scoring.score_hand(state)
    _next_hand(state)


def _next_hand(state: GameState) -> None:
    if state.over:
        state.phase = OVER
        return
    begin_hand(state)


def begin_hand(state: GameState) -> None:
    """Deal, then offer the upcard or start the first player's turn; a dealt hand that wins
    at once (``deal.instant_win``) is scored and the next hand dealt."""
    dealing.deal_hand(state)
    story.dealt(state)
    winner = state.variant.deal.instant_winner(state)
    while winner is not None:
        state.went_out = winner
        scoring.score_hand(state, won_at_deal=winner)
        if state.over:
            state.phase = OVER
            return
        dealing.deal_hand(state)
        story.dealt(state)
        winner = state.variant.deal.instant_winner(state)
    state.phase, state.player, state.step = TURN, state.in_play[0], state.variant.opening_step
    if _open(state, "hand"):                       # the upcard offer, before the first turn
        state.step = 0


# What the turn driver does for each ending a rule gives after a turn (_end_turn).
_ENDINGS = {ending.value: act for ending, act in (
    (Ending.WENT_OUT, _went_out), (Ending.GUARD, _void_by_guard), (Ending.VOID, _void),
    (Ending.SCORE, _counted), (Ending.LAST_LAP, _next_of_last_lap), (Ending.WALL, _at_wall))}
