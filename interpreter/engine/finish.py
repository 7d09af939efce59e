"""The end of a hand: the knock and spread, layoffs, scoring from the spec's table, the void
hand, the next deal, and the end of the match with its bonuses."""
from __future__ import annotations


from ..errors import RummyError
from . import deal as dealing
from .actions import Action
from . import turn
from .views import CardView, LazyEnv, PlayerView

SPREAD = Action("spread")


# ---- formula environments -----------------------------------------------------------------
def views(state, counted: dict[int, int] | None = None) -> list[PlayerView]:
    """A PlayerView per seat; ``counted`` gives the points counted at a round's end."""
    return [PlayerView(state, seat, counted) for seat in range(state.players)]


class _SeatViews(dict):
    """PlayerViews made on first use, by seat."""

    def __init__(self, state):
        super().__init__()
        self.state = state

    def __missing__(self, seat: int) -> PlayerView:
        view = self[seat] = PlayerView(self.state, seat)
        return view


def _base_thunks(state, seats) -> dict:
    faces = state.variant.faces
    thunks = {"players": lambda: tuple(seats[s] for s in state.in_play),
              "dealer": lambda: seats[state.dealer],
              "upcard": lambda: CardView(faces, state.upcard) if state.upcard is not None else None,
              "stock_left": lambda: len(state.stock)}
    for role, seat in (state.roles or {}).items():
        thunks[role] = lambda seat=seat: seats[seat]
    return thunks


def knock_env(state, seat: int, hand: list[int]) -> LazyEnv:
    """The knock condition's names for ``seat``; deadwood_after_discard is set by the caller."""
    seats = _SeatViews(state)
    me = seats[seat]
    thunks = _base_thunks(state, seats)
    thunks.update(
        me=lambda: me,
        opponents=lambda: tuple(seats[s] for s in state.in_play if s != seat),
        deadwood=lambda: state.variant.meld_rules.deadwood(hand),
        hand_points=lambda: me.hand_points)
    env = LazyEnv(thunks)
    thunks["deadwood_after_discard"] = lambda: env["deadwood"]
    return env


def round_env(state, counted: dict[int, int] | None) -> LazyEnv:
    seats = views(state, counted)
    knocker = seats[state.knocker] if state.knocker is not None else None
    thunks = _base_thunks(state, seats)
    thunks["opponents"] = lambda: tuple(seats[s] for s in state.in_play if s != state.knocker)
    return LazyEnv(thunks, knocker=knocker, knocked=knocker is not None)


# ---- the knock and the spread -------------------------------------------------------------
def knocked(state, seat: int, kept_all: bool) -> None:
    state.knocker, state.kept_all = seat, kept_all
    state.turns += 1
    if not state.variant.round_end.spread:
        score_round(state)
        return
    state.phase, state.player = "spread", seat
    state.spread = {"melds": [], "orig": [], "arranged": {}, "laid": {}}


def spread_actions(state) -> dict[Action, int]:
    seat = state.player
    legal = {SPREAD: 0}
    for melds in _arrangements(state, seat):
        legal.setdefault(Action("spread", melds=melds), 0)
    if seat != state.knocker:
        for card, k in _layoffs(state, seat):
            legal[Action("layoff", cards=(card,), target=k)] = 0
    return legal


def same_spread_listed(state, action: Action, legal) -> bool:
    """Whether a spread naming its melds in another order (or cards in another order) is
    one of the legal spreads; the order the player gives is the order the melds are laid."""
    if action.melds is None:
        return False
    try:
        key = _spread_key(state, action.melds)
    except RummyError:
        return False
    return any(a.kind == "spread" and a.melds is not None and _spread_key(state, a.melds) == key
               for a in legal)


def _spread_key(state, melds) -> tuple:
    parse = state.variant.faces.parse_many
    return tuple(sorted(tuple(sorted(parse(m))) for m in melds))


def _arrangements(state, seat: int):
    """Every set of disjoint melds in the hand the knocker's condition allows, as notation."""
    rules, faces = state.variant.meld_rules, state.variant.faces
    hand = state.hand_faces(seat)
    melds = [m for m in rules.melds_in(hand) if not m.jokers()]
    check = _knock_check(state, seat, hand) if seat == state.knocker else None
    out = []

    def grow(start: int, chosen: list, left: list[int]):
        if chosen:
            rest = list(left)
            if check is None or check(sum(faces.points[f] for f in rest)):
                out.append(tuple(tuple(faces.name(c) for c in m.cards) for m in chosen))
        for i in range(start, len(melds)):
            cards = melds[i].cards
            if all(left.count(c) >= cards.count(c) for c in cards):
                remaining = list(left)
                for c in cards:
                    remaining.remove(c)
                grow(i + 1, chosen + [melds[i]], remaining)

    grow(0, [], hand)
    if check is None or check(sum(faces.points[f] for f in hand)):
        out.append(())
    return out


