"""Build a frozen Variant from checked spec data: semantic checks and compiled formulas.

The schema has already vouched for shapes and types; here live the checks it cannot express
(player counts against the deck, references between sections, names inside formulas), each
reported in the same located one-line format, all at once.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from ..cards import Faces, number_ranks
from ..errors import FormulaError, RummyError, SpecError
from ..formula import NUM, PLAYER, PLAYERS, Formula, Scope, compile_formula
from ..melds import MeldRules
from ..melds.needs import Need, slots
from ..model import scopes
from ..model import variant as model
from ..rules.counters import Counter, build_counters
from ..rules.deal import Deal
from ..rules.drop import hand_enders
from ..rules.match import Match
from ..rules.partnerships import Partnerships
from ..rules.round_end import RoundEnd
from ..rules.scoring import Scoring
from ..rules.seating import RoleRules
from ..rules.shared_table import TableRules
from ..rules.special_cards import SpecialCards
from ..rules.stock import Stock
from ..steps import STEP_KINDS, Step
from .validate import format_problem, path_text

ROUNDS_CHECKED = 100     # a hand size formula is checked for this many rounds without max_hands

MAX_ARRANGEMENT_NEEDS = 8      # melds an arrangement must hold (a bit each in its search)

MAX_NUMBER_RANKS = 26          # ranks a numbered range may give ("1..13": 13)


class Builder:
    """One build of one spec; ``locate(path, key=False)`` gives (file, line, col, style)."""

    def __init__(self, spec: dict, locate: Callable, path: str):
        self.spec, self.locate, self.path = spec, locate, path
        self.problems: list[tuple] = []
        self.warnings: list[str] = []
        self.params: dict[str, int | float | bool] = dict(spec.get("params") or {})

    # ---- reporting ----------------------------------------------------------------------
    def problem(self, path: tuple, message: str, key: bool = False) -> None:
        file, line, col, _ = self.locate(path, key)
        self.problems.append((file, line, col, format_problem(file, line, col, path, message)))

    def formula(self, path: tuple, scope: Scope, expect, default=None) -> Formula:
        """Compile the formula at ``path`` (a missing one uses ``default``'s text). After a
        problem it returns None, typed as a Formula: the build then fails before any use."""
        raw = _get(self.spec, path, default)
        text = _formula_text(raw)
        scope = self.scope(scope)
        try:
            if expect is not PLAYERS:
                return compile_formula(text, scope, expect=expect, name=path_text(path))
            compiled = compile_formula(text, scope, expect=None, name=path_text(path))
            if compiled.type is PLAYER:
                return _AsSet(compiled)  # type: ignore[return-value]
            if compiled.type is not PLAYERS:
                raise FormulaError(f"expected a player or a set of players, got {compiled.type.value}", 1, text)
            return compiled
        except FormulaError as error:
            file, line, col, style = self.locate(path, False)
            if style == "":
                col += error.column - 1
            elif style in ("'", '"'):
                col += error.column
            self.problems.append((file, line, col, format_problem(
                file, line, col, path, f"{error.message} (in formula {_excerpt(text)!r})")))
            return cast(Formula, None)

    # ---- the build ----------------------------------------------------------------------
    def build(self) -> model.Variant:
        s = self.spec
        self._check_params()
        players = (s["players"]["min"], s["players"]["max"])
        if players[0] > players[1]:
            self.problem(("players", "min"), f"min {players[0]} is more than max {players[1]}")
        counts = range(players[0], max(players) + 1)
        faces = self._faces()
        decks = self._per_count(("deck", "decks"), counts)
        jokers = self._per_count(("deck", "jokers"), counts)
        if faces.jokers is False and any(jokers.values()):
            faces = Faces.build(faces.suits, faces.ranks, self._deck_points, jokers=True,
                                suit_names=faces.suit_names)
        roles = self._roles(players)
        role_names = roles.names if roles else ()
        deal = self._deal(counts, role_names)
        self._check_deck_fits(faces, decks, jokers, deal, roles, counts)
        wilds = self._wilds(faces, players)
        melds = self._melds(faces, decks, jokers, wilds)
        turn = self._turn(role_names)
        for i, step in enumerate(turn):
            if step is not None:
                step.check_cards(faces, _At(self, ("turn", i, step.kind), role_names))
        variant = model.Variant(
            name=s["name"], source=s["source"], description=s["description"], path=self.path,
            spec=s, players=players, faces=faces, decks=decks, jokers=jokers, meld_rules=melds,
            deal=deal, roles=roles, turn=turn, table=self._table(faces), stock=self._stock(turn),
            round_end=self._round_end(role_names), scoring=self._scoring(role_names),
            match=self._match(), params=dict(self.params), counters=self._counters(role_names),
            warnings=tuple(self.warnings), wilds=wilds,
            partnerships=self._partnerships(counts),
            special_cards=SpecialCards.build(s["special_cards"], _At(self, ("special_cards",),
                                                                     ()), faces),
            hand_enders=hand_enders(turn))
        if self.problems:
            raise SpecError([text for *_, text in sorted(self.problems)])
        return variant

    def scope(self, scope: Scope) -> Scope:
        """``scope`` with what every formula of this spec may read: params and counters."""
        counters = {name: NUM for name in self.spec.get("counters") or {}}
        return scope.with_constants(self.params).with_player_attrs(**counters)

    def _counters(self, roles) -> tuple[Counter, ...]:
        return build_counters(self.spec.get("counters") or {},
                              _At(self, ("counters",), roles))

    def _check_params(self) -> None:
        """A param may not take a name formulas already have (``deadwood``, ``players``...)."""
        taken = set()
        for scope in (scopes.knock_scope(), scopes.scored_scope(), scopes.match_scope()):
            taken |= set(scope.names)
        for name in self.params:
            if name in taken:
                self.problem(("params", name), f"a param may not be called {name!r}: "
                             "formulas already use that name", key=True)

    def _faces(self) -> Faces:
        deck = self.spec["deck"]
        ranks = self._ranks(deck["ranks"])
        for rank in deck["points"]:
            if rank not in ranks and rank not in deck["ranks"] and rank != "Jk":
                self.problem(("deck", "points", rank), f"unknown rank {rank!r} "
                             f"(ranks are {' '.join(ranks)}, joker Jk)", key=True)
        points = {"T" if r == "10" and "T" in ranks else r: v for r, v in deck["points"].items()}
        self._deck_points = points
        names = deck["suit_names"]
        for letter in names:
            if letter not in deck["suits"]:
                self.problem(("deck", "suit_names", letter), f"unknown suit {letter!r} (suits "
                             f"are {' '.join(deck['suits'])})", key=True)
        missing = [s for s in deck["suits"] if names and s not in names]
        if missing:
            self.problem(("deck", "suit_names"), f"no name for suit {', '.join(missing)}")
        if "J" in ranks and "k" in deck["suits"]:
            self.problem(("deck", "suits"), "a suit k with a rank J would write its jack Jk, "
                         "the joker's notation: choose another letter")
        return Faces.build(tuple(deck["suits"]), ranks, points, jokers=False,
                           suit_names=tuple(names.get(s, s) for s in deck["suits"])
                           if names else ())

    def _ranks(self, raw: list[str] | str) -> tuple[str, ...]:
        """The rank symbols: a list as given (10 written T), or a numbered range "1..13"."""
        if not isinstance(raw, str):
            return tuple("T" if r == "10" else r for r in raw)
        low, high = (int(n) for n in raw.split(".."))
        if not 1 <= high - low + 1 <= MAX_NUMBER_RANKS:
            self.problem(("deck", "ranks"), f"{raw!r} is not a range of 1 to "
                         f"{MAX_NUMBER_RANKS} ranks, low to high")
            return number_ranks(1, 13)
        return number_ranks(low, high)

    def _per_count(self, path: tuple, counts: range) -> dict[int, int]:
        raw = _get(self.spec, path)
        if isinstance(raw, int):
            return {n: raw for n in counts}
        table = {int(k): v for k, v in raw.items()}
        missing = [n for n in counts if n not in table]
        if missing:
            self.problem(path, f"no value for {', '.join(map(str, missing))} players")
        return {n: table.get(n, 0) for n in counts}

    def _deal(self, counts: range, roles: tuple[str, ...]) -> Deal:
        return Deal.build(self.spec["deal"], _At(self, ("deal",), roles), counts)

    def _size_in_round(self, formula, players: int, round_: int, report: bool = True
                       ) -> int | None:
        """The formula's hand size, or None (reported) when it is not a whole number."""
        if formula is None:
            return None
        try:
            value = formula({"round": round_, "player_count": players})
        except RummyError as error:
            problem = str(error)
        else:
            if value == int(value) and value >= 0:
                return int(value)
            problem = (f"gives {value} cards in round {round_} with {players} players: a hand "
                       "size is a whole number, 0 or more")
        if report:
            self.problem(("deal", "hand_size"), problem)
        return None

    def _round_sizes(self, deal: Deal, players: int) -> dict[int, int]:
        """Hand size by round, for the rounds a match can have (all alike without a formula),
        up to the first that is not a whole number."""
        if deal.hand_size_by_round is None:
            return {1: deal.hand_size[players]}
        out = {}
        for round_ in range(1, (self.spec["match"]["max_hands"] or ROUNDS_CHECKED) + 1):
            size = self._size_in_round(deal.hand_size_by_round, players, round_)
            if size is None:
                break
            out[round_] = size
        return out

    def _check_deck_fits(self, faces, decks, jokers, deal, roles, counts) -> None:
        plain = len(faces.suits) * len(faces.ranks)
        reported = len(self.problems)
        for n in counts:
            if len(self.problems) > reported and deal.hand_size_by_round is not None:
                return                      # one report of a bad hand size formula is enough
            size = plain * decks[n] + jokers[n]
            hands = len(roles.play) if roles else n
            for round_, dealt in self._round_sizes(deal, n).items():
                reserve = deal.reserve.count(n) * deal.reserve.size if deal.reserve else 0
                need = hands * dealt + (1 if deal.upcard else 0) + reserve
                if need > size:
                    when = f" in round {round_}" if deal.hand_size_by_round else ""
                    self.problem(("deal", "hand_size"),
                                 f"{hands} hands of {dealt}"
                                 f"{' and an upcard' if deal.upcard else ''}"
                                 f"{f' and {reserve} reserve cards' if reserve else ''} need "
                                 f"{need} cards"
                                 f"{when}; with {n} players the deck has {size}")
                    break

    def _wilds(self, faces: Faces, players: tuple[int, int]) -> model.WildRules:
        w, path = self.spec["melds"]["wilds"], ("melds", "wilds")
        rank, by_round = w["rank"], None
        if rank is not None and rank not in faces.ranks and len(rank) <= 2 and rank.isalpha():
            self.problem(path + ("rank",), f"unknown rank {rank!r} (ranks are "
                         f"{' '.join(faces.ranks)}; or a formula of round, e.g. 'round + 2')")
        elif rank is not None and rank not in faces.ranks:
            by_round = self.formula(path + ("rank",), scopes.deal_scope(), NUM)
            rounds = self.spec["match"]["max_hands"] or ROUNDS_CHECKED
            for round_ in range(1, rounds + 1):
                if by_round is None:
                    break
                value = by_round({"round": round_, "player_count": players[0]})
                if value != int(value) or not 1 <= value <= len(faces.ranks):
                    self.problem(path + ("rank",), f"gives {value} in round {round_}: not a rank "
                                 f"symbol nor a position 1 to {len(faces.ranks)} in deck.ranks")
                    break
        if w["rank"] is not None and w["turned_card"]:
            self.problem(path + ("turned_card",), "a wild rank and a turned card: give one")
        if w["jokers"] == "wild_card" and w["turned_card"] != "next":
            self.problem(path + ("jokers",), "false jokers (wild_card) stand for the card above "
                         "the turned one: they need turned_card: next")
        if_joker = w["if_turned_joker"]
        if if_joker is not None and if_joker not in faces.ranks:
            self.problem(path + ("if_turned_joker",), f"unknown rank {if_joker!r} "
                         f"(ranks are {' '.join(faces.ranks)})")
        return model.WildRules(
            rank=faces.ranks.index(rank) if rank in faces.ranks else None,
            rank_by_round=by_round, turned_card=w["turned_card"],
            if_turned_joker=faces.ranks.index(if_joker) if if_joker in faces.ranks else None,
            points=w["points"], stand_in=tuple(w["stand_in"]),
            false_jokers=w["jokers"] == "wild_card", natural_groups=w["natural_groups"])

    def _melds(self, faces: Faces, decks, jokers, wilds: model.WildRules) -> MeldRules:
        m = self.spec["melds"]
        group, run = m["group"], m["run"]
        for name, rule in (("group", group), ("run", run)):
            if rule and rule.get("max") is not None and rule["max"] < rule["min"]:
                self.problem(("melds", name, "max"), f"max {rule['max']} is less than min {rule['min']}")
        if not group and not run:
            self.problem(("melds",), "no meld kind is allowed: enable group or run")
        needs = slots(Need(**n) for n in m["arrangement_needs"])
        if len(needs) > MAX_ARRANGEMENT_NEEDS:
            self.problem(("melds", "arrangement_needs"), f"{len(needs)} melds needed in all: "
                         f"at most {MAX_ARRANGEMENT_NEEDS}")
        return MeldRules(
            faces, group=(group["min"], group["max"]) if group else None,
            run=(run["min"], run["max"]) if run else None,
            ace=run["ace"] if run else "low", wrap=run["wrap"] if run else False,
            copies=max(decks.values()), max_jokers=m["jokers"]["max_per_meld"],
            min_natural=m["jokers"]["min_natural"], deck_jokers=max(jokers.values()),
            group_duplicates=bool(group and group["duplicates"]), wilds_in=wilds.stand_in,
            natural_groups=wilds.natural_groups, needs=needs)

    def _partnerships(self, counts: range) -> Partnerships | None:
        options = self.spec.get("partnerships")
        if not options:
            return None
        return Partnerships.build(options, _At(self, ("partnerships",), ()), counts)

    def _roles(self, players: tuple[int, int]) -> RoleRules | None:
        options = self.spec.get("roles")
        if not options:
            return None
        return RoleRules.build(options, _At(self, ("roles",), ()), players)

    def _turn(self, roles: tuple[str, ...]) -> tuple[Step, ...]:
        steps: list[Step] = []
        seen: dict[str, int] = {}
        for i, raw in enumerate(self.spec["turn"]):
            (kind, options), = raw.items()
            path = ("turn", i, kind)
            if kind in seen:
                self.problem(path, f"a turn has one {kind} step (also at turn[{seen[kind]}])", key=True)
            seen[kind] = i
            step = STEP_KINDS[kind].build(options, _At(self, path, roles))
            steps.append(cast(Step, step))     # (None after a problem: the build then fails)
        self._check_turn_order(steps, seen, roles)
        return tuple(steps)

    def _check_turn_order(self, steps: list[Step], seen: dict[str, int],
                          roles: tuple[str, ...]) -> None:
        """Each step's needs of the rest of the turn, and the turn's own."""
        upcard = self.spec["deal"]["upcard"]
        for kind, i in seen.items():
            if steps[i] is not None:
                steps[i].check_place(seen, upcard, _At(self, ("turn", i, kind), roles))
        if not any(k in seen for k in ("draw", "draw_until_meld", "turn_up")):
            self.problem(("turn",), "a turn needs a draw, draw_until_meld or turn_up step")
        self._seen_steps = seen

    def _table(self, faces: Faces) -> TableRules:
        s = self.spec
        return TableRules.build(s["table"], _At(self, ("table",), ()), faces,
                                s["melds"]["run"] or {}, s["round_end"]["out_by_discard"])

    def _stock(self, turn) -> Stock:
        return Stock.build(self.spec["stock"], _At(self, ("stock",), ()), set(self._seen_steps))

    def _round_end(self, roles) -> RoundEnd:
        self._warn_if_hands_cannot_end()
        return RoundEnd.build(self.spec["round_end"], _At(self, ("round_end",), roles))

    def _warn_if_hands_cannot_end(self) -> None:
        """A stock reshuffled without limit, no knock and no going out: only the turn guard
        (round_end.max_turns) ends a hand."""
        s = self.spec
        knock = next((step["knock"] for step in s["turn"] if "knock" in step), None)
        if s["stock"]["then"] != "reshuffle_discards" or s["stock"]["max_reshuffles"] is not None:
            return
        if s["round_end"]["empty_hand_ends_round"] or (
                knock is not None and _formula_text(knock["when"]) != "false"):
            return
        file, line, col, _ = self.locate(("turn",), False)
        self.warnings.append(format_problem(
            file, line, col, ("turn",), "warning: no hand can end (no knock, no going out, and "
            "the stock is reshuffled without limit) but by the guard round_end.max_turns"))

    def _scoring(self, roles) -> Scoring:
        scoring = Scoring.build(self.spec["scoring"], _At(self, ("scoring",), roles))
        instant = self.spec["deal"]["instant_win"]
        names = [o.name for o in scoring.outcomes]
        if instant is not None and instant["outcome"] not in names:
            self.problem(("deal", "instant_win", "outcome"), f"no outcome row named "
                         f"{instant['outcome']!r} (the rows are {', '.join(names)})")
        return scoring

    def _match(self) -> Match:
        counters = set(self.spec.get("counters") or {})
        return Match.build(self.spec["match"], _At(self, ("match",), ()), counters)


def _get(data: Any, path: tuple, default=None):
    for part in path:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return default
    return data


def _excerpt(text: str, limit: int = 200) -> str:
    """A formula as echoed in an error: whole unless very long."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _formula_text(raw) -> str:
    if isinstance(raw, bool):
        return "true" if raw else "false"
    return str(raw)


class _AsSet:
    """A formula naming one player, read as the set of that player."""

    def __init__(self, formula):
        self.formula, self.text, self.constant = formula, formula.text, False

    def __call__(self, env):
        return (self.formula(env),)


class _At:
    """What one step kind's build sees: its own place in the spec, for formulas and errors."""

    def __init__(self, builder: Builder, path: tuple, roles: tuple[str, ...]):
        self.builder, self.path, self.roles = builder, path, roles

    def _path(self, key: str | None) -> tuple:
        parts = key.split(".") if key else ()
        return self.path + tuple(int(p) if p.isdigit() else p for p in parts)

    def formula(self, key: str, scope: Scope, expect, default: str | None = None):
        return self.builder.formula(self._path(key), scope, expect, default)

    def problem(self, key: str | None, message: str) -> None:
        self.builder.problem(self._path(key), message)

    def warn(self, key: str | None, message: str) -> None:
        path = self._path(key)
        file, line, col, _ = self.builder.locate(path, False)
        self.builder.warnings.append(format_problem(file, line, col, path,
                                                    f"warning: {message}"))

    def scope(self, scope: Scope) -> Scope:
        return self.builder.scope(scope)

    def step_options(self, kind: str) -> Mapping[str, Any]:
        return next((raw[kind] or {} for raw in self.builder.spec["turn"] if kind in raw), {})
