"""The Heroica game: setup documents, restoring states, bots, drawing."""

from __future__ import annotations

import math
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from questbox.core import JSON, Action, Decision, Game, Rng, Seat, SetupError, State
from questbox.core.validation import check_canonical
from questbox.games.heroica.board import board_for
from questbox.games.heroica.data import bundled_missions, inline_mission, resolve_mission, rules
from questbox.games.heroica.state import MONSTER_SEAT, TERMINATIONS, HeroicaState

VARIANTS = ("standard", "epic", "battle")
DEFAULT_MISSION = "crypt-gate"
DEFAULT_HEROES = ("wizard", "prince", "sage", "knight")
OPTIONS: dict[str, Any] = {
    "round_limit": None,        # rounds per mission before it ends unwon (None: the mission's own)
    "one_is_exact": False,      # a rolled One moves exactly 1 space (default: up to 1)
    "epic_tie_bonus": "all",    # a tie for most defeated monsters: everybody tied takes 1 gold, or none
    "victory_points": False,    # Epic: score artifacts and strength-3 monsters (combined sets)
    "store_stock": None,        # how many of each weapon the store holds (None: data/weapons.yaml)
}
SETUP_KEYS = {"mission", "missions", "heroes", "players", "variant", "options", "position"}
PACK_KEYS = {"hero", "gold", "life", "defense", "fang", "weapons", "health"}


def _as_setup(setup: JSON | None) -> dict[str, Any]:
    """A setup document; a bare mission document (it has ``map`` or ``spaces``) is played as is."""
    doc = dict(setup or {})
    if "map" in doc or "spaces" in doc:
        players = doc.pop("players", None)
        return {"mission": doc} if players is None else {"mission": doc, "players": players}
    return doc


def _pack(entry: Any) -> tuple[str, dict[str, Any]]:
    """A ``heroes`` entry: a hero id, or ``{hero: ID, gold: N, life: N, defense: N, fang: N,
    weapons: [...], health: N}`` (a starting pack; ours, for scenarios and handicaps)."""
    if isinstance(entry, str):
        return entry, {}
    if not isinstance(entry, dict) or "hero" not in entry:
        raise SetupError("each heroes entry is a hero id or a mapping with hero: and a starting pack")
    unknown = set(entry) - PACK_KEYS
    if unknown:
        raise SetupError(f"unknown hero pack key(s) {', '.join(sorted(unknown))} "
                         f"(known: {', '.join(sorted(PACK_KEYS))})")
    pack = {k: v for k, v in entry.items() if k != "hero"}
    for k in ("gold", "life", "defense", "fang", "health"):
        v = pack.get(k, 0)
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise SetupError(f"hero pack {k} must be a whole number >= 0")
    weapons = pack.get("weapons", [])
    if not isinstance(weapons, list) or any(w not in rules().weapons for w in weapons) or \
            len(set(weapons)) != len(weapons):
        raise SetupError(f"hero pack weapons must be distinct weapon ids ({', '.join(rules().weapons)})")
    return str(entry["hero"]), pack


def _options(doc: Any, variant: str) -> dict[str, Any]:
    if doc is None:
        doc = {}
    if not isinstance(doc, dict):
        raise SetupError("options must be a mapping")
    unknown = set(doc) - set(OPTIONS)
    if unknown:
        raise SetupError(f"unknown option(s) {', '.join(sorted(unknown))} (known: {', '.join(OPTIONS)})")
    opts = {**OPTIONS, **doc}
    rl = opts["round_limit"]
    if rl is not None and (not isinstance(rl, int) or isinstance(rl, bool) or rl < 0):
        raise SetupError("options.round_limit must be a whole number >= 0 (0: no limit)")
    for key in ("one_is_exact", "victory_points"):
        if not isinstance(opts[key], bool):
            raise SetupError(f"options.{key} must be true or false")
    if opts["epic_tie_bonus"] not in ("all", "none"):
        raise SetupError("options.epic_tie_bonus must be 'all' or 'none'")
    if opts["victory_points"] and variant != "epic":
        raise SetupError("options.victory_points belongs to the epic variant")
    stock = opts["store_stock"]
    if stock is None:
        opts["store_stock"] = rules().store.stock
    elif not isinstance(stock, int) or isinstance(stock, bool) or stock < 0:
        raise SetupError("options.store_stock must be a whole number >= 0")
    return opts


