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
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from questbox.core import Rng, derive_seed, make_agent
from questbox.core.compiled import source
from questbox.core.match import play_game
from questbox.games.hero_ik import GAME, compiled
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
    "solitaire": "9f461316e53a889744e02f62e34a7bb9037cb9af63825da7f8113f2d65b93089",
    "duel": "963dbcb954c42e82b11c96d22477fcf59f980e77a50bdf0f482dcb1fb76d6758",
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


#: random games whose every position is digested: its document (``to_json``: the steps and the
#: pending decisions with their payloads), the view of the seat to move (the decision and its menu
#: text) and, for every tenth position, the state read back from its document
#: (``from_json``): a change of the turn engine must keep saved games loading and views the same
WALKS: tuple[tuple[str, str, int], ...] = (("solitaire", "easy", 40), ("solitaire", "medium", 40),
                                           ("solitaire", "hard", 40), ("duel", "", 120))
EXPECTED_WALKS = "241ae5f8d80c15ff71a84859aed201bf163fc592432d80c8e22c316ae2abc5b1"


def walk_fingerprint(walks: tuple[tuple[str, str, int], ...] = WALKS, seed: int = 16) -> str:
    """The sha256 of every position of the random games of ``walks`` (see :data:`WALKS`)."""
    parties = legal_parties()
    h = hashlib.sha256()
    for b, (mode, scenario, n) in enumerate(walks):
        for i in range(n):
            setup: dict[str, object] = {"mode": mode, "party": list(parties[(5 * i + b) % len(parties)])}
            if scenario:
                setup["scenario"] = scenario
            s = GAME.new(GAME.setup_for_seats(1 if mode == "solitaire" else 2, setup), seed=derive_seed(seed, b, i))
            pick = Rng(derive_seed(seed, b, i, 1))
            k = 0
            while not s.is_over():
                seat = s.to_move()[pick.below(len(s.to_move()))]
                legal = s.legal_actions(seat)
                h.update(json.dumps([s.to_json(), s.view(seat)], sort_keys=True).encode())
                if k % 10 == 0:
                    assert GAME.from_json(json.loads(json.dumps(s.to_json()))).digest() == s.digest()
                a = legal[pick.below(len(legal))]
                h.update(f"{seat}:{a}".encode())
                s.apply(seat, a)
                k += 1
            h.update(s.digest().encode())
    return h.hexdigest()


def test_the_same_positions_documents_and_views_along_random_games() -> None:
    assert walk_fingerprint() == EXPECTED_WALKS


# ---------------------------------------------------------------- the compiled engine (setup.py)
ROOT = Path(__file__).resolve().parents[2]


def test_the_engine_in_use_is_the_one_selected() -> None:
    assert compiled.in_use() == compiled.ENGINE.active
    assert compiled.ENGINE.active is not bool(compiled.reason())


def test_the_last_build_did_not_fail() -> None:
    """setup.py records a failed compilation (it does not fail the install): report it here."""
    doc = compiled.ENGINE.stamp() or {}
    assert "failed" not in doc, doc.get("failed")


def test_the_makefile_rebuilds_when_a_compiled_source_changes() -> None:
    text = (ROOT / "Makefile").read_text()
    listed = re.search(r"^COMPILED_HIK\s*:=\s*(.*?)(?<!\\)$", text, flags=re.M | re.S)
    assert listed is not None
    files = set(listed.group(1).replace("\\\n", " ").split())
    assert files == {str(source(m).relative_to(ROOT)) for m in compiled.MODULES}


@pytest.mark.skipif(not compiled.in_use(), reason="the engine is not compiled: the fingerprint ran on the sources")
def test_the_pure_engine_matches_the_fingerprint() -> None:
    """The same (small) fingerprint on the ``.py`` sources (``QUESTBOX_PURE=1``, another process)."""
    code = ("import sys; sys.path.insert(0, 'tests/hero_ik'); import test_fingerprint as t\n"
            "from questbox.games.hero_ik import compiled\n"
            "assert not compiled.in_use(), compiled.reason()\n"
            "for mode, blocks in t.SMALL.items():\n"
            "    assert t.fingerprint(blocks) == t.EXPECTED_SMALL[mode], mode\n")
    env = {**os.environ, "QUESTBOX_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]


if __name__ == "__main__":
    import sys

    which = sys.argv[1:] or ["small"]
    for size in which:
        table = SMALL if size == "small" else LARGE
        for mode, blocks in sorted(table.items()):
            print(size, mode, fingerprint(blocks), flush=True)
    print("walks", walk_fingerprint(), flush=True)
