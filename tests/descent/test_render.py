"""The terminal drawing of a view."""

from __future__ import annotations

from questbox.core import JSON
from questbox.games.descent import GAME
from questbox.games.descent.render import card_name, draw_map, main, plain
from tests.descent.helpers import act, by_hand, group, new, put, quest, setup, touch


def test_the_map_shows_walls_doors_terrain_figures_and_tokens() -> None:
    st = GAME.new({}, seed=1)
    text = plain(st.view(None))
    lines = text.splitlines()
    row5 = next(ln for ln in lines if ln.lstrip("│ ").startswith("5 "))
    assert "Syn" in row5 and " Z " in row5 and "▒" in row5 and " W   W " in row5
    row8 = next(ln for ln in lines if ln.lstrip("│ ").startswith("8 "))
    assert "~~~ ~~~" in row8 and "###" in row8 and " ? " in row8
    assert "┏" in text and "┛" in text
    assert "The Bone Warden (warden-m)" in text and "doom: 0" in text


def test_knocked_out_heroes_show_as_tokens_and_the_attack_is_drawn() -> None:
    q = quest(groups=[group("zombie", "zombie", ["B1", "H6"], minions=2)])
    st = new(setup(q, heroes=("syndrael", "leoric")))
    by_hand(st, st.suffer, st.ids["leoric"], 99)
    act(st, "activate syndrael")
    st.rng.script = [6, 6, 1]
    act(st, "attack zombie-1")                      # waiting for surges
    text = plain(st.view(None))
    row2 = next(ln for ln in text.splitlines() if ln.lstrip("│ ").startswith("2 "))
    assert "┃leo " in row2                          # Leoric's token, lower case
    assert "Syndrael attacks Zombie" in text and "roll [('blue', 6), ('red', 6)]: 4♥" in text
    assert "2⚡" in text


def test_line_of_sight_is_drawn_on_request(capsys) -> None:  # type: ignore[no-untyped-def]
    st = GAME.new({"show_los": True, "heroes": ["syndrael", "avric"]}, seed=1)
    st.apply("heroes", "activate syndrael")
    view = st.view("heroes")
    assert "B5" in view["los"] and "A5" not in view["los"]
    assert "•" in plain(view)
    main(["--los", "E5"])
    out = capsys.readouterr().out
    assert "•" in out and "The Sunken Ossuary" in out


# ------------------------------------------------------------------ combat (issue #17, section 3)
def _marked(view: JSON) -> list[str]:
    """The map's spaces drawn on the red background of an area attack or a Fire Breath path."""
    t = draw_map(view)
    return [t.plain[s.start:s.end].strip() for s in t.spans if "dark_red" in str(s.style)]


def _row(text: str, n: int) -> str:
    return next(ln for ln in text.splitlines() if ln.lstrip("│ ").startswith(f"{n} "))


def test_the_surge_step_shows_hearts_against_shields_and_the_decision_in_words() -> None:
    st = new(setup(quest(groups=[group("zombie", "zombie", ["B1", "H6"], minions=2)])))
    st.rng.script = [2, 6, 6]      # blue R2 ♥2 surge, red ♥3 surge; brown 2 shields
    act(st, "activate syndrael", "attack zombie-1")
    text = plain(st.view("heroes"))
    assert "surges to spend: 2⚡ with 5♥ against 2⛨" in text
    assert "heroes: spend a surge of the attack, or be done" in text
    assert "hero-turn" not in text and ": surge" not in text


def test_monster_abilities_and_conditions_are_on_the_sheets() -> None:
    st = new(setup(quest(groups=[group("zombie", "zombie", ["B1", "H6"], masters=1, minions=1)])))
    st.figs[st.ids["syndrael"]].conds.append("poisoned")
    text = plain(st.view(None))
    assert st.view(None)["figures"]["zombie-m"]["abilities"] == ["grab", "shambling"]   # in a fixed order
    master = next(ln for ln in text.splitlines() if "(zombie-m)" in ln)
    assert "Grab" in master and "Shambling" in master
    assert "poisoned" in next(ln for ln in text.splitlines() if "(syndrael)" in ln)


def test_blast_targets_are_marked_on_the_map() -> None:
    q = quest(groups=[group("goblin-archer", "goblin", ["H6", "D3", "D4"], masters=1, minions=2)],
              start=("B1", "A6", "A5", "A4"))
    st = new(setup(q, heroes=("leoric", "syndrael")))
    st.figs[st.ids["leoric"]].items.append("fire-flask")
    touch(st)
    act(st, "activate leoric")
    st.rng.script = [2, 6, 1, 1]
    act(st, "flask goblin-1", "surge blast")
    text = plain(st.view("heroes"))
    assert "also affects: Goblin Archer 2" in text
    assert _marked(st.view("heroes")) == ["g2"]       # Goblin Archer 2, at D4, on the map


def test_the_fire_breath_path_is_drawn_while_it_is_traced() -> None:
    st = new(setup(quest(groups=[group("shadow-dragon", "dragon", ["C1:D3"], masters=1, minions=0)])))
    put(st, "syndrael", "B1")
    put(st, "leoric", "B2")
    act(st, "activate syndrael", "end", "end", "activate dragon-m")
    st.rng.script = [2, 6, 1, 1]
    act(st, "attack syndrael", "surge fire-breath", "breath B2", "breath B3")
    text = plain(st.view("overlord"))
    assert "Fire Breath path so far: B1, B2, B3" in text
    assert " * " in _row(text, 3)                 # B3, empty, is marked as on the path
    assert _marked(st.view("overlord")) == ["Syn", "Leo", "*"]
    assert "overlord: trace Fire Breath's path: its next space" in text


def test_the_overlord_hand_is_named_for_the_overlord_and_counted_for_the_heroes() -> None:
    st = GAME.new({"modules": ["overlord"]}, seed=1)
    hand = st.view("overlord")["mods"]["overlord"]["hand"]
    mine = plain(st.view("overlord"), "overlord")
    theirs = plain(st.view("heroes"), "heroes")
    assert "hand: " + ", ".join(card_name(c) for c in hand) in mine and "Critical Blow" in mine
    assert f"hand: {len(hand)} cards" in theirs and "Critical Blow" not in theirs


def test_the_rule_modules_decisions_are_asked_in_words() -> None:
    """The top line names what a module asks (its menu text), not the kind (``overlord: play``)."""
    import random

    texts: dict[str, str] = {}
    for seed in range(6):
        st = GAME.new({"modules": ["overlord"]}, seed=seed)
        rnd = random.Random(seed)
        for _ in range(600):
            if st.is_over() or len(texts) == 3:
                break
            d = st.view(None)["decision"]
            if d and d["kind"].startswith("mod:"):
                texts[d["kind"]] = d["text"]
                if d["kind"] == "mod:overlord:play":
                    assert f"overlord: {d['text']}" in plain(st.view("overlord"), "overlord")
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            if d and d["kind"] == "mod:overlord:play":      # (the cards played would end the walks early)
                legal = [a for a in legal if a.name == "pass"]
            if st.turns and st.figs[st.turns[-1].fig].id == "tomble":      # (Tomble's feat: test_tomble_feat)
                legal = [a for a in legal if a.name != "feat"]
            st.apply(seat, rnd.choice(legal))
    assert set(texts) == {"mod:overlord:play", "mod:feats:move", "mod:search:power"}, texts
    assert texts["mod:overlord:play"] == "play an Overlord card now, or pass"
    assert "heroic feat" in texts["mod:feats:move"] and texts["mod:search:power"].startswith("Power Potion")
