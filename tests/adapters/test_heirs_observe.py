"""Heirs' designed observation tensor (src/questbox/games/heirs/observe.py, issue #21 item 4)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from questbox.adapters.encoding import DEFAULT_SIZE, Encoder, canonical, features, hash_features
from questbox.adapters.observe import designed_encoder
from questbox.core import JSON, Rng, State, games, get_game
from questbox.core.hidden import perturb

pytestmark = pytest.mark.skipif("heirs" not in games(), reason="Heirs is not registered")

PLAYERS = (1, 2, 3, 4)


def _encoder(n: int) -> tuple[State, object]:
    game = get_game("heirs")
    setup = game.setup_for_seats(n)
    enc = designed_encoder(game, setup)
    assert enc is not None
    return game.new(setup, seed=0), enc


def _playout(n: int, seed: int) -> list[State]:
    game = get_game("heirs")
    state = game.new(game.setup_for_seats(n), seed=seed)
    pick = Rng(seed)
    out = [state.clone()]
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[pick.below(len(legal))])
        out.append(state.clone())
    return out


@pytest.mark.parametrize("n", PLAYERS)
def test_fixed_size_every_value_in_range_and_every_word_known(n: int) -> None:
    from questbox.games.heirs.observe import DECISIONS, SELECTED, STEPS, HeirsEncoder

    game = get_game("heirs")
    enc = designed_encoder(game, game.setup_for_seats(n))
    assert isinstance(enc, HeirsEncoder)
    assert sum(f.width for f in enc.fields) == enc.size
    seen_kinds: set[str] = set()
    for seed in range(3):
        for s in _playout(n, seed):
            for seat in (*s.seats, None):
                view = s.view(seat)
                vec = enc(view, seat)
                assert vec.shape == (enc.size,) and vec.dtype == np.float32
                assert vec.min() >= 0.0 and vec.max() <= 1.0, f"{n}p seed {seed}: a value out of [0, 1]"
                # a word the tensor does not know would silently encode as nothing
                assert view["step"] in STEPS
                assert all(d["kind"] in DECISIONS for d in view["pending"])
                assert not view["selected"] or view["selected"][0] in SELECTED
                seen_kinds |= {d["kind"] for d in view["pending"]}
                assert all(len(c) <= enc.positions for p in view["players"] for c in [p["chain"]])
                assert len(view["deck_known"]) <= enc.known
    assert {"act", "chain", "deal"} <= seen_kinds


@pytest.mark.parametrize("n", (2, 3))
def test_what_a_seat_cannot_see_does_not_reach_its_tensor(n: int) -> None:
    """Perturbing the other hands, the unknown deck and another seat's private look (core.hidden)
    leaves the seat's tensor unchanged; the same perturbation does change what another seat sees."""
    _, enc = _encoder(n)
    told = 0
    for seed in range(2):
        for k, s in enumerate(_playout(n, seed)[::3]):
            for seat in s.seats:
                vec = enc(s.view(seat), seat)  # type: ignore[operator]
                for t in range(2):
                    p = perturb(s, seat, Rng(seed * 1000 + k * 10 + t))
                    assert np.array_equal(enc(p.view(seat), seat), vec), f"seed {seed}: {seat}'s tensor leaks"  # type: ignore[operator]
                    other = next(x for x in s.seats if x != seat)
                    told += not np.array_equal(enc(p.view(other), other), enc(s.view(other), other))  # type: ignore[operator]
    assert told > 0, "the perturbation never changed another seat's hand: the test would prove nothing"


def _discard_collision(size: int = DEFAULT_SIZE) -> tuple[int, int, str, str]:
    """Positions i < j of the discard pile and two cards a, b such that hashing cannot tell
    ``a`` at i and ``b`` at j from ``b`` at i and ``a`` at j."""
    from questbox.adapters.encoding import _slot
    from questbox.games.heirs.cards import default_cards

    ids = default_cards().ids
    for j in range(1, 12):
        for i in range(j):
            same = [a for a in ids if _slot(f"/discard[{i}]={a}", size) == _slot(f"/discard[{j}]={a}", size)]
            if len(same) >= 2:
                return i, j, same[0], same[1]
    raise AssertionError("no colliding discard order in the first 12 places")


def _with_discard(discard: list[str]) -> JSON:
    return {"players": 2, "position": {
        "players": [{"hand": ["R3", "O5"], "chain": ["Y2"], "score": 2}, {"hand": ["G4"], "chain": ["B1"]}],
        "discard": discard, "current": "p1", "step": "act", "deck": ["V1", "V2", "V3"]}}


def test_it_tells_apart_discard_orders_that_hashing_merges() -> None:
    """Feature hashing sums every feature into 512 slots: two discard orders (which Heal, taking
    from the top, tells apart) can give one hashed vector; the designed tensor keeps their order."""
    i, j, a, b = _discard_collision()
    fill = [c for c in ("R1", "R2", "O1", "O2", "Y1", "G1", "G2", "B2", "B3", "V4", "V5", "V6") if c not in (a, b)]
    first, second = fill[: j + 1], fill[: j + 1]
    first[i], first[j], second[i], second[j] = a, b, b, a
    game = get_game("heirs")
    x, y = game.new(_with_discard(first), seed=0), game.new(_with_discard(second), seed=0)
    vx, vy = x.view("p1"), y.view("p1")
    assert canonical(vx) != canonical(vy) and vx["discard"][: j + 1] == first
    assert features(vx, "p1", x.seats) != features(vy, "p1", y.seats)
    hx, hy = hash_features(vx, DEFAULT_SIZE, "p1", x.seats), hash_features(vy, DEFAULT_SIZE, "p1", y.seats)
    assert np.array_equal(hx, hy)
    enc = designed_encoder(game, _with_discard(first))
    assert enc is not None
    assert not np.array_equal(enc(vx, "p1"), enc(vy, "p1"))


