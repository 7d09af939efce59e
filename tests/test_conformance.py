"""Conformance: one generic random-play test over every bundled variant (OpenSpiel's
``random_sim_test`` idea, see shared/DESIGN.md).

For every ``variants/*.yaml`` and every player count it allows, seeded uniformly random games
are played and, after every action, the engine's invariants are checked:

* card conservation: each physical card id is in exactly one place (stock, discard pile,
  hands, the knocker's spread melds with layoffs, the defenders' arranged melds, and a
  ``state.table`` of melds when a manipulation engine has one);
* ``legal_actions()`` is never empty before the end; every legal action is accepted by
  ``apply`` on a JSON copy of the state and its notation round-trips;
* illegal actions raise ``IllegalAction`` and leave ``to_json()`` unchanged;
* ``State.from_json(state.to_json())`` continues identically (checked every ~50 actions);
* an observation never shows a card hidden from its seat (other hands, the stock order);
* scores are the sum of the hands' points (match bonuses only at the end), ``rounds_won``
  and ``hands_played`` agree with the history, and gin-family matches end.

The default run plays short, fully checked games; ``-m slow`` plays more and longer ones.
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from interpreter import Action, IllegalAction, State, TERMINAL, bundled_names, load_variant, new_game

# ---- the games --------------------------------------------------------------------------
VARIANTS = {name: load_variant(name) for name in bundled_names()}
CASES = [(name, n) for name, v in VARIANTS.items() for n in range(v.players[0], v.players[1] + 1)]
CASE_IDS = [f"{name}-{n}p" for name, n in CASES]

# Matches random play must bring to an end (knock-based gin); straight gin ends only with
# gin, which random play all but never makes, so for it only hands keep being dealt.
MUST_END = {"gin", "gin_standard", "oklahoma_gin", "three_hand_gin", "carousel", "carousel_opening30"}
NEVER_ENDS_RANDOMLY = {"straight_gin"}

FULL_SEEDS = (11, 12)            # fully checked games per variant and player count
FULL_STEPS = 700                 # actions per fully checked game (a few hands)
SLOW_SEEDS = tuple(range(100, 108))
SLOW_STEPS = 4000
SNAPSHOT_EVERY = 50              # the JSON continuation check, roughly
MATCH_SEEDS = (1, 2, 3)
MATCH_CAP = 120_000              # actions for a whole match with the light checks
HAND_CAP = 3_000                 # no single hand may last longer than this


def test_every_bundled_variant_is_covered():
    assert set(VARIANTS) >= MUST_END | NEVER_ENDS_RANDOMLY
    assert set(VARIANTS) == MUST_END | NEVER_ENDS_RANDOMLY, "classify new variants above"
    assert ("carousel", 5) in CASES and ("gin", 4) in CASES and ("three_hand_gin", 3) in CASES


# ---- card places ------------------------------------------------------------------------
def _table_ids(table) -> list[int]:
    """Card ids of a manipulation table: melds of ids or of [card_id, declared_face]."""
    out = []
    melds = table.values() if isinstance(table, dict) else table
    for meld in melds or ():
        if isinstance(meld, dict):
            meld = meld.get("cards", ())
        for item in meld:
            out.append(item[0] if isinstance(item, (list, tuple)) else item)
    return out


def card_places(state) -> dict[str, list[int]]:
    """Every place a card can be, with the physical ids it holds."""
    places = {"stock": list(state.stock), "discard": list(state.discard)}
    for seat, hand in enumerate(state.hands):
        places[f"hand {seat}"] = list(hand)
    spread = state.spread or {}
    places["knocker melds"] = [pair[0] for meld in spread.get("melds", ()) for pair in meld]
    for seat, arranged in spread.get("arranged", {}).items():
        places[f"arranged {seat}"] = [c for meld in arranged["melds"] for c in meld]
    table = getattr(state, "table", None)
    if table:
        places["table"] = _table_ids(table)
    return places


def check_conservation(state, where: str) -> None:
    deck = state.variant.deck_for(state.players)
    assert tuple(state.face_of) == tuple(deck.faces_of), where
    places = card_places(state)
    seen = Counter(c for ids in places.values() for c in ids)
    doubles = {c: [p for p, ids in places.items() if c in ids] for c, k in seen.items() if k > 1}
    missing = sorted(set(range(deck.size)) - set(seen))
    strangers = sorted(set(seen) - set(range(deck.size)))
    assert not doubles and not missing and not strangers, (
        f"{where}: card conservation broken: doubles {doubles}, missing {missing}, "
        f"unknown ids {strangers}")
    # declared faces of the knocker's melds are the cards' own faces (no jokers are spread)
    faces = state.variant.faces
    for meld in (state.spread or {}).get("melds", ()):
        for card, declared in meld:
            if not faces.is_joker(state.face_of[card]):
                assert declared == state.face_of[card], f"{where}: meld card {card} declared {declared}"


# ---- hidden information -----------------------------------------------------------------
class Notation:
    """Card notation of a variant: names and a tokenizer for JSON text."""

    def __init__(self, variant):
        faces = variant.faces
        self.faces = faces
        self.names = [faces.name(f) for f in range(faces.count)]
        alternatives = "|".join(sorted(map(re.escape, set(self.names)), key=len, reverse=True))
        self.token = re.compile(rf"(?<![0-9A-Za-z])(?:{alternatives})(?![0-9A-Za-z])")

    def tokens(self, text: str) -> list[str]:
        return self.token.findall(text)

    def of(self, state, ids) -> list[str]:
        return [self.names[state.face_of[c]] for c in ids]


def advised_seats(state, seat: int) -> set[int]:
    rules = state.variant.roles
    if not (rules and state.roles):
        return set()
    out = set()
    for role, holder in state.roles.items():
        if holder == seat:
            advised = rules.advise.get(role)
            if advised is not None:
                out.add(state.roles[advised])
    return out


def check_observation(state, seat: int, notation: Notation, where: str) -> None:
    obs = state.observation(seat)
    text = json.dumps(obs)
    where = f"{where}, observation({seat})"
    unique = len(set(state.face_of)) == len(state.face_of)
    names = lambda ids: Counter(notation.of(state, ids))  # noqa: E731
    spread = state.spread or {}
    arranged = spread.get("arranged", {}) if spread else {}
    advised = advised_seats(state, seat)

    # what the seat may legitimately see, as physical ids
    legit = set(state.hands[seat]) | set(state.discard)
    for other in range(state.players):
        if other == seat:
            continue
        legit |= set(state.known[other])
        if other in advised or other in arranged:
            legit |= set(state.hands[other])
    if spread:
        places = card_places(state)
        legit |= set(places["knocker melds"])
        for s in arranged:
            legit |= set(places[f"arranged {s}"])
    if getattr(state, "table", None):
        legit |= set(_table_ids(state.table))
    hidden_in_hands = {c for other in range(state.players) if other != seat
                       for c in state.hands[other] if c not in legit}

    # the stock is a count; its order never shows
    assert obs["stock"] == len(state.stock) and isinstance(obs["stock"], int), where
    if len(state.stock) > 1:
        assert json.dumps(notation.of(state, state.stock))[1:-1] not in text, f"{where}: stock order"

    # the first upcard is public for the whole hand (formulas read it); leave it out of the scan
    if state.upcard is not None:
        assert obs["upcard"] == notation.faces.name(state.upcard), where
    scan = dict(obs)
    scan.pop("upcard", None)
    scan_text = json.dumps(scan)

    if unique:
        # one copy of each card: a hidden card's notation must not appear anywhere
        shown = set(notation.tokens(scan_text))
        leaked = shown & set(notation.of(state, hidden_in_hands))
        assert not leaked, f"{where}: shows cards hidden in other hands: {sorted(leaked)}"
        leaked = shown & set(notation.of(state, state.stock))
        assert not leaked, f"{where}: shows cards in the stock: {sorted(leaked)}"

    # region by region (multisets, so two decks' copies are told apart by count):
    # each region shows exactly what the seat may see there, nothing outside them shows cards
    assert Counter(obs["hand"]) == names(state.hands[seat]), f"{where}: hand"
    assert obs["discard"] == notation.of(state, state.discard), f"{where}: discard pile"
    known = obs.get("known", {})
    for key, cards in known.items():
        other = int(key)
        assert other != seat, f"{where}: own known cards listed as another's"
        assert Counter(cards) <= names(state.known[other]), f"{where}: known[{other}] {cards}"
    for other in range(state.players):
        if other != seat and state.known[other]:
            assert Counter(known.get(str(other), [])) == names(state.known[other]), where
    for key, cards in obs.get("advised_hands", {}).items():
        other = int(key)
        assert other in advised, f"{where}: sees the hand of seat {other} it does not advise"
        assert Counter(cards) == names(state.hands[other]), f"{where}: advised hand {other}"
    if "spread" in obs:
        assert spread, f"{where}: a spread shown before any knock"
        shown = obs["spread"]
        laid = Counter(c for m in shown.get("knocker_melds", ()) for c in m)
        assert laid == Counter(notation.names[d] for m in spread["melds"] for _, d in m), where
        for key, melds in shown.get("melds", {}).items():
            other = int(key)
            assert other in arranged, f"{where}: melds of seat {other} before it spread"
            assert Counter(c for m in melds for c in m) == Counter(
                notation.of(state, card_places(state)[f"arranged {other}"])), where
        for key, cards in shown.get("deadwood", {}).items():
            other = int(key)
            assert other in arranged, f"{where}: deadwood of seat {other} before it spread"
            assert Counter(cards) == names(state.hands[other]), where
    if seat == state.current_player:
        assert obs.get("legal_actions") == [str(a) for a in state.legal_actions()], where
        mine = set(names(state.hands[seat]))
        for action in obs["legal_actions"]:
            extra = set(notation.tokens(action)) - mine
            assert not extra, f"{where}: legal action {action!r} names cards not in hand"
    else:
        assert "legal_actions" not in obs, f"{where}: legal actions shown to a waiting seat"
    rest = {k: v for k, v in scan.items()
            if k not in ("hand", "discard", "known", "advised_hands", "spread", "legal_actions")}
    stray = notation.tokens(json.dumps(rest))
    assert not stray, f"{where}: cards outside the known regions: {stray} in {rest}"


# ---- actions ----------------------------------------------------------------------------
def illegal_candidates(state, legal: set, notation: Notation, rng: random.Random) -> list:
    """A few actions that are not legal now (Action values and notation strings)."""
    held = {state.face_of[c] for c in state.hands[state.player]} if state.hands else set()
    absent = [notation.names[f] for f in range(notation.faces.count) if f not in held]
    present = [notation.names[f] for f in sorted(held)]
    pool = ["take", "pass", "draw stock", "draw discard", "knock", "end", "spread",
            "spread [Ah 2h 3h]", "layoff Ah on 99", "flip the table", "discard", "draw",
            "layoff Ah on", ""]
    if absent:
        card = rng.choice(absent)
        pool += [f"discard {card}", f"knock {card}", f"layoff {card} on 0", f"spread [{card}]"]
    if present:
        card = rng.choice(present)
        pool += [f"discard {card}", f"knock {card}", f"layoff {card} on 7"]
    out = []
    for text in pool:
        try:
            action = Action.parse(text)
        except IllegalAction:
            out.append(text)             # unreadable notation: apply must refuse it too
            continue
        if action not in legal:
            out.append(rng.choice([text, action]))
    rng.shuffle(out)
    return out


class Game:
    """A seeded random game, every action checked; records what it did for replays."""

    def __init__(self, name: str, players: int, seed: int, full: bool = True,
                 snapshot_every: int = SNAPSHOT_EVERY):
        self.variant = VARIANTS[name]
        self.where0 = f"{name} players={players} seed={seed}"
        self.state = new_game(self.variant, players=players, seed=seed)
        self.rng = random.Random(f"{name}/{players}/{seed}")
        self.notation = Notation(self.variant)
        self.full = full
        self.actions: list[Action] = []
        self.snapshots: list[tuple[int, str]] = []
        self.snapshot_every = snapshot_every
        self.next_snapshot = self.rng.randrange(1, snapshot_every)
        self.hand_started = 0
        self.deals_seen = [self.state.deals]
        self.scored_before = 0
        self.check(-1)

    def where(self, index: int) -> str:
        return f"{self.where0} after action {index}" if index >= 0 else f"{self.where0} at the deal"

    # one step --------------------------------------------------------------------------
    def step(self) -> None:
        state, index = self.state, len(self.actions)
        where = f"{self.where0} before action {index}"
        legal = state.legal_actions()
        assert legal, f"{where}: no legal action but not terminal ({state.phase})"
        assert state.current_player in state.in_play, f"{where}: seat {state.current_player} acts"
        if self.full:
            self.check_legal(legal, where)
            self.check_illegal(legal, where)
        if index == self.next_snapshot:
            self.snapshots.append((index, state.to_json()))
            every = self.snapshot_every
            self.next_snapshot += self.rng.randrange(every // 2, every * 3 // 2)
        action = legal[self.rng.randrange(len(legal))]
        state.apply(str(action) if self.rng.random() < 0.5 else action)
        self.actions.append(action)
        self.check(index)

    def check_legal(self, legal, where: str) -> None:
        assert len(set(legal)) == len(legal), f"{where}: repeated legal actions"
        text = self.state.to_json()
        for action in legal:
            assert Action.parse(str(action)) == action, f"{where}: {action!r} prints as {str(action)!r}"
            copy = State.from_json(text, self.variant)
            try:
                copy.apply(action)
            except Exception as exc:  # pragma: no cover - reported by the assertion
                raise AssertionError(f"{where}: legal {str(action)!r} refused: {exc!r}") from exc
            check_conservation(copy, f"{where}, after legal {str(action)!r} on a copy")
        assert self.state.to_json() == text, f"{where}: trying actions on copies changed the state"

    def check_illegal(self, legal, where: str) -> None:
        before = self.state.to_json()
        for bad in illegal_candidates(self.state, set(legal), self.notation, self.rng)[:3]:
            try:
                self.state.apply(bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{where}: illegal {str(bad)!r} was accepted")
            assert self.state.to_json() == before, f"{where}: illegal {bad!r} changed the state"
        assert self.state.legal_actions() == legal, f"{where}: illegal tries changed legal actions"

    def check(self, index: int) -> None:
        state, where = self.state, self.where(index)
        check_conservation(state, where)
        self.check_scores(where)
        if state.is_terminal:
            assert state.current_player == TERMINAL and state.legal_actions() == [], where
            assert state.winners(), where
        if self.full:
            for seat in range(state.players):
                check_observation(state, seat, self.notation, where)
        if state.deals != self.deals_seen[-1]:
            self.deals_seen.append(state.deals)
            self.hand_started = index
        assert index - self.hand_started <= HAND_CAP, f"{where}: a hand of over {HAND_CAP} actions"

    def check_scores(self, where: str) -> None:
        state, v = self.state, self.variant
        history = state.history
        n = state.players
        totals = [sum(h["points"][s] for h in history) for s in range(n)]
        for h in history[self.scored_before:]:
            assert len(h["points"]) == n, where
        self.scored_before = len(history)
        if not state.is_terminal:
            assert state.scores == totals, f"{where}: scores {state.scores} != history sums {totals}"
        elif not v.match.bonuses:
            assert state.scores == totals, f"{where}: scores {state.scores} != history sums {totals}"
        void = v.scoring.void_outcome
        scored = [h for h in history if h["outcome"] != void]
        assert state.hands_played == len(scored), where
        wins = Counter(s for h in scored for s in h["winners"])
        assert state.rounds_won == [wins[s] for s in range(n)], where
        assert all(h["points"] == [0] * n and not h["winners"] for h in history if h["outcome"] == void), where
        assert [h["hand"] for h in history] == sorted({h["hand"] for h in history}), where
        if state.roles and v.roles:
            silent = {state.roles[r] for r in v.roles.no_score}
            assert all(h["points"][s] == 0 for h in history for s in silent
                       if h["roles"] and s in {h["roles"][r] for r in v.roles.no_score}), where

    # the JSON continuation ---------------------------------------------------------------
    def check_continuations(self) -> None:
        final = self.state.to_json()
        for k, (index, text) in enumerate(self.snapshots):
            copy = State.from_json(text) if k % 2 else State.from_json(text, self.variant)
            assert copy.to_json() == text, f"{self.where0}: JSON round trip at action {index}"
            for i, action in enumerate(self.actions[index:], start=index):
                copy.apply(action)
            assert copy.to_json() == final, (
                f"{self.where0}: the state saved before action {index} continued differently")

    def play(self, steps: int) -> "Game":
        while not self.state.is_terminal and len(self.actions) < steps:
            self.step()
        self.check_continuations()
        return self


# ---- the tests ----------------------------------------------------------------------------
@pytest.mark.parametrize("name,players", CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", FULL_SEEDS)
def test_random_play_keeps_every_invariant(name, players, seed):
    game = Game(name, players, seed).play(FULL_STEPS)
    assert game.state.is_terminal or len(game.actions) == FULL_STEPS


@pytest.mark.parametrize("name,players", CASES, ids=CASE_IDS)
def test_whole_match_light_checks(name, players):
    """Whole matches with the cheap checks each action (conservation, scores, legal actions):
    gin-family matches end; straight gin keeps dealing hands."""
    for seed in MATCH_SEEDS:
        cap = 20_000 if name in NEVER_ENDS_RANDOMLY else MATCH_CAP
        game = Game(name, players, seed, full=False, snapshot_every=4_000)
        while not game.state.is_terminal and len(game.actions) < cap:
            game.step()
        game.check_continuations()
        if name in MUST_END:
            assert game.state.is_terminal, f"{game.where0}: no end in {cap} actions"
        else:
            assert len(game.deals_seen) > 5, f"{game.where0}: only {len(game.deals_seen)} hands"
        assert game.state.is_terminal or len(game.state.history) >= 2


@pytest.mark.slow
@pytest.mark.parametrize("name,players", CASES, ids=CASE_IDS)
@pytest.mark.parametrize("seed", SLOW_SEEDS)
def test_soak_random_play(name, players, seed):
    game = Game(name, players, seed).play(SLOW_STEPS)
    assert game.state.is_terminal or len(game.actions) == SLOW_STEPS
