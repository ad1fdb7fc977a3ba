"""The printed Shopping step (issue #18, campaign_shop.py): the act's Shop Item deck, 5 cards
revealed, buying, selling for half the cost, trading and equipping; the Search cards' gold at the
end of a quest, the Treasure Chest, and the relics a quest's rewards name."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from questbox.core import JSON, SetupError
from questbox.games.descent import GAME
from questbox.games.descent import campaign_shop as shop
from questbox.games.descent.campaign_game import campaign_log as check_campaign_log
from questbox.games.descent.campaign_log import apply, encounter_setup, legal, new_log, record, show, view
from questbox.games.descent.campaign_model import ShopCard, campaign_data
from questbox.games.descent.catalog import catalog
from questbox.games.descent.state import DescentState


def names(log: JSON, seat: str = "heroes") -> list[str]:
    return [str(a) for a in legal(log, seat)]


def quest_over(log: JSON, winner: str, found: dict[str, list[str]] | None = None,
               used: dict[str, list[str]] | None = None) -> DescentState:
    """The quest of ``log`` over; each hero drew the Search cards ``found`` (kept) and ``used``."""
    st = GAME.new(encounter_setup(log), seed=1)
    assert isinstance(st, DescentState)
    for h, cards in {**(found or {}), **(used or {})}.items():
        for c in cards:
            st.deck.remove(c)                       # drawn from the Search deck
            if c in (found or {}).get(h, []):
                st.figs[st.ids[h]].items.append(c)
    st.pending.clear()
    st.finish(winner, "test")
    return st


def first_shop(winner: str = "heroes", **kw: Any) -> JSON:
    log = apply(new_log("harrowmere", ["syndrael", "avric"], seed=3), "overlord", "plot-deck none")
    return record(log, quest_over(log, winner, **kw))


def to_next_quest(log: JSON) -> JSON:
    return apply(apply(apply(log, "heroes", "done"), "heroes", "done"), "overlord", "done")


def test_the_shopping_step_reveals_five_cards_of_the_act_one_deck() -> None:
    log = first_shop()
    offer, deck = log["shop"]["offer"], log["shop"]["deck"]
    assert len(offer) == 5 and Counter(offer + deck) == Counter(catalog().shop_deck(1))
    assert all(catalog().shop[c].act == 1 for c in offer)


def test_after_the_interlude_the_act_two_deck_is_sold() -> None:
    log = to_next_quest(first_shop())                     # the Interlude is next
    log = record(log, quest_over(log, "heroes"))
    assert log["history"][-1]["kind"] == "interlude"
    assert Counter(log["shop"]["offer"] + log["shop"]["deck"]) == Counter(catalog().shop_deck(2))


def test_buying_pays_the_cost_and_a_card_owned_is_out_of_the_next_deck() -> None:
    log = {**first_shop(), "gold": 1000}
    card = log["shop"]["offer"][0]
    log = apply(log, "heroes", f"buy {card} avric")
    assert log["gold"] == 1000 - catalog().shop[card].cost and log["items"]["avric"] == [card]
    assert card not in log["shop"]["offer"]
    log = to_next_quest(log)
    log = record(log, quest_over(log, "heroes"))           # the Interlude; the Act II deck now
    log2 = to_next_quest({**first_shop(), "gold": 1000, "items": {"syndrael": [], "avric": [card]}})
    deck = shop.deck_cards({**log2, "history": log2["history"][:1]})
    assert Counter(deck) + Counter([card]) == Counter(catalog().shop_deck(1))
    assert card in log["items"]["avric"]                   # carried from quest to quest


def test_selling_brings_half_the_cost_rounded_down_to_25_gold_and_the_card_goes_back() -> None:
    log = {**first_shop(), "gold": 0, "items": {"syndrael": ["chainmail"], "avric": ["leather-armor", "trueshot"]}}
    acts = names(log)
    assert "sell chainmail syndrael" in acts and "sell leather-armor avric" in acts
    assert "sell trueshot avric" not in acts                # a relic is never sold
    out = apply(log, "heroes", "sell chainmail syndrael")
    assert out["gold"] == 75 and out["items"]["syndrael"] == []
    out = apply(out, "heroes", "sell leather-armor avric")
    assert out["gold"] == 75 + 25                           # 75 / 2 = 37.5 -> 25
    assert Counter(shop.deck_cards(out))["chainmail"] == 1  # back in the Shop deck


def test_trading_moves_a_card_and_unequips_it() -> None:
    log = {**first_shop(), "items": {"syndrael": ["iron-spear"], "avric": []},
           "equipped": {"syndrael": ["iron-spear"], "avric": []}}
    out = apply(log, "heroes", "give iron-spear syndrael avric")
    assert out["items"] == {"syndrael": [], "avric": ["iron-spear"]} and out["equipped"]["syndrael"] == []
    assert "equip iron-spear avric" in names(out)


def test_equipping_follows_the_slots_and_unequipping_frees_them() -> None:
    log = {**first_shop(), "items": {"syndrael": ["iron-battleaxe", "iron-shield", "chainmail", "sunburst"],
                                     "avric": []}}
    log = apply(log, "heroes", "equip iron-battleaxe syndrael")
    acts = names(log)
    assert "equip iron-shield syndrael" not in acts         # the two-hands axe holds both hands
    assert "equip iron-battleaxe syndrael" not in acts      # one copy, equipped already
    log = apply(log, "heroes", "equip chainmail syndrael")
    log = apply(log, "heroes", "unequip iron-battleaxe syndrael")
    acts = names(log)
    assert "equip iron-shield syndrael" in acts and "equip sunburst syndrael" not in acts   # a Rune, with Chainmail
    with pytest.raises(SetupError, match="cannot equip sunburst"):
        apply(log, "heroes", "equip sunburst syndrael")


def test_done_puts_the_unbought_cards_back_and_the_equipment_goes_into_the_next_quest() -> None:
    log = {**first_shop(), "items": {"syndrael": ["iron-spear", "iron-shield"], "avric": []}}
    log = apply(apply(log, "heroes", "equip iron-spear syndrael"), "heroes", "equip iron-shield syndrael")
    log = apply(log, "heroes", "done")
    assert log["shop"] is None and log["phase"] == "spend-xp"
    log = apply(apply(log, "heroes", "done"), "overlord", "done")
    setup = encounter_setup(log)
    assert setup["campaign"]["equipment"] == {"syndrael": ["iron-spear", "iron-shield"]}
    assert setup["campaign"]["items"] == {"syndrael": [], "avric": []}    # equipment is not a Search card
    st = GAME.new(setup, seed=1)
    assert isinstance(st, DescentState) and st.stat(st.ids["syndrael"]).dice == ("blue", "yellow")


def test_search_cards_pay_their_gold_used_or_not_and_go_back_to_the_deck() -> None:
    log = first_shop(found={"syndrael": ["health-potion"]}, used={"avric": ["curse-doll", "stamina-potion"]})
    rw = campaign_data("harrowmere").rewards
    assert log["gold"] == rw.hero_gold + rw.win_gold + 25 + 50 + 25
    h = log["history"][-1]
    assert h["search_gold"] == 100 and h["search_cards"] == ["curse-doll", "health-potion", "stamina-potion"]
    assert log["items"] == {"syndrael": [], "avric": []}      # none is kept for the next quest


def test_a_treasure_chest_gives_its_finder_a_shop_item_of_the_act() -> None:
    log = first_shop(found={"avric": ["treasure-chest"]})
    got = log["history"][-1]["treasure"]
    assert got["hero"] == "avric" and log["items"]["avric"] == [got["item"]]
    assert catalog().shop[got["item"]].act == 1
    assert got["item"] not in log["shop"]["offer"] + log["shop"]["deck"]


def test_a_quests_relic_goes_to_the_heroes_when_they_win_and_its_other_face_to_the_overlord() -> None:
    def interlude(winner: str) -> JSON:
        log = to_next_quest(first_shop())
        return record(log, quest_over(log, winner))

    won = interlude("heroes")
    assert "trueshot" in won["items"]["syndrael"] and won["history"][-1]["relic"]["relic"] == "trueshot"
    lost = interlude("overlord")
    assert lost["overlord_relics"] == ["scorpions-kiss"] and "trueshot" not in lost["items"]["syndrael"]
    assert "Scorpion's Kiss" in show(lost)


def test_a_won_relic_is_carried_until_its_hero_equips_it() -> None:
    """Trueshot won in Harrowmere's Interlude is carried (``items``: on the campaign sheet) but not
    in the next quest's ``campaign.equipment`` until a Shopping step equips it."""
    log = to_next_quest(first_shop())
    won = record(log, quest_over(log, "heroes"))
    assert won["phase"] == "shopping" and "trueshot" in won["items"]["syndrael"]
    carried = to_next_quest(won)
    assert "trueshot" not in encounter_setup(carried)["campaign"].get("equipment", {}).get("syndrael", [])
    assert "equip trueshot syndrael" in names(won)
    worn = to_next_quest(apply(won, "heroes", "equip trueshot syndrael"))
    setup = encounter_setup(worn)
    assert "trueshot" in setup["campaign"]["equipment"]["syndrael"]
    st = GAME.new(setup, seed=1)
    from questbox.games.descent.modules.items import relics

    assert isinstance(st, DescentState) and st.stat(st.ids["syndrael"]).dice == tuple(relics()["trueshot"].dice)


