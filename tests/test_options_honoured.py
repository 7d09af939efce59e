"""Every spec option is executed: for each option path of the JSON Schema, changing it in a
bundled variant changes play (an option nothing reads is a defect, see docs/architecture.md,
"Conformance and option tests").

``TABLE`` maps each option path (``deck.decks``, ``turn[].knock.when``,
``scoring.outcomes[].award[].to``, ...) to cases: a bundled variant, a change to its spec
(merged over it by ``extends``; lists such as ``turn`` are replaced whole), and what is
compared: seeded bot play by default, or a short scripted scenario (legal actions, probed
moves, history) where seeded play would rarely show the option. A ``context`` is merged into
both sides, for options the bundled variant cannot show alone. The table must cover exactly
the schema's option paths, and every value of an enum option must be played by some case.
"""
from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
import yaml
from test_rules_canasta import FROZEN_KING, FROZEN_KING_PLAY
from test_rules_canasta import game_deck as canasta_game_deck

from interpreter import IllegalAction, RummyError, Variant, load_variant, new_game
from interpreter.agents import make_agent
from interpreter.errors import FormulaRuntimeError
from interpreter.frontends.rules_sheet import rules_sheet
from interpreter.spec import schema_path

SCHEMA = json.loads(schema_path().read_text())
FULL_52 = [r + s for s in "cdhs" for r in "A23456789TJQK"]
METADATA = {"extends", "format", "name", "source", "description"}  # describe a file, no play

Observe = Callable[[Variant], Any]


# ---- the schema's option paths ----------------------------------------------------------
def _resolve(node: dict) -> dict:
    ref = node.get("$ref", "")
    return SCHEMA["$defs"][ref.rsplit("/", 1)[1]] if ref.startswith("#/$defs/") else node


def _holds_options(node: dict) -> bool:
    """Whether ``node`` (one branch) is a section of named options or a list of them."""
    if "items" in node:
        return _holds_options(_resolve(node.get("items", {})))
    return "properties" in node or any(_holds_options(_resolve(b)) for b in node.get("oneOf", []))


def _walk(node: dict, path: str, out: dict[str, dict]) -> None:
    node = _resolve(node)
    branches = [_resolve(b) for b in node.get("oneOf", [node])]
    types = node.get("type", "object")
    if isinstance(types, list) and set(types) - {"object"}:
        branches.append({})                          # e.g. roles may also be null
    for branch in branches:
        if "items" in branch and _holds_options(branch):
            _walk(branch["items"], path + "[]", out)
        elif "properties" in branch:
            for name, sub in branch["properties"].items():
                _walk(sub, f"{path}.{name}" if path else name, out)
        elif path:
            out[path] = node                         # a value: this path is an option


def option_schemas() -> dict[str, dict]:
    """Every option path of the schema, with its schema."""
    out: dict[str, dict] = {}
    _walk(SCHEMA, "", out)
    return out


def values_at(data: Any, path: str) -> list:
    """The values at an option path in spec data (``[]`` goes through every list item)."""
    found = [data]
    for part in path.split("."):
        key = part.split("[]")[0]
        found = [d[key] for d in found if isinstance(d, dict) and key in d]
        for _ in range(part.count("[]")):        # a list of lists: by_round[][]
            found = [item for d in found if isinstance(d, list) for item in d]
    return found


# ---- changes ------------------------------------------------------------------------------
def edit(base: str, path: str, value) -> dict:
    """A patch setting ``path`` ("turn.2.knock.discard") of the bundled ``base`` to ``value``:
    mappings down to the first list, then that whole list, edited."""
    spec = copy.deepcopy(load_variant(base).spec)
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    node = spec
    for key in keys[:-1]:
        node = node[key]
    node[keys[-1]] = value
    patch: dict = {}
    into, src = patch, spec
    for i, key in enumerate(keys):
        if i == len(keys) - 1 or isinstance(src[key], list):
            into[key] = src[key]
            break
        into[key] = {}
        into, src = into[key], src[key]
    return patch


def merged(base: dict, top: dict) -> dict:
    """``top`` over ``base`` as extends merges them: mappings key by key, the rest replaced."""
    out = dict(base)
    for key, value in top.items():
        both = isinstance(out.get(key), dict) and isinstance(value, dict)
        out[key] = merged(out[key], value) if both else value
    return out


# ---- what is compared -----------------------------------------------------------------
def seeded(bot: str = "greedy", players: int | None = None, seeds=(0, 1, 2),
           actions: int = 300) -> Observe:
    """Seeded games between bots: every action with its seat, the history, the returns."""
    def observe(v: Variant):
        games = []
        for seed in seeds:
            g = new_game(v, players=players, seed=seed)
            agents = [make_agent(bot, seed * 10 + s) for s in range(g.players)]
            moves = []
            while not g.is_terminal and len(moves) < actions:
                action = agents[g.current_player].act(g)
                moves.append((g.current_player, str(action)))
                g.apply(action)
            games.append({"moves": moves, "history": g.history, "returns": g.returns()})
        return games
    return observe


def scripted(*script: str, players: int = 2, seed: int = 0, deck=None, dealer=None,
             probes=()) -> Observe:
    """A game played by ``script``: then who acts, the legal actions, whether each probe
    would be accepted, the history; or where the script was refused."""
    def observe(v: Variant):
        g = new_game(v, players=players, seed=seed, deck=deck, dealer=dealer)
        for i, action in enumerate(script):
            try:
                g.apply(action)
            except IllegalAction:
                return {"refused": (i, action)}
        return {"player": g.current_player, "legal": sorted(map(str, g.legal_actions())),
                "probes": [g.is_legal(p) for p in probes], "history": g.history}
    return observe


def stock_run(seed: int = 0, actions: int = 400) -> Observe:
    """Nobody takes, knocks or melds: each turn draws from the stock (and discards the card
    drawn, where the turn has a discard), so the stock runs out again and again."""
    def observe(v: Variant):
        g = new_game(v, seed=seed)
        moves = []
        while not g.is_terminal and len(moves) < actions:
            seat, legal = g.current_player, set(map(str, g.legal_actions()))
            hand = set(g.observation(seat)["hand"])
            action = next(a for a in ("pass", "draw stock", "draw discard", "end") if a in legal)
            g.apply(action)
            moves.append(action)
            drawn = set(g.observation(seat)["hand"]) - hand
            if len(drawn) == 1 and g.is_legal(f"discard {next(iter(drawn))}"):
                moves.append(f"discard {drawn.pop()}")
                g.apply(moves[-1])
        return {"moves": moves, "history": g.history, "dealer": g.dealer}
    return observe


