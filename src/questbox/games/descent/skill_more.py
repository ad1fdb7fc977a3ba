"""More class cards (issue #18): the skills that needed a small hook in the engine's rules (a
monster's attack barred, an attack that must spend a surge, the rest, the Stamina, movement and
sight). The tables are :mod:`questbox.games.descent.skills`'; the hooks the engine calls are the
functions of :mod:`questbox.games.descent.skill_hooks`, each cheap when no hero holds its card."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from questbox.core import Action
from questbox.games.descent.catalog import catalog
from questbox.games.descent.monkey import is_monkey
from questbox.games.descent.rules import Ctx
from questbox.games.descent.skill_actions import AttackSkill
from questbox.games.descent.skill_base import _NOT_WEAPON, ClassCard, Space
from questbox.games.descent.skill_hooks import DREW, MIN_DAMAGE, TUMBLING, ancestor_spirits, rune_weapon, veil

#: a turn flag ``seen-by:<monster>``: that monster saw the Thief at the start of his turn (Sneaky)
SEEN = "seen-by:"
#: the conditions a card may give (the Rules Reference's four)
CONDITIONS = ("poisoned", "diseased", "immobilized", "stunned")

if TYPE_CHECKING:
    from questbox.games.descent.model import Attack
    from questbox.games.descent.state import DescentState


class ExhaustAction(ClassCard):
    """A card exhausted as an action of the turn (``<card>``), its cost paid; it works while it
    stays exhausted (until the start of its holder's next turn). ``free``: exhausted during the
    turn without an action."""

    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    exhaust = True
    free: ClassVar[bool] = False
    #: what the narration says the hero does
    words: ClassVar[str] = ""

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        ok = self.usable(st, fi) if self.free else self.can_act(st, fi)
        return [Action(self.id)] if ok and self.worth(st, fi) else []

    def worth(self, st: DescentState, fi: int) -> bool:
        """Whether the card may be used now at all (beyond its cost)."""
        return True

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        if self.free:
            self.pay(st, fi)
        else:
            self.spend_action(st, fi)
        st.emit("action", f"{st.name(fi)} {self.words}.")
        if not self.free:
            st.window("action-performed", (fi, self.id))
        self.used(st, fi)

    def used(self, st: DescentState, fi: int) -> None:
        """What the card does at once (most work while exhausted)."""


# ================================================================================== Disciple
class PrayerOfPeace(ExhaustAction):
    """Disciple, 2 XP: an action; exhaust it: while it is exhausted, a monster next to the Disciple
    cannot attack (:func:`attack_barred`, read by the monster's menu)."""

    id = "prayer-of-peace"
    fatigue = 2
    words = "says a Prayer of Peace: no monster next to him may attack"


class HolyPower(ClassCard):
    """Disciple, 3 XP: Prayer of Healing may heal two heroes (``pray <hero> <hero>``: the
    Disciple and the heroes next to him, each pair once; both recover the hearts rolled); a surge
    on its red die gives each healed hero 1 fatigue back (played by
    :class:`~questbox.games.descent.skill_actions.PrayerOfHealing`)."""

    id = "holy-power"


# ============================================================================= Spiritspeaker
class CloudOfMist(ExhaustAction):
    """Spiritspeaker, 2 XP: an action; exhaust it: while it is exhausted, a monster's attack on a
    figure within 3 spaces of the Spiritspeaker misses unless it spends 1 surge (spent for the
    overlord, as Shadow's; ours: only the monsters' attacks, the heroes' own are not hindered)."""

    id = "cloud-of-mist"
    fatigue = 1
    words = "calls a Cloud of Mist"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-before-defense"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = st.attack
        if (atk is not None and self.id in st.figs[fi].exhausted and st.figs[atk.attacker].side == "monster"
                and "follow-up" not in atk.flags and st.within(fi, atk.target, 3)):
            veil(st, "the Cloud of Mist")


class NaturesBounty(ClassCard):
    """Spiritspeaker, 2 XP: a rest that recovers fatigue also recovers as many hearts (at the end
    of the resting turn, just before the rest's fatigue comes back)."""

    id = "natures-bounty"
    listens: ClassVar[frozenset[str]] = frozenset({"turn-end"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        turn = st.turn
        f = st.figs[fi]
        if (ctx and ctx[0] == fi and turn is not None and turn.fig == fi and "rested" in turn.flags
                and f.status == "active" and f.fatigue and f.damage):
            st.emit("action", f"Nature's Bounty: {st.name(fi)} recovers {min(f.fatigue, f.damage)} hearts as he rests.")
            st.recover(fi, hearts=f.fatigue)
            ancestor_spirits(st, fi, (), [fi])


class Vigor(ClassCard):
    """Spiritspeaker, 3 XP: the Spiritspeaker's attacks gain a surge ability (``surge vigor``):
    every hero recovers 1 fatigue once the attack has hit (ours: as the plain surge abilities that
    recover, nothing on a miss)."""

    id = "vigor"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared", "attack-resolved"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = st.attack
        if atk is None or atk.attacker != fi or "follow-up" in atk.flags:
            return
        if window == "attack-declared":
            if not any(x[0] == self.id for x in atk.abilities):
                atk.abilities.append([self.id, self.id, 1, 1])
        elif self.id in atk.used and not atk.missed:
            st.emit("action", "Vigor: every hero recovers 1 fatigue.")
            heroes = [h for h in st.heroes() if st.figs[h].status == "active"]
            for h in heroes:
                st.recover(h, fatigue=1)
            ancestor_spirits(st, fi, (), heroes)

    def space(self, sp: Space) -> list[Action]:
        return [Action("surge", (self.id,))]


# ================================================================================ Runemaster
class RuneAttack(AttackSkill):
    """An attack skill with a Rune weapon."""

    def allowed(self, st: DescentState, fi: int) -> bool:
        return rune_weapon(st, fi)


class ExplodingRune(RuneAttack):
    """Runemaster, 1 XP: an action; a Rune weapon attack with Blast, no surge needed (every figure
    next to the target is affected too, each with its own defense roll; a miss affects no one; a
    large target's space: the first of its squares Blast could name, ours)."""

    id = "exploding-rune"
    fatigue = 1
    words = " (Blast)"

    def started(self, st: DescentState, fi: int, atk: Attack) -> None:
        from questbox.games.descent.abilities import blast_around, blast_spaces

        spaces = blast_spaces(st, atk)
        blast_around(st, atk, spaces[0] if spaces else st.figs[atk.target].pos)


class RunicSorcery(RuneAttack):
    """Runemaster, 2 XP: an action; a Rune weapon attack whose damage also gives the target a
    condition the Runemaster picks (``runic-sorcery <target> <condition>``; ours: picked with the
    action, not after the roll, as the pick has nothing to wait for but the hit)."""

    id = "runic-sorcery"
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        return [Action(self.id, (a.args[0], c)) for a in super().offers(st, fi, point, ctx) for c in CONDITIONS]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        super().take(st, fi, point, ctx, action)
        atk = st.attack
        assert atk is not None
        atk.conditions.append(str(action.args[1]))       # (conditions land only with damage)

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id, (t, c)) for t in sp.targets for c in CONDITIONS]


class BreakTheRune(ClassCard):
    """Runemaster, 3 XP: an action (``break-the-rune``); one Rune weapon roll against every other
    figure within 3 spaces in his sight, heroes too, ignoring range, each defending on its own (the
    monsters first, the nearest first; a miss affects no one)."""

    id = "break-the-rune"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 4

    def figures(self, st: DescentState, fi: int) -> list[int]:
        got = [x for x, g in enumerate(st.figs) if x != fi and g.status == "active" and g.pos >= 0
               and "air" not in g.tags and st.within(fi, x, 3) and st.sees(fi, x)]
        return sorted(got, key=lambda x: (st.figs[x].side == "hero", st.distance(fi, x)))

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        ok = self.can_act(st, fi) and rune_weapon(st, fi) and not is_monkey(st, fi) and bool(self.figures(st, fi))
        return [Action(self.id)] if ok else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        from questbox.games.descent.abilities import add_figures

        figs = self.figures(st, fi)
        self.spend_action(st, fi)
        st.emit("action", f"{st.name(fi)} breaks the rune.")
        st.window("action-performed", (fi, "attack"))
        atk = st.own_attack(fi, figs[0], source=self.id)
        atk.distance = 0
        add_figures(st, atk, figs[1:], area=True)


class QuickCasting(ClassCard):
    """Runemaster, 3 XP: once his Rune weapon attack has resolved, exhaust it to attack again at
    once (``use quick-casting <target>``, at the attack's ``attack-resolved`` window)."""

    id = "quick-casting"
    offers_at: ClassVar[frozenset[str]] = frozenset({"attack-resolved"})
    fatigue = 2
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if (atk is None or atk.attacker != fi or "follow-up" in atk.flags or atk.source in _NOT_WEAPON
                or not self.usable(st, fi) or not rune_weapon(st, fi)):
            return []
        return [Action("use", (self.id, a.args[0])) for a in st.target_actions(fi, "attack")]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        self.pay(st, fi)
        st.emit("action", f"{st.name(fi)} casts quickly: one more attack.")
        st.own_attack(fi, st.ids[str(action.args[1])])

    def space(self, sp: Space) -> list[Action]:
        return [Action("use", (self.id, t)) for t in sp.targets]


class IronWill(ClassCard):
    """Runemaster, 2 XP: +1 Stamina (:func:`~questbox.games.descent.skill_hooks.stamina`, which the
    fatigue rules read); a surge ability of his attack that recovers 1 fatigue recovers 2."""

    id = "iron-will"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = st.attack
        if atk is not None and atk.attacker == fi and "follow-up" not in atk.flags:
            for ab in atk.abilities:
                if ab[1] == "recover-fatigue" and ab[2] == 1:
                    ab[2] = 2


class InscribeRune(ClassCard):
    """Runemaster, 1 XP: every weapon the Runemaster wields (an equipped Shop weapon too) counts as
    a Rune weapon (read by :func:`~questbox.games.descent.skill_hooks.rune_weapon`, Rune Mastery
    and Runic Knowledge)."""

    id = "inscribe-rune"


# ===================================================================================== Thief
class Unseen(ExhaustAction):
    """Thief, 2 XP: exhaust it during the turn (no action): while it is exhausted, an attack on the
    Thief misses unless it spends 1 surge (spent for the attacker, as Shadow's)."""

    id = "unseen"
    fatigue = 2
    free = True
    words = "slips out of sight (Unseen)"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-before-defense"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = st.attack
        if atk is not None and atk.target == fi and self.id in st.figs[fi].exhausted and "follow-up" not in atk.flags:
            veil(st, "the Unseen Thief")


class Tumble(ExhaustAction):
    """Thief, 2 XP: exhaust it during the turn (no action): while it is exhausted (until his next
    turn), the Thief moves through enemy figures (the tag ``tumbling``, read by
    :func:`questbox.games.descent.movement.blocked`; he still may not end in their spaces)."""

    id = "tumble"
    fatigue = 1
    free = True
    words = "tumbles (he may move through enemy figures)"
    listens: ClassVar[frozenset[str]] = frozenset({"turn-start"})

    def used(self, st: DescentState, fi: int) -> None:
        st.figs[fi].tags.append(TUMBLING)
        st._geo = {}                # (the cached routes knew no Tumble)

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        tags = st.figs[fi].tags
        if ctx and ctx[0] == fi and TUMBLING in tags and self.id not in st.figs[fi].exhausted:
            tags.remove(TUMBLING)
            st._geo = {}


class Appraisal(ClassCard):
    """Thief, 1 XP: a Search card he drew this turn may be discarded for the next one of the deck,
    which he keeps (``appraisal``, no action; ours: offered for the rest of that turn while the
    card is unused; the discarded card leaves the encounter)."""

    id = "appraisal"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})

    def drawn(self, st: DescentState, fi: int) -> str | None:
        turn = st.turn
        if turn is None or turn.fig != fi or not st.deck:
            return None
        got = next((x[len(DREW):] for x in reversed(turn.flags) if x.startswith(DREW)), None)
        return got if got is not None and (got == "nothing" or got in st.figs[fi].items) else None

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        return [Action(self.id)] if self.drawn(st, fi) is not None else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        old = self.drawn(st, fi)
        assert old is not None
        turn = st.turn
        assert turn is not None
        turn.flags.remove(DREW + old)
        f = st.figs[fi]
        if old != "nothing":
            f.items.remove(old)
        card = st.deck.pop(0)
        if card != "nothing":
            f.items.append(card)
        lib = st.enc.lib.search
        st.emit("search", f"{st.name(fi)} appraises the {lib[old].name}, discards it and draws again: "
                f"{lib[card].name}.", {"figure": f.id, "card": card, "discarded": old})


