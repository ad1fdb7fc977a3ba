"""Issue #18: the campaign log as a readable sheet (``questbox campaign show``, the terminal table's
campaign panel): quests, heroes, classes, skills, items, relics, upgrades, Plot and Overlord cards by
name with their texts (the glossary's, from the data), the story, what each quest earned; a hero
seat's sheet never names the face-down Plot cards nor the overlord's hand."""

from __future__ import annotations

import re
from typing import Any

import pytest
from rich.console import Console

from questbox.core import JSON, get_game
from questbox.games.descent import campaign_log as L
from questbox.games.descent.campaign import main
from questbox.games.descent.campaign_game import campaign_log
from questbox.games.descent.campaign_sheet import rules, sheet

G = get_game("descent-campaign")

#: a log after the first quest of The Pyre and the Legion, with one of everything on the sheet
DOC: JSON = {
    "campaign": "pyre-legion", "heroes": ["syndrael:berserker", "avric:disciple"], "phase": "spend-xp",
    "next": 1, "plot_deck": "first-legion", "threat": 3, "fortune": {"syndrael": 1},
    "faceup": ["strength-in-numbers", "fealty"],
    "xp": {"syndrael": 2, "avric": 1, "overlord": 1}, "gold": 75,
    "skills": {"syndrael": ["brute"], "avric": ["blessed-strike"]},
    "upgrades": {"syndrael": ["toughness", "toughness"]},
    "items": {"syndrael": ["iron-shield", "health-potion"], "avric": ["trueshot"]},
    "equipped": {"syndrael": ["iron-shield"]},
    "overlord_deck": ["web-trap"], "overlord_relics": ["scorpions-kiss"],
    "history": [{"quest": "farrow-pyre", "kind": "quest", "winner": "heroes", "reason": "the pyre is put out",
                 "rounds": 6, "threat_after": 3, "search_cards": ["health-potion", "stamina-potion"],
                 "search_gold": 50, "treasure": {"hero": "avric", "item": "iron-shield"},
                 "relic": {"side": "heroes", "relic": "trueshot"}}],
}


def _log(**changes: Any) -> JSON:
    return campaign_log({"log": {**DOC, **changes}})


