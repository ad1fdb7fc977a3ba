"""The shared parts of the class cards (:mod:`questbox.games.descent.skills`): :class:`ClassCard`,
the card facts and the small helpers the cards use."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple

from questbox.core import Action
from questbox.games.descent.rules import Ctx

if TYPE_CHECKING:
    from questbox.games.descent.model import Attack
    from questbox.games.descent.state import DescentState



#: the action names that are a card's turn action (:data:`questbox.games.descent.skills.BY_ACTION`'s
#: keys; that module fills this set when it builds its tables)
ACTION_IDS: Final[set[str]] = set()
#: the most Stamina a hero has (heroes.yaml: 5), for the action space
MAX_STAMINA: Final = 5
#: the most dice a hero's attack rolls (his weapon's two or three, and Divine Fury's yellow)
MAX_DICE: Final = 4
#: attack sources that are not the hero's weapon (items that attack on their own)
_NOT_WEAPON: Final = frozenset({"fire-flask"})


def card_name(cid: str) -> str:
    """A class card's printed name (a starting card of classes.yaml or a skill of skills.yaml)."""
    return _card_facts(cid)[0]


@functools.cache
def _card_facts(cid: str) -> tuple[str, str, str]:
    """(name, kind, text) of a class card (classes.yaml's text; a skill's effect from skills.yaml)."""
    from questbox.games.descent.catalog import catalog
    from questbox.games.descent.data import library

    card = library().cards.get(cid)
    if card is not None:
        return card.name, card.kind, card.text
    sk = next(s for c in catalog().classes.values() for s in c.skills if s.id == cid)
    return sk.name, "skill", sk.effect


def kit_sheet(kit: tuple[str, ...]) -> list[dict[str, str]]:
    """A hero's class cards for his sheet in the views: id, name, kind and text of each."""
    return [dict(zip(("id", "name", "kind", "text"), (c, *_card_facts(c)), strict=True)) for c in kit]


def _use(card: str) -> Action:
    return Action("use", (card,))


def _can_pay(st: DescentState, fi: int, fatigue: int) -> bool:
    """A hero may pay a fatigue cost only up to his Stamina."""
    return st.figs[fi].fatigue + fatigue <= st.stamina(fi)


def _ready(st: DescentState, fi: int, card: str) -> bool:
    return card not in st.figs[fi].exhausted


def _weapon(st: DescentState, fi: int) -> tuple[str, frozenset[str], int]:
    """(id, traits, hands) of the hero's class weapon."""
    spec = next(h for h in st.enc.heroes if h.id == st.figs[fi].stat)
    w = st.enc.card(spec.weapon)
    return w.id, w.traits, w.hands


def _heroes_within(st: DescentState, fi: int, n: int) -> list[int]:
    return [h for h in st.heroes() if st.figs[h].status == "active" and st.within(fi, h, n)]


def _kit(st: DescentState, fi: int) -> tuple[str, ...]:
    """Hero ``fi``'s class cards (his stat key's hero: the first one of that id; else none)."""
    kits = st.enc.kits
    if not kits:
        for h in reversed(st.enc.heroes):       # (the first one wins)
            kits[h.id] = h.kit
    return kits.get(st.figs[fi].stat, ())


def _holder_attack(st: DescentState, fi: int) -> Attack | None:
    """The attack in progress if ``fi`` makes it."""
    atk = st.attack
    return atk if atk is not None and atk.attacker == fi else None


def _defender_attack(st: DescentState, fi: int) -> Attack | None:
    atk = st.attack
    return atk if atk is not None and atk.target == fi else None


class Space(NamedTuple):
    """What an encounter's action space is made of, for :meth:`ClassCard.space`: the heroes, the
    figures a hero may attack, the search tokens' squares, the squares, the conditions, the kits'
    cards, the doors."""

    heroes: list[str]
    targets: list[str]
    tokens: list[str]
    squares: list[str]
    conditions: tuple[str, ...]
    kits: frozenset[str]
    doors: tuple[str, ...] = ()


class ClassCard:
    """One class card (override what the card does). ``fatigue``: its cost; ``exhaust``: using it
    exhausts it (ready again at the start of its holder's turn)."""

    id: ClassVar[str] = ""
    offers_at: ClassVar[frozenset[str]] = frozenset()
    listens: ClassVar[frozenset[str]] = frozenset()
    fatigue: ClassVar[int] = 0
    exhaust: ClassVar[bool] = False

    def offers(self, st: DescentState, fi: int, point: str, ctx: Ctx) -> list[Action]:
        """What the holder ``fi`` may do with the card at ``point``."""
        return []

    def take(self, st: DescentState, fi: int, point: str, ctx: Ctx, action: Action) -> None:
        """Use the card (an action it offered)."""

    def on(self, st: DescentState, fi: int, window: str, ctx: Ctx) -> None:
        """Mandatory effects at ``window`` (``fi``: a hero holding the card)."""

    def run(self, st: DescentState, payload: tuple[object, ...]) -> None:
        """A task ``("mod", "classes", (<card id>, ...))`` the card pushed."""

    def space(self, sp: Space) -> list[Action]:
        """Every action the card may ever offer in an encounter (its part of the action space)."""
        if self.offers_at - {"hero-turn"}:
            return [_use(self.id)]
        return [Action(self.id)] if self.id in ACTION_IDS else []

    def usable(self, st: DescentState, fi: int) -> bool:
        # (what ``_can_pay`` and ``_ready`` say, inline: it runs at every hero-turn menu)
        f = st.figs[fi]
        return (f.status == "active" and f.fatigue + self.fatigue <= st.stamina(fi)
                and (not self.exhaust or self.id not in f.exhausted))

    def can_act(self, st: DescentState, fi: int) -> bool:
        """Whether the holder may use the card as an action of his turn now."""
        turns = st.turns
        return bool(turns) and turns[-1].actions > 0 and self.usable(st, fi)

    def spend_action(self, st: DescentState, fi: int) -> None:
        """The card is used as an action: one of the turn's actions, and its cost."""
        turn = st.turn
        assert turn is not None
        turn.actions -= 1
        self.pay(st, fi)

    def pay(self, st: DescentState, fi: int) -> None:
        if self.exhaust:
            st.figs[fi].exhausted.append(self.id)
        if self.fatigue:
            st.suffer_fatigue(fi, self.fatigue)


