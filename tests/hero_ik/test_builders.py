"""Party and dungeon builders: the checks of setup step 1 and Annex II, with errors naming the rule."""

from __future__ import annotations

import pytest

from questbox.core import SetupError
from questbox.games.hero_ik import GAME
from questbox.games.hero_ik.cards import box_dungeon, build_dungeon, build_party, builtin

BOX = box_dungeon(builtin().boxes["lair-of-the-lich"])


@pytest.mark.clause("HIK-SETUP-02", "HIK-SETUP-03", "HIK-SETUP-04", "HIK-CONSTRUCTED-06")
def test_a_party_is_five_cards_with_one_to_four_adventurers() -> None:
    cs = builtin()
    assert build_party(cs, ["hero", "nova", "force", "epee", "priere"]) == (
        ["hero", "nova"], ["force", "epee", "priere"])
    assert build_party(cs, ["hero", "nova", "kargan", "sylene", "force"])[0] == ["hero", "nova", "kargan", "sylene"]
    assert build_party(cs, ["sylene", "force", "soins", "amulette", "traque"])[1] == [
        "force", "soins", "amulette", "traque"]


@pytest.mark.parametrize(("party", "message"), [
    (["hero", "nova", "force", "epee"], "exactly 5 cards in total, not 4 .HIK-SETUP-04"),
    (["hero", "nova", "force", "epee", "priere", "cotte"], "exactly 5 cards in total, not 6"),
    (["force", "epee", "priere", "cotte", "soins"], "between 1 and 4 adventurers, not 0 .HIK-SETUP-02"),
    (["hero", "nova", "kargan", "sylene", "hero"], "appears 2 times; all adventurers are unique .HIK-CONSTRUCTED-07"),
    (["hero", "hero", "force", "epee", "priere"], "'hero' appears 2 times"),
    (["hero", "nova", "kargan", "sylene", "zombie"], "'zombie' is a dungeon card"),
    (["hero", "nova", "gandalf", "force", "epee"], "'gandalf' is not a known card"),
])
@pytest.mark.clause("HIK-SETUP-02", "HIK-SETUP-04", "HIK-CONSTRUCTED-07")
def test_bad_parties_name_the_broken_rule(party: list[str], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        build_party(builtin(), party)
    with pytest.raises(SetupError, match=message):
        GAME.new({"party": party})


@pytest.mark.clause("HIK-SETUP-03")
def test_four_adventurers_need_their_one_equipment_card() -> None:
    # five adventurers do not exist in the box, so the rule is checked with a custom set's ids
    with pytest.raises(SetupError, match="between 1 and 4 adventurers, not 5"):
        from questbox.games.hero_ik.cards import card_set, parse_card_file
        extra = parse_card_file({"adventurers": [
            {**builtin().adventurers["hero"].model_dump(), "id": "hero2", "source": "ours", "printed_source": None,
             "ours": []}]})
        build_party(card_set(extra), ["hero", "nova", "kargan", "sylene", "hero2"])


@pytest.mark.clause("HIK-CONSTRUCTED-08")
def test_unique_cards_only_once() -> None:
    cs = builtin()
    dungeon = list(BOX)
    dungeon[dungeon.index("demon-majeur")] = "abunakkashii"  # red, no Mana: counts still right
    with pytest.raises(SetupError, match="'abunakkashii' is marked unique and may only be present once"):
        build_dungeon(cs, dungeon, "liche")
    # copies of a card that is not unique are fine (several boxes combined)
    dungeon = list(BOX)
    dungeon[dungeon.index("demon-majeur")] = "nuee"
    assert build_dungeon(cs, dungeon, "liche") == dungeon


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d[:47], "exactly 48 cards, not 47 .HIK-CONSTRUCTED-02"),
    (lambda d: [*d[:47], "vampire"], "12 cards of each colour, not 13 yellow .HIK-CONSTRUCTED-03"),
    (lambda d: ["zombie" if c == "squelette" else c for c in d], "6 cards must bear a Mana icon, not 4 blue "
                                                                 ".HIK-CONSTRUCTED-04"),
    (lambda d: [*d[:47], "hero"], "'hero' is an adventurer card, not a dungeon card"),
])
@pytest.mark.clause("HIK-CONSTRUCTED-02", "HIK-CONSTRUCTED-03", "HIK-CONSTRUCTED-04", "HIK-CONSTRUCTED-05")
def test_bad_dungeons_name_the_broken_rule(change: object, message: str) -> None:
    assert callable(change)
    with pytest.raises(SetupError, match=message):
        build_dungeon(builtin(), change(list(BOX)), "liche")
    with pytest.raises(SetupError, match=message):
        GAME.new({"dungeon": change(list(BOX))})


@pytest.mark.clause("HIK-CONSTRUCTED-05", "HIK-CONSTRUCTED-01")
def test_no_other_restriction_on_a_dungeon() -> None:
    """Traps, a bullœil and a second box's copies are all fine as long as the counts hold."""
    d = list(BOX)
    d[d.index("squelette")] = "fosse"
    d[d.index("succube")] = "bulloeil"
    d[d.index("nuee")] = "lame"
    d[d.index("dragon-vert")] = "chevalier-noir"
    state = GAME.new({"dungeon": d})
    assert sorted(state.ctx.deck) == sorted(d)


@pytest.mark.parametrize(("setup", "message"), [
    ({"mode": "duel", "scenario": "easy"}, "scenario is for solitaire play"),
    ({"mode": "duel", "players": 1}, "does not match players"),
    ({"dungeon": "den-of-dementia"}, "no box 'den-of-dementia'"),
    ({"final": "zombie"}, "final monster 'zombie' is a dungeon card"),
    ({"colour": "red"}, "colour: Extra inputs are not permitted"),
    ({"start": {"mana": [2, 0]}}, "0 or 1 Mana token"),
    ({"start": {"mana": [1]}}, "one entry per adventurer"),
    ({"start": {"piles": {1: ["abunakkashii", "abunakkashii"]}}}, "holds 1 'abunakkashii', not 2"),
    ({"mode": "solitaire", "options": {"destiny_permanent": [3]}}, "line 3 .nothing. cannot be permanent"),
    ({"options": {"destiny_permanent": [1]}}, "is for solitaire play"),
    ({"cards": "/no/such/file.yaml"}, "cards: give the card set .* inline; a setup never names a file"),
])
def test_bad_setups_get_clear_errors(setup: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        GAME.new(setup)


def test_setup_for_seats() -> None:
    assert GAME.setup_for_seats(1) == {"mode": "solitaire", "scenario": "easy"}
    assert GAME.setup_for_seats(1, {"scenario": "hard"})["scenario"] == "hard"
    assert GAME.setup_for_seats(2) == {"mode": "duel"}
    assert GAME.new(GAME.setup_for_seats(1)).seats == ("adventurers",)
    assert GAME.new(GAME.setup_for_seats(2)).seats == ("adventurers", "dungeon")
    assert GAME.seat_names({"scenario": "medium"}) == ("adventurers",)
    assert GAME.seat_names({"players": 2}) == ("adventurers", "dungeon")
