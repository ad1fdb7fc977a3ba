"""The reference games stay the games: digests of many seeded bot and random Heroica games.

Each digest hashes, game after game, every action played (seat and notation), every event's
text, the state's :meth:`~questbox.core.State.digest` every few actions (it holds the pending
decision and its payload) and the final digest, for seeded games of every variant (standard on
each mission, Epic with and without victory points, Battle with a monster seat), 2 to 5 seats,
with the heuristic bots and random players on the seats and every hero in turn. The expected values were recorded from
the engine before it moved onto the table of decision kinds (issue #16): a refactored engine,
compiled or not, must play exactly the same games. The tests run on the engine in use (compiled
when built, see ``questbox.games.heroica.compiled``); when it is the compiled one,
:func:`test_the_pure_engine_matches_the_fingerprint` runs the small digests again on the ``.py``
sources (``QUESTBOX_PURE=1``, another process).

Recompute a digest (after a deliberate rules change, which also bumps ``rules_version``) with
``python tests/heroica/test_fingerprint.py [small|large]``.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from questbox.core import derive_seed, make_agent
from questbox.core.compiled import source
from questbox.games.heroica import GAME, compiled
from questbox.games.heroica.data import rules

MISSIONS = GAME.missions()
HEROES = list(rules().heroes)

#: one block of games: (setup, seat specs, games); the seat count is the number of specs
Block = tuple[dict[str, Any], tuple[str, ...], int]


def _blocks(scale: int) -> dict[str, tuple[Block, ...]]:
    standard = tuple(
        ({"variant": "standard", "mission": m, "options": opts}, specs, n * scale)
        for m in MISSIONS
        for opts, specs, n in (({}, ("heuristic", "heuristic"), 10), ({}, ("random", "random", "random"), 8),
                               ({"one_is_exact": True}, ("heuristic", "random", "heuristic", "random"), 8)))
    epic = (
        ({"variant": "epic", "missions": list(MISSIONS[:2])}, ("heuristic", "heuristic", "heuristic"), 10 * scale),
        ({"variant": "epic", "missions": list(MISSIONS)}, ("random", "random"), 6 * scale),
        ({"variant": "epic", "missions": list(MISSIONS[2:4]), "options": {"victory_points": True,
                                                                           "epic_tie_bonus": "none"}},
         ("heuristic", "random", "heuristic", "random"), 10 * scale),
    )
    battle = tuple(
        ({"variant": "battle", "mission": m}, specs, n * scale)
        for m in MISSIONS
        for specs, n in ((("heuristic", "heuristic"), 8), (("random", "random", "random"), 6),
                         (("heuristic", "heuristic", "heuristic", "heuristic", "heuristic"), 6),
                         (("random", "heuristic", "random", "heuristic", "random"), 6)))
    return {"standard": standard, "epic": epic, "battle": battle}


SMALL = _blocks(2)
#: ten times as many games of each block as the fast test
LARGE = _blocks(20)

EXPECTED_SMALL = {
    "battle": "c17202fcd0b08c9c9a81285245e8341881c7edf67b92875670d69b986eae749d",
    "epic": "f1f0fbec4e87cf4d6477bc2c8c2a55405ee6ea982189a64ff95a98501d26cf23",
    "standard": "75f934d745f0f9da9d3f12fce93eb02bd341debd66ec9e2af854df75706662b1",
}
EXPECTED_LARGE = {
    "battle": "868b1a271888638fba01f1482e8e60d6d3914f7050e4caa759629ebaebce3a90",
    "epic": "2ac7ab0f34c48676c6c84b46718f7bbc005297a1b4018f3eec46a5810bb15ed0",
    "standard": "7ed54e48e20e01ac81dfddf2e1561ddfe9a233d91fdc58b7c20a14b86f6be8ff",
}


def fingerprint(blocks: tuple[Block, ...], seed: int = 16) -> str:
    """The sha256 of the games of ``blocks`` (see the module's docstring)."""
    h = hashlib.sha256()
    for b, (setup, specs, n) in enumerate(blocks):
        nh = len(specs) - (setup["variant"] == "battle")
        for i in range(n):
            # the heroes in turn: every hero plays in games of every size
            heroes = [HEROES[(i + j) % len(HEROES)] for j in range(nh)]
            doc = GAME.setup_for_seats(len(specs), {**setup, "heroes": heroes})
            seats = GAME.seat_names(doc)
            agents = {s: make_agent(spec, GAME, derive_seed(seed, b, i, k))
                      for k, (s, spec) in enumerate(zip(seats, specs, strict=True))}
            state = GAME.new(doc, seed=derive_seed(seed, b, i))
            k = 0
            while not state.is_over():
                seat = state.to_move()[0]
                action = agents[seat].act(state, seat)
                events = state.apply(seat, action)
                h.update(f"{seat}:{action};".encode())
                h.update("|".join(e.text for e in events).encode())
                k += 1
                if k % 9 == 0:
                    h.update(state.digest().encode())
            h.update(state.digest().encode())
    return h.hexdigest()


@pytest.mark.parametrize("variant", sorted(SMALL))
def test_the_same_games_as_the_reference(variant: str) -> None:
    assert fingerprint(SMALL[variant]) == EXPECTED_SMALL[variant]


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(LARGE))
def test_the_same_many_games_as_the_reference(variant: str) -> None:
    assert fingerprint(LARGE[variant]) == EXPECTED_LARGE[variant]


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
    listed = re.search(r"^COMPILED_HEROICA\s*:=\s*(.*?)(?<!\\)$", text, flags=re.M | re.S)
    assert listed is not None
    files = listed.group(1).replace("\\\n", " ").split()
    assert files == [str(source(m).relative_to(ROOT)) for m in compiled.MODULES]




@pytest.mark.skipif(not compiled.in_use(), reason="the engine is not compiled: the fingerprint ran on the sources")
def test_the_pure_engine_matches_the_fingerprint() -> None:
    """The same (small) fingerprints on the ``.py`` sources (``QUESTBOX_PURE=1``, another process)."""
    code = ("import sys; sys.path.insert(0, 'tests/heroica'); import test_fingerprint as t\n"
            "from questbox.games.heroica import compiled\n"
            "assert not compiled.in_use(), compiled.reason()\n"
            "for variant, blocks in t.SMALL.items():\n"
            "    assert t.fingerprint(blocks) == t.EXPECTED_SMALL[variant], variant\n")
    env = {**os.environ, "QUESTBOX_PURE": "1"}
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-2000:]


if __name__ == "__main__":
    for size in sys.argv[1:] or ["small"]:
        table = SMALL if size == "small" else LARGE
        for variant, blocks in sorted(table.items()):
            print(size, variant, sum(n for _, _, n in blocks), "games", fingerprint(blocks), flush=True)
