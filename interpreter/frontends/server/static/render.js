// The table screen drawn from the client's state: the seat's view (observation + legal actions),
// the spec's deck, the table summary, picks and the table draft. Pure drawing: every clickable
// element carries `data-do` (and the data it needs); app.js handles the clicks.

import { cardsOf, kindOf, label, pileDepth } from "./actions.js";
import { actionText, backElement, cardElement, cardText, sortCards } from "./cards.js";
import { $, fill, h } from "./dom.js";
import { renderLog, renderSheet } from "./sheet.js";

/** "You", "Seat 1 (greedy bot)", with the seat's role; `short`: "You", "Seat 1". */
export function seatName(S, seat, short = false) {
  const kind = S.summary?.seats?.find((s) => s.seat === seat)?.kind;
  const base = seat === S.seat ? "You" : `Seat ${seat}`;
  if (short) return base;
  const bot = kind && kind !== "human" && seat !== S.seat ? ` (${kind} bot)` : "";
  const role = roleOf(S.view.observation, seat);
  return base + bot + (role ? ` · ${role}` : "");
}

function roleOf(obs, seat) {
  return Object.entries(obs.roles || {}).find(([, s]) => s === seat)?.[0] || "";
}

/** The hand as shown: the draft's cards left when a table move is being built. */
export function shownHand(S) {
  const hand = S.draft ? S.draft.hand : S.view.observation.hand || [];
  return sortCards(hand, S.sort, S.deck);
}

const myTurn = (S) => S.view.legal.length > 0;

/** Whether a table move may be built now: the server says the meld step is open. */
export function editorOpen(S) {
  return myTurn(S) && S.view.meld_open;
}

export function render(S) {
  const obs = S.view.observation;
  renderStatus(S, obs);
  renderOpponents(S, obs);
  renderCenter(S, obs);
  renderMelds(S, obs);
  renderHand(S, obs);
  renderActions(S);
  renderEditor(S);
  renderSheet(S, $("#sheet"), seatName);
  renderLog(S, $("#log"));
  document.body.dataset.views = S.views;   // how many views were shown: tests wait on it
}

function renderStatus(S, obs) {
  const parts = [`Hand ${obs.hands_played + (S.view.over ? 0 : 1)}`, obs.phase];
  if (S.view.over) {
    const returns = S.view.returns ? ` — result ${S.view.returns.join(" / ")}` : "";
    parts.push(`match over${returns}`);
  } else if (myTurn(S)) {
    parts.push("your turn");
  } else if (obs.current_player !== null && obs.current_player !== undefined) {
    const free = S.summary?.seats?.find((s) => s.seat === obs.current_player && !s.taken);
    parts.push(`${seatName(S, obs.current_player)} to play${free ? " (a free seat: share the link)" : ""}`);
  }
  parts.push(`dealer: ${seatName(S, obs.dealer)}`);
  if (obs.wild_rank) parts.push(`wild: ${obs.wild_rank}${obs.turned ? ` (turned ${cardText(obs.turned, S.deck)})` : ""}`);
  fill($("#status"), parts.join(" · "));
  $("#status").classList.toggle("turn", myTurn(S));
  const role = S.seat === null ? "" : roleOf(obs, S.seat);
  $("#hand-title").textContent = S.seat === null ? "Watching" : `Your hand (seat ${S.seat}${role ? `, ${role}` : ""})`;
}

function cards(S, tokens, extra = () => ({})) {
  return h("div", { class: "cards" }, tokens.map((t, i) => {
    const el = cardElement(t, S.deck);
    for (const [name, value] of Object.entries(extra(t, i))) {
      if (name === "class") el.classList.add(...value.split(" ").filter(Boolean));
      else if (value !== null && value !== undefined) el.setAttribute(name, value);
    }
    if (el.dataset.do) {                  // clickable: reachable and usable by keyboard too
      el.tabIndex = 0;
      el.setAttribute("role", "button");
    }
    return el;
  }));
}

