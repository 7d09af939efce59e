"""The server's protocol over HTTP and WebSocket (Starlette's test client): tables, seats and
their tokens, views, actions refused without changing anything, spectators, bots, uploaded
specs. Every answer is checked against schema/protocol.openapi.json and every pushed message
against schema/protocol-messages.schema.json (see serving.py)."""
from __future__ import annotations

import json

import pytest
from serving import MESSAGES, OPENAPI, Api, TestClient, app, check_message

from interpreter import State, bundled_names


@pytest.fixture(scope="module")
def client():
    with TestClient(app()) as client:
        yield client


@pytest.fixture
def api(client):
    return Api(client)


@pytest.fixture
def gin(api):
    """A two-player gin table, seed 5: seat 0 claimed (dealer 1, seat 0 offered the upcard)."""
    created = api.create(variant="gin", players=2, seed=5, seat=0)
    return created["table"], created["token"], created


def state_of(client, table: str) -> State:
    return client.app.state.lobby.tables[table].state


def test_variants_list_every_bundled_variant(api):
    found = api.get("/api/variants").json()["variants"]
    gin = next(v for v in found if v["name"] == "gin")
    assert gin == {"name": "gin", "title": "Gin Rummy", "players": [2, 4]}
    assert len(found) == len(bundled_names())


def test_create_join_and_leave(api):
    created = api.create(variant="basic_rummy", players=3, bots={"2": "random"}, seed=1)
    table = created["table"]
    assert created["seat"] is None and created["token"] is None and created["admin"]
    summary = api.get(f"/api/tables/{table}").json()
    assert [(s["kind"], s["taken"]) for s in summary["seats"]] == [
        ("human", False), ("human", False), ("random", True)]
    assert summary["variant"] == "basic_rummy" and summary["players"] == 3
    first = api.post(f"/api/tables/{table}/seats").json()
    assert first["seat"] == 0
    taken = api.post(f"/api/tables/{table}/seats", json={"seat": 0})
    assert taken.status_code == 409 and taken.json()["error"]["code"] == "seat_taken"
    bot = api.post(f"/api/tables/{table}/seats", json={"seat": 2})
    assert bot.status_code == 409
    second = api.post(f"/api/tables/{table}/seats").json()
    assert second["seat"] == 1
    assert api.post(f"/api/tables/{table}/seats").status_code == 409      # none free
    assert table in [t["table"] for t in api.get("/api/tables").json()["tables"]]
    # seat 1's token cannot free seat 0; its own can, and then it no longer works
    assert api.delete(f"/api/tables/{table}/seats/0", second["token"]).status_code == 401
    assert api.delete(f"/api/tables/{table}/seats/0", first["token"]).status_code == 200
    assert api.get(f"/api/tables/{table}/view", first["token"]).status_code == 401
    assert api.post(f"/api/tables/{table}/seats").json()["seat"] == 0
    assert api.delete(f"/api/tables/{table}/seats/1", created["admin"]).status_code == 200


@pytest.mark.parametrize("body, code", [
    ({"variant": "nope"}, "not_found"),
    ({"variant": "../variants/gin"}, "not_found"),
    ({}, "bad_request"),
    ({"variant": "gin", "spec": "name: x"}, "bad_request"),
    ({"variant": "gin", "players": 9}, "bad_request"),
    ({"variant": "gin", "players": "2"}, "bad_request"),
    ({"variant": "gin", "bots": {"1": "genius"}}, "bad_request"),
    ({"variant": "gin", "bots": {"7": "greedy"}}, "bad_request"),
    ({"variant": "gin", "bots": ["greedy"]}, "bad_request"),
    ({"variant": "gin", "seed": -1}, "bad_request"),
    ({"variant": "gin", "bots": {"0": "greedy"}, "seat": 0}, "seat_taken"),
])
def test_a_bad_table_request_is_refused(api, body, code):
    response = api.post("/api/tables", json=body)
    assert response.json()["error"]["code"] == code


