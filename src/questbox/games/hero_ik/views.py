"""What each seat sees of a Hero IK position (``HikState.view``): the corridors, the equipment,
the combat, the pending decision in words (its kind's ``text`` and ``details``), the scenario."""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core import JSON, Seat
from questbox.games.hero_ik.kinds import kind_of
from questbox.games.hero_ik.model import BONUS_TARGETS, EQ_STATES, FACE_DOWN, FINAL, corr, cost_doc
from questbox.games.hero_ik.setup import ADV, DM

if TYPE_CHECKING:
    from questbox.games.hero_ik.state import HikState


def view(st: HikState, seat: Seat | None, *, light: bool = False) -> JSON:
    """What ``seat`` sees of ``st`` (``HikState.view``; ``None``: a spectator).

    ``light``: only the fields the observation tensor reads (``hero_ik/observe.py``), with the same
    values, and none of the texts (the decision's words, the cards' names and texts, the scenario's
    details): what the RL adapters encode from, built by the same code, so what a seat may not see
    is decided here once."""
    ctx = st.ctx
    dm = seat == DM and not ctx.solo
    adv = seat == ADV
    combat = st.combat
    corridors = []
    for c in range(3):
        i = st.slot[c]
        enc: JSON | None
        if i < 0:
            enc = None
        elif st.down[c] and not dm:  # a face-down encounter: only the Dungeon Master knows it
            enc = {"face_down": True, "tenacity": st.ten[c]}
        else:
            info = ctx.card_info[i]
            if light:
                enc = {"id": info.get("id"), "colour": info.get("colour"), "family": info.get("family"),
                       "mana": info.get("mana", False), "face_down": st.down[c], "tenacity": st.ten[c]}
            else:
                enc = dict(info)
                enc.update(face_down=st.down[c], tenacity=st.ten[c], n=i)
            if st.marks[c]:
                enc["destiny_bonus"] = st.marks[c]
            fighting = combat is not None and combat.target == c
            power: int | str
            if st.rps_fight(c):
                power = "rock/paper/scissors"
            else:
                number: int = st.power_of(c, combat.pdie if combat and fighting else 0,
                                          combat.m_start if combat else None)
                power = number
                if ctx.die[i] and not fighting:  # not rolled yet
                    power = f"1d{ctx.die[i]}" + (f"+{number}" if number > 0 else f"{number}" if number else "")
            enc["current_power"] = power
        doc: JSON = {"n": c + 1, "pile": len(st.piles[c]), "encounter": enc,
                     "empty": st.corridor_empty(c)}
        if dm and st.peek[c] and st.piles[c]:
            doc["pile_top"] = dict(ctx.card_info[st.piles[c][-1]])
        corridors.append(doc)
    equipment = []
    for k, eid in enumerate(st.eq_kind):
        state = st.eq_state[k]
        e: JSON = {"slot": ctx.eq_labels[k], "state": EQ_STATES[state]}
        if state != FACE_DOWN or adv:  # face-down equipment: only the adventurers know it
            e["id"] = eid
            if not light:
                eq = ctx.equipment(eid)
                e.update(name=eq.name, kind=eq.kind, cost=cost_doc(eq.cost.as_tuple()), text=eq.effect.text)
        equipment.append(e)
    top = st.pending[-1] if st.pending and not st.result else None
    decision: JSON | None = None
    if top is not None:
        decision = {"kind": top.kind, "seat": top.seat}
        if not light:
            kind = kind_of(top.kind)
            decision["text"] = kind.text(st, top)
            decision.update(kind.details(st, top))
    final = ctx.final
    view: JSON = {
        "mode": ctx.setup["mode"], "turn": st.turn, "phase": st.phase(),
        "to_move": list(st.to_move()), "decision": decision,
        "courage": st.courage, "fear": st.fear,
        "adventurers": ([{"id": a.id, "mana": st.mana[k]} for k, a in enumerate(ctx.advs)] if light else
                        [{"id": a.id, "name": a.name, "type": a.type, "gender": a.gender, "mana": st.mana[k],
                          "gift": a.gift.text, "power": a.power.text, "ultimate": a.ultimate.text}
                         for k, a in enumerate(ctx.advs)]),
        "equipment": equipment,
        "corridors": corridors,
        "final": ({"id": final.id, "family": final.family, "current_power": st.power_of(FINAL, 0),
                   "open": st.final_open(), "tenacity": st.final_ten, "killed": st.lich_dead} if light else
                  {"id": final.id, "name": final.name, "family": final.family, "power": final.power,
                   "current_power": st.power_of(FINAL, 0), "open": st.final_open(), "tenacity": st.final_ten,
                   "killed": st.lich_dead}),
        "trophies": ([{"id": ctx.deck[t], "colour": ctx.card_info[t]["colour"], "mana": ctx.card_info[t]["mana"]}
                      for t in st.trophies] if light else
                     [{"n": t, "id": ctx.deck[t], "name": ctx.card_info[t]["name"],
                       "colour": ctx.card_info[t]["colour"], "mana": ctx.card_info[t]["mana"]}
                      for t in st.trophies]),
        "spent": len(st.spent),
        "combat": combat_view(st),
        "ultimate_cost": cost_doc(st.ultimate_cost()),
    }
    if not ctx.solo:  # the other seat's rock/paper/scissors choice: only that it is made
        mine = 0 if adv else 1 if dm else -1
        view["rps"] = {s: ((p or None) if k == mine else ("chosen" if p else None))
                       for k, (s, p) in enumerate(zip(st.seats, st.rps, strict=True))}
    if ctx.scenario is not None:
        sc = ctx.scenario
        next_line = st.fear + 1 if st.fear + 1 in sc.lines else None
        view["scenario"] = ({"next_line": next_line} if light else
                            {"id": ctx.scenario_id, "name": sc.name, "permanent": sorted(ctx.permanent),
                             "next_line": next_line,
                             "bonuses": {t: v for t, v in zip(BONUS_TARGETS, st.perm, strict=True) if v}})
    if st.result and not light:
        out = st.outcome()
        assert out is not None
        view["outcome"] = out.to_json()
    return view


def combat_view(st: HikState) -> JSON | None:
    cb = st.combat
    if cb is None:
        return None
    c = cb.target
    doc: JSON = {"corridor": corr(c), "card": st.ctx.final.id if c == FINAL else st.ctx.deck[cb.card],
                 "name": st.ctx.final.name if c == FINAL else st.ctx.card_info[cb.card]["name"],
                 "m_start": cb.m_start, "die": cb.sides, "face": cb.face, "multiplier": cb.mult,
                 "bonus": cb.bonus, "applied": [x[0] for x in cb.applied], "locked": st.result_locked()}
    if st.rps_fight(c):
        doc["rps"] = True
        return doc
    doc["power"] = st.combat_power()
    if cb.pdie:
        doc["power_die"] = cb.pdie
    doc["standing_bonus"] = st.standing_bonus(c)
    doc["add"] = cb.bonus + doc["standing_bonus"]   # what is added to face x multiplier
    if cb.face:
        doc["total"] = st.combat_total()
    return doc

