"""No answer or pushed message to a seat names a card that seat may not see: one whole hand of
every bundled variant, every seat connected (and a spectator), every message checked.

The seats are played by the test (greedy choices, half the actions over HTTP and half over the
WebSocket), so that each message can be checked against the table's state when it was sent.
"""
from __future__ import annotations

import contextlib

import pytest
from serving import Api, Secrets, TestClient, app, check_message

from interpreter import bundled_names, load_variant
from interpreter.agents import make_agent

CASES = [(name, 3 if name == "three_hand_gin" else load_variant(name).players[0])
         for name in bundled_names()]
ACTIONS_CAP = 600


@pytest.fixture(scope="module")
def client():
    with TestClient(app()) as client:
        yield client


@pytest.mark.parametrize("name, players", CASES, ids=[f"{n}-{p}p" for n, p in CASES])
def test_no_message_shows_a_seat_a_card_it_may_not_see(client, name, players):
    play_checked(client, name, players, seed=21, hands=1, cap=ACTIONS_CAP)


SLOW_CASES = [(name, n) for name in bundled_names()
              for n in range(load_variant(name).players[0], load_variant(name).players[1] + 1)]


@pytest.mark.slow
@pytest.mark.parametrize("name, players", SLOW_CASES, ids=[f"{n}-{p}p" for n, p in SLOW_CASES])
def test_whole_matches_show_no_seat_a_card_it_may_not_see(client, name, players):
    play_checked(client, name, players, seed=5, hands=None, cap=1500)


def play_checked(client, name: str, players: int, seed: int, hands: int | None,
                 cap: int) -> None:
    """Play ``hands`` hands (None: the match, or ``cap`` actions) with every seat and a
    spectator connected, checking every answer and message for cards hidden from its seat."""
    api = Api(client)
    table = api.create(variant=name, players=players, seed=seed)["table"]
    tokens = [api.post(f"/api/tables/{table}/seats").json()["token"] for _ in range(players)]
    state = client.app.state.lobby.tables[table].state
    secrets = Secrets(state)
    seats: list[int | None] = [*range(players), None]
    ended = 0
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(client.websocket_connect(
            f"/ws/tables/{table}" + (f"?token={tokens[s]}" if s is not None else "")))
            for s in seats]
        for seat, socket in zip(seats, sockets):
            secrets.check(state, seat, check_message(socket.receive_json()), "welcome")
            if seat is not None:
                arranged = api.get(f"/api/tables/{table}/arrange", tokens[seat]).json()
                secrets.check(state, seat, arranged, "arrange")
        for n in range(cap):
            actor = state.current_player
            action = str(make_agent("greedy", n).act(state))
            where = f"{name} action {n} ({action!r} by seat {actor})"
            if n % 2:
                sockets[actor].send_json({"type": "action", "action": action, "id": n})
            else:
                answer = api.post(f"/api/tables/{table}/actions", tokens[actor],
                                  json={"action": action})
                assert answer.status_code == 200, answer.json()
                secrets.check(state, actor, answer.json(), where + ", answer")
            for seat, socket in zip(seats, sockets):
                message = check_message(socket.receive_json())
                assert message["type"] == "update", message
                secrets.check(state, seat, message, where)
                expected = state.observation(seat) if seat is not None else None
                assert expected is None or message["view"]["observation"] == expected, where
            if "hand_end" in message:
                assert message["hand_end"] == state.history[-1]
                ended += 1
            if state.is_terminal or ended == hands:
                break
        else:
            assert hands is None, f"{name}: {hands} hands did not end in {cap} actions"
        for seat in seats:
            view = api.view(table, tokens[seat] if seat is not None else None)
            secrets.check(state, seat, view, "view at the end")


def test_the_checker_finds_a_hidden_card(client):
    """The check can fail: another seat's hand, or the stock, shown to seat 0."""
    api = Api(client)
    table = api.create(variant="gin", players=2, seed=1)["table"]
    state = client.app.state.lobby.tables[table].state
    secrets = Secrets(state)
    other = state.observation(1)["hand"]
    with pytest.raises(AssertionError, match="hidden cards"):
        secrets.check(state, 0, {"view": {"observation": {"hand": other}}}, "test")
    stock = state.names(state.stock[:1])
    with pytest.raises(AssertionError, match="hidden cards"):
        secrets.check(state, None, {"events": [], "note": stock}, "test")
    with pytest.raises(AssertionError, match="unseen cards"):
        secrets.check(state, 0, {"events": [{"seat": 1, "text": f"drew {stock[0]}"}]}, "test")
    secrets.check(state, 0, {"view": {"observation": state.observation(0)}}, "test")
    mine = state.observation(0)["hand"][0]
    secrets.check(state, 0, {"meld": f"{mine}({other[0]})"}, "test")   # what it stands for
    with pytest.raises(AssertionError, match="hidden cards"):
        secrets.check(state, 0, {"meld": f"{other[0]}({mine})"}, "test")