def _ids(text: str, ids: list[str]) -> list[str]:
    """The ids (with a hyphen: card and quest ids; plain words are names too) that ``text`` holds."""
    return [i for i in ids if "-" in i and re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", text)]


def test_the_sheet_names_every_card_with_its_text() -> None:
    log = _log()
    text = sheet(log)
    r = rules()
    shown = (("card:brute", "Brute (1 XP): "), ("card:blessed-strike", "Blessed Strike (1 XP): "),
             ("upgrade:toughness", "Toughness x2: "), ("shop:iron-shield", "Iron Shield (one-hand) [equipped]: "),
             ("item:health-potion", "Health Potion: "), ("relic:trueshot", "Trueshot (two-hands): "),
             ("overlord:web-trap", "Web Trap (saboteur, 1 XP): "), ("relic:scorpions-kiss", "Scorpion's Kiss: "),
             ("plot:fealty", "Fealty (trigger "), ("plot:retribution", "Retribution (buy 2 threat): "))
    for key, line in shown:
        assert line in text, (key, text)
        assert r[key]["text"] and r[key]["text"] in text, key
    assert "Syndrael, Berserker: XP 2, fortune 1" in text and "Avric Albright, Disciple: XP 1" in text
    assert "HEROES (the party's gold: 75)" in text and "OVERLORD: XP 1, threat 3" in text
    # the story (CampaignModel.story), the quests by name
    story = " ".join(_story().split())
    assert story and story in " ".join(text.split())
    assert "2. The Muster of the First Legion (quest): next" in text
    assert "next: quest 2 of 6, The Muster of the First Legion (quest)" in text
    # no raw id of what it names
    named = [*log["skills"]["syndrael"], *log["skills"]["avric"], *log["items"]["syndrael"], "trueshot",
             "web-trap", "scorpions-kiss", "strength-in-numbers", "fealty", "farrow-pyre", "stamina-potion",
             "first-legion", "iron-shield", "health-potion", "ardus-muster"]
    assert _ids(text, named) == [], _ids(text, named)


def _story() -> str:
    from questbox.games.descent.campaign_model import campaign_data

    return campaign_data("pyre-legion").story


def test_a_quest_played_says_who_won_and_what_it_earned() -> None:
    text = sheet(_log())
    line = next(x for x in text.splitlines() if x.startswith("  1. "))
    assert line.startswith("  1. The Farrow Pyre (quest): the heroes won in 6 rounds (the pyre is put out)")
    assert "earned: Search cards Health Potion, Stamina Potion (50 gold)" in line
    assert "Avric Albright found Iron Shield in a Treasure Chest" in line
    assert "the heroes won the relic Trueshot" in line


def test_a_log_started_later_marks_the_quests_its_history_holds() -> None:
    # (the old sheet took history[0] for quest 1: here it is quest 2's entry)
    h = {**DOC["history"][0], "quest": "ardus-muster", "reason": "the muster is broken"}
    log = _log(next=2, history=[h])
    lines = sheet(log).splitlines()
    first = next(x for x in lines if x.startswith("  1. "))
    second = next(x for x in lines if x.startswith("  2. "))
    assert first == "  1. The Farrow Pyre (quest): played (not in this log)"
    assert second.startswith("  2. The Muster of the First Legion (quest): the heroes won in 6 rounds")
    assert L.show(log).startswith(sheet(log))        # the command line's show is the sheet


def test_a_hero_seat_never_sees_the_face_down_plot_cards_named() -> None:
    log = _log()
    down = log["facedown"]
    assert down
    names = [rules()[f"plot:{c}"]["name"] for c in down]
    theirs = sheet(L.view(log, "heroes"))
    assert f"Plot cards face down: {len(down)} (hidden)" in theirs
    assert not [n for n in names if n in theirs]
    mine = sheet(L.view(log, "overlord"))
    assert all(n in mine for n in names)


def test_campaign_show_prints_the_sheet(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    path = tmp_path / "log.json"
    path.write_text(json.dumps(_log()))
    assert main(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Pyre and the Legion (pyre-legion, seed 0)")
    assert "Brute (1 XP): " in out and "heroes to move: " in out


def test_campaign_show_as_a_hero_seat_prints_its_sheet_and_json_its_view(
        tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    log = _log()
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log))
    assert main(["show", str(path), "--as", "heroes"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip("\n") == sheet(L.view(log, "heroes"))      # (no seed, no actions, the Plot cards counted)
    assert "Plot cards face down: 8 (hidden)" in out and "Retribution" not in out
    assert main(["show", str(path), "--as", "heroes", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == L.view(log, "heroes")
    assert main(["show", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == log


def _rendered(state: Any, seat: str) -> str:
    console = Console(width=200, record=True, color_system=None)
    console.print(G.render(state.view(seat), seat))
    return console.export_text()


def test_in_a_quest_the_overlords_hand_is_named_on_his_screen_only() -> None:
    st = G.new({"campaign": "pyre-legion", "heroes": ["syndrael", "avric"], "overlord_deck": True}, seed=4)
    st.apply("overlord", "plot-deck first-legion")
    hand = st.view("overlord")["encounter"]["mods"]["overlord"]["hand"]
    assert hand
    cards = [rules()[f"overlord:{c}"]["name"] for c in hand]
    heroes, overlord = _rendered(st, "heroes"), _rendered(st, "overlord")
    assert all(c in overlord for c in cards)
    assert f"hand: {len(hand)} cards" in heroes
    # (a card name may also be a word of the board: only the hand's line is checked in full)
    line = next(x for x in heroes.splitlines() if "Overlord deck" in x)
    assert not [c for c in cards if c in line]
    # the quest is named, the heroes' class cards are on their sheets with their texts
    assert "The Farrow Pyre" in heroes
    assert rules()["card:rage"]["text"][:40] in heroes


def test_in_a_quest_the_terminal_names_the_quest_and_the_heroes_items() -> None:
    log = {k: v for k, v in DOC.items() if k not in ("history", "faceup")}
    st = G.new({"log": {**log, "phase": "quest", "next": 1, "history": []}}, seed=2)
    text = _rendered(st, "heroes")
    assert "The Muster of the First Legion  round 0  (setup)" in text     # the quest's head, by name
    # the Search card held, on his line of the quest; the cards equipped, on the campaign's sheet
    assert "items: Health Potion" in text and "Iron Shield (one-hand) [equipped]" in text
    assert _ids(text, ["iron-shield", "health-potion", "ardus-muster", "strength-in-numbers"]) == []


def test_one_item_name_lookup_serves_the_terminal_and_the_campaign_sheet() -> None:
    from questbox.games.descent import campaign_sheet, glossary, render

    assert render.item_name is glossary.item_name and campaign_sheet.item_name is glossary.item_name
    names = {i: glossary.item_name(i) for i in ("health-potion", "rage", "no-such-card")}
    assert names == {"health-potion": "Health Potion", "rage": "Rage", "no-such-card": "no-such-card"}
    assert render.plot_name is glossary.plot_name


def test_in_a_quest_the_heros_sheet_lists_his_equipped_cards() -> None:
    log = {k: v for k, v in DOC.items() if k not in ("history", "faceup")}
    st = G.new({"log": {**log, "phase": "quest", "next": 1, "history": []}}, seed=2)
    figures = st.view("heroes")["encounter"]["figures"]
    worn = {h: f["equipped"] for h, f in figures.items() if f.get("equipped")}
    assert "iron-shield" in [c for cards in worn.values() for c in cards]
    assert all(f["side"] == "hero" for h, f in figures.items() if h in worn)
    line = next(x for x in _rendered(st, "heroes").splitlines() if "equipped: " in x and "Iron Shield" in x)
    assert "(" in line.split("equipped:")[0]                # on a hero's row of the figures' table


def test_the_class_card_table_names_each_heros_class() -> None:
    log = {k: v for k, v in DOC.items() if k not in ("history", "faceup")}
    st = G.new({"log": {**log, "phase": "quest", "next": 1, "history": []}}, seed=2)
    figures = st.view("heroes")["encounter"]["figures"]
    assert (figures["syndrael"]["class"], figures["avric"]["class"]) == ("berserker", "disciple")
    text = _rendered(st, "heroes")
    assert re.search(r"Syndrael, Berserker +Rage \(skill\)", text)
    assert re.search(r"Avric Albright, Disciple +Prayer of Healing \(skill\)", text)
