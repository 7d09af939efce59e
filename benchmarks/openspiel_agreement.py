"""Agreement with OpenSpiel's gin_rummy: random legal play in pyspiel, replayed in our engine.

    python benchmarks/openspiel_agreement.py [--games 1000] [--seed 1] [--variant openspiel_gin]
        [--params oklahoma=true,gin_bonus=30]    # OpenSpiel's game parameters, to match a house rule

Each game is seeded: a shuffled deck feeds OpenSpiel's chance nodes (player 0's ten cards,
player 1's ten, the upcard, then each card drawn from the stock), and the same order is our
deck (dealt one at a time from player 0, whose dealer is seat 1). At every OpenSpiel decision
the legal actions of both engines are mapped to one notation and compared; the action
OpenSpiel's player picks is then played in ours; at the end the returns are compared. Uniform
random play rarely knocks, so by default every other game is played by an eager player: it
takes the upcard when it lowers its deadwood, discards the card that leaves the least, and
knocks once its deadwood is down to a limit drawn per game (0 for gin, up to 10); the rest
(melds laid, layoffs) at random.

The mapping (OpenSpiel action ids: 0-51 cards, 52 draw upcard, 53 draw stock, 54 pass,
55 knock, 56+ melds):
- first upcard: draw upcard / pass -> ours ``take`` / ``pass``; draw stock -> ``draw stock``;
- draw: draw upcard -> ``draw discard``; a card in the discard phase -> ``discard X``;
- ``Knock`` then a card -> ours ``knock X`` (the knock decision compares "may knock at all",
  the card decision the cards ours allows in ``knock X``);
- at the wall: pass / knock -> ours ``pass`` / ``draw discard`` (taken only to knock);
- the knocker's melds, laid one at a time until pass -> ours ``spread [..] [..]``; at each of
  those decisions both sides are compared as the sets of cards a finished spread can meld;
- layoffs, one card at a time until pass -> ours ``layoff X on K`` (any K), pass -> the spread.
One difference is known and left (see variants/openspiel_gin.yaml): OpenSpiel decides whether
an 11-card hand may knock from the first arrangement it finds with the most melded points, less
its highest unmelded card; ours from the best discard. Where another arrangement leaves less
after the discard, OpenSpiel refuses a knock ours allows (a few games in ten thousand).
Nothing here is used by the interpreter: pyspiel is an optional peer (``pip install -e
'.[bench]'``).
"""
from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

try:
    import interpreter  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from interpreter import load_variant, new_game

RANKS, SUITS = "A23456789TJQK", "scdh"          # OpenSpiel's card ids: suit * 13 + rank
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56


TIE = "OpenSpiel's 11-card deadwood"


