"""The RL environments (interpreter.rl): PettingZoo's API and seed tests over every bundled
variant, the action index, rewards, replay, and the Gymnasium single-seat wrapper."""
from __future__ import annotations

import contextlib
import io
import random
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from interpreter import Action, IllegalAction, bundled_names, load_variant, new_game  # noqa: E402
from interpreter.errors import RummyError  # noqa: E402
from interpreter.rl import ActionIndex, env, single_agent  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
CASES = [(name, players) for name in bundled_names()
         for players in range(load_variant(name).players[0], load_variant(name).players[1] + 1)]


def quiet(run, *args, **kwargs):
    """PettingZoo's checks print and warn about Dict observation spaces: keep the log clean."""
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        run(*args, **kwargs)


@pytest.mark.parametrize("name,players", CASES, ids=[f"{n}-{p}" for n, p in CASES])
def test_api_test_passes_for_every_variant_and_player_count(name, players):
    quiet(api_test, env(name, players=players), num_cycles=5)


@pytest.mark.parametrize("name,players", [("gin_standard", 2), ("carousel", 3),
                                          ("rummy_500", 4), ("basic_rummy_buying", 3)])
def test_seed_test_replays_the_same_episode(name, players):
    quiet(seed_test, lambda: env(name, players=players), num_cycles=25)


def test_a_whole_episode_ends_with_every_agent_removed():
    quiet(api_test, env("gin_standard", max_hands=1, engine_observation=False),
          num_cycles=400)


@pytest.mark.parametrize("name", bundled_names())
def test_every_legal_action_maps_to_one_index_and_back(name):
    variant = load_variant(name)
    for players in sorted(set(variant.players)):
        index = ActionIndex(variant, players)
        rng = random.Random(players)
        state = new_game(variant, players, seed=players)
        candidates = index.families["candidate"]
        for _ in range(120):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            slots = index.legal_slots(legal)
            assert len(slots) == len(legal), f"{name}: an action has no index"
            assert sorted(map(str, slots.values())) == sorted(map(str, legal))
            for i, action in slots.items():
                fixed = index.fixed(action)
                if fixed is None:
                    assert candidates.start <= i < candidates.start + candidates.size
                else:
                    assert fixed == i and index.describe(i) == str(action)
            assert index.mask(slots).sum() == len(legal)
            state.apply(rng.choice(legal))


def test_card_actions_have_fixed_indices_from_the_deck_and_steps():
    gin = ActionIndex(load_variant("gin_standard"), 2)
    families = gin.families
    assert families["discard"].size == families["knock"].size == 52
    assert families["depth"].size == 0                       # gin has no depth draws
    assert families["layoff"].size == 52 * gin.meld_slots and gin.meld_slots == 3
    ah = gin.fixed(Action("discard", cards=("Ah",)))
    assert gin.describe(ah) == "discard Ah"
    assert gin.fixed(Action("layoff", cards=("5h",), target=2)) is not None
    assert ActionIndex(load_variant("gin_standard"), 2).fixed(Action("knock", cards=("Kd",))) \
        == gin.fixed(Action("knock", cards=("Kd",)))
    r500 = ActionIndex(load_variant("rummy_500"), 2)
    assert r500.describe(r500.fixed(Action("draw", pile="discard", target=7))) \
        == "draw discard 7"
    assert r500.families["knock"].size == 0                  # no knock step


def test_candidates_are_ordered_by_cards_played_then_notation():
    carousel = env("carousel", players=2, candidates=4, engine_observation=False)
    carousel.reset(seed=3)
    rng = random.Random(0)
    seen = 0
    while seen < 5:
        if len(carousel.slots) > 1:
            legal = carousel.game.legal_actions()
            melds = [a for a in legal if a.kind == "meld"]
            if len(melds) > 4:
                start = carousel.index.families["candidate"].start
                shown = [carousel.slots[start + k] for k in range(4)]
                named = [sum(len(m) for m in a.melds) for a in melds]
                assert shown == sorted(melds, key=lambda a: (-sum(len(m) for m in a.melds),
                                                             str(a)))[:4]
                assert sum(len(m) for m in shown[0].melds) == max(named)
                seen += 1
        carousel.step(int(rng.choice(list(carousel.slots))))


def test_an_illegal_index_is_refused_and_changes_nothing():
    e = env("gin_standard")
    e.reset(seed=1)
    before = e.game.to_json()
    illegal = next(i for i in range(e.index.size) if i not in e.slots)
    with pytest.raises(IllegalAction, match="not legal"):
        e.step(illegal)
    with pytest.raises(IllegalAction):
        e.step("draw stock")
    assert e.game.to_json() == before


