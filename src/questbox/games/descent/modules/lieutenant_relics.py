"""The overlord's relics wielded by his lieutenants (issue #18): the lieutenant faces of
``data/relics.yaml`` the overlord has won (the campaign log's ``overlord_relics``, passed to a
quest's setup as ``campaign.overlord_relics``). The rule module ``lieutenants`` calls these.

* **Giving** (the Rules Reference as the FFG forum quotes it: in the setup of a quest the
  overlord picks the relic, if any, each lieutenant wields; one per lieutenant; a relic nobody
  wields does nothing; a defeated lieutenant's relic does nothing): before round 1 the overlord
  is asked, lieutenant by lieutenant, ``wield <relic>`` or ``pass`` (decision
  ``mod:lieutenants:relic``). We ask it in each encounter's setup (ours: a two-encounter quest
  asks again in encounter 2). The Shadow Rune is Baron Zachareth's only.
* **Played**: Duskblade (his attacks gain a surge ability: Pierce 5), Bones of Woe (his
  activation starts with a blue die; a surge gives the overlord an Overlord card, with the deck
  on), Shield of Zorek's Favor (attacked and not defeated, he tests Might; a pass costs the
  attacker a heart per shield of the test: the test is rolled by the relic, ours), The Shadow
  Rune (surge abilities +2 hearts and +1 heart: the +1 range and the card draw are not played),
  Scorpion's Kiss (an action once per round: exhaust, a hero he sees tests Awareness, failing he
  is Immobilized and Poisoned, passing Poisoned: the overlord's pick of the two is ours).
* **Not played**: Duskblade's -1 Speed for a hero next to him (no rule may change a hero's Speed
  for one turn) and Staff of Shadows (its "at any time" needs a window at every moment).

State (``mods.lieutenants``): ``relics`` (figure id -> relic id), ``relic_used`` (the relics
exhausted this round).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from questbox.core import Action, Decision, SetupError
from questbox.games.descent.modules.items import relics

if TYPE_CHECKING:
    from questbox.games.descent.encounter import Encounter
    from questbox.games.descent.state import DescentState

NAME: Final = "lieutenants"
RELIC: Final = "mod:lieutenants:relic"
#: the relics the engine plays, and the lieutenant who alone may wield one
PLAYED: Final = ("duskblade", "bones-of-woe", "shield-of-zoreks-favor", "the-shadow-rune-overlord", "scorpions-kiss")
ONLY: Final = {"the-shadow-rune-overlord": "baron-zachareth"}
#: the surge abilities a relic gives its lieutenant's attacks: [id, effect, value, cost]
SURGES: Final[dict[str, list[list[Any]]]] = {
    "duskblade": [["duskblade", "pierce", 5, 1]],
    "the-shadow-rune-overlord": [["shadow-rune", "heart", 2, 1], ["shadow-rune-2", "heart", 1, 1]],
}
KISS: Final = "scorpions-kiss"
ZOREK: Final = "Shield of Zorek's Favor"


def owned(enc: Encounter) -> tuple[str, ...]:
    """``campaign.overlord_relics`` of the setup (checked: lieutenant faces of relics.yaml)."""
    camp = enc.setup.get("campaign")
    got = camp.get("overlord_relics", []) if isinstance(camp, dict) else []
    cat = relics()
    if not isinstance(got, list) or any(not isinstance(r, str) or r not in cat or cat[r].side != "overlord"
                                        for r in got):
        raise SetupError("campaign.overlord_relics: the lieutenant relics the overlord has won (ids of relics.yaml)")
    return tuple(dict.fromkeys(got))


def _lid(st: DescentState, fi: int) -> str:
    """The lieutenant's id (its group's ``lieutenant``)."""
    return st.enc.groups[st.figs[fi].group].lieutenant


def choices(st: DescentState, fi: int, have: tuple[str, ...]) -> list[Action]:
    """The relics lieutenant ``fi`` may wield: those not given yet (the Shadow Rune: Zachareth's)."""
    given = set(st.mods[NAME].get("relics", {}).values())
    return [Action("wield", (r,)) for r in have if r not in given and ONLY.get(r, _lid(st, fi)) == _lid(st, fi)]


def ask_next(st: DescentState, have: tuple[str, ...], after: int = -1) -> None:
    """Ask the overlord the relic of the next lieutenant (after figure ``after``) that may get one."""
    from questbox.games.descent.flow import PASS

    for fid in st.mods[NAME]["figures"]:
        fi = st.ids[fid]
        if fi > after and choices(st, fi, have):
            st.ask("overlord", RELIC, (fid,), [*choices(st, fi, have), PASS])
            return


def decide(st: DescentState, d: Decision, action: Action, have: tuple[str, ...]) -> None:
    fid = str(d.data[0])
    fi = st.ids[fid]
    if action.name == "wield":
        r = str(action.args[0])
        st.mods[NAME].setdefault("relics", {})[fid] = r
        st.emit("relic", f"{st.name(fi)} wields {relics()[r].name}.", {"figure": fid, "relic": r})
    ask_next(st, have, fi)


def wielded(st: DescentState, fi: int) -> str | None:
    """The relic lieutenant ``fi`` wields (``None``: none, or he is not on the map)."""
    got: dict[str, str] = st.mods[NAME].get("relics") or {}
    f = st.figs[fi]
    r = got.get(f.id)
    return r if r is not None and f.status == "active" else None


# ------------------------------------------------------------------------------ in play
def on_attack_declared(st: DescentState) -> None:
    atk = st.attack
    if atk is None:
        return
    r = wielded(st, atk.attacker)
    if r in SURGES:
        have = {x[0] for x in atk.abilities}
        atk.abilities.extend(list(s) for s in SURGES[r] if s[0] not in have)


def on_activation(st: DescentState, fi: int) -> None:
    """Bones of Woe: the blue die at the start of his activation."""
    if wielded(st, fi) != "bones-of-woe":
        return
    n = st.roll(["blue"])[0]
    surge = st.face("blue", n).surges > 0
    st.emit("relic", f"Bones of Woe: {st.name(fi)} rolls {st.describe_faces(['blue'], [n])}"
            f"{': the overlord draws an Overlord card' if surge else ''}.", {"faces": [n]})
    deck = st.enc.by_name.get("overlord")
    if surge and deck is not None:
        from questbox.games.descent.modules.overlord import OverlordDeck

        if isinstance(deck, OverlordDeck):
            deck.draw(st, 1, "Bones of Woe")


def on_attack_resolved(st: DescentState) -> None:
    """Shield of Zorek's Favor: attacked and still standing, the lieutenant tests Might."""
    atk = st.attack
    if atk is None or wielded(st, atk.target) != "shield-of-zoreks-favor" or st.figs[atk.attacker].side != "hero":
        return
    st.tasks.append(st.mod_task(NAME, ("zorek", st.figs[atk.target].id, st.figs[atk.attacker].id)))


def zorek(st: DescentState, lt: int, hero: int) -> None:
    faces = st.roll(["gray", "black"])
    dice = st.enc.lib.dice
    shields = dice["gray"][faces[0] - 1].shields + dice["black"][faces[1] - 1].shields
    might = st.attribute(lt, "might") or 0
    ok = shields <= might
    st.emit("test", f"{st.name(lt)} tests Might ({ZOREK}): {shields} shields against {might}, "
            f"{'passes' if ok else 'fails'}.",
            {"figure": st.figs[lt].id, "attribute": "might", "faces": faces, "passed": ok})
    if ok and shields > 0 and st.figs[hero].status == "active":
        st.emit("relic", f"{ZOREK}: {st.name(hero)} suffers {shields} hearts.")
        st.suffer(hero, shields)


def kiss_offers(st: DescentState, fi: int) -> list[Action]:
    """Scorpion's Kiss in his activation (an action; once per round)."""
    turn = st.turn
    if (wielded(st, fi) != KISS or KISS in st.mods[NAME].get("relic_used", []) or turn is None
            or turn.actions <= 0 or turn.kind == "extra" or st.attack is not None):
        return []
    return [Action("kiss", (st.figs[h].id,)) for h in st.heroes()
            if st.figs[h].status == "active" and st.sees(fi, h)]


def kiss(st: DescentState, fi: int, action: Action) -> None:
    turn = st.turn
    assert turn is not None
    turn.actions -= 1
    st.mods[NAME].setdefault("relic_used", []).append(KISS)
    h = st.ids[str(action.args[0])]
    st.emit("action", f"{st.name(fi)} uses Scorpion's Kiss on {st.name(h)}.", {"figure": st.figs[fi].id})
    st.test(h, "awareness", st.mod_task(NAME, ("kiss", st.figs[h].id, False)),
            st.mod_task(NAME, ("kiss", st.figs[h].id, True)), "Scorpion's Kiss")
    st.window("action-performed", (fi, "kiss"))


def kiss_lands(st: DescentState, hero: int, failed: bool) -> None:
    if st.figs[hero].status != "active":
        return
    if failed:
        st.add_condition(hero, "immobilized")
    st.add_condition(hero, "poisoned")


def refresh(st: DescentState) -> None:
    """The start of the overlord's turn: his lieutenants' relics are ready again."""
    m = st.mods[NAME]
    if m.get("relic_used"):
        m["relic_used"] = []


def space(enc: Encounter) -> list[Action]:
    """The actions the relics may add to the fixed action space."""
    if not owned(enc):
        return []
    from questbox.games.descent.flow import PASS

    heroes = [h.id for h in enc.heroes]
    return [*(Action("wield", (r,)) for r in sorted(relics()) if relics()[r].side == "overlord"), PASS,
            *(Action("surge", (s[0],)) for r in SURGES.values() for s in r),
            *(Action("kiss", (h,)) for h in heroes)]


def bot_relic(st: DescentState, legal: list[Action]) -> Action:
    """The bots' pick: the first of the relics in :data:`PLAYED`'s order that the lieutenant may
    wield (the relics the engine plays before the others; ``pass`` if none)."""
    order = {r: i for i, r in enumerate(PLAYED)}
    wield = [a for a in legal if a.name == "wield" and str(a.args[0]) in order]
    return min(wield, key=lambda a: order[str(a.args[0])]) if wield else legal[-1]
