"""The engine's structure (issue #17, part 1): tasks and decision kinds are named constants
dispatched through tables, attacks are named steps, no import cycle at run time, rules never
import the bots, and no file or function of the package grows past its size."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from questbox.core import Action, Decision, Rng
from questbox.core.decisions import UnknownDecision, lookup, table
from questbox.games.descent import GAME, DescentState, flow
from questbox.games.descent.combat import STEPS
from questbox.games.descent.kinds import KINDS, TASKS
from questbox.games.descent.plot import PlotModule
from questbox.games.descent.plot_cards import plot_data
from questbox.games.descent.plot_deck import CARDS
from tests.generic.imports import in_cycles, package_modules, runtime_imports

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "questbox" / "games" / "descent"
PKG = "questbox.games.descent"
#: the engine's attack steps, in order (flow's constants)
STEP_NAMES = ("DECLARE", "BEFORE_ROLL", "BEFORE_DEFENSE", "ROLL", "DEFENSE", "CHECK_HIT", "SURGES", "CHECK_RANGE",
              "DAMAGE", "DEAL", "AFTER_DAMAGE", "FOLLOW_UPS", "RESOLVED", "FINISHED", "FOLLOW_UP")
#: the decision kinds of flow.py (the rest of its string constants are task tags)
KIND_NAMES = ("HERO_TURN", "MONSTER_TURN", "OL_TURN", "NEXT_HERO", "SURGE", "REACT", "PLACE", "BREATH", "BLAST",
              "LARGE_PLACE", "MOD_DECISION")
#: the rule modules' decision kinds named in flow.py (for their payloads)
MOD_KIND_NAMES = ("FEAT_MOVE", "FEAT_REAPPEAR", "SEARCH_POWER", "CARD_PLAY", "FORTUNE_GIVE", "MASSES", "COMRADE",
                  "UTHUK", "CHARM", "PLAN", "RITUAL", "RELIC_GIVE")


def _flow_strings() -> dict[str, str]:
    return {k: v for k, v in vars(flow).items() if k.isupper() and isinstance(v, str)}


def test_every_task_tag_has_a_handler_and_every_handler_a_tag() -> None:
    tags = {v for k, v in _flow_strings().items() if k not in KIND_NAMES + MOD_KIND_NAMES}
    assert set(TASKS) == tags


def test_every_decision_kind_is_in_the_table() -> None:
    assert set(KINDS) == {getattr(flow, k) for k in KIND_NAMES}
    for name, kind in KINDS.items():
        assert kind.kind == name


def test_every_decision_kind_has_a_payload_entry() -> None:
    mods = {getattr(flow, k) for k in MOD_KIND_NAMES}
    assert all(k.startswith(flow.MOD_DECISION) for k in mods)
    assert set(flow.PAYLOADS) == set(KINDS) - {flow.MOD_DECISION} | mods


def test_no_handler_is_found_by_reflection() -> None:
    assert not [m for m in dir(DescentState) if m.startswith("_t_")]


def test_the_attack_steps_are_named_in_order() -> None:
    assert [getattr(flow, n) for n in STEP_NAMES] == list(range(len(STEPS)))
    assert len(STEPS) == len(STEP_NAMES)


def test_every_decision_asked_in_play_has_a_kind_a_text_and_its_legal_actions() -> None:
    seen: set[str] = set()
    for seed in range(6):
        st = GAME.new(GAME.setup_for_seats(2 + seed % 4), seed=seed)
        assert isinstance(st, DescentState)
        pick = Rng(seed)
        while not st.is_over():
            d = st.pending[-1]
            seen.add(d.kind.split(":")[0])
            text = st.decision_text(d)
            assert isinstance(text, str) and text
            legal = st.legal_actions(d.seat)
            assert st.decision_actions(d) == legal
            st.apply(d.seat, legal[pick.below(len(legal))])
    assert {"hero-turn", "monster-turn", "ol-turn"} <= seen


def test_lookup_finds_a_kind_or_its_family_and_names_the_unknown() -> None:
    class K:
        def __init__(self, kind: str) -> None:
            self.kind = kind

    kinds = table([K("a"), K("mod:")])
    assert lookup(kinds, "a").kind == "a"
    assert lookup(kinds, "mod:feats:move").kind == "mod:"
    with pytest.raises(UnknownDecision, match="no decision kind 'b'"):
        lookup(kinds, "b")
    with pytest.raises(ValueError, match="two decision kinds"):
        table([K("a"), K("a")])


def test_an_unknown_decision_kind_is_refused_clearly() -> None:
    st = GAME.new(GAME.setup_for_seats(2), seed=0)
    assert isinstance(st, DescentState)
    with pytest.raises(UnknownDecision, match="nonsense"):
        st.decision_actions(Decision("overlord", "nonsense"))
    assert isinstance(Action("end"), Action)


# ------------------------------------------------------------------------------- module structure
def _modules() -> dict[str, Path]:
    return package_modules(PACKAGE, PKG)


def test_no_import_cycle_at_run_time() -> None:
    assert in_cycles(_modules()) == []


def test_rules_never_import_the_bots() -> None:
    mods = _modules()
    bots = {f"{PKG}.bots", f"{PKG}.plot_bots"}
    # the roots and play loops
    allowed = bots | {f"{PKG}.game", f"{PKG}.campaign", f"{PKG}.campaign_play", f"{PKG}.campaign_game"}
    offenders = {m for m, p in mods.items() if m not in allowed and runtime_imports(p, mods) & bots}
    assert offenders == set()


def test_leaf_modules_do_not_import_the_package_root() -> None:
    mods = _modules()
    leaves = [m for m in mods if m.rsplit(".", 1)[-1] in
              ("flow", "geometry", "movement", "combat", "conditions", "hero_turns", "monster_turns", "serialize",
               "kinds", "state", "tactics", "rules", "model", "board", "data", "encounter", "plot_cards")]
    assert [m for m in leaves if PKG in runtime_imports(mods[m], mods)] == []


def test_no_engine_file_or_function_is_too_long() -> None:
    """The engine's modules stay small: no file over 700 lines, no function over 80."""
    engine = ["state", "flow", "kinds", "geometry", "movement", "combat", "conditions", "hero_turns",
              "monster_turns", "serialize", "tactics", "plot", "plot_deck", "board", "abilities", "bots"]
    for name in engine:
        path = PACKAGE / f"{name}.py"
        text = path.read_text()
        assert text.count("\n") <= 700, path
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef):
                assert node.end_lineno is not None
                assert node.end_lineno - node.lineno < 80, f"{path}:{node.lineno} {node.name}"


def test_every_plot_card_is_one_object() -> None:
    """Each card of the Plot decks has its object (windows, offers, effect), and the campaign
    module offers each card only at the windows the card names."""
    ids = {c.id for d in plot_data().decks for c in d.cards}
    assert set(CARDS) == ids
    for card in CARDS.values():
        assert card.offers_at <= PlotModule.offers_at, card.id
        assert card.listens <= PlotModule.listens, card.id
    assert [c.id for c in CARDS.values() if not c.exhaust] == ["camaraderie"]


def test_rule_modules_use_the_facade_not_the_state_s_private_methods() -> None:
    files = [*PACKAGE.joinpath("modules").glob("*.py"), PACKAGE / "plot.py", PACKAGE / "plot_deck.py",
             PACKAGE / "abilities.py"]
    calls = {f"{p.name}: {m}" for p in files for m in re.findall(r"\bst\._[a-z]\w*\(", p.read_text())}
    assert calls == set()
