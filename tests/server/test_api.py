"""The HTTP API against a real server on loopback (SQLite; PostgreSQL too when configured)."""

from __future__ import annotations

import httpx

from questbox.core import Replay
from tests.core.pig import GAME as PIG
from tests.server.conftest import ServerProc, tokens_of


def test_games_are_listed(server: ServerProc) -> None:
    doc = httpx.get(server.url + "/api/games").json()
    games = {g["id"]: g for g in doc["games"]}
    assert "pig" in games
    pig = games["pig"]
    assert pig["seat_counts"] == [2, 3, 4]
    assert pig["seat_names"]["3"] == ["p1", "p2", "p3"]
    assert "random" in pig["bots"]
    assert pig["renderer"] is True
    setup = httpx.get(server.url + "/api/games/pig/setup", params={"seats": 3}).json()
    assert setup["setup"] == {"players": 3}
    assert httpx.get(server.url + "/api/games/nope/setup").status_code == 404


def test_pages_are_served(server: ServerProc) -> None:
    for path in ("/", "/t/anything", "/static/js/table.js", "/static/css/questbox.css",
                 "/static/games/generic.js"):
        r = httpx.get(server.url + path)
        assert r.status_code == 200, path
    assert "<script" in httpx.get(server.url + "/").text


def _play_pig(server: ServerProc, tid: str, tokens: dict[str, str]) -> list[tuple[str, str]]:
    """Play a Pig table to its end through HTTP; returns the (seat, action) log."""
    played: list[tuple[str, str]] = []
    for _ in range(2000):
        snap = server.snap(tid)
        if snap["status"] == "finished":
            return played
        seat = snap["to_move"][0]
        mine = server.snap(tid, tokens[seat])
        assert mine["your_turn"] and mine["seat"] == seat
        action = "hold" if mine["view"]["turn_points"] >= 6 else "roll"
        r = server.act(tid, tokens[seat], action, expect=mine["version"])
        assert r.status_code == 200, r.text
        assert r.json()["version"] == mine["version"] + 1
        played.append((seat, action))
    raise AssertionError("pig did not end")