def shown_counters(v: Variant):
    """The counters a seeded game shows seat 0 after its first hands."""
    g = new_game(v, seed=0)
    agents = [make_agent("greedy", s) for s in range(2)]
    while len(g.history) < 3 and not g.is_terminal:
        g.apply(agents[g.current_player].act(g))
    return g.observation(0).get("shown_counters")


def seat_counts(v: Variant) -> list[int]:
    """Player counts a game can be started with."""
    out = []
    for n in range(1, 7):
        try:
            new_game(v, players=n, seed=0)
            out.append(n)
        except RummyError:
            pass
    return out


def rules_text(v: Variant) -> str:
    """The variant's rules sheet (what names a deck's suits)."""
    return rules_sheet(v)


def advisor_view(v: Variant):
    """The hands the sitter is shown at the start of a three-hand game."""
    g = new_game(v, seed=0)
    return g.observation(g.roles["sitter"]).get("advised_hands")


# ---- scenario decks -----------------------------------------------------------------------
ONE_DECK = [r + s for s in "cdhs" for r in "A23456789TJQK"]


def stacked(hands: dict[int, str], dealer: int, then: str = "", jokers: int = 0) -> list[str]:
    """A deck order, top first, dealing ``hands`` one card at a time from the dealer's left,
    then ``then`` (an upcard and the stock's top), then the rest of a one-deck pack."""
    players = len(hands)
    seats = sorted(hands, key=lambda s: (s - dealer - 1) % players)
    dealt = {s: h.split() for s, h in hands.items()}
    order = [dealt[s][i] for i in range(len(dealt[seats[0]])) for s in seats] + then.split()
    left = Counter(ONE_DECK + ["Jk"] * jokers)
    left.subtract(order)
    assert min(left.values()) >= 0 and len(set(order)) == len(order)
    return order + [c for c in ONE_DECK + ["Jk"] * jokers if left[c] > 0]


# Carousel, dealer 0: seat 1 plays first, holding a run, a joker and pairs; seat 0 then
# holds 6c 6d (to take 6h out of the run) and 7h (to extend it).
TABLE_DECK = stacked({1: "3h 4h 5h 6h 9c 9d Jk Kc Qd 2s", 0: "6c 6d 7h Ac 8s Ts 4c 2d Jh Qs"},
                     dealer=0, then="Kh 5s 8d 3c", jokers=1)
FIRST_MELDS = scripted("draw stock", deck=TABLE_DECK, dealer=0)
SECOND_PLAYER = scripted("draw stock", "meld [3h 4h 5h 6h]", "end", "draw stock",
                         deck=TABLE_DECK, dealer=0, probes=["meld [3h 4h 5h] [6h 6c 6d]"])
GOING_OUT = scripted(
    "draw stock", "meld [Ah 2h 3h 4h] [5c 5d 5s] [9s Ts Js Qs]", dealer=0,
    deck=stacked({1: "Ah 2h 3h 4h 5c 5d 5s 9s Ts Js", 0: "6c 6d 7h Kc 8s Th 4c 2d Jh Qd"},
                 dealer=0, then="Qs", jokers=1))
# Gin with three players, dealer 2: seat 0 takes the upcard and knocks; seat 1 can lay 5h
# onto 2h 3h 4h, seat 2 then 6h after it (or Ah).
LAYOFF_DECK = stacked({0: "2h 3h 4h 8c 8d 8s Ac", 1: "5h Kd Qs Jc 9d 5c 3d",
                       2: "6h Ah Ks Qd Tc 9s 4d"}, dealer=2, then="Kc")
KNOCKED = ("take", "knock Kc", "spread [2h 3h 4h] [8c 8d 8s]")
FIRST_LAYOFFS = scripted(*KNOCKED, players=3, deck=LAYOFF_DECK, dealer=2)
SECOND_LAYOFFS = scripted(*KNOCKED, "layoff 5h on 0", "spread", players=3, deck=LAYOFF_DECK,
                          dealer=2)
# Gin, dealer 0: seat 1 takes the upcard Qs and holds gin in 11 cards.
GIN_IN_ELEVEN = scripted("take", dealer=0, deck=stacked(
    {1: "Ah 2h 3h 4h 5c 5d 5s 9s Ts Js", 0: "6c 6d 7h Kc 8c Th 4c 2d Jh Qd"}, 0, "Qs"))
AFTER_GIN = scripted("take", "knock Ah", "spread [2h 3h 4h] [5c 5d 5s] [9s Ts Js Qs]", dealer=0,
                     deck=stacked({1: "Ah 2h 3h 4h 5c 5d 5s 9s Ts Js",
                                   0: "6c 6d 7h Kc 8c Th 4c 2d Jh Qd"}, 0, "Qs"))
# Basic Rummy, dealer 0: the discard pile becomes Kd 9c Jd with seat 1 to draw, holding Kh Ks.
DEPTH_DECK = stacked({1: "Kh Ks 5h 6h 2s 3d 9c 8d Js 4c", 0: "Ac 2c 3c Td Th Ts 7s 8s 9s Jd"},
                     dealer=0, then="Kd 7h 2d")
DEEP_PILE = scripted("draw stock", "discard 9c", "draw stock", "discard Jd", deck=DEPTH_DECK,
                     dealer=0)

# Basic Rummy, dealer 0: seat 1 melds Ah 2h 3h; seat 0 could lay 4h off onto it.
LAYOFF_ONTO_DECK = stacked({1: "Ah 2h 3h 7c 7d 8h 9d Td Jd Kc",
                            0: "4h 5c 6c 7s 9s Tc Jc Qh 2s 3s"}, 0, "Kd Qs Ks")
LAYOFF_ONTO = scripted("draw stock", "meld [Ah 2h 3h]", "discard Qs", "draw stock", dealer=0,
                       deck=LAYOFF_ONTO_DECK, probes=["meld [Ah 2h 3h 4h]"])


def depth_turn(**draw) -> list:
    """Basic Rummy's turn with depth draws."""
    return [{"draw": {"depth": True, **draw}}, {"meld": {}}, {"discard": {}}]


# Basic Rummy (one joker), dealer 0: the pile becomes Kd 9c and then the card seat 0 throws,
# seat 1 to draw, holding Kh Ks (and no 9 nor 3); seat 0 holds Kc, 9s, 3c and Jk to throw.
PILE_DECK = stacked({1: "Kh Ks 5h 6h 2s 3d 9c 8d Js 4c", 0: "Ac 2c 3c Td Th Ts 7s 9s Jk Kc"},
                    dealer=0, then="Kd 7h 2d 8h 3h", jokers=1)


