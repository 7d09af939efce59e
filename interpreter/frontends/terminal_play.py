"""The terminal frontend: a person against bots, or bots alone (``--auto``).

A reporter over the public game API: the person's prompt is built from their observation,
bots act through :mod:`interpreter.agents`, and every line printed is what that person may
know. Input is read line by line, so it works with a terminal or a pipe; end of input quits.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import Any

from ..agents import make_agent, parse_bots
from ..engine import Action, State, new_game
from ..errors import CardError, IllegalAction, RummyError
from ..spec import Variant
from ..steps import Draw
from .meld_prompt import COMMANDS as EDIT_COMMANDS
from .meld_prompt import HELP as EDIT_HELP
from .meld_prompt import Drafts
from .terminal import Painter, colour_wanted, keywords_lowered, line_editing

HELP = """Type the number of an action, or its notation:
  take | pass               the first upcard: take it or pass
  draw stock | draw discard draw a card
  draw discard 3            take the 3rd card from the top of the pile and all above it
  discard Ah                discard a card
  knock Ah | knock          knock discarding Ah (face down) | knock keeping every card
  spread                    lay your best melds    spread [Ah 2h 3h] [7c 7d 7s]  exactly these
  layoff 5h on 0            lay 5h off onto the knocker's meld 0
  meld [7h 8h 9h] [Jk(5c) 5d 5s]   the whole new table, jokers with the card they stand for
  end                       end a turn whose remaining steps are optional
  h  this help    q  quit
