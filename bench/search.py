"""Search speed: ISMCTS (and MCTS) iterations per second on mid-game states of each game.

    python bench/search.py [--game heirs] [--players 2] [--seconds 2] [--depth 10]
"""

from __future__ import annotations

import argparse
import statistics

from questbox.agents.mcts import MCTSAgent
from questbox.core import games
from questbox.core.rng import Rng


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="heirs")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=2.0)
    ap.add_argument("--depth", type=int, default=None, help="rollout depth (default: the agent's)")
    ap.add_argument("--states", type=int, default=5)
    args = ap.parse_args()
    game = games()[args.game]
    setup = game.setup_for_seats(args.players)
    rates = []
    for seed in range(args.states):
        state = game.new(setup, seed=seed)
        rng = Rng(seed)
        for _ in range(20):  # into the game
            if state.is_over():
                break
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        if state.is_over():
            continue
        seat = state.to_move()[0]
        params = {"depth": args.depth} if args.depth is not None else {}
        agent = MCTSAgent(game=game, seed=seed, seconds=args.seconds, determinize=True, **params)
        agent.act(state, seat)
        if agent.last_iterations:
            rates.append(agent.last_iterations / args.seconds)
    print(f"{args.game} ({args.players} seats) ISMCTS: median {statistics.median(rates):,.0f} iterations/s "
          f"over {len(rates)} states (min {min(rates):,.0f}, max {max(rates):,.0f})")


if __name__ == "__main__":
    main()
