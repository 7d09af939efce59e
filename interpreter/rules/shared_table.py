"""The shared table (the spec's ``table`` section): whether the melds on it may be rearranged
and whose melds a player may extend or rearrange, what a player's opening must lay (melds,
points, a contract by hand, every card), whether new melds may follow it, and how a player's
melded points are counted. The meld steps (:mod:`interpreter.steps.table_melds`) read these
options; the table solver (:mod:`interpreter.table`) checks and finds the moves.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import JOKER
from ..formula import BOOL, NUM, Formula, Scope
from ..melds.needs import MeldValues, Need, needs_text
from ..model.rule_options import build_options, built, named_faces, option
from ..model.scopes import deal_scope, opening_scope
from ..model.views import going_out_env
from ..table.swaps import JokerSwap
from .joker_swap import build_swap, swap_sentence

if TYPE_CHECKING:
    from ..cards import Faces
    from ..engine.state import GameState
    from ..model.rule_options import BuildContext
    from ..model.variant import Variant

OPENER = {"first_meld_of_round": "the first meld of each round",
          "first_meld_of_each_player": "each player's first meld of each round"}


def _joker_example(faces: Faces) -> str:
    """A joker's token in the deck's own notation: Jk(7h), or Jk(7b) with tiles."""
    suit, rank = min(2, len(faces.suits) - 1), min(6, len(faces.ranks) - 1)
    return f"{JOKER}({faces.name(faces.face(suit, rank))})"


def _of_round(roles: tuple[str, ...]) -> Scope:
    return deal_scope()


@dataclass(frozen=True)
class TableRules:
    """The options, as the schema gives them (it holds their defaults)."""

    manipulation: bool                       # table melds may be rearranged when melding
    # first_meld_of_round | first_meld_of_each_player
    opening_applies_to: str = option("opening.applies_to")
    opening_complete_melds: int = option("opening.complete_melds")
    # the fewest points, seen from the player opening (None: no minimum)
    opening_minimum: Formula | None = option("opening.min_points", default=None,
                                             scope=opening_scope, expect=NUM,
                                             false_is_none=True)
    layoff_onto: str = "any"                 # any | own: whose table melds a player may extend
    rearrange: str = "any"                   # any | own: whose melds manipulation may rearrange
    opening_extra_melds: bool = option("opening.extra_melds", default=True)
    # round | progress: by_round's entry by the hand's number or by each player's progress
    opening_contract_by: str = option("opening.contract_by", default="round")
    opening_wild_points: str = option("opening.wild_points", default="declared")
    # of round: the opening uses every card (None: never)
    opening_all_cards: Formula | None = option("opening.all_cards", default=None,
                                               scope=_of_round, expect=BOOL, false_is_none=True)
    new_melds_after_opening: bool = True     # False: once opened, only lay off
    only_going_out: tuple[str, ...] = ()     # cards melded only by the move going out
    melded_points: str = "face"              # face | by_meld: how melded_points counts cards
    # by round, the last for later rounds
    opening_needs: tuple[tuple[Need, ...], ...] = built(())
    meld_values: MeldValues | None = built()    # an ace's points low or high in a run
    joker_swap: JokerSwap | None = built()      # a table joker freed by its natural card
    going_out_faces: frozenset[int] = built(frozenset())    # the faces of only_going_out

    @classmethod
    def build(cls, options: dict[str, Any], at: BuildContext, faces: Faces,
              run: dict[str, Any], out_by_discard: bool) -> TableRules:
        """The rule from the checked ``table`` section; ``run``: the melds section's run
        options (an ace's points), ``out_by_discard``: the round end's."""
        values = build_options(cls, options, at)
        opening = options["opening"]
        contracts = opening["by_round"] or ([opening["melds"]] if opening["melds"] else [])
        if opening["by_round"] and opening["melds"]:
            at.problem("opening.melds", "give melds or by_round, not both")
        if opening["contract_by"] == "progress" and opening["applies_to"] != \
                "first_meld_of_each_player":
            at.problem("opening.contract_by", "contracts by each player's progress need "
                       "opening.applies_to: first_meld_of_each_player")
        needs = tuple(tuple(Need(**item) for item in contract) for contract in contracts)
        if values["opening_all_cards"] is not None and out_by_discard:
            at.problem("opening.all_cards", "an opening using every card cannot be met where "
                       "round_end.out_by_discard keeps one back")
        going_out = named_faces(faces, options["only_going_out"], at, "only_going_out")
        ace = MeldValues(faces, run.get("low_ace_points"), run.get("high_ace_points"))
        return cls(**values, opening_needs=needs, meld_values=None if ace.plain else ace,
                   joker_swap=build_swap(options["joker_swap"]),
                   going_out_faces=going_out)

    def needs_in(self, round: int) -> tuple[Need, ...]:
        """The melds an opening must lay in hand number ``round`` (by progress: the seat's
        contract number ``round``)."""
        if not self.opening_needs:
            return ()
        return self.opening_needs[min(round, len(self.opening_needs)) - 1]

    # ---- words ---------------------------------------------------------------------------
    def sentences(self, variant: Variant) -> list[str]:
        """What may be done with the melds on the table, for the rules sheet (the opening's
        words follow: :meth:`opening_sentence`, :meth:`contracts`)."""
        if self.manipulation:
            out = ["Players may rearrange the melds on the table when they meld, as long as "
                   "they add at least one card from the hand, take no card off the table, and "
                   "leave every table card in a legal meld."]
        else:
            out = ["The melds on the table may only be extended, never rearranged: each keeps "
                   "every card it has" + ("; new melds may be added."
                                          if self.new_melds_after_opening else ".")]
        own_layoffs = self.layoff_onto == "own"
        own_rearrange = self.manipulation and self.rearrange == "own"
        if own_layoffs or own_rearrange:
            out.append("Each meld on the table belongs to the player who laid it"
                       + ("; a player may lay cards off only onto their own melds"
                          if own_layoffs else "")
                       + ("; only its owner may rearrange a meld (others' melds stay whole)"
                          if own_rearrange else "") + ".")
        if any(variant.jokers.values()):
            out.append("A player who plays a joker names the card it stands for (written "
                       f"{_joker_example(variant.faces)}); the joker keeps that card while it "
                       "is on the table.")
            if self.manipulation:
                out.append("When the table is rearranged, a joker may move to another meld "
                           "still standing for its card. It may be given a new card only when "
                           "a natural copy of its old card is on the table after the move (one "
                           "such card for each joker so reassigned)."
                           + ("" if self.joker_swap is not None and self.joker_swap.to_hand
                              else " A joker replaced by the card it stands for must be played "
                              "on the table in the same move: it never goes back to a hand."))
            if self.joker_swap is not None:
                out.append(swap_sentence(self.joker_swap))
        return out

    @property
    def opening_min_points(self) -> int:
        """The opening's fewest points where a number gives them (0: none or a formula)."""
        minimum = self.opening_minimum
        return int(minimum(None)) if minimum is not None and minimum.constant else 0

    def opening_points(self, state: GameState, seat: int) -> int:
        """The fewest points ``seat``'s opening must lay now."""
        minimum = self.opening_minimum
        if minimum is None:
            return 0
        return max(0, int(minimum(None if minimum.constant else going_out_env(state, seat))))

    def opening_values(self, faces: Faces, wild_points: tuple[int, ...]) -> MeldValues | None:
        """How the opening counts its points (None: each card as the card it stands for);
        ``wild_points``: each face's points as a wild card, where wilds count their own."""
        if self.opening_wild_points != "own":
            return self.meld_values
        ace = self.meld_values or MeldValues(faces)
        return MeldValues(faces, ace.low_ace, ace.high_ace, wild_points)

    def has_opening(self) -> bool:
        return bool(self.opening_complete_melds or self.opening_minimum is not None
                    or self.opening_needs)

    def opening_sentence(self, jokers: bool) -> str:
        """What an opening must lay: melds, points counted by the meld."""
        if self.opening_needs:
            need = "from the hand alone"
        else:
            n = self.opening_complete_melds
            need = f"at least {n} complete meld{'s' if n != 1 else ''} from the hand alone"
        minimum = self.opening_minimum
        if minimum is not None:
            notes = [] if minimum.constant else ["me: the player opening"]
            if jokers:
                notes.append("a wild card counts its own points"
                             if self.opening_wild_points == "own"
                             else "a joker counts as the card it stands for")
            need += (f", worth at least {self.opening_min_points} points" if minimum.constant
                     else f", worth at least as many points as {minimum.text} gives")
            need += f" ({'; '.join(notes)})" if notes else ""
        values = self.meld_values
        if minimum is not None and values is not None:
            ace = [f"{values.low_ace} below the 2" if values.low_ace is not None else "",
                   f"{values.high_ace} above the king" if values.high_ace is not None else ""]
            need += f"; in a run an ace counts {' and '.join(a for a in ace if a)}"
        return (f"Opening: {OPENER[self.opening_applies_to]} must be {need}, leaving the melds "
                "already on the table as they are.")

    def contracts(self) -> list[tuple[str, str]]:
        """The contract an opening must lay, by hand (or by the player's progress): (which
        hands or contract, the melds)."""
        last = len(self.opening_needs)
        if self.opening_contract_by == "progress":
            return [(f"contract {i}{' and after' if i == last else ''}", needs_text(needs))
                    for i, needs in enumerate(self.opening_needs, 1)]
        return [(f"hand {i}{' and later' if i == last else ''}", needs_text(needs))
                for i, needs in enumerate(self.opening_needs, 1)]

    def closing_sentences(self) -> list[str]:
        """The rest of the section: an opening with every card, melded points, no new melds."""
        out = []
        if self.opening_all_cards is not None:
            out.append(f"When {self.opening_all_cards.text}, the opening must use every card "
                       "in the hand (the player goes out with it, without a discard).")
        if self.melded_points == "by_meld":
            ace = " and an ace by its place in a run" if self.meld_values is not None else ""
            out.append("A player's melded_points count each card as melded: a joker as the "
                       f"card it stands for{ace}.")
        if self.only_going_out:
            out.append(f"{' and '.join(self.only_going_out)} may be melded only by the move "
                       "that goes out, and then in melds with no wild card.")
        if not self.new_melds_after_opening:
            out.append("A player who has opened (gone down) may not lay new melds: only lay off "
                       "cards onto the melds on the table.")
        return out