def test_bodies_that_are_not_json_objects_are_refused(api):
    assert api.post("/api/tables", content=b"{").json()["error"]["code"] == "bad_request"
    assert api.post("/api/tables", content=b"[1]").json()["error"]["code"] == "bad_request"
    assert api.get("/api/tables/nope").json()["error"]["code"] == "not_found"
    missing = api.client.get("/api/nothing/here")
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "not_found")


def test_each_seat_sees_its_own_observation(api, client, gin):
    table, token, _ = gin
    state = state_of(client, table)
    view = api.view(table, token)
    assert view["observation"] == state.observation(0)
    assert view["legal"] == [str(a) for a in state.legal_actions()] == ["take", "pass"]
    assert view["seat"] == 0 and not view["over"] and view["returns"] is None
    other = api.post(f"/api/tables/{table}/seats").json()
    view = api.view(table, other["token"])
    assert view["observation"] == state.observation(1) and view["legal"] == []


def test_legal_actions_apply_and_illegal_ones_change_nothing(api, client, gin):
    table, token, _ = gin
    other = api.post(f"/api/tables/{table}/seats").json()["token"]
    before = state_of(client, table).to_json()
    for action, status, code in [("discard Zz", 400, "illegal_action"),
                                 ("draw stock", 400, "illegal_action"),
                                 ("", 400, "bad_request")]:
        response = api.post(f"/api/tables/{table}/actions", token, json={"action": action})
        assert (response.status_code, response.json()["error"]["code"]) == (status, code)
    refused = api.post(f"/api/tables/{table}/actions", token, json={"action": "draw stock"})
    assert "draw stock" in refused.json()["error"]["message"]      # the engine says why
    late = api.post(f"/api/tables/{table}/actions", other, json={"action": "pass"})
    assert (late.status_code, late.json()["error"]["code"]) == (409, "not_your_turn")
    anyone = api.post(f"/api/tables/{table}/actions", json={"action": "pass"})
    assert anyone.status_code == 401
    assert state_of(client, table).to_json() == before
    done = api.post(f"/api/tables/{table}/actions", token, json={"action": "pass"})
    assert done.status_code == 200 and done.json()["legal"] == []
    assert done.json()["observation"]["current_player"] == 1



def test_views_carry_a_version_that_grows_with_each_action(api, gin):
    table, token, _ = gin
    before = api.view(table, token)
    assert before["version"] == 0 and before["meld_open"] is False       # gin: no table play
    after = api.post(f"/api/tables/{table}/actions", token, json={"action": "pass"}).json()
    assert after["version"] == 1


def test_meld_open_says_when_a_table_rearrangement_may_be_submitted(api, client):
    created = api.create(variant="carousel", players=2, seed=3, seat=1)   # seat 1 plays first
    table, token = created["table"], created["token"]
    other = api.post(f"/api/tables/{table}/seats").json()["token"]
    assert api.view(table, token)["meld_open"] is False                   # not before a draw
    drawn = api.post(f"/api/tables/{table}/actions", token, json={"action": "draw stock"})
    assert drawn.json()["meld_open"] is True
    assert state_of(client, table).meld_step is not None
    assert api.view(table, other)["meld_open"] is False                   # not its turn


def test_arrange_gives_the_best_melds_of_the_seats_own_hand(api, client):
    created = api.create(variant="gin", players=2, seed=1, seat=0)
    table = created["table"]
    answer = api.get(f"/api/tables/{table}/arrange", created["token"]).json()
    best = state_of(client, table).variant.arrange(api.view(table, created["token"])
                                                   ["observation"]["hand"])
    assert answer["hand"]["points"] == best.points and answer["advised"] == {}
    assert len(answer["hand"]["melds"]) == len(best.melds)
    assert api.get(f"/api/tables/{table}/arrange").status_code == 401


