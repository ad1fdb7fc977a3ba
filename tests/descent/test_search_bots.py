"""Issue #18: the heroes' bot searches a token that is close and safe (bot campaigns had ~0 Search
gold: the bot only searched where its moves happened to end next to a token)."""

from __future__ import annotations

from questbox.games.descent.bots import HeuristicAgent
from questbox.games.descent.search_bots import SEARCH_BONUS, search_bonus, search_spots
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, group, new, quest, setup


def _arena(token: str, monsters: list[str]) -> DescentState:
    q = quest(groups=[group("zombie", "zombie", monsters, minions=len(monsters) - 1)], search=(token,))
    st = new(setup(q, heroes=("syndrael", "leoric")))
    act(st, "activate syndrael")
    return st


def _turn(st: DescentState) -> list[str]:
    """Syndrael's turn as the heuristic bot plays it."""
    bot, done = HeuristicAgent(seed=1), []
    while len(done) < 12:
        a = bot.act(st, "heroes")
        done.append(str(a))
        st.apply("heroes", a)
        if a.name == "end":
            break
    return done


def test_a_bot_hero_searches_a_token_in_reach_off_his_way() -> None:
    st = _arena("C4", ["H6"])       # the zombie far off; the token a step off the way to it
    done = _turn(st)
    assert "search C4" in done, done
    assert st.tokens == {}


def test_the_search_bonus_needs_a_token_in_reach_an_action_and_safety() -> None:
    st = _arena("C5", ["B5", "C6", "D6"])
    spots = search_spots(st)
    board = st.enc.board
    assert {board.names[s] for s in spots} >= {"C5", "B4", "D4", "C4"}
    assert search_bonus(spots, board.index["C4"], True, threat=0.2) == SEARCH_BONUS
    assert search_bonus(spots, board.index["C4"], False, threat=0.2) == 0.0      # no action left
    assert search_bonus(spots, board.index["C4"], True, threat=0.9) == 0.0       # unsafe
    assert search_bonus(spots, board.index["A1"], True, threat=0.0) == 0.0       # not in reach
