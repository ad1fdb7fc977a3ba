"""Saving, loading and showing an encounter state: ``to_json``, ``from_json``, ``view``,
``determinize``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core import JSON, Decision, Rng, Seat
from questbox.games.descent.combat import atk_shields, atk_totals, surge_words
from questbox.games.descent.flow import load_payload
from questbox.games.descent.geometry import los_from
from questbox.games.descent.model import Attack, Fig, Turn, copy_json, listify, tuplify
from questbox.games.descent.monkey import MONKEY
from questbox.games.descent.skills import kit_sheet

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState


def to_json(st: DescentState) -> JSON:
    names = st.enc.board.names
    return {
        "mode": "encounter",
        "setup": copy_json(st.enc.setup),
        "seats": list(st.seats),
        "rng": st.rng.to_json(),
        "round": st.round,
        "phase": st.phase,
        "order": [f.id for f in st.figs],
        "figures": {f.id: f.to_json(names) for f in st.figs},
        "turns": [t.to_json() for t in st.turns],
        "attacks": [a.to_json() for a in st.attacks],
        "tests": [[t[0], t[1], list(t[2]), t[3]] for t in st.tests],
        "tasks": listify(st.tasks),
        "pending": [[d.seat, d.kind, listify(d.data)] for d in st.pending],
        "doors": {did: bool((st.doors >> i) & 1) for i, did in enumerate(st.enc.board.door_ids)},
        "tokens": {names[s]: k for s, k in sorted(st.tokens.items())},
        "deck": list(st.deck),
        "counters": dict(st.counters),
        "mods": copy_json(st.mods),
        "surcharge": copy_json(st.surcharge),
        "active_group": st.active_group,
        "result": list(st.result) if st.result else None,
    }


def load(st: DescentState, doc: JSON) -> None:
    """Fill ``st`` (new, of ``doc``'s setup and rng, no figures yet) from ``doc``."""
    enc = st.enc
    index = enc.board.index
    st.round, st.phase = doc["round"], doc["phase"]
    for fid in doc["order"]:
        st._add_fig(Fig.from_json(fid, doc["figures"][fid], index))
    for i, f in enumerate(st.figs):
        if f.status == "active":
            for s in st.squares(i):
                st.occ[s] = i
    st.turns = [Turn.from_json(t) for t in doc["turns"]]
    st.attacks = [Attack.from_json(a) for a in doc["attacks"]]
    st.tests = [[t[0], t[1], list(t[2]), t[3]] for t in doc["tests"]]
    st.tasks = [tuplify(t) for t in doc["tasks"]]
    # each kind's payload (a NamedTuple, saved as a list) is rebuilt
    st.pending = [Decision(p[0], p[1], load_payload(p[1], p[2])) for p in doc["pending"]]
    st.doors = sum(1 << i for i, did in enumerate(enc.board.door_ids) if doc["doors"][did])
    st.tokens = {index[k]: v for k, v in doc["tokens"].items()}
    st.deck = list(doc["deck"])
    st.counters = dict(doc["counters"])
    st.mods = copy_json(doc["mods"])
    st.surcharge = copy_json(doc["surcharge"])
    st.active_group = doc["active_group"]
    st.result = (doc["result"][0], doc["result"][1]) if doc["result"] else None
    st._geo = {}


def determinize(st: DescentState, rng: Rng, seat: Seat | None = None) -> DescentState:
    """The order of the Search deck and the dice to come are hidden from every seat; rule modules
    resample what they hide from ``seat`` (:meth:`RuleModule.determinize`)."""
    s = st.clone()
    deck = sorted(s.deck)          # which cards are left is known (drawn ones are on the table)
    s.deck = deck
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    s.rng = Rng(rng.below(2**63))
    if seat is not None:
        for m in s.enc.modules:
            m.determinize(s, seat, rng)
    return s


def _figure_view(st: DescentState, i: int) -> JSON:
    names = st.enc.board.names
    f = st.figs[i]
    doc: JSON = {"side": f.side, "name": st.name(i),
                 "status": f.status, "at": names[f.pos] if f.pos >= 0 else None,
                 "squares": [names[s] for s in st.squares(i)] if f.status == "active" else [],
                 "damage": f.damage, "health": st.health(i), "conditions": list(f.conds),
                 "seat": f.seat}
    if f.tags and MONKEY in f.tags:
        doc["marks"] = [MONKEY]     # (condition-like, not a condition: Curse of the Monkey God)
    if f.side == "hero":
        spec = next((h for h in st.enc.heroes if h.id == f.stat), None)
        doc.update(fatigue=f.fatigue, stamina=st.stamina(i), items=list(f.items),
                   exhausted=list(f.exhausted), activated=f.activated,
                   cards=kit_sheet(spec.kit if spec is not None else ()))
        if spec is not None and spec.cls:
            doc["class"] = spec.cls
        items_mod = st.enc.by_name.get("items")         # (a campaign's quest: the cards he has equipped)
        worn = getattr(items_mod, "equipment", {}).get(f.stat, ()) if items_mod is not None else ()
        if worn:
            doc["equipped"] = list(worn)
    else:
        doc.update(group=st.enc.groups[f.group].id if 0 <= f.group < len(st.enc.groups) else None,
                   master=f.master, size=st.size(i), activated=f.activated, abilities=sorted(st.stat(i).abilities))
    return doc


def view(st: DescentState, seat: Seat | None) -> JSON:
    """Everything on the table is public; only the Search deck's order (and the RNG) is hidden."""
    names = st.enc.board.names
    figs = {f.id: _figure_view(st, i) for i, f in enumerate(st.figs)}
    d = st.pending[-1] if st.pending else None
    out: JSON = {
        "quest": st.enc.quest.id, "map": copy_json(st.enc.map_json), "round": st.round,
        "phase": st.phase, "figures": figs,
        "doors": {did: bool((st.doors >> i) & 1) for i, did in enumerate(st.enc.board.door_ids)},
        "tokens": {names[s]: k for s, k in sorted(st.tokens.items())},
        "deck": len(st.deck), "counters": dict(st.counters),
        "decision": {"seat": d.seat, "kind": d.kind, "text": st.decision_text(d),
                     "data": listify(d.data)} if d else None,
        "turn": st.turns[-1].to_json() | {"figure": st.figs[st.turns[-1].fig].id} if st.turns else None,
        "attack": _attack_view(st) if st.attacks else None,
        "mods": _mods_view(st, seat),
        "result": list(st.result) if st.result else None,
    }
    if st.enc.show_los and st.turns:
        fi = st.turns[-1].fig
        if st.figs[fi].status == "active":
            out["los"] = los_squares(st, fi)
    return out


def _mods_view(st: DescentState, seat: Seat | None) -> JSON:
    by_name = st.enc.by_name
    return {k: by_name[k].view(st, seat, copy_json(v)) if k in by_name else copy_json(v)
            for k, v in st.mods.items()}


def _attack_view(st: DescentState) -> JSON:
    atk = st.attacks[-1]
    doc = atk.to_json()
    doc["attacker"] = st.figs[atk.attacker].id
    doc["target"] = st.figs[atk.target].id
    if atk.faces:
        h, r, s, miss = atk_totals(st, atk)
        doc.update(hearts=h, range=r, surges=s, x=miss)
    if atk.def_faces:
        doc["shields"] = atk_shields(st, atk)
    doc["used_words"] = [surge_words(str(ab[1]), int(ab[2])) for ab in atk.abilities if ab[0] in atk.used]
    doc["shown"] = _faces_shown(st, atk.dice, atk.faces)
    doc["def_shown"] = _faces_shown(st, atk.def_dice, atk.def_faces)
    return doc


def _faces_shown(st: DescentState, dice: list[str], faces: list[int]) -> list[JSON]:
    """What each rolled face shows (its symbols), for drawing the dice rather than face numbers."""
    out: list[JSON] = []
    for d, n in zip(dice, faces, strict=False):
        fc = st.enc.lib.dice[d][n - 1]
        out.append({"miss": fc.miss, "range": fc.range, "hearts": fc.hearts, "surges": fc.surges,
                    "shields": fc.shields})
    return out


def los_squares(st: DescentState, fi: int) -> list[str]:
    """The spaces figure ``fi`` has line of sight to (for drawing)."""
    return los_from(st, st.squares(fi), st.occupied(fi))
