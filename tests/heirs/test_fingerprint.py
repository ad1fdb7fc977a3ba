"""Heirs plays the same games: digests of many seeded games (issue #16).

Each digest hashes, game after game, for every step the pending decisions as the mover's view shows
them (kind, data, menu text and the derived fields), the action played, the texts of the events it
produced, and at the end the final state's :meth:`~questbox.core.State.digest`. The games cover
every player count (1 = Solo Mode), a rotation of rule options that switch the engine's branches,
and the random, ``simple`` and ``heuristic`` bots. The expected values were recorded from the
engine before its move onto the table of decision kinds (issue #16): a refactor of the turn
engine must play exactly the same games.

Recompute a digest (after a deliberate rules change, which also bumps ``rules_version``) with
``python tests/heirs/test_fingerprint.py [small|large]``.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from questbox.core import derive_seed, make_agent
from questbox.core.state import JSON
from questbox.games.heirs import GAME

#: option sets the games rotate through (each turns on a branch the defaults leave off)
VARIANTS: tuple[JSON, ...] = (
    {},
    {"burn_all": False, "may_pass": True},
    {"absorb_at_max": False, "empty_chain_any": False, "max_level": 3},
    {"precise_burn_black": False, "prior_tower_black": False, "deal_when_face_down": False},
    {"chain_offset": 0, "draw_limit": 2, "turn_limit": 40},
    {"chain_offset": 2, "black_start": 3, "target": 4},
)

#: one block of games: (seat spec, games)
Block = tuple[str, int]

SMALL: tuple[Block, ...] = (("random", 600), ("simple", 200), ("heuristic", 16))
LARGE: tuple[Block, ...] = (("random", 4000), ("simple", 1500), ("heuristic", 120))

EXPECTED_SMALL = {
    "random": "92c2ed107948656accbecd3481773e65880259f163770525ba8f8fb8b189f527",
    "simple": "0b3c3cbb8c0a0bf56e662bc31825b1bda3e4abe0f1d0b72b6704d21bfdf64257",
    "heuristic": "049050bcc661c5b23719e980d2e2633216455d35ce4acb8b9401cab6952e8202",
}
EXPECTED_LARGE = {
    "random": "22c2a679a988cd510b18baa6aa754df30781eb409a722d5a2557f02a487caf75",
    "simple": "4c91cf647a00a3b3ba33001c4a8b9f0a084585ca42a0357ac8a9d69673f343b5",
    "heuristic": "b2f4bbd55168caf44c9bdde92ee863bc1be649d2ddbac56b285807011f9214d2",
}


def play(h: hashlib._Hash, spec: str, b: int, i: int, seed: int) -> None:
    """Play game ``i`` of block ``b`` and feed it to ``h``."""
    n = 1 + i % 4
    options = VARIANTS[(i // 4) % len(VARIANTS)]
    doc = GAME.setup_for_seats(n, {"players": n, "options": options})
    st = GAME.new(doc, seed=derive_seed(seed, b, i))
    agents = {s: make_agent(spec, GAME, derive_seed(seed, b, i, k)) for k, s in enumerate(st.seats)}
    steps = 0
    while not st.is_over():
        seat = st.to_move()[0]
        pending = st.view(seat)["pending"]
        action = agents[seat].act(st, seat)
        events = st.apply(seat, action)
        h.update(json.dumps(pending, sort_keys=True, separators=(",", ":")).encode())
        h.update(f"{seat}:{action}|".encode())
        h.update("|".join(e.text for e in events).encode())
        steps += 1
        assert steps < 100_000, "a game that does not end"
    h.update(st.digest().encode())


def fingerprint(spec: str, games: int, seed: int = 16) -> str:
    """The sha256 of ``games`` games with ``spec`` bots in every seat (see the module docstring)."""
    h = hashlib.sha256()
    b = ("random", "simple", "heuristic").index(spec)
    for i in range(games):
        play(h, spec, b, i, seed)
    return h.hexdigest()


@pytest.mark.parametrize(("spec", "games"), SMALL)
def test_the_same_games_as_the_reference(spec: str, games: int) -> None:
    assert fingerprint(spec, games) == EXPECTED_SMALL[spec]


@pytest.mark.slow
@pytest.mark.parametrize(("spec", "games"), LARGE)
def test_the_same_thousands_of_games_as_the_reference(spec: str, games: int) -> None:
    assert fingerprint(spec, games) == EXPECTED_LARGE[spec]


if __name__ == "__main__":
    import sys

    for size in sys.argv[1:] or ["small"]:
        for spec, games in SMALL if size == "small" else LARGE:
            print(size, spec, fingerprint(spec, games), flush=True)
