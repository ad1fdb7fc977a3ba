"""Monster abilities, one small object each, in two tables by id: :data:`ABILITIES` (the abilities
of a monster's stat line: passives and actions) and :data:`SURGE_ABILITIES` (surge effects beyond
the plain ones of :func:`questbox.games.descent.combat.spend_surge`). Each object holds its hooks;
its text is ``data/abilities.yaml``'s. A new ability is a new object in one of the tables.

Hooks of an :class:`Ability` (every one optional):

* ``actions(st, fi)``: the actions it offers in the monster's activation (Howl, Grab, Throw,
  Heal, Flail), once per activation, each counting as the monster's attack (TAG's coded rule);
  ``perform(st, fi, action)`` plays one;
* ``defense_pool(st, atk)``: the holder is attacked; adjust the defense pool before the roll
  (Night Stalker);
* ``leave_cost(st, fi, holder)``: fatigue figure ``fi`` suffers to move out of its space next to
  the holder (Web);
* flags the engine reads by id: ``scamper`` (moves through heroes), ``reach`` (melee up to 2
  spaces), ``shambling`` (1 move action), ``cowardly`` (surges only near a master or lieutenant),
  ``shadow`` (:func:`questbox.games.descent.combat.shadow`).

A :class:`SurgeAbility` has ``spend(st, atk, value)`` (when the surge is spent) and
``after(st, atk, value)`` (after the attack's damage, once per attack).

The lieutenants' card abilities (issue #18, ``data/lieutenants.yaml``) are objects of the same
tables, defined and added to them in :mod:`questbox.games.descent.lieutenant_abilities`: the
actions Wail, Shadow Bolt, Sacrifice, Ignite, Seduce, Dominion, Promotion, Cry Havoc and
Overpower, the surges Wither, Blood Call, Subdue and Knockback; the flag ``fly`` is here. Their
follow-ups that ask the overlord (where a moved hero goes, Cry Havoc's attack, Promotion) are steps
of the rule module ``lieutenants`` (:mod:`questbox.games.descent.modules.lieutenants`), which also
plays their passives.

Area attacks: :func:`add_figures` lets an attack affect further figures (``area:<id>`` and
``more:<id>`` flags); :mod:`~questbox.games.descent.combat` resolves each as a follow-up with its
own defense roll, damage and conditions.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final, cast

from questbox.core import Action, Decision
from questbox.games.descent.conditions import recover, roll, suffer_fatigue, test
from questbox.games.descent.familiars import heroes_for
from questbox.games.descent.flow import (
    ADD_CONDITION,
    BLAST,
    BREATH,
    FATIGUE_TASK,
    PLACE,
    SUFFER,
    TEST,
    THROW,
    BreathPath,
    Kind,
    Place,
    Task,
)
from questbox.games.descent.geometry import forget as forget_geometry
from questbox.games.descent.geometry import place_squares

if TYPE_CHECKING:
    from questbox.games.descent.model import Attack
    from questbox.games.descent.state import DescentState

#: a flag of an attack: one more figure it affects (``area:<id>``: no range check of its own, as
#: Blast, Fire Breath and the Elementals' Fire; ``more:<id>``: its own range check, as a feat's or
#: Flail's second target)
AREA: Final = "area:"
MORE: Final = "more:"
#: how many spaces Fire Breath's path has (the target's space first)
BREATH_SPACES: Final = 4


def add_figures(st: DescentState, atk: Attack, figs: list[int] | tuple[int, ...], *, area: bool = True) -> list[int]:
    """Let the attack affect ``figs`` too (each rolls its own defense; the attacker, the target,
    figures already affected and figures no attack can affect are left out); returns those added."""
    have = {atk.target, atk.attacker} | {st.ids[x.split(":", 1)[1]] for x in atk.flags if x.startswith((AREA, MORE))}
    out = []
    for x in figs:
        if x in have or st.figs[x].status != "active" or "air" in st.figs[x].tags:
            continue
        have.add(x)
        out.append(x)
        atk.flags.append((AREA if area else MORE) + st.figs[x].id)
    return out


def figure_names(st: DescentState, figs: list[int]) -> str:
    return ", ".join(st.name(x) for x in figs) if figs else "nobody else"


def adjacent_figures(st: DescentState, fi: int) -> list[int]:
    return [x for x, f in enumerate(st.figs) if x != fi and f.status == "active" and f.pos >= 0 and st.adjacent(fi, x)]


# ================================================================================== abilities
class Ability:
    """A monster ability of a stat line (see the module docstring for its hooks)."""

    id: ClassVar[str] = ""

    def text(self, st: DescentState) -> str:
        return st.enc.lib.abilities[self.id].text

    def title(self, st: DescentState) -> str:
        """The ability's name for the narration."""
        return st.enc.lib.abilities[self.id].name

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return []

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        raise AssertionError(f"{self.id} has no action")

    def defense_pool(self, st: DescentState, atk: Attack) -> None:
        return None

    def leave_cost(self, st: DescentState, fi: int, holder: int) -> int:
        return 0


