"""The dice tray rolls pools many times and compares them with the face tables."""

from __future__ import annotations

import pytest

from questbox.core import SetupError
from questbox.games.descent import GAME
from questbox.games.descent.tray import TrayState


def test_the_tray_fits_the_face_tables() -> None:
    st = GAME.new({"dice_tray": {"dice": ["blue", "red", "yellow"], "rolls": 3000}}, seed=5)
    assert isinstance(st, TrayState)
    st.apply("heroes", "roll")
    rep = st.to_json()["tray"]
    assert rep["ok"] and all(rep["fit"].values())
    assert rep["pool"]["x"]["expected"] == pytest.approx(1 / 6, abs=1e-4)
    assert rep["pool"]["hearts"]["expected"] == pytest.approx(8 / 6 + 13 / 6 + 7 / 6, abs=1e-4)
    assert sum(rep["per_die"]["red"]["counts"]) == 3000
    assert st.is_over() and GAME.from_json(st.to_json()).to_json() == st.to_json()


def test_a_loaded_die_fails_the_check() -> None:
    st = GAME.new({"dice_tray": {"dice": ["gray"], "rolls": 600}}, seed=1)
    st.rng.script = [6] * 600
    st.apply("heroes", "roll")
    rep = st.to_json()["tray"]
    assert not rep["fit"]["gray"] and not rep["ok"]


def test_the_tray_setup_is_validated() -> None:
    with pytest.raises(SetupError):
        GAME.new({"dice_tray": {"dice": ["purple"]}})
    with pytest.raises(SetupError):
        GAME.new({"dice_tray": {"dice": ["red"]}, "heroes": ["jain", "avric"]})