On a shared table you can also build a meld step by step:
""" + EDIT_HELP


def read_line(prompt: str) -> str | None:
    """The next input line, stripped, or None at end of input; piped input is echoed."""
    if sys.stdin is None or sys.stdin.closed:
        return None
    if sys.stdin.isatty():
        try:
            return input(prompt).strip()        # with the terminal's line editing
        except EOFError:
            print()
            return None
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    print(line.rstrip("\n"))
    return line.strip() if line else None


def run(variant: Variant, players: int | None = None, bots: str = "greedy",
        seed: int | None = None, seat: int = 0, auto: bool = False,
        role: str | None = None) -> int:
    """Play one match in the terminal; returns the exit code (0, also when the person quits).

    ``bots``: the other seats' bots in order, cycled, with options (``"strong:knock_at=7,greedy"``).
    ``role``: with roles, the person's seat starts in that role (it swaps with the drawn one).
    """
    chosen = parse_bots(bots)
    for name, options in chosen:
        make_agent(name, 0, **options)           # an unknown bot or option: refused before play
    seed = int.from_bytes(os.urandom(3), "big") if seed is None else seed
    state = new_game(variant, players=players, seed=seed)
    human = None if auto else seat
    if human is not None and not 0 <= human < state.players:
        raise RummyError(f"--seat must be a seat 0-{state.players - 1}")
    if role is not None:
        if not state.roles or role not in state.roles:
            known = ", ".join(state.roles) if state.roles else "none: this variant has no roles"
            raise RummyError(f"unknown role {role!r} (roles: {known})")
        roles = dict(state.roles)
        mine = next(r for r, s in roles.items() if s == seat)
        roles[mine], roles[role] = roles[role], seat
        state = new_game(variant, players=players, seed=seed, roles=roles)
    others = [s for s in range(state.players) if s != human]
    agents = {s: make_agent(chosen[i % len(chosen)][0], seed * 1000 + s, **chosen[i % len(chosen)][1])
              for i, s in enumerate(others)}
    return Table(state, agents, human).play()


class Table:
    """One match: whose turn, what to print, and the person's prompt."""

    def __init__(self, state: State, agents: dict, human: int | None):
        self.state, self.agents, self.human = state, agents, human
        self.drafts = Drafts()
        self.dealt = 0          # the deal whose header the person has seen
        self.told = 0           # entries of this deal's log the person has seen
        self.paint = Painter(state.variant.faces, colour_wanted())

    def say(self, text: str) -> None:
        print(self.paint(text))

    def play(self) -> int:
        state, v = self.state, self.state.variant
        seats = ", ".join(self.who(s) for s in range(state.players))
        self.say(f"{v.name} — {state.players} players, seed {state.seed}: {seats}")
        if v.scoring.mode == "penalty":
            self.say("penalty points: the lowest total wins")
        if self.human is None:
            self.say("figures per seat, in seat order: " + "/".join(map(str, range(state.players))))
        else:
            line_editing()
        while not state.is_terminal:
            if self.human is not None and state.deals != self.dealt:
                self.hand_header(self.human)
                self.tell(self.human)
            seat, played = state.current_player, len(state.history)
            if seat == self.human:
                if not self.human_turn(seat):
                    self.say("quit.")
                    return 0
            else:
                self.show_advised(seat)
                self.move(seat, self.agents[seat].act(state))
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
    def hand_header(self, human: int) -> None:
        """The new hand's dealer and roles, told to the person at seat ``human``."""
        state = self.state
        self.dealt, self.told = state.deals, 0
        roles = ""
        if state.roles:
            roles = "; " + ", ".join(f"{r} {self.short(s)}" for r, s in state.roles.items())
        self.say(f"\n--- hand {state.deals}: dealer {self.short(state.dealer)}{roles}")
        if human not in state.in_play:
            advised = state.observation(human).get("advised_hands", {})
            watching = "; you see the hand of " + ", ".join(
                self.who(int(s)) for s in advised) if advised else ""
            self.say(f"you sit this hand out{watching}")

    def show_advised(self, seat: int) -> None:
        if self.human is None or self.human in self.state.in_play:
            return
        hand = self.state.observation(self.human).get("advised_hands", {}).get(str(seat))
        if hand:
            self.say(f"  {self.short(seat)} holds {' '.join(hand)}  {self.arranged(hand)}")

    def pile_notes(self, obs: dict) -> str:
        """The discard pile's freeze, special cards laid face up and reserve hands left."""
        notes = ["the discard pile is frozen"] if obs.get("pile_frozen") else []
        notes += [f"{self.short(int(s))} laid aside {' '.join(cards)}"
                  for s, cards in obs.get("laid_aside", {}).items()]
        if obs.get("reserves"):
            notes.append(f"reserve hands left: {len(obs['reserves'])}")
        return "   ".join(notes)

    def arranged(self, hand: list[str]) -> str:
        v = self.state.variant
        best = self.state.meld_rules.arrange(v.cards(hand))
        melds = " ".join(f"[{' '.join(map(v.faces.token, m.cards, m.declared))}]"
                         for m in best.melds) or "no melds"
        dead = " ".join(v.names(best.deadwood)) or "-"
        return f"melds {melds}  deadwood {dead} ({best.points})"

    def prompt(self, human: int, legal: list[Action]) -> None:
        state, v = self.state, self.state.variant
        obs = state.observation(human)
        scores = "  ".join(f"{self.short(s)} {p}" for s, p in enumerate(obs["scores"]))
        self.say(f"\n[{obs['phase']}] hand {state.deals}  scores: {scores}")
        hand = obs["hand"]
        self.say(f"your hand: {' '.join(hand)}")
        self.say(f"  {self.arranged(hand)}")
        if len(hand) == v.hand_size(state.players, state.deals) + 1 and any(s.kind == "discard" for s in v.turn):
            after, faces = state.meld_rules.best_discards(v.cards(hand))
            self.say(f"  best discard {' or '.join(v.names(faces))} -> {after}")
        turned = f" (turned {obs['turned']})" if obs.get("turned") else ""
        wild = f"   wild rank: {obs['wild_rank']}{turned}" if obs.get("wild_rank") else turned
        if any(isinstance(s, Draw) and (s.depth or s.pile is not None and s.pile.take == "whole")
               for s in v.turn):                                    # the whole pile, top last
            pile = " ".join(obs["discard"]) or "-"
            self.say(f"discard pile (bottom to top): {pile}   stock: {obs['stock']}{wild}")
        else:
            top = obs["discard"][-1] if obs["discard"] else "-"
            self.say(f"discard: {top}   stock: {obs['stock']}{wild}")
        notes = self.pile_notes(obs)
        if notes:
            self.say(notes)
        if obs.get("buying"):
            top = obs["discard"][-1] if obs["discard"] else "-"
            self.say(f"buy the discard {top} out of turn? ({self.who(obs['buying']['in_turn'])} "
                  "is in turn)")
        if obs.get("table"):
            owners = [f" ({self.short(o)})" for o in obs.get("table_owners", ())]
            self.say("table: " + "  ".join(f"{k}:[{' '.join(m)}]{owners[k] if owners else ''}"
                                        for k, m in enumerate(obs["table"])))
        spread = obs.get("spread")
        if spread and spread["knocker_melds"]:
            melds = "  ".join(f"{k}:[{' '.join(m)}]"
                              for k, m in enumerate(spread["knocker_melds"]))
            self.say(f"knocker's melds: {melds}")
        self.say(_columns([f"{i:>2} {a}" for i, a in enumerate(legal, 1)]))

    def human_turn(self, human: int) -> bool:
        """Ask until the person's input (at seat ``human``) is a legal action and play it;
        False to quit."""
        legal = self.state.legal_actions()
        self.prompt(human, legal)
        while True:
            text = read_line("your move (number, action, h, q)> ")
            if text is None or text.lower() in ("q", "quit", "exit"):
                return False
            if not text:
                continue
            if text.lower() in ("h", "help", "?"):
                self.say(HELP)
                continue
            try:
                if text.split()[0].lower() in EDIT_COMMANDS and self.state.meld_step is not None:
                    action = self.drafts.handle(self.state, text)
                    if action is None:
                        continue
                else:
                    action = self.read_action(keywords_lowered(text), legal)
                self.move(human, action)
                self.drafts = Drafts()
                return True
            except RummyError as error:     # the state is unchanged: ask again
                self.say(f"refused: {str(error).split('; legal:')[0]}")

    def read_action(self, text: str, legal: list[Action]) -> Action:
        if text.isascii() and text.isdigit():             # (isdigit alone accepts "²")
            if len(text) < 7 and 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            raise IllegalAction(f"no action {text}: choose 1-{len(legal)}")
        return _canonical(self.state.variant, Action.parse(text))

    def move(self, seat: int, action: Action) -> None:
        """Apply a seat's action (the engine judges any not listed) and tell the person."""
        state = self.state
        played = len(state.history)
        state.apply(action)
        if self.human is None:
            return
        if len(state.history) > played and not state.is_terminal:
            self.say(f"  {self.who(seat)}: {action}")     # the hand is over, its log with it
        else:
            self.tell(self.human)

    def tell(self, human: int) -> None:
        """The entries of the hand's log the person at seat ``human`` has not seen yet, one
        line each."""
        log = self.state.observation(human)["log"]
        for entry in log[self.told:]:
            text = entry["text"]
            if entry["seat"] == human and text.startswith(f"seat {human} "):
                text = "you " + text[len(f"seat {human} "):]
            self.say(f"  {text}")
        self.told = len(log)

    # ---- reports ----------------------------------------------------------------------
    def report_hand(self, record: Mapping[str, Any]) -> None:
        if self.human is None:
            self.say(_log_line(record, self.state.scores, self.state.variant)
                  + "".join(f", {name} {'/'.join(map(_num, values))}"
                            for name, values in self.state.shown_counters().items()))
            return
        winners = ", ".join(self.short(s) for s in record["winners"]) or "nobody"
        knocker = record["knocker"]
        how = f", {self.short(knocker)} knocked" if knocker is not None else ""
        dead = ", ".join(f"{self.short(int(s))} {d}" for s, d in record["deadwood"].items())
        points = ", ".join(f"{self.short(s)} {p:+d}" for s, p in enumerate(record["points"]))
        totals = ", ".join(f"{self.short(s)} {p}" for s, p in enumerate(self.state.scores))
        guard = f" (stopped by the guard {record['guard']})" if "guard" in record else ""
        self.say(f"== hand {record['hand']}: {record['outcome']}{how}{guard}; winners: {winners}")
        for seat, shown in record.get("reveal", {}).items():
            melds = " ".join(f"[{' '.join(m)}]" for m in shown["melds"]) or "no melds"
            laid = "".join(f", laid off {card} on {k}" for card, k in shown["layoffs"])
            dead_cards = " ".join(shown["deadwood"]) or "-"
            self.say(f"   {self.short(int(seat)) + ':':<9} {melds}{laid}; deadwood {dead_cards}")
        if dead:
            self.say(f"   deadwood: {dead}")
        self.say(f"   points:   {points}\n   totals:   {totals}")
        self.print_shown()

    def print_shown(self) -> None:
        """The counters the spec shows next to the totals, one line each."""
        for name, values in self.state.shown_counters().items():
            shown = ", ".join(f"{self.short(s)} {_num(p)}" for s, p in enumerate(values))
            self.say(f"   {name + ':':<9} {shown}")

    def report_match(self) -> None:
        state = self.state
        totals = ", ".join(f"{self.short(s)} {p}" for s, p in enumerate(state.scores))
        best = " and ".join(self.who(s) for s in state.winners())
        self.say(f"\nmatch over after {state.hands_played} hands: {totals}")
        self.print_shown()
        if state.variant.match.standing is not None:
            standing = ", ".join(f"{self.short(s)} {_num(p)}" for s, p in enumerate(state.returns()))
            self.say(f"   standing: {standing}  ({state.variant.match.standing.text})")
        if state.stopped:
            self.say(f"stopped unfinished after {state.deals} deals by the guard "
                  f"match.stop_after_deals: no winner")
            return
        self.say(f"winner: {best}")


