"""The campaign bots of the Campaign phase (:func:`bot_action`); the plot bot plays the quests
(:mod:`questbox.games.descent.plot_bots`)."""

from __future__ import annotations

from questbox.core import JSON, Action
from questbox.games.descent.campaign_log import legal
from questbox.games.descent.campaign_model import campaign_data
from questbox.games.descent.catalog import catalog
from questbox.games.descent.plot import cards_of

BUY_ORDER = ("summon-ardus", "loyalty-rewarded", "threatening-masses", "swarming-tide", "camaraderie",
             "rise-to-the-challenge", "fealty", "defensive-position", "retribution")
#: the Overlord class cards the bot overlord buys, in this order (a copy per entry): the Warlord
#: line, whose cards all play: two Dark Fortitudes open level 2, Expert Blow (+2 hearts on an
#: attack, and it comes back to the hand) before Bloodlust, then Reinforce (level 3), then Word of
#: Pain; a card whose level is not open yet is skipped. Measured against the earlier order (Dark
#: Fortitude x2, Bloodlust, Word of Pain x2, Web Trap x2): 500 paired Harrowmere campaigns (plot
#: bots, First Legion, Syndrael and Avric, seeds 2000-2199 and 3000-3299) the overlord won 244
#: with this order and 221 with the earlier one (97 pairs won only with this, 74 only with that;
#: sign test p = 0.09: a lean, not a proof)
CLASS_ORDER = ("dark-fortitude", "dark-fortitude", "expert-blow", "bloodlust", "reinforce", "word-of-pain",
               "word-of-pain")


def class_card_choice(log: JSON, names: list[str]) -> Action | None:
    """The bot overlord's class card now: the first of :data:`CLASS_ORDER` not yet bought, if he
    may buy it; ``None`` when he should not buy (nothing left to want, or XP kept for the next
    card wanted). XP is only kept when a quest other than the Finale is still to be followed by a
    Campaign phase, i.e. the next quest is not the Finale."""
    bought = list(log.get("overlord_deck", []))
    cat = catalog()
    finale_next = campaign_data(log["campaign"]).quests[log["next"]].kind == "finale"
    for c in CLASS_ORDER:
        if c in bought:
            bought.remove(c)
            continue
        if f"buy-overlord {c}" in names:
            return Action("buy-overlord", (c,))
        if log["xp"]["overlord"] < cat.overlord[c].xp and not finale_next:
            return Action("done")        # keep the XP for this card
    return None


def bot_action(log: JSON, seat: str, plot_deck: str | None = "first-legion") -> Action:
    """The campaign bots: the overlord takes ``plot_deck``; with the Overlord deck he buys class
    cards in :data:`CLASS_ORDER` (:func:`class_card_choice`); he turns the rest of his XP into
    threat and buys Plot cards in :data:`BUY_ORDER`; the heroes buy Toughness, spend fortune pairs
    on extra Shop cards and buy what they can afford, the cheapest first, for the hero with the
    fewest items."""
    acts = legal(log, seat)
    names = [str(a) for a in acts]
    if log["phase"] == "plot-deck":
        return Action("plot-deck", (plot_deck or "none",))
    if seat == "overlord":
        if "overlord_deck" in log:
            pick = class_card_choice(log, names)
            if pick is not None and pick.name == "buy-overlord":
                return pick
            if pick is not None:     # keeping XP: still buy Plot cards with threat
                names = [n for n in names if n != "xp-threat"]
        if "xp-threat" in names:
            return Action("xp-threat")
        cm = campaign_data(log["campaign"])
        agent_ok = any(q.kind == "quest" for q in cm.quests[log["next"]:])
        for c in BUY_ORDER:
            if c == "summon-ardus" and not agent_ok:
                continue
            if f"buy-plot {c}" in names and log["threat"] - cards_of(log["plot_deck"])[c].buy < 2:
                continue  # keep threat to trigger the cards
            if f"buy-plot {c}" in names:
                return Action("buy-plot", (c,))
        return Action("done")
    for a in acts:
        if a.name in ("upgrade", "extra-card"):
            return a
    buys = [a for a in acts if a.name == "buy"]
    if buys:
        items = log["items"]
        cm = campaign_data(log["campaign"])
        cost = {s.id: s.cost for s in cm.shop}
        return min(buys, key=lambda a: (cost[str(a.args[0])], len(items[str(a.args[1])])))
    return Action("done")
