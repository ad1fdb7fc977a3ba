"""Rumor cards in a Descent campaign (issue #18, DLP-THREAT-07): the rules on the campaign log.

A campaign whose data names Rumor cards (``rumors:`` in ``data/campaigns/<id>.yaml``) gives the
log the key ``rumors``: ``hand`` (the overlord's, secret), ``deck`` (the rest, face down),
``available`` (Rumor quest cards in play: available quests), ``played`` (every card played, in
order), ``quest`` (the Rumor card whose quest is being played, else ``None``). A log without the
key (every other campaign) plays as before.

As printed (docs/games/descent-part2-data.md): the overlord draws 3 Rumor cards before the
campaign; he may play at most one in each Campaign phase, at its card's moment (ours: every card of
ours is played at the start of a Campaign phase, phase ``rumor``: ``rumor <card>`` or ``pass``); a
Rumor quest card is then in play as an available quest; an Act I card cannot be played in Act II
and leaves his hand when Act II begins; a Rumor quest card cannot be played while the Interlude is
the next quest. The Lieutenant Pack: each time he plays one that features a quest he gains one
threat token (DLP-THREAT-07; threat tokens are the First Legion Plot deck's, so only with it).
Ours: at the end of the Campaign phase (phase ``next-quest``) the heroes choose between the
campaign's next quest (``next-quest``) and an available Rumor quest (``rumor-quest <card>``); a
Rumor quest played leaves play whoever wins it, and the campaign's next quest is still next; a
Rumor quest still available when Act II begins leaves play and gives the overlord the card's
``unplayed_xp``.
"""

from __future__ import annotations

from questbox.core import JSON, Rng, SetupError
from questbox.games.descent.campaign_model import CampaignModel, CampaignQuest, campaign_data, rumor_cards

#: the overlord's hand of Rumor cards before the first quest (printed)
HAND = 3


def new_rumors(cm: CampaignModel, seed: int) -> JSON | None:
    """The log's ``rumors`` for a new campaign (``None``: the campaign has no Rumor cards): the deck
    shuffled with a generator of its own seeded from the log's seed, 3 cards drawn into the hand."""
    if not cm.rumors:
        return None
    deck = list(cm.rumors)
    Rng(seed).shuffle(deck)
    return {"hand": deck[:HAND], "deck": deck[HAND:], "available": [], "played": [], "quest": None}


def act_now(log: JSON) -> int:
    """The campaign's act: 2 once the Interlude has been played, else 1."""
    return 2 if any(e.get("kind") == "interlude" for e in log["history"]) else 1


def current_quest(log: JSON, cm: CampaignModel) -> CampaignQuest:
    """The quest played next: the Rumor card's quest the heroes chose, else the campaign's next."""
    r = log.get("rumors")
    if r and r["quest"]:
        quest = rumor_cards()[r["quest"]].quest
        assert quest is not None
        return CampaignQuest(quest=quest, kind="quest", act=act_now(log))
    return cm.quests[log["next"]]


def playable(log: JSON) -> list[str]:
    """The Rumor cards of the overlord's hand he may play now (start of a Campaign phase)."""
    r = log.get("rumors")
    if not r:
        return []
    cm = campaign_data(log["campaign"])
    interlude_next = log["next"] < len(cm.quests) and cm.quests[log["next"]].kind == "interlude"
    cards = rumor_cards()
    return [c for c in r["hand"] if cards[c].act in (None, act_now(log))
            and not (cards[c].quest is not None and interlude_next)]


def play_rumor(log: JSON, out: JSON, card: str) -> None:
    """The overlord plays ``card`` (legal: :func:`playable`) into the copy ``out`` of the log."""
    r, c = out["rumors"], rumor_cards()[card]
    r["hand"].remove(card)
    r["played"].append(card)
    if c.quest is not None:
        r["available"].append(card)
        if log["plot_deck"]:
            out["threat"] += 1          # DLP-THREAT-07: one threat token, with the pack's Plot deck
    else:
        out["xp"]["overlord"] += c.overlord_xp


def after_quest(log: JSON, out: JSON, played: CampaignQuest) -> str:
    """The Rumor rules after a quest other than the Finale, in the copy ``out``: the Rumor quest
    played leaves play; after the Interlude (Act II begins) the Act I cards leave his hand and an
    unplayed Rumor quest gives him its XP. The phase that starts the Campaign phase: ``rumor`` when
    he has a card to play, else ``shopping``."""
    r = out.get("rumors")
    if not r:
        return "shopping"
    if r["quest"]:
        r["available"].remove(r["quest"])
        r["quest"] = None
    if played.kind == "interlude":
        cards = rumor_cards()
        r["hand"] = [c for c in r["hand"] if cards[c].act != 1]
        for c in [c for c in r["available"] if cards[c].act == 1]:
            r["available"].remove(c)
            out["xp"]["overlord"] += cards[c].unplayed_xp
    return "rumor" if playable(out) else "shopping"


def view_rumors(log: JSON, out: JSON, seat: str | None) -> None:
    """The seat's view of ``rumors`` in ``out``: the hand is the overlord's, the deck nobody's."""
    r = log.get("rumors")
    if r:
        out["rumors"] = {**r, "deck": len(r["deck"]),
                         "hand": list(r["hand"]) if seat == "overlord" else len(r["hand"])}


def check_rumors(log: JSON, where: str) -> JSON:
    """``log["rumors"]`` if it is one of the campaign's (``SetupError`` naming the problem): the
    campaign's Rumor cards, each once in the hand, the deck or the cards played; the available
    ones played cards featuring a quest; ``quest`` one of them or ``None``."""
    cm, r = campaign_data(log["campaign"]), log.get("rumors")
    keys = {"hand", "deck", "available", "played", "quest"}
    if not cm.rumors or not isinstance(r, dict) or set(r) != keys:
        raise SetupError(f"{where}: a campaign with Rumor cards has rumors: {', '.join(sorted(keys))}")
    lists = [r[k] for k in ("hand", "deck", "available", "played")]
    if not all(isinstance(v, list) and all(isinstance(c, str) for c in v) for v in lists):
        raise SetupError(f"{where}: hand, deck, available and played are lists of Rumor card ids")
    if sorted([*r["hand"], *r["deck"], *r["played"]]) != sorted(cm.rumors):
        raise SetupError(f"{where}: each of the campaign's Rumor cards ({', '.join(cm.rumors)}) once, "
                         "in the hand, the deck or the cards played")
    cards = rumor_cards()
    if any(c not in r["played"] or cards[c].quest is None for c in r["available"]) \
            or len(set(r["available"])) != len(r["available"]):
        raise SetupError(f"{where}: available: Rumor cards played that feature a quest")
    if r["quest"] is not None and (r["quest"] not in r["available"] or log["phase"] != "quest"):
        raise SetupError(f"{where}: quest: an available Rumor card whose quest is next (phase quest)")
    if log["phase"] == "next-quest" and not r["available"]:
        raise SetupError(f"{where}: the next-quest phase needs an available Rumor quest")
    return r
