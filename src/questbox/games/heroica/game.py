"""The Heroica game: setup documents, restoring states, bots, drawing."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StrictInt, model_validator

from questbox.core import JSON, Action, Decision, Game, Rng, Seat, SetupError, State
from questbox.core.decisions import lookup
from questbox.core.setupfiles import path_refused
from questbox.core.validation import Count, OneOf, StrictModel, check_canonical, titles, validated
from questbox.games.heroica.board import board_for
from questbox.games.heroica.data import bundled_missions, inline_mission, resolve_mission, rules
from questbox.games.heroica.kinds import KINDS
from questbox.games.heroica.position import Position
from questbox.games.heroica.state import MONSTER_SEAT, TERMINATIONS, HeroicaState

VARIANTS = ("standard", "epic", "battle")
DEFAULT_MISSION = "crypt-gate"
DEFAULT_HEROES = ("wizard", "prince", "sage", "knight")


def _as_setup(setup: JSON | None) -> dict[str, Any]:
    """A setup document; a bare mission document (it has ``map`` or ``spaces``) is played as is."""
    doc = dict(setup or {})
    if "map" in doc or "spaces" in doc:
        players = doc.pop("players", None)
        return {"mission": doc} if players is None else {"mission": doc, "players": players}
    return doc


def _hero_ids() -> list[str]:
    return list(rules().heroes)


def _weapon_ids() -> list[str]:
    return list(rules().weapons)


def _mission_ids() -> list[str]:
    return list(bundled_missions())


def _mission_titles() -> dict[str, str]:
    return {m: str(doc.get("title", m)) for m, doc in bundled_missions().items()}


def _variant_titles() -> dict[str, str]:
    return {"standard": "Standard (one mission)", "epic": "Epic (missions in a row)",
            "battle": "Battle (a monster seat)"}


def _mission_hint(spec: str) -> str | None:
    if Path(spec).suffix in (".yaml", ".yml", ".json"):
        return str(path_refused("mission", "the mission document"))
    return None


HeroId = Annotated[str, OneOf(_hero_ids, "hero")]
WeaponId = Annotated[str, OneOf(_weapon_ids, "weapon")]
#: a bundled mission by name, or an inline mission document (checked by :func:`.data.validate_mission`)
MissionSpec = Annotated[str | dict[str, Any], OneOf(_mission_ids, "mission", _mission_hint, document=True)]


class PackDoc(StrictModel):
    """A hero with a starting pack (ours, for scenarios and handicaps)."""

    hero: HeroId
    gold: Count = 0
    life: Count = 0
    defense: Count = 0
    fang: Count = 0
    weapons: list[WeaponId] = Field(default_factory=list)
    health: Count | None = Field(None, description="starting health (default: the hero's full health)")

    @model_validator(mode="after")
    def _distinct(self) -> PackDoc:
        if len(set(self.weapons)) != len(self.weapons):
            raise ValueError("weapons: each weapon at most once")
        return self


class OptionsDoc(StrictModel):
    """Rulings that are cheap to change (see docs/games/heroica.md)."""

    round_limit: Count | None = Field(None, description="rounds per mission before it ends unwon "
                                      "(0: no limit; default: the mission's own)")
    one_is_exact: bool = Field(False, description="a rolled One moves exactly 1 space (default: up to 1)")
    epic_tie_bonus: Literal["all", "none"] = Field(
        "all", description="a tie for most defeated monsters: everybody tied takes 1 gold, or none")
    victory_points: bool = Field(False, description="Epic: score artifacts and strength-3 monsters")
    store_stock: Count | None = Field(None, description="how many of each weapon the store holds "
                                      "(default: data/weapons.yaml)")


def _entry(v: Any) -> Any:
    return {"hero": v} if isinstance(v, str) else v


#: a ``heroes`` entry: a hero id, or a hero with a starting pack
HeroEntry = Annotated[PackDoc, BeforeValidator(_entry, json_schema_input_type=HeroId | PackDoc)]


class SetupDoc(StrictModel):
    """A Heroica setup document (a bare mission document, with ``map`` or ``spaces``, is played as
    ``{mission: DOC}``)."""

    variant: Literal["standard", "epic", "battle"] = Field(
        "standard", description="standard, Epic (missions in a row) or Battle (a monster seat)",
        json_schema_extra=titles(_variant_titles))
    mission: MissionSpec | None = Field(None, description="the mission (standard and battle; default "
                                        f"{DEFAULT_MISSION})", json_schema_extra=titles(_mission_titles))
    missions: list[MissionSpec] | None = Field(None, description="the missions in order (epic)")
    players: StrictInt | None = Field(None, ge=2, le=5, description="seats, the monster seat included")
    heroes: list[HeroEntry] | None = Field(None, min_length=1, max_length=4,
                                                  description="one hero per hero seat, in turn order")
    options: OptionsDoc = Field(default_factory=lambda: OptionsDoc.model_validate({}))
    position: Position | None = Field(None, description="a mid-game situation to start from")


#: what :meth:`Heroica._parse` made of a setup, by the setup's canonical JSON (a setup is parsed
#: at every new game: a simulation plays thousands of games of one setup)
Parsed = tuple[str, tuple[str, ...], tuple[dict[str, Any], ...], dict[str, Any], list[dict[str, Any]]]
_PARSED: dict[str, Parsed] = {}
#: setups kept in :data:`_PARSED` before it is emptied
PARSED_KEPT = 256


def _seats(variant: str, heroes: tuple[str, ...]) -> tuple[Seat, ...]:
    names = tuple(f"p{i + 1}" for i in range(len(heroes)))
    return (*names, MONSTER_SEAT) if variant == "battle" else names


class Heroica(Game):
    id = "heroica"
    title = "HEROICA: Ilrion"
    seat_counts = (2, 3, 4, 5)
    summary = "race through the catacombs of Ilrion; Epic (missions in a row) and Battle (a monster seat)"
    #: nothing is hidden from any seat: every view is the whole state (only future rolls are unknown)
    perfect_information = True
    rules_version = 1
    decisions_module = "questbox.games.heroica.kinds"
    terminations = TERMINATIONS
    atlas_module = "questbox.games.heroica.atlas"
    setup_model = SetupDoc
    hidden_module = "questbox.games.heroica.hidden"

    # -- setup --------------------------------------------------------------------------------
    def _parse(self, setup: JSON | None) -> Parsed:
        """The setup validated: variant, heroes, missions, options and hero packs. The result of a
        setup already seen is reused (parsing is a pure function of the document); its options
        come back as a fresh dict (a state keeps them)."""
        try:
            key = json.dumps(setup, sort_keys=True)
        except (TypeError, ValueError):
            return self._parse_fresh(setup)
        got = _PARSED.get(key)
        if got is None:
            got = self._parse_fresh(setup)
            if len(_PARSED) >= PARSED_KEPT:
                _PARSED.clear()
            _PARSED[key] = got
        variant, heroes, missions, opts, packs = got
        return variant, heroes, missions, dict(opts), packs

    def _parse_fresh(self, setup: JSON | None) -> Parsed:
        raw = _as_setup(setup)
        doc = validated(SetupDoc, raw, "heroica setup")
        variant = doc.variant
        players = doc.players
        extra = 1 if variant == "battle" else 0
        if doc.heroes is None:
            n = (players if players is not None else 2 + extra) - extra
            if not 1 <= n <= len(DEFAULT_HEROES):
                raise SetupError(f"heroica setup: players: {variant} heroica seats "
                                 f"{1 + extra if extra else 2}–{4 + extra} "
                                 f"players, not {n + extra}")
            entries = [PackDoc.model_validate({"hero": h}) for h in DEFAULT_HEROES[:n]]
        else:
            entries = list(doc.heroes)
        heroes = [e.hero for e in entries]
        packs = [e.model_dump(exclude_unset=True, exclude_none=True, exclude={"hero"}) for e in entries]
        if len(set(heroes)) != len(heroes):
            raise SetupError("heroica setup: heroes: each hero may be chosen once")
        if players is not None and players != len(heroes) + extra:
            raise SetupError(f"heroica setup: players: {players}, but {len(heroes)} heroes"
                             f"{' and the monster seat' if extra else ''} make {len(heroes) + extra}")
        if variant != "battle" and len(heroes) < 2:
            raise SetupError(f"heroica setup: heroes: {variant} heroica needs 2–4 heroes")
        if len(heroes) > 4:
            raise SetupError("at most 4 heroes")
        if variant == "epic":
            specs = doc.missions
            if specs is None or len(specs) < 2:
                raise SetupError("heroica setup: missions: epic heroica plays two or more missions: "
                                 "give missions: [...]")
            if doc.mission is not None:
                raise SetupError("heroica setup: mission: epic heroica takes missions: (a list), not mission:")
        else:
            if doc.missions is not None:
                raise SetupError(f"heroica setup: missions: {variant} heroica plays one mission: "
                                 "give mission:, not missions:")
            specs = [doc.mission if doc.mission is not None else DEFAULT_MISSION]
        missions = tuple(resolve_mission(s) for s in specs)
        for m in missions:
            lo, hi = m["heroes"]
            if not lo <= len(heroes) <= hi:
                raise SetupError(f"heroica setup: heroes: mission {m['id']} is for {lo}–{hi} heroes, not {len(heroes)}")
        opts: dict[str, Any] = doc.options.model_dump()
        if opts["victory_points"] and variant != "epic":
            raise SetupError("heroica setup: options.victory_points belongs to the epic variant")
        if opts["store_stock"] is None:
            opts["store_stock"] = rules().store.stock
        if opts["victory_points"]:
            for m in missions:
                mons = m["monsters"].values()
                if "fang" not in m["items"].values() and not any(
                        rules().monsters[k].strength >= 3 and not rules().monsters[k].bar for k in mons):
                    raise SetupError(f"heroica setup: options.victory_points: mission {m['id']} has no "
                                     "artifact and no strength-3 "
                                     "monster")
        for p, h in zip(packs, heroes, strict=True):
            if (p.get("health") or 0) > rules().heroes[h].health:
                raise SetupError(f"heroica setup: heroes: hero pack health of the {h} is at most "
                                 f"{rules().heroes[h].health}")
        stock = opts["store_stock"]
        for w in rules().weapons:
            if sum(w in p.get("weapons", []) for p in packs) > stock:
                raise SetupError(f"heroica setup: heroes: the store holds {stock} {w}: the hero packs ask for more")
        return variant, tuple(heroes), missions, opts, packs

    def seat_names(self, setup: JSON | None = None) -> tuple[Seat, ...]:
        variant, heroes, _, _, _ = self._parse(setup)
        return _seats(variant, heroes)

    def setup_for_seats(self, n: int, setup: JSON | None = None) -> JSON:
        doc = _as_setup(setup)
        if "variant" not in doc and n == 5:
            doc["variant"] = "battle"
        doc.setdefault("players", n)
        if "heroes" in doc and doc["players"] != len(doc["heroes"]) + (doc.get("variant") == "battle"):
            del doc["heroes"]
        return doc

    def inline_files(self, setup: JSON | None, base_dir: Path | None = None) -> JSON | None:
        """``mission: FILE`` and the files in ``missions: [...]`` read into mission documents."""
        if not isinstance(setup, dict):
            return setup
        doc = dict(setup)
        if "mission" in doc:
            doc["mission"] = inline_mission(doc["mission"], base_dir)
        if isinstance(doc.get("missions"), list):
            doc["missions"] = [inline_mission(m, base_dir) for m in doc["missions"]]
        return doc

    def new(self, setup: JSON | None = None, *, seed: int = 0) -> HeroicaState:
        variant, heroes, missions, opts, packs = self._parse(setup)
        seats = _seats(variant, heroes)
        state = HeroicaState(seats, Rng(seed), variant, heroes, missions, opts)
        state._setup_mission()
        for h, p in enumerate(packs):
            state.gold[h] = p.get("gold", 0)
            state.life[h] = p.get("life", 0)
            state.defense[h] = p.get("defense", 0)
            state.fang[h] = p.get("fang", 0)
            state.weapons[h] = tuple(sorted(p.get("weapons", [])))
            for w in state.weapons[h]:
                state.store[w] -= 1
            if "health" in p:
                state.health[h] = p["health"]
                state.healing[h] = p["health"] == 0
        position = _as_setup(setup).get("position")
        if position is not None:
            from questbox.games.heroica.position import apply_position

            apply_position(state, position)
        return state

    def from_json(self, doc: JSON) -> HeroicaState:
        from questbox.core.statecheck import checked_state

        return checked_state(self.id, lambda: self._from_json(doc))

    def _from_json(self, doc: JSON) -> HeroicaState:
        """A state from its saved document, validated: the schema (:mod:`.statedoc`), the setup it
        implies (missions, heroes, options), the ids and payloads, then the document must be exactly
        what the state writes back."""
        from questbox.games.heroica.statedoc import check_state, parse_state, setup_of

        d = parse_state(doc)
        setup = setup_of(d)
        variant, hero_ids, missions, opts, _ = self._parse(setup)
        seats = _seats(variant, hero_ids)
        state = HeroicaState(seats, Rng.from_json(d.rng.model_dump(exclude_none=True)), variant, hero_ids,
                             missions, opts)
        state.mi = d.mission if d.mission < len(missions) else 0
        board = state.board = board_for(state.missions[state.mi])
        check_state(d, seats, board)
        ix = board.index

        def at(sid: str | None) -> int:
            return ix[sid] if sid is not None else -1

        heroes = d.heroes
        state.pos = [at(h.at) for h in heroes]
        state.came = [at(h.came) for h in heroes]
        state.health = [h.health for h in heroes]
        state.healing = [h.healing for h in heroes]
        state.gold = [h.gold for h in heroes]
        state.life = [h.life for h in heroes]
        state.defense = [h.defense for h in heroes]
        state.fang = [h.fang for h in heroes]
        state.weapons = [tuple(h.weapons) for h in heroes]
        state.pack = [tuple(h.monsters) for h in heroes]
        state.defeats = [h.defeats for h in heroes]
        state.won = [h.won for h in heroes]
        state.vp = [h.vp - h.fang for h in heroes]
        b = d.board
        state.monsters = {ix[s]: k for s, k in b.monsters.items()}
        state.bars = {ix[s]: v for s, v in b.bars.items()}
        state.items = {ix[s]: k for s, k in b.items.items()}
        state.coffins = {ix[s] for s in b.coffins}
        state.bats_box = b.bats_in_box
        state.store = dict(d.store)
        t = d.turn
        state.cur = seats.index(t.seat)
        state.round = t.round
        state.roll = t.roll or ""
        state.steps = t.steps
        state.path = [ix[s] for s in t.path]
        state.defended = t.defended
        state.mover = at(t.mover)
        p = t.passing
        state.passing = None if p is None else (p.monster, -1 if p.bar is None else p.bar)
        state.history = list(d.history)
        # each kind rebuilds its payload (a NamedTuple, written as a list)
        state.pending = [Decision(seat, kind, lookup(KINDS, kind).load(data)) for seat, kind, data in d.pending]
        state.result = (tuple(d.result[0]), d.result[1]) if d.result else None
        check_canonical("not a heroica state", doc, state.to_json())
        return state

    def action_space(self, setup: JSON | None = None) -> list[Action] | None:
        """Every action a game with this setup can offer, in a fixed order (see :mod:`.space`)."""
        from questbox.games.heroica.space import space_of

        return space_of(*self._parse(setup))

    # -- search -------------------------------------------------------------------------------
    def evaluate(self, state: State) -> dict[Seat, float] | None:
        """A rough chance to win for search cut short: heroes nearer the target (counted along the
        board) with more health are likelier to win; in Battle the monster seat's chance grows with
        each defeated hero; in Epic missions already won count."""
        if not isinstance(state, HeroicaState):
            return None
        out = state.outcome()
        if out is not None:
            return out.returns(state.seats)
        dist = state.board.dist
        target = state.board.mission.target
        weights = []
        for h in range(state.nh):
            eff = dist[state.pos[h]][target] + (state.max_health(h) - state.health[h]) + (3 if state.healing[h] else 0)
            weights.append(math.exp(-eff / 4.0))
        total = sum(weights) or 1.0
        chance = {state.seats[h]: w / total for h, w in enumerate(weights)}
        if state.variant == "battle":
            monster = min(0.9, 0.15 + 0.4 * sum(state.defeats))
            chance = {s: p * (1 - monster) for s, p in chance.items()}
            chance[MONSTER_SEAT] = monster
        elif state.variant == "epic":
            played = len(state.history) + 1
            chance = {s: (state.won[h] + chance[s]) / played for h, s in enumerate(state.seats)}
        return chance

    # -- faces --------------------------------------------------------------------------------
    def agents(self) -> Mapping[str, Any]:
        from questbox.games.heroica.bots import HeroBot, Heuristic, MonsterBot

        return {"heuristic": Heuristic, "hero": HeroBot, "monster": MonsterBot}

    def render(self, view: JSON, seat: Seat | None) -> Any:
        from questbox.games.heroica.render import render

        return render(view, seat)

    def describe_action(self, view: JSON, action: Action) -> str:
        from questbox.games.heroica.render import describe

        return describe(view, action)

    @staticmethod
    def missions() -> list[str]:
        return list(bundled_missions())