def pile_scene(thrown: str, *then: str, probes=()) -> Observe:
    return scripted("draw stock", "discard 9c", "draw stock", f"discard {thrown}", *then,
                    deck=PILE_DECK, dealer=0, probes=probes)


def pile_case(option: str, value, shows: Observe, **context) -> Case:
    """``draw.pile.option`` set to ``value`` over the pile terms ``context``."""
    def turn(**pile) -> dict:
        return {"deck": {"jokers": 1}, "turn": [{"draw": {"pile": pile}}, {"meld": {}},
                                                {"discard": {}}]}
    return Case("basic_rummy", turn(**{**context, option: value}), shows,
                context=turn(**context))


PILE_TAKEN = pile_scene("Kc", "draw discard", probes=["discard 2s"])


# Basic Rummy, three players, dealer 0: seat 1 draws Ad, seat 2 may buy the upcard 7c and
# then draws from the stock; seat 1 can meld 2c 3c 4c.
BUY_DECK = stacked({1: "2c 3c 4c 9h Jd Qs Kd", 2: "5h 6h 8s Tc Jc 2d 3d",
                    0: "7d 7h 9c Ts Ks 4s 5s"}, dealer=0, then="7c Ad 2h 3h 4h 8d 6d 9s Qd")
BUYING = {"turn": {"draw": {"buy": {}}}}


def buy_scene(*script: str) -> Observe:
    return scripted(*script, players=3, deck=BUY_DECK, dealer=0)


def buy_case(option: str, value, shows: Observe) -> Case:
    return Case("basic_rummy", {"turn": {"draw": {"buy": {option: value}}}}, shows,
                context=BUYING)


# Basic Rummy, three players, dealer 0: seat 1 is dealt a hand of melds only.
DEALT_RUMMY = scripted(players=3, dealer=0, deck=stacked(
    {1: "2c 3c 4c 7c 7d 7h 7s", 2: "5h 6h 8s Tc Jc 2d 3d", 0: "Ad 9c Ts Ks 4s 5s Kd"}, dealer=0))
DEALT_ROWS = [{"outcome": "dealt_rummy", "when": "false",
               "award": [{"to": "winners", "points": "2 * sum(o.deadwood for o in losers)"}]},
              {"outcome": "going_out",
               "award": [{"to": "winners", "points": "sum(o.deadwood for o in losers)"}]}]


def turned_joker(v: Variant):
    """Gin with a turned card, dealer 0: the stock's top card after the upcard Qs is the
    joker; seat 1 holds Ac Ad and Kd Qd: what it sees, and its deadwood."""
    g = new_game(v, seed=0, dealer=0, deck=stacked(
        {1: "Ac Ad 2c 3c 5d 7h 9s Jd Kh 4s", 0: "6c 6d 7s Kc 8c Th 4c 2d Jh Qd"}, 0, "Qs Jk",
        jokers=1))
    seen = g.observation(1)
    return seen["turned"], seen["wild_rank"], g.meld_rules.deadwood(g.hand_faces(1))


TURNED_JOKER = turned_joker


def piles_seen(v: Variant):
    """Basic Rummy, three players: the piles seat 2 sees after seats 0 and 1 each drew from
    the stock and discarded, and its draw from the discard pile."""
    g = new_game(v, players=3, seed=0, dealer=2)
    for _ in range(2):
        g.apply("draw stock")
        g.apply(f"discard {g.observation(g.current_player)['hand'][0]}")
    seen = g.observation(2)
    g.apply("draw discard")
    return seen["discard"], seen.get("own_piles"), g.observation(2)


def false_joker(v: Variant):
    """Gin with a joker and an indicator, dealer 0: 6h is turned after the upcard Qs (7h is
    wild); seat 1 holds the joker beside 8h 9h and 9d Jd: its melds and deadwood."""
    g = new_game(v, seed=0, dealer=0, deck=stacked(
        {1: "Jk 8h 9h 9d Jd 2c 3s Kh 4c 2d", 0: "6d 7d 7s Kc 8c Th 4s 3d Jh Qd"}, 0, "Qs 6h",
        jokers=1))
    arranged = g.meld_rules.arrange(g.hand_faces(1))
    return [g.variant.faces.token(c, d) for m in arranged.melds for c, d in
            zip(m.cards, m.declared)], arranged.points


def wild_rank_group(v: Variant) -> bool:
    """Whether three 2s (2s wild) make a group."""
    f = v.faces.parse
    return v.hand_rules(1, 2, None).meld([f("2c"), f("2d"), f("2h")]) is not None


def wild_in_deadwood(v: Variant):
    """Gin, dealer 0: seat 1's deadwood when its 2c (wild) meets no card it could meld with."""
    g = new_game(v, seed=0, dealer=0, deck=stacked(
        {1: "2c 5h 9d Ks Jc 6s 3d Qh 8c Ah", 0: "6c 6d 7s Kc 7c Th 4c 2d Jh Qd"}, 0, "Qs"))
    return g.meld_rules.deadwood(g.hand_faces(1))


# Carousel, dealer 0: seat 1 holds an ace-low and an ace-high run, for the opening's points.
ACE_DECK = stacked({1: "Ah 2h 3h Qs Ks As 9c 9d 5c 7d", 0: "6c 6d 7h Ac 8s Ts 4c 2d Jh Qd"},
                   dealer=0, then="Kh 5s 8d 3c", jokers=1)
ACE_MELDS = scripted("draw stock", deck=ACE_DECK, dealer=0,
                     probes=["meld [Ah 2h 3h]", "meld [Qs Ks As]"])
# Seat 1 lays its run, then tries a second, new meld in the same turn.
SECOND_MELD = scripted("draw stock", "meld [3h 4h 5h 6h]", deck=TABLE_DECK, dealer=0,
                       probes=["meld [3h 4h 5h 6h] [9c 9d Jk(9h)]", "meld [3h 4h 5h 6h Jk(7h)]"])
# 9c 9d and the joker make 27 as declared, 43 with the joker's own 25 points.
WILD_OPENING = scripted("draw stock", deck=TABLE_DECK, dealer=0, probes=["meld [9c 9d Jk(9h)]"])
# Canasta: seat 1 takes a pile frozen by a joker with Kd on top, holding two more kings and a
# meld of kings: a new meld with them, or (without frozen_new_meld) onto the meld.
FROZEN_TAKE = scripted(*FROZEN_KING_PLAY, players=4, dealer=0,
                       deck=canasta_game_deck(**FROZEN_KING),
                       probes=["meld [Kh Ks Kc Kd] [Qh Qs Qd]"])
