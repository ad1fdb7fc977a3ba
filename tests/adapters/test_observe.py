"""Designed observation tensors (questbox.adapters.observe): fixed size, egocentric, informative."""

from __future__ import annotations

import numpy as np
import pytest

from questbox.adapters.encoding import DEFAULT_SIZE, Encoder, canonical
from questbox.adapters.observe import designed_encoder
from questbox.core import Rng, games
from tests.adapters.conftest import SPACED, ids, setup_of

DESIGNED = [(g, n) for g, n in SPACED if g in ("heroica", "hero-ik")]


@pytest.mark.skipif(not DESIGNED, reason="neither Heroica nor Hero: Immortal King is registered")
@pytest.mark.parametrize(("gid", "n"), DESIGNED, ids=ids(DESIGNED))
def test_designed_tensors_are_fixed_bounded_and_tell_views_apart(gid: str, n: int) -> None:
    game, setup = setup_of(gid, n)
    enc = designed_encoder(game, setup)
    assert enc is not None and sum(f.width for f in enc.fields) == enc.size
    seen: dict[tuple[str, bytes], str] = {}
    for seed in range(4):
        state = game.new(setup, seed=seed)
        pick = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            view = state.view(seat)
            vec = enc(view, seat)
            assert vec.shape == (enc.size,) and vec.dtype == np.float32
            assert vec.min() >= 0.0 and vec.max() <= 4.0
            text = canonical({k: v for k, v in view.items() if k != "history"})
            key = (seat, vec.tobytes())
            assert seen.setdefault(key, text) == text, "two different views, one observation"
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])


@pytest.mark.skipif("heroica" not in games(), reason="Heroica is not registered")
def test_heroica_tensor_is_egocentric() -> None:
    """Each seat sees its own hero in the first hero block."""
    game, setup = setup_of("heroica", 2)
    enc = designed_encoder(game, setup)
    assert enc is not None
    state = game.new(setup, seed=1)
    state.health[1] = 1  # type: ignore[attr-defined]  # p2's hero is hurt
    off = next(f for f in enc.fields if f.name == "heroes")
    start = sum(f.width for f in enc.fields[: enc.fields.index(off)])
    kinds = len(enc.hero_kinds)  # type: ignore[attr-defined]
    health = start + 1 + kinds
    assert enc(state.view("p2"), "p2")[health] == pytest.approx(1 / 8)
    assert enc(state.view("p1"), "p1")[health] == pytest.approx(state.health[0] / 8)  # type: ignore[attr-defined]


@pytest.mark.skipif("heroica" not in games(), reason="Heroica is not registered")
def test_adapters_use_the_designed_tensor_and_hashing_on_request() -> None:
    game, setup = setup_of("heroica", 2)
    probe = game.new(setup, seed=0)
    enc = Encoder(game, probe.seats, None, probe.view("p1"), "p1", setup=setup)
    assert enc.designed is not None and enc.size == enc.designed.size and "designed" in enc.kind
    hashed = Encoder(game, probe.seats, DEFAULT_SIZE, probe.view("p1"), "p1", setup=setup)
    assert hashed.designed is None and hashed.size == DEFAULT_SIZE
    assert designed_encoder(games()["pig"], None) is None


@pytest.mark.skipif("heroica" not in games(), reason="Heroica is not registered")
def test_docs_table_matches_the_heroica_tensor() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    game, setup = setup_of("heroica", 2)
    enc = designed_encoder(game, setup)
    assert enc is not None
    widths = {"spaces": f"spaces × {enc.space_width}", "heroes": f"heroes × {enc.hero_width}"}  # type: ignore[attr-defined]
    for f in enc.fields:
        assert f"| `{f.name}` | {widths.get(f.name, f.width)} |" in doc, f"docs/rl.md lacks the row of {f.name}"
    assert f"so {enc.size} numbers with 2 heroes" in doc


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_hero_ik_tensor_hides_the_other_seats_choice() -> None:
    """Rock-paper-scissors: my choice is one-hot, the other's only "chosen"."""
    game, setup = setup_of("hero-ik", 2)
    enc = designed_encoder(game, setup)
    assert enc is not None
    state = game.new(setup, seed=1)
    pick = Rng(0)
    while len(state.to_move()) < 2:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick.below(len(legal))])
    before = enc(state.view("dungeon"), "dungeon")
    rock, paper = state.clone(), state.clone()
    rock.apply("adventurers", "rps rock")
    paper.apply("adventurers", "rps paper")
    seen = enc(rock.view("dungeon"), "dungeon")
    assert not np.array_equal(seen, before), "the dungeon sees that a choice was made"
    assert np.array_equal(seen, enc(paper.view("dungeon"), "dungeon")), "but not which"
    assert not np.array_equal(enc(rock.view("adventurers"), "adventurers"),
                              enc(paper.view("adventurers"), "adventurers"))


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_docs_table_matches_the_hero_ik_tensor() -> None:
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    enc = designed_encoder(*setup_of("hero-ik", 2))
    assert enc is not None and f"{enc.size} numbers for the duel" in doc
    for f in enc.fields:
        assert f"| `{f.name}` | {f.width} |" in doc, f"docs/rl.md lacks the row of {f.name}"