/** Classes m0..m4 for the cards of the arrangement's melds, by position in `tokens`. */
function meldClasses(tokens, arranged) {
  const classes = tokens.map(() => "");
  if (!arranged) return classes;
  arranged.melds.forEach((meld, k) => {
    for (const token of meld) {
      const face = token.replace(/\(.*\)$/, "");
      const i = tokens.findIndex((t, j) => !classes[j] && t === face);
      if (i >= 0) classes[i] = `meld m${k % 5}`;
    }
  });
  return classes;
}

function renderOpponents(S, obs) {
  const seats = obs.hand_sizes.map((_, s) => s).filter((s) => s !== S.seat);
  fill($("#opponents"), seats.map((seat) => {
    const size = obs.hand_sizes[seat];
    const known = obs.known?.[seat] || [];
    const advised = obs.advised_hands?.[seat];
    const laid = obs.spread?.melds?.[seat];
    const dead = obs.spread?.deadwood?.[seat];
    const backs = h("div", { class: "cards backs" }, Array.from({ length: Math.min(size, 12) }, backElement));
    const advisedCards = advised && sortCards(advised, S.sort, S.deck);
    const advisedClasses = advised && meldClasses(advisedCards, S.arrangement?.advised?.[seat]);
    return h("div", { class: `seat${obs.current_player === seat ? " acting" : ""}`, "data-seat": seat },
      h("h3", {}, seatName(S, seat), h("span", { class: "score" }, ` ${obs.scores[seat]} pts`)),
      h("p", { class: "small" }, `${size} card${size === 1 ? "" : "s"} in hand`),
      size ? backs : null,
      known.length ? h("div", { class: "known" }, h("span", { class: "small" }, "known: "), cards(S, known)) : null,
      advised ? h("div", { class: "advised", "data-advised": seat },
        h("span", { class: "small" }, "you advise this hand: "),
        cards(S, advisedCards, (t, i) => ({ class: advisedClasses[i] }))) : null,
      laid && laid.length ? h("div", { class: "laid" }, h("span", { class: "small" }, "laid: "),
        laid.map((m) => cards(S, m, () => ({ class: "meld" })))) : null,
      dead && dead.length ? h("div", {}, h("span", { class: "small" }, "deadwood: "), cards(S, dead)) : null);
  }));
}

function renderCenter(S, obs) {
  const legal = S.view.legal;
  const drawStock = legal.includes("draw stock");
  const stock = h("div", { class: "pile" },
    h("span", { class: "small" }, "Stock"),
    h("button", {
      type: "button", class: `stock${drawStock ? " playable" : ""}`, disabled: !drawStock,
      "data-do": drawStock ? "act" : null, "data-action": drawStock ? "draw stock" : null,
      title: drawStock ? "draw from the stock" : null,
    }, backElement(), h("span", { class: "count" }, String(obs.stock))));
  const pile = obs.discard || [];
  const depths = new Set(legal.map(pileActionDepth).filter((d) => d !== null));
  const deep = [...depths].some((d) => d > 12);
  const shown = deep ? pile : pile.slice(-12);
  const discard = h("div", { class: "pile" },
    h("span", { class: "small" }, `Discard pile (${pile.length})`),
    pile.length ? cards(S, shown, (t, i) => {
      const depth = shown.length - i;
      return {
        class: `${depths.has(depth) ? "playable" : ""}${S.pickedPile === depth ? " picked" : ""}`,
        "data-do": depths.has(depth) ? "pile" : null, "data-depth": depth,
      };
    }) : h("span", { class: "empty" }, "empty"));
  const notes = [];
  if (obs.phase === "offer" && obs.upcard) notes.push(`The upcard ${cardText(obs.upcard, S.deck)} is offered to ${seatName(S, obs.current_player).toLowerCase()}.`);
  if (obs.buying) notes.push(`${seatName(S, obs.buying.asked)} may buy the discard (${seatName(S, obs.buying.in_turn).toLowerCase()} is in turn).`);
  if (obs.knocker !== null && obs.knocker !== undefined) notes.push(`${seatName(S, obs.knocker)} knocked.`);
  const last = (obs.log || []).at(-1);
  fill($("#center"), h("div", { class: "row piles" }, stock, discard),
    last ? h("p", { class: "small last" }, `Last: ${actionText(last.text, S.deck)}`) : null,
    notes.map((note) => h("p", { class: "offer" }, note)));
}

