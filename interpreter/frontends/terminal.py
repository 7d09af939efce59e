"""What the terminal adds to `rummy play`: line editing and history (readline, where Python
has it and input is a terminal), moves typed in any case, and suit symbols in colour where the
output is a terminal and ``NO_COLOR`` is not set (plain text otherwise, e.g. piped)."""
from __future__ import annotations

import os
import re
import sys
from collections.abc import Mapping
from typing import TextIO

from ..model.actions import KINDS

SYMBOLS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
RED, PLAIN = "\033[31m", "\033[0m"
# a named suit (deck.suit_names, a tile set's colours) is written by its letter in its colour
COLOURS = {"red": RED, "blue": "\033[34m", "orange": "\033[33m", "yellow": "\033[33m",
           "green": "\033[32m", "black": "\033[1m"}
KEYWORDS = frozenset(KINDS) | {"stock", "discard", "on"}


def line_editing(stdin: TextIO | None = None) -> bool:
    """Give ``input()`` readline's line editing and history, if the input is a terminal and
    Python has readline (not on every platform); whether it did."""
    stdin = sys.stdin if stdin is None else stdin
    if stdin is None or not stdin.isatty():
        return False
    try:
        import readline  # noqa: F401  (importing it is what turns it on for input())
    except ImportError:
        return False
    return True


def colour_wanted(stream: TextIO | None = None, environ: Mapping[str, str] | None = None) -> bool:
    """Colour for a terminal, unless ``NO_COLOR`` is set to anything (no-color.org)."""
    stream = sys.stdout if stream is None else stream
    environ = os.environ if environ is None else environ
    isatty = getattr(stream, "isatty", None)
    return not environ.get("NO_COLOR") and isatty is not None and bool(isatty())


def keywords_lowered(text: str) -> str:
    """A move typed in any case, its keywords in lower case (``DISCARD ah`` -> ``discard ah``;
    card names are read in any case by the engine's notation)."""
    return " ".join(w.lower() if w.lower() in KEYWORDS else w for w in text.split())


class Painter:
    """Writes the card names in a text as rank and suit symbol, hearts and diamonds in red; a
    deck whose suits have names (colours) keeps its letters, in the colour named (or leaves the
    text as it is, when ``on`` is false)."""

    def __init__(self, faces, on: bool):
        self.on = on
        self.colours = {letter: COLOURS.get(faces.suit_name(s), "")
                        for s, letter in enumerate(faces.suits)} if faces.suit_names else None
        names = sorted({faces.name(f) for f in range(faces.count) if not faces.is_joker(f)},
                       key=len, reverse=True)
        self.pattern = re.compile(rf"(?<![0-9A-Za-z])({'|'.join(map(re.escape, names))})"
                                  r"(?![0-9A-Za-z])")

    def __call__(self, text: str) -> str:
        return self.pattern.sub(self._card, text) if self.on else text

    def _card(self, match: re.Match) -> str:
        name = match.group(1)
        if self.colours is not None:
            colour = self.colours[name[-1]]
            return f"{colour}{name}{PLAIN}" if colour else name
        symbol = SYMBOLS.get(name[-1])
        if symbol is None:
            return name
        shown = name[:-1] + symbol
        return f"{RED}{shown}{PLAIN}" if name[-1] in "hd" else shown