def test_arrange_covers_the_hand_a_seat_advises(api, client):
    created = api.create(variant="three_hand_gin", players=3, seed=2)
    table = created["table"]
    state = state_of(client, table)
    tokens = [api.post(f"/api/tables/{table}/seats").json()["token"] for _ in range(3)]
    assert state.observation(0)["advised_hands"]             # the sitter sees the captain's
    for seat, token in enumerate(tokens):
        advised = state.observation(seat).get("advised_hands", {})
        answer = api.get(f"/api/tables/{table}/arrange", token).json()
        assert set(answer["advised"]) == set(advised)
        for other, cards in advised.items():
            assert answer["advised"][other]["points"] == state.variant.arrange(cards).points


def test_a_token_acts_only_for_its_own_seat_and_table(api, gin):
    table, token, created = gin
    elsewhere = api.create(variant="gin", players=2, seed=5, seat=1)
    # seat 1's token of another table is nothing here; the admin token acts for no seat
    for wrong in (elsewhere["token"], created["admin"], token + "x"):
        response = api.post(f"/api/tables/{table}/actions", wrong, json={"action": "pass"})
        assert response.status_code == 401
    assert api.get(f"/api/tables/{table}/view", "not-a-token").status_code == 401
    malformed = api.client.get(f"/api/tables/{table}/view", headers={"Authorization": "Basic x"})
    assert malformed.status_code == 401


def test_a_spectator_sees_public_information_only(api, client, gin):
    table, _, _ = gin
    view = api.view(table)
    observation = view["observation"]
    state = state_of(client, table)
    assert view["seat"] is None and view["legal"] == [] and observation["hand"] == []
    assert "legal_actions" not in observation and "advised_hands" not in observation
    assert observation["discard"] == state.observation(0)["discard"]
    assert observation["hand_sizes"] == [10, 10]
    hands = {c for s in range(2) for c in state.observation(s)["hand"]}
    assert not hands & set(json.dumps(observation).replace('"', " ").split())


def test_rules_spec_and_documents(api, client, gin):
    table, _, _ = gin
    assert "Gin Rummy" in api.get(f"/api/tables/{table}/rules").json()["text"]
    spec = api.get(f"/api/tables/{table}/spec").json()
    assert spec["name"] == "Gin Rummy" and spec["spec"]["name"] == "Gin Rummy"
    assert "extends" not in spec["spec"] and spec["yaml"].startswith(("#", "name", "extends"))
    assert client.get("/openapi.json").json() == OPENAPI
    assert client.get("/api/protocol").json() == MESSAGES
    assert client.get("/").status_code == 200


def test_export_needs_the_admin_token_until_the_match_is_over(api, gin):
    table, token, created = gin
    assert api.get(f"/api/tables/{table}/export", token).status_code == 401
    assert api.get(f"/api/tables/{table}/export").status_code == 401
    saved = api.get(f"/api/tables/{table}/export", created["admin"])
    assert State.from_json(saved.text).to_json() == saved.text


def test_the_openapi_document_lists_every_route(client):
    routes = {getattr(r, "path", None) for r in client.app.routes}
    documented = set(OPENAPI["paths"])
    served = {r.replace("{seat:int}", "{seat}") for r in routes if r and
              r.startswith(("/api/", "/openapi")) and "{rest:path}" not in r}
    assert served == documented


def test_the_view_schema_is_the_same_in_both_documents():
    messages = json.dumps(MESSAGES["$defs"]["View"]).replace("#/$defs/", "#/components/schemas/")
    assert json.loads(messages) == OPENAPI["components"]["schemas"]["View"]
    for name in ("Observation", "LogEntry", "MatchEnd", "ErrorCode"):
        text = json.dumps(MESSAGES["$defs"][name]).replace("#/$defs/", "#/components/schemas/")
        assert json.loads(text) == OPENAPI["components"]["schemas"][name], name


