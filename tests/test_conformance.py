"""Conformance: one generic random-play test over every bundled variant (OpenSpiel's
``random_sim_test`` idea, see docs/architecture.md, "Conformance and option tests").

For every ``variants/*.yaml`` and every player count it allows, seeded uniformly random games
are played and the engine's invariants are checked after every action:

* card conservation: each physical card id is in exactly one place (stock, discard pile,
  hands, the knocker's spread melds with layoffs, the defenders' arranged melds, and the
  table of a manipulation game);
* ``legal_actions()`` is never empty before the end; every legal action is accepted by
  ``apply`` on a JSON copy of the state, and its notation round-trips;
* illegal actions raise ``IllegalAction`` and leave ``to_json()`` unchanged;
* ``State.from_json(state.to_json())`` continues identically (checked every ~50 actions);
* an observation never shows a card hidden from its seat (another's hand, the stock), nor
  the stock's order;
* scores are the sums of the hands' points (match bonuses only at the end), ``rounds_won`` and
  ``hands_played`` agree with the history, hands end, and matches end (but straight gin's,
  which uniform random play almost never wins).

Two kinds of game: short ones with every check on every action, and whole matches with the
cheap checks on every action and every check on each action near a knock (knock legal, spread,
layoffs), where random play rarely goes. ``-m slow`` plays many more of both.
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from interpreter import (
    TERMINAL,
    Action,
    IllegalAction,
    State,
    bundled_names,
    load_variant,
    new_game,
)

# ---- the games --------------------------------------------------------------------------
VARIANTS = {name: load_variant(name) for name in bundled_names()}
CASES = [(name, n) for name, v in VARIANTS.items() for n in range(v.players[0], v.players[1] + 1)]
CASE_IDS = [f"{name}-{n}p" for name, n in CASES]

# Straight gin ends a hand only with gin, which uniform random play all but never makes: for
# it, hands must keep being dealt. Every other variant's match must end.
NEVER_ENDS_RANDOMLY = {"straight_gin"}

FULL_SEEDS = (11, 12)            # fully checked games: one per variant and player count, the
                                 # seeds taking turns (both run with -m slow)
FULL_STEPS = 220                 # actions per fully checked game
FULL_STEPS_TABLE = 110           # the same with table play (many meld actions to try)
MATCH_SEEDS = (1,)               # whole matches per variant and player count (the fewest and
                                 # most players by default, every count with -m slow)
MATCH_CAP = 150_000              # actions a match must end within
ENDLESS_STEPS = 8_000            # actions played of a match that may not end
HAND_CAP = 3_000                 # actions a single hand must end within
SNAPSHOT_EVERY = 50              # the JSON continuation check, roughly every so many actions
SLOW_FULL_SEEDS = tuple(range(100, 110))
SLOW_FULL_STEPS = 1_500
SLOW_FULL_STEPS_TABLE = 600
SLOW_MATCH_SEEDS = tuple(range(200, 210))


def test_the_cases_cover_every_bundled_variant_and_player_count():
    assert set(bundled_names()) == {name for name, _ in CASES}
    assert set(VARIANTS) >= NEVER_ENDS_RANDOMLY
    assert ("carousel", 2) in CASES and ("carousel", 5) in CASES
    assert ("gin", 4) in CASES and ("three_hand_gin", 3) in CASES


# ---- card places ------------------------------------------------------------------------
def _cards(meld) -> list[int]:
    """Card ids of a meld of ids or of [card_id, declared_face] pairs."""
    if isinstance(meld, dict):
        meld = meld.get("cards", ())
    return [item[0] if isinstance(item, (list, tuple)) else item for item in meld]


def _table(state) -> list:
    table = getattr(state, "table", None) or []
    return list(table.values()) if isinstance(table, dict) else list(table)


def card_places(state) -> dict[str, list[int]]:
    """Every place a card can be, with the physical ids it holds."""
    places = {"stock": list(state.stock), "discard": list(state.discard)}
    for seat, hand in enumerate(state.hands):
        places[f"hand {seat}"] = list(hand)
    spread = state.spread
    if spread is not None:
        places["knocker melds"] = [c for meld in spread.melds for c in _cards(meld)]
        for seat, melds in spread.arranged.items():
            places[f"arranged {seat}"] = [c for meld in melds for c in _cards(meld)]
    places["table"] = [c for meld in _table(state) for c in _cards(meld)]
    places["turned"] = [state.turned] if state.turned is not None else []
    for k, cards in enumerate(state.reserves):
        places[f"reserve {k}"] = list(cards)
    for seat, cards in state.laid_aside.items():
        places[f"laid aside {seat}"] = list(cards)
    places["turned up"] = [state.turned_up] if state.turned_up is not None else []
    for seat, cards in state.own_piles.items():
        places[f"own pile {seat}"] = list(cards)
    return places


def check_conservation(state, where: str) -> None:
    deck = state.variant.deck_for(state.players)
    places = card_places(state)
    every = sorted(c for ids in places.values() for c in ids)
    if every != list(range(deck.size)):
        seen = Counter(every)
        doubles = {c: [p for p, ids in places.items() if c in ids] for c, k in seen.items() if k > 1}
        missing = sorted(set(range(deck.size)) - set(seen))
        strangers = sorted(set(seen) - set(range(deck.size)))
        raise AssertionError(f"{where}: card conservation broken: in two places {doubles}, "
                             f"missing {missing}, unknown ids {strangers}")
    assert tuple(state.face_of) == tuple(deck.faces_of), f"{where}: card faces changed"
    faces = state.variant.faces
    pairs = [p for meld in (state.spread.melds if state.spread else ()) for p in meld]
    pairs += [p for meld in _table(state) for p in meld if isinstance(p, (list, tuple))]
    for card, declared in pairs:
        if state.meld_rules.is_wild(state.face_of[card]):      # a joker or a wild-rank card
            assert not faces.is_joker(declared), f"{where}: card {card} stands for a joker"
        else:
            assert declared == state.face_of[card], f"{where}: card {card} declared as {declared}"


# ---- hidden information -----------------------------------------------------------------
class Notation:
    """A variant's card notation, and a tokenizer finding card names in JSON text."""

    def __init__(self, variant):
        self.faces = variant.faces
        self.names = [self.faces.name(f) for f in range(self.faces.count)]
        alternatives = "|".join(sorted(map(re.escape, set(self.names)), key=len, reverse=True))
        self.token = re.compile(rf"(?<![0-9A-Za-z])(?:{alternatives})(?![0-9A-Za-z])")
        # what a wild stands for ("Jk(5c)", "7c(Js)") is a declaration, not a card being shown
        self.declared = re.compile(r"(?<=[0-9A-Za-z])\([^()]*\)")

    def tokens(self, text: str) -> list[str]:
        return self.token.findall(self.declared.sub("", text))

    def of(self, state, ids) -> list[str]:
        return [self.names[state.face_of[c]] for c in ids]


