// Cards in the engine's notation ("Ah", "Td", "Jk", "Jk(5c)"): reading, sorting, drawing.
// The deck's suits and ranks come from the variant's spec; nothing here knows a variant.

const SYMBOLS = { c: "♣", d: "♦", h: "♥", s: "♠" };
const STANDARD = {
  suits: ["c", "d", "h", "s"],
  ranks: ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"],
};
export const JOKER = "Jk";

/** The deck's alphabet from a resolved spec (the standard deck when the spec has none). */
export function deckOf(spec) {
  const deck = (spec && spec.deck) || {};
  return { suits: deck.suits || STANDARD.suits, ranks: deck.ranks || STANDARD.ranks };
}

/** A token read: {token, face, rank, suit, joker, declared} (declared: a joker's card). */
export function parseCard(token, deck = STANDARD) {
  const match = /^(.+?)\((.+)\)$/.exec(token);
  const face = match ? match[1] : token;
  const declared = match ? match[2] : null;
  if (face === JOKER) return { token, face, rank: null, suit: null, joker: true, declared };
  const suit = deck.suits.find((s) => face.endsWith(s) && deck.ranks.includes(face.slice(0, -s.length)));
  if (suit === undefined) return { token, face, rank: face.slice(0, -1), suit: face.slice(-1), joker: false, declared };
  return { token, face, rank: face.slice(0, -suit.length), suit, joker: false, declared };
}

/** Whether a word of an action's notation is a card (so it can be drawn as one). */
export function isCard(word, deck = STANDARD) {
  const card = parseCard(word, deck);
  if (card.joker) return card.declared === null || isCard(card.declared, deck);
  return deck.suits.includes(card.suit) && deck.ranks.includes(card.rank);
}

/** A card typed by a person ("10c", "q♥", " 5S ") in the deck's notation ("Tc", "Qh", "5s");
 * null when it is not a card of the deck. */
export function typedCard(text, deck = STANDARD) {
  let word = (text || "").trim();
  for (const [suit, symbol] of Object.entries(SYMBOLS)) word = word.replace(symbol, suit);
  const ranks = new Map(deck.ranks.map((r) => [r.toUpperCase(), r]));
  if (deck.ranks.includes("T")) ranks.set("10", "T");
  for (const suit of deck.suits) {
    if (word.toLowerCase().endsWith(suit.toLowerCase())) {
      const rank = ranks.get(word.slice(0, -suit.length).toUpperCase());
      if (rank !== undefined) return rank + suit;
    }
  }
  return null;
}

function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}

/** Plain text of a card with its suit symbol: "10♦", "Jk→5♣". */
export function cardText(token, deck = STANDARD) {
  const card = parseCard(token, deck);
  if (card.joker) return card.declared ? `🃏${cardText(card.declared, deck)}` : "🃏";
  return rankLabel(card.rank) + (SYMBOLS[card.suit] || card.suit);
}

/** An action's notation with its cards shown with suit symbols ("discard 10♦"). */
export function actionText(action, deck = STANDARD) {
  return action.replace(/[^\s[\]]+/g, (word) => (isCard(word, deck) ? cardText(word, deck) : word));
}

function colourOf(card) {
  if (card.joker) return "joker";
  return card.suit === "d" || card.suit === "h" ? "red" : "black";
}

/** A card element: `<span class="card red" data-card="Ah">A♥</span>`. */
export function cardElement(token, deck = STANDARD) {
  const card = parseCard(token, deck);
  const el = document.createElement("span");
  el.className = `card ${colourOf(card)}`;
  el.dataset.card = token;
  const rank = document.createElement("span");
  rank.className = "rank";
  const suit = document.createElement("span");
  suit.className = "suit";
  if (card.joker) {
    rank.textContent = "🃏";
    if (card.declared) {
      const declared = parseCard(card.declared, deck);
      suit.textContent = cardText(card.declared, deck);
      suit.classList.add(colourOf(declared), "declared");
    }
  } else {
    rank.textContent = rankLabel(card.rank);
    suit.textContent = SYMBOLS[card.suit] || card.suit;
  }
  el.append(rank, suit);
  el.title = token;
  return el;
}

/** A face-down card. */
export function backElement() {
  const el = document.createElement("span");
  el.className = "card back";
  return el;
}

/** Tokens sorted by suit then rank ("suit") or rank then suit ("rank"); jokers last. */
export function sortCards(tokens, by, deck = STANDARD) {
  const key = (token) => {
    const card = parseCard(token, deck);
    if (card.joker) return [1e6, 0];
    const suit = deck.suits.indexOf(card.suit);
    const rank = deck.ranks.indexOf(card.rank);
    return by === "rank" ? [rank, suit] : [suit, rank];
  };
  return [...tokens].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0] - y[0] || x[1] - y[1];
  });
}
