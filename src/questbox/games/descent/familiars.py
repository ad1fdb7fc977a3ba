"""The heroes' familiars (issue #18): the Necromancer's Reanimate, the base game's one familiar.

**Facts** (with their source; sentences paraphrased):

* the Reanimate's card (printed: any2cards/d2e ``data/class-familiars.js``, Base Game): Speed 3,
  Health 4, no defense dice, a Melee attack with a blue and a red die; it is treated as a figure
  but recovers no hearts; in its activation it may perform 1 attack; each of its attacks gains
  Surge: +1 heart;
* Raise Dead (printed: any2cards/d2e ``data/class-skills.js``, with the FAQ's errata): an action
  for 1 fatigue that puts the Reanimate in an empty space next to the Necromancer; one Reanimate
  at a time; the Necromancer may discard it at any time of his turn;
* the rulebook's familiars (quoted on the publisher's forum, rulebook p. 17-18): a familiar
  activates in its hero's turn, before or after his actions; activated, it may perform a move
  action as a hero does, and the other actions its card names (the Reanimate: 1 attack); a
  familiar treated as a figure blocks movement and line of sight as figures do, and monster
  attacks, hero abilities and Overlord cards that target a hero may target it;
* the publisher's answers (forum, "Reanimate attack, corpse blast, revive"): the Reanimate
  activates once per turn, even if it is defeated and raised again in that turn (Fury of Undeath
  apart).

**Ours** (not printed, or simplified; labelled so in docs/games/descent.md):

* "a hero" (rulings FAM8): :func:`counts_as_hero` / :func:`heroes_for` decide for each kind of
  effect whether the Reanimate counts (Overlord cards, monster and hero abilities: yes; quest
  rules, Plot cards: no);
* the Reanimate is a figure of side ``familiar``, played by its hero's seat, on the heroes' side
  (:data:`questbox.games.descent.geometry.FRIEND`: heroes and their familiars move through each
  other and never attack each other); it starts off the map (Raise Dead brings it);
* "before or after his actions": the activation (``familiar``, a hero-turn choice that costs no
  action) is offered while the hero has performed no action yet, or has no action left;
* its activation is a turn of its own (``Turn`` kind ``familiar``) with two actions, one of each
  kind: a ``move`` (its Speed in movement points) and an ``attack``; Stunned takes one of them;
  Poisoned and Diseased take effect as for a monster (it has no attributes: it fails the test);
  terrain costs it what it costs a hero;
* defeated, it leaves the map (it counts for no quest counter); Raise Dead may bring it back,
  with full Health; it stays on the map while its hero is knocked out, but activates only in its
  hero's turns;
* the cards that change its stat line (Undead Might +2 Health, Dark Pact a brown defense die,
  Vampiric Blood a yellow attack die) are folded into its stat line at the encounter's start.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from questbox.core import Action
from questbox.games.descent.data import Stat, Surge
from questbox.games.descent.flow import START_CONDITIONS
from questbox.games.descent.model import Turn

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

#: the side of a familiar figure (``Fig.side``), and the tag it carries
SIDE: Final = "familiar"
#: the starting card that brings the Reanimate (the Necromancer's)
RAISE_DEAD: Final = "raise-dead"
#: the Reanimate's card (printed: any2cards/d2e data/class-familiars.js)
SPEED: Final = 3
HEALTH: Final = 4
DICE: Final = ("blue", "red")
SURGES: Final = (Surge("heart1", "heart", 1, 1),)
SOURCE: Final = "printed: any2cards/d2e data/class-familiars.js (Base Game)"


def reanimate_id(hero: str) -> str:
    """The figure id of hero ``hero``'s Reanimate (the narration names it "Reanimate")."""
    return f"reanimate-{hero}"


def reanimate_stat(hero: str, kit: tuple[str, ...]) -> Stat:
    """The stat line of ``hero``'s Reanimate with the skills of ``kit`` that change it."""
    return Stat(key=reanimate_id(hero), name="Reanimate", monster="", master=False, speed=SPEED,
                health=HEALTH + (2 if "undead-might" in kit else 0),
                defense=("brown",) if "dark-pact" in kit else (),
                dice=(*DICE, *(("yellow",) if "vampiric-blood" in kit else ())),
                attack="melee", abilities=frozenset(), surges=SURGES, traits=frozenset(), shape=(1, 1),
                attributes=None, source=SOURCE)


def stat_card(stat: Stat) -> dict[str, object]:
    """A familiar's stat line for the views."""
    return {"name": stat.name, "speed": stat.speed, "health": stat.health, "defense": list(stat.defense),
            "attack": stat.attack, "dice": list(stat.dice), "surges": [s.text for s in stat.surges],
            "text": "Treated as a figure; recovers no hearts; may attack once in its activation.",
            "source": stat.source}


# ====================================================================== the familiar figures
NAME: Final = "familiars"
ACTIVATE: Final = Action("familiar")
DISMISS: Final = Action("dismiss")
#: the tag of a monster a hero commands (Dying Command) for one activation
COMMANDED: Final = "commanded"
#: hero turn flags: the familiar activated in this turn; the hero performed an action
DONE_FLAG: Final = "familiar"
ACTED_FLAG: Final = "acted"