def test_no_two_views_of_random_play_share_a_tensor() -> None:
    seen: dict[tuple[str, bytes], str] = {}
    _, enc = _encoder(2)
    for seed in range(4):
        for s in _playout(2, seed):
            seat = s.to_move()[0] if s.to_move() else "p1"
            view = s.view(seat)
            key = (seat, enc(view, seat).tobytes())  # type: ignore[operator]
            assert seen.setdefault(key, canonical(view)) == canonical(view), "two views, one tensor"


def test_the_tensor_is_egocentric() -> None:
    """Block 0 of the players is the observer's: p2 sees its own score there."""
    game = get_game("heirs")
    setup: JSON = {"players": 2, "position": {"players": [{"score": 1}, {"score": 4}], "current": "p1"}}
    from questbox.games.heirs.observe import HeirsEncoder

    enc = designed_encoder(game, setup)
    assert isinstance(enc, HeirsEncoder)
    state = game.new(setup, seed=0)
    start = sum(f.width for f in enc.fields[:1])
    score = start + 3
    assert enc(state.view("p1"), "p1")[score] == pytest.approx(1 / enc.target)
    assert enc(state.view("p2"), "p2")[score] == pytest.approx(4 / enc.target)
    assert enc(state.view("p2"), "p2")[score + enc.player_width] == pytest.approx(1 / enc.target)


def test_the_adapters_use_it() -> None:
    game = get_game("heirs")
    setup = game.setup_for_seats(1)
    probe = game.new(setup, seed=0)
    enc = Encoder(game, probe.seats, None, probe.view("p1"), "p1", setup=setup)
    assert enc.designed is not None and enc.size == enc.designed.size and "designed" in enc.kind


def test_docs_table_matches_the_heirs_tensor() -> None:
    from questbox.games.heirs.observe import HeirsEncoder

    doc = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    sizes = []
    for n in PLAYERS:
        enc = designed_encoder(get_game("heirs"), get_game("heirs").setup_for_seats(n))
        assert isinstance(enc, HeirsEncoder)
        sizes.append(enc.size)
    enc = designed_encoder(get_game("heirs"), get_game("heirs").setup_for_seats(2))
    assert isinstance(enc, HeirsEncoder)
    assert f"{sizes[0]} numbers in Solo, {sizes[1]} / {sizes[2]} / {sizes[3]} with 2 / 3 / 4 players" in doc
    widths = {"players": f"players × {enc.player_width}"}
    for f in enc.fields:
        assert f"| `{f.name}` | {widths.get(f.name, f.width)} |" in doc, f"docs/rl.md lacks the row of {f.name}"


@pytest.mark.parametrize("n", PLAYERS)
def test_encode_state_gives_the_tensor_of_the_view(n: int) -> None:
    """The adapters encode from the typed state (issue #21 item 5, speed): the same numbers as
    encoding the seat's view, for every seat and a spectator, all through random games."""
    _, enc = _encoder(n)
    checked = 0
    for seed in range(4):
        for st in _playout(n, seed):
            for seat in (*st.seats, None):
                fast = enc.encode_state(st, seat)  # type: ignore[attr-defined]
                ref = enc(st.view(seat), seat)  # type: ignore[operator]
                assert fast.dtype == ref.dtype and np.array_equal(fast, ref), (seed, seat)
                checked += 1
    assert checked > 100


def test_the_adapters_encode_heirs_from_the_state() -> None:
    """The Gymnasium env's observation comes from ``encode_state`` and equals the view's tensor."""
    from questbox.adapters.gymnasium import make

    env = make("heirs", setup={"players": 2}, opponents="random")
    assert env.encoder._from_state is not None
    obs, _ = env.reset(seed=3)
    for _ in range(30):
        assert np.array_equal(obs["observation"], env.encoder(env.state.view(env.seat), env.seat))
        obs, _, term, trunc, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        if term or trunc:
            break


def test_encode_state_writes_its_numbers_without_bincount(monkeypatch: pytest.MonkeyPatch) -> None:
    """Speed (issue #21 item 5): the typed-state path writes into a zeroed buffer that numpy reads
    without a copy; converting lists of indices and values for ``np.bincount`` was about a third of
    its time. The same numbers as the view path, computed before ``bincount`` is taken away."""
    import questbox.games.heirs.observe as observe

    _, enc = _encoder(2)
    states = [(st, seat) for st in _playout(2, 1)[::7] for seat in (*st.seats, None)]
    refs = [enc(st.view(seat), seat) for st, seat in states]  # type: ignore[operator]

    def no_bincount(*args: object, **kwargs: object) -> None:
        raise AssertionError("encode_state called np.bincount")

    monkeypatch.setattr(observe.np, "bincount", no_bincount)
    for (st, seat), ref in zip(states, refs, strict=True):
        assert np.array_equal(enc.encode_state(st, seat), ref)  # type: ignore[attr-defined]
