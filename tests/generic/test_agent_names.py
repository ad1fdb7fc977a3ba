"""Every game's bots carry the word of the seat spec that builds them (issue #16)."""

from __future__ import annotations

import pytest

from questbox.core import games, make_agent


@pytest.mark.parametrize("gid", sorted(games()))
def test_a_bot_is_named_by_its_spec(gid: str) -> None:
    """A bot's name is a spec word of its game: its own, or (for an alias, two specs building one
    kind of bot) the other's; two kinds of bot never share a name."""
    game = games()[gid]
    kinds: dict[str, set[type]] = {}
    for spec in game.agents():
        agent = make_agent(spec, game, seed=0)
        word = agent.name.partition(":")[0]
        assert word in game.agents(), f"{gid}: spec {spec!r} builds a bot named {agent.name!r}"
        kinds.setdefault(word, set()).add(type(agent))
        if word != spec:    # an alias: the spec its name gives builds the same kind of bot
            assert type(make_agent(word, game, seed=0)) is type(agent), (
                f"{gid}: spec {spec!r} builds {type(agent).__name__} named {agent.name!r}, "
                f"but spec {word!r} builds another bot")
    shared = {w: sorted(k.__name__ for k in ks) for w, ks in kinds.items() if len(ks) > 1}
    assert not shared, f"{gid}: different bots share a name: {shared}"


def test_heirs_bots_are_the_lookahead_and_the_rule_of_thumb_bots() -> None:
    from questbox.games.heirs.bots import HeuristicAgent, SimpleAgent

    game = games()["heirs"]
    heuristic = make_agent("heuristic", game, seed=1)
    assert isinstance(heuristic, HeuristicAgent) and isinstance(heuristic.simple, SimpleAgent)
    assert isinstance(make_agent("simple", game, seed=1), SimpleAgent)