# ====================================================================== a familiar as "a hero"
#: the effects for which a familiar treated as a figure (the Reanimate) is "a hero" (printed:
#: the publisher's Errata and FAQ, General Rules: the abilities of heroes and monsters, monster
#: attacks and Overlord cards that may target a hero may target such a familiar too, quest rules
#: that say "hero" do not include it; the community's compiled Rules Reference p. 17 lists
#: attacks, monster actions, hero abilities, feats and skills, items, relics, Search cards and
#: Overlord cards as the effects that count it, and quest rules, Plot cards, ally skills and
#: travel events as some that do not); anything else means the heroes only
AS_HERO: Final = frozenset({"attack", "monster", "hero", "item", "search", "overlord"})


def counts_as_hero(st: DescentState, fi: int, by: str) -> bool:
    """Whether figure ``fi`` is "a hero" for an effect of kind ``by`` (:data:`AS_HERO`, or
    ``quest``, ``plot``, ...): a hero always; the Reanimate for the kinds of :data:`AS_HERO`; a
    monster a hero commands (Dying Command, side ``familiar`` too) never."""
    f = st.figs[fi]
    if f.side == "hero":
        return True
    return f.side == SIDE and by in AS_HERO and COMMANDED not in f.tags


def heroes_for(st: DescentState, by: str) -> list[int]:
    """The figures that are "a hero" for an effect of kind ``by``: the heroes (as
    ``st.heroes()``, knocked out ones too), then the familiars on the map that count
    (:func:`counts_as_hero`). Without familiars in the encounter: ``st.heroes()``."""
    heroes = st.heroes()
    if NAME not in st.enc.by_name or by not in AS_HERO:
        return heroes
    return [*heroes, *(i for i, f in enumerate(st.figs) if f.side == SIDE and f.status == "active"
                       and counts_as_hero(st, i, by))]


def familiar_of(st: DescentState, hero: int) -> int | None:
    """The familiar figure of hero ``hero``, if he has one."""
    fi = st.ids.get(reanimate_id(st.figs[hero].stat))
    return fi if fi is not None and st.figs[fi].side == SIDE else None


def owner_of(st: DescentState, fam: int) -> int:
    """The hero whose familiar ``fam`` is."""
    return st.ids[st.mods[NAME]["owners"][st.figs[fam].id]]


def activate(st: DescentState, fam: int, why: str = "") -> None:
    """Familiar ``fam`` activates now (its hero's turn goes on after it); also a monster a hero
    commands (Dying Command: :func:`command`)."""
    st.turns.append(Turn(fam, SIDE, 2))
    st.emit("activate", f"{st.name(fam)} activates{why}.", {"figure": st.figs[fam].id})
    st.push((START_CONDITIONS, fam), st.mod_task(NAME, ("act", st.figs[fam].id)))


def raise_familiar(st: DescentState, fam: int, square: int) -> None:
    """Put familiar ``fam`` on ``square`` with full Health (Raise Dead)."""
    f = st.figs[fam]
    f.status, f.damage = "active", 0
    f.conds.clear()
    st.place(fam, square)
    st.emit("place", f"{st.name(fam)} rises on {st.enc.board.names[square]}.",
            {"figure": f.id, "at": st.enc.board.names[square]})


def remove_familiar(st: DescentState, fam: int, why: str) -> None:
    """Take familiar ``fam`` off the map (dismissed; it is not defeated)."""
    f = st.figs[fam]
    if f.status != "active":
        return
    st.lift(fam)
    f.status, f.pos, f.damage = "reserve", -1, 0
    f.conds.clear()
    st.emit("info", f"{st.name(fam)} leaves the map ({why}).", {"figure": f.id})


def command(st: DescentState, m: int, hero: int, square: int) -> bool:
    """Dying Command passed: defeated monster ``m`` returns to the map (on ``square``, or the
    nearest free space for a small one) and fights for hero ``hero``: until the end of its
    activation it is a figure of the heroes' side, played by the hero's seat (tag
    :data:`COMMANDED`); then it leaves the map again (:func:`release`). False if it cannot stand."""
    f = st.figs[m]
    if f.status != "defeated":
        return False
    spot = square if st.fits(m, square, 0) is not None else -1
    if spot < 0 and f.shape == (1, 1):
        from questbox.games.descent.geometry import nearest_free

        spot = nearest_free(st, square)
    if spot < 0:
        st.emit("info", f"Dying Command: {st.name(m)} has no room to rise.")
        return False
    f.side, f.seat, f.damage = SIDE, st.figs[hero].seat, 0
    f.tags.append(COMMANDED)
    st.place(m, spot)
    st.emit("place", f"Dying Command: {st.name(m)} rises on {st.enc.board.names[spot]} to fight for "
            f"{st.name(hero)}.", {"figure": f.id, "at": st.enc.board.names[spot]})
    activate(st, m, " (Dying Command)")
    return True


def release(st: DescentState, m: int) -> None:
    """A commanded monster's activation is over: it is the overlord's again, off the map."""
    f = st.figs[m]
    f.tags.remove(COMMANDED)
    f.side, f.seat = "monster", "overlord"
    if f.status == "active":
        st.lift(m)
        f.status, f.pos, f.damage = "defeated", -1, 0
        f.conds.clear()
        st.emit("info", f"Dying Command: {st.name(m)} falls again.", {"figure": f.id})