def test_play_a_table_to_the_end_and_download_the_replay(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"], setup={"target": 15}, seed=11)
    tid = created["id"]
    tokens = tokens_of(created)
    assert set(tokens) == {"p1", "p2"}
    assert all(len(t) >= 32 for t in tokens.values())
    assert created["spectator_link"].endswith(f"/t/{tid}")
    assert created["seats"][0]["link"].endswith(f"/t/{tid}#token={tokens['p1']}")
    # the replay (which holds the seed) is refused while the game goes on
    r = httpx.get(f"{server.url}/api/tables/{tid}/replay")
    assert r.status_code == 403 and "over" in r.json()["error"]
    listed = httpx.get(server.url + "/api/tables", params={"status": "open", "limit": 200}).json()["tables"]
    row = next(t for t in listed if t["id"] == tid)
    assert "seed" not in row and "tokens" not in row
    played = _play_pig(server, tid, tokens)
    snap = server.snap(tid)
    assert snap["status"] == "finished" and snap["outcome"]["winners"]
    r = httpx.get(f"{server.url}/api/tables/{tid}/replay")
    assert r.status_code == 200
    assert "attachment" in r.headers["content-disposition"]
    rep = Replay.from_json(r.json())
    assert rep.game == "pig" and rep.seed == 11 and rep.setup == {"players": 2, "target": 15}
    assert rep.actions == played
    final = rep.run(PIG)                    # reproduces the outcome and the final fingerprint
    assert final.outcome() is not None and final.outcome().to_json() == snap["outcome"]  # type: ignore[union-attr]
    finished = httpx.get(server.url + "/api/tables", params={"status": "finished", "limit": 200}).json()["tables"]
    assert any(t["id"] == tid and t["outcome"] == snap["outcome"] for t in finished)


def test_setup_is_validated_by_the_game(server: ServerProc) -> None:
    def create(**body: object) -> httpx.Response:
        return httpx.post(server.url + "/api/tables", json={"game": "pig", "seats": ["human", "random"], **body})

    r = create(setup={"target": -3})
    assert r.status_code == 422 and "target must be a positive whole number" in r.json()["error"]
    r = create(setup_text="target: 0\n")
    assert r.status_code == 422 and "target" in r.json()["error"]
    r = create(setup_text="{not yaml: [")
    assert r.status_code == 422 and "neither JSON nor YAML" in r.json()["error"]
    r = create(setup_text="- a list\n")
    assert r.status_code == 422 and "mapping" in r.json()["error"]
    r = create(setup_text="a: &x [1, 2]\nb: *x\n")
    assert r.status_code == 422 and "aliases" in r.json()["error"]
    r = create(setup={"target": 5}, setup_text="target: 5")
    assert r.status_code == 422
    r = create(setup_text='{"target": 7}', seed=5)   # an uploaded JSON file
    assert r.status_code == 201 and r.json()["setup"] == {"players": 2, "target": 7}
    r = create(setup_text="target: 9\n")             # an uploaded YAML file
    assert r.status_code == 201 and r.json()["setup"]["target"] == 9
    r = httpx.post(server.url + "/api/tables", json={"game": "nope", "seats": ["human", "human"]})
    assert r.status_code == 422 and "no game 'nope'" in r.json()["error"]
    r = httpx.post(server.url + "/api/tables", json={"game": "pig", "seats": ["human"]})
    assert r.status_code == 422 and "not 1" in r.json()["error"]
    r = httpx.post(server.url + "/api/tables", json={"game": "pig", "seats": ["human", "grandmaster"]})
    assert r.status_code == 422 and "no agent 'grandmaster'" in r.json()["error"]
    r = httpx.post(server.url + "/api/tables", json={"game": "pig", "seats": ["human", "human"], "seed": -1})
    assert r.status_code == 422
    r = httpx.post(server.url + "/api/tables", json={"game": "pig", "seats": ["human", "human"], "extra": 1})
    assert r.status_code == 422


def test_seat_tokens_turns_and_illegal_actions(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"], seed=4)
    tid = created["id"]
    tokens = tokens_of(created)
    before = server.snap(tid, tokens["p1"])
    # a wrong token opens nothing
    r = server.act(tid, "x" * 32, "roll")
    assert r.status_code == 403
    assert httpx.get(f"{server.url}/api/tables/{tid}", headers={"X-Seat-Token": "nope"}).status_code == 403
    # a spectator cannot act
    r = server.act(tid, None, "roll")
    assert r.status_code == 403 and "spectator" in r.json()["error"]
    # out of turn: p2 acts while p1 is to move -> the engine's message, nothing changes
    r = server.act(tid, tokens["p2"], "roll")
    assert r.status_code == 409
    assert r.json()["error"] == "roll: it is not p2's turn (to move: p1)"
    # illegal and malformed actions
    r = server.act(tid, tokens["p1"], "fly")
    assert r.status_code == 422 and r.json()["error"] == "fly: not legal for p1 now; legal action kinds: hold, roll"
    r = server.act(tid, tokens["p1"], "9lives")
    assert r.status_code == 422 and "starts with its name" in r.json()["error"]
    r = server.act(tid, tokens["p1"], "")
    assert r.status_code == 422
    # a stale version is refused
    r = server.act(tid, tokens["p1"], "roll", expect=before["version"] + 3)
    assert r.status_code == 409 and "moved on" in r.json()["error"]
    after = server.snap(tid, tokens["p1"])
    assert after["version"] == before["version"] == 0
    assert after["view"] == before["view"]
    # the authorization header works as well as X-Seat-Token
    r = httpx.post(f"{server.url}/api/tables/{tid}/actions", json={"action": "hold"},
                   headers={"Authorization": f"Bearer {tokens['p1']}"})
    assert r.status_code == 200 and r.json()["version"] == 1
    # every seat sees only its own secret card; spectators see none
    assert set(server.snap(tid, tokens["p1"])["view"]["secret"]) == {"p1"}
    assert set(server.snap(tid, tokens["p2"])["view"]["secret"]) == {"p2"}
    spect = server.snap(tid)
    assert spect["view"]["secret"] == {} and spect["seat"] is None and spect["legal"] == []


def test_request_sizes_are_bounded(server: ServerProc) -> None:
    created = server.create("pig", ["human", "human"])
    tid, tokens = created["id"], tokens_of(created)
    big = "x" * (100 * 1024)
    r = httpx.post(f"{server.url}/api/tables/{tid}/actions", content=f'{{"action": "{big}"}}',
                   headers={"X-Seat-Token": tokens["p1"], "Content-Type": "application/json"})
    assert r.status_code == 413
    r = httpx.post(server.url + "/api/tables", json={"game": "pig", "seats": ["human", "human"],
                                                     "setup_text": "a: " + "x" * (1100 * 1024)})
    assert r.status_code == 413

    def chunks() -> object:
        for _ in range(200):
            yield b" " * 1024

    r = httpx.post(f"{server.url}/api/tables/{tid}/actions", content=chunks(),  # type: ignore[arg-type]
                   headers={"X-Seat-Token": tokens["p1"], "Content-Type": "application/json"})
    assert r.status_code == 413
    r = server.act(tid, tokens["p1"], "roll " + "1 " * 300)
    assert r.status_code == 422
    assert httpx.get(f"{server.url}/api/tables/{'z' * 300}").status_code == 404
    assert httpx.get(f"{server.url}/api/tables/nosuchtable").status_code == 404


def test_bots_act_server_side(server: ServerProc) -> None:
    # a bot in the first seat moves as soon as the table exists
    created = server.create("pig", ["random", "human"], seed=8)
    tid, tokens = created["id"], tokens_of(created)
    snap = server.wait(tid, lambda s: s["your_turn"] or s["status"] == "finished", tokens["p2"])
    assert snap["version"] >= 1
    assert snap["my_actions"] == []          # another seat's actions are not shown as notation
    assert any(e["text"].startswith("p1 ") for e in snap["events"])
    # after a person's move the bot answers by itself
    v = snap["version"]
    if snap["status"] == "open":
        assert server.act(tid, tokens["p2"], "hold").status_code == 200
        snap = server.wait(tid, lambda s: s["your_turn"] or s["status"] == "finished", tokens["p2"])
        assert snap["version"] >= v + 2
    # an all-bot table plays itself to the end
    created = server.create("pig", ["random", "random", "random"], seed=2)
    done = server.wait(created["id"], lambda s: s["status"] == "finished")
    assert done["outcome"]["winners"]