# ---- WebSocket ------------------------------------------------------------------------------------
def test_websocket_welcome_update_error_and_pong(api, client, gin):
    table, token, _ = gin
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as mine, \
            client.websocket_connect(f"/ws/tables/{table}") as watcher:
        welcome = check_message(mine.receive_json())
        assert welcome["type"] == "welcome" and welcome["seat"] == 0
        assert welcome["view"] == api.view(table, token)
        assert check_message(watcher.receive_json())["seat"] is None
        mine.send_json({"type": "ping", "id": 7})
        assert check_message(mine.receive_json()) == {"type": "pong", "id": 7}
        before = state_of(client, table).to_json()
        for message, code in [({"type": "action", "action": "draw stock", "id": "a"},
                               "illegal_action"),
                              ({"type": "dance", "id": "b"}, "bad_request"),
                              ({"type": "action", "id": "c"}, "bad_request")]:
            mine.send_json(message)
            error = check_message(mine.receive_json())
            assert (error["type"], error["code"], error["id"]) == ("error", code, message["id"])
        mine.send_text("not json")
        assert check_message(mine.receive_json())["code"] == "bad_request"
        watcher.send_json({"type": "action", "action": "pass", "id": 1})
        assert check_message(watcher.receive_json())["code"] == "unauthorized"
        assert state_of(client, table).to_json() == before
        mine.send_json({"type": "action", "action": "pass", "id": 9})
        update = check_message(mine.receive_json())
        assert update["type"] == "update" and update["id"] == 9
        assert update["view"]["observation"] == state_of(client, table).observation(0)
        seen = check_message(watcher.receive_json())
        assert seen["type"] == "update" and "id" not in seen and seen["view"]["seat"] is None


def test_websocket_refuses_a_wrong_token_or_table(client, gin):
    table, _, _ = gin
    with client.websocket_connect(f"/ws/tables/{table}?token=wrong") as socket:
        assert check_message(socket.receive_json())["code"] == "unauthorized"
    with client.websocket_connect("/ws/tables/nope") as socket:
        assert check_message(socket.receive_json())["code"] == "not_found"


def test_a_cross_site_websocket_is_refused(client, gin):
    from starlette.websockets import WebSocketDisconnect

    table, token, _ = gin
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(
            f"/ws/tables/{table}?token={token}",
            headers={"origin": "https://evil.example"}) as socket:
        socket.receive_json()
    with client.websocket_connect(f"/ws/tables/{table}?token={token}",
                                  headers={"origin": "http://testserver"}) as socket:
        assert check_message(socket.receive_json())["type"] == "welcome"     # the same site


def test_bots_play_a_whole_gin_match():
    with TestClient(app(bot_delay=0.001)) as client:    # a pause: the watcher sees the end
        bots_play_a_whole_gin_match(client)


def bots_play_a_whole_gin_match(client):
    api = Api(client)
    created = api.create(variant="gin", players=2, bots={"0": "greedy", "1": "greedy"}, seed=3)
    table = created["table"]
    hands = 0
    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        message = check_message(watcher.receive_json())
        before = message["view"]["observation"]["hands_played"]     # the bots started at once
        while not message["view"]["over"]:
            message = check_message(watcher.receive_json())
            hands += "hand_end" in message
    state = state_of(client, table)
    assert state.is_terminal and message["match_end"] == {"returns": state.returns(),
                                                          "winners": state.winners()}
    assert hands == state.hands_played - before
    assert state.hands_played == len(message["view"]["observation"]["history"])
    assert api.get(f"/api/tables/{table}").json()["over"]
    saved = api.get(f"/api/tables/{table}/export")          # anyone, once the match is over
    assert saved.status_code == 200 and State.from_json(saved.text).is_terminal


def test_a_person_plays_a_hand_against_a_bot(client):
    """Seat 0 plays first-listed moves over HTTP while a bot answers, until the hand ends."""
    api = Api(client)
    created = api.create(variant="gin", players=2, bots={"1": "random"}, seed=8, seat=0)
    table, token = created["table"], created["token"]
    for _ in range(2000):
        view = api.wait_turn(table, token)
        if view["observation"]["hands_played"] or view["over"]:
            break
        legal = view["legal"]
        action = next((a for a in legal if a.startswith(("knock", "gin"))), legal[-1])
        assert api.post(f"/api/tables/{table}/actions", token,
                        json={"action": action}).status_code == 200
    assert view["observation"]["hands_played"] == 1