def active_heroes(st: DescentState) -> list[int]:
    return [h for h in st.heroes() if st.figs[h].status == "active"]


def named_heroes(st: DescentState) -> list[int]:
    """The figures a monster ability that names "a hero" may affect: the active heroes, and the
    Reanimate on the map (a familiar counts as a hero for monster abilities: ruling FAM8)."""
    return [h for h in heroes_for(st, "monster") if st.figs[h].status == "active"]


class Howl(Ability):
    """Each hero within 3 spaces tests Willpower; who fails suffers 1 fatigue."""

    id = "howl"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [Action("howl")] if any(st.within(fi, h, 3) for h in named_heroes(st)) else []

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        st.push(*[(TEST, h, "willpower", None, (FATIGUE_TASK, h, 1), "Howl") for h in named_heroes(st)
                  if st.within(fi, h, 3)])


class Grab(Ability):
    """An adjacent hero tests Might; if he fails he is Immobilized."""

    id = "grab"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [Action("grab", (st.figs[h].id,)) for h in named_heroes(st) if st.adjacent(fi, h)]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        h = st.ids[str(action.args[0])]
        test(st, h, "might", None, (ADD_CONDITION, h, "immobilized"), "Grab")


class Throw(Ability):
    """An adjacent hero tests Might; if he fails the overlord places him in an empty space within 3
    spaces of his own (he counts as entering it), then he suffers 1 heart (printed order)."""

    id = "throw"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [Action("throw", (st.figs[h].id,)) for h in named_heroes(st) if st.adjacent(fi, h)]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        h = st.ids[str(action.args[0])]
        test(st, h, "might", None, (THROW, h, fi), "Throw")


def throw_task(st: DescentState, t: Task) -> None:
    """A thrown hero: the overlord places him (the ``place`` decision), then he suffers 1 heart."""
    _, h, by = t
    if st.figs[h].status != "active":
        return
    st.tasks.append((SUFFER, h, 1, by))
    spots = place_squares(st, h, 3)
    if spots:
        st.ask("overlord", PLACE, Place(h, 3), [Action("place", (st.enc.board.names[s],)) for s in spots])


class Heal(Ability):
    """A monster within 3 spaces (this one too) recovers the hearts rolled on 1 red die."""

    id = "heal"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        return [Action("heal", (st.figs[m].id,)) for m in st.monsters()
                if st.figs[m].damage > 0 and (m == fi or st.within(fi, m, 3))]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        m = st.ids[str(action.args[0])]
        faces = roll(st, ["red"])
        n = sum(st.enc.lib.dice["red"][x - 1].hearts for x in faces)
        st.emit("roll", f"Heal: {st.name(fi)} rolls {n} heart{'s' if n != 1 else ''} for {st.name(m)}.",
                {"dice": ["red"], "faces": faces})
        recover(st, m, hearts=n)


