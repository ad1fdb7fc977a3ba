"""The campaign bots of the Campaign phase (:func:`bot_action`); the plot bot plays the quests
(:mod:`questbox.games.descent.plot_bots`)."""

from __future__ import annotations

from questbox.core import JSON, Action
from questbox.games.descent.campaign_log import legal
from questbox.games.descent.campaign_model import campaign_data
from questbox.games.descent.campaign_shop import costs
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


#: with a Plot deck and the Overlord deck: the order the bot overlord spends XP in, Plot cards
#: (``plot:<card>``) among the class cards of :data:`CLASS_ORDER`; an entry is worth more to him
#: than those after it, so he keeps his XP for it (unless the Finale is next). A Plot card is
#: bought with threat: he turns XP into threat (3 a point) until he can buy it and keep its trigger
#: cost (:func:`plot_xp`). Rise to the Challenge first: it costs no threat to trigger, so it does
#: not take the threat Strength in Numbers lives on, and it refreshes every overlord turn (1 or 2
#: XP, after the first quest). Measured against :data:`CLASS_ORDER` alone (no Plot card bought),
#: paired Harrowmere campaigns (plot bots, First Legion, Overlord deck, Syndrael and Avric, jobs 1):
#: chosen among six orders on seeds 5000-5299, where the overlord won 73 without a Plot card and
#: 83 with Rise to the Challenge first (50 pairs won only with it, 40 only without), 67-75 with the
#: others (Threatening Masses, or it and Swarming Tide, first or after one or two Dark
#: Fortitudes; Summon Ardus first); then checked on fresh seeds 6000-6299: 76 with it and 62
#: without (55 and 41; sign test p = 0.18; both runs together 105 and 81, p = 0.09: a lean, not
#: a proof)
XP_ORDER = ("plot:rise-to-the-challenge", *CLASS_ORDER)