def advised_seats(state, seat: int) -> set[int]:
    """Seats whose hand ``seat`` may see because one of its roles advises theirs."""
    rules = state.variant.roles
    if not (rules and state.roles):
        return set()
    return {state.roles[rules.advise[role]] for role, holder in state.roles.items()
            if holder == seat and rules.advise.get(role) is not None}


def visible(state, seat: int, places: dict | None = None) -> set[int]:
    """The physical cards ``seat`` may see now."""
    places = card_places(state) if places is None else places
    spread = state.spread
    arranged = spread.arranged if spread is not None else {}
    advised = advised_seats(state, seat)
    legit = set(state.hands[seat]) | set(state.discard) | set(places["table"])
    legit |= set(places["turned"]) | set(places["turned up"])
    legit.update(c for pile in state.own_piles.values() for c in pile)   # face up
    for other in range(state.players):
        if other != seat:
            legit |= set(state.known[other])
            if other in advised or other in arranged:     # advised, or laid face up
                legit |= set(state.hands[other])
    if spread is not None:
        legit |= set(places["knocker melds"])
        for other in arranged:
            legit |= set(places[f"arranged {other}"])
    return legit


def check_log(obs: dict, seat: int, notation: Notation, where: str,
              seen: set[str] | None, start: int = 0) -> None:
    """The hand's log as ``seat`` reads it, from entry ``start`` on: numbered in order, another
    seat's entries carry no card of their own, and (given ``seen``, the card names the seat has
    seen this hand) no entry names a card the seat has not seen."""
    log = obs["log"]
    assert [e["n"] for e in log] == list(range(len(log))), f"{where}: log numbering"
    log = log[start:]
    for e in log:
        assert set(e) <= {"n", "seat", "action", "text", "card", "cards"}, f"{where}: {e}"
        if e["seat"] != seat:
            assert "card" not in e and "cards" not in e, f"{where}: another's card in {e}"
    if seen is not None:
        unseen = set(notation.tokens(json.dumps(log))) - seen
        assert not unseen, f"{where}: the log names cards the seat never saw: {sorted(unseen)}"


