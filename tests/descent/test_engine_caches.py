"""The engine's per-encounter tables and caches (issue #17, speed): the windows each rule module is
asked at (``RuleModule.listens_here`` / ``offers_here``: only those where what the encounter holds
can act) and the heroes' Stamina read once per encounter (``Encounter.staminas``). Each must play
exactly as the engine without it; the tests compare whole random games with and without the
narrowed tables, and read Stamina across encounters that share their static part.

Regression tests of the engine's speed work (no clause: the rules they guard are the class cards'
and the hero abilities' own tests)."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as stq

from questbox.core import JSON, Rng
from questbox.games.descent import GAME
from questbox.games.descent.data import library
from questbox.games.descent.encounter import _cached, encounter, normalize_setup
from questbox.games.descent.modules.classes import ClassesModule
from questbox.games.descent.modules.heroes import HeroAbilities
from questbox.games.descent.rules import RuleModule
from questbox.games.descent.skills import class_skills
from tests.descent.helpers import fig, new, quest, setup

#: a hero of each class (the two of each archetype)
CLASSES = {"syndrael": "knight", "grisban": "berserker", "avric": "disciple", "ashrian": "spiritspeaker",
           "leoric": "necromancer", "tarha": "runemaster", "tomble": "thief", "jain": "wildlander"}


def _play(doc: JSON, seed: int, limit: int = 400) -> list[str]:
    """A random game of ``doc`` (the fingerprint's way): every seat, legal list and event."""
    st = GAME.new(doc, seed=seed)
    pick = Rng(seed)
    out: list[str] = []
    while not st.is_over() and len(out) < limit:
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        out.append(f"{seat}|{'|'.join(map(str, legal))}")
        out.extend(json.dumps(e.to_json(), sort_keys=True) for e in st.apply(seat, legal[pick.below(len(legal))]))
    out.append(json.dumps(st.to_json(), sort_keys=True))
    return out


@pytest.fixture
def every_window() -> Iterator[None]:
    """Encounters built afresh (the cache is cleared before and after)."""
    _cached.cache_clear()
    yield
    _cached.cache_clear()


def _party(heroes: list[str], kits: list[list[str]]) -> JSON:
    return {"seats": "per-hero", "heroes": [f"{h}:{CLASSES[h]}" for h in heroes], "hero_abilities": True,
            "skills": {h: k for h, k in zip(heroes, kits, strict=True) if k}}


@stq.composite
def parties(draw: stq.DrawFn) -> JSON:
    heroes = draw(stq.lists(stq.sampled_from(sorted(CLASSES)), min_size=2, max_size=4, unique=True))
    kits = [draw(stq.lists(stq.sampled_from(class_skills(CLASSES[h])), max_size=3, unique=True)) for h in heroes]
    return _party(heroes, kits)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=parties(), seed=stq.integers(0, 10_000))
def test_the_narrowed_window_tables_play_as_every_window_would(every_window: None, doc: JSON, seed: int) -> None:
    narrowed = _play(doc, seed)
    _cached.cache_clear()
    saved = (ClassesModule.listens_here, ClassesModule.offers_here, HeroAbilities.listens_here,
             HeroAbilities.offers_here)
    try:            # the tables as the modules' class attributes name them: every module asked
        ClassesModule.listens_here = RuleModule.listens_here        # type: ignore[method-assign]
        ClassesModule.offers_here = RuleModule.offers_here          # type: ignore[method-assign]
        HeroAbilities.listens_here = RuleModule.listens_here        # type: ignore[method-assign]
        HeroAbilities.offers_here = RuleModule.offers_here          # type: ignore[method-assign]
        full = _play(doc, seed)
    finally:
        (ClassesModule.listens_here, ClassesModule.offers_here, HeroAbilities.listens_here,
         HeroAbilities.offers_here) = saved                         # type: ignore[method-assign]
    assert narrowed == full


