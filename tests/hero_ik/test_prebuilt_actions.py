"""The menus offer prebuilt actions (issue #20: building a NamedTuple is a call into Python, and
every decision builds its menu): the very objects of ``model``'s constants and the context's tables,
which equal the actions the notation names."""

from __future__ import annotations

from questbox.core import Action, make_agent
from questbox.games.hero_ik import GAME
from questbox.games.hero_ik.atlas import legal_parties
from questbox.games.hero_ik.ctx import Ctx
from questbox.games.hero_ik.model import ATTACK, DONE, KEEP, MANA_NONE, RESOLVE, ROLL


def _table(ctx: Ctx, a: Action) -> Action | None:
    """The prebuilt action equal to ``a`` (``None``: ``a`` is not one of those prebuilt)."""
    fixed = {x: x for x in (*ATTACK, DONE, KEEP, MANA_NONE, RESOLVE, ROLL)}
    if a in fixed:
        return fixed[a]
    by_slot = {"potion": ctx.potion_act, "reveal": ctx.reveal_act, "quest": ctx.quest_act}
    by_adv = {"power": ctx.power_act, "ultimate": ctx.ultimate_act, "mana": ctx.mana_act}
    if a.name in by_slot:
        return by_slot[a.name][ctx.eq_labels.index(str(a.args[0]))]
    if a.name in by_adv:
        return by_adv[a.name][ctx.adv_ids.index(str(a.args[0]))]
    if a.name == "pay":
        return ctx.pay_act[int(a.args[0])]
    return None


def test_the_menus_offer_the_prebuilt_actions() -> None:
    assert Action.parse("roll") == ROLL and ATTACK[3] == Action.parse("attack final")
    assert ATTACK[0] == Action.parse("attack 1") and Action.parse("mana none") == MANA_NONE
    parties = legal_parties()
    seen: set[str] = set()
    for k in range(12):
        setup = {"mode": "solitaire", "scenario": ("easy", "medium", "hard")[k % 3],
                 "party": list(parties[(k * 37) % len(parties)])}
        s = GAME.new(setup, seed=k)
        bot = make_agent("heuristic", GAME, k)
        while not s.is_over():
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            for a in legal:
                table = _table(s.ctx, a)
                if table is not None:
                    assert a is table, f"{a} is built anew"
                    seen.add(a.name)
            s.apply(seat, bot.act(s, seat))
    assert {"attack", "roll", "resolve", "done", "potion", "power"} <= seen