def _num(x: float) -> str:
    """A counter's value: a whole number without its ``.0``."""
    return str(int(x)) if isinstance(x, float) and x.is_integer() else str(x)


def _log_line(record: Mapping[str, Any], scores: list[int], variant: Variant) -> str:
    """One hand of an --auto log; per-seat figures read seat 0/seat 1/..."""
    seats = range(len(scores))
    roles = ""
    if record["roles"] and variant.roles is not None:
        roles = " [" + ", ".join(f"{r} {record['roles'][r]}" for r in variant.roles.names) + "]"
    knocker = record["knocker"]
    how = f" by seat {knocker}" if knocker is not None else ""
    winners = ",".join(map(str, record["winners"])) or "none"
    dead = "/".join(str(record["deadwood"].get(str(s), "-")) for s in seats)
    points = "/".join(f"{p:+d}" for p in record["points"])
    totals = "/".join(map(str, scores))
    if "guard" in record:
        how += f" (stopped by the guard {record['guard']})"
    return (f"hand {record['hand']:>3}{roles}: {record['outcome']}{how}, winners {winners}; "
            f"deadwood {dead}, points {points}, totals {totals}")


def _canonical(variant: Variant, action: Action) -> Action:
    """The action with its cards written as the engine writes them (``ah`` -> ``Ah``,
    ``jk(5c)`` -> ``Jk(5c)``)."""
    faces = variant.faces

    def card(token: str) -> str:
        shown, _, declared = token.partition("(")
        if not declared.endswith(")"):
            return faces.name(faces.parse(token))
        return f"{faces.name(faces.parse(shown))}({faces.name(faces.parse(declared[:-1]))})"
    try:
        cards = tuple(map(card, action.cards))
        melds = action.melds and tuple(tuple(map(card, m)) for m in action.melds)
    except CardError as error:
        raise IllegalAction(str(error)) from None
    return action._replace(cards=cards, melds=melds)


def _columns(items: list[str], width: int = 78) -> str:
    """Items in as many aligned columns as fit the width."""
    cell = max(map(len, items)) + 3
    per_row = max(1, width // cell)
    rows = [items[i:i + per_row] for i in range(0, len(items), per_row)]
    return "\n".join("".join(item.ljust(cell) for item in row).rstrip() for row in rows)
