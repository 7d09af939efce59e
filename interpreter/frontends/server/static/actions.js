// Legal actions in the engine's notation (interpreter/model/actions.py), read for the screen:
// which hand cards an action plays, which pile card it takes, a label for its button.

import { actionText, cardText, parseCard } from "./cards.js";

export const kindOf = (action) => action.split(/\s+/, 1)[0];

/** The hand cards an action names: "discard Ah", "knock Ah", "layoff 5h 6h on 0". */
export function cardsOf(action) {
  const words = action.split(/\s+/);
  if (words[0] === "discard" || words[0] === "knock") return words.slice(1);
  if (words[0] === "layoff") return words.slice(1, -2);
  return [];
}

/** The depth in the discard pile (1 = top) a draw takes from, or null. */
export function pileDepth(action) {
  const words = action.split(/\s+/);
  if (words[0] === "draw" && words[1] === "discard") return words.length > 2 ? Number(words[2]) : 1;
  return null;
}

/** The melds of a "meld [..] [..]" or "spread [..]" action, as lists of tokens. */
function meldsOf(action) {
  return [...action.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1].split(/\s+/).filter(Boolean));
}

/** The cards a meld action adds to the table (tokens not on it now). */
function meldAdds(action, table) {
  const left = table.flat();
  const added = [];
  for (const token of meldsOf(action).flat()) {
    const at = left.indexOf(token);
    if (at >= 0) left.splice(at, 1);
    else added.push(token);
  }
  return added;
}

const capital = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** A button's label for an action: its notation in words, cards with suit symbols. */
export function label(action, deck, table = []) {
  const words = action.split(/\s+/);
  const kind = words[0];
  if (kind === "meld") {
    const added = meldAdds(action, table);
    if (!added.length) return "Rearrange the table";
    return "Meld " + added.map((t) => cardText(t, deck)).join(" ");
  }
  if (kind === "knock" && words.length > 1) return `Knock, discarding ${cardText(words[1], deck)}`;
  if (kind === "knock") return "Knock (keep every card)";
  if (kind === "layoff") return `Lay off ${cardsOf(action).map((c) => cardText(c, deck)).join(" ")} on meld ${words.at(-1)}`;
  if (kind === "draw" && words[1] === "stock") return "Draw from the stock";
  if (kind === "draw") return words.length > 2 ? `Take ${words[2]} cards from the discard pile` : "Take the discard";
  if (kind === "spread" && words.length === 1) return "Spread (your best melds)";
  if (kind === "take") return "Take the upcard";
  if (kind === "end") return "End the turn";
  if (kind === "buy") return "Buy the discard";
  return capital(actionText(action, deck));
}

/** Whether a joker token stands for `card` ("Jk(5c)" for "5c"). */
export function jokerFor(token, card) {
  const parsed = parseCard(token);
  return parsed.joker && parsed.declared === card;
}
