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
Tomble     ``feat``, then (his next      an action: his figure leaves the map, his hero token stays
           turn) ``place <square>``      on his space; at the start of his next turn he is placed on
                                         an empty space within 4 spaces of the token
=========  ============================  ========================================================

**Tomble's vanishing** (printed: the hero card as TAG's ``heroes.json`` gives it, ``Action:``;
rulings ours, F6 in docs/rulings/descent.md): while vanished his figure has status ``vanished``
(``pos`` is his token's space; it blocks nothing, no attack or monster ability targets him, he is
not adjacent to anyone, and he is not knocked out); his turn ends when he vanishes (he has no
figure to act with); the start of his next turn asks his seat ``place <square>`` (decision
``mod:feats:reappear``: an empty space within 4 spaces of the token, counted as movement is, the
token's own space too; if none is empty, the nearest empty space), before his conditions take
effect; then his turn goes on as usual. An encounter that ends meanwhile ends with him off the map
(the next encounter places every hero anew).

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
from questbox.games.descent.flow import FEAT_MOVE, FEAT_REAPPEAR, FeatMove
from questbox.games.descent.model import Turn
from questbox.games.descent.rules import Ctx, RuleModule

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

NAME = "feats"
FEAT = "feat"
END = Action("end")
#: the heroes whose feats this module plays
PLAYED = frozenset({"tarha", "leoric", "avric", "ashrian", "syndrael", "grisban", "jain", "tomble"})
#: the feats that cost one of the hero's actions
ACTIONS = frozenset({"tarha", "leoric", "avric", "ashrian", "syndrael", "tomble"})
#: the status of Tomble's figure while he is off the map (his token on ``pos``)
VANISHED = "vanished"
#: the decision of Tomble's reappearance, and how far from his token he may reappear
REAPPEAR = FEAT_REAPPEAR
REACH = 4


def _a(*args: Any) -> Action:
    return Action(FEAT, tuple(args))


class HeroicFeats(RuleModule):
    """The heroic feats (see the module docstring)."""

    name = NAME
    offers_at = frozenset({"hero-turn"})
    listens = frozenset({"turn-start"})

    def __init__(self, enc: Encounter) -> None:
        super().__init__(enc)
        self.heroes = frozenset(h.id for h in enc.heroes if h.id in PLAYED)

    def listens_here(self) -> frozenset[str]:
        return self.listens if "tomble" in self.heroes else frozenset()

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        fi = ctx[0]
        if fi >= 0 and st.figs[fi].status == VANISHED:        # Tomble's next turn: he reappears
            st.tasks.append(st.mod_task(NAME, ("reappear", fi)))

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
        if hid == "tomble":
            return [_a()]
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
        elif hid == "tomble":
            st.lift(fi)                         # (his figure leaves; ``pos`` keeps his token's space)
            st.figs[fi].status = VANISHED
            turn.ended = True
            turn.mp = 0
            st.emit("feat", f"{who} vanishes; his token stays on {st.enc.board.names[st.figs[fi].pos]}.",
                    {"hero": hid, "token": st.enc.board.names[st.figs[fi].pos]})
            st.window("action-performed", (fi, FEAT))

    def run(self, st: DescentState, payload: Any) -> None:
        what = payload[0]
        if what == "reappear":
            fi = payload[1]
            if st.figs[fi].status == VANISHED:
                st.ask(st.figs[fi].seat, REAPPEAR, (fi,))
            return
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
        if d.kind == REAPPEAR:
            return f"{st.name(int(d.data[0]))} reappears (a heroic feat): a space within {REACH} of his token"
        return f"{st.name(cast(FeatMove, d.data).fig)} moves (a heroic feat): a space, or end the move"

    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        if d.kind == REAPPEAR:
            names = st.enc.board.names
            return [Action("place", (names[s],)) for s in reappear_squares(st, int(d.data[0]))]
        return [*st.moves(cast(FeatMove, d.data).fig), END]

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        if d.kind == REAPPEAR:
            fi = int(d.data[0])
            st.place(fi, st.enc.board.index[str(action.args[0])])
            st.emit("feat", f"{st.name(fi)} reappears on {action.args[0]}.",
                    {"hero": st.figs[fi].id, "at": str(action.args[0])})
            return
        fi = cast(FeatMove, d.data).fig
        if action == END:
            st.turns.pop()
            return
        st.tasks.append(st.mod_task(NAME, ("move", fi)))
        st.move_figure(fi, action)


def reappear_squares(st: DescentState, fi: int) -> list[int]:
    """Where vanished Tomble (figure ``fi``) may reappear: the empty spaces within :data:`REACH`
    spaces of his token (its own space too), or the nearest empty space if none is."""
    board = st.enc.board
    token = st.figs[fi].pos
    dist = board.dist_from(st.doors, token)
    got = [s for s in board.spaces if dist[s] <= REACH and board.passable[s] and s not in st.occ]
    if got:
        return got
    from questbox.games.descent.geometry import nearest_free

    return [nearest_free(st, token)]


# ================================================================================ bots
def bot_feat(st: DescentState, fi: int, legal: list[Action]) -> Action | None:
    """The heuristic bot's use of a feat in its hero's turn (or ``None``): Tarha's and Leoric's
    attacks when two monsters are worth hitting, Avric's heal when 5 or more hearts are missing
    within reach, Ashrian's stun on a group of 2 or more that has not activated yet, Grisban's
    extra attack once his actions are spent, Jain's attack once she has used her feat, and Tomble's
    vanishing as his last action when a monster is within 3 spaces and 3 hearts or fewer would
    knock him out."""
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
    if hid == "tomble":
        hurt = st.health(fi) - f.damage <= 3
        near = any(st.within(fi, m, 3) for m in st.enemies(fi) if st.figs[m].side == "monster")
        return feats[0] if hurt and near and turn.actions == 1 else None
    return None


def bot_decision(st: DescentState, legal: list[Action]) -> Action:
    """The heuristic bot in a feat's decision: Syndrael's companion stays put; Tomble reappears on
    the space farthest from the nearest monster (the first such space in board order)."""
    if legal and legal[0].name == "place":
        board = st.enc.board
        mons = [st.figs[m].pos for m in st.monsters() if st.figs[m].status == "active"]

        def safety(a: Action) -> int:
            dist = board.dist_from(st.doors, board.index[str(a.args[0])])
            return min((dist[p] for p in mons), default=0)
        return max(legal, key=safety)
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
    if mod.heroes & {"leoric", "avric", "syndrael", "jain", "tomble"}:
        out.append(_a())
    if mod.heroes & {"grisban", "jain"}:
        out += [_a(m) for m in mons]
    if "syndrael" in mod.heroes:
        out += [_a(h) for h in heroes if h != "syndrael"]
    if "ashrian" in mod.heroes:
        out += [_a(g.id) for g in enc.groups]
    if "tarha" in mod.heroes:
        out += [_a(a, b) for i, a in enumerate(mons) for b in mons[i + 1:]]
    if "tomble" in mod.heroes:      # where he reappears (``place``, duplicates dropped by the caller)
        out += [Action("place", (enc.board.names[s],)) for s in enc.board.spaces if enc.board.passable[s]]
    return out
