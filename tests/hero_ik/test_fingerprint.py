"""The reference games stay the games: digests of many seeded bot games (issue #20, item 4).

Each digest hashes, game after game, every action played (seat and notation) and the final state's
:meth:`~questbox.core.State.digest`, for seeded games with varied parties (the atlas's legal
parties in turn), in solitaire (each scenario) and in the duel, with heuristic and random bots on
either seat. The expected values were recorded from the code before the speed work (the pure
engine and the heuristic bot as they were at the merge of ``questbox atlas``): a faster engine or
bot, compiled or not, must play exactly the same games. Run this file with and without
``QUESTBOX_PURE=1`` to check both engines.

Recompute a digest (for instance after a deliberate rules change, which also bumps
``rules_version``) with ``python tests/hero_ik/test_fingerprint.py``.
"""

from __future__ import annotations

import hashlib

import pytest

from questbox.core import derive_seed, make_agent
from questbox.core.match import play_game
from questbox.games.hero_ik import GAME
from questbox.games.hero_ik.atlas import legal_parties

#: one block of games: (mode, scenario or "", seat specs, games)
Block = tuple[str, str, tuple[str, ...], int]

SMALL: dict[str, tuple[Block, ...]] = {
    "solitaire": tuple(b for sc in ("easy", "medium", "hard")
                       for b in (("solitaire", sc, ("heuristic",), 12), ("solitaire", sc, ("random",), 6))),
    "duel": (("duel", "", ("heuristic", "heuristic"), 16), ("duel", "", ("heuristic", "random"), 6),
             ("duel", "", ("random", "heuristic"), 6), ("duel", "", ("random", "random"), 6)),
}

#: >= 10,000 games per seat count (the issue's bar for a fast path)
LARGE: dict[str, tuple[Block, ...]] = {
    "solitaire": tuple(b for sc in ("easy", "medium", "hard")
                       for b in (("solitaire", sc, ("heuristic",), 3000), ("solitaire", sc, ("random",), 334))),
    "duel": (("duel", "", ("heuristic", "heuristic"), 7000), ("duel", "", ("heuristic", "random"), 1000),
             ("duel", "", ("random", "heuristic"), 1000), ("duel", "", ("random", "random"), 1000)),
}

EXPECTED_SMALL = {
    "solitaire": "aea1b335429fc1b757bac7b68d139e35754fa833e8b9bf14e2f729b0db551af2",
    "duel": "0c0a00f2e9c4004025706b64a8ce4d857c0309b9c1bd8cb24f0fee9b863c75ba",
}
EXPECTED_LARGE = {
    "solitaire": "",
    "duel": "",
}


def fingerprint(blocks: tuple[Block, ...], seed: int = 20) -> str:
    """The sha256 of the games of ``blocks`` (see the module's docstring)."""
    parties = legal_parties()
    h = hashlib.sha256()
    for b, (mode, scenario, specs, n) in enumerate(blocks):
        for i in range(n):
            setup: dict[str, object] = {"mode": mode, "party": list(parties[(7 * i + b) % len(parties)])}
            if scenario:
                setup["scenario"] = scenario
            doc = GAME.setup_for_seats(len(specs), setup)
            seats = GAME.seat_names(doc)
            agents = {s: make_agent(spec, GAME, derive_seed(seed, b, i, k))
                      for k, (s, spec) in enumerate(zip(seats, specs, strict=True))}
            m = play_game(GAME, agents, doc, seed=derive_seed(seed, b, i))
            h.update(";".join(f"{s}:{a}" for s, a in m.actions).encode())
            h.update(m.state.digest().encode())
    return h.hexdigest()


@pytest.mark.parametrize("mode", sorted(SMALL))
def test_the_same_games_as_the_reference(mode: str) -> None:
    assert fingerprint(SMALL[mode]) == EXPECTED_SMALL[mode]


@pytest.mark.slow
@pytest.mark.parametrize("mode", sorted(LARGE))
def test_the_same_ten_thousand_games_as_the_reference(mode: str) -> None:
    assert fingerprint(LARGE[mode]) == EXPECTED_LARGE[mode]


if __name__ == "__main__":
    import sys

    which = sys.argv[1:] or ["small"]
    for size in which:
        table = SMALL if size == "small" else LARGE
        for mode, blocks in sorted(table.items()):
            print(size, mode, fingerprint(blocks), flush=True)