# Canasta: seat 1 melds three black threes with kings, keeping two cards (not going out).
BLACK_THREES = scripted("draw stock", players=4, dealer=0,
                        deck=canasta_game_deck("Kh Ks Kd Kc Kh Ks Kd Qh 3c 3s 3c", "Ah 9c"),
                        probes=["meld [Kh Ks Kd Kc Kh Ks Kd] [3c 3c 3s]"])
OPENING_PROBES = scripted("draw stock", deck=TABLE_DECK, dealer=0,
                          probes=["meld [3h 4h 5h 6h] [9c 9d Jk(9h)]", "meld [3h 4h 5h 6h]"])


def melded_points_after(*script: str) -> Observe:
    """Each seat's melded_points on the Carousel table after ``script``."""
    def observe(v: Variant):
        g = new_game(v, deck=TABLE_DECK, dealer=0)
        for action in script:
            g.apply(action)
        return dict(g.table_points)
    return observe


def opening(**options) -> dict:
    return {"table": {"opening": options}}


def need_cases(key: str, name: str) -> list[Case]:
    """Cases for one field of a contract's meld need, given as melds or by_round (one
    round's list)."""
    pairs = {"kind": [({"kind": "any"}, {"kind": "run"}), ({"kind": "run"}, {"kind": "group"})],
             "count": [({"kind": "any"}, {"kind": "any", "count": 2})],
             "min_size": [({"kind": "run"}, {"kind": "run", "min_size": 4})],
             "pure": [({"kind": "group"}, {"kind": "group", "pure": True})]}
    wrap = (lambda need: [need]) if name == "melds" else (lambda need: [[need]])
    return [Case("carousel", opening(**{name: wrap(after)}), FIRST_MELDS,
                 context=opening(**{name: wrap(before)})) for before, after in pairs[key]]


GREEDY, RANDOM = seeded(), seeded("random")
HANDS = seeded(actions=400, seeds=(0, 1))        # whole gin matches: match ends and bonuses
THREE = seeded(players=3)
SHORT_HOLLYWOOD = seeded(actions=3000, seeds=(0, 1))    # whole Hollywood matches to game_to 30
ONE_GREEDY = seeded(seeds=(0,), actions=200)    # where a bot decision is slow (13-card wild hands)


def meld_turn(**meld) -> list:
    """A Carousel turn with a meld step: draw one card, meld, knock at 5 points or less."""
    return [{"draw": {"from": ["stock"]}}, {"meld": meld},
            {"knock": {"when": "hand_points <= 5", "discard": "none"}}]


@dataclass(frozen=True)
class Case:
    base: str                                    # a bundled variant
    change: dict                                 # merged over base + context
    shows: Observe = GREEDY                      # what must differ
    context: dict = field(default_factory=dict)  # merged into both sides
    xfail: str = ""                              # why the change is not executed yet
    raises: type[Exception] | None = None        # how it fails now, if it crashes


def case(base: str, path: str, value, shows: Observe = GREEDY, **more) -> Case:
    return Case(base, edit(base, path, value), shows, **more)


# Scala 40, dealer 0: seat 1 opens with a joker in a run and one in a group, seat 0 passes a
# turn, seat 1 draws Ah (the run joker's card) and seat 0 holds 3s (the group joker's card).
def two_packs(hand1: str, hand0: str, then: str) -> list[str]:
    """A two-deck, four-joker order dealing seat 1 and seat 0 (dealer 0), then ``then``."""
    order = [c for pair in zip(hand1.split(), hand0.split()) for c in pair] + then.split()
    left = Counter(ONE_DECK * 2 + ["Jk"] * 4)
    left.subtract(order)
    return order + list(left.elements())


SWAP_DECK = two_packs("Qh Kh Jk 3c 3d Jk 9c Td 2s 4s 6s 7h Jc",
                      "3s 8d 5d 6d Tc Td Ts Jc Jd Js 8c 5h 4d", "4d 8c 5c Ah")
SWAP_OPENED = ("draw stock", "meld [Qh Kh Jk(Ah)] [3c 3d Jk(3s)]", "discard 8c")
JOKER_SWAPS = scripted(*SWAP_OPENED, "draw stock", "discard 5c", "draw stock", deck=SWAP_DECK,
                       dealer=0, probes=["meld [Qh Kh Ah] [3c 3d Jk(3s)]",
                                         "meld [Qh Kh Ah] [3c 3d Jk(3s)] [4s Jk(5s) 6s]"])
SWAP_BEFORE_OPENING = scripted(*SWAP_OPENED, "draw stock", deck=SWAP_DECK, dealer=0, probes=[
    "meld [Qh Kh Jk(Ah)] [3c 3d 3s] [Tc Td Ts] [Jc Jd Js]",
    "meld [Qh Kh Jk(Ah)] [3c 3d 3s] [Tc Td Ts Jk(Th)] [Jc Jd Js]"])
SWAPS = {"table": {"joker_swap": {"allowed": True}}}


