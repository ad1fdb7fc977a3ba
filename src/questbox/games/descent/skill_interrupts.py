"""The hero class cards that interrupt the overlord's turn (issue #18): a hero's controller is
asked during a monster's activation, on the engine's own windows, through the rule module
:class:`Interrupts` (``interrupts``).

The windows (each a ``react`` decision to the hero's seat, the bot answers it):

* ``activation-start`` -- right after the overlord picks a monster to activate (First Strike);
* ``attack-declared`` -- a monster's attack on a hero is declared, before any die is rolled and
  before the hero modules' later windows (Defend: the target changes here);
* ``enter-space`` -- a monster, during its activation, enters an empty space (not a space it
  passes through on a friend's figure) next to the hero (Guard, Caltrops, Nimble); the rest of
  its move goes on if it survives (Caltrops' Immobilized stops it). A large monster moves as if
  small and opens the window at each space it enters while it still stands on its old spaces
  (rulings M5): the space entered must be next to the hero (:func:`_next_to`); Guard and
  Caltrops first place it covering that space (:func:`halt_large`; rulings M8);
* ``attack-resolved`` -- a monster's attack on the hero ends (Counter Attack), or the Knight's own
  melee attack in his turn defeated a monster (Advance);
* as a hero would be knocked out (``conditions.defeat`` asks :func:`last_stand`; decision
  ``mod:interrupts:stalwart``) -- Stalwart's last move and attack.

The module also holds three cards that are turn actions of the ``classes`` module: Charge
(:data:`MORE_CARDS`), Challenge, and Advance's attack after its move.

The module joins an encounter only when a hero's kit holds one of :data:`INTERRUPTS`
(:func:`wanted`), so an encounter without these cards keeps ``enter-space`` and the other windows
as cheap as before (nobody is asked). The cards are
:class:`~questbox.games.descent.skill_base.ClassCard` objects in
:data:`questbox.games.descent.skills.CARDS` like the others, but their windows are
:attr:`Interrupt.interrupts_at`, not ``offers_at``: the ``classes`` module never offers them.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from questbox.core import Action, Decision, Seat
from questbox.games.descent.flow import LARGE_MOVE, STEP
from questbox.games.descent.monkey import is_monkey
from questbox.games.descent.rules import Ctx, RuleModule
from questbox.games.descent.skill_base import ClassCard, Space, _use, _weapon, card_name

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

#: the module's name (``enc.by_name``)
NAME: Final = "interrupts"


class Interrupt(ClassCard):
    """A class card played at a window of the overlord's turn (:attr:`interrupts_at`)."""

    interrupts_at: ClassVar[frozenset[str]] = frozenset()

    def space(self, sp: Space) -> list[Action]:
        return [_use(self.id)]


def _monster_steps_in(st: DescentState, ctx: Ctx) -> int | None:
    """The monster of an ``enter-space`` context if it moves in its own activation into an empty
    space: a small one stands on it, alone; a large one moves as if small and still stands on its
    old spaces (rulings M5), so the space it enters holds no other figure; else ``None``."""
    m, s = ctx
    f = st.figs[m]
    turn = st.turn
    if f.side != "monster" or f.status != "active" or turn is None or turn.fig != m:
        return None
    return m if st.occ.get(s, m if f.shape != (1, 1) else -1) == m else None


def _next_to(st: DescentState, fi: int, m: int, s: int) -> bool:
    """Whether hero ``fi`` is next to monster ``m`` entering space ``s``: a small monster stands
    there; a large one is next to him when the space it enters is (rulings M5)."""
    if st.figs[m].shape == (1, 1):
        return st.adjacent(fi, m)
    adj = st.enc.board.adjacency(st.doors)
    return any(s in adj[q] for q in st.squares(fi))


def _large_step(st: DescentState, m: int) -> int:
    """The index in ``st.tasks`` of large monster ``m``'s next step of its movement, or -1."""
    for k in range(len(st.tasks) - 1, -1, -1):
        t = st.tasks[k]
        if t[0] == LARGE_MOVE and t[1] == m:
            return k
    return -1