def test_a_campaign_may_name_its_own_deck(monkeypatch: pytest.MonkeyPatch) -> None:
    ours = campaign_data("harrowmere").model_copy(update={"shop": [ShopCard(id="health-potion", cost=25, count=3)],
                                                          "shop_draw": 2})
    monkeypatch.setattr(shop, "campaign_data", lambda cid: ours)
    log = first_shop()
    assert log["shop"]["offer"] == ["health-potion"] * 2 and log["shop"]["deck"] == ["health-potion"]
    log = apply(log, "heroes", "buy health-potion avric")
    assert log["items"]["avric"] == ["health-potion"] and "sell health-potion avric" in names(log)


def test_the_shop_is_shown_with_costs_and_texts_and_the_deck_order_is_hidden() -> None:
    log = first_shop()
    text = show(log)
    card = catalog().shop[log["shop"]["offer"][0]]
    assert f"{card.name} ({card.cost} gold, {card.equip}): {' '.join(card.effect.split())}" in text
    assert view(log, "heroes")["shop"]["deck"] == len(log["shop"]["deck"])


def test_a_log_with_equipment_the_hero_does_not_hold_or_cannot_wear_is_refused() -> None:
    base: JSON = {"heroes": ["syndrael", "avric"], "phase": "quest", "next": 1,
                  "items": {"syndrael": ["iron-battleaxe", "iron-shield"]}}
    ok = check_campaign_log({"log": {**base, "equipped": {"syndrael": ["iron-battleaxe"]}}})
    assert ok["equipped"]["syndrael"] == ["iron-battleaxe"]
    with pytest.raises(SetupError, match="hands are full"):
        check_campaign_log({"log": {**base, "equipped": {"syndrael": ["iron-battleaxe", "iron-shield"]}}})
    with pytest.raises(SetupError, match="cards the hero holds"):
        check_campaign_log({"log": {**base, "equipped": {"avric": ["sling"]}}})


