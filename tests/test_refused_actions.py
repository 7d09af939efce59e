"""Anything given to ``State.apply``, ``State.is_legal`` or ``Action.parse`` that is not a legal
action is refused with IllegalAction and a reason, never another exception type, and the state
is left exactly as it was: notation (unicode digits too), Action objects with fields of any
value, other objects, and None."""
from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interpreter import Action, IllegalAction, State, bundled_names, load_variant, new_game
from interpreter.frontends.terminal_play import Table

GIN = load_variant("gin_standard")
HUGE = 10 ** 5000


class _BadHash:
    def __hash__(self):
        raise ValueError("no hash")

    def __repr__(self):
        return "<bad hash>"


def _seen(g: State) -> tuple:
    """Everything a caller may read of the state: its JSON and every seat's observation."""
    return g.to_json(), [g.observation(s) for s in range(g.players)], g.legal_actions()


def _refused(g: State, action, message: str) -> None:
    before = _seen(g)
    with pytest.raises(IllegalAction) as refused:
        g.apply(action)
    assert message in str(refused.value)
    assert not g.is_legal(action)
    assert _seen(g) == before


@pytest.mark.parametrize("text, message", [
    ("", "cannot read action '': it starts with one of draw, take, pass"),
    ("   ", "cannot read action '   ': it starts with one of"),
    ("fly away", "cannot read action 'fly away': it starts with one of"),
    ("draw", "cannot read action 'draw': expected e.g. 'draw stock'"),
    ("draw pile", "cannot read action 'draw pile': expected e.g."),
    ("layoff 5h on ²", "cannot read action 'layoff 5h on ²': the meld index after 'on' is a "
                       "number 0-999999 in the digits 0-9"),
    ("layoff 5h on ٣", "the meld index after 'on' is a number 0-999999 in the digits 0-9"),
    ("layoff 5h on -1", "the meld index after 'on' is a number 0-999999"),
    ("layoff 5h on " + "9" * 5000, "cannot read action 'layoff 5h on 9999"),
    ("layoff 5h on", "cannot read action 'layoff 5h on': expected e.g."),
    ("meld [Ah 2h", "cannot read action 'meld [Ah 2h': expected e.g."),
    ("spread [Ah] junk", "cannot read action 'spread [Ah] junk': expected e.g."),
])
def test_unreadable_notation_is_refused_with_the_forms_accepted(text, message):
    with pytest.raises(IllegalAction) as refused:
        Action.parse(text)
    assert message in str(refused.value)
    _refused(new_game(GIN, seed=1), text, message)


def test_long_notation_is_shortened_in_the_message():
    with pytest.raises(IllegalAction) as refused:
        Action.parse("x" * 100_000)
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("value, message", [
    (None, "not an action: None (give an Action or its notation, e.g. 'draw stock')"),
    (3, "not an action: 3 (give an Action"),
    (b"draw stock", "not an action: b'draw stock'"),
    (("draw", "stock", (), None, None), "not an action: ('draw', 'stock', (), None, None)"),
    (["draw", "stock"], "not an action: ['draw', 'stock']"),
    ({"kind": "draw"}, "not an action: {'kind': 'draw'}"),
    (Action(None), "not an action: kind None is not one of draw, take, pass, discard, knock"),
    (Action("fly"), "not an action: kind 'fly' is not one of"),
    (Action(["draw"]), "not an action: kind ['draw'] is not one of"),
    (Action("draw", pile=["stock"]), "not an action: pile ['stock'] is not 'stock' or 'discard'"),
    (Action("draw", pile=1), "not an action: pile 1 is not"),
    (Action("discard", cards="Ah"), "not an action: cards 'Ah' is not a tuple of card names"),
    (Action("discard", cards=["Ah"]), "not an action: cards ['Ah'] is not a tuple"),
    (Action("discard", cards=(None,)), "not an action: cards (None,) is not a tuple"),
    (Action("discard", cards=(("Ah",),)), "not an action: cards (('Ah',),) is not a tuple"),
    (Action("discard", cards=None), "not an action: cards None is not a tuple"),
    (Action("layoff", cards=("5h",), target=-1), "not an action: target -1 is not a meld "
                                                 "index 0-999999"),
    (Action("layoff", cards=("5h",), target=HUGE), "not an action: target <an int of 16610 "
                                                   "bits> is not a meld index"),
    (Action("layoff", cards=("5h",), target=True), "not an action: target True is not"),
    (Action("layoff", cards=("5h",), target=1.0), "not an action: target 1.0 is not"),
    (Action("layoff", cards=("5h",), target="0"), "not an action: target '0' is not"),
    (Action("meld", melds=[["Ah", "2h", "3h"]]), "not an action: melds [['Ah', '2h', '3h']] is "
                                                 "not a tuple of melds, each a tuple of card "
                                                 "names"),
    (Action("meld", melds=((1, 2, 3),)), "not an action: melds ((1, 2, 3),) is not"),
    (Action("spread", melds=("Ah",)), "not an action: melds ('Ah',) is not"),
    (Action("spread", melds=(((HUGE,),),)), "not an action: melds (((<an int of 16610 bits>,),"),
    (Action("discard", cards=({"Ah"},)), "not an action: cards ({'Ah'},) is not a tuple"),
    (Action("discard", cards=(_BadHash(),)), "not an action: cards (<bad hash>,) is not a tuple"),
])
def test_malformed_values_are_refused_naming_the_bad_field(value, message):
    _refused(new_game(GIN, seed=1), value, message)