class Sneaky(ClassCard):
    """Thief, 1 XP: +1 heart on his attacks against a monster that did not see him at the start of
    his turn (exhausted or not; the turn flags ``seen-by:<monster>``); exhaust it to open or close
    a door without an action (``sneaky <door>``)."""

    id = "sneaky"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    listens: ClassVar[frozenset[str]] = frozenset({"turn-start", "attack-declared"})
    exhaust = True

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        turn = st.turn
        if window == "turn-start":
            if ctx and ctx[0] == fi and turn is not None and turn.fig == fi and st.figs[fi].status == "active":
                turn.flags.extend(SEEN + st.figs[m].id for m in st.monsters() if st.sees(m, fi))
            return
        atk = st.attack
        if (atk is not None and atk.attacker == fi and "follow-up" not in atk.flags and turn is not None
                and turn.fig == fi and st.figs[atk.target].side == "monster"
                and SEEN + st.figs[atk.target].id not in turn.flags):
            atk.bonus_hearts += 1
            st.emit("action", f"Sneaky: {st.name(atk.target)} never saw {st.name(fi)} coming (+1 heart).")

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.usable(st, fi):
            return []
        board = st.enc.board
        pos = st.figs[fi].pos
        return [Action(self.id, (board.door_ids[i],)) for i, edges in enumerate(board.door_edges)
                if any(pos in e for e in edges)]       # (the doors his door actions reach)

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        from questbox.games.descent.geometry import set_doors

        self.pay(st, fi)
        board = st.enc.board
        i = board.door_ids.index(str(action.args[0]))
        opening = not (st.doors >> i) & 1
        set_doors(st, st.doors | 1 << i if opening else st.doors & ~(1 << i))
        st.emit("door", f"{st.name(fi)} sneakily {'opens' if opening else 'closes'} the {board.door_names[i]}.",
                {"door": board.door_ids[i], "open": opening})

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id, (d,)) for d in sp.doors]



