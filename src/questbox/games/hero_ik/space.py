"""The fixed action space of hero-ik: every action a game with a given setup can ever offer.

RL adapters (``questbox.adapters``) need one stable index per action. The space is written from the
notation (docs/games/hero-ik.md, *Action notation*) and the ``_legal_*`` methods of
:class:`~questbox.games.hero_ik.state.HikState`, family by family, in the order of a turn:

* construction (duel only): ``keep``, ``swap A B`` for the three pairs of corridors;
* equipment: ``done``; ``reveal eK``, ``quest eK``, ``potion eK`` for each equipment slot;
  ``ultimate ID`` for each adventurer;
* costs: ``pay N`` for every card instance ``N`` of the setup (the 48 dungeon cards, then the
  starting trophies). Choosing *which* won cards pay a cost is combinatorially large, but the
  notation pays one card at a time (the game re-asks until the cost is met), so one action per card
  instance covers every combination: the family is linear in the deck, not exponential;
* effects: ``target C`` (corridors 1–3, eliminations) and ``target ID`` (adventurers, Mana gifts);
* combat: ``attack 1``–``attack 3``, ``attack final``; ``rps rock/paper/scissors`` (duel only: the
  Greenskin fight of the solitaire is an ordinary roll); ``roll``; ``power ID`` for each adventurer;
  ``gift ID`` for each adventurer whose gift rerolls a 1 and ``gift eK`` for each slot if some
  equipment of the card set is such an item; ``resolve``;
* the dungeon master (duel only): ``dire``, ``pass`` (also Bodyguard's refusal), ``guard 1``–``guard 3``
  (and ``guard final`` with the option ``tenacity_on_final``), ``place`` [``ambush``] [``tenacity``];
* Mana: ``mana ID`` for each adventurer, ``mana none``; ``lose-mana ID`` (solitaire, when the
  scenario's Destiny scale has a "lose a Mana token" line).

Equipment verbs are listed for every slot and every kind of equipment in the setup's card set, not
only for the card the slot really holds: the dungeon master's :meth:`HikState.determinize` puts any
equipment of the card set behind a face-down slot, and searches on such worlds (OpenSpiel's ISMCTS
through ``resample_from_infostate``) ask for their legal actions too. The few extra indices are
never legal in the real game and stay masked.
"""

from __future__ import annotations

from questbox.core import JSON, Action
from questbox.games.hero_ik.setup import build_ctx, normalize
from questbox.games.hero_ik.state import RPS


def action_space(setup: JSON | None = None) -> list[Action]:
    """Every action a hero-ik game with ``setup`` can offer, in a fixed order, without duplicates."""
    ctx = build_ctx(normalize(setup))
    duel = not ctx.solo
    advs = list(ctx.adv_ids)
    slots = list(ctx.eq_labels)
    pool = list(ctx.cards.equipment.values())
    kinds = {eq.kind for eq in pool}
    out: list[Action] = []
    if duel:
        out.append(Action("keep"))
        out += [Action("swap", (a, b)) for a in (1, 2, 3) for b in (1, 2, 3) if a < b]
    out.append(Action("done"))
    if kinds & {"item", "quest"}:
        out += [Action("reveal", (k,)) for k in slots]
    if "quest" in kinds:
        out += [Action("quest", (k,)) for k in slots]
    if "potion" in kinds:
        out += [Action("potion", (k,)) for k in slots]
    out += [Action("ultimate", (a,)) for a in advs]
    out += [Action("pay", (n,)) for n in range(len(ctx.deck))]
    out += [Action("target", (c,)) for c in (1, 2, 3)]
    out += [Action("target", (a,)) for a in advs]
    out += [Action("attack", (c,)) for c in (1, 2, 3)]
    out.append(Action("attack", ("final",)))
    if duel:
        out += [Action("rps", (g,)) for g in RPS]
    out.append(Action("roll"))
    out += [Action("power", (a,)) for a in advs]
    out += [Action("gift", (adv.id,)) for adv in ctx.advs if adv.gift.effect == "reroll_on_one"]
    if any(eq.kind == "item" and eq.effect.effect == "reroll_on_one" for eq in pool):
        out += [Action("gift", (k,)) for k in slots]
    out.append(Action("resolve"))
    if duel:
        out += [Action("dire"), Action("pass")]
        out += [Action("guard", (c,)) for c in (1, 2, 3)]
        if ctx.opts.tenacity_on_final:
            out.append(Action("guard", ("final",)))
        out += [Action("place"), Action("place", ("ambush",)), Action("place", ("tenacity",)),
                Action("place", ("ambush", "tenacity"))]
    out += [Action("mana", (a,)) for a in advs]
    out.append(Action("mana", ("none",)))
    sc = ctx.scenario
    if sc is not None and any(line.effect == "lose_mana" for line in sc.lines.values()):
        out += [Action("lose-mana", (a,)) for a in advs]
    return out
