"""The heuristic bots play whole games in every seat layout, and play better than random."""

from __future__ import annotations

from questbox.agents.random_agent import RandomAgent
from questbox.core import Agent, derive_seed, make_agent, play_game
from questbox.games.descent import GAME
from questbox.games.descent.bots import HeuristicAgent, evaluate
from questbox.games.descent.state import DescentState

from .helpers import act, fig, group, names, new, put, quest, setup


def heroes_win_rate(hero: str, overlord: str, games: int, setup: dict[str, object] | None = None) -> float:
    wins = 0
    for i in range(games):
        seed = derive_seed(99, i)
        seats = GAME.seat_names(setup)
        agents: dict[str, Agent] = {}
        for k, s in enumerate(seats):
            kind = overlord if s == "overlord" else hero
            agents[s] = HeuristicAgent(seed=seed + k) if kind == "heuristic" else RandomAgent(seed=seed + k)
        match = play_game(GAME, agents, setup, seed=seed)
        out = match.state.outcome()
        assert out is not None
        wins += "overlord" not in out.winners
    return wins / games


def test_heuristic_bots_finish_games_in_every_seat_layout() -> None:
    for n in GAME.seat_counts:
        setup = GAME.setup_for_seats(n)
        seats = GAME.seat_names(setup)
        agents = {s: make_agent("heuristic", GAME, k) for k, s in enumerate(seats)}
        for seed in range(3):
            match = play_game(GAME, agents, setup, seed=seed)
            assert match.state.is_over()
            st = match.state
            assert isinstance(st, DescentState) and st.round <= 10


def test_the_heuristic_heroes_beat_random_heroes_and_the_heuristic_overlord_beats_random_heroes() -> None:
    two = {"heroes": ["syndrael", "avric"]}
    smart = heroes_win_rate("heuristic", "random", 30, two)
    dumb = heroes_win_rate("random", "random", 30, two)
    assert smart >= 0.6 and smart > dumb + 0.3
    assert heroes_win_rate("random", "heuristic", 20, two) <= 0.1


def test_the_evaluation_is_a_probability_that_ends_at_the_result() -> None:
    st = GAME.new({"heroes": ["syndrael", "avric"]}, seed=3)
    assert isinstance(st, DescentState)
    assert 0.0 < evaluate(st) < 1.0
    bots = {s: HeuristicAgent(seed=1) for s in st.seats}
    while not st.is_over():
        seat = st.to_move()[0]
        st.apply(seat, bots[seat].act(st, seat))
    assert evaluate(st) in (0.0, 1.0)
    assert GAME.evaluate(st) == {"heroes": evaluate(st), "overlord": 1.0 - evaluate(st)}


def test_generic_search_agents_can_play_descent() -> None:
    st = GAME.new({"heroes": ["syndrael", "avric"]}, seed=5)
    agent = make_agent("ismcts:iters=8", GAME, 1)
    for _ in range(6):
        seat = st.to_move()[0]
        st.apply(seat, agent.act(st, seat))


def test_the_evaluation_sees_the_goal_the_heroes_health_and_their_way_there() -> None:
    """Damage to the quest's goal monster raises the heroes' chance, damage to the heroes lowers it,
    and a hero closer to the goal is worth more (the positional term search needs)."""
    from questbox.games.descent.bots import features, goal_groups

    st = GAME.new({"heroes": ["syndrael", "avric"]}, seed=5)
    assert isinstance(st, DescentState)
    base = evaluate(st)
    goal = next(i for i in st.monsters() if st.figs[i].group in goal_groups(st))
    hurt_goal = st.clone()
    hurt_goal.figs[goal].damage += 4
    assert evaluate(hurt_goal) > base
    hero = st.heroes()[0]
    hurt_hero = st.clone()
    hurt_hero.figs[hero].damage += 4
    assert evaluate(hurt_hero) < base
    # walk the first hero along its shortest way to the goal (all doors open): approach shrinks
    near = st.clone()
    board = near.enc.board
    goal_sq = near.squares(goal)
    dist = [min(board.dist_from((1 << len(board.door_ids)) - 1, g)[s] for g in goal_sq) for s in range(board.size)]
    pos = near.figs[hero].pos
    target = min((s for s in range(board.size) if s not in near.occ and dist[s] >= 6 and dist[s] < dist[pos]),
                 key=lambda s: dist[s])
    del near.occ[pos]
    near.occ[target] = hero
    near.figs[hero].pos = target
    assert features(near)["approach"] < features(st)["approach"]
    assert evaluate(near) > base