def _knock_check(state, seat: int, hand: list[int]):
    step = next(s for s in state.variant.turn if s.kind == "knock")
    env = knock_env(state, seat, hand)
    condition = step.without_discard_when if state.kept_all else step.when

    def check(deadwood: int) -> bool:
        env["deadwood_after_discard"] = env["deadwood"] = deadwood
        return bool(condition(env))
    return check


def _layoffs(state, seat: int):
    rules = state.variant.meld_rules
    face_of, name = state.face_of, state.variant.faces.name
    lay = state.variant.round_end.layoffs
    out = []
    own = state.spread["laid"].get(seat, [])
    for k, meld in enumerate(state.spread["melds"]):
        current = [d for _, d in meld]
        base = [d for _, d in state.spread["orig"][k]] + [face_of[c] for m, c in own if m == k]
        for f in sorted({face_of[c] for c in state.hands[seat]}):
            if state.variant.faces.is_joker(f):
                continue
            if rules.kind_of(current + [f]) and (not lay.original_melds_only or rules.kind_of(base + [f])):
                out.append((name(f), k))
    return out


def apply_spread(state, action: Action) -> None:
    seat = state.player
    if action.kind == "layoff":
        card = state.card_in_hand(seat, action.cards[0])
        state.hands[seat].remove(card)
        state.spread["melds"][action.target].append([card, state.face_of[card]])
        state.spread["laid"].setdefault(seat, []).append([action.target, card])
        return
    melds = _lay_melds(state, seat, action.melds)
    if seat == state.knocker:
        state.spread["melds"] = [[[c, state.face_of[c]] for c in m] for m in melds]
        state.spread["orig"] = [list(m) for m in state.spread["melds"]]
        state.spread["arranged"][seat] = {"melds": []}
        _start_defenders(state)
    else:
        state.spread["arranged"][seat] = {"melds": melds}
        _next_defender(state)


def _lay_melds(state, seat: int, notation) -> list[list[int]]:
    """Take the melds (notation, or None for the best arrangement) out of the seat's hand."""
    if notation is None:
        arrangement = state.variant.meld_rules.arrange(state.hand_faces(seat))
        wanted = [list(m.cards) for m in arrangement.melds]
    else:
        wanted = [state.variant.faces.parse_many(m) for m in notation]
    left, melds = list(state.hands[seat]), []
    for meld in wanted:
        cards = []
        for f in meld:
            card = next(c for c in left if state.face_of[c] == f)
            left.remove(card)
            cards.append(card)
        melds.append(cards)
    state.hands[seat] = left
    return melds


def _start_defenders(state) -> None:
    order = state.in_play
    at = order.index(state.knocker)
    state.defenders = order[at + 1:] + order[:at]
    lay = state.variant.round_end.layoffs
    if lay.allowed and lay.when(round_env(state, _counted(state))):
        _next_defender(state)
        return
    for seat in state.defenders:      # nothing to decide: everyone spreads their best
        state.spread["arranged"][seat] = {"melds": _lay_melds(state, seat, None)}
    state.defenders = []
    score_round(state)


def _next_defender(state) -> None:
    if not state.defenders:
        score_round(state)
        return
    state.player = state.defenders.pop(0)


def _counted(state) -> dict[int, int]:
    """The points counted against each seat now: spreads where made, else the best deadwood
    (or every card when the spec does not spread)."""
    v = state.variant
    out = {}
    for seat in state.in_play:
        if state.spread and seat in state.spread["arranged"]:
            out[seat] = sum(v.faces.points[f] for f in state.hand_faces(seat))
        elif v.round_end.spread:
            out[seat] = v.meld_rules.deadwood(state.hand_faces(seat))
        else:
            out[seat] = sum(v.faces.points[f] for f in state.hand_faces(seat))
    return out


