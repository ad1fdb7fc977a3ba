"""The fixed action space of ``descent-campaign`` (``campaign_game.campaign_space``): along random
playouts of every campaign, each legal action of every seat (the Campaign phase and every quest,
encounter 2 of The Hollow Barrow, the Acolyte of Saradyn's villagers, the lieutenants' relics)
has an index in the space."""

from __future__ import annotations

import pytest

import questbox.games.descent  # noqa: F401  (registers the games)
from questbox.agents.random_agent import RandomAgent
from questbox.core import Action, get_game
from questbox.games.descent.campaign_model import DATA

G = get_game("descent-campaign")
HEROES = ["syndrael", "avric", "leoric", "tomble"]


def playout_actions(doc: dict[str, object], seed: int) -> tuple[set[Action], set[str]]:
    """Every legal action met along one random playout, and the quests it played."""
    st = G.new(doc, seed=seed)
    agents = {s: RandomAgent(seed=seed * 7 + i) for i, s in enumerate(st.seats)}
    met: set[Action] = set()
    quests: set[str] = set()
    while not st.is_over():
        seat = st.to_move()[0]
        met.update(st.legal_actions(seat))
        if st.encounter is not None:
            quests.add(st.encounter.enc.quest.id)
        st.apply(seat, agents[seat].act(st, seat))
    return met, quests


@pytest.mark.parametrize("campaign", sorted(p.stem for p in (DATA / "campaigns").glob("*.yaml")))
@pytest.mark.parametrize("n", [2, 4])
def test_every_legal_action_of_a_random_campaign_is_in_the_space(campaign: str, n: int) -> None:
    doc = {"campaign": campaign, "heroes": HEROES[:n], "seats": "per-hero"}
    space = G.action_space(doc)
    assert space is not None and len(space) == len(set(space))
    index = set(space)
    for seed in range(3):
        met, _ = playout_actions(doc, seed)
        assert met <= index, sorted(map(str, met - index))


def test_the_space_holds_the_villagers_and_the_second_encounter() -> None:
    doc = {"campaign": "saradyn", "heroes": HEROES[:3], "seats": "per-hero"}
    index = set(G.action_space(doc) or [])
    seen: set[Action] = set()
    played: set[str] = set()
    for seed in range(4):
        met, quests = playout_actions(doc, seed)
        seen |= met
        played |= quests
    assert {"acolyte-of-saradyn", "hollow-barrow-2"} <= played
    escorts = {a for a in seen if a.name in ("escort", "give-acolyte", "take-villager")}
    assert escorts and escorts <= index
    assert {Action("escort", (f"villager-{k}",)) for k in (1, 2, 3)} <= index
