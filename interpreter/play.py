"""The terminal frontend: a person against bots, or bots alone (``--auto``).

A reporter over the public game API: the person's prompt is built from their observation,
bots act through :mod:`interpreter.agents`, and every line printed is what that person may
know. Input is read line by line, so it works with a terminal or a pipe; end of input quits.
"""
from __future__ import annotations

import os
import sys
from typing import Callable

from .agents import make_agent
from .engine import Action, State, new_game
from .errors import CardError, IllegalAction, RummyError
from .spec import Variant

HELP = """Type the number of an action, or its notation:
  take | pass               the first upcard: take it or pass
  draw stock | draw discard draw a card
  discard Ah                discard a card
  knock Ah | knock          knock discarding Ah (face down) | knock keeping every card
  spread                    lay your best melds    spread [Ah 2h 3h] [7c 7d 7s]  exactly these
  layoff 5h on 0            lay 5h off onto the knocker's meld 0
  end                       end a turn whose remaining steps are optional
  h  this help    q  quit"""


class Console:
    """Line input with a prompt; input that is not typed at a terminal is echoed."""

    def __init__(self, stdin=None, write: Callable[[str], None] = print):
        self.stdin = stdin or sys.stdin
        self.write = write

    def read(self, prompt: str) -> str | None:
        """The next line, stripped, or None at end of input."""
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.write("")
            return None
        if not self.stdin.isatty():
            self.write(line.rstrip("\n"))
        return line.strip()


def run(variant: Variant, players: int | None = None, bots: list[str] | None = None,
        seed: int | None = None, seat: int = 0, auto: bool = False,
        console: Console | None = None) -> int:
    """Play one match in the terminal; returns the exit code (0, also when the person quits)."""
    seed = int.from_bytes(os.urandom(3), "big") if seed is None else seed
    state = new_game(variant, players=players, seed=seed)
    human = None if auto else seat
    if human is not None and not 0 <= human < state.players:
        raise RummyError(f"--seat must be a seat 0-{state.players - 1}")
    others = [s for s in range(state.players) if s != human]
    names = bots or ["greedy"]
    agents = {s: make_agent(names[i % len(names)], seed * 1000 + s) for i, s in enumerate(others)}
    table = Table(state, agents, human, console or Console())
    return table.play()


