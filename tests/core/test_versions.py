"""Rules versions in replays, and outcomes compared by winners and termination word.

``Pig2`` is Pig after a "rule fix" that changes the random draws (it draws one number more at
setup), so a Pig replay recorded under v1 no longer reproduces its game under v2.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from questbox.agents.random_agent import RandomAgent
from questbox.cli import app
from questbox.core import JSON, Outcome, Replay, ReplayError, get_game, play_game, registry
from tests.core.pig import Pig, PigState


class Pig2(Pig):
    rules_version = 2

    def new(self, setup: JSON | None = None, *, seed: int = 0) -> PigState:
        state = super().new(setup, seed=seed)
        state.rng.roll(6)          # the "fix": one more draw, so every later roll differs
        return state


def _recorded(seed: int = 5) -> Replay:
    game = get_game("pig")
    return play_game(game, {"p1": RandomAgent(seed=1), "p2": RandomAgent(seed=2)}, seed=seed).replay()


def _broken_under_v2() -> Replay:
    """A v1 replay that v2 cannot reproduce (the seed is searched, not assumed)."""
    for seed in range(50):
        rep = _recorded(seed)
        try:
            rep.run(Pig2())
        except ReplayError:
            return rep
    raise AssertionError("no seed whose replay breaks under the changed rules")


def test_a_match_replay_records_the_rules_version() -> None:
    rep = _recorded()
    assert rep.rules_version == 1
    doc = rep.to_json()
    assert doc["rules_version"] == 1
    assert doc["outcome"]["termination"] == "target"
    assert Replay.from_json(json.loads(json.dumps(doc))).rules_version == 1
    assert rep.version_mismatch(get_game("pig")) is None
    rep.run()


def test_an_old_replay_without_a_version_loads_and_runs() -> None:
    doc = _recorded().to_json()
    del doc["rules_version"]
    del doc["outcome"]["termination"]
    rep = Replay.from_json(doc)
    assert rep.rules_version is None
    rep.run()                       # same rules: it still reproduces (winners compared)
    assert "before rules versions were kept" in (rep.version_mismatch() or "")


def test_a_malformed_version_is_refused() -> None:
    doc = _recorded().to_json()
    doc["rules_version"] = [1]
    with pytest.raises(ReplayError, match="rules_version"):
        Replay.from_json(doc)


def test_replaying_under_other_rules_names_both_versions() -> None:
    rep = _broken_under_v2()
    with pytest.raises(ReplayError, match=r"recorded under rules v1, this questbox plays pig rules v2") as err:
        rep.run(Pig2())
    assert "not legal" in str(err.value) or "ends with" in str(err.value) or "differs" in str(err.value)


def test_the_outcome_is_compared_by_word_and_winners_not_the_sentence() -> None:
    rep = _recorded()
    assert rep.outcome is not None
    rep.outcome = {**rep.outcome, "reason": "a sentence written differently"}
    rep.run()
    rep.outcome = {**rep.outcome, "termination": "resigned"}
    with pytest.raises(ReplayError, match="'resigned'"):
        rep.run()
    out = Outcome.from_json(rep.outcome)
    others = [s for s in ("p1", "p2") if s not in out.winners]
    rep.outcome = {**rep.outcome, "termination": "target", "winners": others}
    with pytest.raises(ReplayError, match="not the recorded winners"):
        rep.run()


def test_questbox_replay_says_which_versions(tmp_path: Path, monkeypatch: Any) -> None:
    rep = _broken_under_v2()
    path = tmp_path / "old.json"
    rep.save(path)
    monkeypatch.setitem(registry._extra_games, "pig", Pig2())
    res = CliRunner().invoke(app, ["replay", str(path)])
    assert res.exit_code == 1
    assert "recorded under rules v1, this questbox plays pig rules v2" in " ".join(res.output.split())


def _case(tmp_path: Path, end: str) -> str:
    from questbox.check.cases import load_case, run_case

    f = tmp_path / "case.yaml"
    f.write_text("game: pig\nsetup: {players: 2, target: 5}\nrandom: [6]\nsteps:\n  - do: roll\n"
                 f"  - do: hold\nend: {end}\n")
    res = run_case(load_case(f))
    return "ok" if res.ok else res.message


def test_a_case_states_the_termination_word(tmp_path: Path) -> None:
    assert _case(tmp_path, "{over: true, winners: [p1], termination: target}") == "ok"
    assert "no termination word of pig" in _case(tmp_path, "{termination: score}")


def test_a_case_with_the_wrong_termination_fails(tmp_path: Path) -> None:
    from questbox.check.cases import load_case, run_case

    f = tmp_path / "short.yaml"
    f.write_text("game: pig\nsetup: {players: 2, target: 5}\nrandom: [6]\nsteps:\n  - do: roll\n"
                 "end: {termination: target}\n")
    res = run_case(load_case(f))
    assert not res.ok and res.message == "end: termination None, expected 'target'"


def test_the_simulator_counts_endings_by_termination_word() -> None:
    from questbox.sim import SimConfig, run
    from questbox.sim.stats import Summary

    cfg = SimConfig("heirs", ("simple", "simple"), 16, seed=2)
    rows = list(run(cfg, jobs=1))
    summary = Summary()
    for row in rows:
        summary.add(row)
    assert sum(summary.endings.values()) == 16
    assert set(summary.endings) <= get_game("heirs").terminations
    assert summary.endings["score"] == sum(1 for r in rows if r["winners"])


def test_summary_endings_do_not_splinter_and_old_rows_count_by_reason() -> None:
    from questbox.sim.stats import Summary

    summary = Summary()
    base = {"seats": "p1,p2", "agents": "a,b", "length": 9}
    summary.add({**base, "winners": "p1", "reason": "p1 reached 7", "termination": "score"})
    summary.add({**base, "winners": "p2", "reason": "p2 reached 8", "termination": "score"})
    summary.add({**base, "winners": "", "reason": "an old row"})
    assert dict(summary.endings) == {"score": 2, "an old row": 1}