# -- the bots' use of surges and of the monsters' abilities (#17) ---------------------------------
def _at_surges(bonus_shields: int = 0) -> DescentState:
    """Syndrael's attack on Zombie 1 at its surge decision: blue ♥2 + surge, red ♥3 + surge against
    a brown die's 2 shields (RR Attack: the defense is rolled before surges are spent)."""
    st = new(setup(quest(groups=[group("zombie", "zombie", ["B1", "H6"], minions=2)])))
    st.rng.script = [2, 6, 6]
    act(st, "activate syndrael", "attack zombie-1")
    assert st.pending[-1].kind == "surge" and st.attack is not None
    st.attack.bonus_shields = bonus_shields
    return st


def test_the_bot_spends_a_heart_surge_that_adds_damage_through_the_shields() -> None:
    """5 hearts against 2 + 2 shields: +2 hearts defeat the zombie (3 Health)."""
    st = _at_surges(bonus_shields=2)
    assert str(HeuristicAgent(seed=0).act(st, "heroes")) == "surge heart2"


def test_the_bot_spends_no_heart_surge_the_shields_cancel() -> None:
    """5 hearts + 2 against 2 + 6 shields: the +2 hearts deal nothing."""
    st = _at_surges(bonus_shields=6)
    assert str(HeuristicAgent(seed=0).act(st, "heroes")) not in ("surge heart2", "surge heart1")


def test_the_bot_spends_no_heart_surge_on_a_target_already_defeated() -> None:
    """5 hearts against 2 shields already defeat the zombie (3 Health)."""
    st = _at_surges()
    assert st.health(fig(st, "zombie-1")) == 3
    assert str(HeuristicAgent(seed=0).act(st, "heroes")) not in ("surge heart2", "surge heart1")


def test_fire_breath_takes_the_path_that_affects_the_most_heroes() -> None:
    """Card Shadow Dragon: Fire Breath. Next to the target (D3) stand Leoric (C3) and an empty E3
    that leads on to two heroes (F3, G3): the path through E3 affects two, through C3 one."""
    heroes = ("syndrael", "leoric", "tarha", "jain")
    q = quest(groups=[group("shadow-dragon", "dragon", ["C4:D6"], masters=1, minions=0)])
    st = new(setup(q, heroes))
    for h, sq in zip(heroes, ("D3", "C3", "F3", "G3"), strict=True):
        put(st, h, sq)
    act(st, "activate syndrael", "end", "activate leoric", "end", "activate tarha", "end", "end")
    act(st, "activate dragon-m")
    st.rng.script = [6, 6, 1, 1]       # blue ♥1 + surge, red ♥3 + surge; gray 0 shields
    act(st, "attack syndrael", "surge fire-breath")
    bot = HeuristicAgent(seed=0)
    ev: list[object] = []
    while st.pending[-1].kind == "breath":
        ev = st.apply("overlord", bot.act(st, "overlord"))
    area = [e.text for e in ev if e.kind == "area"]  # type: ignore[attr-defined]
    assert area and "Tarha" in area[0] and "Jain" in area[0] and "Leoric" not in area[0], area


def test_a_flail_master_attacks_two_heroes_at_once() -> None:
    """Card Merriod: Flail (one attack roll against two heroes)."""
    q = quest(groups=[group("merriod", "merriod", ["C2:D3"], masters=1, minions=0)])
    st = new(setup(q))
    put(st, "syndrael", "B2")
    put(st, "leoric", "E3")
    act(st, "activate syndrael", "end", "end", "activate merriod-m")
    chosen = str(HeuristicAgent(seed=0).act(st, "overlord"))
    assert chosen.startswith("flail "), chosen


def test_a_healer_heals_a_badly_hurt_monster_rather_than_make_a_weak_attack() -> None:
    """Card Flesh Moulder: Heal. A master with 4 damage next to the moulder, the only hero in
    sight far off behind 2 defense dice: healing is worth more than the attack."""
    q = quest(groups=[group("flesh-moulder", "moulder", ["D3"], masters=1, minions=0),
                      group("zombie", "zombie", ["E3"], masters=1, minions=0)])
    st = new(setup(q))
    st.figs[fig(st, "zombie-m")].damage = 4
    put(st, "syndrael", "H6")
    put(st, "leoric", "H5")
    act(st, "activate syndrael", "end", "end", "activate moulder-m")
    assert "heal zombie-m" in names(st.legal_actions())
    assert str(HeuristicAgent(seed=0).act(st, "overlord")) == "heal zombie-m"