def plot_xp(log: JSON, card: str) -> int:
    """The XP the overlord must still turn into threat to buy Plot card ``card`` and keep threat
    enough to trigger it once (its purchase plus its trigger cost, less his threat; 3 a point)."""
    c = cards_of(log["plot_deck"])[card]
    short: int = c.buy + c.trigger - log["threat"]
    return max(0, -(-short // 3))


def agent_ahead(log: JSON) -> bool:
    """Whether a quest still to come may summon the agent Ardus: a quest (not an Interlude or a
    Finale, DLP-AGENT-08) that neither the campaign nor one of its groups makes a quest featuring
    his lieutenant version (DLP-AGENT-07), with an open group to replace."""
    from questbox.games.descent.data import read_quest

    def usable(quest: str) -> bool:
        qm = read_quest(quest)
        if any(g.lieutenant == "ardus" for g in qm.groups) or not any(g.open for g in qm.groups):
            return qm.next_encounter is not None and usable(qm.next_encounter)
        return True

    return any(q.kind == "quest" and "ardus" not in q.lieutenants and usable(q.quest)
               for q in campaign_data(log["campaign"]).quests[log["next"]:])


def class_card_choice(log: JSON, names: list[str]) -> Action | None:
    """The bot overlord's XP now, in :data:`XP_ORDER` with a Plot deck (else :data:`CLASS_ORDER`):
    the first entry not bought yet, if he may buy it (a Plot card: turning XP into threat first
    when he lacks threat for it, :func:`plot_xp`; Summon Ardus only while :func:`agent_ahead`);
    ``None`` when he should not buy (nothing left to want, or XP kept for the next card wanted).
    XP is only kept when the next quest is not the Finale (a Campaign phase follows it)."""
    bought = list(log.get("overlord_deck", []))
    cat = catalog()
    finale_next = campaign_data(log["campaign"]).quests[log["next"]].kind == "finale"
    order = XP_ORDER if log["plot_deck"] else CLASS_ORDER
    for c in order:
        if c.startswith("plot:"):
            card = c.removeprefix("plot:")
            if card not in log["facedown"] or (card == "summon-ardus" and not agent_ahead(log)):
                continue
            need = plot_xp(log, card)
            if need == 0:
                return Action("buy-plot", (card,))
            if need <= log["xp"]["overlord"]:
                return Action("xp-threat")
            if not finale_next:
                return Action("done")    # keep the XP for this card
            continue
        if c in bought:
            bought.remove(c)
            continue
        if f"buy-overlord {c}" in names:
            return Action("buy-overlord", (c,))
        if log["xp"]["overlord"] < cat.overlord[c].xp and not finale_next:
            return Action("done")        # keep the XP for this card
    return None


def hero_xp_choice(log: JSON, acts: list[Action]) -> Action:
    """The heroes' Spend XP step: a skill card first (the cheapest of the hero's class that the
    engine plays, skills.yaml order on a tie); while a hero still lacks a played skill card he
    cannot afford yet, he keeps his XP for it; a hero with every played card of his class bought
    buys Toughness (ours). Then ``done``."""
    from questbox.games.descent.skills import CARDS, class_skills

    buys = [a for a in acts if a.name == "buy-skill"]
    if buys:
        cost = {s.id: s.xp for c in catalog().classes.values() for s in c.skills}
        return min(buys, key=lambda a: cost[str(a.args[0])])
    classes = dict(h.split(":") for h in log["heroes"])
    have = log.get("skills", {})
    for a in acts:
        if a.name == "upgrade":
            h = str(a.args[0])
            if all(c in have.get(h, []) for c in class_skills(classes[h]) if c in CARDS):
                return a
    return Action("done")


def rumor_choice(acts: list[Action]) -> Action:
    """The Rumor bots (ours): the overlord plays a Rumor card whenever he may, one that features a
    quest first (a threat token with First Legion, and XP if the heroes leave its quest); the
    heroes take an available Rumor quest at once (left, it gives the overlord XP in Act II)."""
    from questbox.games.descent.campaign_model import rumor_cards

    cards = rumor_cards()
    for a in acts:
        if a.name == "rumor-quest" or (a.name == "rumor" and cards[str(a.args[0])].quest is not None):
            return a
    return next((a for a in acts if a.name == "rumor"), acts[-1])


def bot_action(log: JSON, seat: str, plot_deck: str | None = "first-legion") -> Action:
    """The campaign bots: the overlord takes ``plot_deck``; with the Overlord deck he buys class
    cards in :data:`CLASS_ORDER` (:func:`class_card_choice`); he turns the rest of his XP into
    threat and buys Plot cards in :data:`BUY_ORDER`; the heroes buy skill cards
    (:func:`hero_xp_choice`), spend fortune pairs on extra Shop cards and buy what they can
    afford, the cheapest first, for the hero with the fewest items."""
    acts = legal(log, seat)
    names = [str(a) for a in acts]
    if log["phase"] == "plot-deck":
        return Action("plot-deck", (plot_deck or "none",))
    if log["phase"] in ("rumor", "next-quest"):
        return rumor_choice(acts)
    if seat == "overlord":
        if "overlord_deck" in log:
            pick = class_card_choice(log, names)
            if pick is not None and pick.name != "done":
                return pick
            if pick is not None:     # keeping XP: still buy Plot cards with threat
                names = [n for n in names if n != "xp-threat"]
        if "xp-threat" in names:
            return Action("xp-threat")
        agent_ok = agent_ahead(log)
        for c in BUY_ORDER:
            if c == "summon-ardus" and not agent_ok:
                continue
            if f"buy-plot {c}" in names and log["threat"] - cards_of(log["plot_deck"])[c].buy < 2:
                continue  # keep threat to trigger the cards
            if f"buy-plot {c}" in names:
                return Action("buy-plot", (c,))
        return Action("done")
    if log["phase"] == "spend-xp":
        return hero_xp_choice(log, acts)
    for a in acts:
        if a.name == "extra-card":
            return a
    gear = shopping_choice(log, acts)
    if gear is not None:
        return gear
    buys = [a for a in acts if a.name == "buy"]
    if buys:
        items = log["items"]
        cost = costs(log)
        return min(buys, key=lambda a: (cost[str(a.args[0])], len(items[str(a.args[1])])))
    return Action("done")


def _hearts(dice: tuple[str, ...] | list[str]) -> float:
    """The mean hearts a pool of attack dice rolls."""
    from questbox.games.descent.data import library

    lib = library().dice
    return sum(sum(f.hearts for f in lib[d]) / len(lib[d]) for d in dice)


def _wanted(log: JSON, iid: str, hero: str) -> bool:
    """Whether the bot wants ``hero`` to wear ``iid``: a card the engine plays, and a weapon only
    when its dice roll more hearts on average than the weapon he fights with now."""
    from questbox.games.descent.data import library
    from questbox.games.descent.modules.items import items

    it = items()[iid]
    if not it.played:
        return False
    if it.attack is None:
        return True
    eq = (log.get("equipped") or {}).get(hero, [])
    now = [items()[x].dice for x in eq if items()[x].attack is not None]
    if not now:
        lib = library()
        cls = next(h.split(":")[1] for h in log["heroes"] if h.split(":")[0] == hero)
        now = [next(c.dice for c in lib.classes[cls] if c.kind == "weapon")]
    return _hearts(it.dice) > _hearts(now[0])


#: the order the bot equips cards in: a weapon first, then armor, then the rest
EQUIP_ORDER = {"two-hands": 0, "one-hand": 1, "armor": 2, "other": 3}


def shopping_choice(log: JSON, acts: list[Action]) -> Action | None:
    """The bot heroes' gear in the Shopping step, in this priority: (1) equip a card the engine
    plays that a hero holds and can equip (a weapon, then armor, then the others; a weapon only
    if its dice roll more hearts on average than his current weapon's); (2) buy the dearest
    revealed card of that kind that a hero can equip now, for the hero holding the fewest cards;
    (3) sell a Shop Item no hero can equip. ``None``: nothing of that (a campaign's
    own deck of Search cards is bought as before, the cheapest first)."""
    from questbox.games.descent.modules.items import equip_problem, items

    cat = items()
    eq = log.get("equipped") or {}
    equips = [a for a in acts if a.name == "equip" and _wanted(log, str(a.args[0]), str(a.args[1]))]
    if equips:
        return min(equips, key=lambda a: EQUIP_ORDER[cat[str(a.args[0])].equip])
    heroes = list(log["items"])
    buys = [a for a in acts if a.name == "buy" and str(a.args[0]) in cat
            and _wanted(log, str(a.args[0]), str(a.args[1]))
            and equip_problem(eq.get(str(a.args[1]), []), str(a.args[0])) is None]
    if buys:
        return max(buys, key=lambda a: (cat[str(a.args[0])].cost, -len(log["items"][str(a.args[1])]),
                                        -heroes.index(str(a.args[1]))))
    for a in (x for x in acts if x.name == "sell"):
        it, h = str(a.args[0]), str(a.args[1])
        if it in cat and log["items"][h].count(it) > eq.get(h, []).count(it) and all(
                equip_problem(eq.get(o, []), it) is not None for o in heroes):
            return a
    return None
