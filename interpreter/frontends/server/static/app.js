// The reference browser client: a lobby to create or join a table, then the table, kept up to
// date by the table's WebSocket. Every move is one of the view's legal actions (or a table
// move built step by step), submitted in the engine's notation; the server judges it.

import { jokerFor, kindOf } from "./actions.js";
import { ApiError, api, connect } from "./api.js";
import { JOKER, deckOf, typedCard } from "./cards.js";
import { $, fill, h } from "./dom.js";
import { Draft, meldKey } from "./draft.js";
import { editorOpen, render, shownHand } from "./render.js";

const BOTS = ["human", "random", "greedy", "strong"];

const S = {
  table: null, seat: null, token: null, view: null, spec: null, deck: deckOf(null), summary: null,
  sort: localStorage.getItem("rummy.sort") || "suit", picked: [], pickedPile: null, pickedTable: null, draft: null, draftStatus: "",
  jokerAs: "", arrangement: null, arrangeOff: false, arrangedFor: null, checkOff: false,
  socket: null, busy: false, variants: [], views: 0,
};

// ---- seats remembered in this browser ------------------------------------------------------
const remembered = (table) => JSON.parse(localStorage.getItem(`rummy.seat.${table}`) || "null");
const remember = (table, seat) => localStorage.setItem(`rummy.seat.${table}`, JSON.stringify(seat));
const forget = (table) => localStorage.removeItem(`rummy.seat.${table}`);

/** An engine refusal without its list of the legal actions (the page shows those). */
const reason = (message) => String(message).split("; legal:")[0];

function say(text, kind = "error") {
  const el = $("#message");
  el.textContent = text || "";
  el.className = kind;
  el.hidden = !text;
}

function notice(text) {
  const el = $("#notice");
  el.textContent = text || "";
  el.hidden = !text;
}

// ---- lobby --------------------------------------------------------------------------------
async function showLobby() {
  $("#lobby").hidden = false;
  $("#table-screen").hidden = true;
  const { variants } = await api("GET", "/variants");
  S.variants = variants;
  fill($("#variant"), variants.map((v) => h("option", { value: v.name }, `${v.title} (${v.players[0]}–${v.players[1]})`)));
  const preferred = variants.find((v) => v.name === "gin") || variants[0];
  if (preferred) $("#variant").value = preferred.name;
  fitPlayers();
  listTables();
}

function fitPlayers() {
  const upload = $("#upload").files[0];
  const variant = S.variants.find((v) => v.name === $("#variant").value);
  const [low, high] = upload || !variant ? [1, 8] : variant.players;
  const input = $("#players");
  input.min = low;
  input.max = high;
  const n = Math.min(Math.max(Number(input.value) || low, low), high);
  input.value = n;
  const previous = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  fill($("#seats"), h("legend", {}, "Seats"), Array.from({ length: n }, (_, s) => (s === 0
    ? h("p", { class: "seat-choice" }, "Seat 0: you")
    : h("label", { class: "seat-choice" }, `Seat ${s}: `,
      h("select", { "data-seat": s }, BOTS.map((b) => h("option", { value: b }, b === "human" ? "a person (share the link)" : `${b} bot`)))))));
  [...document.querySelectorAll("#seats select")].forEach((select, i) => { select.value = previous[i] || "greedy"; });
}

async function listTables() {
  try {
    const { tables } = await api("GET", "/tables");
    fill($("#table-list"), tables.length ? tables.map((t) => {
      const free = t.seats.some((s) => s.kind === "human" && !s.taken);
      return h("li", {}, `${t.title || t.variant} · ${t.players} players · ${t.hands_played} hands${t.over ? " · over" : ""} `,
        free && !t.over ? h("a", { href: `/?table=${encodeURIComponent(t.table)}` }, "join") : null, " ",
        h("a", { href: `/?table=${encodeURIComponent(t.table)}&watch=1` }, "watch"));
    }) : h("li", { class: "small" }, "none yet"));
  } catch (error) {
    fill($("#table-list"), h("li", { class: "error" }, error.message));
  }
}