def test_well_formed_actions_that_are_not_legal_now_say_why():
    g = new_game(GIN, seed=1, dealer=0)
    for action in (Action("meld", melds=None), Action("draw", pile="nowhere"),
                   Action("layoff", cards=(), target=0), Action("discard", cards=("Zz",)),
                   "discard Ah", "spread", "discard \x00", "draw  stock"):
        _refused(g, action, ": seat 1 is at the upcard offer: take or pass")


def test_a_refused_action_is_refused_in_every_phase():
    g = new_game(GIN, seed=4)
    rng = random.Random(4)
    phases = set()
    while not g.is_terminal and len(phases) < 3:
        if g.phase.value in phases:
            g.apply(rng.choice(g.legal_actions()))
            continue
        phases.add(g.phase.value)
        for value in (None, Action("layoff", cards=("5h",), target=-1), "layoff 5h on ²",
                      Action("spread", melds=[["Ah"]])):
            _refused(g, value, "")
        g.apply(rng.choice(g.legal_actions()))
    assert phases == {"offer", "turn", "spread"}


def test_the_terminal_reads_a_unicode_digit_as_notation_not_a_number():
    session = Table(new_game(GIN, seed=1), {}, human=0)
    legal = session.state.legal_actions()
    with pytest.raises(IllegalAction, match="cannot read action '²'"):
        session.read_action("²", legal)
    with pytest.raises(IllegalAction, match="no action 9999999: choose 1-2"):
        session.read_action("9999999", legal)
    with pytest.raises(IllegalAction, match="choose 1-2"):
        session.read_action("9" * 5000, legal)
    assert session.read_action("1", legal) == legal[0]


# ---- any field value, in any state of every bundled variant --------------------------------
_TEXT = st.sampled_from(["", "stock", "discard", "Ah", "2c", "Td", "10s", "Jk", "Jk(5c)",
                         "zz", "²", "on", "[", "draw stock"]) | st.text(max_size=6)
_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | _TEXT
    | st.just(10 ** 400) | st.binary(max_size=3),
    lambda inner: st.lists(inner, max_size=3) | st.lists(inner, max_size=3).map(tuple)
    | st.dictionaries(_TEXT, inner, max_size=2),
    max_leaves=8)
_CARDS = st.lists(_TEXT, max_size=3).map(tuple)
_FIELD = {
    "kind": st.sampled_from(["draw", "take", "pass", "discard", "knock", "end", "spread",
                             "layoff", "meld"]) | _JUNK,
    "pile": st.sampled_from(["stock", "discard", None]) | _JUNK,
    "cards": _CARDS | _JUNK,
    "target": st.integers(-3, 3) | st.none() | _JUNK,
    "melds": st.none() | st.lists(_CARDS, max_size=3).map(tuple) | _JUNK,
}
_ACTIONS = st.builds(Action, **_FIELD) | _JUNK | _TEXT.map(lambda t: f"layoff {t} on {t}")
_GAMES: dict[str, list[State]] = {}


def _states(name: str) -> list[State]:
    """A few states of a variant along one seeded game (every phase it reaches)."""
    if name not in _GAMES:
        variant = load_variant(name)
        g, rng, out = new_game(variant, seed=2), random.Random(2), []
        for i in range(300):
            if g.is_terminal:
                break
            if i % 25 == 0 or g.phase.value != "turn":
                out.append(State.from_json(g.to_json(), variant))
            g.apply(rng.choice(g.legal_actions()))
        _GAMES[name] = out[:16]
    return _GAMES[name]


@pytest.mark.parametrize("name", bundled_names())
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(action=_ACTIONS, which=st.integers(0, 15))
def test_anything_is_applied_or_refused_with_illegal_action(name, action, which):
    states = _states(name)
    g = states[which % len(states)]
    before = _seen(g)
    legal = g.is_legal(action)
    assert _seen(g) == before
    if legal:
        return                             # (a legal action: playing it is tested elsewhere)
    with pytest.raises(IllegalAction):
        g.apply(action)
    assert _seen(g) == before
