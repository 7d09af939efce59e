"""A long-running process (a server, the soak) that loads variants and saves games keeps only
what it still uses: memory stays flat."""
from __future__ import annotations

import gc
import weakref

from interpreter import load_variant, new_game


def test_a_saved_variant_is_freed_once_unused():
    variant = load_variant("gin")
    new_game(variant, seed=1).to_json()
    gone = weakref.ref(variant)
    del variant
    gc.collect()
    assert gone() is None


def test_saved_and_loaded_games_keep_no_variant_alive():
    variant = load_variant("gin")
    game = new_game(variant, seed=1)
    type(game).from_json(game.to_json(), variant)
    gone = weakref.ref(variant)
    del variant, game
    gc.collect()
    assert gone() is None