class Flail(Ability):
    """The attack may target 2 different heroes: 1 attack roll, each hero rolls his own defense."""

    id = "flail"

    def actions(self, st: DescentState, fi: int) -> list[Action]:
        from_here = [t for t in st.attack_targets(fi) if st.figs[t].side == "hero"]
        return [Action("flail", (st.figs[a].id, st.figs[b].id))
                for i, a in enumerate(from_here) for b in from_here[i + 1:]]

    def perform(self, st: DescentState, fi: int, action: Action) -> None:
        a, b = (st.ids[str(x)] for x in action.args)
        st.window("action-performed", (fi, "attack"))
        atk = st.own_attack(fi, a)
        add_figures(st, atk, [b], area=False)
        st.emit("info", f"Flail: the attack affects {st.name(a)} and {st.name(b)}.",
                {"figures": [st.figs[a].id, st.figs[b].id]})


class NightStalker(Ability):
    """Attacked by a hero not adjacent to it, this monster adds 1 brown die to its defense (it
    always does: the die can only help)."""

    id = "night-stalker"

    def defense_pool(self, st: DescentState, atk: Attack) -> None:
        if st.figs[atk.attacker].side == "hero" and not st.adjacent(atk.attacker, atk.target):
            atk.def_dice.append("brown")
            st.emit("info", f"Night Stalker: {st.name(atk.target)} adds a brown die to its defense.")


class Web(Ability):
    """A hero next to this monster suffers 1 fatigue to move out of his space (on top of any other)."""

    id = "web"

    def leave_cost(self, st: DescentState, fi: int, holder: int) -> int:
        return 1 if st.figs[fi].side == "hero" else 0


#: the monster abilities of the stat lines, by id (the lieutenants' card abilities join it:
#: :mod:`questbox.games.descent.lieutenant_abilities`)
ABILITIES: Final[dict[str, Ability]] = {a.id: a for a in (
    Howl(), Grab(), Throw(), Heal(), Flail(), NightStalker(), Web())}
#: the abilities the engine reads by id where it needs them (see the module docstring; ``fly``:
#: a lieutenant's Fly, played in part: it moves through enemy figures, terrain still counts)
FLAGS: Final = frozenset({"scamper", "reach", "shambling", "cowardly", "shadow", "fly"})
#: the abilities that are actions of the activation, by the action's name
ACTIONS: Final[dict[str, Ability]] = {a: ABILITIES[a] for a in ("howl", "grab", "throw", "heal", "flail")}


def played(ability: str) -> bool:
    """Whether the engine plays ``ability`` (an id of abilities.yaml)."""
    return ability in ABILITIES or ability in FLAGS


def special_actions(st: DescentState, fi: int) -> list[Action]:
    """The action abilities monster ``fi`` may use now."""
    out: list[Action] = []
    for ab in st.stat(fi).abilities:
        hook = ACTIONS.get(ab)
        if hook is not None:
            out.extend(hook.actions(st, fi))
    return out


def leave_cost(st: DescentState, fi: int) -> None:
    """Figure ``fi`` moves out of its space: Web's fatigue, once for each monster with Web next to it."""
    for m in st.monsters():
        for ab in st.stat(m).abilities:
            hook = ABILITIES.get(ab)
            if hook is not None and st.adjacent(fi, m):
                n = hook.leave_cost(st, fi, m)
                if n:
                    st.emit("info", f"{st.name(fi)} pulls free of the web of {st.name(m)}.")
                    suffer_fatigue(st, fi, n)


def web_near(st: DescentState) -> bool:
    """Whether any monster on the map has a leave cost (Web): the movement's fast path checks it."""
    return any("web" in st.stat(m).abilities for m in st.monsters())


# ============================================================================== surge abilities
class SurgeAbility:
    """A surge effect beyond the plain ones (see the module docstring)."""

    effect: ClassVar[str] = ""
    words: ClassVar[str] = ""

    def spend(self, st: DescentState, atk: Attack, value: int) -> None:
        return None

    def after(self, st: DescentState, atk: Attack, value: int) -> None:
        return None