def check_observation(state, seat: int, notation: Notation, where: str,  # noqa: C901 (a check
                      seen: set[str] | None = None, log_from: int = 0) -> int:  # per part shown)
    """``observation(seat)`` shows no card hidden from the seat, and shows what it shows right
    (the log checked by :func:`check_log`)."""
    obs = state.observation(seat)
    where = f"{where}, observation({seat})"
    names = lambda ids: Counter(notation.of(state, ids))  # noqa: E731
    spread = state.spread
    arranged = spread.arranged if spread is not None else {}
    advised = advised_seats(state, seat)
    places = card_places(state)
    check_log(obs, seat, notation, where, seen, log_from)

    # what this seat may legitimately see, as physical card ids
    legit = visible(state, seat, places)
    hidden = [c for other in range(state.players) if other != seat
              for c in state.hands[other] if c not in legit]

    # the stock is a count; its order never shows
    assert obs["stock"] == len(state.stock) and isinstance(obs["stock"], int), where
    text = json.dumps(obs)
    if len(state.stock) > 1 and len(set(state.face_of)) == len(state.face_of):
        # (with copies, the same names in that order may lie in a meld of the other copies:
        # the count check below bounds what shows of each face)
        assert json.dumps(notation.of(state, state.stock))[1:-1] not in text, f"{where}: stock order"

    # the hand's first upcard is public for the whole hand (formulas read it): not scanned
    if state.upcard is not None:
        assert obs["upcard"] == notation.faces.name(state.upcard), where
    # the log (checked above) and the history's end-of-hand reveals tell of the past
    scan = {k: v for k, v in obs.items() if k not in ("upcard", "log", "history")}
    shown = notation.tokens(json.dumps(scan))

    if len(set(state.face_of)) == len(state.face_of):
        # one copy of each card: the notation of a hidden card must appear nowhere
        leaked = set(shown) & set(notation.of(state, hidden))
        assert not leaked, f"{where}: shows cards hidden in other hands: {sorted(leaked)}"
        leaked = set(shown) & set(notation.of(state, state.stock))
        assert not leaked, f"{where}: shows cards in the stock: {sorted(leaked)}"
    else:
        # copies: no notation may show more often than the seat may see that face, region
        # by region (a card may show in several: a known card is also in a laid meld)
        allowed = names(state.hands[seat]) + names(state.discard) + names(places["table"])
        allowed += names(places["turned"])          # the turned card (wild rank) is public
        allowed += names([c for cards in state.laid_aside.values() for c in cards])  # face up
        allowed += names([c for pile in state.own_piles.values() for c in pile])     # face up
        for other in range(state.players):
            if other != seat:
                allowed += names(state.known[other])
                if other in advised:
                    allowed += names(state.hands[other])
        for other in arranged:
            allowed += names(state.hands[other]) + names(places[f"arranged {other}"])
        if spread is not None:
            allowed += names(places["knocker melds"])
        legal_text = " ".join(obs.get("legal_actions", ()))
        count = Counter(shown) - Counter(notation.tokens(legal_text))
        excess = count - allowed
        assert not excess, f"{where}: shows more copies than it may see: {dict(excess)}"

    # region by region: each region shows exactly what it should; no other key names cards
    assert Counter(obs["hand"]) == names(state.hands[seat]), f"{where}: hand"
    assert obs["discard"] == notation.of(state, state.discard), f"{where}: discard pile"
    known = obs.get("known", {})
    assert str(seat) not in known, f"{where}: own known cards listed as another's"
    for other in range(state.players):
        if other != seat:
            assert Counter(known.get(str(other), [])) == names(state.known[other]), \
                f"{where}: known cards of seat {other}"
    assert set(obs.get("advised_hands", {})) == {str(s) for s in advised}, \
        f"{where}: advised hands {sorted(obs.get('advised_hands', {}))}, may see {sorted(advised)}"
    for key, cards in obs.get("advised_hands", {}).items():
        assert Counter(cards) == names(state.hands[int(key)]), f"{where}: advised hand {key}"
    if "turned" in obs or places["turned"]:
        assert Counter(notation.tokens(json.dumps(obs.get("turned")))) == names(
            places["turned"]), f"{where}: turned card"
    if "turned_up" in obs or places["turned up"]:
        assert Counter(notation.tokens(json.dumps(obs.get("turned_up")))) == names(
            places["turned up"]), f"{where}: card turned up"
    if "table" in obs or places["table"]:
        shown_table = Counter(notation.tokens(json.dumps(obs.get("table", []))))
        assert shown_table == names(places["table"]), f"{where}: table"
    if "spread" in obs:
        assert spread is not None, f"{where}: a spread shown before any knock"
        laid = obs["spread"]
        assert Counter(notation.tokens(json.dumps(laid.get("knocker_melds", [])))) == \
            names(places["knocker melds"]), f"{where}: knocker's melds"
        for key, melds in laid.get("melds", {}).items():
            assert int(key) in arranged, f"{where}: melds of seat {key} before it spread"
            assert Counter(notation.tokens(json.dumps(melds))) == \
                names(places[f"arranged {key}"]), where      # (a wild shows its card: Jk(5c))
        for key, cards in laid.get("deadwood", {}).items():
            assert int(key) in arranged, f"{where}: deadwood of seat {key} before it spread"
            assert Counter(cards) == names(state.hands[int(key)]), where
    if seat == state.current_player:
        assert obs.get("legal_actions") == [str(a) for a in state.legal_actions()], where
        mine = set(names(state.hands[seat])) | set(names(places["table"]))
        for action in obs["legal_actions"]:
            extra = set(notation.tokens(action)) - mine
            assert not extra, f"{where}: legal action {action!r} names cards it does not hold"
    else:
        assert "legal_actions" not in obs, f"{where}: legal actions shown to a waiting seat"
    for key, cards in obs.get("laid_aside", {}).items():        # special cards, face up
        assert Counter(cards) == names(state.laid_aside[int(key)]), f"{where}: laid aside"
    for other, pile in enumerate(obs.get("own_piles", [])):      # own discard piles, face up
        assert pile == notation.of(state, state.own_piles.get(other, [])), f"{where}: pile"
    rest = {k: v for k, v in scan.items() if k not in
            ("hand", "discard", "known", "advised_hands", "spread", "legal_actions", "table",
             "turned", "laid_aside", "turned_up", "own_piles")}
    stray = notation.tokens(json.dumps(rest))
    assert not stray, f"{where}: cards outside the regions that may show them: {stray}"
    return len(obs["log"])


