"""The :class:`HeroIK` game: setup, JSON, notation, rendering, bots."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from questbox.core import JSON, Action, Event, Game, Rng, Seat, State
from questbox.core.validation import check_canonical
from questbox.games.hero_ik.kinds import decision
from questbox.games.hero_ik.model import shuffle_ints
from questbox.games.hero_ik.setup import ADV, DM, Ctx, SetupDoc, build_ctx, inline_files, normalize, setup_ctx
from questbox.games.hero_ik.state import FACE_DOWN, TERMINATIONS, Combat, HikState, new_turn_steps

if TYPE_CHECKING:
    from pathlib import Path

    from questbox.core.agent import AgentFactory

_EQ_STATE = {"face-down": 0, "revealed": 1, "discarded": 2}


class HeroIK(Game):
    id = "hero-ik"
    title = "Hero: Immortal King – The Lair of the Lich"
    seat_counts = (1, 2)
    summary = "a party of adventurers against the dungeon master (or solitaire against the Destiny scale)"
    #: the piles, face-down encounters and equipment and the rock/paper/scissors picks are hidden
    perfect_information = False
    rules_version = 1
    terminations = TERMINATIONS
    atlas_module = "questbox.games.hero_ik.atlas"
    setup_model = SetupDoc
    hidden_module = "questbox.games.hero_ik.hidden"
    decisions_module = "questbox.games.hero_ik.kinds"

    def seat_names(self, setup: JSON | None = None) -> tuple[Seat, ...]:
        return setup_ctx(setup).seats

    def setup_for_seats(self, n: int, setup: JSON | None = None) -> JSON:
        """One seat: solitaire (default scenario: easy); two seats: the duel."""
        doc = dict(setup or {})
        if n == 1:
            doc.setdefault("mode", "solitaire")
            if doc["mode"] == "solitaire":
                doc.setdefault("scenario", "easy")
        else:
            doc.setdefault("mode", "duel")
        return doc

    def inline_files(self, setup: JSON | None, base_dir: Path | None = None) -> JSON | None:
        return inline_files(setup, base_dir)

    def new(self, setup: JSON | None = None, *, seed: int = 0) -> HikState:
        ctx = setup_ctx(setup)      # validated once per setup (cached)
        state = HikState(ctx, Rng(seed))
        deal(state, ctx)
        ev: list[Event] = []
        state.steps = new_turn_steps()
        state._run(ev)
        return state

    def from_json(self, doc: JSON) -> HikState:
        from questbox.core.statecheck import checked_state

        return checked_state(self.id, lambda: self._from_json(doc))

    def _from_json(self, doc: JSON) -> HikState:
        """A state from its saved document, validated: the schema (:mod:`.statedoc`), the setup,
        the card instances and decision payloads against the rules context, then the document must
        be exactly what the state writes back."""
        from questbox.games.hero_ik.statedoc import check_state, parse_state

        d = parse_state(doc)
        ctx = build_ctx(normalize(d.setup))
        check_state(d, ctx)
        s = HikState(ctx, Rng.from_json(d.rng.model_dump(exclude_none=True)))
        s.turn = d.turn
        s.piles = [list(p) for p in d.piles]
        s.slot, s.down, s.ten = list(d.slot), list(d.down), list(d.ten)
        s.peek, s.marks = list(d.peek), list(d.marks)
        s.final_ten, s.final_mark = d.final_ten, d.final_mark
        s.trophies, s.spent = list(d.trophies), list(d.spent)
        s.courage, s.fear, s.mana = d.courage, d.fear, list(d.mana)
        s.eq_kind = [e.id for e in d.equipment]
        s.eq_state = [_EQ_STATE[e.state] for e in d.equipment]
        s.combat = Combat.from_json(d.combat.model_dump(exclude_none=True)) if d.combat else None
        s.rps, s.perm, s.perm_ten = list(d.rps), list(d.perm), list(d.perm_ten)
        s.steps = [tuple(x) for x in d.steps]
        s.pending = [decision(seat, kind, data) for seat, kind, data in d.pending]
        s.lich_dead, s.result, s.reason = d.lich_dead, d.result, d.reason
        check_canonical("not a hero-ik state", doc, s.to_json())
        return s

    def action_space(self, setup: JSON | None = None) -> list[Action] | None:
        """Every action a game with this setup can offer, in a fixed order (see :mod:`.space`)."""
        from questbox.games.hero_ik.space import action_space

        return action_space(setup)

    def agents(self) -> Mapping[str, AgentFactory]:
        from questbox.games.hero_ik.bots import heuristic

        return {"heuristic": heuristic}

    def render(self, view: JSON, seat: Seat | None) -> Any:
        from questbox.games.hero_ik.render import render

        return render(view, seat)

    def describe_action(self, view: JSON, action: Action) -> str:
        from questbox.games.hero_ik.render import describe

        return describe(view, action)

    def stats(self, state: State) -> Mapping[str, float | int | str]:
        assert isinstance(state, HikState)
        return {"turns": state.turn, "courage": state.courage, "fear": state.fear, "won_cards":
                len(state.trophies) + len(state.spent), "cards_left": sum(len(p) for p in state.piles)}

    def evaluate(self, state: State) -> Mapping[Seat, float] | None:
        """The adventurers' chance: ``bots.evaluate`` (a fitted logistic of Courage, progress,
        resources held and Fear)."""
        assert isinstance(state, HikState)
        if state.is_over():
            out = state.outcome()
            assert out is not None
            return out.returns(state.seats)
        from questbox.games.hero_ik.bots import evaluate

        p = evaluate(state)
        return {ADV: p, DM: 1.0 - p} if not state.ctx.solo else {ADV: p}


def deal(state: HikState, ctx: Ctx) -> None:
    """Setup steps 2–4: shuffle, three piles of 16, the top cards face up; the starting tokens."""
    order = list(range(ctx.n_dungeon))
    if ctx.setup["shuffle"]:
        shuffle_ints(state.rng, order)
    per = ctx.n_dungeon // 3
    start = ctx.start
    stacked: dict[int, list[int]] = {}
    for key, ids in sorted(start.get("piles", {}).items(), key=lambda kv: int(kv[0])):
        chosen = []
        for cid in ids:
            inst = next(i for i in order if ctx.deck[i] == cid)
            order.remove(inst)
            chosen.append(inst)
        stacked[int(key) - 1] = chosen
    pos = 0
    for c in range(3):
        top = stacked.get(c, [])
        rest = order[pos:pos + per - len(top)]
        pos += per - len(top)
        chunk = top + rest
        state.piles[c] = chunk[::-1]  # the first card of the chunk is the top (the end of the list)
    for c in range(3):
        state.slot[c] = state.piles[c].pop()
    state.courage = start.get("courage") or 5
    if ctx.solo:
        state.fear = ctx.opts.solo_start_fear
    else:
        state.fear = ctx.n_adv * ctx.final.fear_per_adventurer
    if start.get("fear") is not None:
        state.fear = start["fear"]
    if start.get("mana") is not None:
        state.mana = list(start["mana"])
    state.trophies = list(range(ctx.n_dungeon, len(ctx.deck)))
    for key, n in sorted(start.get("won", {}).items(), key=lambda kv: int(kv[0])):
        c = int(key) - 1
        for _ in range(n):
            state.trophies.append(state.slot[c])
            state.slot[c] = state.piles[c].pop() if state.piles[c] else -1
    state.eq_state = [FACE_DOWN] * len(ctx.eq_start)
    if ctx.solo:
        ev: list[Event] = []
        for c in range(3):
            state._solo_enter(c, ev)


HikState.game = HeroIK()
GAME = HikState.game
