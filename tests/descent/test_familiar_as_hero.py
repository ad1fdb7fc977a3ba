"""The Reanimate as "a hero" (games/descent/familiars.py ``counts_as_hero`` / ``heroes_for``;
issue #18): the Overlord cards that test or hurt heroes take the Reanimate too (it has no
attributes, so it fails their tests), quest rules and Plot cards never do (rulings FAM8).

Test dice (data/dice.yaml): gray faces 1-6 show 0 1 1 1 2 3 shields, black 0 2 2 2 3 4."""

from __future__ import annotations

from typing import Any

from questbox.games.descent.catalog import catalog
from questbox.games.descent.familiars import AS_HERO, counts_as_hero, heroes_for
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, group, names, new, put, quest, setup, touch
from tests.descent.test_overlord import ALL_CLASS, give, ol

NECRO = ("tarha:necromancer", "grisban")
FAM = "reanimate-tarha"
ZOMBIES = [group("zombie", "zombie", ["H1", "H6"], minions=2)]


def table(**kw: Any) -> DescentState:
    """Tarha (C2) raises her Reanimate on C3 (her first action); Grisban far away (A6)."""
    st = new(setup(quest(groups=ZOMBIES, **kw), heroes=NECRO, modules=["overlord"],
                   campaign={"overlord_deck": [*catalog().basic_deck(), *ALL_CLASS]}))
    put(st, "tarha", "C2")
    put(st, "grisban", "A6")
    act(st, "activate tarha", "raise-dead C3")
    return st


def texts_of(events: list[Any]) -> list[str]:
    return [e.text for e in events if e.kind == "test"]


def test_explosive_runes_tests_the_reanimate_which_fails_and_suffers_nothing() -> None:
    # (the FAQ's own example: it fails, and with no Awareness no shield is in excess of it)
    st = table(search=("D2",))
    give(st, ["explosive-runes"])
    touch(st)
    act(st, "search D2")
    while st.pending[-1].kind != "mod:overlord:play" or st.pending[-1].data[0] != "action-performed":
        act(st, "pass")
    st.rng.script = [1, 1]                       # Tarha: 0 shields, passes
    events = act(st, "card explosive-runes")
    while st.pending and st.pending[-1].kind == "mod:overlord:play":
        events += act(st, "pass")
    texts = texts_of(events)
    assert any(t.startswith("Reanimate automatically fails a Awareness test (Explosive Runes)") for t in texts)
    assert st.figs[fig(st, FAM)].damage == 0 and st.figs[fig(st, "tarha")].damage == 0


def test_word_of_pain_hurts_the_reanimate_too() -> None:
    st = table()
    act(st, "end")                               # Tarha
    act(st, "end")                               # Grisban: the overlord's turn
    give(st, ["word-of-pain"])
    touch(st)
    events: list[Any] = []
    while not (st.pending[-1].kind == "mod:overlord:play" and st.pending[-1].data[0] == "turn-end"):
        legal = names(st.legal_actions(st.pending[-1].seat))
        events += act(st, "pass" if "pass" in legal else "end" if "end" in legal else legal[0])
    assert "card word-of-pain" in names(st.legal_actions("overlord"))
    events = act(st, "card word-of-pain")
    while st.pending and st.pending[-1].kind == "mod:overlord:play" and st.pending[-1].data[0] == "test-after-roll":
        events += act(st, "pass")                # (Wicked Laughter on a passed test)
    assert any(t.startswith("Reanimate automatically fails a Might test (Word of Pain)") for t in texts_of(events))
    assert st.figs[fig(st, FAM)].damage == 1


def test_the_predicate_follows_the_faq() -> None:
    st = table()
    fam, tarha = fig(st, FAM), fig(st, "tarha")
    for by in AS_HERO:
        assert counts_as_hero(st, fam, by) and counts_as_hero(st, tarha, by)
    for by in ("quest", "plot", "ally", "travel"):
        assert not counts_as_hero(st, fam, by) and counts_as_hero(st, tarha, by)
        assert heroes_for(st, by) == st.heroes()
    assert heroes_for(st, "overlord") == [*st.heroes(), fam]
    assert not counts_as_hero(st, fig(st, "zombie-1"), "overlord")


