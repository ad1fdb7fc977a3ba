"""Heirs on the one decision mechanism (issue #16): every decision kind is one object in one table
(:data:`questbox.games.heirs.kinds.KINDS`), the steps of the turn are a table of named handlers,
payloads are NamedTuples that save as they did, nothing registers itself on import, and no module
of the package imports another in a cycle at run time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import questbox
from questbox.core import Decision, IllegalAction, Rng
from questbox.core.decisions import UnknownDecision
from questbox.games.heirs import GAME, HeirsState, abilities, common, turn
from questbox.games.heirs.kinds import KINDS, kind_of
from questbox.games.heirs.statedoc import PendingDoc
from tests.generic.imports import in_cycles, package_modules, runtime_imports

PACKAGE = Path(questbox.__file__).resolve().parent / "games" / "heirs"
PKG = "questbox.games.heirs"
SRC = str(PACKAGE.parents[2])


def test_the_table_holds_every_kind_a_saved_game_may_name_once() -> None:
    names = set(PendingDoc.model_fields["kind"].annotation.__args__)  # type: ignore[union-attr]
    assert set(KINDS) == names
    assert len(turn.KINDS) + len(abilities.KINDS) == len(KINDS)
    for name, kind in KINDS.items():
        assert kind.kind == name
        assert kind.TEXT.strip(), name


def test_the_steps_of_the_turn_are_named_in_order() -> None:
    assert len(turn.STEPS) == len(common.STEP_NAMES) - 1 == common.S_OVER
    assert [f.__name__ for f in turn.STEPS] == ["begin_act", "end_act", "begin_chain", "score", "begin_draw",
                                                "deal"]


def test_an_unknown_decision_kind_is_refused_clearly() -> None:
    with pytest.raises(UnknownDecision, match="nonsense"):
        kind_of("nonsense")
    st = GAME.new({"players": 2}, seed=1)
    before = st.to_json()
    st.pending.append(Decision("p1", "nonsense"))
    with pytest.raises(UnknownDecision, match="nonsense"):
        st.legal_actions("p1")
    st.pending.pop()
    with pytest.raises(IllegalAction):
        st.apply("p2", "done")
    assert st.to_json() == before


def test_payloads_are_named_tuples_in_play_and_after_a_round_trip() -> None:
    """Every decision with a payload carries its kind's NamedTuple, also when loaded from JSON."""
    seen: set[str] = set()
    pick = Rng(3)
    for seed in range(40):
        st = GAME.new({"players": 1 + seed % 4}, seed=seed)
        while not st.is_over():
            loaded = GAME.from_json(st.to_json())
            assert isinstance(loaded, HeirsState)
            for d, e in zip(st.pending, loaded.pending, strict=True):
                make = kind_of(d.kind).payload
                if make is not None:
                    assert isinstance(d.data, make) and isinstance(e.data, make), d.kind  # type: ignore[arg-type]
                    seen.add(d.kind)
                assert d == e
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, legal[pick.below(len(legal))])
    assert {"deal", "burn", "webs", "heal-death", "absorb-cast"} <= seen


def test_heal_death_saves_its_payload_flat() -> None:
    kind = kind_of("heal-death")
    data = abilities.HealDeathData(1, (4, 9))
    assert kind.dump(data) == [1, 4, 9]
    assert kind.load([1, 4, 9]) == data


def test_importing_the_rules_modules_registers_nothing() -> None:
    # a fresh interpreter that imports the rules modules but not the game module (the package's
    # __init__ imports it, so the package is stood in for): the table is there, no game is bound
    code = ("import sys, types\n"
            "import questbox.games\n"
            f"pkg = types.ModuleType({PKG!r})\n"
            f"pkg.__path__ = [{str(PACKAGE)!r}]\n"
            f"sys.modules[{PKG!r}] = pkg\n"
            "from questbox.games.heirs import kinds, state\n"
            "assert 'questbox.games.heirs.game' not in sys.modules\n"
            "assert 'game' not in vars(state.HeirsState)\n"
            "print(len(kinds.KINDS))")
    env = {**os.environ, "PYTHONPATH": SRC}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert int(out.stdout) == len(KINDS)


# ------------------------------------------------------------------------------- module structure
def _modules() -> dict[str, Path]:
    return package_modules(PACKAGE, PKG)


def test_no_import_cycle_at_run_time() -> None:
    assert in_cycles(_modules()) == []


def test_leaf_modules_import_neither_the_package_root_nor_the_state() -> None:
    mods = _modules()
    roots = {PKG, f"{PKG}.game", f"{PKG}.state"}
    leaves = ("common", "turn", "abilities", "black", "kinds", "view", "cards", "setup", "statedoc", "hidden")
    assert {m: runtime_imports(mods[f"{PKG}.{m}"], mods) & roots for m in leaves} == {m: set() for m in leaves}


def test_no_file_of_the_package_is_too_long() -> None:
    assert {p.name: n for p in PACKAGE.glob("*.py") if (n := p.read_text().count("\n")) > 800} == {}