# ---- actions ----------------------------------------------------------------------------
def illegal_candidates(state, legal: set, notation: Notation, rng: random.Random) -> list:
    """Actions that are not legal now: Action values and notation, readable or not."""
    held = {state.face_of[c] for c in state.hands[state.player]}
    absent = [notation.names[f] for f in range(notation.faces.count) if f not in held]
    present = [notation.names[f] for f in sorted(held)]
    pool = ["take", "pass", "draw stock", "draw discard", "knock", "end", "spread",
            "layoff Ah on 99", "flip the table", "discard", "draw", "draw hand", "layoff Ah on",
            "", "take Ah", "meld", "spread [Ah 2h 3h] junk"]
    if absent:
        a, b, c = (rng.choice(absent) for _ in range(3))
        pool += [f"discard {a}", f"knock {a}", f"layoff {a} on 0", f"spread [{a} {b} {c}]",
                 f"meld [{a} {b} {c}]"]
    if present:
        card = rng.choice(present)
        pool += [f"discard {card}", f"knock {card}", f"layoff {card} on 7"]
    table = _table(state)
    if table:      # the table less its last meld: cards may not leave the table
        fewer = table[:-1] or [[[c, state.face_of[c]] for c in state.hands[state.player][:1]]]
        pool.append("meld " + " ".join(
            "[" + " ".join(notation.names[state.face_of[c]] for c in _cards(m)) + "]"
            for m in fewer))
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
    """A seeded uniformly random game; checks after every action; keeps what it played."""

    def __init__(self, name: str, players: int, seed: int, full: bool = True,
                 snapshot_every: int = SNAPSHOT_EVERY):
        self.variant = VARIANTS[name]
        self.where0 = f"{name} players={players} seed={seed}"
        self.state = new_game(self.variant, players=players, seed=seed)
        self.rng = random.Random(f"{name}/{players}/{seed}")
        self.notation = Notation(self.variant)
        self.full = full
        self.full_steps = 0
        self.actions: list[Action] = []
        self.snapshots: list[tuple[int, str]] = []
        self.snapshot_every = snapshot_every
        self.next_snapshot = self.rng.randrange(1, snapshot_every)
        self.hand_started = 0
        self.deals_seen = [self.state.deals]
        self.scored_before = self.hands_scored = 0
        self.totals = [0] * self.state.players
        self.wins: Counter = Counter()
        self.seen: list[set[int]] = []          # per seat, card ids seen this hand
        self.seen_deal = -1
        self.log_checked: list[int] = []
        self.stock_before: list[int] = []      # and the deal, before the last action
        self.deal_before = 0
        self.check(-1, full=True)

    def where(self, index: int) -> str:
        return f"{self.where0} after action {index}" if index >= 0 else f"{self.where0} at the deal"

    def near_knock(self, legal) -> bool:
        return self.state.phase not in ("offer", "turn") or any(
            a.kind in ("knock", "layoff", "spread") for a in legal)

    # one step --------------------------------------------------------------------------
    def step(self) -> None:
        state, index = self.state, len(self.actions)
        where = f"{self.where0} before action {index}"
        legal = state.legal_actions()
        assert legal, f"{where}: no legal action but not terminal ({state.phase})"
        assert state.current_player in state.in_play, f"{where}: seat {state.current_player} acts"
        full = self.full or self.near_knock(legal)
        if full:
            self.full_steps += 1
            self.check_legal(legal, where)
            self.check_illegal(legal, where)
        if index == self.next_snapshot:
            self.snapshots.append((index, state.to_json()))
            every = self.snapshot_every
            self.next_snapshot += self.rng.randrange(every // 2, every * 3 // 2)
        action = legal[self.rng.randrange(len(legal))]
        self.stock_before, self.deal_before = list(state.stock), state.deals
        state.apply(str(action) if self.rng.random() < 0.5 else action)
        self.actions.append(action)
        self.check(index, full)

    def check_legal(self, legal, where: str) -> None:
        assert len(set(legal)) == len(legal), f"{where}: a legal action listed twice"
        text = self.state.to_json()
        for action in legal:
            assert Action.parse(str(action)) == action, f"{where}: {action!r} prints as {str(action)!r}"
            copy = State.from_json(text, self.variant)
            try:
                copy.apply(action)
            except Exception as exc:  # reported with the action and the state
                raise AssertionError(f"{where}: legal {str(action)!r} refused: {exc!r}") from exc
            check_conservation(copy, f"{where}, after legal {str(action)!r} on a copy")
        # the same melds in another order are the same play (a table is not ordered)
        several = [a for a in legal if a.melds and len(a.melds) > 1]
        if several:
            action = self.rng.choice(several)
            other = action._replace(melds=tuple(reversed(action.melds)))
            copy = State.from_json(text, self.variant)
            try:
                copy.apply(str(other))
            except IllegalAction as exc:
                raise AssertionError(f"{where}: {str(action)!r} is legal, {str(other)!r} "
                                     f"refused: {exc}") from exc
            check_conservation(copy, f"{where}, after {str(other)!r} on a copy")
        assert self.state.to_json() == text, f"{where}: playing copies changed the state"

    def check_illegal(self, legal, where: str) -> None:
        before = self.state.to_json()
        for bad in illegal_candidates(self.state, set(legal), self.notation, self.rng)[:4]:
            try:
                self.state.apply(bad)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{where}: illegal {str(bad)!r} was accepted")
            assert self.state.to_json() == before, f"{where}: refused {str(bad)!r} changed the state"
        assert self.state.legal_actions() == legal, f"{where}: refused actions changed legal actions"

    def check(self, index: int, full: bool) -> None:
        state, where = self.state, self.where(index)
        check_conservation(state, where)
        self.check_scores(where)
        self.see()
        if state.is_terminal:
            assert state.current_player == TERMINAL and state.legal_actions() == [], where
            assert state.winners(), where
        if full or state.is_terminal:
            for seat in range(state.players):
                seen = set(self.notation.of(state, self.seen[seat]))
                self.log_checked[seat] = check_observation(
                    state, seat, self.notation, where, seen, self.log_checked[seat])
        if state.deals != self.deals_seen[-1]:
            assert state.deals > self.deals_seen[-1], where
            self.deals_seen.append(state.deals)
            self.hand_started = index
        assert index - self.hand_started <= HAND_CAP, f"{where}: a hand of over {HAND_CAP} actions"

    def see(self) -> None:
        """Add the cards each seat may see now to those it has seen this hand (card ids)."""
        state = self.state
        if state.deals != self.seen_deal:
            self.seen_deal = state.deals
            self.seen = [set() for _ in range(state.players)]
            self.log_checked = [0] * state.players      # entries checked, per seat
        spread = state.spread
        if spread is not None or state.roles:          # (rare: the whole check)
            places = card_places(state)
            for seat in range(state.players):
                self.seen[seat] |= visible(state, seat, places)
            return
        public = set(state.discard)
        public.update(c for pile in state.own_piles.values() for c in pile)
        public.update(c for meld in state.table for c, _ in meld)
        if state.turned is not None:
            public.add(state.turned)
        for seat, seen in enumerate(self.seen):
            seen |= public
            seen.update(state.hands[seat])
            for other, known in enumerate(state.known):
                if other != seat:
                    seen.update(known)

    def check_reveal(self, record: dict, where: str) -> None:
        """A hand's reveal names only cards out of the stock at its end (the bottom of the stock
        before the last action stayed there), each card once."""
        state = self.state
        if "reveal" not in record:
            assert record["outcome"] == self.variant.scoring.void_outcome, f"{where}: {record}"
            return
        shown = self.notation.tokens(json.dumps(record["reveal"]))
        assert set(record["reveal"]) <= {str(s) for s in range(state.players)}, where
        if len(set(state.face_of)) == len(state.face_of):
            assert len(shown) == len(set(shown)), f"{where}: a card revealed twice: {record}"
        if len(set(state.face_of)) == len(state.face_of) and record["hand"] == self.deal_before:
            buried = set(self.notation.of(state, self.stock_before[:-4]))
            assert not buried & set(shown), f"{where}: reveals stock cards {buried & set(shown)}"

    def winning_seats(self, winners: list[int]) -> set[int]:
        """The seats a hand's winners win it for: with partnerships, their whole teams."""
        partnerships = self.variant.partnerships
        if partnerships is None:
            return set(winners)
        return {s for w in winners for s in partnerships.team_of(self.state.players, w)}

    def check_scores(self, where: str) -> None:
        """Scores are the history's sums (bonuses only once the match is over); wins and hands
        played agree with the history. New history entries are checked once each."""
        state, v = self.state, self.variant
        history, n = state.history, state.players
        if len(history) != self.scored_before:
            void = v.scoring.void_outcome
            silent = v.roles.no_score if v.roles else ()
            last = history[self.scored_before - 1]["hand"] if self.scored_before else 0
            for h in history[self.scored_before:]:
                assert len(h["points"]) == n, where
                self.check_reveal(h, where)
                assert h["hand"] > last, f"{where}: history out of order"
                last = h["hand"]
                if h["outcome"] == void:
                    assert h["points"] == [0] * n and not h["winners"], f"{where}: void hand {h}"
                else:
                    self.hands_scored += 1
                    self.wins.update(self.winning_seats(h["winners"]))
                for role in silent:
                    assert h["points"][h["roles"][role]] == 0, f"{where}: the {role} scored: {h}"
                for s in range(n):
                    self.totals[s] += h["points"][s]
            self.scored_before = len(history)
            assert state.hands_played == self.hands_scored, where
            assert state.rounds_won == [self.wins[s] for s in range(n)], where
        if not state.is_terminal or not v.match.bonuses:
            assert state.scores == self.totals, (
                f"{where}: scores {state.scores} != sums of the hands' points {self.totals}")

    # the JSON continuation ---------------------------------------------------------------
    def check_continuations(self) -> None:
        """Each saved state, rebuilt from its JSON, replays the actions that followed it to
        the next saved state (the first one to the end of the game) with the same JSON."""
        final = self.state.to_json()
        marks = self.snapshots + [(len(self.actions), final)]
        for k, (index, text) in enumerate(self.snapshots):
            # the variant given, or the bundled one the JSON names
            copy = State.from_json(text) if k % 2 else State.from_json(text, self.variant)
            assert copy.to_json() == text, f"{self.where0}: JSON round trip before action {index}"
            stop, expected = marks[-1] if k == 0 else marks[k + 1]
            for action in self.actions[index:stop]:
                copy.apply(action)
            assert copy.to_json() == expected, (
                f"{self.where0}: the state saved before action {index} continued differently "
                f"(compared before action {stop})")

    def play(self, steps: int) -> Game:
        while not self.state.is_terminal and len(self.actions) < steps:
            self.step()
        self.check_continuations()
        return self


# ---- the tests ----------------------------------------------------------------------------
def play_fully_checked(name: str, players: int, seed: int, steps: int) -> None:
    game = Game(name, players, seed).play(steps)
    assert game.state.is_terminal or len(game.actions) == steps
    assert len(game.snapshots) >= min(len(game.actions), steps) // (SNAPSHOT_EVERY * 2)


def play_whole_match(name: str, players: int, seed: int) -> Game:
    endless = name in NEVER_ENDS_RANDOMLY
    game = Game(name, players, seed, full=False, snapshot_every=2_000)
    game.play(ENDLESS_STEPS if endless else MATCH_CAP)
    if endless:
        assert game.state.is_terminal or len(game.deals_seen) >= 10, \
            f"{game.where0}: only {len(game.deals_seen)} hands dealt in {len(game.actions)} actions"
    else:
        assert game.state.is_terminal, f"{game.where0}: the match did not end in {MATCH_CAP} actions"
        assert game.state.history, game.where0
    return game


def _by_default(case: tuple, *values) -> list:
    """``case`` with each of ``values``: the first in the default suite, the others slow."""
    return [pytest.param(*case, v, marks=() if i == 0 else pytest.mark.slow)
            for i, v in enumerate(values)]


def _deal_edges(name: str) -> set[int]:
    """The fewest and most players of each deal regime (deck size, hand size) of a variant."""
    v, by_regime = VARIANTS[name], {}
    for n in range(v.players[0], v.players[1] + 1):
        size = v.deal.hand_size
        regime = (len(v.deck_for(n).faces_of), size.get(n) if isinstance(size, dict) else size)
        by_regime.setdefault(regime, []).append(n)
    return {n for counts in by_regime.values() for n in (counts[0], counts[-1])}


# Every variant and player count with every check; by default the first seed at the player
# counts where a deal regime starts or ends (the counts between deal the same way), -m slow all.
FULL_CASES = [p for i, case in enumerate(CASES)
              for p in (_by_default(case, *FULL_SEEDS[i % 2:], *FULL_SEEDS[:i % 2])
                        if case[1] in _deal_edges(case[0]) else
                        [pytest.param(*case, FULL_SEEDS[i % 2], marks=pytest.mark.slow)])]
# Whole random matches that take minutes (scores grow slowly under random play): -m slow only;
# the replay corpus plays whole bot matches of these variants at these counts by default (and
# gin_standard_game150 is gin_standard with a later match end, test_house_rules.py).
LONG_RANDOM_MATCHES = {("indian_rummy", 2), ("indian_rummy", 6), ("contract_rummy", 3),
                       ("contract_rummy", 5), ("three_thirteen", 2), ("three_thirteen", 4),
                       ("gin_standard_game150", 2)}
MATCH_CASES = [pytest.param(name, n, marks=() if n in VARIANTS[name].players
                            and (name, n) not in LONG_RANDOM_MATCHES else pytest.mark.slow)
               for name, n in CASES]


@pytest.mark.parametrize("name,players,seed", FULL_CASES,
                         ids=[f"{n}-{p}p-{s}" for n, p, s in (c.values for c in FULL_CASES)])
def test_random_play_every_check_every_action(name, players, seed):
    steps = FULL_STEPS_TABLE if VARIANTS[name].table.manipulation else FULL_STEPS
    play_fully_checked(name, players, seed, steps)


@pytest.mark.parametrize("name,players", MATCH_CASES, ids=CASE_IDS)
def test_whole_matches_end_and_stay_consistent(name, players):
    """Whole matches: cheap checks on every action, every check on actions near a knock."""
    for seed in MATCH_SEEDS:
        play_whole_match(name, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_FULL_SEEDS)
@pytest.mark.parametrize("name,players", CASES, ids=CASE_IDS)
def test_soak_every_check_every_action(name, players, seed):
    steps = SLOW_FULL_STEPS_TABLE if VARIANTS[name].table.manipulation else SLOW_FULL_STEPS
    play_fully_checked(name, players, seed, steps)


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_MATCH_SEEDS)
@pytest.mark.parametrize("name,players", CASES, ids=CASE_IDS)
def test_soak_whole_matches(name, players, seed):
    play_whole_match(name, players, seed)