/** The discard-pile depth a pile action takes from ("take" and "buy" take the top card). */
function pileActionDepth(action) {
  const kind = kindOf(action);
  return kind === "take" || kind === "buy" ? 1 : pileDepth(action);
}

function renderMelds(S, obs) {
  const parts = [];
  const spread = obs.spread;
  if (spread && spread.knocker_melds.length) {
    parts.push(h("h2", {}, `${seatName(S, obs.knocker)} laid out`),
      h("div", { class: "meld-row" }, spread.knocker_melds.map((m, k) => meldBox(S, k, m))));
  }
  if (S.seat !== null && spread?.melds?.[S.seat]?.length) {
    parts.push(h("h2", {}, "Your melds"),
      h("div", { class: "meld-row" }, spread.melds[S.seat].map((m, k) => meldBox(S, k, m))));
  }
  const drafting = S.draft && editorOpen(S);
  const table = drafting ? S.draft.melds : obs.table || [];
  if (table.length || drafting) {
    const owners = obs.table_owners;
    parts.push(h("h2", {}, drafting ? "Table (your draft)" : "Table"),
      h("div", { class: "meld-row", id: "table-melds" }, table.map((m, k) =>
        meldBox(S, k, m, drafting, owners && k < owners.length && !drafting ? seatName(S, owners[k]) : ""))));
  }
  fill($("#melds"), parts);
}

function meldBox(S, k, meld, drafting = false, owner = "") {
  const picked = S.pickedTable;
  const body = cards(S, meld, (t) => (drafting ? {
    class: `playable${picked && picked.meld === k && picked.card === t ? " picked" : ""}`,
    "data-do": "tcard", "data-meld": k,
  } : {}));
  return h("div", { class: "meld-box", "data-meld": k },
    h("span", { class: "index" }, `${k}${owner ? ` · ${owner}` : ""}`), body,
    drafting ? h("button", { type: "button", class: "target", "data-do": "target", "data-meld": k, title: `onto meld ${k}` }, "+") : null);
}

function renderHand(S, obs) {
  const hand = shownHand(S);
  const playable = new Set(S.view.legal.flatMap(cardsOf));
  const drafting = editorOpen(S);
  const arranged = S.draft || !hand.length ? null : S.arrangement?.hand;
  const classes = meldClasses(hand, arranged);
  const el = cards(S, hand, (t, i) => {
    const clickable = drafting || playable.has(t);
    return {
      class: `${classes[i]}${clickable ? " playable" : ""}${S.picked.includes(i) ? " picked" : ""}`,
      "data-do": clickable ? "pick" : null, "data-index": i,
    };
  });
  const out = obs.advised_hands ? "you sit this hand out and see the hand you advise" : "no cards";
  fill($("#hand"), el.childNodes.length ? [...el.childNodes] : h("span", { class: "empty" }, out));
  $("#mine").hidden = S.seat === null;
  for (const button of document.querySelectorAll("[data-do=sort]")) button.classList.toggle("on", button.dataset.by === S.sort);
  const dead = arranged && `${arranged.melds.length ? "melds highlighted" : "no melds"}; deadwood ${arranged.deadwood.map((c) => cardText(c, S.deck)).join(" ") || "none"} (${arranged.points})`;
  $("#arranged").textContent = dead || "";
}

function actionButton(S, action) {
  return h("button", { type: "button", class: "action", "data-do": "act", "data-action": action, title: action },
    label(action, S.deck, S.view.observation.table || []));
}

