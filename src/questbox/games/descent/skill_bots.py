"""The hero bot's use of the class cards (issue #18): which skill attack is worth its fatigue,
when a healing skill pays, and which reactions to take in an attack. Tactics only (the cards'
rules are in :mod:`questbox.games.descent.skills`); :mod:`questbox.games.descent.bots` asks these.

The priorities, stated: a skill attack is scored like a plain attack with its extra hearts
(:data:`ATTACK_HEARTS`; Death Rage: half the damage on the hero), a small bonus for what it adds
after the hit (a stun, healing, damage to the group) and a cost per fatigue; it is only taken
while the hero keeps at least one fatigue of room. Healing Rain is cast when the heroes within 3
spaces miss 3 hearts or more, Radiant Light when its heal and harm in sight add up to 4, Tempest
with 2 monsters within 3 spaces, Time of Need with 3 fatigue; Lurk's free search whenever there
is room for its fatigue; a Cleansing Touch whenever a hero in reach has a condition. A defensive
card (Stoneskin, Ghost Armor, Defense Training) is used when the attack would hurt; Accurate
rerolls a power die showing no heart; a mastery's surge is taken when the attack hit and has a
surge ability left to spend; Execute pays 2 fatigue (keeping one) on an attack that hit;
Bushwhack is a skill attack worth a free attack (Black Arrow one heart more, Exploding Rune by
the monsters next to the target, Runic Sorcery by its condition: :func:`area_extra`); Holy Power
heals two heroes each missing 2 hearts (:func:`holy_choice`); the other cards of
:mod:`~questbox.games.descent.skill_more` are in :func:`more_choice`; Quick Casting attacks again (the target with
the fewest hearts left) while a fatigue of room stays. Cripple is not used by the bot. The cards of the
overlord's turn: see :func:`interrupt_choice`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from questbox.core import Action
from questbox.games.descent.flow import REST
from questbox.games.descent.skill_base import _kit
from questbox.games.descent.skill_interrupts import INTERRUPTS
from questbox.games.descent.skill_more import Appraisal, BreakTheRune
from questbox.games.descent.skills import BY_ACTION, CARDS, AttackSkill

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

#: the hearts a skill attack adds to the plain attack (Rage is scored by bots.py itself)
ATTACK_HEARTS: dict[str, int] = {"black-arrow": 1}      # (its 3 damage at least, its +2 range)
#: what a skill attack is worth besides its hearts (its after-effect), in target-value units
ATTACK_EXTRA: dict[str, float] = {"dirty-tricks": 0.3, "blessed-strike": 0.4, "drain-spirit": 0.3,
                                  "shared-pain": 0.3, "oath": 0.1, "bushwhack": 0.6, "charge": 0.6, "advance": 0.6}
#: the attacks that cost no action once their card gave them (Charge, Advance: skill_interrupts)
FREE_ATTACKS = ("charge", "advance")
#: Runic Sorcery's conditions, by worth: a Stun costs the monster an action
SORCERY: dict[str, float] = {"stunned": 0.4, "poisoned": 0.3, "immobilized": 0.2, "diseased": 0.1}
#: the cost of a fatigue, in the same units
FATIGUE_COST = 0.2
DEFENSIVE = ("stoneskin", "ghost-armor", "defense-training")
MASTERIES = ("weapon-mastery", "rune-mastery", "bow-mastery")


def skill_attacks(st: DescentState, fi: int, legal: list[Action]) -> list[tuple[Action, int, float]]:
    """The skill attacks in ``legal`` worth a look: (action, extra hearts, extra value - cost)."""
    f = st.figs[fi]
    out: list[tuple[Action, int, float]] = []
    for a in legal:
        card = BY_ACTION.get(a.name)
        if card is None or a.name == "rage" or (a.name in FREE_ATTACKS and not a.args) or not (
                isinstance(CARDS[card], AttackSkill) or a.name in ("oath", "bushwhack", *FREE_ATTACKS)):
            continue        # (Rage: bots.py scores it itself; a bare ``charge`` is no attack yet)
        cost = 0 if a.name in FREE_ATTACKS else CARDS[card].fatigue      # (Charge's was paid)
        if f.fatigue + cost >= st.stamina(fi):        # keep a fatigue of room
            continue
        hearts = ATTACK_HEARTS.get(a.name, 0)
        if a.name == "death-rage":
            hearts = f.damage // 2
        extra = ATTACK_EXTRA.get(a.name, 0.0) + area_extra(st, fi, a)
        out.append((a, hearts, extra - FATIGUE_COST * cost))
    return out


def area_extra(st: DescentState, fi: int, a: Action) -> float:
    """What a skill attack adds besides :data:`ATTACK_EXTRA`: Exploding Rune's Blast 0.5 for each
    monster next to the target, less 1 for each hero there; Runic Sorcery's condition
    (:data:`SORCERY`, nothing for one the target has)."""
    if a.name == "runic-sorcery":
        cond = str(a.args[1])
        return 0.0 if cond in st.figs[st.ids[str(a.args[0])]].conds else SORCERY.get(cond, 0.0)
    if a.name != "exploding-rune":
        return 0.0
    t = st.ids[str(a.args[0])]
    near = [x for x, g in enumerate(st.figs) if x not in (t, fi) and g.status == "active" and st.adjacent(t, x)]
    return sum(0.5 if st.figs[x].side == "monster" else -1.0 for x in near)


def heal_choice(st: DescentState, fi: int, legal: list[Action]) -> Action | None:
    """A free search with Lurk; Prayer of Healing that also cleanses a condition; Healing Rain when
    the heroes within 3 spaces miss 3 hearts or more; Radiant Light when what it heals and hurts in
    sight adds up to 4 or more; Time of Need with 3 fatigue or more."""
    f = st.figs[fi]
    for a in legal:
        if a.name == "lurk" and f.fatigue + 1 < st.stamina(fi):
            return a
        if a.name == "pray" and len(a.args) > 1:
            return a
    rain = Action("healing-rain")
    if rain in legal:
        missing = sum(st.figs[h].damage for h in st.heroes()
                      if st.figs[h].status == "active" and st.within(fi, h, 3))
        if missing >= 3:
            return rain
    light = Action("radiant-light")
    if light in legal:
        seen = [x for x, g in enumerate(st.figs) if g.status == "active" and (x == fi or st.sees(fi, x))]
        worth = sum(min(2, st.figs[x].damage) if st.figs[x].side == "hero" else 2 for x in seen)
        if worth >= 4:
            return light
    storm = Action("tempest")
    if storm in legal and sum(1 for m in st.monsters() if st.within(fi, m, 3)) >= 2:
        return storm
    need = Action("time-of-need")
    if need in legal and f.fatigue >= 3:
        return need
    return more_choice(st, fi, legal)


def holy_choice(st: DescentState, legal: list[Action]) -> Action | None:
    """Holy Power: a Prayer of Healing on two heroes when each misses 2 hearts or more (the most
    missed first)."""
    best: tuple[int, Action] | None = None
    for a in legal:
        if a.name == "pray" and len(a.args) == 2 and str(a.args[1]) in st.ids:
            x, y = (st.figs[st.ids[str(h)]] for h in a.args)
            if y.side == "hero" and min(x.damage, y.damage) >= 2 and (best is None or x.damage + y.damage > best[0]):
                best = (x.damage + y.damage, a)
    return best[1] if best is not None else None


def more_choice(st: DescentState, fi: int, legal: list[Action]) -> Action | None:
    """The cards of :mod:`~questbox.games.descent.skill_more` worth using now: Prayer of Peace
    with 2 monsters next to the Disciple, or one while he is wounded; Cloud of Mist with 2 monsters
    within 4 spaces (in reach of the heroes under it); Break the Rune on 2 monsters and no hero,
    with a fatigue of room kept; Unseen with a monster within 3 spaces and a fatigue of room kept;
    with Nature's Bounty, a rest when 2 fatigue
    and 2 hearts would come back and there is nothing to attack."""
    peace = Action("prayer-of-peace")
    if peace in legal:
        near = sum(1 for m in st.monsters() if st.adjacent(fi, m))
        if near >= 2 or (near and st.figs[fi].damage >= 3):
            return peace
    mist = Action("cloud-of-mist")
    if mist in legal and sum(1 for m in st.monsters() if st.within(fi, m, 4)) >= 2:
        return mist
    f = st.figs[fi]
    rune = Action("break-the-rune")
    if rune in legal and f.fatigue + CARDS["break-the-rune"].fatigue < st.stamina(fi):
        hit = [st.figs[x].side for x in BreakTheRune().figures(st, fi)]
        if hit.count("monster") >= 2 and "hero" not in hit:
            return rune
    unseen = Action("unseen")
    if (unseen in legal and f.fatigue + 2 < st.stamina(fi)
            and any(st.within(fi, m, 3) for m in st.monsters())):
        return unseen
    tumble = Action("tumble")
    if (tumble in legal and f.fatigue + 1 < st.stamina(fi)
            and sum(1 for m in st.monsters() if st.adjacent(fi, m)) >= 2):
        return tumble           # hemmed in by two monsters: slip through them
    for a in legal:         # Sneaky: a door the bot would open anyway, for no action
        if a.name == "sneaky" and Action("open", a.args) in legal:
            return a
    if Action("appraisal") in legal and Appraisal().drawn(st, fi) == "nothing":
        return Action("appraisal")      # Appraisal: a card that is nothing is worth a second draw
    if (Action("danger-sense") in legal and f.fatigue + 2 < st.stamina(fi)
            and not any(a.name == "attack" for a in legal)):
        return Action("danger-sense")   # nothing to shoot: thin the overlord's hand instead
    if (REST in legal and "natures-bounty" in _kit(st, fi) and min(f.fatigue, f.damage) >= 2
            and not any(a.name == "attack" for a in legal)):
        return REST         # Nature's Bounty: a rest heals too, when there is nothing to hit
    return None


def _holder(st: DescentState, card: str) -> int | None:
    """The active hero whose kit holds ``card``."""
    for h in st.enc.heroes:
        fi = st.ids.get(h.id)
        if card in h.kit and fi is not None and st.figs[fi].status == "active":
            return fi
    return None


def interrupt_choice(st: DescentState, legal: list[Action]) -> Action | None:
    """The cards of the overlord's turn (skill_interrupts), each while its holder keeps a fatigue
    of room: Counter Attack, Guard, First Strike, Caltrops and Advance whenever offered (an attack or a
    test that may hurt, at no action); Defend when the hero attacked has 4 hearts or fewer left
    and the Knight more; Nimble for a hero who attacks at range, to a space out of the monster's
    reach (the farthest of the offered); Stalwart's last stand next to a monster, attacking it."""
    from questbox.games.descent.tactics import remaining

    stalwart = [a for a in legal if a.name == "stalwart"]
    if stalwart:
        return _stalwart_choice(st, stalwart)
    offered = [a for a in legal if a.name == "use" and a.args and str(a.args[0]) in INTERRUPTS]
    for a in offered:
        card = str(a.args[0])
        fi = _holder(st, card)
        if fi is None or st.figs[fi].fatigue + CARDS[card].fatigue >= st.stamina(fi):
            continue
        if card in ("counter-attack", "guard", "first-strike", "caltrops", "advance"):
            return a
        atk = st.attack
        if card == "defend" and atk is not None:
            t = atk.target
            if remaining(st, t) <= 4 and remaining(st, fi) > remaining(st, t):
                return a
        if card == "nimble" and st.stat(fi).attack != "melee" and st.pending:
            m = st.pending[-1].data[1][0]
            board = st.enc.board
            far = board.dist_from(st.doors, st.figs[m].pos)
            steps = [x for x in offered if x.args[0] == card]
            best = max(steps, key=lambda x: far[board.index[str(x.args[1])]])
            if far[board.index[str(best.args[1])]] >= 2:
                return best
    return None