async function createTable(event) {
  event.preventDefault();
  const error = $("#lobby-error");
  error.hidden = true;
  const body = { players: Number($("#players").value), seat: 0, bots: {} };
  for (const select of document.querySelectorAll("#seats select")) {
    if (select.value !== "human") body.bots[select.dataset.seat] = select.value;
  }
  const upload = $("#upload").files[0];
  if (upload) body.spec = await upload.text();
  else body.variant = $("#variant").value;
  const seed = $("#seed").value.trim();
  if (seed) body.seed = Number(seed);
  try {
    const made = await api("POST", "/tables", { body });
    remember(made.table, { seat: made.seat, token: made.token, admin: made.admin });
    location.assign(`/?table=${encodeURIComponent(made.table)}`);
  } catch (failure) {
    error.textContent = failure.message;
    error.hidden = false;
  }
}

// ---- the table ----------------------------------------------------------------------------
async function openTable(table, watch) {
  $("#lobby").hidden = true;
  $("#table-screen").hidden = false;
  S.table = table;
  let mine = remembered(table);
  if (!mine && !watch) {
    try {
      const seat = await api("POST", `/tables/${encodeURIComponent(table)}/seats`, { body: {} });
      mine = { seat: seat.seat, token: seat.token };
      remember(table, mine);
    } catch (error) {
      notice(`No seat for you (${error.message}); watching.`);
    }
  }
  if (mine && !watch) [S.seat, S.token] = [mine.seat, mine.token];
  const path = `/tables/${encodeURIComponent(table)}`;
  try {
    const [summary, spec] = await Promise.all([api("GET", path), api("GET", `${path}/spec`)]);
    S.summary = summary;
    S.spec = spec.spec;
    S.deck = deckOf(spec.spec);
    $("#title").textContent = spec.spec?.name || summary.variant;
    document.title = `${$("#title").textContent} · Rummy`;
    let view;
    try {
      view = await api("GET", `${path}/view`, { token: S.token });
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      forget(table);
      [S.seat, S.token] = [null, null];
      notice("Your seat's token is no longer valid; watching.");
      view = await api("GET", `${path}/view`);
    }
    setView(view);
  } catch (error) {
    fill($("#status"), h("span", { class: "error" }, error.message));
    return;
  }
  const base = `${location.origin}/?table=${encodeURIComponent(table)}`;
  for (const [id, link] of [["#join-link", base], ["#watch-link", `${base}&watch=1`]]) {
    $(id).href = link;
    $(id).textContent = link;
  }
  $("#rules-button").hidden = false;
  $("#leave").hidden = S.token === null;
  $("#invite").open = Boolean(S.summary?.seats?.some((s) => s.kind === "human" && !s.taken));
  S.socket = connect(table, S.token, onMessage, (status) => {
    const live = $("#live");
    live.hidden = false;
    live.textContent = status === "live" ? "● live" : "○ reconnecting";
    live.classList.toggle("lost", status !== "live");
  });
}

function onMessage(message) {
  if (message.type === "welcome" || message.type === "update") {
    setView(message.view);
    if (message.hand_end) {
      const r = message.hand_end;
      notice(`Hand ${r.hand}: ${r.outcome}; points ${r.points.join(" / ")}.`);
    }
    if (message.match_end) notice(`Match over: result ${message.match_end.returns.join(" / ")}.`);
  } else if (message.type === "error") {
    say(message.message);
  }
}

const handKey = (view) => JSON.stringify([view.observation.hand, view.observation.table, view.legal]);

function setView(view) {
  if (S.view && view.table === S.view.table && view.version < S.view.version) return;  // older
  const changed = !S.view || handKey(S.view) !== handKey(view);
  const handEnded = S.view && S.view.observation.hands_played !== view.observation.hands_played;
  S.view = view;
  S.views += 1;
  if (changed) {
    S.picked = [];
    S.pickedPile = null;
    S.pickedTable = null;
    S.draft = null;
    S.draftStatus = "";
  }
  if (editorOpen(S) && !S.draft) S.draft = new Draft(view.observation.table || [], view.observation.hand || []);
  const waiting = S.summary?.seats?.some((s) => s.seat === view.observation.current_player && !s.taken);
  if (handEnded || waiting) refreshSummary();   // roles changed, or someone may have sat down
  arrange();                                // (drops a highlight of another hand at once)
  render(S);
}