# ---- scoring ------------------------------------------------------------------------------
def score_round(state) -> None:
    v = state.variant
    counted = _counted(state)
    env = round_env(state, counted)
    for outcome in v.scoring.outcomes:
        if outcome.when(env):
            break
    winners = tuple(outcome.winners(env))
    env["winners"] = winners
    env["losers"] = tuple(p for p in env["players"] if p not in winners)
    deltas = [0] * state.players
    for award in outcome.awards:
        for p in award.to(env):
            env["p"] = p
            if award.when(env):
                deltas[p.seat] += award.points(env)
    del env["p"]
    no_score = {state.roles[r] for r in v.roles.no_score} if v.roles else set()
    for seat in range(state.players):
        if seat not in no_score:
            state.scores_[seat] += deltas[seat]
    for p in winners:
        state.rounds_won[p.seat] += 1
    state.hands_played += 1
    state.history.append({
        "hand": state.deals, "outcome": outcome.name, "winners": [p.seat for p in winners],
        "knocker": state.knocker, "points": [0 if s in no_score else d for s, d in enumerate(deltas)],
        "deadwood": {str(s): counted[s] for s in counted}, "dealer": state.dealer,
        "roles": dict(state.roles) if state.roles else None, "turns": state.turns,
        "first_player": state.in_play[0]})
    _rotate(state, env)
    _next_dealer(state, winners, env)
    if _match_over(state):
        return
    start_hand(state)


def void_hand(state) -> None:
    v = state.variant
    state.history.append({"hand": state.deals, "outcome": v.scoring.void_outcome, "winners": [],
                          "knocker": None, "points": [0] * state.players, "deadwood": {},
                          "dealer": state.dealer,
                          "roles": dict(state.roles) if state.roles else None,
                          "turns": state.turns, "first_player": state.in_play[0]})
    if v.stock.void_dealer == "next" and not (v.roles and v.roles.dealer):
        state.dealer = (state.dealer + 1) % state.players
    if _match_over(state):
        return
    start_hand(state)


def _rotate(state, env) -> None:
    rules = state.variant.roles
    if not rules:
        return
    for row in rules.rotate:
        if row.when(env):
            state.roles = {row.next[role]: seat for role, seat in state.roles.items()}
            return


def _next_dealer(state, winners, env) -> None:
    v = state.variant
    if v.roles and v.roles.dealer:
        state.dealer = state.roles[v.roles.dealer]
        return
    how = v.deal.next_dealer
    if how == "left":
        state.dealer = (state.dealer + 1) % state.players
    elif how == "winner" and winners:
        state.dealer = winners[0].seat
    elif how == "loser" and env["losers"]:
        state.dealer = env["losers"][0].seat


def _match_over(state) -> bool:
    match = state.variant.match
    seats = views(state)
    env = {"players": tuple(seats), "hands_played": state.hands_played}
    out_of_hands = match.max_hands is not None and state.deals >= match.max_hands
    scored = state.history[-1]["outcome"] != state.variant.scoring.void_outcome
    if not out_of_hands and not (scored and match.ends_when(env)):
        return False
    for bonus in match.bonuses:
        seats = views(state)
        env = {"players": tuple(seats), "hands_played": state.hands_played}
        gains = [0] * state.players
        for p in bonus.to(env):
            env["p"] = p
            if bonus.when(env):
                gains[p.seat] += bonus.points(env)
        for seat, gain in enumerate(gains):
            state.scores_[seat] += gain
    state.over = True
    state.phase = "over"
    return True


# ---- dealing --------------------------------------------------------------------------
def start_hand(state) -> None:
    """Deal the next hand: explicit deck orders first, then seeded shuffles."""
    v = state.variant
    state.deals += 1
    state._setup_deck()
    if state.decks:
        order = state.decks.pop(0)
    else:
        order = dealing.shuffled(list(range(len(state.face_of))), state.seed, "hand", state.deals)
    seats = state.in_play
    hands, up, stock = dealing.deal(order, seats, v.hand_size(state.players), v.deal.upcard)
    state.hands = [hands.get(s, []) for s in range(state.players)]
    state.discard = [up] if up is not None else []
    state.upcard = state.face_of[up] if up is not None else None
    state.stock = stock
    state.known = [[] for _ in range(state.players)]
    state.knocker, state.kept_all, state.spread, state.defenders = None, False, {}, []
    state.reshuffles, state.last_lap, state.went_out, state.turns = 0, None, None, 0
    state.taken, state.draws, state.melded, state.stock_only = None, 0, False, False
    state.table, state.opened = [], []
    steps = v.turn
    if steps and steps[0].kind == "offer_upcard" and up is not None:
        to = steps[0].options["to"]
        offer = list(seats) if to == "around_table" else [seats[0], state.dealer]
        state.offer = list(dict.fromkeys(s for s in offer if s in seats))
        state.phase, state.player, state.step = "offer", state.offer[0], 0
    else:
        state.offer = []
        state.phase, state.player, state.step = "turn", seats[0], turn.first_step(state)
