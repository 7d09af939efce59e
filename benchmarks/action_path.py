"""How many of the package's modules one action crosses: the distinct ``interpreter`` modules
whose functions run while ``State.apply`` plays an action, over seeded random games (a measure
of how spread out a rule is, not of speed). Run it on two trees to compare:

    python benchmarks/action_path.py                   # this checkout
    python benchmarks/action_path.py --tree ../old     # another checkout of the project
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import Counter
from pathlib import Path

VARIANTS = ("gin_standard", "basic_rummy", "contract_rummy", "carousel")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[1]))
    parser.add_argument("--actions", type=int, default=400, help="actions per variant")
    args = parser.parse_args()
    sys.path.insert(0, args.tree)
    from interpreter import new_game

    for name in VARIANTS:
        game = new_game(name, seed=1)
        rng = random.Random(1)
        per_kind: dict[str, list[int]] = {}
        seen: Counter = Counter()
        for _ in range(args.actions):
            if game.is_terminal:
                break
            action = rng.choice(game.legal_actions())
            modules: set[str] = set()

            def profile(frame, event, arg, modules=modules):
                if event == "call":
                    module = frame.f_globals.get("__name__", "")
                    if module.startswith("interpreter"):
                        modules.add(module)

            sys.setprofile(profile)
            game.apply(action)
            sys.setprofile(None)
            per_kind.setdefault(action.kind, []).append(len(modules))
            seen.update(modules)
        cells = "  ".join(f"{kind} {statistics.median(n):.0f} (max {max(n)})"
                          for kind, n in sorted(per_kind.items()))
        print(f"{name:16} modules per action, median: {cells}; modules met: {len(seen)}")


if __name__ == "__main__":
    main()