async function refreshSummary() {
  try {
    S.summary = await api("GET", `/tables/${encodeURIComponent(S.table)}`);
    render(S);
  } catch (error) {
    console.warn(error);
  }
}

/** Ask the server for the arrangement of the seat's hand (and advised hands), to highlight
 * melds; without the endpoint, no highlight. */
async function arrange() {
  const obs = S.view.observation;
  const key = JSON.stringify([obs.hand, obs.advised_hands || null]);
  if (S.token === null || S.arrangeOff || key === S.arrangedFor) return;
  S.arrangedFor = key;
  S.arrangement = null;
  try {
    const arrangement = await api("GET", `/tables/${encodeURIComponent(S.table)}/arrange`, { token: S.token });
    if (S.arrangedFor !== key) return;     // the hand changed meanwhile
    S.arrangement = arrangement;
    render(S);
  } catch (error) {
    if (error.status === 404 || error.status === 405) S.arrangeOff = true;
  }
}

async function act(action) {
  if (S.busy) return;
  S.busy = true;
  say("");
  notice("");
  try {
    setView(await api("POST", `/tables/${encodeURIComponent(S.table)}/actions`, { token: S.token, body: { action } }));
  } catch (error) {
    say(`Refused: ${reason(error.message)}`);
  } finally {
    S.busy = false;
  }
}

// ---- the table draft ----------------------------------------------------------------------
function pickedHandCards() {
  const hand = shownHand(S);
  return S.picked.map((i) => hand[i]);
}

/** The card the person says the joker stands for, in the deck's notation (an error if none). */
function jokerCard() {
  const card = typedCard(S.jokerAs, S.deck);
  if (card === null) throw new Error(S.jokerAs ? `${S.jokerAs} is not a card of this deck` : "say which card the joker stands for");
  return card;
}

function withJokers(cards) {
  return cards.map((c) => (c === JOKER ? `${JOKER}(${jokerCard()})` : c));
}

/** One step on the draft, from the picks: onto meld k (k = number of melds: a new meld). */
function draftStep(k) {
  const draft = S.draft;
  if (!draft) return;
  const fresh = k === draft.melds.length;
  try {
    if (S.pickedTable) draft.move(S.pickedTable.meld, S.pickedTable.card, k);
    else if (draft.loose && !S.picked.length) draft.placeJoker(k, jokerCard());
    else if (fresh) draft.newMeld(withJokers(pickedHandCards()));
    else draft.add(k, withJokers(pickedHandCards()));
    say("");
  } catch (error) {
    say(error.message);
  }
  S.picked = [];
  S.pickedTable = null;
  checkDraft();
}

function tableCard(k, token) {
  const draft = S.draft;
  const cards = pickedHandCards();
  if (draft && cards.length === 1 && jokerFor(token, cards[0])) {
    try {
      draft.replaceJoker(k, cards[0]);
      say("");
    } catch (error) {
      say(error.message);
    }
    S.picked = [];
    checkDraft();
    return;
  }
  const same = S.pickedTable && S.pickedTable.meld === k && S.pickedTable.card === token;
  S.pickedTable = same ? null : { meld: k, card: token };
  S.picked = [];
  render(S);
}

/** Tell whether the draft is one of the listed plays, else what the server thinks of it. */
async function checkDraft() {
  const draft = S.draft;
  S.draftStatus = "";
  if (draft) draft.refused = false;
  render(S);
  if (!draft || !draft.steps) return;
  let action;
  try {
    action = draft.action();
  } catch (error) {
    S.draftStatus = error.message;
    render(S);
    return;
  }
  const listed = S.view.legal.some((a) => kindOf(a) === "meld" && meldKey(a) === meldKey(action));
  S.draftStatus = listed ? "✓ a legal play: Play this table" : "The server judges this move when you play it.";
  if (!listed && !S.checkOff) {
    const steps = draft.steps;
    try {
      const answer = await api("POST", `/tables/${encodeURIComponent(S.table)}/check`, { token: S.token, body: { action } });
      if (S.draft !== draft || draft.steps !== steps) return;     // a later step asks anew
      S.draftStatus = answer.legal ? "✓ a legal play: Play this table" : `Not yet: ${reason(answer.problem)}`;
      draft.refused = !answer.legal;
    } catch (error) {
      if (error.status === 404 || error.status === 405) S.checkOff = true;
    }
  }
  if (S.draft === draft) render(S);
}

