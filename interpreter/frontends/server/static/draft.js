// A draft of the new table for one meld action, built in steps like the engine's TableEdit
// (interpreter/frontends/meld_edit.py): new meld, add hand cards, move a table card, a hand
// card replacing a joker, placing the freed joker. Each step only checks that the cards it
// names are where it says; whether the whole move is legal is the server's decision.

import { JOKER, parseCard } from "./cards.js";

export class Draft {
  constructor(table, hand) {
    this.melds = table.map((meld) => [...meld]);
    this.hand = [...hand];
    this.loose = 0; // jokers freed by a replacement, still to place
    this.played = []; // hand cards put on the table, in order
    this.steps = 0; // steps taken
    this.refused = false; // the server said the move as it stands would be refused
  }

  /** Run a step whole or not at all; the step's error message is thrown on. */
  step(fn) {
    const saved = JSON.stringify([this.melds, this.hand, this.loose, this.played]);
    try {
      fn();
      this.steps += 1;
    } catch (error) {
      [this.melds, this.hand, this.loose, this.played] = JSON.parse(saved);
      throw error;
    }
  }

  /** Start a meld from hand cards (jokers as "Jk(5c)"); a new meld index. */
  newMeld(cards) {
    this.step(() => {
      this.melds.push([]);
      this.addCards(this.melds.length - 1, cards);
    });
  }

  add(k, cards) {
    this.step(() => this.addCards(k, cards));
  }

  /** A table card from meld i to meld j (j = number of melds: a new meld). */
  move(i, token, j) {
    this.step(() => {
      this.take(i, token);
      if (j === this.melds.length) this.melds.push([]);
      this.meld(j).push(token);
    });
  }

  /** The hand card `card` takes the place of the joker standing for it in meld k. */
  replaceJoker(k, card) {
    this.step(() => {
      this.take(k, `${JOKER}(${card})`);
      this.addCards(k, [card]);
      this.loose += 1;
    });
  }

  /** A freed joker onto meld k (or a new meld), standing for `declared`. */
  placeJoker(k, declared) {
    this.step(() => {
      if (!this.loose) throw new Error("no freed joker to place");
      if (!declared) throw new Error("say which card the joker stands for");
      this.loose -= 1;
      if (k === this.melds.length) this.melds.push([]);
      this.meld(k).push(`${JOKER}(${declared})`);
    });
  }

  /** The meld action's notation ("meld [7h 8h 9h] [Jk(5c) 5d 5s]"). */
  action() {
    if (this.loose) throw new Error("a freed joker must be used on the table in the same move");
    const melds = this.melds.filter((meld) => meld.length);
    return "meld " + melds.map((meld) => `[${meld.join(" ")}]`).join(" ");
  }

  addCards(k, cards) {
    const meld = this.meld(k);
    if (!cards.length) throw new Error("pick cards from your hand first");
    for (const token of cards) {
      const face = parseCard(token).face;
      const at = this.hand.indexOf(face);
      if (at < 0) throw new Error(`no ${face} left in hand`);
      if (face === JOKER && token === JOKER) throw new Error("say which card the joker stands for");
      this.hand.splice(at, 1);
      this.played.push(face);
      meld.push(token);
    }
  }

  meld(k) {
    if (k < 0 || k >= this.melds.length) throw new Error(`no meld ${k}`);
    return this.melds[k];
  }

  take(k, token) {
    const meld = this.meld(k);
    const at = meld.indexOf(token);
    if (at < 0) throw new Error(`meld ${k} has no ${token}`);
    meld.splice(at, 1);
  }
}

/** A meld action's melds as a comparable key: the order of melds and of cards is free. */
export function meldKey(action) {
  const melds = [...action.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1].split(/\s+/).filter(Boolean).sort().join(" "));
  return melds.filter(Boolean).sort().join("|");
}
