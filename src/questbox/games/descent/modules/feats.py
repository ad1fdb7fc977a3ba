"""The heroes' heroic feats (data/heroes.yaml ``feat``): each hero's feat once per quest, as the
action ``feat [...]`` in his turn (setup ``heroic_feats``, on by default with ``hero_abilities``).

=========  ============================  ========================================================
hero       notation                      effect (rulings in docs/rulings/descent.md, F1-F4)
=========  ============================  ========================================================
Tarha      ``feat <monster> <monster>``  an action: one attack against two different monsters
Leoric     ``feat``                      an action: one attack against every adjacent monster
Avric      ``feat``                      an action: roll 2 red dice; each hero within 3 spaces
                                         (Avric too) recovers that many hearts
Ashrian    ``feat <group>``              an action: every monster of a group with a monster
                                         within 3 spaces is Stunned
Syndrael   ``feat`` / ``feat <hero>``    an action: the hero within 3 spaces moves up to her Speed
                                         (``move <square>`` ... ``end``), then she gains movement
                                         points equal to her Speed
Grisban    ``feat <monster>``            an extra attack action (costs none of his actions)
Jain       ``feat``, then                movement points equal to twice her Speed, then one attack
           ``feat <monster>``            that costs no action
=========  ============================  ========================================================

Tomble's feat (vanish and reappear within 4 spaces) is not played: when it may be used is not in
our sources.

**Attacks with several targets** (Tarha, Leoric): the attack is declared against the first target
and rolled, rerolled and its surges spent once; after that attack is resolved on the first target,
each further target in turn gets the same roll: its own range check, its own defense roll, its own
damage and conditions (the engine's follow-ups, :func:`.abilities.add_figures`, as for Blast).
They resolve before the first attack's ``attack-resolved`` window, and what they defeat is added
to the first attack's flags (``defeated-small:<group>``), so "defeated by the same attack"
(Retribution) sees every target.

State: ``mods.feats.used`` lists the heroes who used their feat in this quest; Jain's pending
attack is the turn flag ``feat-attack``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from questbox.core import Action, Decision, Seat
from questbox.games.descent.abilities import add_figures
from questbox.games.descent.flow import FEAT_MOVE, FeatMove
from questbox.games.descent.model import Turn
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

NAME = "feats"
FEAT = "feat"
END = Action("end")
#: the heroes whose feats this module plays
PLAYED = frozenset({"tarha", "leoric", "avric", "ashrian", "syndrael", "grisban", "jain"})
#: the feats that cost one of the hero's actions
ACTIONS = frozenset({"tarha", "leoric", "avric", "ashrian", "syndrael"})


def _a(*args: Any) -> Action:
    return Action(FEAT, tuple(args))


class HeroicFeats(RuleModule):
    """The heroic feats (see the module docstring)."""

    name = NAME
    offers_at = frozenset({"hero-turn"})

    def __init__(self, enc: Encounter) -> None:
        super().__init__(enc)
        self.heroes = frozenset(h.id for h in enc.heroes if h.id in PLAYED)

    def init(self, st: DescentState) -> Any:
        return {"used": []} if self.heroes else None

    # ---------------------------------------------------------------- offers
    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        fi = ctx[0]
        f = st.figs[fi]
        hid = f.id
        if hid not in self.heroes or f.seat != seat or f.status != "active" or f.stat != hid:
            return []
        turn = st.turn
        if turn is None or turn.fig != fi or turn.kind != "hero" or turn.ended:
            return []
        if "feat-attack" in turn.flags:
            return [_a(st.figs[t].id) for t in st.attack_targets(fi)]
        if hid in st.mods[NAME]["used"] or (hid in ACTIONS and turn.actions <= 0):
            return []
        if hid == "tarha":
            ts = st.attack_targets(fi)
            return [_a(st.figs[a].id, st.figs[b].id) for i, a in enumerate(ts) for b in ts[i + 1:]]
        if hid == "leoric":
            return [_a()] if st.attack_targets(fi, melee=True) else []
        if hid == "avric":
            return [_a()]
        if hid == "ashrian":
            groups = sorted({st.figs[x].group for x in st.monsters() if st.figs[x].group >= 0 and st.within(fi, x, 3)})
            return [_a(self.enc.groups[g].id) for g in groups]
        if hid == "syndrael":
            return [_a(), *(_a(st.figs[h].id) for h in st.heroes()
                            if h != fi and st.figs[h].status == "active" and st.within(fi, h, 3))]
        if hid == "grisban":
            return [_a(st.figs[t].id) for t in st.attack_targets(fi)]
        if hid == "jain":
            return [] if "immobilized" in f.conds else [_a()]
        return []

    # ---------------------------------------------------------------- the feats
    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        fi = ctx[0]
        hid = st.figs[fi].id
        turn = st.turn
        assert turn is not None
        args = [str(x) for x in action.args]
        if "feat-attack" in turn.flags:
            turn.flags.remove("feat-attack")
            st.window("action-performed", (fi, "attack"))
            st.own_attack(fi, st.ids[args[0]])
            return
        st.mods[NAME]["used"].append(hid)
        if hid in ACTIONS:
            turn.actions -= 1
        who = st.name(fi)
        text = st.enc.lib.heroes[hid].feat
        st.emit("feat", f"{who} performs the heroic feat: {text}", {"hero": hid, "args": args})
        if hid in ("tarha", "leoric"):
            targets = ([st.ids[x] for x in args] if hid == "tarha" else st.attack_targets(fi, melee=True))
            st.window("action-performed", (fi, "attack"))
            atk = st.own_attack(fi, targets[0])
            atk.flags.append(FEAT)
            add_figures(st, atk, targets[1:], area=False)
        elif hid == "avric":
            faces = st.roll(["red", "red"])
            n = sum(st.face("red", x).hearts for x in faces)
            st.emit("feat", f"{who} rolls {n} hearts.", {"faces": faces, "hearts": n})
            for h in st.heroes():
                if st.figs[h].status == "active" and (h == fi or st.within(fi, h, 3)):
                    st.recover(h, hearts=n)
            st.window("action-performed", (fi, FEAT))
        elif hid == "ashrian":
            g = next(i for i, spec in enumerate(self.enc.groups) if spec.id == args[0])
            for x in st.group_figs(g):
                st.add_condition(x, "stunned")
            st.window("action-performed", (fi, FEAT))
        elif hid == "syndrael":
            speed = st.stat(fi).speed
            turn.mp += speed
            st.window("action-performed", (fi, FEAT))
            if args:
                other = st.ids[args[0]]
                t = Turn(other, "extra", 0)
                t.mp = speed
                st.turns.append(t)
                st.tasks.append(st.mod_task(NAME, ("move", other)))
        elif hid == "grisban":
            st.window("action-performed", (fi, "attack"))
            st.own_attack(fi, st.ids[args[0]])
        elif hid == "jain":
            turn.mp += 2 * st.stat(fi).speed
            turn.flags.append("feat-attack")

    def run(self, st: DescentState, payload: Any) -> None:
        what = payload[0]
        if what == "move":
            fi = payload[1]
            turn = st.turn
            assert turn is not None and turn.fig == fi
            if st.figs[fi].status == "active" and turn.mp > 0 and st.moves(fi):
                st.ask(st.figs[fi].seat, FEAT_MOVE, FeatMove(fi))
            else:
                st.turns.pop()

    # ---------------------------------------------------------------- Syndrael's companion moves
    def decision_text(self, st: DescentState, d: Decision) -> str | None:
        return f"{st.name(cast(FeatMove, d.data).fig)} moves (a heroic feat): a space, or end the move"

    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        return [*st.moves(cast(FeatMove, d.data).fig), END]

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        fi = cast(FeatMove, d.data).fig
        if action == END:
            st.turns.pop()
            return
        st.tasks.append(st.mod_task(NAME, ("move", fi)))
        st.move_figure(fi, action)


# ================================================================================ bots
def bot_feat(st: DescentState, fi: int, legal: list[Action]) -> Action | None:
    """The heuristic bot's use of a feat in its hero's turn (or ``None``): Tarha's and Leoric's
    attacks when two monsters are worth hitting, Avric's heal when 5 or more hearts are missing
    within reach, Ashrian's stun on a group of 2 or more that has not activated yet, Grisban's
    extra attack once his actions are spent, and Jain's attack once she has used her feat."""
    feats = [a for a in legal if a.name == FEAT]
    if not feats:
        return None
    from questbox.games.descent.tactics import expected_damage, target_value

    f = st.figs[fi]
    turn = st.turn
    assert turn is not None

    def value(t: int) -> float:
        return target_value(st, fi, t, expected_damage(st, fi, t))

    hid = f.id
    if "feat-attack" in turn.flags or hid == "grisban":
        if hid == "grisban" and turn.actions > 0:
            return None
        best = max(feats, key=lambda a: value(st.ids[str(a.args[0])]) if a.args else -1.0)
        return best if best.args and value(st.ids[str(best.args[0])]) > 0.25 else None
    if hid == "tarha":
        best = max(feats, key=lambda a: value(st.ids[str(a.args[0])]) + value(st.ids[str(a.args[1])]))
        vals = [value(st.ids[str(x)]) for x in best.args]
        return best if min(vals) > 0.25 else None
    if hid == "leoric":
        ts = st.attack_targets(fi, melee=True)
        return feats[0] if len(ts) >= 2 and sum(value(t) for t in ts) > 0.6 else None
    if hid == "avric":
        missing = sum(st.figs[h].damage for h in st.heroes()
                      if st.figs[h].status == "active" and (h == fi or st.within(fi, h, 3)))
        return feats[0] if missing >= 5 else None
    if hid == "ashrian":
        def fresh(a: Action) -> int:
            g = next(i for i, spec in enumerate(st.enc.groups) if spec.id == a.args[0])
            return sum(1 for x in st.group_figs(g) if st.figs[x].status == "active" and not st.figs[x].activated
                       and "stunned" not in st.figs[x].conds)
        best = max(feats, key=fresh)
        return best if st.phase == "heroes" and fresh(best) >= 2 else None
    return None


