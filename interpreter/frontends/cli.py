"""The ``rummy`` command: a thin reporter over the library; errors become one-line messages."""
from __future__ import annotations

import argparse
import json
import os
import sys

import yaml

from ..engine import State
from ..engine.saved import MAX_BYTES
from ..errors import RummyError, SavedGameError, SpecError
from ..simulate import report, simulate
from ..spec import bundled_names, load_variant, schema_path
from ..spec.formats import CURRENT
from ..spec.upgrade import upgrade_file
from .rules_sheet import rules_sheet
from .terminal_play import run as play_match


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "run", None):
        parser.print_help()
        return 2
    try:
        return args.run(args)
    except SpecError as error:
        print("\n".join(error.problems), file=sys.stderr)
        return 1
    except RummyError as error:
        print(f"rummy {args.command}: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:             # output piped into e.g. `head`, which has quit
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="rummy", description="Rummy variants as YAML specs.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("validate", help="check variant files; one located line per problem")
    p.add_argument("files", nargs="+", metavar="FILE", help="variant YAML files or bundled names")
    p.add_argument("--resolved", action="store_true",
                   help="also print the effective spec: extends and patches applied, defaults "
                        "filled in")
    p.set_defaults(run=_validate)

    p = sub.add_parser("upgrade", help="rewrite a variant file in the current spec format, "
                                       "keeping its comments and layout")
    p.add_argument("file", metavar="FILE", help="a variant YAML file")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true",
                      help="change nothing; exit 1 if FILE needs upgrading")
    mode.add_argument("--in-place", action="store_true",
                      help="rewrite FILE instead of printing the new text")
    p.set_defaults(run=_upgrade)

    p = sub.add_parser("schema", help="print the JSON Schema of the variant format")
    p.set_defaults(run=_schema)

    p = sub.add_parser("variants", help="list the bundled variants")
    p.set_defaults(run=_variants)

    p = sub.add_parser("arrange", help="optimal melds and deadwood of a hand")
    p.add_argument("variant", help="bundled name or YAML file")
    p.add_argument("cards", nargs="+", metavar="CARD", help="cards such as Ah Td 10d Jk")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--wild", metavar="RANK", help="the wild rank (default: the spec's fixed "
                   "one, or round 1's)")
    p.set_defaults(run=_arrange)

    p = sub.add_parser("rules", help="print a variant's rules sheet, generated from its spec")
    p.add_argument("variant", help="bundled name or YAML file")
    p.set_defaults(run=_rules)

    p = sub.add_parser("play", help="play a match in the terminal against bots")
    p.add_argument("variant", help="bundled name or YAML file")
    p.add_argument("--players", type=int, help="number of players (default: the fewest allowed)")
    p.add_argument("--bots", default="greedy",
                   help="comma-separated bots for the other seats, in order, cycled "
                        "(greedy, random; default greedy)")
    p.add_argument("--seed", type=int, help="seed of the shuffles and bots (default: random)")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--role", help="with roles: the role you take at the start (e.g. captain)")
    p.add_argument("--auto", action="store_true", help="bots in every seat; print a match log")
    p.set_defaults(run=_play)

    p = sub.add_parser("serve", help="host tables of any variant over HTTP and WebSocket, with "
                                      "a browser client (needs the serve extra)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", default="rummy-tables.sqlite3",
                   help="SQLite file keeping the tables (default rummy-tables.sqlite3; "
                        ":memory: keeps nothing)")
    p.add_argument("--bot-delay", type=float, default=0.5, metavar="SECONDS",
                   help="pause before each bot move, for people watching (default 0.5)")
    p.add_argument("--max-spec-bytes", type=int, default=64 * 1024, metavar="N",
                   help="largest uploaded spec (default 65536)")
    p.add_argument("--spec-seconds", type=float, default=10.0, metavar="SECONDS",
                   help="time an uploaded spec may take to load (default 10)")
    p.add_argument("--cors", action="append", metavar="ORIGIN",
                   help="also allow browser pages from ORIGIN (repeatable; default: "
                        "same origin only)")
    p.add_argument("--stdio", action="store_true",
                   help="line-delimited JSON over stdin/stdout instead of a network server")
    p.set_defaults(run=_serve)

    p = sub.add_parser("check-game", help="check saved games (State.to_json documents); "
                                          "one line each: ok, or what is wrong and where")
    p.add_argument("files", nargs="+", metavar="FILE", help="saved game JSON files")
    p.set_defaults(run=_check_game)

    p = sub.add_parser("simulate", help="bots play many seeded games: lengths, outcomes, "
                                        "seat and dealer advantage, points, with 95%% intervals")
    p.add_argument("variants", nargs=1, metavar="VARIANT", help="bundled name or YAML file")
    _simulation_options(p)
    p.set_defaults(run=_simulate)

    p = sub.add_parser("compare", help="the same seeded games in several variants: "
                                       "a side-by-side table with paired differences")
    p.add_argument("variants", nargs="+", metavar="VARIANT",
                   help="bundled names or YAML files; the first is the baseline")
    _simulation_options(p)
    p.set_defaults(run=_simulate)
    return parser


