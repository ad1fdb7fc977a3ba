"""Use questbox games from reinforcement-learning libraries (the optional ``questbox[rl]`` extra).

* :mod:`questbox.adapters.pettingzoo` — PettingZoo AEC and parallel environments for every game;
* :mod:`questbox.adapters.gymnasium` — single-agent Gymnasium environments, the other seats played
  by bots (ids ``questbox/<game>-v0`` and ``questbox/<game>-solo-v0``);
* :mod:`questbox.adapters.openspiel` — every game registered as an OpenSpiel Python game;
* :mod:`questbox.adapters.spaces` — the fixed action index of each game (the same for all three);
* :mod:`questbox.adapters.observe` — designed observation tensors (a game's ``observe.py``);
* :mod:`questbox.adapters.encoding` — the observation vector of a seat's view (designed, the game's
  own ``Game.encode``, or feature hashing as the fallback);
* :mod:`questbox.adapters.chance` — every random draw of a move as an explicit chance node.

The adapters talk to games only through the core protocol (``questbox.core``), so a game works
here as soon as it is registered and offers a fixed action space (``Game.action_space`` or a module
in :mod:`questbox.adapters.spaces`). See ``docs/rl.md``.

Importing this package imports none of the optional libraries; each submodule imports its own.
"""
