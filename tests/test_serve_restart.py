"""Tables outlive the server: a new app over the same database continues every game exactly;
exports replay; and one game over a real uvicorn server with a real WebSocket client."""
from __future__ import annotations

import socket
import sqlite3
import threading
import time

import pytest
from serving import Api, TestClient, app, check_message

from interpreter import State
from interpreter.agents import make_agent

HOUSE = "extends: gin\nname: House gin\nparams: {knock_limit: 7}\n"


def play_human(api: Api, client, table: str, token: str, actions: int) -> None:
    """Seat ``token`` plays ``actions`` greedy moves, the bots answering between them, or
    fewer if the hand ends first."""
    hand = api.view(table, token)["observation"]["hands_played"]
    for n in range(actions):
        view = api.wait_turn(table, token)
        if view["over"] or view["observation"]["hands_played"] != hand:
            return
        state = client.app.state.lobby.tables[table].state
        action = str(make_agent("greedy", n).act(state))
        assert api.post(f"/api/tables/{table}/actions", token,
                        json={"action": action}).status_code == 200


def test_a_restart_mid_game_continues_the_same_game(tmp_path):
    db = str(tmp_path / "tables.sqlite3")
    with TestClient(app(db)) as client:
        api = Api(client)
        gin = api.create(variant="gin", players=2, bots={"1": "greedy"}, seed=4, seat=0)
        house = api.create(spec=HOUSE, players=2, seed=6, seat=1)
        play_human(api, client, gin["table"], gin["token"], 6)
        view = api.wait_turn(gin["table"], gin["token"])
        saved = {t: client.app.state.lobby.tables[t].state.to_json()
                 for t in (gin["table"], house["table"])}
        listed = api.get("/api/tables").json()
    with TestClient(app(db)) as client:
        api = Api(client)
        assert api.get("/api/tables").json() == listed
        assert api.view(gin["table"], gin["token"]) == view
        assert {t: client.app.state.lobby.tables[t].state.to_json() for t in saved} == saved
        assert api.view(house["table"], house["token"])["seat"] == 1
        # the tokens still act, and the game goes on to the hand's end
        play_human(api, client, gin["table"], gin["token"], 200)
        state = client.app.state.lobby.tables[gin["table"]].state
        assert state.hands_played == 1
        exported = api.get(f"/api/tables/{gin['table']}/export", gin["admin"]).text
        assert State.from_json(exported).to_json() == state.to_json()


def test_bots_interrupted_by_a_restart_play_exactly_as_without_it(tmp_path):
    """The bots' choices hang on the table's seed and the action's number only."""
    db = str(tmp_path / "tables.sqlite3")
    with TestClient(app(db, bot_delay=0.002)) as client:
        table = Api(client).create(variant="gin_standard", players=2, seed=9,
                                   bots={"0": "greedy", "1": "greedy"})["table"]
        while len(client.app.state.lobby.tables[table].record.actions) < 8:
            time.sleep(0.002)
    with TestClient(app(db)) as client:
        restarted = finish(client, table)
    with TestClient(app()) as client:
        again = Api(client).create(variant="gin_standard", players=2, seed=9,
                                   bots={"0": "greedy", "1": "greedy"})["table"]
        assert finish(client, again) == restarted


def finish(client, table: str) -> str:
    """The saved game once the bots have finished the match."""
    end = time.monotonic() + 30
    while not client.app.state.lobby.tables[table].state.is_terminal:
        assert time.monotonic() < end
        time.sleep(0.01)
    return Api(client).get(f"/api/tables/{table}/export").text