def test_rewards_are_the_change_of_each_return_per_hand():
    e = env("gin_standard", max_hands=1)
    for seed in range(3):
        e.reset(seed=seed)
        totals = dict.fromkeys(e.possible_agents, 0.0)
        rng = random.Random(seed)
        for agent in e.agent_iter():
            _, reward, done, cut, _ = e.last()
            totals[agent] += reward
            e.step(None if done or cut else int(rng.choice(list(e.slots))))
        returns = e.game.returns()
        assert [totals[a] for a in e.possible_agents] == returns
        assert e.game.deals == 2 or e.game.is_terminal        # one hand, then stop
        with pytest.raises(IllegalAction, match="episode is over"):
            e.play("draw stock")


def test_reset_with_a_seed_is_the_engines_match_with_that_seed():
    e = env("oklahoma_gin", engine_observation=False)
    e.reset(seed=11)
    game = new_game("oklahoma_gin", 2, seed=11)
    rng = random.Random(4)
    for _ in range(60):
        index = int(rng.choice(list(e.slots)))
        game.apply(e.slots[index])
        e.step(index)
    assert e.game.to_json() == game.to_json()


def test_observation_tensor_shows_own_hand_and_no_hidden_card():
    e = env("gin_standard")
    e.reset(seed=5)
    enc = e.encoder
    for agent in e.possible_agents:
        seat = e.seat_of(agent)
        tensor = e.observe(agent)["observation"]
        hand = tensor[enc.parts["hand"]]
        assert hand.sum() == len(e.game.hands[seat])
        shown = {e.variant.faces.name(f) for f in np.flatnonzero(hand)}
        assert shown == set(e.infos[agent]["observation"]["hand"])
        assert tensor[enc.parts["known"]].sum() == 0               # nothing seen yet
    other = e.observe("player_1")["observation"]
    hand, stock = e.game.hands[0], e.game.stock                 # seat 0's secret changes
    hand[0], stock[0] = stock[0], hand[0]
    assert np.array_equal(e.observe("player_1")["observation"], other)


@pytest.mark.parametrize("opponent", ["random", "greedy", "strong"])
def test_single_agent_wrapper_passes_gymnasium_check_env(opponent):
    quiet(check_env, single_agent("gin_standard", seat=1, opponent=opponent, max_hands=1))


def test_single_agent_plays_its_seat_to_the_end_and_refuses_illegal_actions():
    g = single_agent("gin_standard", seat=0, opponent="greedy", max_hands=1,
                     engine_observation=False)
    obs, _ = g.reset(seed=2)
    done = False
    while not done:
        assert g.aec.agent_selection == "player_0"
        assert np.array_equal(g.action_masks(), obs["action_mask"].astype(bool))
        action = int(g.np_random.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, done, cut, info = g.step(action)
        done = done or cut
    obs, _ = g.reset(seed=2)
    before = g.aec.game.to_json()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = g.step(illegal)
    assert (reward, done, info["illegal"]) == (-1.0, True, True)
    assert g.aec.game.to_json() == before


def test_ansi_render_shows_the_hand_and_the_indexed_legal_actions():
    e = env("gin_standard", render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert " ".join(e.infos[e.agent_selection]["observation"]["hand"]) in text
    for index, action in e.slots.items():
        assert f"  {index}: {action}" in text
    assert env("gin_standard").render() is None          # no render mode: nothing drawn


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="2-2 players"):
        env("gin_standard", players=3)
    with pytest.raises(ValueError, match="max_hands"):
        env("gin_standard", max_hands=0)
    with pytest.raises(ValueError, match="candidates"):
        env("gin_standard", candidates=0)
    with pytest.raises(ValueError, match="render_mode"):
        env("gin_standard", render_mode="human")
    with pytest.raises(RummyError, match="unknown bot"):
        single_agent("gin_standard", opponent="nobody")
    with pytest.raises(ValueError, match="seat 2"):
        single_agent("gin_standard", seat=2)


def test_a_variant_file_path_works_like_its_name():
    by_path = env(ROOT / "variants" / "gin_standard.yaml", max_hands=1)
    by_name = env("gin_standard", max_hands=1)
    by_path.reset(seed=8)
    by_name.reset(seed=8)
    assert by_path.index.size == by_name.index.size
    assert np.array_equal(by_path.observe("player_0")["observation"],
                          by_name.observe("player_0")["observation"])


def test_the_training_example_runs_and_reports_win_rates():
    run = subprocess.run([sys.executable, "examples/train_gin.py", "--hands", "20", "--eval", "6"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert lines[0].startswith("random policy")
    assert any(line.startswith("linear agent") and "95% CI" in line for line in lines)
