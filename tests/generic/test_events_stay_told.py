"""An event, once told, never changes: what a seat was shown stays what happened then.

A reroll that edits the dice list an earlier roll event still holds would rewrite the log a seat
has already read (and a replay's narration); this plays random games of every registered game and
compares each event's details at the end of the game with a copy taken when it was told.
"""

from __future__ import annotations

import json

import pytest

from questbox.agents.random_agent import RandomAgent
from questbox.core import Match, games
from tests.generic.test_protocol import CONFIGS, MAX_ACTIONS

SEEDS = 8


def _told(ev: object) -> str:
    return json.dumps([ev.kind, ev.text, ev.data], sort_keys=True)


@pytest.mark.parametrize(("gid", "n"), CONFIGS)
def test_no_event_changes_after_it_is_told(gid: str, n: int) -> None:
    game = games()[gid]
    for seed in range(SEEDS):
        match = Match(game, game.setup_for_seats(n), seed=seed, keep_events=False)
        state = match.state
        agents = {s: RandomAgent(seed=seed * 7 + i) for i, s in enumerate(state.seats)}
        told: list[tuple[object, str]] = []
        steps = 0
        while not state.is_over() and steps < MAX_ACTIONS:
            seat = state.to_move()[0]
            for ev in match.apply(seat, agents[seat].act(state, seat)):
                told.append((ev, _told(ev)))
            steps += 1
        for ev, then in told:
            assert _told(ev) == then, f"{gid} seed {seed}: an event changed after it was told: {then}"