class Blast(SurgeAbility):
    """The attack affects every figure adjacent to the target space (each rolls its own defense).
    A large target's space is one of its squares the attacker could target (adjacent for a melee
    attack, else in sight; Rules Reference, Attack: the space of a large monster is named because of
    Blast): with more than one, the attacker chooses it (a ``blast`` decision, ``blast <square>``),
    and the range counts to it (ours: named when Blast is spent, not when the attack is declared).
    The attacker is not affected by its own Blast (ours: the printed text names no exception)."""

    effect = "blast"
    words = "Blast"

    def spend(self, st: DescentState, atk: Attack, value: int) -> None:
        spaces = blast_spaces(st, atk)
        if len(spaces) > 1:
            st.ask(st.figs[atk.attacker].seat, BLAST)
        else:
            blast_around(st, atk, spaces[0] if spaces else st.figs[atk.target].pos)


def blast_spaces(st: DescentState, atk: Attack) -> list[int]:
    """The squares of the target the attacker could have named as the target space."""
    mine = st.squares(atk.attacker)
    theirs = st.squares(atk.target)
    if len(theirs) <= 1:
        return list(theirs)
    board, doors = st.enc.board, st.doors
    if atk.melee and "reach" not in st.stat(atk.attacker).abilities:
        adj = board.adjacency(doors)
        return [s for s in theirs if any(s in adj[m] for m in mine)]
    others = st.occupied(atk.attacker, atk.target)
    return [s for s in theirs if board.sight(doors, mine, (s,), others)] or list(theirs)


def blast_around(st: DescentState, atk: Attack, space: int) -> None:
    """Blast centred on ``space``: every figure with a square next to it (the attacker and the
    target aside) is affected; the range counts to ``space``."""
    board = st.enc.board
    near = board.adjacency(st.doors)[space]
    large = len(st.squares(atk.target)) > 1
    if large:
        atk.distance = board.distance(st.doors, st.squares(atk.attacker), (space,))
    figs = [x for x, f in enumerate(st.figs) if x not in (atk.attacker, atk.target) and f.status == "active"
            and f.pos >= 0 and any(q in near for q in st.squares(x))]
    got = add_figures(st, atk, figs)
    where = f" around {board.names[space]}" if large else ""
    st.emit("area", f"Blast{where}: the attack also affects {figure_names(st, got)}.",
            {"figures": [st.figs[x].id for x in got], "space": board.names[space]})


class BlastKind(Kind):
    """``blast``: the square of a large target that Blast centres on (no data: the attack in progress)."""

    kind: ClassVar[str] = BLAST

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        atk = st.attack
        assert atk is not None
        names = st.enc.board.names
        return [Action("blast", (names[s],)) for s in blast_spaces(st, atk)]

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        blast_around(st, atk, st.enc.board.index[str(action.args[0])])

    def text(self, st: DescentState, d: Decision) -> str:
        atk = st.attack
        assert atk is not None
        return f"Blast: the space of {st.name(atk.target)} it centres on"


class Fire(SurgeAbility):
    """The Elementals' Fire: the attack affects every figure adjacent to the elemental as well."""

    effect = "fire"
    words = "Fire"

    def spend(self, st: DescentState, atk: Attack, value: int) -> None:
        got = add_figures(st, atk, adjacent_figures(st, atk.attacker))
        st.emit("area", f"Fire: the attack also affects {figure_names(st, got)}.",
                {"figures": [st.figs[x].id for x in got]})


class Earth(SurgeAbility):
    """Each hero adjacent to the elemental tests Awareness; who fails is Immobilized."""

    effect = "earth"
    words = "Earth"

    def after(self, st: DescentState, atk: Attack, value: int) -> None:
        a = atk.attacker
        if st.figs[a].status == "active":
            st.push(*[(TEST, h, "awareness", None, (ADD_CONDITION, h, "immobilized"), "Earth")
                      for h in named_heroes(st) if st.adjacent(a, h)])


class Water(SurgeAbility):
    """Each hero adjacent to the elemental tests Willpower; who fails suffers 2 fatigue."""

    effect = "water"
    words = "Water"

    def after(self, st: DescentState, atk: Attack, value: int) -> None:
        a = atk.attacker
        if st.figs[a].status == "active":
            st.push(*[(TEST, h, "willpower", None, (FATIGUE_TASK, h, 2), "Water")
                      for h in named_heroes(st) if st.adjacent(a, h)])


