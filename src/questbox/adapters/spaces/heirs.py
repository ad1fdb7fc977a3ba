"""The fixed action space of Heirs of the Wizard King, enumerated from its notation.

Written from the game's legal-action code (``questbox/games/heirs/state.py``, ``abilities.py``,
``black.py``) and ``docs/games/heirs.md``. It belongs in the game (``Game.action_space``); it lives
here until the Heirs package offers one, and :func:`questbox.adapters.spaces.action_index` prefers
the game's own when it appears.

Order (stable; ``C`` is each card id in card-set order, ``K`` each colour ``R O Y G B V``):

1. ``done``, ``skip``, ``skip-cast``, ``draw``, ``ability``, ``pass``, ``deal left``, ``deal right``
2. ``cast K`` for each colour, then ``raise K`` for each colour
3. ``number 0`` .. ``number 63`` (Precise Burn)
4. ``burn-hand p1`` .. ``burn-hand pN`` (the seats of the game)
5. per card ``C``: ``command C``, ``absorb C``, ``chain C left``, ``chain C right``, ``start C``,
   ``take C``, ``discard C``, ``keep C``, ``return C``, ``burn C``
6. per card ``C``, per chain ``T`` (``p1``..``pN``, then ``black`` or ``black1 black2`` in Solo Mode),
   per end: ``grow C T left``, ``grow C T right``

The card set is the setup's (the printed one, or the user's ``cards`` list), so a space depends
on the setup: 2 players with the printed 48 cards give 854 actions.
"""

from __future__ import annotations

from questbox.core import JSON, Action, Game

ENDS = ("left", "right")
COLOURS = ("R", "O", "Y", "G", "B", "V")
#: ``number k`` actions offered by Precise Burn (the game's own table stops at 63)
MAX_NUMBER = 63
CARD_ACTIONS = (("command",), ("absorb",), ("chain", "left"), ("chain", "right"), ("start",), ("take",),
                ("discard",), ("keep",), ("return",), ("burn",))


def action_space(game: Game, setup: JSON | None) -> list[Action]:
    """Every action a Heirs game with ``setup`` can offer, in the order of the module docs."""
    state = game.new(setup, seed=0)  # the setup's card set, seats and Black Chains
    seats = list(state.seats)
    card_ids: list[str] = list(state.cs.ids)  # type: ignore[attr-defined]
    black_chains = len(state.bchains)  # type: ignore[attr-defined]
    targets = seats + (["black"] if black_chains == 1 else [f"black{j + 1}" for j in range(black_chains)])

    acts: list[Action] = [Action("done"), Action("skip"), Action("skip-cast"), Action("draw"),
                          Action("ability"), Action("pass"), Action("deal", ("left",)),
                          Action("deal", ("right",))]
    acts += [Action("cast", (k,)) for k in COLOURS]
    acts += [Action("raise", (k,)) for k in COLOURS]
    acts += [Action("number", (k,)) for k in range(MAX_NUMBER + 1)]
    acts += [Action("burn-hand", (s,)) for s in seats]
    for c in card_ids:
        acts += [Action(name, (c, *rest)) for name, *rest in CARD_ACTIONS]
    for c in card_ids:
        acts += [Action("grow", (c, t, end)) for t in targets for end in ENDS]
    return acts