def test_a_monster_a_hero_commands_is_no_hero() -> None:
    st = table()
    z = st.figs[fig(st, "zombie-1")]
    z.side, z.tags = "familiar", ["commanded"]      # (as Dying Command leaves it for its activation)
    assert not counts_as_hero(st, fig(st, "zombie-1"), "overlord")
    assert fig(st, "zombie-1") not in heroes_for(st, "overlord")


def test_without_familiars_the_heroes_are_the_heroes() -> None:
    st = new(setup(quest(groups=ZOMBIES), modules=["overlord"]))
    assert heroes_for(st, "overlord") == st.heroes()
    assert ol(st)["hand"]


# ============================================== monster abilities that name a hero (FAM8)
BRUTES = [group("zombie", "zombie", ["D3"], masters=1, minions=0), group("barghest", "barghest", ["E4:F4"]),
          group("ettin", "ettin", ["D1:E2"], masters=1, minions=0)]


def brutes() -> DescentState:
    """The overlord's turn: Tarha (C2) raised her Reanimate on C3, next to a master zombie (Grab,
    D3) and a master ettin (Throw, D1:E2), a barghest (Howl) 2 spaces off; Grisban far (A6)."""
    st = new(setup(quest(groups=BRUTES), heroes=NECRO))
    put(st, "tarha", "C2")
    put(st, "grisban", "A6")
    act(st, "activate tarha", "raise-dead C3", "end", "end")
    return st


def test_a_monster_attacks_the_reanimate_and_the_action_is_in_the_action_space() -> None:
    from questbox.games.descent.space import action_space

    st = brutes()
    act(st, "activate zombie-m")
    assert "attack reanimate-tarha" in names(st.legal_actions())
    space = {str(a) for a in action_space(st.enc.setup)}
    assert {"attack reanimate-tarha", "grab reanimate-tarha", "throw reanimate-tarha"} <= space
    st.rng.script = [4, 2, 1]                    # blue ♥2, yellow ♥1 ⚡ (no defense dice for it)
    act(st, "attack reanimate-tarha")
    while st.attack is not None:
        act(st, "pass" if "pass" in names(st.legal_actions()) else names(st.legal_actions())[-1])
    assert st.figs[fig(st, FAM)].damage == 3


def test_grab_takes_the_reanimate_which_fails_and_is_immobilized() -> None:
    st = brutes()
    act(st, "activate zombie-m")
    assert "grab reanimate-tarha" in names(st.legal_actions())
    events = act(st, "grab reanimate-tarha")
    assert any(t.startswith("Reanimate automatically fails a Might test (Grab)") for t in texts_of(events))
    assert "immobilized" in st.figs[fig(st, FAM)].conds


def test_throw_takes_the_reanimate_which_is_placed_and_suffers_a_heart() -> None:
    st = brutes()
    act(st, "activate ettin-m")
    assert "throw reanimate-tarha" in names(st.legal_actions())
    act(st, "throw reanimate-tarha")
    assert st.pending[-1].kind == "place"
    act(st, "place C6")
    f = st.figs[fig(st, FAM)]
    assert st.board.names[f.pos] == "C6" and f.damage == 1


def test_howl_tests_the_reanimate_whose_fatigue_is_damage() -> None:
    st = brutes()
    act(st, "activate barghest-1")
    st.rng.script = [1, 1, 1, 1]                 # the heroes' tests: 0 shields, they pass
    events = act(st, "howl")
    assert any(t.startswith("Reanimate automatically fails a Willpower test (Howl)") for t in texts_of(events))
    assert st.figs[fig(st, FAM)].damage == 1
    assert st.figs[fig(st, "tarha")].fatigue == 1          # (only Raise Dead's)
