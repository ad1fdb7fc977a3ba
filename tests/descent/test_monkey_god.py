"""Curse of the Monkey God (games/descent/modules/overlord_more.py, games/descent/monkey.py; issue
#18), the last of the 28 Overlord cards: played after a hero searches, a Knowledge test; a pass
gives the overlord a card, a fail makes the hero a monkey until the end of his next turn (Speed 5,
no attacks, no defense dice), shown in the view and the text renderer.

Test dice (data/dice.yaml): gray faces 1-6 show 0 1 1 1 2 3 shields, black 0 2 2 2 3 4.
Syndrael: Speed 4, Knowledge 3, a gray defense die."""

from __future__ import annotations

from typing import Any

from questbox.games.descent.bots import HeuristicAgent
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, names
from tests.descent.test_overlord import ol
from tests.descent.test_overlord_more import searching

CURSE = "card curse-of-the-monkey-god"


def cursed() -> DescentState:
    """Syndrael searches, the overlord plays the curse, she fails its test (5 shields against 3)."""
    st = searching(["curse-of-the-monkey-god"])
    st.rng.script = [6, 2]
    act(st, CURSE)
    return st


def attacks(st: DescentState) -> list[str]:
    return [a for a in names(st.legal_actions(st.pending[-1].seat)) if a.startswith("attack")]


def test_the_curse_is_offered_after_a_search_and_the_bot_plays_it() -> None:
    st = searching(["curse-of-the-monkey-god"])
    assert names(st.legal_actions("overlord")) == [CURSE, "pass"]
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == CURSE


def test_a_passed_test_gives_the_overlord_a_card() -> None:
    st = searching(["curse-of-the-monkey-god"])
    st.rng.script = [1, 1]                          # 0 shields against Knowledge 3
    act(st, CURSE)
    while st.pending[-1].kind == "mod:overlord:play":   # (Wicked Laughter may be asked)
        act(st, "pass")
    assert len(ol(st)["hand"]) == 1
    assert "monkey" not in st.figs[fig(st, "syndrael")].tags
    assert "monkey" not in ol(st)["active"]


def test_a_failed_test_makes_the_hero_a_monkey_who_cannot_attack() -> None:
    st = searching(["curse-of-the-monkey-god"])
    act(st, "pass")
    assert attacks(st) == ["attack goblin-1"]      # (she could attack the goblin next to her)
    st = cursed()
    s = fig(st, "syndrael")
    assert st.figs[s].tags == ["monkey"]
    assert ol(st)["active"]["monkey"] == ["syndrael"]
    assert attacks(st) == []
    assert st.attack_targets(s) == []
    events = act(st, "move")
    assert st.turn is not None and st.turn.mp == 5          # Speed 5, not her 4
    assert "+5 movement points" in events[-2].text or any("+5" in e.text for e in events)


def test_the_monkey_is_shown_in_the_view_and_on_the_sheet() -> None:
    from rich.console import Console

    from questbox.games.descent.render import sheets

    st = cursed()
    for seat in ("heroes", "overlord", None):
        view: Any = st.view(seat)
        assert view["figures"]["syndrael"]["marks"] == ["monkey"]
        assert "marks" not in view["figures"]["leoric"]
    console = Console(width=200, record=True)
    console.print(sheets(st.view("heroes")))
    row = next(line for line in console.export_text().splitlines() if "(syndrael)" in line)
    assert "Monkey (Curse of the Monkey God)" in row


def test_a_monkey_rolls_no_defense_dice() -> None:
    st = cursed()
    act(st, "end", "end")                            # her turn, then Leoric's (the last hero)
    while st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    act(st, "activate goblin-1")
    while st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    st.rng.script = [2] * 10
    events = act(st, "attack syndrael")
    while st.attack is not None and not any(e.kind == "defense" for e in events):
        legal = names(st.legal_actions(st.pending[-1].seat))
        events += act(st, "pass" if "pass" in legal else legal[0])
    defense = next(e for e in events if e.kind == "defense")
    assert defense.data == {"dice": [], "faces": []}


