"""The campaign bots of the Campaign phase (:func:`bot_action`); the plot bot plays the quests
(:mod:`questbox.games.descent.plot_bots`)."""

from __future__ import annotations

from questbox.core import JSON, Action
from questbox.games.descent.campaign_log import legal
from questbox.games.descent.campaign_model import campaign_data
from questbox.games.descent.plot import cards_of

BUY_ORDER = ("summon-ardus", "loyalty-rewarded", "threatening-masses", "swarming-tide", "camaraderie",
             "rise-to-the-challenge", "fealty", "defensive-position", "retribution")


def bot_action(log: JSON, seat: str, plot_deck: str | None = "first-legion") -> Action:
    """The campaign bots: the overlord takes ``plot_deck``, turns all XP into threat and buys cards
    in :data:`BUY_ORDER`; the heroes buy Toughness, spend fortune pairs on extra Shop cards and
    buy what they can afford, the cheapest first, for the hero with the fewest items."""
    acts = legal(log, seat)
    names = [str(a) for a in acts]
    if log["phase"] == "plot-deck":
        return Action("plot-deck", (plot_deck or "none",))
    if seat == "overlord":
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