def test_the_bot_heroes_equip_then_buy_the_dearest_card_they_can_wear_then_sell_what_nobody_can() -> None:
    from questbox.games.descent.campaign_bots import _wanted, bot_action

    log = {**first_shop(), "gold": 0, "items": {"syndrael": ["grinding-axe", "sling"], "avric": []}}
    act = bot_action(view(log, "heroes"), "heroes", None)
    assert str(act) == "equip grinding-axe syndrael"        # blue red red: more hearts than his blue red
    log = apply(log, "heroes", str(act))
    log = {**apply(log, "heroes", "unequip grinding-axe syndrael"), "gold": 0}
    assert str(bot_action(view({**log, "items": {"syndrael": ["sling"], "avric": []}}, "heroes"), "heroes", None)) \
        == "done"                                           # blue yellow: weaker than his own weapon
    log = {**log, "gold": 1000, "items": {"syndrael": [], "avric": []}, "equipped": {"syndrael": [], "avric": []}}
    act = bot_action(view(log, "heroes"), "heroes", None)
    offer = log["shop"]["offer"]
    dearest = max(catalog().shop[c].cost for c in offer if any(_wanted(log, c, h) for h in ("syndrael", "avric")))
    assert act.name == "buy" and catalog().shop[str(act.args[0])].cost == dearest
    full = {**first_shop(), "gold": 0, "shop": {"offer": [], "deck": []},
            "items": {"syndrael": ["iron-battleaxe", "crossbow"], "avric": ["elm-greatbow"]},
            "equipped": {"syndrael": ["iron-battleaxe"], "avric": ["elm-greatbow"]}}
    assert str(bot_action(view(full, "heroes"), "heroes", None)) == "sell crossbow syndrael"


def test_a_log_after_buying_selling_and_winning_a_relic_reloads_unchanged() -> None:
    log = {**first_shop(found={"syndrael": ["treasure-chest"]}), "gold": 1000,
           "items": {"syndrael": ["chainmail"], "avric": []}}
    log = apply(log, "heroes", f"buy {log['shop']['offer'][0]} avric")
    log = apply(apply(log, "heroes", "sell chainmail syndrael"), "heroes", f"equip {log['items']['avric'][0]} avric")
    log = to_next_quest(log)
    log = record(log, quest_over(log, "overlord"))           # the Interlude: the overlord wins its relic
    assert log["stats"]["shop_bought"] and log["overlord_relics"] == ["scorpions-kiss"]
    again = check_campaign_log({"log": log})
    assert {k: again[k] for k in log} == log


def test_the_campaigns_action_space_holds_the_shop_and_the_equipped_cards_actions() -> None:
    from questbox.core import Action
    from questbox.games.descent.campaign_game import GAME as CAMPAIGN

    space = set(CAMPAIGN.action_space({"heroes": ["syndrael", "avric"]}) or [])
    for a in ("sell iron-shield syndrael", "give trueshot syndrael avric", "equip trueshot avric",
              "unequip chainmail syndrael", "use iron-shield", "use tival-crystal", "surge heart5", "surge heart3",
              "reroll 2", "fortune reroll 2"):
        assert Action.parse(a) in space, a


def test_the_simulation_reports_the_shop_items_bought_and_the_search_gold() -> None:
    from questbox.games.descent.campaign_play import run_campaign
    from questbox.games.descent.campaign_stats import simulate

    report = simulate(2, 5, ["syndrael", "avric"], "first-legion")
    logs = [run_campaign(5 + i, ["syndrael", "avric"], "first-legion") for i in range(2)]
    want = Counter(c for log in logs for c in log["stats"].get("shop_bought", []))
    assert report["shop_bought"] == dict(want.most_common()) and set(want) <= set(catalog().shop)
    gold = sum(h["search_gold"] for log in logs for h in log["history"])
    assert report["search_gold_per_campaign"] == gold / 2