def test_the_curse_ends_at_the_end_of_his_next_turn() -> None:
    st = cursed()
    s = fig(st, "syndrael")
    st.rng.script = None
    act(st, "end")                                   # the turn she was cursed in does not count
    assert "monkey" in st.figs[s].tags
    act(st, "end")                                   # Leoric's turn
    while st.round == 1:                             # the overlord's turn: nothing done
        legal = names(st.legal_actions(st.pending[-1].seat))
        act(st, "end" if "end" in legal else "pass" if "pass" in legal else legal[0])
    while "activate syndrael" not in names(st.legal_actions(st.pending[-1].seat)):
        act(st, "pass")
    act(st, "activate syndrael")
    while st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    assert "monkey" in st.figs[s].tags and attacks(st) == []
    act(st, "move")
    assert st.turn is not None and st.turn.mp == 5
    act(st, "end")
    assert "monkey" not in st.figs[s].tags
    assert "monkey" not in ol(st)["active"] and "monkey-now" not in ol(st)["active"]
    assert "marks" not in st.view("heroes")["figures"]["syndrael"]


def test_dark_charm_cannot_make_a_monkey_attack() -> None:
    from questbox.games.descent.modules.overlord_more import _charm_actions

    st = cursed()
    s = fig(st, "syndrael")
    leoric = fig(st, "leoric")
    st.place(leoric, st.board.index["C3"])           # next to her
    assert not [a for a in _charm_actions(st, s) if a.args[0] == "attack"]
    moves = {str(a.args[1]) for a in _charm_actions(st, s)}
    assert moves == {st.board.names[r[2]] for r in st.moves(s, 5).values()}


def test_a_saved_game_with_a_monkey_loads() -> None:
    from questbox.games.descent import GAME

    st = cursed()
    back = GAME.from_json(st.to_json())
    assert isinstance(back, DescentState)
    assert back.figs[fig(back, "syndrael")].tags == ["monkey"]
    assert attacks(back) == []


# ======================================================== the cards that attack without his targets
def monkey(st: DescentState, hid: str) -> DescentState:
    """Make hero ``hid`` a monkey by hand (the curse's mark; its own steps are tested above)."""
    from questbox.games.descent.geometry import forget

    st.figs[fig(st, hid)].tags.append("monkey")
    forget(st)
    st._legal = None
    return st


def offered(st: DescentState, name: str) -> list[str]:
    return [a for a in names(st.legal_actions()) if a.split()[0] == name]


def test_a_monkey_necromancer_cannot_corpse_blast() -> None:
    # (Corpse Blast aims from the Reanimate's space, not from his: the one attack of his the
    # targets search did not bar; ruling OLC3)
    from tests.descent.helpers import group
    from tests.descent.test_familiars import raised

    st = raised(skills={"tarha": ["corpse-blast", "army-of-death"]},
                monsters=[group("zombie", "zombie", ["B1", "C3", "H6"], minions=3)])
    assert offered(st, "corpse-blast") == ["corpse-blast"]
    assert offered(monkey(st, "tarha"), "corpse-blast") == []
    assert offered(st, "army-of-death") == ["army-of-death"]      # the Reanimate attacks: it is no monkey


def test_a_monkey_cannot_break_the_rune_nor_keep_the_oath_of_honor() -> None:
    from tests.descent.helpers import duel, group, put

    st = duel(("leoric", "syndrael"), skills={"leoric": ["break-the-rune"]},
              monsters=[group("zombie", "zombie", ["C2", "D2", "H6"], minions=3)])
    assert offered(st, "break-the-rune") == ["break-the-rune"]
    assert offered(monkey(st, "leoric"), "break-the-rune") == []
    st = duel(("syndrael:knight", "leoric"), monsters=[group("zombie", "zombie", ["D3", "H6"], minions=2)])
    put(st, "leoric", "C3")
    assert offered(st, "oath") == ["oath zombie-1 C2"]
    assert offered(monkey(st, "syndrael"), "oath") == []


def test_a_monkey_knight_cannot_guard_against_a_large_monster() -> None:
    from tests.descent.test_large_interrupts import ettin_walks, uses

    assert uses(ettin_walks("syndrael:knight", ["guard"])) == ["use guard"]
    st = ettin_walks("syndrael:knight", ["guard"])
    monkey(st, "syndrael")
    assert "use guard" not in uses(st)
