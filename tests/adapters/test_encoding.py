"""Observation vectors: fixed length, deterministic, egocentric, made of the seat's view only."""

from __future__ import annotations

import numpy as np
import pytest

from questbox.adapters.encoding import DEFAULT_SIZE, Encoder, canonical, features, hash_features
from questbox.core import JSON, Rng, Seat
from tests.adapters.conftest import CONFIGS, ids, setup_of
from tests.core.pig import Pig, PigState

VIEW: JSON = {"a": 1, "b": ["x", "y"], "c": {"p1": True}, "d": None, "e": "w"}


def test_features_name_every_leaf() -> None:
    assert features(VIEW, "p2", ["p1", "p2"]) == [
        ("/a", 1.0), ("/a=1", 1.0), ("/b#len", 2.0), ("/b[0]=x", 1.0), ("/b[]=x", 1.0),
        ("/b[1]=y", 1.0), ("/b[]=y", 1.0), ("/c/@1=true", 1.0), ("/d=null", 1.0), ("/e=w", 1.0)]


def test_hashing_is_stable_across_runs_and_versions() -> None:
    """A golden vector: BLAKE2b slots do not depend on PYTHONHASHSEED, the machine or the release."""
    vec = hash_features(VIEW, 16, "p2", ["p1", "p2"])
    assert vec.dtype == np.float32 and vec.shape == (16,)
    assert vec.tolist() == [0, 1, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1, 3]


def test_features_are_egocentric() -> None:
    """p2 looking at its own secret encodes like p1 looking at its own."""
    seats = ("p1", "p2", "p3")
    as_p1 = hash_features({"secret": {"p1": 3}, "next": "p2"}, 64, "p1", seats)
    as_p2 = hash_features({"secret": {"p2": 3}, "next": "p3"}, 64, "p2", seats)
    other = hash_features({"secret": {"p1": 3}, "next": "p3"}, 64, "p2", seats)
    assert np.array_equal(as_p1, as_p2)
    assert not np.array_equal(as_p2, other)


def test_numbers_and_lists_keep_their_values() -> None:
    vec = hash_features({"score": 250.5}, 4)
    assert vec.sum() == pytest.approx(250.5)
    bag = hash_features({"hand": ["R3", "O5"]}, 4096)
    swapped = hash_features({"hand": ["O5", "R3"]}, 4096)
    assert not np.array_equal(bag, swapped)  # positions differ
    assert float(bag.sum()) == pytest.approx(float(swapped.sum()))  # same bag of values


def test_size_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        hash_features(VIEW, 0)


@pytest.mark.parametrize(("gid", "n"), CONFIGS, ids=ids(CONFIGS))
def test_observations_are_fixed_length_and_depend_only_on_the_view(gid: str, n: int) -> None:
    game, setup = setup_of(gid, n)
    probe = game.new(setup, seed=0)
    enc = Encoder(game, probe.seats, None, probe.view(probe.seats[0]), probe.seats[0], setup=setup)
    assert enc.size == DEFAULT_SIZE or enc.own or enc.designed is not None
    for seed in range(6):
        state = game.new(setup, seed=seed)
        pick = Rng(seed)
        steps = 0
        while not state.is_over() and steps < 400:
            if steps % 7 == 0:
                for seat in state.seats:
                    view = state.view(seat)
                    vec = enc(view, seat)
                    assert vec.shape == (enc.size,) and vec.dtype == np.float32
                    assert np.isfinite(vec).all()
                    assert np.array_equal(vec, enc(state.view(seat), seat)), "not deterministic"
                    world = state.determinize(seat, Rng(seed * 1000 + steps))
                    assert np.array_equal(enc(world.view(seat), seat), vec), \
                        "the observation changed with what the seat cannot see"
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[pick.below(len(legal))])
            steps += 1


class EncodedPig(Pig):
    """Pig with its own encoding (banked points, turn points, own secret)."""

    id = "pig-encoded"

    def encode(self, view: JSON, seat: Seat | None) -> list[float] | None:
        secret = view["secret"].get(seat, 0) if seat else 0
        return [*map(float, view["banked"]), float(view["turn_points"]), float(secret)]


def test_a_games_own_encoding_is_used_and_checked() -> None:
    game = EncodedPig()
    state: PigState = game.new({"players": 3}, seed=1)
    enc = Encoder(game, state.seats, None, state.view("p1"), "p1")
    assert enc.own and enc.size == 5 and "Game.encode" in enc.kind
    assert enc(state.view("p2"), "p2").tolist() == [0, 0, 0, 0, state.secret[1]]
    with pytest.raises(ValueError, match="encodes views in 5 numbers"):
        Encoder(game, state.seats, 7, state.view("p1"), "p1")
    short = Encoder(game, state.seats, None, state.view("p1"), "p1")
    short.size = 4
    with pytest.raises(ValueError, match="must return 4 numbers"):
        short(state.view("p1"), "p1")


def test_canonical_text_sorts_keys() -> None:
    assert canonical({"b": 1, "a": [1, 2]}) == '{"a":[1,2],"b":1}'