TABLE: dict[str, list[Case]] = {
    "players.min": [case("gin", "players.min", 3, seat_counts)],
    "players.max": [case("gin", "players.max", 3, seat_counts)],
    "deck.decks": [case("gin", "deck.decks", 2)],
    "deck.jokers": [case("gin", "deck.jokers", 2)],
    "deck.suits": [case("gin", "deck.suits", ["c", "d", "h"])],
    "deck.ranks": [case("gin", "deck.ranks", list("A23456789TJQ")),
                   case("gin", "deck.ranks", "1..13")],
    "deck.suit_names": [case("carousel", "deck.suit_names",
                             {"c": "black", "d": "red", "h": "blue", "s": "orange"}, rules_text)],
    "deck.points": [case("gin", "deck.points", {"J": 1, "Q": 1, "K": 1})],
    "deal.hand_size": [case("gin", "deal.hand_size", 7)],
    "deal.first_player_extra": [case("basic_rummy", "deal.first_player_extra", 1,
                                     scripted(players=3))],
    "deal.upcard": [case("carousel", "deal.upcard", True, RANDOM)],
    "deal.first_dealer": [case("gin", "deal.first_dealer", "first_seat"),
                          case("gin", "deal.first_dealer", "high_card")],
    "deal.next_dealer": [case("gin", "deal.next_dealer", d) for d in ("winner", "loser", "same")],
    "roles": [case("three_hand_gin", "roles", None, THREE)],
    "roles.names": [case("three_hand_gin", "roles.names", ["captain", "box", "sitter"], THREE)],
    "roles.play": [
        Case("three_hand_gin", {"roles": {"play": ["box", "sitter"]}}, THREE)],
    "roles.dealer": [case("three_hand_gin", "roles.dealer", None, THREE)],
    "roles.advise": [case("three_hand_gin", "roles.advise", {"sitter": "box"}, advisor_view)],
    "roles.no_score": [case("three_hand_gin", "roles.no_score", ["sitter", "box"], THREE)],
    "roles.rotate[].when": [case("three_hand_gin", "roles.rotate.0.when", "false", THREE)],
    "roles.rotate[].next": [case("three_hand_gin", "roles.rotate.1.next",
                                 {"box": "box", "captain": "captain", "sitter": "sitter"}, THREE)],
    "partnerships": [case("partnership_gin", "partnerships", None)],
    "partnerships.teams": [
        case("partnership_gin", "partnerships.teams", [[0, 1], [2, 3]]),
        Case("partnership_gin", {"partnerships": {"teams": "alternate"}}, seeded(players=6),
             context={"players": {"min": 6, "max": 6}, "deal": {"hand_size": 7}})],
    "partnerships.from_players": [
        Case("partnership_gin", {"partnerships": {"from_players": 5}}, seeded(players=4))],
    "partnerships.opening": [
        Case("scala_40", {"partnerships": {"opening": "player"}}, seeded(players=4),
             context={"players": {"min": 4, "max": 4},
                      "partnerships": {"teams": "across", "opening": "team"}})],
    "melds.group": [case("gin", "melds.group", False)],
    "melds.group.min": [case("gin", "melds.group.min", 4)],
    "melds.group.max": [case("gin", "melds.group.max", 3)],
    "melds.run": [case("gin", "melds.run", False)],
    "melds.run.min": [case("gin", "melds.run.min", 4)],
    "melds.run.max": [case("gin", "melds.run.max", 3)],
    "melds.run.ace": [case("gin", "melds.run.ace", a) for a in ("high", "both")],
    "melds.run.wrap": [case("gin", "melds.run.wrap", True)],
    "melds.jokers.max_per_meld": [case("carousel", "melds.jokers.max_per_meld", 0, FIRST_MELDS)],
    "melds.jokers.min_natural": [case("carousel", "melds.jokers.min_natural", 3, FIRST_MELDS)],
    "melds.wilds.rank": [case("gin_standard", "melds.wilds.rank", "2"),
                         case("gin_standard", "melds.wilds.rank", "round % 13 + 1", HANDS)],
    "melds.wilds.turned_card": [case("gin_standard", "melds.wilds.turned_card", True),
                                case("indian_rummy", "melds.wilds.turned_card", "next",
                                     ONE_GREEDY)],
    "melds.wilds.if_turned_joker": [Case("gin_standard", {"melds": {"wilds": {
        "if_turned_joker": "A"}}}, TURNED_JOKER, context={
            "deck": {"jokers": 1}, "melds": {"wilds": {"turned_card": True}}})],
    "melds.wilds.jokers": [Case("gin_standard", {"melds": {"wilds": {"jokers": "wild_card"}}},
                                false_joker, context={"deck": {"jokers": 1},
                                                      "melds": {"wilds": {"turned_card": "next"}}})],
    "melds.wilds.points": [Case("gin_standard", {"melds": {"wilds": {"points": 25}}},
                                wild_in_deadwood, context={"melds": {"wilds": {"rank": "2"}}})],
    "melds.wilds.natural_groups": [Case("burraco", {"melds": {"wilds": {"natural_groups": True}}},
                                        wild_rank_group)],
    "melds.wilds.stand_in": [Case("gin_standard", {"melds": {"wilds": {"stand_in": ["run"]}}},
                                  context={"melds": {"wilds": {"rank": "2"}}})],
    "melds.arrangement_needs[].kind": [Case("indian_rummy", {"melds": {"arrangement_needs": [
        {"kind": "group", "pure": True}, {"kind": "any"}]}}, ONE_GREEDY)],
    "melds.arrangement_needs[].pure": [Case("indian_rummy", {"melds": {"arrangement_needs": [
        {"kind": "run", "pure": False}, {"kind": "run"}]}}, ONE_GREEDY)],
    "melds.arrangement_needs[].count": [Case("indian_rummy", {"melds": {"arrangement_needs": [
        {"kind": "run", "pure": True}, {"kind": "run", "count": 2}]}}, ONE_GREEDY)],
    "melds.arrangement_needs[].min_size": [Case("indian_rummy", {"melds": {"arrangement_needs": [
        {"kind": "run", "pure": True, "min_size": 4}, {"kind": "run"}]}}, ONE_GREEDY)],
    "params": [case("gin_standard", "params.knock_limit", 3)],
    "counters": [Case("gin_standard", {
        "counters": {"taken": {"update": {"draw_discard": "value + 1"}}},
        "turn": {"draw": {"discard_when": "me.taken < 1"}}}),
        # a scored update: each hand won lowers the knock limit for the rest of the match
        Case("gin_standard", {"counters": {"won": {"update": {
            "scored": "value + 1 if p in winners else value"}}}}, HANDS, context={
                "counters": {"won": {"reset": "match"}},
                "turn": {"knock": {"when": "deadwood_after_discard <= knock_limit - me.won"}}}),
        # of: the counter counts others' draws from the discard pile, or the next player's
        *[Case("gin_standard", {"counters": {"taken": {"of": of}}}, context={
            "counters": {"taken": {"update": {"draw_discard": "value + 1"}}},
            "turn": {"draw": {"discard_when": "me.taken < 1"}}})
          for of in ("others", "next_player")],
        # show: the counter appears in the observation
        Case("gin_standard", {"counters": {"won": {"show": True}}}, shown_counters, context={
            "counters": {"won": {"update": {"scored": "value + 1 if p in winners else value"}}}}),
    ],
    "round_end.max_turns": [case("gin", "round_end.max_turns", 5)],
    "round_end.out_by_discard": [case(
        "basic_rummy", "round_end.out_by_discard", True,
        scripted("draw stock", dealer=0, deck=[c for pair in zip(
            ["Ah", "2h", "3h", "7c", "7d", "7s", "9d", "Td", "Jd", "Qd"], ["2c", "3c", "4d", "5d", "6s", "8s", "9s", "Tc", "Jc", "Qh"])
            for c in pair] + ["5c", "Kd"] + [c for c in FULL_52 if c not in (
                ["Ah", "2h", "3h", "7c", "7d", "7s", "9d", "Td", "Jd", "Qd", "2c", "3c", "4d", "5d", "6s", "8s", "9s", "Tc", "Jc", "Qh", "5c", "Kd"])],
            probes=["meld [Ah 2h 3h] [7c 7d 7s] [9d Td Jd Qd Kd]"]))],
    # going out only with a meld of 5+ cards: seat 1 may not lay its last four cards, nor
    # leave itself a single card to discard, without one (tests/test_meld_composition.py)
    "round_end.may_go_out_when": [Case(
        "basic_rummy", {"round_end": {"may_go_out_when": "any(m.size >= 5 for m in me.melds)"}},
        scripted("draw stock", "meld [Ah 2h 3h]", "meld [Ah 2h 3h] [7c 7d 7s]", dealer=0,
                 deck=stacked({1: "Ah 2h 3h 7c 7d 7s 9d Td Jd Qd",
                               0: "2c 3c 4d 5d 6s 8s 9s Tc Jc Qh"}, 0, "5c Kd"),
                 probes=["meld [Ah 2h 3h] [7c 7d 7s] [Td Jd Qd Kd]",
                         "meld [Ah 2h 3h] [7c 7d 7s] [9d Td Jd Qd]"]))],
    "round_end.last_turns_after_knock": [case("three_thirteen", "round_end.last_turns_after_knock",
                                              False)],
    "round_end.void_when": [case("gin", "round_end.void_when", "stock_left < 20")],
    "round_end.void_check": [case("gin_standard", "round_end.void_check", "action", context={
        "counters": {"taken": {"update": {"draw_discard": "value + 1"}}},
        "round_end": {"void_when": "sum(p.taken for p in players) >= 2"}})],
    "round_end.defenders_choose_melds": [case("gin_standard", "round_end.defenders_choose_melds",
                                              True, AFTER_GIN)],
    "match.eliminate_when": [case("gin", "match.eliminate_when", "p.score >= 30")],
    "round_end.defenders_meld_when": [case("gin_standard", "round_end.defenders_meld_when",
                                           "false")],
    "round_end.last_turns_after_going_out": [case("carousel",
                                                  "round_end.last_turns_after_going_out", True)],
    "round_end.layoffs.max_per_meld": [case("gin_standard", "round_end.layoffs.max_per_meld", 0)],
    "round_end.layoffs.max_per_run_end": [case(
        "gin", "round_end.layoffs.max_per_run_end", 1, SECOND_LAYOFFS,
        context={"round_end": {"layoffs": {"original_melds_only": False}}})],
    "deal.first_player": [case("gin", "deal.first_player", "dealer")],
    "deal.instant_win": [Case(
        "basic_rummy", {"deal": {"instant_win": {"when": "deadwood == 0",
                                                 "outcome": "going_out"}}}, DEALT_RUMMY)],
    "deal.instant_win.when": [Case(
        "basic_rummy", {"deal": {"instant_win": {"when": "deadwood == 0"}}}, DEALT_RUMMY,
        context={"deal": {"instant_win": {"when": "false", "outcome": "going_out"}}})],
    "deal.instant_win.outcome": [Case(
        "basic_rummy", {"deal": {"instant_win": {"outcome": "dealt_rummy"}}}, DEALT_RUMMY,
        context={"deal": {"instant_win": {"when": "deadwood == 0", "outcome": "going_out"}},
                 "scoring": {"outcomes": DEALT_ROWS}})],
    "table.manipulation": [case("carousel", "table.manipulation", False, SECOND_PLAYER)],
    "table.layoff_onto": [case("basic_rummy", "table.layoff_onto", "own", LAYOFF_ONTO)],
    "table.rearrange": [case("carousel", "table.rearrange", "own", SECOND_PLAYER)],
    "table.opening.applies_to": [case("carousel", "table.opening.applies_to",
                                      "first_meld_of_each_player", SECOND_PLAYER)],
    "table.opening.complete_melds": [case("carousel", "table.opening.complete_melds", 2,
                                          FIRST_MELDS)],
    "table.opening.min_points": [case("carousel", "table.opening.min_points", 30, FIRST_MELDS),
                                 case("carousel", "table.opening.min_points",
                                      "30 if me.score == 0 else 0", FIRST_MELDS)],
    "table.opening.wild_points": [Case("carousel", opening(wild_points="own"), WILD_OPENING,
                                       context=opening(min_points=30))],
    **{f"table.opening.melds[].{key}": need_cases(key, "melds")
       for key in ("kind", "count", "min_size", "pure")},
    **{f"table.opening.by_round[][].{key}": need_cases(key, "by_round")
       for key in ("kind", "count", "min_size", "pure")},
    "table.opening.contract_by": [case("contract_rummy", "table.opening.contract_by",
                                       "progress", seeded(seeds=(0,), actions=600))],
    "table.opening.extra_melds": [Case("carousel", opening(extra_melds=False), OPENING_PROBES,
                                       context=opening(melds=[{"kind": "run"}]))],
    "table.opening.all_cards": [case("carousel", "table.opening.all_cards", "round == 1",
                                     FIRST_MELDS)],
    "table.melded_points": [case("carousel", "table.melded_points", "by_meld",
                                 melded_points_after("draw stock", "meld [9c 9d Jk(9h)]"))],
    "table.joker_swap.allowed": [case("scala_40", "table.joker_swap.allowed", True,
                                      JOKER_SWAPS)],
    "table.joker_swap.from": [Case("scala_40", {"table": {"joker_swap": {"from": "runs"}}},
                                   SWAP_BEFORE_OPENING, context=merged(SWAPS, {"table": {
                                       "joker_swap": {"before_opening": True}}}))],
    "table.joker_swap.before_opening": [Case("scala_40", {"table": {"joker_swap": {
        "before_opening": True}}}, SWAP_BEFORE_OPENING, context=SWAPS)],
    "table.joker_swap.joker_to": [Case("scala_40", {"table": {"joker_swap": {
        "joker_to": "table"}}}, JOKER_SWAPS, context=SWAPS)],
    "turn[].turn_up.on_pass": [Case(
        "basic_rummy", {"turn": [{"turn_up": {"on_pass": "draw"}}, {"meld": {}}, {"discard": {}}]},
        scripted("draw stock", "pass", deck=LAYOFF_ONTO_DECK, dealer=0),
        context={"turn": [{"turn_up": {"on_pass": "end_turn"}}, {"meld": {}}, {"discard": {}}]})],
    "turn[].drop.first": [case("indian_rummy", "turn.0.drop.first", None,
                               scripted(players=3, probes=["drop"]))],
    "turn[].drop.middle": [case("indian_rummy", "turn.0.drop.middle", 60,
                                scripted("drop", "draw stock", "drop", players=3))],
    "table.new_melds_after_opening": [case("basic_rummy", "table.new_melds_after_opening",
                                           False, SECOND_MELD, context={"deck": {"jokers": 1}})],
    "melds.group.duplicates": [case("carousel", "melds.group.duplicates", True,
                                    seeded("random", players=3))],
    "melds.run.low_ace_points": [Case("carousel", {"melds": {"run": {"low_ace_points": 20}}},
                                      ACE_MELDS, context=opening(min_points=25))],
    "melds.run.high_ace_points": [Case("carousel", {"melds": {"run": {"high_ace_points": 11}}},
                                       ACE_MELDS, context=opening(min_points=30))],
    "turn[].offer_upcard.to": [case("gin", "turn.0.offer_upcard.to", "first_player_then_dealer",
                                    scripted("pass", players=3))],
    "turn[].draw.from": [case("gin", "turn.1.draw.from", ["stock"])],
    "turn[].draw.count": [case("gin", "turn.1.draw.count", 2)],
    "turn[].draw.discard_when": [case("gin", "turn.1.draw.discard_when", "round > 1")],
    "turn[].draw.depth": [case("basic_rummy", "turn.0.draw.depth", True, DEEP_PILE)],
    "turn[].draw.must_use_deepest": [Case("basic_rummy", {"turn": depth_turn(
        must_use_deepest=False)}, DEEP_PILE, context={"turn": depth_turn()})],
    "deal.reserve": [case("basic_rummy", "deal.reserve", {"hands": 2, "size": 3})],
    "deal.reserve.hands": [Case("basic_rummy", {"deal": {"reserve": {"hands": 1}}},
                                context={"deal": {"reserve": {"size": 3}}}),
                           Case("basic_rummy", {"deal": {"reserve": {"hands": {2: 2, 3: 1}}}},
                                THREE, context={"deal": {"reserve": {"size": 3}}})],
    "deal.reserve.per": [Case("burraco", {"deal": {"reserve": {"per": "player"}}},
                              seeded(players=4, seeds=(0, 1), actions=600))],
    "deal.reserve.size": [Case("basic_rummy", {"deal": {"reserve": {"size": 2}}},
                               context={"deal": {"reserve": {"size": 3}}})],
    "special_cards": [case("basic_rummy", "special_cards", {"cards": ["3h", "3d"]})],
    "special_cards.cards": [Case("basic_rummy", {"special_cards": {"cards": ["3h", "3d", "3c"]}},
                                 context={"special_cards": {"cards": ["3h", "3d"]}})],
    "table.only_going_out": [Case("canasta", {"table": {"only_going_out": []}}, BLACK_THREES)],
    "turn[].draw.pile.frozen_new_meld": [Case(
        "canasta", {"turn": {"draw": {"pile": {"frozen_new_meld": False}}}}, FROZEN_TAKE)],
    "turn[].draw.pile": [Case("basic_rummy", {"turn": [{"draw": {"pile": {"take": "whole"}}},
                                                       {"meld": {}}, {"discard": {}}]},
                              pile_scene("Kc"), context={"deck": {"jokers": 1}})],
    "turn[].draw.pile.take": [pile_case("take", "whole", pile_scene("Kc"), take="top")],
    "turn[].draw.pile.use": [pile_case("use", "at_once", pile_scene("9s"), use="none"),
                             pile_case("use", "to_open", PILE_TAKEN)],
    "turn[].draw.pile.freezes": [pile_case("freezes", ["wild"], pile_scene("Jk"),
                                           take="whole")],
    "turn[].draw.pile.frozen_naturals": [pile_case("frozen_naturals", 3, pile_scene("Kc"),
                                                   freezes=["Kd"])],
    "turn[].draw.pile.frozen_until_opened": [pile_case("frozen_until_opened", True,
                                                       pile_scene("9s"), take="whole")],
    "turn[].draw.pile.blocks": [pile_case("blocks", ["3c"], pile_scene("3c"), take="whole")],
    "turn[].draw.not_own_discard": [Case("basic_rummy", {"turn": depth_turn(
        not_own_discard=True)}, DEEP_PILE, context={"turn": depth_turn()})],

    "turn[].draw.instead": [Case("basic_rummy", {"turn": {"draw": {"instead": ["meld"]}}},
                                 scripted(players=3, deck=BUY_DECK, dealer=0,
                                          probes=["meld [2c 3c 4c]"]))],
    "turn[].draw.ends_turn": [case("rummikub", "turn.0.draw.ends_turn", False,
                                   scripted("draw stock"))],
    "turn[].draw.buy": [Case("basic_rummy", BUYING, buy_scene("draw stock"))],
    "turn[].draw.buy.penalty": [buy_case("penalty", 2, buy_scene(
        "draw stock", "buy", "discard Kd", "draw stock", "pass"))],
    "turn[].draw.buy.max_per_hand": [buy_case("max_per_hand", 1, buy_scene(
        "draw stock", "buy", "discard Kd", "draw stock", "pass", "discard Tc",
        "draw stock", "pass", "discard Ts", "draw stock"))],
    "turn[].draw.buy.in_turn_first": [buy_case("in_turn_first", False, buy_scene(
        "draw stock", "pass", "pass", "discard Kd"))],
    "turn[].draw.buy.after_going_down": [buy_case("after_going_down", False, buy_scene(
        "draw stock", "pass", "pass", "meld [2c 3c 4c]", "discard Kd", "draw stock", "pass",
        "discard Tc", "draw stock"))],
    "turn[].draw_until_meld.max_draws": [case("carousel", "turn.0.draw_until_meld.max_draws", 1,
                                              FIRST_MELDS)],
    "turn[].draw_until_meld.meld_after_last": [
        case("carousel", "turn.0.draw_until_meld.meld_after_last", True,
             scripted("draw stock", "draw stock", "draw stock", deck=TABLE_DECK, dealer=0))],
    "turn[].meld.optional": [Case("carousel", {"turn": meld_turn(optional=False)}, FIRST_MELDS,
                                  context={"turn": meld_turn()})],
    "turn[].knock.when": [case("gin", "turn.2.knock.when", "deadwood_after_discard <= 3")],
    "turn[].knock.discard": [case("gin", "turn.2.knock.discard", "none")],
    "turn[].knock.without_discard_when": [case("gin_standard", "turn.2.knock.without_discard_when",
                                               "false", GIN_IN_ELEVEN)],
    "turn[].discard.not_playable": [case(
        "basic_rummy", "turn.2.discard.not_playable", True,
        scripted("draw stock", "meld [Ah 2h 3h]", dealer=0, deck=[c for pair in zip(
            ["Ah", "2h", "3h", "4h", "7c", "9d", "Td", "Kc", "5s", "Qd"], ["2c", "3c", "4d", "5d", "6s", "8s", "9s", "Tc", "Jc", "Qh"])
            for c in pair] + ["5c", "Kd"] + [c for c in FULL_52 if c not in (
                ["Ah", "2h", "3h", "4h", "7c", "9d", "Td", "Kc", "5s", "Qd", "2c", "3c", "4d", "5d", "6s", "8s", "9s", "Tc", "Jc", "Qh", "5c", "Kd"])],
            probes=["discard 4h"]))],
    "turn[].discard.to": [case("basic_rummy", "turn.2.discard.to", "own_pile", piles_seen,
                               context={"deal": {"upcard": False}})],
    "turn[].discard.not_taken_card": [case("gin", "turn.3.discard.not_taken_card", True,
                                           scripted("take"))],
    "stock.exhausted_at": [case("gin", "stock.exhausted_at", 10, stock_run())],
    "stock.then": [
        case("gin", "stock.then", "void_hand", stock_run()),
        case("gin_standard", "stock.then", "knock_or_void", stock_run()),
        *(case("carousel", "stock.then", t, stock_run()) for t in ("end_round", "void_hand")),
        case("rummikub", "stock.then", "end_round", stock_run())],
    "stock.max_reshuffles": [case("gin", "stock.max_reshuffles", 0, stock_run())],
    "stock.void_dealer": [case("gin_standard", "stock.void_dealer", "next", stock_run())],
    "stock.reshuffle": [case("gin", "stock.reshuffle", "turn_over", stock_run())],
    "round_end.spread": [case("gin", "round_end.spread", False,
                              context={"round_end": {"layoffs": {"allowed": False}}})],
    "round_end.empty_hand_ends_round": [case("carousel", "round_end.empty_hand_ends_round", False,
                                             GOING_OUT)],
    "round_end.layoffs.allowed": [case("gin", "round_end.layoffs.allowed", False,
                                       FIRST_LAYOFFS)],
    "round_end.layoffs.original_melds_only": [
        case("gin", "round_end.layoffs.original_melds_only", False, SECOND_LAYOFFS)],
    "round_end.layoffs.when": [case("gin", "round_end.layoffs.when", "false", FIRST_LAYOFFS)],
    "scoring.mode": [case("gin", "scoring.mode", "points")],
    "scoring.outcomes[].outcome": [case("gin", "scoring.outcomes.2.outcome", "plain_knock")],
    "scoring.outcomes[].when": [case("gin", "scoring.outcomes.0.when", "true")],
    "scoring.outcomes[].winners": [case("gin", "scoring.outcomes.2.winners", "opponents")],
    "scoring.outcomes[].award[].to": [case("gin", "scoring.outcomes.2.award.0.to", "winners")],
    "scoring.outcomes[].award[].when": [case("gin", "scoring.outcomes.2.award.0.when",
                                             "p.deadwood > 20")],
    "scoring.outcomes[].award[].points": [case("gin", "scoring.outcomes.2.award.0.points", "1")],
    "scoring.void.outcome": [case("gin_standard", "scoring.void.outcome", "washout", stock_run())],
    "match.ends_when": [case("gin", "match.ends_when", "max(players.score) >= 30", HANDS)],
    "match.max_hands": [case("gin", "match.max_hands", 2, HANDS)],
    "match.stop_after_deals": [case("gin", "match.stop_after_deals", 2, HANDS)],
    "match.bonuses[].to": [case("gin_standard", "match.bonuses.0.to", "players", HANDS)],
    "match.bonuses[].when": [case("gin_standard", "match.bonuses.1.when", "p.rounds_won > 3",
                                  HANDS)],
    "match.bonuses[].points": [case("gin_standard", "match.bonuses.0.points", "50", HANDS)],
    "match.bonuses[].into": [case("hollywood_gin", "match.bonuses.0.into", None, SHORT_HOLLYWOOD,
                                  context={"params": {"game_to": 30}})],
    "match.standing": [case("gin_standard", "match.standing", "p.rounds_won", HANDS),
                       case("hollywood_gin", "match.standing", "p.game1", SHORT_HOLLYWOOD,
                            context={"params": {"game_to": 30}})],
}