# ---- uploaded specs -------------------------------------------------------------------------------
HOUSE = "extends: gin\nname: House gin\nparams: {knock_limit: 7}\n"


def test_an_uploaded_spec_makes_a_table(api, client):
    created = api.create(spec=HOUSE, players=2, seat=0, seed=2)
    table = created["table"]
    assert state_of(client, table).variant.params["knock_limit"] == 7
    summary = api.get(f"/api/tables/{table}").json()
    assert summary["variant"] == "House gin" and summary["uploaded"]
    spec = api.get(f"/api/tables/{table}/spec").json()
    assert spec["yaml"] == HOUSE and spec["spec"]["params"]["knock_limit"] == 7
    assert api.view(table, created["token"])["legal"]


@pytest.mark.parametrize("text, problems", [
    ("extends: gin\nparams:\n  knock_limit: x\n",
     ["<upload>:3:16: params.knock_limit: expected a number or true or false, got 'x'"]),
    ("name: [\n", ["<upload>:2:1: YAML syntax error: while parsing a flow node, did not find "
                   "expected node content"]),
    ("extends: ../../etc/passwd\n",
     ["<upload>:1:10: extends: '../../etc/passwd' is outside the folder of this spec; a spec "
      "may extend a bundled variant or a file under its own folder (add trusted folders to "
      "RUMMY_EXTENDS_FROM)"]),
])
def test_a_bad_spec_is_refused_with_located_lines_as_rummy_validate_gives(api, text, problems):
    response = api.post("/api/tables", json={"spec": text})
    error = response.json()["error"]
    assert (response.status_code, error["code"], error["problems"]) == (400, "bad_spec", problems)
    assert error["message"] == "\n".join(problems)


def test_an_uploaded_spec_for_too_many_players_is_a_bad_request(api):
    error = api.post("/api/tables", json={"spec": HOUSE, "players": 9}).json()["error"]
    assert error == {"code": "bad_request", "message": "House gin is for 2-4 players, not 9"}


def test_a_too_large_spec_is_refused_before_it_is_read(api):
    response = api.post("/api/tables", json={"spec": HOUSE + "#" * 70_000})
    assert (response.status_code, response.json()["error"]["code"]) == (413, "too_large")
    huge = api.post("/api/tables", content=b'{"spec": "' + b"x" * 300_000 + b'"}')
    assert huge.status_code == 413


def test_a_spec_that_loads_too_slowly_is_stopped():
    with TestClient(app(spec_seconds=0.001)) as client:
        response = Api(client).post("/api/tables", json={"spec": HOUSE})
    error = response.json()["error"]
    assert error["code"] == "bad_spec" and "took longer than 0.001 s" in error["message"]


# ---- the spectator's log, and events ---------------------------------------------------------------
class Seen:
    """A stand-in state whose seats are shown the given observations."""

    def __init__(self, *observations):
        self.observations = observations
        self.players = len(observations)

    def observation(self, seat):
        return self.observations[seat]


def test_a_spectator_is_shown_each_log_entry_as_an_uninvolved_seat_sees_it():
    from interpreter.frontends.server.views import public_observation

    drew = {"n": 0, "seat": 1, "action": "draw stock", "text": "seat 1 drew from the stock"}
    own = {**drew, "text": "seat 1 drew 9h from the stock", "card": "9h"}
    took = {"n": 1, "seat": 0, "action": "draw discard", "text": "seat 0 took 5c"}
    advised = {"n": 1, "seat": 0, "action": "draw discard", "text": "seat 0 took 5c (adviser)"}
    base = {"variant": "v", "hand": [], "known": {}, "phase": "turn"}
    public = public_observation(Seen(
        {**base, "seat": 0, "hand": ["Ah"], "log": [drew, took]},
        {**base, "seat": 1, "hand": ["9h"], "log": [own, took], "legal_actions": ["x"]},
        {**base, "seat": 2, "log": [drew, advised], "advised_hands": {"0": ["Ah"]}}))
    assert public["log"][0] == drew                  # not the drawer's own entry
    assert public["log"][1] == took                  # not the adviser's
    assert public["seat"] is None and public["hand"] == []
    assert "legal_actions" not in public and "advised_hands" not in public
    differ = public_observation(Seen({**base, "seat": 0, "log": [{**took, "text": "a"}]},
                                     {**base, "seat": 1, "log": [{**took, "text": "b"}]},
                                     {**base, "seat": 2, "log": [{**took, "text": "c"}]}))
    assert differ["log"] == [{"n": 0, "seat": 0, "action": None, "text": "seat 0 played"}]


