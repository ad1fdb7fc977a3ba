"""The hooks the engine's rules call for the class cards of :mod:`questbox.games.descent.skill_more`
(issue #18): small functions, each cheap when no hero holds its card. The cards are objects there;
this module needs none of them, so the rules import it without the cards' tables."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

from questbox.core import Action
from questbox.games.descent.skill_base import _kit

#: a flag ``veil:<card>``: the attack misses unless it spends 1 surge (a hero's Unseen, Cloud of
#: Mist; read by combat.shadow)
VEIL: Final = "veil:"
#: a flag ``min-damage:<n>``: the attack, unless it misses, deals at least n damage (Black Arrow;
#: read by combat.damage)
MIN_DAMAGE: Final = "min-damage:"
#: the tag of a hero whose Tumble is exhausted: he moves through enemy figures (movement.blocked)
TUMBLING: Final = "tumbling"

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.modules.classes import ClassesModule
    from questbox.games.descent.state import DescentState


def in_play(st: DescentState, card: str) -> bool:
    """Whether some hero of the encounter holds ``card``."""
    return card in st.enc.held          # (the classes module's kits(), made once: encounter._build)


def held_exhausted(st: DescentState, card: str) -> list[int]:
    """The active heroes whose ``card`` is exhausted now."""
    figs = st.figs
    return [h for h in st.heroes() if card in figs[h].exhausted and figs[h].status == "active"]


def attack_barred(st: DescentState, fi: int) -> bool:
    """Prayer of Peace: monster ``fi`` stands next to a Disciple whose card is exhausted."""
    return in_play(st, "prayer-of-peace") and any(st.adjacent(h, fi) for h in held_exhausted(st, "prayer-of-peace"))


def holy_pairs(st: DescentState, fi: int) -> list[Action]:
    """Holy Power: ``pray <hero> <hero>`` for each pair in the Disciple's reach, one of them hurt."""
    near = st.heroes_near(fi)
    figs = st.figs
    return [Action("pray", (figs[a].id, figs[b].id)) for i, a in enumerate(near) for b in near[i + 1:]
            if figs[a].damage > 0 or figs[b].damage > 0]


def holy_second(st: DescentState, action: Action) -> int:
    """The second hero a ``pray`` action heals (Holy Power), else -1."""
    if len(action.args) < 2:
        return -1
    x = st.ids.get(str(action.args[1]), -1)
    return x if x >= 0 and st.figs[x].side == "hero" else -1


def holy_fatigue(st: DescentState, fi: int, face: int) -> int:
    """Holy Power: the fatigue a healed hero recovers (1 when the red die shows a surge)."""
    return 1 if "holy-power" in _kit(st, fi) and st.face("red", face).surges else 0


def veil(st: DescentState, card: str) -> None:
    """The attack in progress misses unless it spends 1 surge (``card`` names why)."""
    atk = st.attack
    assert atk is not None
    if not any(x.startswith(VEIL) for x in atk.flags):
        atk.flags.append(VEIL + card)


def rune_weapon(st: DescentState, fi: int) -> bool:
    """Whether hero ``fi`` attacks with a Rune weapon: the weapon he wields (his stat line's
    traits: the class weapon's, an equipped Shop weapon's) is one, or he holds Inscribe Rune."""
    return "rune" in st.stat(fi).traits or "inscribe-rune" in _kit(st, fi)


def hero_stamina(enc: Encounter, hero: str) -> int:
    """A hero's Stamina as his kit gives it: his sheet's (with the items the modules added when
    the encounter was built), +1 with Iron Will; remembered in ``enc.staminas``."""
    got = enc.staminas.get(hero)
    if got is None:
        got = enc.lib.heroes[hero].stamina
        mod = enc.by_name.get("classes")
        if (mod is not None and "iron-will" in cast("ClassesModule", mod).kits()
                and any(h.id == hero and "iron-will" in h.kit for h in enc.heroes)):
            got += 1
        enc.staminas[hero] = got
    return got


def stamina(st: DescentState, fi: int) -> int:
    """Figure ``fi``'s Stamina (:func:`hero_stamina`; a monster has none)."""
    f = st.figs[fi]
    return hero_stamina(st.enc, f.stat) if f.side == "hero" else 0


#: a turn flag ``drew:<card>``: the hero drew that Search card this turn and holds Appraisal
DREW: Final = "drew:"


def drew(st: DescentState, fi: int, card: str) -> None:
    """Hero ``fi`` drew Search card ``card``: with Appraisal, his turn remembers it."""
    turn = st.turns[-1] if st.turns else None
    if turn is not None and turn.fig == fi and in_play(st, "appraisal") and "appraisal" in _kit(st, fi):
        turn.flags.append(DREW + card)


def eagle_blockers(st: DescentState, fi: int) -> set[int] | None:
    """Eagle Eyes: the squares that block the sight of hero ``fi``'s Bow attacks, his enemies'
    only (friendly figures do not); None when he has no Eagle Eyes or no Bow (every figure blocks)."""
    if not in_play(st, "eagle-eyes") or "bow" not in st.stat(fi).traits or "eagle-eyes" not in _kit(st, fi):
        return None
    figs = st.figs
    mine = set(st.squares(fi))
    return {s for s, o in st.occ.items() if figs[o].side != "hero" and s not in mine}


def fatigue_mp(st: DescentState, fi: int) -> int:
    """The movement points a fatigue buys hero ``fi``: 1, 2 with Fleet of Foot."""
    return 2 if in_play(st, "fleet-of-foot") and "fleet-of-foot" in _kit(st, fi) else 1


def ancestor_spirits(st: DescentState, fi: int, harmed: list[int] | tuple[int, ...] = (),
                     healed: list[int] | tuple[int, ...] = ()) -> None:
    """Ancestor Spirits: one of the Spiritspeaker ``fi``'s skills harmed the monsters ``harmed``
    and healed the heroes ``healed``: exhaust it (1 fatigue) and the monsters still standing are
    Poisoned, or, with no monster harmed, each healed hero recovers 1 heart and 1 fatigue more
    (ours: used whenever it is ready and its fatigue fits, the harm part first)."""
    card = "ancestor-spirits"
    if not in_play(st, card) or card not in _kit(st, fi):
        return
    f = st.figs[fi]
    if card in f.exhausted or f.status != "active" or f.fatigue + 1 > st.stamina(fi):
        return
    figs = st.figs
    hit = [m for m in dict.fromkeys(harmed) if figs[m].status == "active" and "poisoned" not in figs[m].conds]
    mend = [h for h in dict.fromkeys(healed) if figs[h].status == "active"]
    if not hit and not mend:
        return
    f.exhausted.append(card)
    st.suffer_fatigue(fi, 1)
    if hit:
        st.emit("action", f"Ancestor Spirits: {', '.join(st.name(m) for m in hit)} poisoned.")
        for m in hit:
            st.add_condition(m, "poisoned")
        return
    st.emit("action", f"Ancestor Spirits: {', '.join(st.name(h) for h in mend)} recover 1 heart and 1 fatigue more.")
    for h in mend:
        st.recover(h, hearts=1, fatigue=1)