# ================================================================================ Wildlander
class EagleEyes(ClassCard):
    """Wildlander, 1 XP: friendly figures do not block the sight of his Bow attacks (the squares
    :func:`~questbox.games.descent.skill_hooks.eagle_blockers` gives the targets' search)."""

    id = "eagle-eyes"


class FleetOfFoot(ClassCard):
    """Wildlander, 2 XP: a fatigue suffered for movement gives 2 movement points (read by the
    ``fatigue`` action through :func:`~questbox.games.descent.skill_hooks.fatigue_mp`; its Nimble
    part waits for Nimble)."""

    id = "fleet-of-foot"


class BlackArrow(AttackSkill):
    """Wildlander, 3 XP: an action; a Bow attack with +2 range that deals at least 3 damage unless
    it misses (the flag ``min-damage:3``; ours: 3 damage, after the shields)."""

    id = "black-arrow"
    fatigue = 1
    words = " (+2 range, at least 3 damage)"

    def allowed(self, st: DescentState, fi: int) -> bool:
        return "bow" in st.stat(fi).traits

    def started(self, st: DescentState, fi: int, atk: Attack) -> None:
        atk.bonus_range += 2
        atk.flags.append(MIN_DAMAGE + "3")


class RunningShot(ClassCard):
    """Wildlander, 3 XP: once a Bow attack of his turn has resolved he may move up to 2 spaces
    (1 in heavy armor): 2 movement points more (ours: after the attack only, not before the
    target is chosen; the points are spent as any others this turn)."""

    id = "running-shot"
    listens: ClassVar[frozenset[str]] = frozenset({"attack-resolved"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = st.attack
        turn = st.turn
        if (atk is None or atk.attacker != fi or "follow-up" in atk.flags or atk.source in _NOT_WEAPON
                or turn is None or turn.fig != fi or st.figs[fi].status != "active" or "bow" not in st.stat(fi).traits):
            return
        n = 1 if heavy_armor(st, fi) else 2
        turn.mp += n
        st.emit("action", f"Running Shot: {st.name(fi)} may move {n} space{'s' if n > 1 else ''} more.")


def heavy_armor(st: DescentState, fi: int) -> bool:
    """Whether hero ``fi`` wears an equipped Shop armor with the Heavy Armor trait."""
    from questbox.games.descent.catalog import catalog

    worn = getattr(st.enc.by_name.get("items"), "equipment", {}).get(st.figs[fi].stat, ())
    shop = catalog().shop
    return any(c in shop and "heavy-armor" in shop[c].traits for c in worn)


class DangerSense(ExhaustAction):
    """Wildlander, 1 XP: an action; exhaust it: the overlord discards a random card of his hand
    (the Overlord deck's module; the card discarded is told to all, as the discard pile is open)."""

    id = "danger-sense"
    fatigue = 2
    words = "senses danger"

    def worth(self, st: DescentState, fi: int) -> bool:
        m = st.mods.get("overlord")
        return isinstance(m, dict) and bool(m.get("hand"))

    def used(self, st: DescentState, fi: int) -> None:
        m = st.mods["overlord"]     # (the Overlord deck module's state: deck, hand, discard)
        cid = m["hand"].pop(st.rng.below(len(m["hand"])))
        m["discard"].append(cid)
        name = catalog().overlord[cid].name
        st.emit("overlord-card", f"Danger Sense: the overlord discards {name} at random.",
                {"card": cid, "hand": len(m["hand"])})


class AncestorSpirits(ClassCard):
    """Spiritspeaker, 3 XP: exhausted when one of his skills harms monsters (they are Poisoned) or
    heals heroes (1 heart and 1 fatigue more each); played by
    :func:`~questbox.games.descent.skill_hooks.ancestor_spirits`, which Drain Spirit, Shared Pain,
    Healing Rain, Tempest, Vigor and Nature's Bounty call (ours: the Spiritspeaker's skills
    that harm or heal; Stoneskin neither harms nor heals)."""

    id = "ancestor-spirits"
    fatigue = 1
    exhaust = True
