"""The IS-MCTS tree: node statistics, UCB with availability, and the search's bookkeeping."""
from __future__ import annotations

from interpreter import new_game
from interpreter.agents import make_agent
from interpreter.search.tree import Node
from interpreter.spec import load_variant


def test_a_node_tries_every_action_then_follows_ucb():
    node = Node()
    assert node.select(["a", "b"], explore=0) == "a"
    node.update("a", 1.0)
    assert node.select(["a", "b"], explore=0) == "b"
    node.update("b", 5.0)
    assert node.select(["a", "b"], explore=0) == "b"          # the better mean
    node.update("b", 5.0)
    assert node.select(["a", "b"], explore=100) == "a"        # the bonus of the less tried
    assert node.available == {"a": 4, "b": 4} and node.count == 3


def test_availability_counts_only_where_an_action_was_weighed():
    node = Node()
    for _ in range(3):
        node.update(node.select(["a"], explore=1), 0.0)
    assert node.select(["a", "c"], explore=1) == "c"
    assert node.available == {"a": 4, "c": 1}


def test_a_young_node_plays_the_first_action():
    node = Node()
    for _ in range(4):
        action = node.select(["strong's", "other"], explore=0, widen=4)
        assert action == "strong's"
        node.update(action, -1.0)
    assert node.select(["strong's", "other"], explore=0, widen=4) == "other"


def mid_hand(seed: int = 6):
    state = new_game("gin_standard", seed=seed)
    strong, bot = make_agent("strong", 0), make_agent("ismcts", 5, worlds=12, steps=60)
    while True:
        state.apply(strong.act(state))
        legal = state.legal_actions()
        candidates = bot._candidates(state, legal, bot.policy.act(state))
        if state.turns >= 4 and len(candidates) > 1:
            return state, bot, candidates


def test_the_visits_add_up():
    state, bot, candidates = mid_hand()
    values, tree = bot.search(state, candidates)
    root = tree.nodes[tree.key(state)]
    assert all(len(row) == 12 for row in values.values())
    assert root.visits == {a: 12 for a in candidates} == root.available
    assert root.count == 12 * len(candidates)
    for action, row in values.items():
        assert abs(root.mean(action) - sum(row) / len(row)) < 1e-9
    below = [node for node in tree.nodes.values() if node is not root]
    assert below, "the tree grew no node below the root"
    assert len(tree.nodes) <= 1 + root.count                  # one node added per simulation
    for node in below:
        assert 0 < node.count <= root.count
        assert all(node.available[a] >= n for a, n in node.visits.items())


def test_without_the_tree_only_the_root_is_kept():
    state, _, candidates = mid_hand()
    bot = make_agent("ismcts", 5, worlds=12, steps=60, tree=0)
    _, tree = bot.search(state, candidates)
    assert len(tree.nodes) == 1


def test_a_tree_that_never_widens_values_the_candidates_as_the_flat_search_does():
    state, _, candidates = mid_hand()
    flat, _ = make_agent("ismcts", 5, worlds=12, steps=60, tree=0).search(state, candidates)
    narrow, tree = make_agent("ismcts", 5, worlds=12, steps=60, widen=10**9).search(
        state, candidates)
    assert narrow == flat and len(tree.nodes) > 1


def near_gin():
    """Seat 0 holds Ah 2h 3h, 7c 7d 7s, 9s Ts Js and Kd; the upcard Qs gives gin with Kd
    knocked away."""
    variant = load_variant("gin_standard")
    mine = ["Ah", "2h", "3h", "7c", "7d", "7s", "9s", "Ts", "Js", "Kd"]
    theirs = ["Ac", "2c", "3c", "4c", "5c", "6c", "8c", "Tc", "Jc", "Qc"]
    dealt = [card for pair in zip(mine, theirs) for card in pair] + ["Qs"]
    rest = [variant.faces.name(f) for f in range(52) if variant.faces.name(f) not in dealt]
    return new_game(variant, deck=dealt + rest, dealer=1)


def test_the_tree_finds_gin_two_decisions_deep_over_random_play():
    state = near_gin()
    bot = make_agent("ismcts", 1, rollout="random", worlds=64, steps=128)
    candidates = state.legal_actions()
    values, tree = bot.search(state, candidates)
    take, leave = (sum(values[a]) / 64 for a in candidates)
    assert str(candidates[0]) == "take" and take > leave + 10
    state.apply("take")
    after = tree.nodes[tree.key(state)]                       # reached in every world
    assert after.count == 64
    assert str(max(after.visits, key=after.visits.get)) == "knock Kd"