HIK_SETUPS = [{}, {"mode": "solitaire", "scenario": "easy"}, {"mode": "solitaire", "scenario": "hard"}]


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
@pytest.mark.parametrize("setup", HIK_SETUPS, ids=["duel", "easy", "hard"])
def test_hero_ik_encode_state_gives_the_tensor_of_the_view(setup: dict[str, str]) -> None:
    """The adapters encode Hero: Immortal King from the state (issue #21 item 5, speed): the same
    numbers as encoding the seat's view, for every seat and a spectator, through random games."""
    game = games()["hero-ik"]
    enc = designed_encoder(game, setup)
    assert enc is not None
    checked = 0
    for seed in range(6):
        state = game.new(setup, seed=seed)
        pick = Rng(seed)
        while True:
            for seat in (*state.seats, None):
                fast = enc.encode_state(state, seat)  # type: ignore[attr-defined]
                assert np.array_equal(fast, enc(state.view(seat), seat)), (seed, seat)
                checked += 1
            if state.is_over():
                break
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
    assert checked > 100


def _subset(part: object, whole: object, path: str = "") -> None:
    """Every field of ``part`` is in ``whole`` with the same value (lists item by item)."""
    if isinstance(part, dict):
        assert isinstance(whole, dict), path
        for k, v in part.items():
            assert k in whole, f"{path}/{k} is not in the whole view"
            _subset(v, whole[k], f"{path}/{k}")
    elif isinstance(part, list):
        assert isinstance(whole, list) and len(part) == len(whole), path
        for k, (a, b) in enumerate(zip(part, whole, strict=True)):
            _subset(a, b, f"{path}[{k}]")
    else:
        assert part == whole, f"{path}: {part!r} != {whole!r}"


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
@pytest.mark.parametrize("setup", HIK_SETUPS, ids=["duel", "easy", "hard"])
def test_hero_ik_light_view_is_built_by_views_as_a_part_of_the_view(setup: dict[str, str]) -> None:
    """The light view the tensor is read from is built by ``views.view`` (``light=True``), so what a
    seat may not see (face-down encounters unless it is the Dungeon Master, face-down equipment
    unless it is the adventurers, the other seat's choice) is decided once: every field of it is
    the whole view's, for every seat and a spectator, through random games; it has no texts."""
    from questbox.games.hero_ik.views import view

    game = games()["hero-ik"]
    hidden_seen = 0
    for seed in range(4):
        state = game.new(setup, seed=seed)
        pick = Rng(seed)
        while not state.is_over():
            for seat in (*state.seats, None):
                light = view(state, seat, light=True)  # type: ignore[arg-type]
                _subset(light, state.view(seat))
                assert "text" not in (light["decision"] or {})
                hidden_seen += sum(1 for c in light["corridors"]
                                   if (c["encounter"] or {}).get("face_down") and "id" not in c["encounter"])
                hidden_seen += sum(1 for e in light["equipment"] if "id" not in e)
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
    assert hidden_seen > 0  # face-down cards were hidden from some seat


@pytest.mark.skipif("hero-ik" not in games(), reason="Hero: Immortal King is not registered")
def test_hero_ik_tensor_carries_the_combat_total_against_the_power() -> None:
    """What decides a solitaire game is whether to spend a power after the roll: the tensor carries
    the view's own combat numbers (its Power, the total rolled, what the total lacks), so a policy
    does not have to multiply the die's face by the multiplier and add the bonuses itself."""
    game = games()["hero-ik"]
    setup = {"mode": "solitaire", "scenario": "easy"}
    enc = designed_encoder(game, setup)
    assert enc is not None
    o = 0
    for f in enc.fields:
        if f.name == "combat":
            break
        o += f.width
    checked = 0
    for seed in range(3):
        state = game.new(setup, seed=seed)
        pick = Rng(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            view = state.view(seat)
            vec = enc(view, seat)
            cb = view["combat"]
            if cb is not None and "total" in cb:
                power, total = cb["power"], cb["total"]
                assert vec[o + 13] == pytest.approx(power / 20) and vec[o + 15] == 1.0
                assert vec[o + 16] == pytest.approx(total / 20)
                assert vec[o + 17] == pytest.approx(min(12, max(0, power - total)) / 12)
                assert vec[o + 18] == float(total >= power)
                checked += 1
            elif cb is None:
                assert not vec[o:o + 19].any()
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
    assert checked > 10