def test_events_are_the_log_entries_not_yet_sent():
    from interpreter.frontends.server.views import LogCursor

    entries = [{"seat": 0, "text": str(n)} for n in range(5)]
    cursor = LogCursor({"hands_played": 0, "log": entries[:2]})
    assert cursor.new({"hands_played": 0, "log": entries[:4]}) == entries[2:4]
    assert cursor.new({"hands_played": 0, "log": entries[:4]}) == []
    assert cursor.new({"hands_played": 1, "log": entries[:1]}) == entries[:1]   # a new hand
    assert cursor.new({"hands_played": 1}) == []           # observations without a log


# ---- the command, and browsers from elsewhere ---------------------------------------------------
def test_rummy_serve_prints_the_address_and_runs_the_app(monkeypatch, capsys):
    from interpreter.frontends import cli
    from interpreter.frontends.server import run

    served = {}
    monkeypatch.setattr(run.uvicorn, "run", lambda app, **options: served.update(
        app=app, **options))
    assert cli.main(["serve", "--port", "8123", "--db", ":memory:", "--bot-delay", "0",
                     "--cors", "https://example.org"]) == 0
    assert "open http://127.0.0.1:8123/" in capsys.readouterr().out
    assert served["port"] == 8123 and served["host"] == "127.0.0.1"
    assert served["app"].state.lobby.settings.cors == ("https://example.org",)


def test_other_origins_are_refused_unless_allowed(client):
    asked = {"Origin": "https://example.org", "Access-Control-Request-Method": "POST"}
    assert "access-control-allow-origin" not in client.options("/api/tables",
                                                               headers=asked).headers
    with TestClient(app(cors=("https://example.org",))) as other:
        answer = other.options("/api/tables", headers=asked)
        assert answer.headers["access-control-allow-origin"] == "https://example.org"


def test_a_connection_that_falls_too_far_behind_is_closed(monkeypatch, client, gin):
    from interpreter.frontends.server import rooms

    monkeypatch.setattr(rooms, "QUEUE_LIMIT", 2)
    table = client.app.state.lobby.tables[gin[0]]
    slow, _ = table.subscribe(None)
    for n in range(4):
        slow.send({"n": n})
    assert slow.closed and [slow.queue.get_nowait() for _ in range(3)] == [
        {"n": 0}, {"n": 1}, None] and slow.queue.empty()
    table.publish(None, None, None)
    assert slow not in table.subscribers


def test_a_seat_left_closes_its_websocket_and_its_token_stops_working(api, client, gin):
    from starlette.websockets import WebSocketDisconnect

    from interpreter.frontends.server.ws import _handle

    table, token, _ = gin
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as socket:
        check_message(socket.receive_json())
        assert api.delete(f"/api/tables/{table}/seats/0", token).status_code == 200
        with pytest.raises(WebSocketDisconnect):
            socket.receive_json()                         # closed by the server
    assert api.post(f"/api/tables/{table}/actions", token,
                    json={"action": "pass"}).status_code == 401
    # what a closing connection still sends is refused
    seated = client.app.state.lobby.tables[table]
    before = seated.state.to_json()
    subscriber = seated.subscribe(0)[0]
    subscriber.send(None)
    _handle(seated, subscriber, '{"type": "action", "action": "pass"}')
    assert seated.state.to_json() == before
