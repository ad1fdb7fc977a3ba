"""Counter Attack after an area attack (skill_interrupts.py; issue #18): the card answers "an
attack that affects you" (printed: any2cards/d2e class-skills.js, Berserker), so a Berserker hit
as a further figure of a Blast may strike back at the adjacent monster, once the whole attack is
resolved (rulings: Hero interrupts in docs/games/descent.md).

Face numbers (data/dice.yaml): blue 2 R2 ♥2 ⚡; yellow 2 ♥1 ⚡; blue 5 R5 ♥1; red 1 ♥1; gray 0 1 1 1 2 3;
brown 0 0 0 1 1 2."""

from __future__ import annotations

from typing import Any

from questbox.games.descent.encounter import BLAST_SURGE
from questbox.games.descent.rules import Ctx, RuleModule, register_module
from questbox.games.descent.state import DescentState
from tests.descent.helpers import act, fig, names
from tests.descent.test_skills import duel


class Blasting(RuleModule):
    """A test module: every monster attack gains the Blast surge ability."""

    name = "test-blasting"
    listens = frozenset({"attack-declared"})

    def on(self, st: DescentState, window: str, ctx: Ctx) -> None:
        atk = st.attack
        assert atk is not None
        if st.figs[atk.attacker].side == "monster":
            atk.abilities.append(list(BLAST_SURGE))


register_module(Blasting.name, Blasting)


def blasted() -> tuple[DescentState, list[Any]]:
    """Grisban (A1, Counter Attack) and Leoric (A2); zombie-1 (B1) attacks Leoric and spends a
    surge on Blast: Grisban, next to Leoric, is hit too. Returns the events of the attack's end."""
    st = duel(("grisban:berserker", "leoric"), skills={"grisban": ["counter-attack"]}, modules=[Blasting.name])
    act(st, "end", "end", "activate zombie-1")
    st.rng.script = [2, 2, 1, 1, 1]           # blue ♥2 ⚡, yellow ♥1 ⚡; gray 0; Grisban's gray 0
    act(st, "attack leoric", "surge blast")
    return st, act(st, "done")


def test_a_berserker_hit_by_the_blast_may_counter_attack_once_the_attack_is_resolved() -> None:
    st, _ = blasted()
    g = fig(st, "grisban")
    assert st.figs[g].damage == 3 and st.figs[fig(st, "leoric")].damage == 3        # both hit
    d = st.pending[-1]
    assert (d.seat, d.kind) == ("heroes", "react") and st.attack is not None and "follow-up" not in st.attack.flags
    assert names(st.legal_actions("heroes")) == ["use counter-attack", "pass"]
    st.rng.script = [5, 1, 1]                  # Grisban: blue ♥1 + red ♥1; the zombie's brown 0
    ev = act(st, "use counter-attack")
    assert [(e.data["attacker"], e.data["target"]) for e in ev if e.kind == "attack"] == [("grisban", "zombie-1")]
    assert "counter-attack" in st.figs[g].exhausted and st.figs[fig(st, "zombie-1")].damage == 2


def test_the_blasts_part_alone_asks_nothing() -> None:
    st, events = blasted()
    # one react for the whole attack (not one after the further figure's part as well)
    resolved = [e for e in events if e.kind == "window" and e.data.get("window") == "attack-resolved"]
    assert len(resolved) == 2 and st.pending[-1].kind == "react"
    act(st, "pass")
    assert st.pending[-1].kind != "react"
