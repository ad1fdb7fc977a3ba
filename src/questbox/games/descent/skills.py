"""The heroes' class cards, one object each (issue #18): the starting skills and items of the 8
base classes (``data/classes.yaml``) and the skill cards bought with XP (``data/skills.yaml``).

A card says at which decision points it offers its holder something (``offers_at``: ``hero-turn``
for a turn action, or an attack window), what it offers there (:meth:`ClassCard.offers`), what
taking it does (:meth:`ClassCard.take`), and its mandatory effects at the windows it listens to
(:meth:`ClassCard.on`). :class:`~questbox.games.descent.modules.classes.ClassesModule` hands each
hero's cards their windows; a new card is a new object in :data:`CARDS`. The cards a hero holds
are its :attr:`~questbox.games.descent.encounter.HeroSpec.kit` (its class's starting cards and the
skills bought in the campaign). A turn action is named after its card (``rage <monster>``); a
window's answer is ``use <card>``. The cards of skills.yaml with ``played: false`` are not here
(their ``why`` says what is missing).

The cards live in :mod:`~questbox.games.descent.skill_actions` (turn actions) and
:mod:`~questbox.games.descent.skill_windows` (attack windows, passives) and
:mod:`~questbox.games.descent.skill_more` (the cards that needed a hook in the rules, the hooks in
:mod:`~questbox.games.descent.skill_hooks`), their shared parts in
:mod:`~questbox.games.descent.skill_base`; this module holds the tables and the checks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from questbox.core import Action
from questbox.games.descent.skill_actions import (
    ArmorOfFaith,
    AttackSkill,
    BlessedStrike,
    CleansingTouch,
    Cripple,
    DeathRage,
    DirtyTricks,
    DivineFury,
    DrainSpirit,
    Greedy,
    HealingRain,
    Lurk,
    OathOfHonor,
    PrayerOfHealing,
    RadiantLight,
    Rage,
    SharedPain,
    Tempest,
    TimeOfNeed,
    Whirlwind,
)
from questbox.games.descent.skill_base import (
    ACTION_IDS,
    ClassCard,
    Space,
    card_name,
    kit_sheet,
)
from questbox.games.descent.skill_familiars import FAMILIAR_ACTIONS, FAMILIAR_CARDS
from questbox.games.descent.skill_interrupts import INTERRUPT_CARDS, MORE_CARDS, TURN_ACTIONS
from questbox.games.descent.skill_more import (
    AncestorSpirits,
    Appraisal,
    BlackArrow,
    BreakTheRune,
    CloudOfMist,
    DangerSense,
    EagleEyes,
    ExhaustAction,
    ExplodingRune,
    FleetOfFoot,
    HolyPower,
    InscribeRune,
    IronWill,
    NaturesBounty,
    PrayerOfPeace,
    QuickCasting,
    RunicSorcery,
    RunningShot,
    Sneaky,
    Tumble,
    Unseen,
    Vigor,
)
from questbox.games.descent.skill_windows import (
    Accurate,
    BowMastery,
    Brute,
    Bushwhack,
    DefenseTraining,
    Execute,
    GhostArmor,
    Inspiration,
    LuckyCharm,
    RuneMastery,
    RunicKnowledge,
    ShieldSlam,
    Stoneskin,
    WeaponMastery,
    WoodenShield,
)

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter



__all__ = ["BY_ACTION", "CARDS", "AttackSkill", "ClassCard", "card_name", "card_space", "check_skills", "class_skills",
           "kit_sheet", "stand_bonus"]

EXTRA_DEFENSE: Final = ("stoneskin", "armor-of-faith", "defense-training", "lurk")
EXTRA_ATTACK: Final = ("divine-fury",)
#: every class card the engine plays, by id
CARDS: Final[dict[str, ClassCard]] = {c.id: c for c in (
    Rage(), DeathRage(), DirtyTricks(), BlessedStrike(), DrainSpirit(), SharedPain(), PrayerOfHealing(),
    HealingRain(), Greedy(), OathOfHonor(), WoodenShield(), GhostArmor(), DefenseTraining(), Stoneskin(),
    WeaponMastery(), RuneMastery(), BowMastery(), ShieldSlam(), LuckyCharm(), RunicKnowledge(), Brute(),
    CleansingTouch(), ArmorOfFaith(), TimeOfNeed(), RadiantLight(), Cripple(), Lurk(), Accurate(), Inspiration(),
    Whirlwind(), Tempest(), DivineFury(), Execute(), Bushwhack(),
    PrayerOfPeace(),
    HolyPower(),
    CloudOfMist(),
    NaturesBounty(),
    Vigor(),
    ExplodingRune(),
    RunicSorcery(),
    BreakTheRune(),
    QuickCasting(),
    IronWill(),
    InscribeRune(),
    Unseen(),
    Tumble(),
    Appraisal(),
    Sneaky(),
    EagleEyes(),
    FleetOfFoot(),
    BlackArrow(),
    RunningShot(),
    DangerSense(),
    AncestorSpirits(),
    *FAMILIAR_CARDS,
)}
CARDS.update(INTERRUPT_CARDS)       # the cards of the overlord's turn (skill_interrupts)
CARDS.update(MORE_CARDS)            # Charge (skill_interrupts)
#: the card behind each turn action's name (``rage``, ``pray``, ``oath`` ...)
BY_ACTION: Final[dict[str, str]] = {
    **{c.id: c.id for c in CARDS.values()
       if isinstance(c, AttackSkill | HealingRain | TimeOfNeed | RadiantLight | Cripple | Lurk | Tempest | Bushwhack
                     | ExhaustAction | BreakTheRune | Appraisal
                     | Sneaky)},
    "pray": "prayer-of-healing", "greedy": "greedy", "oath": "oath-of-honor", **FAMILIAR_ACTIONS}
BY_ACTION.update({a: a for a in TURN_ACTIONS})
ACTION_IDS.update(BY_ACTION)


def stand_bonus(kit: tuple[str, ...]) -> int:
    """Hearts more a hero with ``kit`` recovers on standing up or being revived (Brute)."""
    return Brute.stand_hearts if "brute" in kit else 0


def class_skills(cls: str) -> list[str]:
    """The skill cards of class ``cls`` that are bought with XP (skills.yaml order)."""
    from questbox.games.descent.catalog import catalog

    hc = catalog().classes.get(cls)
    return [s.id for s in hc.skills if s.xp > 0] if hc is not None else []


def check_skills(doc: object, heroes: list[tuple[str, str]]) -> dict[str, list[str]]:
    """The setup's ``skills`` (``{hero: [skill ids]}``: the skill cards each hero bought) checked:
    heroes of the party, each skill one of its own class's bought with XP, none twice
    (``SetupError`` naming the first problem). Heroes without skills are left out."""
    from questbox.core import SetupError

    if not isinstance(doc, dict):
        raise SetupError("skills: a mapping of hero id to the skill cards it bought")
    classes = dict(heroes)
    out: dict[str, list[str]] = {}
    for h, ids in doc.items():
        if h not in classes:
            raise SetupError(f"skills: {h!r} is not a hero of this party ({', '.join(classes)})")
        if not isinstance(ids, list) or not all(isinstance(x, str) for x in ids):
            raise SetupError(f"skills: {h}: a list of skill card ids")
        own = class_skills(classes[h])
        for x in ids:
            if x not in own:
                raise SetupError(f"skills: {h}: {x!r} is not a skill card of the {classes[h]} class bought with XP "
                                 f"({', '.join(own)})")
        if len(set(ids)) != len(ids):
            raise SetupError(f"skills: {h}: a skill card is listed twice")
        if ids:
            out[str(h)] = list(ids)
    return out


def card_space(enc: Encounter, actions: list[Action]) -> list[Action]:
    """The class cards' actions of an encounter's action space, given the rest of it (``actions``:
    the figures attacked there, the search tokens, the squares), without those already in it."""
    from questbox.games.descent.modules.heroes import CONDITION_PRIORITY

    heroes = [h.id for h in enc.heroes]
    targets = list(dict.fromkeys(str(a.args[0]) for a in actions
                                 if a.name == "attack" and a.args and a.args[0] not in heroes))
    tokens = [str(a.args[0]) for a in actions if a.name == "search"]
    squares = [str(a.args[0]) for a in actions if a.name == "move" and a.args and ":" not in str(a.args[0])]
    kits = frozenset(c for h in enc.heroes for c in h.kit)
    doors = tuple(str(a.args[0]) for a in actions if a.name == "open")
    sp = Space(heroes, targets, tokens, squares, tuple(CONDITION_PRIORITY), kits, doors)
    have = set(actions)
    out: list[Action] = []
    for c in CARDS.values():
        if c.id in kits:
            for a in c.space(sp):
                if a not in have:
                    have.add(a)
                    out.append(a)
    # the dice the cards add to an attack or a defense pool, for the pack's fortune rerolls
    more = {"defend": sum(1 for c in EXTRA_DEFENSE if c in kits), "reroll": sum(1 for c in EXTRA_ATTACK if c in kits)}
    for what, n in more.items():
        top = [int(str(a.args[1])) for a in actions if a.name == "fortune" and len(a.args) == 2 and a.args[0] == what]
        if top and n:
            out += [Action("fortune", (what, i)) for i in range(max(top) + 1, max(top) + 1 + n)]
    return out