# ---- notation spellings the README promises ------------------------------------------------
SPELLING_CASES = [name for name, v in VARIANTS.items()
                  if "T" in v.faces.ranks and any(step.kind == "discard" for step in v.turn)]


@pytest.mark.parametrize("name", SPELLING_CASES)
def test_notation_ten_spelled_10_is_the_same_action(name):
    """README: "Cards are written rank then suit: Ah, Td (or 10d)". So "discard 10d" is the
    legal "discard Td" and plays the same, and "knock 10d" likewise."""
    v = VARIANTS[name]
    game = new_game(v, players=v.players[0], seed=5)
    rng = random.Random(5)
    tried = 0
    for _ in range(2_000):
        if game.is_terminal or tried >= 3:
            break
        legal = game.legal_actions()
        tens = [a for a in legal if a.kind in ("discard", "knock") and a.cards
                and a.cards[0].startswith("T")]
        for action in tens:
            spelled = f"{action.kind} 10{action.cards[0][1:]}"
            expected = State.from_json(game.to_json(), v)
            expected.apply(action)
            copy = State.from_json(game.to_json(), v)
            copy.apply(spelled)
            assert copy.to_json() == expected.to_json(), spelled
            tried += 1
        game.apply(legal[rng.randrange(len(legal))])
    assert tried, "no discard of a ten came up"
