"""``apply_untold`` (issue #20 item 3): a bot game whose match keeps no events applies its actions
without writing the events' sentences; the transition must be the very one ``apply`` makes."""

from __future__ import annotations

import pytest

from questbox.core import IllegalAction, Match, make_agent
from questbox.games.hero_ik import GAME
from questbox.games.hero_ik.atlas import legal_parties


@pytest.mark.parametrize("mode", ["duel", "solitaire"])
def test_untold_actions_change_the_state_as_told_ones_do(mode: str) -> None:
    parties = legal_parties()
    told_events = 0
    for g in range(6):
        setup = {"mode": mode, "party": list(parties[(11 * g) % len(parties)])}
        doc = GAME.setup_for_seats(1 if mode == "solitaire" else 2, setup)
        told, untold = GAME.new(doc, seed=g), GAME.new(doc, seed=g)
        agents = {s: make_agent("heuristic", GAME, g * 10 + k) for k, s in enumerate(told.seats)}
        while not told.is_over():
            seat = told.to_move()[0]
            act = agents[seat].act(told, seat)
            told_events += len(told.apply(seat, act))
            untold.apply_untold(seat, act)
            assert untold.tell and untold.digest() == told.digest()
            assert untold.to_json() == told.to_json()
        assert untold.is_over() and untold.outcome() == told.outcome()
    assert told_events > 0


def test_an_illegal_untold_action_changes_nothing() -> None:
    s = GAME.new(GAME.setup_for_seats(2, {"mode": "duel"}), seed=3)
    before = s.digest()
    seat = s.to_move()[0]
    with pytest.raises(IllegalAction):
        s.apply_untold(seat, GAME.parse_action("attack 9"))
    assert s.digest() == before and s.tell


def test_a_bot_match_that_keeps_no_events_plays_the_same_game() -> None:
    doc = GAME.setup_for_seats(2, {"mode": "duel"})
    ends = []
    for keep in (True, False):
        m = Match(GAME, doc, seed=5, keep_events=keep)
        agents = {s: make_agent("heuristic", GAME, 40 + k) for k, s in enumerate(m.state.seats)}
        m.step_bots(agents)
        assert m.state.is_over() and (m.events is not None) is keep
        ends.append((m.actions, m.state.digest()))
    assert ends[0] == ends[1]