def halt_large(st: DescentState, m: int, *, stop: bool) -> None:
    """A hero's card interrupts large monster ``m``'s movement: it is placed covering the last
    space it entered, as at the end of a movement (the overlord picks among several placements:
    ``movement.settle``, reached through its own step with the path cut there, which runs before
    anything pushed earlier); with ``stop`` the rest of its path is dropped, else it goes on from
    that space afterwards."""
    k = _large_step(st, m)
    if k < 0:
        return
    tag, _, path, i, anchor, orient = st.tasks[k]
    if not i:
        return
    halt = (tag, m, tuple(path[:i]), i, anchor, orient)      # (a step past the path's end settles it)
    if stop:
        st.tasks[k] = halt
    else:
        st.tasks.append(halt)


def _melee_target(st: DescentState, fi: int, m: int) -> bool:
    """Whether hero ``fi`` may attack monster ``m`` with his melee weapon now."""
    return st.stat(fi).attack == "melee" and m in st.attack_targets(fi, melee=True)


def stop_move(st: DescentState, fi: int) -> None:
    """The move in progress of ``fi`` ends where it is (its movement points are lost); a large
    figure is placed covering the last space it entered (:func:`halt_large`)."""
    if st.figs[fi].shape != (1, 1):
        halt_large(st, fi, stop=True)
    st.tasks[:] = [t for t in st.tasks if not (t[0] == STEP and t[1] == fi)]
    turn = st.turn
    if turn is not None and turn.fig == fi:
        turn.mp = 0


def path_left(st: DescentState, fi: int) -> tuple[int, ...]:
    """The spaces the figure ``fi`` (small or large) is still to enter in its move in progress."""
    for t in reversed(st.tasks):
        if t[0] in (STEP, LARGE_MOVE) and t[1] == fi:
            return tuple(t[2][t[3]:])
    return ()


# ================================================================================== the cards
#: a flag of an attack: the hero (id after the colon) was a further figure it affected (an area
#: attack's: Blast, Fire Breath, ...), noted as that follow-up resolves (Counter Attack reads it)
AFFECTED: Final = "affected:"