function renderActions(S) {
  const box = $("#actions");
  const legal = S.view.legal;
  if (!legal.length) {
    const obs = S.view.observation;
    const who = obs.current_player;
    const text = S.view.over ? "The match is over." : who === null || who === undefined ? "" : `Waiting for ${seatName(S, who).toLowerCase()}…`;
    fill(box, h("p", { class: "small waiting" }, text));
    return;
  }
  const parts = [];
  const hand = shownHand(S);
  const picked = S.picked.map((i) => hand[i]);
  const withCards = legal.filter((a) => cardsOf(a).length);
  if (picked.length === 1) {
    const mine = withCards.filter((a) => cardsOf(a).includes(picked[0]));
    if (mine.length) parts.push(h("div", { class: "row card-actions" }, h("span", {}, `${cardText(picked[0], S.deck)}:`), mine.map((a) => actionButton(S, a))));
  }
  if (withCards.length && !parts.length) {
    const kinds = [...new Set(withCards.map(kindOf))].join(" / ");
    parts.push(h("p", { class: "small hint" }, `Click a card in your hand to ${kinds} it.`));
  }
  if (S.pickedPile !== null) {
    const taking = legal.filter((a) => pileActionDepth(a) === S.pickedPile);
    parts.push(h("div", { class: "row" }, taking.map((a) => actionButton(S, a))));
  }
  const listed = (a) => kindOf(a) === "meld" || /^spread \[/.test(a);   // melds named in full
  const others = legal.filter((a) => !cardsOf(a).length && !listed(a) && !(pileDepth(a) > 1));
  parts.push(h("div", { class: "row" }, others.map((a) => actionButton(S, a))));
  for (const [kind, title] of [["spread", "Spread these melds"], ["meld", "Table plays"]]) {
    const plays = legal.filter((a) => listed(a) && kindOf(a) === kind);
    if (plays.length) {
      parts.push(h("details", { class: "plays", open: plays.length <= 4 },
        h("summary", {}, `${title} (${plays.length})`),
        h("div", { class: "row" }, plays.map((a) => actionButton(S, a)))));
    }
  }
  fill(box, parts);
}

function renderEditor(S) {
  const box = $("#editor");
  box.hidden = !editorOpen(S);
  if (box.hidden) return;
  const draft = S.draft;
  const hand = shownHand(S);
  const pickedJoker = S.picked.some((i) => hand[i] === "Jk");
  const needsJoker = pickedJoker || (draft && draft.loose > 0);
  let action = null;
  try {
    action = draft && draft.steps > 0 && !draft.refused ? draft.action() : null;
  } catch (error) {
    action = null;
  }
  fill(box,
    h("h2", {}, "Build a table move"),
    h("p", { class: "small" }, "Pick cards in your hand, then New meld or + on a meld. Pick a table card, then + on a meld (or New meld) to move it. Pick the card a joker stands for and click the joker to take its place; then place the freed joker."),
    needsJoker ? h("label", {}, "The joker stands for ",
      h("input", { id: "joker-as", size: 5, value: S.jokerAs, placeholder: "e.g. 5c", autocomplete: "off" })) : null,
    draft && draft.loose ? h("p", { class: "small" }, `Freed joker to place: ${draft.loose}`) : null,
    h("div", { class: "row" },
      h("button", { type: "button", "data-do": "newmeld" }, "New meld"),
      h("button", { type: "button", class: "action primary", "data-do": action ? "act" : null, "data-action": action, disabled: !action, id: "play-draft" }, "Play this table"),
      h("button", { type: "button", "data-do": "reset-draft" }, "Reset")),
    S.draftStatus ? h("p", { class: "small", id: "draft-status" }, S.draftStatus) : null);
  if (needsJoker) $("#joker-as").addEventListener("input", (event) => { S.jokerAs = event.target.value.trim(); });
}