def bot_decision(st: DescentState, legal: list[Action]) -> Action:
    """The heuristic bot in a feat's decision (Syndrael's companion moves): stay put."""
    return END if END in legal else legal[-1]


# ================================================================================ action space
def feat_space(enc: Encounter, heroes: list[str], monsters: list[str]) -> list[Action]:
    """Every ``feat`` action an encounter of ``enc`` can offer (for the fixed action space), given
    the ids of its heroes and monsters in figure order (an agent is added after them)."""
    mod = enc.by_name.get(NAME)
    if not isinstance(mod, HeroicFeats) or not mod.heroes:
        return []
    mons = monsters + (["ardus"] if "campaign" in enc.by_name and "ardus" not in monsters else [])
    out: list[Action] = []
    if mod.heroes & {"leoric", "avric", "syndrael", "jain"}:
        out.append(_a())
    if mod.heroes & {"grisban", "jain"}:
        out += [_a(m) for m in mons]
    if "syndrael" in mod.heroes:
        out += [_a(h) for h in heroes if h != "syndrael"]
    if "ashrian" in mod.heroes:
        out += [_a(g.id) for g in enc.groups]
    if "tarha" in mod.heroes:
        out += [_a(a, b) for i, a in enumerate(mons) for b in mons[i + 1:]]
    return out