// ---- clicks ---------------------------------------------------------------------------------
function onClick(event) {
  const target = event.target.closest("[data-do]");
  if (!target || target.disabled) return;
  const d = target.dataset;
  switch (d.do) {
    case "act": act(d.action); return;
    case "pick": {
      const i = Number(d.index);
      const multi = editorOpen(S);
      if (S.picked.includes(i)) S.picked = S.picked.filter((j) => j !== i);
      else S.picked = multi ? [...S.picked, i] : [i];
      S.pickedPile = null;
      S.pickedTable = null;
      break;
    }
    case "pile": {
      const depth = Number(d.depth);
      S.pickedPile = S.pickedPile === depth ? null : depth;
      S.picked = [];
      break;
    }
    case "sort":
      S.sort = d.by;
      localStorage.setItem("rummy.sort", d.by);
      S.picked = [];
      break;
    case "tcard": tableCard(Number(d.meld), target.dataset.card); return;
    case "target": draftStep(Number(d.meld)); return;
    case "newmeld": draftStep(S.draft ? S.draft.melds.length : 0); return;
    case "reset-draft":
      S.draft = new Draft(S.view.observation.table || [], S.view.observation.hand || []);
      S.picked = [];
      S.pickedTable = null;
      S.draftStatus = "";
      say("");
      break;
    case "rules": showRules(); return;
    case "export": exportGame(); return;
    case "leave": leaveSeat(); return;
    default: return;
  }
  render(S);
}

async function showRules() {
  const text = $("#rules-text");
  if (!text.textContent) {
    try {
      text.textContent = (await api("GET", `/tables/${encodeURIComponent(S.table)}/rules`)).text;
    } catch (error) {
      text.textContent = error.message;
    }
  }
  $("#rules").showModal();
}

async function leaveSeat() {
  try {
    await api("DELETE", `/tables/${encodeURIComponent(S.table)}/seats/${S.seat}`, { token: S.token });
    forget(S.table);
    location.assign(`/?table=${encodeURIComponent(S.table)}&watch=1`);
  } catch (error) {
    say(error.message);
  }
}

async function exportGame() {
  const mine = remembered(S.table) || {};
  try {
    const saved = await api("GET", `/tables/${encodeURIComponent(S.table)}/export`, { token: mine.admin });
    const blob = new Blob([JSON.stringify(saved)], { type: "application/json" });
    const link = h("a", { href: URL.createObjectURL(blob), download: `rummy-${S.table}.json` });
    link.click();
  } catch (error) {
    say(error.message);
  }
}

function onKey(event) {
  const target = event.target.closest("[data-do][role=button]");
  if (target && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    target.click();
  }
}

function boot() {
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKey);
  $("#variant").addEventListener("change", fitPlayers);
  $("#players").addEventListener("change", fitPlayers);
  $("#upload").addEventListener("change", fitPlayers);
  $("#new-table").addEventListener("submit", createTable);
  const params = new URLSearchParams(location.search);
  const table = params.get("table");
  const hash = new URLSearchParams(location.hash.slice(1));
  if (table && hash.get("token")) {     // a seat handed over in the link's fragment
    remember(table, { seat: Number(hash.get("seat")), token: hash.get("token") });
    history.replaceState(null, "", `/?table=${encodeURIComponent(table)}`);
  }
  if (table) openTable(table, params.get("watch") === "1");
  else showLobby().catch((error) => { $("#lobby-error").textContent = error.message; $("#lobby-error").hidden = false; });
}

boot();
