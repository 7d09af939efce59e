"""End-to-end tests of the browser client: a real headless chromium (Debian's package, driven by
Playwright) against `rummy serve` on a free port. A person's seat plays only by clicking what the
page offers; the test reads the page, never the engine, to decide a move.

Skipped (with the reason) only when the playwright package or /usr/bin/chromium is missing;
`.ci/run` installs both.
"""
from __future__ import annotations

import itertools
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from interpreter.engine import new_game
from interpreter.spec import load_variant

CHROMIUM = "/usr/bin/chromium"
ROOT = Path(__file__).resolve().parent.parent
try:
    from playwright.sync_api import sync_playwright
except ImportError:                                     # pragma: no cover - depends on the host
    sync_playwright = None

pytestmark = [
    pytest.mark.skipif(sync_playwright is None, reason="the playwright package is not installed"),
    pytest.mark.skipif(not os.path.exists(CHROMIUM), reason=f"{CHROMIUM} is missing "
                       "(apt-get install chromium)"),
]

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"width": 390, "height": 844}


# ---- the server and the browser -------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`rummy serve` in a subprocess; its base URL."""
    port = free_port()
    db = tmp_path_factory.mktemp("serve") / "tables.db"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    output = db.with_name("serve.log")
    with output.open("wb") as sink:                 # a file: a full pipe would stall the server
        proc = subprocess.Popen([sys.executable, "-m", "interpreter", "serve", "--port",
                                 str(port), "--db", str(db), "--bot-delay", "0"], cwd=ROOT,
                                env=env, stdout=sink, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            if proc.poll() is not None:
                pytest.fail(f"rummy serve exited: {output.read_text()[-2000:]}")
            try:
                urllib.request.urlopen(f"{url}/api/variants", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        else:
            pytest.fail("rummy serve did not answer within 10 s")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(10_000)
    yield page
    context.close()
    assert not errors, f"errors in the page: {errors}"


def call(server: str, method: str, path: str, body=None, token: str | None = None) -> dict:
    """The HTTP API, as a second person at the table would use it."""
    request = urllib.request.Request(f"{server}/api{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode())
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as error:
        raise AssertionError(f"{method} {path}: {error.code} {error.read().decode()}") from None


def open_seat(page, server: str, table: str, seat: int, token: str) -> None:
    """Open the table in the page as ``seat`` (the link's fragment hands the token over)."""
    page.goto(f"{server}/?table={table}#seat={seat}&token={token}")
    page.wait_for_function("Number(document.body.dataset.views) > 0")


def views(page) -> int:
    return int(page.evaluate("Number(document.body.dataset.views || 0)"))


def click_and_wait(page, locator) -> None:
    """Click an action and wait until the page shows the view that follows it."""
    before = views(page)
    locator.click()
    page.wait_for_function(f"Number(document.body.dataset.views) > {before}")


def actions(page) -> list[str]:
    return [b.get_attribute("data-action") for b in page.locator("#actions [data-action]").all()]


def hands_on_sheet(page) -> int:
    return page.locator("#sheet tr.hand-row").count()


# ---- (a) a whole gin hand by clicking ---------------------------------------------------------
def play_by_clicking(page) -> None:
    """One move of the person: spread, pass or draw when offered; else pick the last card the
    meld highlight leaves loose and knock with it if it may, else discard (or lay off) it."""
    general = actions(page)
    for wanted in ("spread", "pass", "draw stock", "end"):
        if wanted in general:
            if wanted == "draw stock":
                click_and_wait(page, page.locator("#center button.stock"))   # the stock itself
            else:
                click_and_wait(page, page.locator(f'#actions [data-action="{wanted}"]').first)
            return
    cards = page.locator("#hand .card.playable")
    assert cards.count(), f"nothing to click; actions {general}"
    loose = page.locator("#hand .card.playable:not(.meld)")
    chosen = loose.last if loose.count() else cards.last
    chosen.click()
    menu = actions(page)
    knock = [a for a in menu if a.startswith("knock")]
    move = knock[0] if knock else next(a for a in menu if a.startswith(("discard", "layoff")))
    click_and_wait(page, page.locator(f'#actions .card-actions [data-action="{move}"]'))


def test_a_whole_gin_hand_by_clicking(server, page, tmp_path):
    page.goto(server)
    page.wait_for_selector('#variant option[value="gin_standard"]', state="attached")
    page.select_option("#variant", "gin_standard")
    page.select_option('#seats select[data-seat="1"]', "greedy")
    page.fill("#seed", "7")
    page.click("#create")
    page.wait_for_function("Number(document.body.dataset.views) > 0")
    assert page.locator("#hand .card").count() == 10
    colours = page.locator("#hand .card, #center .card:not(.back)").evaluate_all(
        "cs => cs.map(c => [c.textContent.slice(-1), getComputedStyle(c).color])")
    assert {suit for suit, _ in colours} <= set("♣♦♥♠") and len(colours) == 11, colours
    assert len({colour for _, colour in colours}) == 2, f"suits are not in two colours: {colours}"
    ranks = "A23456789TJQK"
    for by, key in (("rank", lambda c: (ranks.index(c[0]), "cdhs".index(c[1]))),
                    ("suit", lambda c: ("cdhs".index(c[1]), ranks.index(c[0])))):
        page.click(f'[data-do="sort"][data-by="{by}"]')
        shown = cards_in(page.locator("#hand"))
        assert shown == sorted(shown, key=key), f"not sorted by {by}: {shown}"
    for _ in range(80):
        if hands_on_sheet(page):
            break
        page.wait_for_function(
            "document.querySelector('#actions [data-action], #hand .card.playable') || "
            "document.querySelector('#sheet tr.hand-row')")
        if hands_on_sheet(page):
            break
        play_by_clicking(page)
    assert hands_on_sheet(page) == 1, "the hand did not end on the score sheet"
    row = page.inner_text("#sheet tr.hand-row")
    assert row.startswith("1"), row
    assert page.locator("#sheet tr.total td.num").count() == 2
    for _ in range(30):               # for the README's picture: on into hand 2 until a meld shows
        if page.locator("#hand .card.meld").count() or hands_on_sheet(page) > 1:
            break
        page.wait_for_function(
            "document.querySelector('#actions [data-action], #hand .card.playable')")
        play_by_clicking(page)
    # The README's picture is refreshed only on request: RUMMY_SCREENSHOT=1 pytest tests/test_browser.py
    shot = ROOT / "docs" / "table.png" if os.environ.get("RUMMY_SCREENSHOT") else tmp_path / "t.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.read_bytes().startswith(b"\x89PNG")


# ---- two people: the invite link seats a second browser, and each sees the other's move ---------
def test_a_second_person_joins_by_the_link_and_plays(server, browser, page):
    page.goto(server)
    page.wait_for_selector('#variant option[value="gin_standard"]', state="attached")
    page.select_option("#variant", "gin_standard")
    page.select_option('#seats select[data-seat="1"]', "human")
    page.click("#create")
    page.wait_for_function("Number(document.body.dataset.views) > 0")
    link = page.get_attribute("#join-link", "href")
    assert page.locator("#invite").get_attribute("open") is not None   # a seat is free: shown
    other = browser.new_context(viewport={"width": 800, "height": 900})
    try:
        guest = other.new_page()
        guest.goto(link)
        guest.wait_for_function("Number(document.body.dataset.views) > 0")
        assert "seat 1" in guest.inner_text("#hand-title")
        assert guest.locator("#hand .card").count() == 10
        mover, watcher = (page, guest) if actions(page) else (guest, page)
        before = views(watcher)
        click_and_wait(mover, mover.locator("#actions [data-action]").first)
        watcher.wait_for_function(f"Number(document.body.dataset.views) > {before}")
        assert watcher.locator("#log li").count() == mover.locator("#log li").count() >= 2
    finally:
        other.close()


# ---- (b) three-hand gin: the sitter sees the hand it advises -----------------------------------
def sitter_seed(seat: int) -> int:
    variant = load_variant("three_hand_gin")
    return next(s for s in range(200)
                if new_game(variant, players=3, seed=s).roles["sitter"] == seat)


def test_b_three_hand_gin_sitter_advises(server, page):
    seed = sitter_seed(0)
    roles = new_game(load_variant("three_hand_gin"), players=3, seed=seed).roles
    captain, box = roles["captain"], roles["box"]
    made = call(server, "POST", "/tables", {"variant": "three_hand_gin", "players": 3,
                                            "seed": seed, "seat": 0, "bots": {str(box): "greedy"}})
    table = made["table"]
    other = call(server, "POST", f"/tables/{table}/seats", {"seat": captain})
    open_seat(page, server, table, 0, made["token"])
    assert page.locator("#actions [data-action]").count() == 0      # the sitter does not play
    advised = page.locator(f'[data-advised="{captain}"] .card')
    captains = call(server, "GET", f"/tables/{table}/view", token=other["token"])
    hand = captains["observation"]["hand"]
    assert sorted(advised.evaluate_all("cs => cs.map(c => c.dataset.card)")) == sorted(hand)
    assert "sitter" in page.inner_text("#hand-title")
    # the captain plays (through the API): the sitter's page follows the advised hand
    deadline = time.monotonic() + 10
    while not call(server, "GET", f"/tables/{table}/view", token=other["token"])["legal"]:
        assert time.monotonic() < deadline, "the captain never got the turn"
        time.sleep(0.05)                                  # the box's bot may move first
    before = views(page)
    legal = call(server, "GET", f"/tables/{table}/view", token=other["token"])["legal"]
    move = "draw stock" if "draw stock" in legal else legal[-1]
    after = call(server, "POST", f"/tables/{table}/actions", {"action": move},
                 token=other["token"])
    page.wait_for_function(f"Number(document.body.dataset.views) > {before}")
    page.wait_for_function(
        f"document.querySelectorAll('[data-advised=\"{captain}\"] .card').length === "
        f"{len(after['observation']['hand'])}")
    # a spectator of the same table sees no hand at all and nothing to click
    watcher = page.context.new_page()
    watcher.goto(f"{server}/?table={table}&watch=1")
    watcher.wait_for_function("Number(document.body.dataset.views) > 0")
    assert watcher.locator("[data-advised], #hand .card, [data-action]").count() == 0
    assert watcher.locator("#opponents .seat").count() == 3
    watcher.close()


# ---- (c) Carousel: a table rearrangement built step by step ------------------------------------
def carousel_position(find):
    """The first Carousel deal where seat 0, to meld, can make the move ``find(state)`` returns
    (not None), while the page also lists a meld action (so the table editor is open on any
    server): the seed, the moves before, and what ``find`` found. Each seat plays its first
    listed meld, else its first legal action."""
    variant = load_variant("carousel")
    for seed in range(100):
        state = new_game(variant, players=2, seed=seed)
        script: list[str] = []
        while not state.history and len(script) < 40:
            legal = state.legal_actions()
            if state.current_player == 0 and state.table and state.meld_step is not None and \
                    any(a.kind == "meld" for a in legal):
                found = find(state)
                if found:
                    return seed, script, found
            melds = [a for a in legal if a.kind == "meld"]
            move = str(melds[0] if melds else legal[0])
            script.append(move)
            state.apply(move)
    raise AssertionError(f"no Carousel deal in 100 seeds where seat 0 can {find.__doc__}")


def notation(melds) -> str:
    return "meld " + " ".join(f"[{' '.join(m)}]" for m in melds if m)


def moved_card(state):
    """move a table card into a new meld with two hand cards: (meld, card, hand a, hand b)"""
    obs = state.observation(0)
    table, hand = obs["table"], [c for c in obs["hand"] if c != "Jk"]
    for i, meld in enumerate(table):
        for card in meld:
            if card.startswith("Jk"):
                continue
            for a, b in itertools.combinations(hand, 2):
                melds = [m for k, m in enumerate(table) if k != i]
                melds += [[c for c in meld if c != card], [card, a, b]]
                if state.is_legal(notation(melds)):
                    return i, card, a, b
    return None


def freed_joker(state):
    """replace a table joker by the card it stands for and place the joker again: (meld,
    joker, card, target meld, the joker's new card)"""
    obs = state.observation(0)
    table, faces = obs["table"], state.variant.faces
    for k, meld in enumerate(table):
        for joker in (t for t in meld if t.startswith("Jk(") and t[3:-1] in obs["hand"]):
            card = joker[3:-1]
            for j in range(len(table)):
                for new in (r + s for r in faces.ranks for s in faces.suits):
                    melds = [list(m) for m in table]
                    melds[k] = [card if t == joker else t for t in melds[k]]
                    melds[j].append(f"Jk({new})")
                    if state.is_legal(notation(melds)):
                        return k, joker, card, j, new
    return None


def carousel_table(server, page, seed: int, script: list[str]) -> tuple[str, dict[int, str]]:
    """A Carousel table of two people (seat 0 in the page) after ``script`` (played through
    the API); its id and the seats' tokens."""
    made = call(server, "POST", "/tables", {"variant": "carousel", "players": 2, "seed": seed,
                                            "seat": 0, "bots": {}})
    table = made["table"]
    tokens = {0: made["token"], 1: call(server, "POST", f"/tables/{table}/seats", {"seat": 1})["token"]}
    for move in script:
        seat = next(s for s in (0, 1)
                    if call(server, "GET", f"/tables/{table}/view", token=tokens[s])["legal"])
        call(server, "POST", f"/tables/{table}/actions", {"action": move}, token=tokens[seat])
    open_seat(page, server, table, 0, made["token"])
    page.wait_for_selector("#editor:not([hidden])")
    return table, tokens


def cards_in(locator) -> list[str]:
    return locator.locator(".card").evaluate_all("cs => cs.map(c => c.dataset.card)")


def test_c_carousel_rearrangement_step_by_step(server, page):
    seed, script, (i, card, a, b) = carousel_position(moved_card)
    table, tokens = carousel_table(server, page, seed, script)
    melds = page.locator("#table-melds .meld-box")
    count = melds.count()
    # step 1: the table card, then "New meld": it moves out of its meld
    page.locator(f'#table-melds .meld-box[data-meld="{i}"] .card[data-card="{card}"]').click()
    page.click('#editor [data-do="newmeld"]')
    assert melds.count() == count + 1
    new = page.locator(f'#table-melds .meld-box[data-meld="{count}"]')
    assert cards_in(new) == [card]
    page.wait_for_selector("#draft-status:has-text('Not yet')")   # a lone card is no meld
    assert not page.locator("#play-draft").is_enabled()          # ... so it cannot be played
    # step 2: two hand cards, then + on the new meld
    page.locator(f'#hand .card[data-card="{a}"]').first.click()
    page.locator(f'#hand .card[data-card="{b}"]').first.click()
    new.locator('[data-do="target"]').click()
    assert sorted(cards_in(new)) == sorted([card, a, b])
    assert page.locator(f'#hand .card[data-card="{a}"]').count() < 2
    page.wait_for_selector("#draft-status:has-text('a legal play')")   # the server checked it
    # play it: the server takes the whole move at once
    click_and_wait(page, page.locator("#play-draft"))
    after = call(server, "GET", f"/tables/{table}/view", token=tokens[1])["observation"]["table"]
    assert sorted([card, a, b]) in [sorted(m) for m in after]
    assert not page.locator("#message").is_visible(), page.inner_text("#message")


def test_c_carousel_joker_freed_and_placed_step_by_step(server, page):
    seed, script, (k, joker, card, j, new) = carousel_position(freed_joker)
    table, tokens = carousel_table(server, page, seed, script)
    # the hand card the joker stands for, then the joker: they change places
    page.locator(f'#hand .card[data-card="{card}"]').first.click()
    page.locator(f'#table-melds .meld-box[data-meld="{k}"] .card[data-card="{joker}"]').click()
    assert card in cards_in(page.locator(f'#table-melds .meld-box[data-meld="{k}"]'))
    page.wait_for_selector("#editor :text('Freed joker to place: 1')")
    assert not page.locator("#play-draft").is_enabled()        # the joker must go back first
    # the freed joker, as the person types its card, onto meld j
    rank, suit = new[:-1], new[-1]
    page.fill("#joker-as", ("10" if rank == "T" else rank) + suit.upper())
    page.locator(f'#table-melds .meld-box[data-meld="{j}"] [data-do="target"]').click()
    assert f"Jk({new})" in cards_in(page.locator(f'#table-melds .meld-box[data-meld="{j}"]'))
    page.wait_for_selector("#draft-status:has-text('a legal play')")
    click_and_wait(page, page.locator("#play-draft"))
    after = call(server, "GET", f"/tables/{table}/view", token=tokens[1])["observation"]["table"]
    laid = [c for m in after for c in m]
    assert card in laid and f"Jk({new})" in laid, after


# ---- (d) phone width ----------------------------------------------------------------------------
def test_d_phone_width_has_no_horizontal_overflow(server, browser):
    made = call(server, "POST", "/tables", {"variant": "carousel", "players": 3, "seat": 0,
                                            "seed": 5, "bots": {"1": "greedy", "2": "random"}})
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        for url in (server, f"{server}/?table={made['table']}#seat=0&token={made['token']}"):
            page.goto(url)
            page.wait_for_load_state("networkidle")
            page.wait_for_selector("#lobby:not([hidden]), #table-screen:not([hidden])")
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{url}: the page is {width}px wide at 390px"
            wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > innerWidth + 1
                             && !e.closest('#sheet'))
                .map(e => e.id || e.className || e.tagName).slice(0, 5)""")
            assert not wide, f"{url}: elements past the right edge: {wide}"
    finally:
        context.close()


# ---- (e) every bundled variant is drawn and played from its observation -----------------------
def test_e_every_bundled_variant_renders_and_takes_a_click(server, page):
    for variant in call(server, "GET", "/variants")["variants"]:
        name, players = variant["name"], variant["players"][0]
        first = new_game(load_variant(name), players=players, seed=3).current_player
        made = call(server, "POST", "/tables", {
            "variant": name, "players": players, "seed": 3, "seat": first,
            "bots": {str(s): "random" for s in range(players) if s != first}})
        open_seat(page, server, made["table"], first, made["token"])
        hand = page.locator("#hand .card").count()
        assert hand == len(call(server, "GET", f"/tables/{made['table']}/view",
                                token=made["token"])["observation"]["hand"]), name
        assert page.locator("#sheet tr.total td.num").count() == players, name
        button = page.locator("#actions [data-action]").first
        if button.count():
            click_and_wait(page, button)
        else:                                   # only card actions: a card, then its first one
            page.locator("#hand .card.playable").first.click()
            click_and_wait(page, page.locator("#actions .card-actions [data-action]").first)
        assert not page.locator("#message").is_visible(), f"{name}: {page.inner_text('#message')}"
