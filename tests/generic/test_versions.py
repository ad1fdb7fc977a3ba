"""Rules versions and termination words, for every registered game.

Every game declares a rules version (an int or a short word) and the set of words its outcomes
use as ``Outcome.termination``; every finished random game must end with one of them.
"""

from __future__ import annotations

from collections import Counter

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import Game, Match, Outcome, Rng, games

SEEDS = 12
MAX_ACTIONS = 20_000


def _configs() -> list[tuple[str, int]]:
    return [(gid, n) for gid, game in games().items() for n in game.seat_counts]


def _finished(game: Game, n: int, seed: int) -> Outcome:
    match = Match(game, game.setup_for_seats(n), seed=seed, keep_events=False)
    state = match.state
    agents = {s: RandomAgent(seed=seed * 17 + i) for i, s in enumerate(state.seats)}
    pick = Rng(seed)
    while not state.is_over():
        assert len(match.actions) < MAX_ACTIONS, f"{game.id} seed {seed}: no end in sight"
        seat = state.to_move()[0]
        if pick.below(2):
            legal = state.legal_actions(seat)
            match.apply(seat, legal[pick.below(len(legal))])
        else:
            match.apply(seat, agents[seat].act(state, seat))
    out = state.outcome()
    assert out is not None
    return out


@pytest.mark.parametrize("gid", sorted(games()))
def test_every_game_declares_a_version_and_its_words(gid: str) -> None:
    game = games()[gid]
    assert isinstance(game.rules_version, int | str) and str(game.rules_version).strip()
    assert len(str(game.rules_version)) <= 16
    assert game.terminations, f"{gid} declares no termination words"
    for word in game.terminations:
        assert word and word == word.strip().lower() and " " not in word, word


@pytest.mark.parametrize(("gid", "n"), _configs())
def test_finished_random_games_name_a_declared_termination(gid: str, n: int) -> None:
    game = games()[gid]
    seeds = SEEDS if gid != "descent-campaign" else 2
    seen: Counter[str] = Counter()
    for seed in range(seeds):
        out = _finished(game, n, seed)
        assert out.termination in game.terminations, (
            f"{gid} ({n} seats) seed {seed} ended {out.termination!r} ({out.reason}); "
            f"declared: {sorted(game.terminations)}")
        seen[out.termination] += 1
        back = Outcome.from_json(out.to_json())
        assert back == out
    assert sum(seen.values()) == seeds


def test_outcome_json_without_termination_loads() -> None:
    old = {"winners": ["p2"], "scores": {"p1": 4, "p2": 7}, "reason": "p2 reached 7"}
    out = Outcome.from_json(old)
    assert out.termination == "" and out.reason == "p2 reached 7" and out.winners == ("p2",)
    assert out.to_json()["termination"] == ""


def test_same_result_compares_word_and_winners_not_the_sentence() -> None:
    a = Outcome(("p1",), {"p1": 7.0}, "p1 reached 7", "score")
    assert a.same_result(Outcome(("p1",), {}, "p1 reached 8", "score"))
    assert not a.same_result(Outcome(("p1",), {}, "p1 reached 7", "black-wizard"))
    assert not a.same_result(Outcome(("p2",), {}, "p1 reached 7", "score"))
    assert a.same_result(Outcome(("p1",), {}, "an old document", ""))


#: setups whose ends random play rarely reaches: the bots play them, and each must end with a word
#: of the game's set; together they must reach the listed words (the winning ends included)
BOT_GAMES: list[tuple[str, int, dict[str, object] | None, set[str]]] = [
    ("heirs", 2, None, {"score", "black-wizard"}),
    ("heirs", 1, {"options": {"turn_limit": 3}}, {"turn-limit"}),
    ("hero-ik", 1, None, {"lich-defeated"}),
    ("hero-ik", 2, None, {"lich-defeated"}),
    ("heroica", 2, None, {"mission"}),
    ("heroica", 3, {"variant": "battle"}, {"mission", "heroes-defeated"}),
    ("heroica", 2, {"variant": "epic", "missions": ["crypt-gate", "crypt-gate"]}, {"epic-score"}),
    ("descent", 2, None, {"group-defeated", "counter"}),
]


@pytest.mark.parametrize(("gid", "n", "setup", "words"), BOT_GAMES)
def test_bots_reach_the_winning_terminations(gid: str, n: int, setup: dict[str, object] | None,
                                             words: set[str]) -> None:
    from questbox.core import make_agent, play_game

    game = games()[gid]
    doc = game.setup_for_seats(n, setup)
    seen: set[str] = set()
    for seed in range(12):
        seats = game.seat_names(doc)
        agents = {s: make_agent("heuristic", game, seed * 5 + i) for i, s in enumerate(seats)}
        out = play_game(game, agents, doc, seed=seed).state.outcome()
        assert out is not None and out.termination in game.terminations, (gid, seed, out)
        seen.add(out.termination)
    assert words <= seen, f"{gid}: the bots reached {sorted(seen)}, expected {sorted(words)} among them"
