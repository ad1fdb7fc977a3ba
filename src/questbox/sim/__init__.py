"""The simulator: many seeded bot games on a process pool or a Ray cluster, stored as rows,
summarised with confidence intervals and plots.

Game ``i`` of a run with seed ``S`` uses the seed ``derive_seed(S, i)`` and the agent of seat
``k`` in it ``derive_seed(S, i, "agent", k)``: every game can be replayed alone, and results do
not depend on how the games are spread over processes or machines.
"""

from questbox.sim.runner import SimConfig, game_seed, play_one, run
from questbox.sim.stats import Summary, wilson

__all__ = ["SimConfig", "Summary", "game_seed", "play_one", "run", "wilson"]