def _simulation_options(p) -> None:
    size = p.add_mutually_exclusive_group()
    size.add_argument("--games", type=int, help="matches to play (default 1000)")
    size.add_argument("--hands", type=int, help="play this many single hands instead")
    p.add_argument("--players", type=int, help="number of players (default: the fewest allowed)")
    p.add_argument("--bots", default="greedy",
                   help="comma-separated bots per seat, cycled (greedy, ismcts, random, strong; "
                        "options as strong:knock_at=6; default greedy)")
    p.add_argument("--seed", type=int, default=1,
                   help="master seed: game i is played from a seed made of (seed, i) (default 1)")
    p.add_argument("--workers", type=int, help="processes (default: every core)")
    p.add_argument("--backend", choices=("local", "dask"), default="local",
                   help="local processes (default) or a Dask cluster (needs the dask extra)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="with --backend dask: the "
                   "scheduler, e.g. tcp://HOST:8786 (default: start a local cluster)")
    p.add_argument("--chunk", type=int, help="games per unit of work (default: automatic)")
    p.add_argument("--max-hands", type=int, default=500,
                   help="stop a match that has not ended after this many hands (default 500)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.add_argument("--report", metavar="FILE.html",
                   help="also write an offline HTML report with plots (needs the plot extra)")
    p.add_argument("--plot", metavar="FILE.png", help="also write the plots as one image")


def _validate(args) -> int:
    failed = 0
    for name in args.files:
        try:
            variant = load_variant(name)
        except SpecError as error:
            print("\n".join(error.problems), file=sys.stderr)
            failed += 1
        else:
            for warning in variant.warnings:
                print(warning, file=sys.stderr)
            print(f"{variant.path}: ok ({variant.name})")
            if args.resolved:
                effective = {k: v for k, v in variant.spec.items() if k != "extends"}
                print(yaml.safe_dump(effective, sort_keys=False, allow_unicode=True,
                                     default_flow_style=None, width=96), end="")
    return 1 if failed else 0


def _upgrade(args) -> int:
    old, new, notes = upgrade_file(args.file)
    for note in notes:
        print(note, file=sys.stderr)
    if not args.in_place and not args.check:
        print(new, end="")
        return 0
    if new == old:
        print(f"{args.file}: current (format {CURRENT})", file=sys.stderr)
        return 0
    if args.check:
        print(f"{args.file}: needs upgrading to format {CURRENT}", file=sys.stderr)
        return 1
    with open(args.file, "w", encoding="utf-8", newline="") as file:
        file.write(new)
    print(f"{args.file}: upgraded to format {CURRENT}", file=sys.stderr)
    return 0


def _schema(args) -> int:
    print(schema_path().read_text(encoding="utf-8"), end="")
    return 0


def _variants(args) -> int:
    for name in bundled_names():
        variant = load_variant(name)
        low, high = variant.players
        print(f"{name:24} {variant.name} ({low}-{high} players)" if low != high
              else f"{name:24} {variant.name} ({low} players)")
    return 0


def _arrange(args) -> int:
    variant = load_variant(args.variant)
    cards = " ".join(args.cards)
    arrangement = variant.arrange(cards, args.wild)
    melds = [variant.names(m.cards) if m.cards == m.declared else
             [n if c == d else f"{n}({variant.faces.name(d)})"
              for n, c, d in zip(variant.names(m.cards), m.cards, m.declared)]
             for m in arrangement.melds]
    deadwood = variant.names(arrangement.deadwood)
    result: dict[str, object] = {"melds": melds, "deadwood": deadwood,
                                 "points": arrangement.points}
    sizes = {variant.hand_size(n, r) for n in variant.deal.hand_size for r in range(1, 14)}
    best: tuple[int, list[str]] | None = None
    if len(variant.cards(cards)) - 1 in sizes:
        best = variant.best_discards(cards, args.wild)
        result["best_discards"] = {"points_after": best[0], "cards": best[1]}
    if args.json:
        print(json.dumps(result))
        return 0
    for meld in melds:
        print("meld     " + " ".join(meld))
    print("deadwood " + (" ".join(deadwood) or "-") + f"  ({arrangement.points} points)")
    if best is not None:
        after, discards = best
        print(f"discard  {' or '.join(discards)}  -> {after} points")
    return 0


def _rules(args) -> int:
    print(rules_sheet(load_variant(args.variant)), end="")
    return 0


def _play(args) -> int:
    return play_match(load_variant(args.variant), players=args.players, bots=args.bots,
                      seed=args.seed, seat=args.seat, auto=args.auto, role=args.role)


def _serve(args) -> int:
    if args.stdio:
        try:
            from . import stdio
        except ImportError as error:
            raise RummyError(f"the stdio mode is not installed ({error})") from None
        return stdio.main(args)
    try:
        from .server.run import serve
    except ImportError as error:
        raise RummyError(f"serving needs the serve extra: pip install "
                         f"'rummy-interpreter[serve]' ({error})") from None
    return serve(args)


def _check_game(args) -> int:
    failed = 0
    for name in args.files:
        try:
            with open(name, "rb") as file:
                text = file.read(MAX_BYTES + 1)
            game = State.from_json(text)
        except OSError as error:
            print(f"{name}: cannot read file: {error.strerror or error}", file=sys.stderr)
            failed += 1
        except SavedGameError as error:
            print(f"{name}: {error}", file=sys.stderr)
            failed += 1
        else:
            where = "over" if game.is_terminal else f"hand {game.deals}, seat {game.player} " \
                                                     f"to act ({game.phase.value})"
            print(f"{name}: ok ({game.variant.name}, {game.players} players, {where})")
    return 1 if failed else 0


def _simulate(args) -> int:
    if args.command == "compare" and len(args.variants) < 2:
        raise RummyError("give at least two variants to compare (or use rummy simulate)")
    if args.report or args.plot:
        report.require()
    games = next((n for n in (args.hands, args.games) if n is not None), 1000)
    results = simulate(args.variants, games=games, players=args.players, bots=args.bots,
                       seed=args.seed, workers=args.workers, chunk=args.chunk,
                       max_hands=args.max_hands, single_hand=args.hands is not None,
                       progress=True, backend=args.backend, scheduler=args.scheduler)
    print(json.dumps(results.as_dict(), indent=1) if args.json else results.table())
    if args.report:
        report.write_html(results, args.report)
    if args.plot:
        report.write_png(results, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