def card_name(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


@dataclass
class Disagreement:
    seed: int
    decision: int
    what: str
    openspiel: list
    ours: list
    history: list
    known: str = ""                      # a difference this file's docstring explains

    def __str__(self) -> str:
        note = f" [{self.known}]" if self.known else ""
        return (f"game seed {self.seed}, decision {self.decision} ({self.what}){note}:\n"
                f"  OpenSpiel: {self.openspiel}\n  ours:      {self.ours}\n"
                f"  moves so far: {' | '.join(self.history)}")


@dataclass
class GameResult:
    decisions: int = 0
    agreed: int = 0
    returns_agree: bool = False
    first: Disagreement | None = None
    returns: tuple = ()
    outcome: str = ""                    # how our hand ended (gin, undercut, knock, void)
    log: list = field(default_factory=list)


class Replay:
    """One game: OpenSpiel's state, ours, and the moves OpenSpiel has made that ours has not."""

    def __init__(self, pyspiel, variant, seed: int, params: dict, eager: bool = False):
        self.rng = random.Random(seed)
        self.eager, self.variant = eager, variant
        self.knock_at = self.rng.choice([0, 0, 2, 5, 10])   # the eager player's knock
        self.seed = seed
        self.deck = list(range(52))
        self.rng.shuffle(self.deck)
        self.os = pyspiel.load_game("gin_rummy", params).new_initial_state()
        order = [card_name(c) for c in self.deck]
        hands = [order[:10], order[10:20]]
        ours_deck = [c for pair in zip(*hands) for c in pair] + order[20:]
        self.us = new_game(variant, 2, deck=ours_deck, dealer=1)
        self.next_card = 0
        self.melds: list[list[str]] = []          # the melds laid in the current sequence
        self.result = GameResult()

    # ---- the notation both sides are mapped to -----------------------------------------------
    def os_phase(self) -> str:
        name = str(self.os.current_phase()).split(".")[-1]        # e.g. FIRST_UPCARD
        return name.title().replace("_", "")

    def os_legal(self) -> set:
        phase = self.os_phase()
        player = self.os.current_player()
        out = set()
        for a in self.os.legal_actions():
            if a < 52:
                verb = {"Discard": "discard", "Knock": "knock", "Layoff": "layoff"}[phase]
                out.add(f"{verb} {card_name(a)}")
            elif a == DRAW_UPCARD:
                out.add("take" if phase == "FirstUpcard" else "draw discard")
            elif a == DRAW_STOCK:
                out.add("draw stock")
            elif a == PASS:
                out.add("pass")
            elif a == KNOCK:
                out.add("knock")
            else:
                out.add("meld " + self._meld_text(player, a))
        return out

    def _meld_text(self, player: int, action: int) -> str:
        text = self.os.action_to_string(player, action).split("Action: ")[1]
        return "".join(sorted((text[i:i + 2] for i in range(0, len(text), 2)), key=_key))

    def our_legal(self) -> set:
        phase = self.os_phase()
        legal = [str(a) for a in self.us.legal_actions()]
        if phase == "Knock" and len(self.os.hands()[self.os.current_player()]) == 11:
            return {a for a in legal if a.startswith("knock ")}
        if phase == "Wall":
            return {"knock" if a == "draw discard" else a for a in legal}
        out = set()
        for a in legal:
            if a.startswith("knock "):
                out.add("knock")
            elif a.startswith("layoff "):
                out.add("layoff " + a.split()[1])
            elif a.startswith("spread"):
                out.add("pass")
            else:
                out.add(a)
        return out

    # ---- spreads: the sets of cards a finished spread can meld ----------------------------------
    def os_spreads(self) -> set:
        laid = frozenset(c for m in self.melds for c in _cards(m))
        memo: dict = {}

        def reach(state, laid: frozenset) -> frozenset:
            if laid in memo:
                return memo[laid]
            out = set()
            for a in state.legal_actions():
                if a == PASS:
                    out.add(laid)
                elif a >= MELD_BASE:
                    child = state.clone()
                    child.apply_action(a)
                    text = self._meld_text(state.current_player(), a)
                    out |= reach(child, laid | frozenset(_cards(text)))
            memo[laid] = frozenset(out)
            return memo[laid]

        return {" ".join(sorted(s, key=_key)) for s in reach(self.os, laid)}

    def our_spreads(self) -> set:
        laid = {frozenset(_cards(m)) for m in self.melds}
        out = set()
        for a in self.us.legal_actions():
            if a.kind == "spread" and a.melds is not None:     # bare "spread": the best one
                melds = {frozenset(m) for m in a.melds}
                if laid <= melds:                  # it lays the melds laid so far, as laid
                    out.add(" ".join(sorted(set().union(*melds), key=_key)))
        return out

    # ---- one game ----------------------------------------------------------------------------
    def run(self) -> GameResult:
        res = self.result
        while not self.os.is_terminal():
            if self.os.is_chance_node():
                self.os.apply_action(self.deck[self.next_card])
                self.next_card += 1
                continue
            phase = self.os_phase()
            laying = (phase == "Knock" and len(self.os.hands()[self.os.current_player()]) < 11) \
                or (phase == "Layoff" and self.os.finished_layoffs())
            if laying:
                what, theirs, mine = "spreads", self.os_spreads(), self.our_spreads()
            else:
                what, theirs, mine = phase, self.os_legal(), self.our_legal()
            res.decisions += 1
            if theirs == mine and self.us.current_player == self.os.current_player():
                res.agreed += 1
            elif res.first is None:
                res.first = Disagreement(self.seed, res.decisions, what, sorted(theirs),
                                         sorted(mine), list(res.log),
                                         TIE if theirs ^ mine == {"knock"} <= mine else "")
                return res                  # the games have parted: stop comparing this one
            action = self.choose(phase)
            text = self.os.action_to_string(self.os.current_player(), action)
            res.log.append(text.split("Action: ")[1])
            self._follow(phase, laying, action)
            self.os.apply_action(action)
        res.returns = (tuple(self.os.returns()), tuple(self.us.returns()))
        res.outcome = self.us.history[0]["outcome"] if self.us.history else ""
        res.returns_agree = self.us.is_terminal and \
            [int(r) for r in self.os.returns()] == list(self.us.returns())
        if not res.returns_agree and res.first is None:
            res.first = Disagreement(self.seed, res.decisions, "returns", list(res.returns[0]),
                                     list(res.returns[1]), list(res.log))
        return res

    def choose(self, phase: str) -> int:
        """A random legal action; the eager player knocks and sheds deadwood."""
        legal = self.os.legal_actions()
        if not self.eager:
            return self.rng.choice(legal)
        rules, faces = self.variant.meld_rules, self.variant.faces
        hand = self.os.hands()[self.os.current_player()]

        def left(cards: list[int], card: int) -> int:
            return rules.deadwood([faces.parse(card_name(c)) for c in cards if c != card])
        if KNOCK in legal and (phase == "Wall" or min(left(hand, c) for c in hand) <= self.knock_at):
            return KNOCK
        cards = [a for a in legal if a < 52]
        if cards and phase in ("Discard", "Knock"):
            return min(cards, key=lambda c: (left(hand, c), self.rng.random()))
        if DRAW_UPCARD in legal and self.os.upcard() is not None:
            more = hand + [self.os.upcard()]
            if min(left(more, c) for c in more) < left(hand, -1):
                return DRAW_UPCARD                # the upcard lowers the deadwood
            return DRAW_STOCK if DRAW_STOCK in legal else PASS
        return self.rng.choice(legal)

    def _follow(self, phase: str, laying: bool, action: int) -> None:
        """Play OpenSpiel's ``action`` in ours (or keep it until ours has a move for it)."""
        player = self.os.current_player()
        if laying:
            if action == PASS:
                self.us.apply("spread " + " ".join(f"[{m}]" for m in self.melds) if self.melds
                              else "spread []")
                self.melds = []
            else:
                self.melds.append(" ".join(_cards(self._meld_text(player, action))))
            return
        if phase == "Discard" and action == KNOCK:
            return                            # ours knocks with the card OpenSpiel picks next
        if phase == "Knock":
            self.us.apply(f"knock {card_name(action)}")
            return
        if phase == "Layoff":
            if action == PASS:
                return                        # the spread that follows finishes ours
            name = card_name(action)
            self.us.apply(_layoff(self.us, name))
            return
        if phase == "Wall":
            self.us.apply("draw discard" if action == KNOCK else "pass")
            return
        if action < 52:
            self.us.apply(f"discard {card_name(action)}")
        elif action == DRAW_UPCARD:
            self.us.apply("take" if phase == "FirstUpcard" else "draw discard")
        elif action == DRAW_STOCK:
            self.us.apply("draw stock")
        else:
            self.us.apply("pass")


def _cards(text: str) -> list[str]:
    text = text.replace(" ", "")
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def _key(card: str) -> tuple[int, int]:
    return (SUITS.index(card[1]), RANKS.index(card[0]))


def _layoff(game, name: str) -> str:
    """Our layoff of ``name``: onto a run where it fits one (OpenSpiel extends runs by the
    cards laid off), else onto the set."""
    options = [a for a in game.legal_actions() if a.kind == "layoff" and str(a).split()[1] == name]
    melds = game.observation(game.current_player)["spread"]["knocker_melds"]

    def is_run(action) -> bool:
        meld = melds[action.target]
        return len({c[1] for c in meld}) == 1
    options.sort(key=lambda a: not is_run(a))
    return str(options[0])


def compare(games: int, seed: int, variant_name: str = "openspiel_gin",
            params: dict | None = None, policy: str = "both") -> list[GameResult]:
    """The results of ``games`` seeded games; ``params``: OpenSpiel's game parameters;
    ``policy``: random, eager, or both (every other game)."""
    import pyspiel
    variant = load_variant(variant_name)
    return [Replay(pyspiel, variant, seed * 1_000_003 + i, params or {},
                   policy == "eager" or (policy == "both" and i % 2 == 1)).run()
            for i in range(games)]


def game_params(text: str) -> dict:
    """``oklahoma=true,knock_card=7`` -> {"oklahoma": True, "knock_card": 7}."""
    out: dict = {}
    for item in filter(None, text.split(",")):
        key, value = item.split("=")
        out[key] = value == "true" if value in ("true", "false") else int(value)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="openspiel_gin")
    parser.add_argument("--params", default="", help="OpenSpiel's game parameters: k=v,...")
    parser.add_argument("--policy", choices=["random", "eager", "both"], default="both")
    args = parser.parse_args()
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        print("pyspiel is not installed: pip install -e '.[bench]'")
        return
    results = compare(args.games, args.seed, args.variant, game_params(args.params),
                      args.policy)
    decisions = sum(r.decisions for r in results)
    agreed = sum(r.agreed for r in results)
    whole = [r for r in results if r.first is None or r.first.what == "returns"]
    returns = sum(r.returns_agree for r in whole)
    print(f"games: {len(results)}  decisions compared: {decisions}")
    print(f"legal-action sets agree: {agreed}/{decisions} = {100 * agreed / max(decisions, 1):.2f}%")
    print(f"games played to the end alike: {len(whole)}/{len(results)}")
    print(f"returns agree: {returns}/{len(results)} = {100 * returns / max(len(results), 1):.2f}%")
    ends = Counter(r.outcome for r in results)
    print("hands ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(ends.items())))
    ties = sum(r.first is not None and r.first.known == TIE for r in results)
    print(f"games that parted at a knock OpenSpiel's 11-card deadwood refuses: {ties}")
    first = next((r.first for r in results if r.first is not None), None)
    print("first disagreement: " + (str(first) if first else "none"))


if __name__ == "__main__":
    main()
