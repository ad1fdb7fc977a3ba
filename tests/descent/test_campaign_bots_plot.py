"""The bots and the Plot deck (issue #18): the campaign bot overlord spends XP on Plot cards among
his Overlord class cards (:data:`~questbox.games.descent.campaign_bots.XP_ORDER`), buys Summon Ardus
only where a quest to come can use it, and the plot bot summons Ardus before Camaraderie or
Loyalty Rewarded can take the threat it needs."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.core import JSON, Action
from questbox.games.descent.campaign_bots import CLASS_ORDER, XP_ORDER, agent_ahead, bot_action, plot_xp
from questbox.games.descent.campaign_game import check_log
from questbox.games.descent.plot import cards_of
from questbox.games.descent.plot_bots import PlotAgent
from tests.descent.helpers import group, names
from tests.descent.test_plot import arena, mods

PLOT_FIRST = next(c.removeprefix("plot:") for c in XP_ORDER if c.startswith("plot:"))


def spend_xp(xp: int, bought: list[str] | None = None, plot: str | None = "first-legion", **extra: Any) -> JSON:
    """A log at the overlord's turn of the Spend XP step after the first quest, Overlord deck on."""
    doc = {"heroes": ["syndrael", "avric"], "phase": "spend-xp", "next": 1, "done": ["heroes"],
           "xp": {"overlord": xp}, "overlord_deck": list(bought or []), "plot_deck": plot, **extra}
    return check_log(doc)


def spend_all(log: JSON) -> list[str]:
    """The overlord's actions of the step, each applied, until he is done."""
    from questbox.games.descent.campaign_log import apply

    out = []
    while log["phase"] == "spend-xp":
        a = bot_action(log, "overlord")
        out.append(str(a))
        log = apply(log, "overlord", a)
    return out


# ================================================================================ XP on Plot cards
def test_the_xp_order_names_plot_cards_of_first_legion_and_the_class_order() -> None:
    plots = [c.removeprefix("plot:") for c in XP_ORDER if c.startswith("plot:")]
    assert plots and set(plots) <= set(cards_of("first-legion"))
    assert [c for c in XP_ORDER if not c.startswith("plot:")] == list(CLASS_ORDER)


def test_plot_xp_counts_the_threat_to_buy_a_card_and_trigger_it_once() -> None:
    c = cards_of("first-legion")[PLOT_FIRST]
    need = c.buy + c.trigger
    assert plot_xp(spend_xp(1, threat=need), PLOT_FIRST) == 0
    assert plot_xp(spend_xp(1, threat=need - 1), PLOT_FIRST) == 1
    assert plot_xp(spend_xp(1, threat=max(0, need - 4)), PLOT_FIRST) == (need - max(0, need - 4) + 2) // 3


def test_with_first_legion_the_overlord_turns_xp_into_threat_for_the_plot_card_first_in_his_order() -> None:
    log = spend_xp(plot_xp(spend_xp(0), PLOT_FIRST))
    acts = spend_all(log)
    assert acts[-2:] == [f"buy-plot {PLOT_FIRST}", "done"]
    assert set(acts[:-2]) == {"xp-threat"}
    assert not any(a.startswith("buy-overlord") for a in acts)


def test_with_first_legion_he_keeps_his_xp_for_a_plot_card_he_cannot_buy_yet(monkeypatch: Any) -> None:
    from questbox.games.descent import campaign_bots

    # Loyalty Rewarded: 4 threat to buy, 1 to trigger, so 2 XP from no threat
    monkeypatch.setattr(campaign_bots, "XP_ORDER", ("plot:loyalty-rewarded", *CLASS_ORDER))
    assert plot_xp(spend_xp(0), "loyalty-rewarded") == 2
    assert bot_action(spend_xp(1), "overlord") == Action("done")
    assert spend_all(spend_xp(2)) == ["xp-threat", "xp-threat", "buy-plot loyalty-rewarded", "done"]
    # before the Finale nothing is kept: the class card he can buy instead
    assert bot_action(spend_xp(1, next=3), "overlord") == Action("buy-overlord", (CLASS_ORDER[0],))


def test_a_plot_card_face_up_already_is_passed_over_for_the_next_entry() -> None:
    log = spend_xp(1, faceup=["strength-in-numbers", *(c.removeprefix("plot:") for c in XP_ORDER
                                                        if c.startswith("plot:"))])
    assert bot_action(log, "overlord") == Action("buy-overlord", (CLASS_ORDER[0],))