class Heroica(Game):
    id = "heroica"
    title = "HEROICA: Ilrion"
    seat_counts = (2, 3, 4, 5)
    summary = "race through the catacombs of Ilrion; Epic (missions in a row) and Battle (a monster seat)"
    #: nothing is hidden from any seat: every view is the whole state (only future rolls are unknown)
    perfect_information = True
    rules_version = 1
    terminations = TERMINATIONS
    atlas_module = "questbox.games.heroica.atlas"
    hidden_module = "questbox.games.heroica.hidden"

    # -- setup --------------------------------------------------------------------------------
    def _parse(self, setup: JSON | None) -> tuple[str, tuple[str, ...], tuple[dict[str, Any], ...],
                                                   dict[str, Any], list[dict[str, Any]]]:
        doc = _as_setup(setup)
        unknown = set(doc) - SETUP_KEYS
        if unknown:
            raise SetupError(f"unknown setup key(s) {', '.join(sorted(unknown))} "
                             f"(known: {', '.join(sorted(SETUP_KEYS))})")
        variant = doc.get("variant", "standard")
        if variant not in VARIANTS:
            raise SetupError(f"variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
        heroes = doc.get("heroes")
        players = doc.get("players")
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise SetupError("players must be a whole number of seats")
        extra = 1 if variant == "battle" else 0
        if heroes is None:
            n = (players if players is not None else 2 + extra) - extra
            if not 1 <= n <= len(DEFAULT_HEROES):
                raise SetupError(f"{variant} heroica seats {1 + extra if extra else 2}–{4 + extra} "
                                 f"players, not {n + extra}")
            heroes = list(DEFAULT_HEROES[:n])
        if not isinstance(heroes, list) or not heroes:
            raise SetupError("heroes is a list of hero ids, one per hero seat in turn order")
        parsed = [_pack(e) for e in heroes]
        heroes = [h for h, _ in parsed]
        packs = [p for _, p in parsed]
        for h in heroes:
            if h not in rules().heroes:
                raise SetupError(f"unknown hero {h!r} (known: {', '.join(rules().heroes)})")
        if len(set(heroes)) != len(heroes):
            raise SetupError("each hero may be chosen once")
        if players is not None and players != len(heroes) + extra:
            raise SetupError(f"players is {players} but {len(heroes)} heroes"
                             f"{' and the monster seat' if extra else ''} make {len(heroes) + extra}")
        if variant != "battle" and len(heroes) < 2:
            raise SetupError(f"{variant} heroica needs 2–4 heroes")
        if len(heroes) > 4:
            raise SetupError("at most 4 heroes")
        if variant == "epic":
            specs = doc.get("missions")
            if not isinstance(specs, list) or len(specs) < 2:
                raise SetupError("epic heroica plays two or more missions: give missions: [...]")
            if "mission" in doc:
                raise SetupError("epic heroica takes missions: (a list), not mission:")
        else:
            if "missions" in doc:
                raise SetupError(f"{variant} heroica plays one mission: give mission:, not missions:")
            specs = [doc.get("mission", DEFAULT_MISSION)]
        missions = tuple(resolve_mission(s) for s in specs)
        for m in missions:
            lo, hi = m["heroes"]
            if not lo <= len(heroes) <= hi:
                raise SetupError(f"mission {m['id']} is for {lo}–{hi} heroes, not {len(heroes)}")
        opts = _options(doc.get("options"), variant)
        if opts["victory_points"]:
            for m in missions:
                mons = m["monsters"].values()
                if "fang" not in m["items"].values() and not any(
                        rules().monsters[k].strength >= 3 and not rules().monsters[k].bar for k in mons):
                    raise SetupError(f"victory points: mission {m['id']} has no artifact and no strength-3 "
                                     "monster")
        for p, h in zip(packs, heroes, strict=True):
            if p.get("health", 1) > rules().heroes[h].health:
                raise SetupError(f"hero pack health of the {h} is at most {rules().heroes[h].health}")
        stock = opts["store_stock"]
        for w in rules().weapons:
            if sum(w in p.get("weapons", []) for p in packs) > stock:
                raise SetupError(f"the store holds {stock} {w}: the hero packs ask for more")
        return variant, tuple(heroes), missions, opts, packs

    def seat_names(self, setup: JSON | None = None) -> tuple[Seat, ...]:
        variant, heroes, _, _, _ = self._parse(setup)
        names = tuple(f"p{i + 1}" for i in range(len(heroes)))
        return (*names, MONSTER_SEAT) if variant == "battle" else names

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
        seats = self.seat_names(setup)
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
        seats = self.seat_names(setup)
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
        state.pending = [Decision(seat, kind, tuple(data)) for seat, kind, data in d.pending]
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
            eff = dist[state.pos[h]][target] + (state._max(h) - state.health[h]) + (3 if state.healing[h] else 0)
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