def test_a_saved_state_that_disagrees_with_the_replay_wins_and_is_reported(tmp_path, caplog):
    db = str(tmp_path / "tables.sqlite3")
    with TestClient(app(db)) as client:
        api = Api(client)
        created = api.create(variant="gin", players=2, seed=4, seat=0)
        api.post(f"/api/tables/{created['table']}/actions", created["token"],
                 json={"action": "pass"})
        saved = client.app.state.lobby.tables[created["table"]].state.to_json()
    with sqlite3.connect(db) as raw:
        raw.execute("DELETE FROM actions")
    with TestClient(app(db)) as client:
        assert client.app.state.lobby.tables[created["table"]].state.to_json() == saved
    assert "disagrees with the saved state" in caplog.text


def test_an_export_replays_the_game_and_continues_it_identically():
    with TestClient(app()) as client:
        api = Api(client)
        created = api.create(spec=HOUSE, players=2, seed=3, seat=0)
        table = created["table"]
        tokens = [created["token"], api.post(f"/api/tables/{table}/seats").json()["token"]]
        state = client.app.state.lobby.tables[table].state
        for n in range(7):
            action = str(make_agent("greedy", n).act(state))
            api.post(f"/api/tables/{table}/actions", tokens[state.current_player],
                     json={"action": action})
        copy = State.from_json(api.get(f"/api/tables/{table}/export", created["admin"]).text)
        assert copy.to_json() == state.to_json()
        action = str(copy.legal_actions()[-1])
        copy.apply(action)
        api.post(f"/api/tables/{table}/actions", tokens[state.current_player],
                 json={"action": action})
        assert copy.to_json() == state.to_json()


# ---- a real server ------------------------------------------------------------------------------
@pytest.fixture
def server():
    """The app served by uvicorn on a free port, in a thread: (base address, app)."""
    uvicorn = pytest.importorskip("uvicorn")
    served = app()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]
    runner = uvicorn.Server(uvicorn.Config(served, log_level="warning"))
    thread = threading.Thread(target=runner.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not runner.started:
        assert time.monotonic() < end and thread.is_alive(), "the server did not start"
        time.sleep(0.01)
    yield f"127.0.0.1:{port}", served
    runner.should_exit = True
    thread.join(10)
    listener.close()


def test_a_hand_over_a_real_server_and_websocket(server):
    import json

    import httpx2 as httpx

    connect = pytest.importorskip("websockets.sync.client").connect

    address, served = server
    created = httpx.post(f"http://{address}/api/tables", json={
        "variant": "gin", "players": 2, "bots": {"1": "greedy"}, "seed": 12, "seat": 0}).json()
    table = created["table"]
    with connect(f"ws://{address}/ws/tables/{table}?token={created['token']}") as ws:
        welcome = check_message(json.loads(ws.recv(timeout=10)))
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        ws.send(json.dumps({"type": "ping", "id": "p"}))
        view, acted, pongs, n = welcome["view"], None, 0, 0
        while True:
            if view["legal"] and view is not acted:
                state = served.state.lobby.tables[table].state
                ws.send(json.dumps({"type": "action", "id": n,
                                    "action": str(make_agent("greedy", n).act(state))}))
                acted, n = view, n + 1
            message = check_message(json.loads(ws.recv(timeout=10)))
            if message["type"] == "pong":
                pongs += 1
                continue
            assert message["type"] == "update" and n < 200, message
            view = message["view"]
            if "hand_end" in message:
                break
    assert pongs == 1 and message["hand_end"] == view["observation"]["history"][-1]
    assert view["observation"]["hands_played"] == 1
    summary = httpx.get(f"http://{address}/api/tables/{table}").json()
    assert summary["hands_played"] == 1


def test_a_table_that_no_longer_loads_is_skipped_and_reported(tmp_path, caplog):
    db = str(tmp_path / "tables.sqlite3")
    with TestClient(app(db)) as client:
        kept = Api(client).create(variant="gin", seed=1)["table"]
        gone = Api(client).create(spec=HOUSE, seed=1)["table"]
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE tables SET spec = 'extends: no_such_variant' WHERE id = ?", (gone,))
    with TestClient(app(db)) as client:
        assert set(client.app.state.lobby.tables) == {kept}
    assert f"table {gone} is not served" in caplog.text
