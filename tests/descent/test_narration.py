"""The narration names figures in words (issue #19: "zombie-m", "goblin-1" and surge ids such as
"range1" read like code in the log)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml

from questbox.core import Action
from questbox.games.descent import GAME
from questbox.games.descent.combat import surge_words
from questbox.games.descent.state import DescentState


def test_monster_names_carry_their_number_and_role() -> None:
    st = GAME.new(GAME.setup_for_seats(2, None), seed=1)
    assert isinstance(st, DescentState)
    names = {f.id: st.name(i) for i, f in enumerate(st.figs)}
    assert names["zombie-m"] == "Zombie (master)"
    assert names["zombie-2"] == "Zombie 2"
    assert names["goblin-1"] == "Goblin Archer 1"
    assert names["warden-m"] == "The Bone Warden"
    assert st.view(None)["figures"]["zombie-2"]["name"] == "Zombie 2"


def test_surge_words() -> None:
    assert surge_words("range", 1) == "+1 range"
    assert surge_words("heart", 2) == "+2 hearts"
    assert surge_words("pierce", 2) == "Pierce 2"
    assert surge_words("poison", 1) == "Poison"


@pytest.mark.parametrize("seed", [1, 2])
def test_events_name_monsters_and_surges_in_words(seed: int) -> None:
    st = GAME.new(GAME.setup_for_seats(2, None), seed=seed)
    assert isinstance(st, DescentState)
    monster_ids = {f.id for f in st.figs if f.side != "hero"}
    rnd = random.Random(seed)
    texts: list[str] = []
    surges: list[tuple[str, str]] = []         # (text, the surge ability's id)
    for _ in range(400):
        if st.is_over():
            break
        seat = st.to_move()[0]
        for e in st.apply(seat, rnd.choice(st.legal_actions(seat))):
            if e.visible_to(None):
                texts.append(e.text)
                if e.kind == "surge" and e.data and "ability" in e.data:
                    surges.append((e.text, str(e.data["ability"])))
    words = {w for t in texts for w in re.findall(r"[\w-]+", t)}
    assert any(k in t for t in texts for k in ("attacks", "activates")), "the playout narrated no monster"
    assert not words & monster_ids, sorted(words & monster_ids)
    assert surges, "the playout spent no surge"
    assert all(sid not in re.findall(r"[\w-]+", t) for t, sid in surges), surges
    assert any(re.search(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)* (\d|\(master\))", t) for t in texts)


def test_surge_menu_text_in_words() -> None:
    view = {"figures": {}, "attack": {"abilities": [["range1", "range", 1, 1]]}}
    assert GAME.describe_action(view, Action("surge", ("range1",))) == "spend surges on +1 range"


def test_the_agent_is_named_as_a_figure() -> None:
    """The summoned agent ("ardus") reads by its name in the log ("Ardus Ix'Erebus attacks ...")."""
    case = yaml.safe_load((Path(__file__).parent.parent / "conformance/descent/plot-summon-ardus.yaml").read_text())
    st = GAME.new(case["setup"], seed=1)
    assert isinstance(st, DescentState)
    st.apply("overlord", "plot summon-ardus zombies")
    st.apply("heroes", "give syndrael")
    assert st.name(st.ids["ardus"]) == "Ardus Ix'Erebus"
    assert st.view(None)["figures"]["ardus"]["name"] == "Ardus Ix'Erebus"