class Table:
    """One match: whose turn, what to print, and the person's prompt."""

    def __init__(self, state: State, agents: dict, human: int | None, console: Console):
        self.state, self.agents, self.human, self.console = state, agents, human, console
        self.say = console.write
        self.dealt = 0

    def play(self) -> int:
        state, v = self.state, self.state.variant
        seats = ", ".join(self.who(s) for s in range(state.players))
        self.say(f"{v.name} — {state.players} players, seed {state.seed}: {seats}")
        if v.scoring.mode == "penalty":
            self.say("penalty points: the lowest total wins")
        if self.human is None:
            self.say("figures per seat, in seat order: " + "/".join(map(str, range(state.players))))
        while not state.is_terminal:
            if self.human is not None and state.deals != self.dealt:
                self.hand_header()
            seat = state.current_player
            if seat == self.human:
                action = self.ask()
                if action is None:
                    self.say("quit.")
                    return 0
            else:
                self.show_advised(seat)
                action = self.agents[seat].act(state)
            played = len(state.history)
            if self.human is not None:
                self.say(f"{self.who(seat)}: {action}{self.revealed(seat, action)}")
            state.apply(action)
            if len(state.history) > played:
                self.report_hand(state.history[-1])
        self.report_match()
        return 0

    # ---- names ------------------------------------------------------------------------
    def who(self, seat: int) -> str:
        role = self.role(seat)
        if seat == self.human:
            return f"you (seat {seat}{', ' + role if role else ''})"
        return f"seat {seat} ({self.agents[seat].name}{', ' + role if role else ''})"

    def role(self, seat: int) -> str:
        roles = self.state.roles or {}
        return next((r for r, s in roles.items() if s == seat), "")

    def short(self, seat: int) -> str:
        return "you" if seat == self.human else f"seat {seat}"

    # ---- the person's view ----------------------------------------------------------------
    def hand_header(self) -> None:
        state = self.state
        self.dealt = state.deals
        roles = ""
        if state.roles:
            roles = "; " + ", ".join(f"{r} {self.short(s)}" for r, s in state.roles.items())
        self.say(f"\n--- hand {state.deals}: {self.short(state.dealer)} deals{roles}")
        if self.human not in state.in_play:
            advised = state.observation(self.human).get("advised_hands", {})
            watching = "; you see the hand of " + ", ".join(
                self.who(int(s)) for s in advised) if advised else ""
            self.say(f"you sit this hand out{watching}")

    def show_advised(self, seat: int) -> None:
        if self.human is None or self.human in self.state.in_play:
            return
        hand = self.state.observation(self.human).get("advised_hands", {}).get(str(seat))
        if hand:
            self.say(f"  {self.short(seat)} holds {' '.join(hand)}  {self.arranged(hand)}")

    def arranged(self, hand: list[str]) -> str:
        v = self.state.variant
        best = v.arrange(hand)
        melds = " ".join(f"[{' '.join(v.names(m.cards))}]" for m in best.melds) or "no melds"
        dead = " ".join(v.names(best.deadwood)) or "-"
        return f"melds {melds}  deadwood {dead} ({best.points})"

    def prompt(self, legal: list[Action]) -> None:
        state, v = self.state, self.state.variant
        obs = state.observation(self.human)
        scores = "  ".join(f"{self.short(s)} {p}" for s, p in enumerate(obs["scores"]))
        self.say(f"\n[{obs['phase']}] hand {state.deals}  scores: {scores}")
        hand = obs["hand"]
        self.say(f"your hand: {' '.join(hand)}")
        self.say(f"  {self.arranged(hand)}")
        if len(hand) == v.hand_size(state.players) + 1:
            after, cards = v.best_discards(hand)
            self.say(f"  best discard {' or '.join(cards)} -> {after}")
        top = obs["discard"][-1] if obs["discard"] else "-"
        self.say(f"discard: {top}   stock: {obs['stock']}")
        spread = obs.get("spread")
        if spread and spread["knocker_melds"]:
            melds = "  ".join(f"{k}:[{' '.join(m)}]" for k, m in enumerate(spread["knocker_melds"]))
            self.say(f"knocker's melds: {melds}")
        self.say(_columns([f"{i:>2} {a}" for i, a in enumerate(legal, 1)]))

    def ask(self) -> Action | None:
        """The person's action, asked until legal; None to quit."""
        legal = self.state.legal_actions()
        self.prompt(legal)
        while True:
            text = self.console.read("your move (number, action, h, q)> ")
            if text is None or text.lower() in ("q", "quit", "exit"):
                return None
            if text.lower() in ("h", "help", "?"):
                self.say(HELP)
                continue
            try:
                action = self.read_action(text, legal)
            except RummyError as error:
                self.say(f"refused: {error}")
                continue
            return action

    def read_action(self, text: str, legal: list[Action]) -> Action:
        if text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            raise IllegalAction(f"no action {text}: choose 1-{len(legal)}")
        action = _canonical(self.state.variant, Action.parse(text))
        if action not in legal:
            raise IllegalAction(f"{action} is not legal now")
        return action

    # ---- reports ----------------------------------------------------------------------
    def revealed(self, seat: int, action: Action) -> str:
        """What an action shows the table: the card taken from the pile, or the spread."""
        state, v = self.state, self.state.variant
        if action.kind in ("take", "draw") and action.pile != "stock":
            return f" ({v.faces.name(state.face_of[state.discard[-1]])})"
        if action.kind != "spread":
            return ""
        hand = list(state.hand_faces(seat))
        if action.melds is None:
            best = v.arrange(hand)
            melds, rest = [v.names(m.cards) for m in best.melds], list(best.deadwood)
        else:
            melds, rest = [list(m) for m in action.melds], hand
            for m in action.melds:
                for f in v.cards(m):
                    rest.remove(f)
        laid = " ".join(f"[{' '.join(m)}]" for m in melds) or "no melds"
        points = sum(v.faces.points[f] for f in rest)
        return f" -> {laid}, deadwood {' '.join(v.names(rest)) or '-'} ({points})"

    def report_hand(self, record: dict) -> None:
        if self.human is None:
            self.say(_log_line(record, self.state.scores, self.state.variant))
            return
        winners = ", ".join(self.short(s) for s in record["winners"]) or "nobody"
        knocker = record["knocker"]
        how = f", {self.short(knocker)} knocked" if knocker is not None else ""
        dead = ", ".join(f"{self.short(int(s))} {d}" for s, d in record["deadwood"].items())
        points = ", ".join(f"{self.short(s)} {p:+d}" for s, p in enumerate(record["points"]))
        totals = ", ".join(f"{self.short(s)} {p}" for s, p in enumerate(self.state.scores))
        self.say(f"== hand {record['hand']}: {record['outcome']}{how}; winners: {winners}")
        if dead:
            self.say(f"   deadwood: {dead}")
        self.say(f"   points:   {points}\n   totals:   {totals}")

    def report_match(self) -> None:
        state = self.state
        totals = ", ".join(f"{self.short(s)} {p}" for s, p in enumerate(state.scores))
        best = " and ".join(self.who(s) for s in state.winners())
        self.say(f"\nmatch over after {state.hands_played} hands: {totals}")
        self.say(f"winner: {best}")


def _log_line(record: dict, scores: list[int], variant: Variant) -> str:
    """One hand of an --auto log; per-seat figures read seat 0/seat 1/..."""
    seats = range(len(scores))
    roles = ""
    if record["roles"]:
        roles = " [" + ", ".join(f"{r} {record['roles'][r]}" for r in variant.roles.names) + "]"
    knocker = record["knocker"]
    how = f" by seat {knocker}" if knocker is not None else ""
    winners = ",".join(map(str, record["winners"])) or "none"
    dead = "/".join(str(record["deadwood"].get(str(s), "-")) for s in seats)
    points = "/".join(f"{p:+d}" for p in record["points"])
    totals = "/".join(map(str, scores))
    return (f"hand {record['hand']:>3}{roles}: {record['outcome']}{how}, winners {winners}; "
            f"deadwood {dead}, points {points}, totals {totals}")


def _canonical(variant: Variant, action: Action) -> Action:
    """The action with its cards written as the engine writes them (``ah`` -> ``Ah``)."""
    try:
        name = variant.faces.name
        cards = tuple(name(f) for f in variant.cards(action.cards))
        melds = action.melds and tuple(tuple(name(f) for f in variant.cards(m))
                                       for m in action.melds)
    except CardError as error:
        raise IllegalAction(str(error)) from None
    return action._replace(cards=cards, melds=melds)


def _columns(items: list[str], width: int = 78) -> str:
    """Items in as many aligned columns as fit the width."""
    cell = max(map(len, items)) + 3
    per_row = max(1, width // cell)
    rows = [items[i:i + per_row] for i in range(0, len(items), per_row)]
    return "\n".join("".join(item.ljust(cell) for item in row).rstrip() for row in rows)