class Air(SurgeAbility):
    """Until the start of the overlord's next turn no attack affects the elemental and heroes may
    move through it (the figure's tag ``air``)."""

    effect = "air"
    words = "Air"

    def after(self, st: DescentState, atk: Attack, value: int) -> None:
        f = st.figs[atk.attacker]
        if f.status == "active" and "air" not in f.tags:
            f.tags.append("air")
            forget_geometry(st)
            st.emit("condition", f"{st.name(atk.attacker)} turns to air: no attack affects it and heroes may "
                    "move through it until the overlord's next turn.", {"figure": f.id})


class FireBreath(SurgeAbility):
    """From the target's space the attacker traces a path of 4 spaces (``breath <square>``, one
    space at a time); every figure on it is affected, each rolling its own defense."""

    effect = "fire-breath"
    words = "Fire Breath"

    def spend(self, st: DescentState, atk: Attack, value: int) -> None:
        start = st.figs[atk.target].pos
        ask_breath(st, (start,))


def breath_next(st: DescentState, path: BreathPath) -> list[int]:
    """The spaces that may extend Fire Breath's path (adjacent to its last space, not on it)."""
    atk = st.attack
    assert atk is not None
    board = st.enc.board
    mine = set(st.squares(atk.attacker))
    return sorted(s for s in board.adjacency(st.doors)[path[-1]] if s not in path and s not in mine and board.space[s])


def ask_breath(st: DescentState, path: BreathPath) -> None:
    atk = st.attack
    assert atk is not None
    nxt = breath_next(st, path) if len(path) < BREATH_SPACES else []
    if nxt:
        st.ask(st.figs[atk.attacker].seat, BREATH, path)
        return
    board = st.enc.board
    figs = sorted({st.occ[s] for s in path if s in st.occ} - {atk.attacker})
    got = add_figures(st, atk, figs)
    st.emit("area", f"Fire Breath along {', '.join(board.names[s] for s in path)}: the attack also affects "
            f"{figure_names(st, got)}.",
            {"path": [board.names[s] for s in path], "figures": [st.figs[x].id for x in got]})


class BreathKind(Kind):
    """``breath``: the next space of Fire Breath's path (``data``: the path so far, a
    :data:`~.flow.BreathPath`)."""

    kind: ClassVar[str] = BREATH

    def legal(self, st: DescentState, d: Decision) -> list[Action]:
        names = st.enc.board.names
        return [Action("breath", (names[s],)) for s in breath_next(st, cast(BreathPath, d.data))]

    def resolve(self, st: DescentState, d: Decision, action: Action) -> None:
        s = st.enc.board.index[str(action.args[0])]
        ask_breath(st, (*cast(BreathPath, d.data), s))

    def text(self, st: DescentState, d: Decision) -> str:
        return "trace Fire Breath's path: its next space"


class RerollDefense(SurgeAbility):
    """The Iron Longsword's surge: the target rerolls one defense die (ours: the one showing the most
    shields, the attacker's obvious pick; the printed card lets the attacker choose)."""

    effect = "reroll-defense"
    words = "the target rerolls a defense die"

    def spend(self, st: DescentState, atk: Attack, value: int) -> None:
        if not atk.def_dice:
            return
        k = max(range(len(atk.def_dice)), key=lambda i: st.face(atk.def_dice[i], atk.def_faces[i]).shields)
        atk.def_faces[k] = st.roll([atk.def_dice[k]])[0]
        st.emit("defense", f"{st.name(atk.target)} rerolls the {atk.def_dice[k]} die.",
                {"dice": list(atk.def_dice), "faces": list(atk.def_faces)})


#: the surge effects of :class:`SurgeAbility`, by effect
SURGE_ABILITIES: Final[dict[str, SurgeAbility]] = {s.effect: s for s in (
    Blast(), Fire(), Earth(), Water(), Air(), FireBreath(), RerollDefense())}


def air_ends(st: DescentState) -> None:
    """At the start of the overlord's turn the Elementals' Air ends."""
    for x, f in enumerate(st.figs):
        if "air" in f.tags:
            f.tags.remove("air")
            forget_geometry(st)
            if f.status == "active":
                st.emit("condition", f"{st.name(x)} is solid again.", {"figure": f.id})
