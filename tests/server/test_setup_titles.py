"""Issue #19, Lobby: the setup schema names each choice's values with the game's titles
(``x-titles``, from the game's data: Heroica's missions, Descent's quests and campaigns, hero-ik's
scenarios), and ``POST /api/games/{game}/seats`` says how many seats a setup gives (the lobby sets
its seat count from it)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from questbox.core import games
from questbox.core.validation import TITLES
from tests.server.conftest import ServerProc

PROJECT = sorted(gid for gid, g in games().items() if type(g).__module__.startswith("questbox.games."))


def _choices(schema: dict[str, Any]) -> dict[str, tuple[list[str], dict[str, str]]]:
    """The top-level fields listing named values (as the lobby's choiceFields reads them)."""
    out = {}
    for name, prop in schema["properties"].items():
        branches = [prop, *prop.get("anyOf", [])]
        enum = next((b["enum"] for b in branches if b.get("type") == "string" and b.get("enum")), None)
        if enum:
            out[name] = (enum, prop.get(TITLES, {}))
    return out


@pytest.mark.parametrize("gid", [g for g in PROJECT if games()[g].setup_model is not None])
def test_every_choice_of_every_game_has_a_title(gid: str) -> None:
    choices = _choices(games()[gid].setup_schema())
    assert choices, gid
    for name, (enum, titles) in choices.items():
        assert sorted(titles) == sorted(enum), (gid, name)
        assert all(t and t != v for v, t in titles.items()), (gid, name, titles)


def test_the_titles_come_from_the_games_data() -> None:
    from questbox.games.descent.campaign_model import campaign_data
    from questbox.games.descent.data import read_quest
    from questbox.games.hero_ik.scenarios import scenarios
    from questbox.games.heroica.data import bundled_missions

    heroica = _choices(games()["heroica"].setup_schema())
    assert heroica["mission"][1]["vampire-throne"] == bundled_missions()["vampire-throne"]["title"]
    descent = _choices(games()["descent"].setup_schema())
    assert descent["quest"][1]["warren-raid"] == read_quest("warren-raid").name
    campaign = _choices(games()["descent-campaign"].setup_schema())
    assert campaign["campaign"][1]["saradyn"] == campaign_data("saradyn").name
    hik = _choices(games()["hero-ik"].setup_schema())
    assert scenarios()["hard"].name in hik["scenario"][1]["hard"]


def test_the_seats_of_a_setup(sqlite_server: ServerProc) -> None:
    url = f"{sqlite_server.url}/api/games"
    r = httpx.post(f"{url}/descent/seats", json={"setup": {"seats": "per-hero"}}, timeout=30)
    assert r.status_code == 200, r.text
    assert r.json() == {"game": "descent", "seats": ["hero1", "hero2", "hero3", "hero4", "overlord"], "playable": True}
    r = httpx.post(f"{url}/descent/seats", json={"setup": {"seats": "per-hero", "players": 2}}, timeout=30)
    assert r.status_code == 422 and "2" in r.json()["error"]          # the game's own message
    r = httpx.post(f"{url}/heirs/seats", json={"setup": {"mode": "solo"}}, timeout=30)
    assert r.json()["seats"] == ["p1"]
    assert httpx.post(f"{url}/nope/seats", json={"setup": {}}, timeout=30).status_code == 404