CASES = [pytest.param(path, c, id=f"{path}-{i}",
                      marks=[pytest.mark.xfail(strict=True, reason=c.xfail, raises=c.raises)]
                      if c.xfail else [])
         for path, cases in TABLE.items() for i, c in enumerate(cases)]


def spec_file(tmp_path, name: str, base: str, patch: dict):
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump({"extends": base, **patch}, sort_keys=False))
    return load_variant(path)


# ---- tests ----------------------------------------------------------------------------
def test_table_covers_exactly_the_schemas_options():
    """A new option without a case fails here, and so does a case for an option gone."""
    paths = set(option_schemas())
    assert paths >= METADATA
    assert set(TABLE) == paths - METADATA


def test_every_enum_value_is_played():
    """Each value of an enum option is in a passing case's base variant or in its change."""
    for path, schema in option_schemas().items():
        if "enum" not in schema:
            continue
        seen = set()
        for shown in [c for c in TABLE[path] if not c.xfail]:
            for data in (load_variant(shown.base).spec, shown.context, shown.change):
                seen.update(values_at(data, path))
        assert set(schema["enum"]) <= seen, f"{path}: no case plays {set(schema['enum']) - seen}"


@pytest.mark.parametrize("base", ["gin", "carousel"])
def test_a_copy_plays_the_same(tmp_path, base):
    """The comparison is fair: a variant loaded through extends, renamed only, plays the same."""
    copy_ = spec_file(tmp_path, "copy", base, {"name": "Copy"})
    for shows in (RANDOM, FIRST_MELDS if base == "carousel" else GREEDY):
        assert shows(copy_) == shows(load_variant(base))


@pytest.mark.parametrize("path, case_", CASES)
def test_option_changes_play(tmp_path, path, case_):
    base = spec_file(tmp_path, "base", case_.base, case_.context)
    changed = spec_file(tmp_path, "changed", case_.base, merged(case_.context, case_.change))
    before = case_.shows(base)
    assert not (isinstance(before, dict) and "refused" in before), before
    assert case_.shows(changed) != before


@pytest.mark.parametrize("then", ["last_lap", "end_round"])
def test_a_hand_ended_without_a_knock_where_every_row_reads_the_knocker_is_a_clear_error(
        tmp_path, then):
    """gin's rows all read ``knocker``: a stock rule that scores a hand nobody knocked in
    cannot be scored by them, and says so naming the formula (no bare AttributeError)."""
    v = spec_file(tmp_path, "no_knock", "gin", {"stock": {"then": then}})
    with pytest.raises(FormulaRuntimeError, match=r"scoring.outcomes\[0\].when.*nobody knocked"):
        stock_run()(v)