def test_a_window_lists_only_the_modules_that_can_act_there(every_window: None) -> None:
    enc = encounter(normalize_setup(_party(["syndrael", "tomble"], [[], []])))
    names = {w: [m.name for m in ms] for w, ms in enc.listeners.items()}
    offers = {w: [m.name for m in ms] for w, ms in enc.offerers.items()}
    # Syndrael's ability at turn-end, Tomble's when he is attacked; no card listens at turn-start
    assert "heroes" in names["turn-end"] and "heroes" in names["attack-before-defense"]
    assert "heroes" not in names["attack-declared"] and "heroes" not in offers["attack-after-roll"]
    assert "classes" not in names["turn-start"] and "classes" not in names["encounter-setup"]
    # Throwing Knives (Tomble's class weapon) adds a heart next to the target: attack-declared
    assert "classes" in names["attack-declared"]
    # (the feats module listens at turn-start only for Tomble: his reappearance, ruling F6)
    assert names["turn-start"] == ["quest", "feats"]
    other = encounter(normalize_setup(_party(["syndrael", "avric"], [[], []])))
    assert "feats" not in [m.name for m in other.listeners["turn-start"]]
    # a card that listens there brings the module back (Tumble: turn-start)
    enc = encounter(normalize_setup(_party(["syndrael", "tomble"], [[], ["tumble"]])))
    assert "classes" in [m.name for m in enc.listeners["turn-start"]]


def _arena(equipment: dict[str, list[str]], skills: dict[str, list[str]]) -> JSON:
    return setup(quest(), heroes=("syndrael", "leoric:runemaster"), skills=skills,
                 campaign={"equipment": equipment})


def test_stamina_is_read_once_per_encounter_not_shared_between_encounters() -> None:
    """Encounters of one quest and party share their static part; Ring of Power (an item, when
    the encounter is built) and Iron Will (a skill) change Leoric's Stamina in one and not in
    the others, read in turns: a cache shared between them, or filled before the items module
    raised the sheet, would give one of them another's."""
    base = library().heroes["leoric"].stamina
    plain = new(_arena({}, {}))
    ring = new(_arena({"leoric": ["ring-of-power"]}, {}))
    will = new(_arena({}, {"leoric": ["iron-will"]}))
    both = new(_arena({"leoric": ["ring-of-power"]}, {"leoric": ["iron-will"]}))
    for _ in range(2):
        for st, more in ((ring, 1), (plain, 0), (both, 2), (will, 1)):
            assert st.stamina(fig(st, "leoric")) == base + more
            assert st.stamina(fig(st, "syndrael")) == library().heroes["syndrael"].stamina
            assert st.clone().stamina(fig(st, "leoric")) == base + more
    # a saved game of the ring's encounter reads the ring's Stamina
    loaded = GAME.from_json(json.loads(json.dumps(ring.to_json())))
    assert loaded.view("heroes")["figures"]["leoric"]["stamina"] == base + 1


def test_the_class_weapons_texts_follow_the_weapon_wielded_in_each_encounter() -> None:
    """The classes module reads once per encounter which heroes wield a class weapon with a text
    of its own (Throwing Knives: +1 heart next to the target); Tomble with and without an equipped
    Shop weapon (the same static encounter), attacking in turns."""
    from tests.descent.helpers import ZOMBIES, act

    def hearts(equipment: dict[str, list[str]]) -> int:
        st = new(setup(quest(groups=ZOMBIES), heroes=("tomble", "leoric"), campaign={"equipment": equipment}))
        act(st, "activate tomble")
        st.rng.script = [5, 5, 1]          # blue ♥1, yellow R1 ♥1; brown 0 (zombie-1 is next to him)
        got: int = next(e for e in act(st, "attack zombie-1") if e.kind == "hit").data["hearts"]
        return got

    for _ in range(2):
        assert hearts({}) == 3                         # the knives' +1
        assert hearts({"tomble": ["iron-spear"]}) == 2  # the spear's dice, no knives
