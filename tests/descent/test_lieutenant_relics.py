"""The overlord's relics wielded by his lieutenants (issue #18, modules/lieutenant_relics.py):
given before round 1 (one per lieutenant, the Shadow Rune Zachareth's only) and played in the
lieutenant's attacks, activations and defense; a campaign passes the relics the overlord won.

Test dice (data/dice.yaml): blue face 2 is 2 hearts and a surge, face 1 a miss; gray faces 1-6
show 0 1 1 1 2 3 shields, black 0 2 2 2 3 4. Ardus: Might 5."""

from __future__ import annotations

from typing import Any

from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, by_hand, fig, names, new, put, quest, setup, touch
from tests.descent.test_lieutenants import lt


def armed(relics: list[str], lid: str = "ardus", **kw: Any) -> DescentState:
    return new(setup(quest(groups=[lt(lid, "F3")]), campaign={"overlord_relics": relics}, **kw))


def wielding(relic: str, **kw: Any) -> DescentState:
    st = armed([relic], **kw)
    act(st, f"wield {relic}")
    return st


def test_the_overlord_gives_each_lieutenant_one_relic_before_round_one() -> None:
    st = armed(["duskblade", "the-shadow-rune-overlord", "bones-of-woe"])
    d = st.pending[-1]
    assert (d.kind, d.seat, d.data) == ("mod:lieutenants:relic", "overlord", ("ardus-m",))
    # the Shadow Rune is Zachareth's only
    assert names(st.legal_actions("overlord")) == ["wield duskblade", "wield bones-of-woe", "pass"]
    act(st, "wield bones-of-woe")
    assert st.mods["lieutenants"]["relics"] == {"ardus-m": "bones-of-woe"}
    assert st.pending[-1].kind != "mod:lieutenants:relic"              # one relic per lieutenant
    zach = armed(["the-shadow-rune-overlord"], lid="baron-zachareth")
    assert names(zach.legal_actions("overlord")) == ["wield the-shadow-rune-overlord", "pass"]
    plain = new(setup(quest(groups=[lt("ardus", "F3")])))
    assert plain.pending[-1].kind != "mod:lieutenants:relic"           # no relics: nothing asked


def _surges_offered(st: DescentState, attacker: str, target: str) -> list[str]:
    """``attacker`` attacks ``target`` with his own dice, every die showing its face 2."""
    a = fig(st, attacker)
    st.pending.clear()
    st.rng.script = [2] * 12
    st.start_attack(a, fig(st, target), source=attacker, melee=True, dice=st.stat(a).dice,
                    abilities=st.stat(a).surges)
    st._run()
    touch(st)
    while st.pending and st.pending[-1].kind != "surge" and st.attack is not None:
        act(st, "pass")                              # (Fury and the other reactions)
    return [n for n in names(st.legal_actions("overlord")) if n.startswith("surge ")]


def test_duskblade_gives_the_lieutenants_attacks_pierce_five() -> None:
    st = wielding("duskblade")
    put(st, "syndrael", "E3")
    assert "surge duskblade" in _surges_offered(st, "ardus-m", "syndrael")
    plain = armed(["duskblade"])
    act(plain, "pass")
    put(plain, "syndrael", "E3")
    assert "surge duskblade" not in _surges_offered(plain, "ardus-m", "syndrael")


def test_the_shadow_rune_gives_zachareth_its_surges() -> None:
    st = wielding("the-shadow-rune-overlord", lid="baron-zachareth")
    put(st, "syndrael", "E3")
    got = _surges_offered(st, "baron-zachareth-m", "syndrael")
    assert {"surge shadow-rune", "surge shadow-rune-2"} <= set(got)


def test_bones_of_woe_draws_an_overlord_card_on_a_surge() -> None:
    st = wielding("bones-of-woe", modules=["overlord"])
    act(st, "activate syndrael", "end", "end")
    while st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    hand = len(st.mods["overlord"]["hand"])
    st.rng.script = [2]                              # blue: a surge
    events = act(st, "activate ardus-m")
    assert any("Bones of Woe" in e.text for e in events)
    assert len(st.mods["overlord"]["hand"]) == hand + 1


def test_shield_of_zoreks_favor_hurts_the_attacker_by_the_shields_of_a_passed_might_test() -> None:
    st = wielding("shield-of-zoreks-favor")
    put(st, "syndrael", "E3")
    act(st, "activate syndrael")
    n = len(st.stat(fig(st, "syndrael")).dice) + len(st.stat(fig(st, "ardus-m")).defense)
    st.rng.script = [1] * n + [2, 2]                 # the attack (and defense) misses; the test: 1 + 2 shields
    events = act(st, "attack ardus-m")
    while st.pending and st.pending[-1].seat == "heroes" and "done" in names(st.legal_actions("heroes")):
        events += act(st, "done")
    test = next(e.data for e in events if e.kind == "test")
    assert (test["figure"], test["attribute"], test["faces"], test["passed"]) == ("ardus-m", "might", [2, 2], True)
    assert st.figs[fig(st, "syndrael")].damage == 3


def test_scorpions_kiss_immobilizes_and_poisons_a_hero_who_fails_once_a_round() -> None:
    st = wielding("scorpions-kiss")
    act(st, "activate syndrael", "end", "end")
    while st.pending[-1].kind == "mod:overlord:play":
        act(st, "pass")
    act(st, "activate ardus-m")
    assert "kiss syndrael" in names(st.legal_actions("overlord"))
    st.rng.script = [6, 6]                           # 7 shields: Syndrael fails Awareness
    act(st, "kiss syndrael")
    s = st.figs[fig(st, "syndrael")]
    assert {"immobilized", "poisoned"} <= set(s.conds)
    assert not [n for n in names(st.legal_actions("overlord")) if n.startswith("kiss")]   # exhausted


def test_the_bot_gives_a_relic_it_plays() -> None:
    from questbox.games.descent.bots import HeuristicAgent

    st = armed(["staff-of-shadows", "bones-of-woe"])
    assert str(HeuristicAgent(seed=1).act(st, "overlord")) == "wield bones-of-woe"


def test_a_campaign_passes_the_overlords_relics_to_the_quest() -> None:
    from questbox.games.descent.campaign_log import encounter_setup, new_log
    from questbox.games.descent.campaign_play import apply

    log = apply(new_log("harrowmere", ["syndrael", "avric"], seed=3), "overlord", "plot-deck first-legion")
    assert "overlord_relics" not in encounter_setup(log)["campaign"]
    log["overlord_relics"] = ["duskblade"]
    assert encounter_setup(log)["campaign"]["overlord_relics"] == ["duskblade"]


def test_a_relic_is_silent_once_its_lieutenant_is_defeated() -> None:
    st = wielding("duskblade")
    by_hand(st, st.defeat, fig(st, "ardus-m"))
    from questbox.games.descent.modules.lieutenant_relics import wielded

    assert wielded(st, fig(st, "ardus-m")) is None


def test_a_game_saved_while_a_relic_is_asked_or_at_work_loads() -> None:
    from questbox.games.descent import GAME

    st = armed(["scorpions-kiss", "shield-of-zoreks-favor"])
    assert GAME.from_json(st.to_json()).digest() == st.digest()        # the relic decision waits
    st.tasks.append(st.mod_task("lieutenants", ("zorek", "ardus-m", "syndrael")))
    st.tasks.append(st.mod_task("lieutenants", ("kiss", "syndrael", True)))
    assert GAME.from_json(st.to_json()).to_json() == st.to_json()
