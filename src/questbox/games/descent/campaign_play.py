"""Playing a campaign: a quest of the log between agents, whole campaigns between the bots and
their statistics (``questbox campaign simulate``, :mod:`~questbox.games.descent.campaign_stats`),
and a saved replay recorded in the log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from questbox.core import JSON, Action, SetupError
from questbox.games.descent.campaign_bots import bot_action
from questbox.games.descent.campaign_log import apply, encounter_setup, new_log, record, to_move
from questbox.games.descent.state import DescentState


def play_quest(log: JSON, agents: dict[str, Any], seed: int,
               observe: Callable[[str, Action], None] | None = None) -> tuple[JSON, Any]:
    """The log after the quest (its next encounter) the agents played, and the quest's last state;
    ``observe(seat, action)`` sees each move after it is applied."""
    from questbox.core import get_game

    st = get_game("descent").new(encounter_setup(log), seed=seed)
    steps = 0
    while not st.is_over():
        seat = st.to_move()[0]
        act = agents[seat].act(st, seat)
        st.apply(seat, act)
        if observe is not None:
            observe(seat, act)
        steps += 1
        if steps > 20000:
            raise RuntimeError("a quest did not end")
    return record(log, st), st


def run_campaign(seed: int, heroes: list[str], plot_deck: str | None, campaign: str = "harrowmere",
                 seats: str = "party", overlord_deck: bool = False,
                 observe: Callable[[str, Action], None] | None = None,
                 quest_over: Callable[[DescentState], None] | None = None) -> JSON:
    """A whole campaign between bots (the plot bot on every seat); ``overlord_deck``: with the
    Overlord deck (the bot overlord buys class cards). ``observe(seat, action)`` sees each move of
    the quests, ``quest_over(state)`` each quest's (encounter's) last state (the statistics of
    :mod:`~questbox.games.descent.campaign_stats`)."""
    from questbox.games.descent.encounter import normalize_setup, seat_names
    from questbox.games.descent.plot_bots import PlotAgent

    log = new_log(campaign, heroes, seed=seed, seats=seats, overlord_deck=overlord_deck)
    names = seat_names(normalize_setup({"heroes": heroes, "seats": seats}))
    agents = {s: PlotAgent(seed=seed + i) for i, s in enumerate(names)}
    k = 0
    while log["phase"] != "over":
        if log["phase"] == "quest":
            log, st = play_quest(log, agents, seed * 10 + k, observe)
            if quest_over is not None:
                quest_over(st)
            k += 1
            continue
        seat = to_move(log)
        assert seat is not None
        log = apply(log, seat, bot_action(log, seat, plot_deck))
    return log


def record_replay(log: JSON, replay_doc: JSON) -> JSON:
    """The log after the quest a saved replay (of its campaign-file setup) played to the end."""
    from questbox.core import Replay, get_game

    rp = Replay.from_json(replay_doc)
    setup = dict(rp.setup or {})
    if "log" in setup:
        setup["log"] = log          # the log as it was when the quest was played (not yet recorded)
    if setup.get("campaign") is None or (isinstance(setup["campaign"], str) and "log" not in setup):
        raise SetupError("record: the replay is not of a campaign quest")
    rp = Replay(game=rp.game, seed=rp.seed, setup=setup, actions=rp.actions)
    st = rp.run(get_game("descent"))
    if not isinstance(st, DescentState) or st.result is None:
        raise SetupError("record: the replayed quest is not over")
    if st.enc.setup.get("campaign") != _campaign_of(log):
        raise SetupError("record: the replay is not of this log's next quest")
    return record(log, st)


def _campaign_of(log: JSON) -> Any:
    from questbox.games.descent.encounter import normalize_setup

    return normalize_setup(encounter_setup(log))["campaign"]
