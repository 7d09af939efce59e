"""Bot decisions and the arrangement search are bounded: a node budget (not a timed test) and
a hand-size cap with a clear error (see interpreter/budget.py and interpreter/melds/rules.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from interpreter import State, load_variant, new_game
from interpreter.agents import make_agent
from interpreter.agents.greedy import simple_move
from interpreter.errors import LimitError
from interpreter.frontends.cli import main
from interpreter.melds import MAX_CARDS, MeldRules
from interpreter.native import running_compiled

POSITIONS = Path(__file__).with_name("positions")
NO_CLOCK = 3600          # seconds: the wall-clock backstop never decides these tests


@pytest.fixture(scope="module")
def costly_position():
    """A saved carousel_opening30 game of 4 greedy bots (seed 7, decision 527, as played
    before the solver's tie rule changed that game): the exact table search there visits
    about 10 million states (11-15 s, 1.5 GB unbounded)."""
    return State.from_json((POSITIONS / "costly_carousel.json").read_text())


@pytest.mark.parametrize("nodes", [20_000, 200_000])
def test_the_costly_decision_stops_at_its_node_budget_with_a_legal_move(costly_position, nodes):
    bot = make_agent("greedy", 7, nodes=nodes, seconds=NO_CLOCK)
    action = bot.act(costly_position)
    assert bot.last_budget.exhausted
    assert 0 < bot.last_budget.used <= nodes
    assert action.kind == "meld"
    after, seat = State.from_json(costly_position.to_json()), costly_position.current_player
    after.apply(action)                        # legal: apply raises IllegalAction otherwise
    assert after.hand_faces(seat) == []        # the beam search found the play of every card


def test_a_small_position_is_searched_exactly_within_the_budget():
    state = new_game(load_variant("carousel"), players=2, seed=3)
    bot = make_agent("greedy", 1, seconds=NO_CLOCK)
    for _ in range(40):
        state.apply(bot.act(state))
        assert not bot.last_budget.exhausted


@pytest.mark.skipif(running_compiled("interpreter.agents.greedy"),
                    reason="patches the greedy bot's functions, which compiled code calls directly")
@pytest.mark.parametrize("bot", ["greedy", "strong"])
def test_a_bot_whose_arrangement_search_gives_up_plays_a_simple_legal_move(monkeypatch, bot):
    from interpreter.agents import greedy, strong
    state = new_game(load_variant("gin"), players=2, seed=5)

    def refuse(*_):
        raise LimitError("hand too complex to arrange")
    for module, name in ((greedy, "_improves"), (greedy, "_least_deadwood"), (greedy, "_knock"),
                         (strong, "_table_of")):
        monkeypatch.setattr(module, name, refuse)
    agent = make_agent(bot, 1)
    for _ in range(6):
        action = agent.act(state)
        assert action == simple_move(state) and action in state.legal_actions()
        state.apply(action)


def test_simple_move_discards_the_highest_card():
    state = new_game(load_variant("gin"), players=2, seed=5)
    while not any(a.kind == "discard" for a in state.legal_actions()):
        state.apply(simple_move(state))
    faces = state.variant.faces
    card = faces.parse(simple_move(state).cards[0])
    assert faces.points[card] == max(faces.points[f] for f in state.hand_faces(state.current_player))


# ---- arrange -----------------------------------------------------------------------------
def _deck_names(name: str, count: int) -> list[str]:
    faces = load_variant(name).faces
    return [faces.name(f) for f in range(count)]


def test_arrange_refuses_a_hand_above_the_cap():
    with pytest.raises(LimitError, match=r"^a hand of 41 cards is too large to arrange: "
                                         r"at most 40 cards$"):
        load_variant("gin").arrange(_deck_names("gin", 41))


def test_arrange_accepts_a_hand_at_the_cap():
    assert MAX_CARDS == 40
    arrangement = load_variant("carousel").arrange(_deck_names("carousel", 40))
    assert arrangement.points == 0 or arrangement.deadwood


def test_cli_arrange_names_the_card_limit(capsys):
    code = main(["arrange", "gin", *_deck_names("gin", 44)])
    _, err = capsys.readouterr()
    assert code == 1
    assert err.strip() == ("rummy arrange: a hand of 44 cards is too large to arrange: "
                           "at most 40 cards")


@pytest.mark.skipif(running_compiled("interpreter.melds.rules"),
                    reason="patches MeldRules.max_work, which compiled code reads as a constant")
def test_a_search_past_its_step_limit_names_the_limit(monkeypatch, capsys):
    variant = load_variant("gin")
    monkeypatch.setattr(MeldRules, "max_work", 10_000)
    faces = variant.faces
    dense = [faces.name(faces.face(s, r)) for s in range(4) for r in range(10)]
    with pytest.raises(LimitError, match=r"^hand too complex to arrange: the search reached "
                                         r"its limit of 10000 steps$"):
        variant.arrange(dense)
    code = main(["arrange", "gin", *dense])
    assert code == 1 and "its limit of 10000 steps" in capsys.readouterr().err
