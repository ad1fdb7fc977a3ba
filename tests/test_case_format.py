"""The conformance format's checks: each one passes when it holds and fails, saying why, when not."""

from __future__ import annotations

from typing import Any

import pytest

from questbox.check.cases import Case, CaseFailure, load_case, run_case

MISSION = {"id": "line", "title": "Line", "source": "ours", "heroes": [1, 2], "map": "S-o-o-z-o-T\n|\nS\n"}


def case(**doc: Any) -> Case:
    doc.setdefault("setup", {"heroes": ["wizard", "prince"], "mission": MISSION})
    return Case(game="heroica", **doc)


def fails(c: Case, fragment: str) -> None:
    res = run_case(c)
    assert not res.ok, "the case should have failed"
    assert fragment in res.message, res.message


def test_setup_error() -> None:
    bad = {"heroes": ["wizard", "wizard"], "mission": MISSION}
    assert run_case(case(setup=bad, setup_error="each hero may be chosen once")).ok
    fails(case(setup=bad, setup_error="no such words"), "expected a message containing 'no such words'")
    fails(case(setup_error="once"), "setup: accepted, expected it to be refused")
    with pytest.raises(ValueError, match="has no steps"):
        case(setup=bad, setup_error="once", steps=[{"expect_to_move": ["p1"]}])


def test_expect_no_events() -> None:
    steps: list[dict[str, Any]] = [{"do": "roll"}, {"expect_no_events": ["fight", "shuffle"]}]
    assert run_case(case(random=["sword"], steps=steps)).ok
    fails(case(random=["sword"], steps=[{"do": "roll"}, {"expect_no_events": ["roll"]}]), "event 'roll' happened")


def test_expect_match() -> None:
    ok = {"board.monsters": {"has": ["d1"], "lacks": ["c1"]}, "seats": {"unordered": ["p2", "p1"]},
          "heroes.#": {"at_least": 2, "at_most": 2}, "title": {"has": ["Lin"]}}
    assert run_case(case(steps=[{"expect_match": ok}])).ok
    fails(case(steps=[{"expect_match": {"board.monsters": {"has": ["c1"]}}}]), "does not hold 'c1'")
    fails(case(steps=[{"expect_match": {"board.monsters": {"lacks": ["d1"]}}}]), "holds 'd1'")
    fails(case(steps=[{"expect_match": {"seats": {"unordered": ["p1"]}}}]), "in any order")
    fails(case(steps=[{"expect_match": {"heroes.#": {"at_least": 3}}}]), "expected at least 3")
    fails(case(steps=[{"expect_match": {"heroes.#": {"at_most": 1}}}]), "expected at most 1")
    fails(case(steps=[{"expect_match": {"title": {"at_most": 1}}}]), "not a number")
    fails(case(steps=[{"expect_match": {"nothing.here": {"has": [1]}}}]), "nothing.here is missing")


def test_expect_legal_any_of_and_counts() -> None:
    assert run_case(case(steps=[{"expect_legal": {"any_of": ["roll", "heal"], "at_least": 1, "at_most": 9}}])).ok
    fails(case(steps=[{"expect_legal": {"any_of": ["heal"]}}]), "none of ['heal'] is legal")
    fails(case(steps=[{"expect_legal": {"at_least": 50}}]), "expected at least 50")
    fails(case(steps=[{"expect_legal": {"at_most": 0}}]), "expected at most 0")


def test_illegal_message() -> None:
    step = {"illegal": {"seat": "p2", "action": "roll", "message": "not p2's turn"}}
    assert run_case(case(steps=[step])).ok
    fails(case(steps=[{"illegal": {"seat": "p2", "action": "roll", "message": "too heavy"}}]),
          "expected a message containing 'too heavy'")
    assert run_case(case(steps=[{"illegal": {"seat": "p2", "action": "roll"}}])).ok


def test_setup_random_scripts_the_setup_and_must_be_used() -> None:
    heirs = {"players": 2}
    c = Case(game="heirs", setup=heirs, setup_random=[["R1", "O1", "G1"]],
             steps=[{"expect": {"players.0.chain": ["R1"], "players.1.chain": ["O1"], "black.chains": [["G1"]]}}])
    assert run_case(c).ok
    fails(Case(game="heirs", setup=heirs, setup_random=[["R1"], 3]), "1 scripted setup outcome(s) left unused")
    fails(case(setup_random=[3]), "left unused")
    fails(Case(game="heirs", setup=heirs, setup_random=[["ZZ"]]), "'ZZ' is not among them")


def test_random_after_setup_is_apart_from_setup_random() -> None:
    c = Case(game="heirs", setup={"players": 2}, setup_random=[["R1"]], random=[], steps=[])
    assert run_case(c).ok


def test_a_malformed_new_check_is_refused(tmp_path: Any) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text("game: heroica\nsteps:\n  - expect_match: {seats: {contains: [p1]}}\n")
    with pytest.raises(CaseFailure, match=r"malformed case at steps\.0\.expect_match\.seats\.contains"):
        load_case(f)