def _stalwart_choice(st: DescentState, legal: list[Action]) -> Action:
    """Stalwart's last stand: stay when a monster is next to the Knight, else move next to one;
    then attack the first monster offered."""
    stage, fi, _ = st.pending[-1].data
    if stage == "attack":
        return legal[0]          # a monster when there is one, else ``stalwart done``
    stay = Action("stalwart", ("stay",))
    if any(st.figs[m].side == "monster" for m in st.attack_targets(fi, melee=True)):
        return stay
    board = st.enc.board
    adj = board.adjacency(st.doors)
    near = {q for m in st.monsters() for p in st.squares(m) for q in adj[p]}
    return next((a for a in legal if a != stay and board.index[str(a.args[0])] in near), stay)


def react_choice(st: DescentState, legal: list[Action]) -> Action | None:
    """A defensive card when the attack would hurt; a mastery when a surge ability waits; the
    interrupt cards (:func:`interrupt_choice`)."""
    chosen = interrupt_choice(st, legal)
    if chosen is not None:
        return chosen
    atk = st.attack
    if atk is None:
        return None
    uses = {str(a.args[0]): a for a in legal if a.name == "use" and a.args}
    for card in DEFENSIVE:
        if card in uses:
            if card == "stoneskin" or not atk.faces:
                return uses[card]          # before the roll: the attack may yet hurt
            hearts = st.atk_totals(atk)[0]
            if hearts - max(0, st.atk_shields(atk) - atk.pierce) > 0:
                return uses[card]
    lib = st.enc.lib
    for a in legal:         # Accurate: reroll a power die that shows no heart
        if a.name == "use" and a.args[0] == "accurate":
            i = int(str(a.args[1]))
            if lib.dice[atk.dice[i]][atk.faces[i] - 1].hearts == 0:
                return a
    execute = [a for a in legal if a.name == "use" and a.args[0] == "execute"]
    if execute and not st.atk_totals(atk)[3]:       # Execute: 2 fatigue at most, one kept
        f = st.figs[atk.attacker]
        room = st.stamina(atk.attacker) - f.fatigue
        x = min(2, room - 1)
        got = [a for a in execute if int(str(a.args[1])) == x]
        if got:
            return got[0]
    for card in MASTERIES:
        if card in uses and not st.atk_totals(atk)[3] and any(x[0] not in atk.used for x in atk.abilities):
            return uses[card]
    quick = [a for a in legal if a.name == "use" and a.args[0] == "quick-casting"]
    me = st.figs[atk.attacker]
    if quick and me.fatigue + 2 < st.stamina(atk.attacker):      # Quick Casting: the weakest target, room kept
        return min(quick, key=lambda a: st.health(st.ids[str(a.args[1])]) - st.figs[st.ids[str(a.args[1])]].damage)
    return None


def turn_card_choice(st: DescentState, fi: int, legal: list[Action]) -> Action | None:
    """Challenge the monster next to the Knight (no action; the heart both ways is worth it only
    when they will trade blows); Charge when no attack is in reach but a monster is within the
    hero's Speed of a space next to it, with 2 fatigue of room and one kept."""
    f = st.figs[fi]
    for a in legal:
        if a.name == "challenge" and st.adjacent(fi, st.ids[str(a.args[0])]):
            return a
    charge = Action("charge")
    if charge not in legal or f.fatigue + CARDS["charge"].fatigue >= st.stamina(fi):
        return None
    if any(a.name == "attack" for a in legal):
        return None
    reach = st.moves(fi, st.stat(fi).speed)
    board = st.enc.board
    adj = board.adjacency(st.doors)
    near = {s for m in st.monsters() for q in st.squares(m) for s in adj[q]} if reach else set()
    return charge if any(v[2] in near for v in reach.values()) else None