def test_without_a_plot_deck_the_class_order_is_as_before() -> None:
    assert bot_action(spend_xp(1, plot=None), "overlord") == Action("buy-overlord", (CLASS_ORDER[0],))
    assert spend_all(spend_xp(1, plot=None)) == [f"buy-overlord {CLASS_ORDER[0]}", "done"]


# ================================================================================ Summon Ardus bought
@pytest.mark.parametrize(("campaign", "nxt", "ahead"), [
    ("harrowmere", 1, True),       # the Ossuary again (a quest) is still to come
    ("harrowmere", 3, False),      # only the Finale
    ("pyre-legion", 1, True),      # the Muster features Ardus, but the second Farrow Pyre follows
    ("pyre-legion", 4, False),     # the Hollow Barrow (Ardus the campaign's lieutenant), the Finale
])
def test_agent_ahead_only_where_a_quest_to_come_may_summon_him(campaign: str, nxt: int, ahead: bool) -> None:
    assert agent_ahead(spend_xp(0, campaign=campaign, next=nxt)) is ahead


def test_the_bot_does_not_buy_summon_ardus_where_no_quest_to_come_can_use_it() -> None:
    fd = ["summon-ardus"]
    log = spend_xp(0, campaign="pyre-legion", next=4, threat=9, faceup=[c for c in cards_of("first-legion")
                                                                         if c not in fd])
    assert bot_action(log, "overlord") == Action("done")
    log = spend_xp(0, campaign="pyre-legion", next=3, threat=9, faceup=[c for c in cards_of("first-legion")
                                                                         if c not in fd])
    assert bot_action(log, "overlord") == Action("buy-plot", ("summon-ardus",))


# ================================================================================ Summon Ardus played
def two_groups() -> list[JSON]:
    return [group("zombie", "zombie", ["F3", "F4", "F5"], masters=1, minions=2, open=["goblin-archer"]),
            group("goblin-archer", "goblin", ["H5", "H6"], minions=2)]


def overlord_pick(st: Any) -> str:
    return str(PlotAgent(seed=0).act(st, "overlord"))


def test_the_plot_bot_keeps_the_threat_of_the_setup_for_summon_ardus_over_camaraderie() -> None:
    st = arena(two_groups(), threat=2, faceup=["camaraderie", "summon-ardus"])
    assert "plot camaraderie goblins" in names(st.legal_actions("overlord"))
    assert overlord_pick(st) == "pass"
    st.apply("overlord", Action("pass"))
    assert overlord_pick(st).startswith("plot summon-ardus ")


def test_the_plot_bot_plays_camaraderie_too_when_threat_is_left_for_summon_ardus() -> None:
    st = arena(two_groups(), threat=3, faceup=["camaraderie", "summon-ardus"])
    assert overlord_pick(st).startswith("plot camaraderie ")


def test_the_plot_bot_summons_ardus_before_loyalty_rewarded_in_their_window() -> None:
    st = arena(two_groups(), threat=2, faceup=["loyalty-rewarded", "summon-ardus"])
    legal = names(st.legal_actions("overlord"))
    assert legal.index("plot loyalty-rewarded zombies") < legal.index("plot summon-ardus zombies")
    assert overlord_pick(st) == "plot summon-ardus zombies"
    assert mods(st)["cards"]["summon-ardus"] == "ready"


# ================================================================================ the report
def test_the_report_counts_plot_cards_bought_and_played_per_campaign_the_basic_card_apart() -> None:
    from questbox.games.descent import campaign_stats as S

    def row(bought: list[str], played: dict[str, int]) -> JSON:
        return {"winner": "heroes", "quests": 4, "encounters": 4, "rounds": 20, "decisions": 900,
                "quest_winners": [], "search_gold": 0, "plot_bought": bought, "plot_played": played,
                "overlord_bought": [], "skills_bought": [], "shop_bought": [], "overlord_played": {},
                "class_used": {}}

    rows = [row(["fealty", "threatening-masses"], {"fealty": 3, "strength-in-numbers": 5}),
            row([], {"strength-in-numbers": 4})]
    rep = S.report(rows, ["syndrael", "avric"], "first-legion")
    assert rep["plot_bought_per_campaign"] == 1.0 and rep["plot_played_per_campaign"] == 1.5
    assert "1.00 per campaign" in S.table(rep) and "1.50 per campaign" in S.table(rep)
    md = S.markdown([rep]).splitlines()
    col = md[0].split("|").index(" Plot cards bought / played per campaign ")
    assert md[2].split("|")[col].strip() == "1.00 / 1.50"
    none = S.report([row([], {})], ["syndrael", "avric"], None)
    assert none["plot_bought_per_campaign"] == none["plot_played_per_campaign"] == 0.0