class CounterAttack(Interrupt):
    """Berserker, 1 XP: after an adjacent monster's attack that affected the Berserker (its target,
    or a further figure of an area attack: Blast) resolves, exhaust for a melee attack on it; the
    monster goes on with its activation if it survives. Asked once the whole attack is resolved
    (not after each further figure's part of it)."""

    id = "counter-attack"
    interrupts_at: ClassVar[frozenset[str]] = frozenset({"attack-resolved"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if atk is None or "follow-up" in atk.flags or not self.usable(st, fi):
            return []
        if atk.target != fi and AFFECTED + st.figs[fi].id not in atk.flags:
            return []
        m = atk.attacker
        if st.figs[m].side != "monster" or st.figs[m].status != "active" or not _melee_target(st, fi, m):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        m = atk.attacker
        self.pay(st, fi)
        st.emit("action", f"{st.name(fi)} counter-attacks {st.name(m)}.")
        st.own_attack(fi, m, source=self.id)


class Guard(Interrupt):
    """Knight, 2 XP: when a monster moves into an empty space next to the Knight, exhaust to
    interrupt it with a melee attack; it goes on if it survives."""

    id = "guard"
    interrupts_at: ClassVar[frozenset[str]] = frozenset({"enter-space"})
    fatigue = 2
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        m = _monster_steps_in(st, ctx)
        if (m is None or not self.usable(st, fi) or not _next_to(st, fi, m, ctx[1]) or st.stat(fi).attack != "melee"
                or is_monkey(st, fi)):
            return []
        # (a large monster is attacked once it is placed on the space it entered: see take)
        return [_use(self.id)] if st.figs[m].shape != (1, 1) or _melee_target(st, fi, m) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        m = ctx[0]
        self.pay(st, fi)
        st.emit("action", f"{st.name(fi)} guards: {st.name(m)} is attacked as it comes.")
        if st.figs[m].shape == (1, 1):
            st.own_attack(fi, m, source=self.id)
            return
        # a large monster: placed covering the space it entered (the overlord may pick where),
        # then attacked; its move goes on afterwards if it survives
        st.tasks.append(st.mod_task("classes", (self.id, m, fi)))
        halt_large(st, m, stop=False)

    def run(self, st: DescentState, payload: tuple[object, ...]) -> None:
        m, fi = int(str(payload[1])), int(str(payload[2]))
        if st.figs[m].status == "active" and st.figs[fi].status == "active" and _melee_target(st, fi, m):
            st.own_attack(fi, m, source=self.id)
        else:
            st.emit("info", f"Guard: {st.name(fi)} cannot reach {st.name(m)} where it stands.")


class Caltrops(Interrupt):
    """Thief, 2 XP: when a monster moves into an empty space next to the Thief, exhaust and test
    Awareness; a pass deals it 1 heart and Immobilizes it (the rest of its move is lost)."""

    id = "caltrops"
    interrupts_at: ClassVar[frozenset[str]] = frozenset({"enter-space"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        m = _monster_steps_in(st, ctx)
        return [_use(self.id)] if m is not None and self.usable(st, fi) and _next_to(st, fi, m, ctx[1]) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        m = ctx[0]
        self.pay(st, fi)
        st.emit("action", f"{st.name(fi)} throws caltrops before {st.name(m)}.")
        st.test(fi, "awareness", st.mod_task("classes", (self.id, m, fi)), None, card_name(self.id))

    def run(self, st: DescentState, payload: tuple[object, ...]) -> None:
        m, fi = int(str(payload[1])), int(str(payload[2]))
        if st.figs[m].status != "active":
            return
        st.suffer(m, 1, fi, card_name(self.id))
        if st.figs[m].status == "active":
            st.add_condition(m, "immobilized")
            stop_move(st, m)


class Nimble(Interrupt):
    """Wildlander, 0 XP: when a monster moves into a space next to the Wildlander, 1 fatigue to
    move 1 space (``use nimble <square>``); the monster then goes on. Ours: not onto a space the
    monster's move is still to enter."""

    id = "nimble"
    interrupts_at: ClassVar[frozenset[str]] = frozenset({"enter-space"})
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        m = _monster_steps_in(st, ctx)
        if m is None or not self.usable(st, fi) or not _next_to(st, fi, m, ctx[1]):
            return []
        ahead = set(path_left(st, m))
        index = st.enc.board.index
        return [Action("use", (self.id, str(a.args[0]))) for a in st.moves(fi, 1) if index[str(a.args[0])] not in ahead]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        square = st.enc.board.index[str(action.args[1])]
        self.pay(st, fi)
        st.place(fi, square)
        st.emit("move", f"{st.name(fi)} nimbly steps to {action.args[1]}.",
                {"figure": st.figs[fi].id, "path": [str(action.args[1])]})
        st.window("enter-space", (fi, square))

    def space(self, sp: Space) -> list[Action]:
        return [Action("use", (self.id, q)) for q in sp.squares]


class FirstStrike(Interrupt):
    """Wildlander, 2 XP: right after the overlord picks a monster to activate, exhaust for a Bow
    attack on it; it goes on with its activation if it survives."""

    id = "first-strike"
    interrupts_at: ClassVar[frozenset[str]] = frozenset({"activation-start"})
    fatigue = 2
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        m = ctx[0]
        turn = st.turn
        if (m < 0 or st.figs[m].side != "monster" or turn is None or turn.fig != m or turn.kind != "monster"
                or not self.usable(st, fi) or "bow" not in _weapon(st, fi)[1] or m not in st.attack_targets(fi)):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        m = ctx[0]
        self.pay(st, fi)
        st.emit("action", f"{st.name(fi)} strikes first at {st.name(m)}.")
        st.own_attack(fi, m, source=self.id)


class Defend(Interrupt):
    """Knight, 1 XP: when a hero next to the Knight is declared the target of a monster's attack,
    1 fatigue to become the target himself; range and sight stay measured to the first target's
    space (the attack's distance is kept; the defense dice become the Knight's)."""

    id = "defend"
    interrupts_at: ClassVar[frozenset[str]] = frozenset({"attack-declared"})
    fatigue = 1

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        atk = st.attack
        if atk is None or atk.target == fi or "follow-up" in atk.flags or not self.usable(st, fi):
            return []
        t = atk.target
        if st.figs[atk.attacker].side != "monster" or st.figs[t].side != "hero" or not st.adjacent(fi, t):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        atk = st.attack
        assert atk is not None
        old = atk.target
        self.pay(st, fi)
        atk.target = fi
        atk.def_dice = list(st.stat(fi).defense)
        st.emit("action", f"{st.name(fi)} defends {st.name(old)}: {st.name(fi)} is the target now.",
                {"figure": st.figs[fi].id, "instead_of": st.figs[old].id})



# ============================================================== a move and an attack (Charge, Advance)
#: a turn flag: the hero may make one attack without an action (``<card> <monster>``), the card's
#: movement points given (Charge's and Advance's attack after their move)
FREE_ATTACK: Final = "free-attack:"


def _free_attack_offers(st: DescentState, fi: int, card: str, melee: bool) -> list[Action]:
    turn = st.turn
    if turn is None or turn.fig != fi or FREE_ATTACK + card not in turn.flags or st.figs[fi].status != "active":
        return []
    if melee and st.stat(fi).attack != "melee":
        return []
    return [Action(card, (st.figs[m].id,)) for m in st.attack_targets(fi, melee=True if melee else None)
            if st.figs[m].side == "monster"]


def _free_attack(st: DescentState, fi: int, card: str, action: Action) -> None:
    turn = st.turn
    assert turn is not None
    turn.flags.remove(FREE_ATTACK + card)
    st.emit("action", f"{st.name(fi)} attacks ({card_name(card)}).")
    st.own_attack(fi, st.ids[str(action.args[0])], source=card)


class Charge(ClassCard):
    """Berserker, 2 XP: an action (2 fatigue): movement points up to his Speed, then a melee attack
    that costs no action (``charge``, then ``move <square>`` ..., then ``charge <monster>``). Ours:
    the attack may come after any of the turn's moves, until the turn ends."""

    id = "charge"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 2

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        free = _free_attack_offers(st, fi, self.id, melee=True)
        turn = st.turn
        if free or (turn is not None and FREE_ATTACK + self.id in turn.flags):
            return free
        return [Action(self.id)] if st.stat(fi).attack == "melee" and self.can_act(st, fi) else []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        if action.args:
            _free_attack(st, fi, self.id, action)
            return
        turn = st.turn
        assert turn is not None
        self.spend_action(st, fi)
        turn.mp += st.stat(fi).speed
        turn.flags.append(FREE_ATTACK + self.id)
        st.emit("action", f"{st.name(fi)} charges: {st.stat(fi).speed} movement points, then a melee attack.")
        st.window("action-performed", (fi, self.id))

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id), *(Action(self.id, (t,)) for t in sp.targets)]


class Advance(Interrupt):
    """Knight, 1 XP: after his melee attack in his own turn defeats a monster, exhaust (1 fatigue)
    for movement points up to his Speed and one more attack that costs no action (``use advance``,
    then ``advance <monster>``)."""

    id = "advance"
    interrupts_at: ClassVar[frozenset[str]] = frozenset({"attack-resolved"})
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    fatigue = 1
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if point == "hero-turn":
            return _free_attack_offers(st, fi, self.id, melee=False)
        atk = st.attack
        turn = st.turn
        if (atk is None or atk.attacker != fi or not atk.melee or not atk.defeated or "follow-up" in atk.flags
                or turn is None or turn.fig != fi or not self.usable(st, fi)):
            return []
        return [_use(self.id)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        if point == "hero-turn":
            _free_attack(st, fi, self.id, action)
            return
        turn = st.turn
        assert turn is not None
        self.pay(st, fi)
        turn.mp += st.stat(fi).speed
        turn.flags.append(FREE_ATTACK + self.id)
        st.emit("action", f"{st.name(fi)} advances: {st.stat(fi).speed} movement points and one more attack.")

    def space(self, sp: Space) -> list[Action]:
        return [_use(self.id), *(Action(self.id, (t,)) for t in sp.targets)]



# ================================================================================== Challenge
#: the Knight's tag naming the monster his Challenge marks (``challenge:<figure id>``)
MARK: Final = "challenge:"


class Challenge(ClassCard):
    """Knight, 1 XP: exhaust during his turn, no action, to mark a monster he sees (``challenge
    <monster>``); while the card stays exhausted (until his next turn's start), his attacks on it
    and its attacks on him gain 1 heart. Ours: the timing (his turn, no action) is not in our
    sources."""

    id = "challenge"
    offers_at: ClassVar[frozenset[str]] = frozenset({"hero-turn"})
    listens: ClassVar[frozenset[str]] = frozenset({"attack-declared"})
    exhaust = True

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        if not self.usable(st, fi):
            return []
        return [Action(self.id, (st.figs[m].id,)) for m in st.monsters() if st.sees(fi, m)]

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        f = st.figs[fi]
        self.pay(st, fi)
        f.tags[:] = [t for t in f.tags if not t.startswith(MARK)]
        f.tags.append(MARK + str(action.args[0]))
        st.emit("action", f"{st.name(fi)} challenges {st.name(st.ids[str(action.args[0])])}.")

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        atk = st.attack
        f = st.figs[fi]
        if atk is None or self.id not in f.exhausted or fi not in (atk.attacker, atk.target):
            return
        other = atk.target if atk.attacker == fi else atk.attacker
        if MARK + st.figs[other].id in f.tags and "follow-up" not in atk.flags:
            atk.bonus_hearts += 1

    def space(self, sp: Space) -> list[Action]:
        return [Action(self.id, (t,)) for t in sp.targets]



# ==================================================================================== Stalwart
#: the decision Stalwart asks (``data``: (stage, hero, by): stage ``move`` then ``attack``)
STALWART_KIND: Final = "mod:" + NAME + ":stalwart"
#: the hero's tags while Stalwart holds off his knock-out, and once it is done
STANDING: Final = "stalwart"
DONE_TAG: Final = "stalwart-done"


def last_stand(st: DescentState, fi: int, by: int) -> bool:
    """Called as hero ``fi`` would be knocked out (``conditions.defeat``): True when Stalwart holds
    it off (the knock-out comes once his move and attack are done)."""
    f = st.figs[fi]
    if DONE_TAG in f.tags:
        f.tags.remove(DONE_TAG)
        return False
    if STANDING in f.tags or not any(h.id == f.stat and "stalwart" in h.kit for h in st.enc.heroes):
        return False
    f.tags.append(STANDING)
    st.emit("action", f"{st.name(fi)} stands firm (Stalwart): a last move and melee attack.")
    st.tasks.append(st.mod_task(NAME, ("stalwart", "move", fi, by)))
    return True


class Stalwart(Interrupt):
    """Knight, 3 XP: +2 Health; when he is defeated he may first move up to his Speed
    (``stalwart <square>`` or ``stalwart stay``) and make a melee attack (``stalwart <monster>`` or
    ``stalwart done``); then he is knocked out. Ours: the move is a placement within his Speed's
    reach (no terrain damage on the way), the attack any melee target from there."""

    id = "stalwart"
    listens: ClassVar[frozenset[str]] = frozenset({"encounter-setup"})

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        st.figs[fi].hp_bonus += 2

    def run(self, st: DescentState, payload: tuple[object, ...]) -> None:
        stage, fi, by = str(payload[1]), int(str(payload[2])), int(str(payload[3]))
        if stage == "ko":
            f = st.figs[fi]
            f.tags.remove(STANDING)
            f.tags.append(DONE_TAG)
            st.defeat(fi, by)
            return
        acts = self.stage_actions(st, stage, fi)
        if stage == "attack" and len(acts) == 1:
            self.run(st, (self.id, "ko", fi, by))
            return
        st.ask(st.figs[fi].seat, STALWART_KIND, (stage, fi, by), acts)

    def stage_actions(self, st: DescentState, stage: str, fi: int) -> list[Action]:
        if stage == "move":
            return [*(Action(self.id, (str(a.args[0]),)) for a in st.moves(fi, st.stat(fi).speed)),
                    Action(self.id, ("stay",))]
        targets = (list(st.attack_targets(fi, melee=True)) if st.stat(fi).attack == "melee" else [])
        return [*(Action(self.id, (st.figs[m].id,)) for m in targets if st.figs[m].side == "monster"),
                Action(self.id, ("done",))]

    def decide(self, st: DescentState, stage: str, fi: int, by: int, action: Action) -> None:
        what = str(action.args[0])
        if stage == "move":
            if what != "stay":
                square = st.enc.board.index[what]
                st.place(fi, square)
                st.emit("move", f"{st.name(fi)} moves to {what} (Stalwart).",
                        {"figure": st.figs[fi].id, "path": [what]})
            self.run(st, (self.id, "attack", fi, by))
            return
        st.tasks.append(st.mod_task(NAME, (self.id, "ko", fi, by)))
        if what != "done":
            st.own_attack(fi, st.ids[what], source=self.id)

    def space(self, sp: Space) -> list[Action]:
        return [*(Action(self.id, (q,)) for q in (*sp.squares, "stay", "done")),
                *(Action(self.id, (t,)) for t in sp.targets)]


STALWART: Final = Stalwart()
#: the interrupt cards, by id
INTERRUPT_CARDS: Final[dict[str, Interrupt]] = {c.id: c for c in (
    CounterAttack(), Guard(), Caltrops(), Nimble(), FirstStrike(), Defend(), Advance(), STALWART)}
#: the other cards of this module (turn actions of the ``classes`` module), by id
MORE_CARDS: Final[dict[str, ClassCard]] = {c.id: c for c in (Charge(), Challenge())}
#: the turn actions these cards name (``charge``, ``charge <monster>``, ``advance <monster>``)
TURN_ACTIONS: Final = ("charge", "advance", "challenge")
#: the ids of the cards that bring the ``interrupts`` module into an encounter
INTERRUPTS: Final = frozenset(INTERRUPT_CARDS)


def wanted(kits: Iterable[tuple[str, ...]]) -> bool:
    """Whether an encounter whose heroes hold ``kits`` needs the ``interrupts`` module."""
    return any(not INTERRUPTS.isdisjoint(k) for k in kits)


# ================================================================================= the module
class Interrupts(RuleModule):
    """The windows of the overlord's turn at which the heroes' interrupt cards are offered."""

    name = NAME
    offers_at = frozenset().union(*(c.interrupts_at for c in INTERRUPT_CARDS.values()))
    listens = frozenset({"attack-resolved"})

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        """A further figure's part of an area attack resolves: a hero it affected is noted on the
        attack (:data:`AFFECTED`), for Counter Attack once the whole attack is resolved."""
        atk = st.attack
        if atk is not None and "follow-up" in atk.flags and len(st.attacks) > 1 \
                and st.figs[atk.target].side == "hero":
            st.attacks[-2].flags.append(AFFECTED + st.figs[atk.target].id)

    def _held(self, st: DescentState, seat: Seat, point: str) -> list[tuple[int, Interrupt]]:
        out: list[tuple[int, Interrupt]] = []
        for h in self.enc.heroes:
            fi = st.ids.get(h.id)
            if fi is None or st.figs[fi].seat != seat:
                continue
            out.extend((fi, INTERRUPT_CARDS[c]) for c in h.kit
                       if c in INTERRUPT_CARDS and point in INTERRUPT_CARDS[c].interrupts_at)
        return out

    def offers(self, st: DescentState, seat: Seat, point: str, ctx: Ctx) -> list[Action]:
        out: list[Action] = []
        for fi, c in self._held(st, seat, point):
            out.extend(a for a in c.offers(st, fi, point, ctx) if a not in out)
        return out

    def take(self, st: DescentState, seat: Seat, point: str, ctx: Ctx, action: Action) -> None:
        fi, card = next((fi, c) for fi, c in self._held(st, seat, point)
                        if c.id == action.args[0] and action in c.offers(st, fi, point, ctx))
        card.take(st, fi, point, ctx, action)

    def run(self, st: DescentState, payload: Any) -> None:
        INTERRUPT_CARDS[str(payload[0])].run(st, tuple(payload))

    # -- Stalwart's decision ------------------------------------------------------------------
    def decision_actions(self, st: DescentState, d: Decision) -> list[Action]:
        stage, fi, _ = d.data
        return STALWART.stage_actions(st, str(stage), int(fi))

    def decide(self, st: DescentState, d: Decision, action: Action) -> None:
        stage, fi, by = d.data
        STALWART.decide(st, str(stage), int(fi), int(by), action)

    def decision_text(self, st: DescentState, d: Decision) -> str | None:
        stage, fi, _ = d.data
        what = "a space to move to, or stay" if stage == "move" else "a monster to attack, or done"
        return f"{st.name(int(fi))} stands firm (Stalwart): {what}"
