// The score sheet (one row per hand from observation.history, then the totals) and the story
// of the current hand (observation.log).

import { actionText, cardElement } from "./cards.js";
import { fill, h } from "./dom.js";

const signed = (n) => (n > 0 ? `+${n}` : String(n));

function who(S, seat, seatName) {
  return seatName(S, seat, true);
}

/** The end-of-hand reveal of a record: each seat's melds, layoffs and deadwood cards. */
function reveal(S, record, seatName) {
  const shown = record.reveal;
  if (!shown || typeof shown !== "object") return null;
  const group = (tokens) => h("span", { class: "cards inline" }, tokens.map((t) => cardElement(t, S.deck)));
  const rows = Object.entries(shown).map(([seat, laid]) => {
    const melds = laid.melds || [];
    const layoffs = laid.layoffs || [];
    const dead = laid.deadwood || [];
    return h("div", { class: "reveal-seat" }, h("strong", {}, `${who(S, Number(seat), seatName)}: `),
      melds.length ? melds.map(group) : h("span", { class: "small" }, "no melds "),
      layoffs.length ? h("span", { class: "small" }, " laid off ",
        layoffs.map(([card, k]) => h("span", {}, group([card]), `on ${k} `))) : null,
      h("span", { class: "small" }, " deadwood "), dead.length ? group(dead) : h("span", { class: "small" }, "none"));
  });
  return rows.length ? rows : null;
}

export function renderSheet(S, el, seatName) {
  const obs = S.view.observation;
  const seats = obs.scores.map((_, s) => s);
  const head = h("tr", {}, h("th", {}, "#"), h("th", {}, "Result"), seats.map((s) => h("th", {}, who(S, s, seatName))));
  const rows = [];
  for (const record of obs.history) {
    const winners = record.winners.length ? record.winners.map((s) => who(S, s, seatName)).join(", ") : "nobody";
    const knock = record.knocker !== null && record.knocker !== undefined ? ` by ${who(S, record.knocker, seatName)}` : "";
    rows.push(h("tr", { class: "hand-row", "data-hand": record.hand },
      h("td", {}, String(record.hand)),
      h("td", {}, `${record.outcome}${knock}; won by ${winners}`),
      seats.map((s) => {
        const dead = record.deadwood?.[s];
        return h("td", { class: "num" }, signed(record.points[s]),
          dead !== undefined ? h("span", { class: "small" }, ` (${dead})`) : null);
      })));
    const details = reveal(S, record, seatName);
    if (details) rows.push(h("tr", { class: "reveal" }, h("td", {}), h("td", { colspan: seats.length + 1 }, details)));
  }
  const total = h("tr", { class: "total" }, h("td", {}), h("td", {}, "Total"), seats.map((s) => h("td", { class: "num" }, String(obs.scores[s]))));
  const counters = Object.entries(obs.shown_counters || {}).map(([name, values]) =>
    h("tr", {}, h("td", {}), h("td", {}, name), values.map((v) => h("td", { class: "num" }, String(v)))));
  fill(el, h("table", { class: "sheet" }, h("thead", {}, head), h("tbody", {}, rows, total, counters)),
    obs.history.length ? null : h("p", { class: "small" }, "No hand finished yet; deadwood in brackets."));
}

export function renderLog(S, el) {
  const log = S.view.observation.log || [];
  fill(el, log.slice(-200).map((entry) => h("li", { class: entry.seat === S.seat ? "own" : "" }, actionText(entry.text, S.deck))));
  el.scrollTop = el.scrollHeight;
}
