"""The Descent game object: setup, seats, bots, drawing and menu descriptions."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

# the composition root: these register the built-in rule modules (quest, heroes, classes, search
# cards, heroic feats) and the lieutenant pack's campaign module
import questbox.games.descent.modules
import questbox.games.descent.plot  # noqa: F401
from questbox.core import JSON, Action, Game, Rng, Seat, SetupError, State
from questbox.core.agent import AgentFactory
from questbox.core.errors import StateError
from questbox.games.descent.combat import surge_words
from questbox.games.descent.encounter import DEFAULT_HEROES, encounter, normalize_setup, seat_names
from questbox.games.descent.plot import cards_of
from questbox.games.descent.setup_model import DescentSetup, check_setup
from questbox.games.descent.state import TERMINATIONS, DescentState
from questbox.games.descent.tray import TrayState, new_tray


def normalize(doc: JSON) -> JSON:
    """An encounter setup with every default filled in (see :func:`.encounter.normalize_setup`);
    a campaign file setup (``{campaign, log}``) becomes the setup of the log's next quest."""
    if "log" in doc:
        from questbox.games.descent.campaign_log import setup_from_file

        doc = setup_from_file(doc)
    return normalize_setup(doc)


DESCRIBE = {
    "move": "Move action: gain movement points equal to Speed",
    "fatigue": "suffer 1 fatigue to gain 1 movement point",
    "rest": "Rest: recover all fatigue at the end of the turn",
    "end": "end this turn / activation",
    "stand": "stand up: roll 2 red dice to recover hearts (and fatigue on surges); uses the whole turn",
    "done": "stop spending surges / rerolling",
    "pass": "do nothing now",
    "bonus-recover": "two-hero rule: recover 2 hearts (once a turn, free)",
    "howl": "Howl: each hero within 3 spaces tests Willpower or suffers 1 fatigue",
}


def setup_for_seats(n: int, setup: JSON | None, *, fixed: str) -> JSON:
    """Seats for ``n`` players: two play the party seat against the overlord, more play one hero
    each (the first ``n - 1`` default heroes unless the setup names them). A setup with the key
    ``fixed`` (a dice tray, a campaign log) decides its seats itself and is returned as is."""
    doc = dict(setup or {})
    doc.pop("players", None)
    if fixed in doc:
        return doc
    if n == 2:
        doc.setdefault("seats", "party")
        return doc
    doc["seats"] = "per-hero"
    if "heroes" not in doc:
        doc["heroes"] = list(DEFAULT_HEROES[: n - 1])
    return doc


_PLOT_NAMES = {cid: card.name for cid, card in cards_of("first-legion").items()}
_FORTUNE = {"recover": "spend 1 fortune: recover 1 fatigue",
            "action": "spend 2 fortune: one more action this turn (once a round)"}
_FORTUNE_REROLL = {"reroll": "attack", "defend": "defense", "retest": "attribute test"}
#: ``state_encode.encode_state`` once imported (see :meth:`DescentGame.encode_state`)
_STATE_ENCODE: list[Callable[[DescentState, Seat | None], Any]] = []


def _describe_campaign_action(name: str, args: tuple[Any, ...], who: Callable[[Any], str]) -> str | None:
    """Menu text of the lieutenant pack's actions (plot cards, threat, fortune) and heroic feats."""
    if name == "plot" and args:
        card = _PLOT_NAMES.get(str(args[0]), str(args[0]))
        rest = " ".join(who(a) for a in args[1:])
        return f"trigger the Plot card {card}" + (f" on {rest}" if rest else "")
    if name == "threat" and args:
        return f"gain 1 threat for knocking out {who(args[0])}"
    if name == "give" and args:
        return f"the spent threat token becomes fortune on {who(args[0])}"
    if name == "fortune" and args:
        if str(args[0]) in _FORTUNE:
            return _FORTUNE[str(args[0])]
        if str(args[0]) in _FORTUNE_REROLL and len(args) > 1:
            return f"spend 1 fortune: reroll {_FORTUNE_REROLL[str(args[0])]} die #{args[1]}"
    if name == "masses" and args:
        return {"end-turn": "Threatening Masses: end your turn now",
                "test": "Threatening Masses: test Might (fail: 1 threat per adjacent monster)"}.get(str(args[0]))
    if name == "comrade" and args:
        return {"fatigue": "Comrade: suffer 1 fatigue", "no-surges": "Comrade: spend no surges"}.get(str(args[0]))
    if name == "fealty" and args:
        return f"Fealty: {who(args[0])} suffers 5 hearts to add 2 shields"
    if name == "flank" and args:
        return f"Flanking: use the surge abilities of {who(args[0])}"
    if name == "rally":
        return "Rally: each monster within 3 spaces discards a condition"
    if name == "feat":
        return "heroic feat" + (" on " + ", ".join(who(a) for a in args) if args else "")
    return None


class DescentGame(Game):
    id = "descent"
    title = "Descent: Journeys in the Dark (2nd ed.): encounters"
    seat_counts = (2, 3, 4, 5)
    summary = "Heroes against the overlord in a tactical dungeon encounter (The Sunken Ossuary)"
    #: everything on the table is public; the Search deck's order and the dice to come are hidden
    #: from every seat alike (chance), so no seat ever knows more than another
    perfect_information = True
    #: 2: the attack in the printed order, every base monster ability; 3: large monsters as printed;
    #: 4: Blast on a large monster around the square the attacker names (#17)
    #: 5: with ``modules: [overlord]`` the overlord is asked his cards at more moments (#18: 21 cards)
    #: 6: a Wildlander's Nimble (and the bought cards of skill_interrupts) ask the heroes in the
    #: overlord's turn (#18)
    rules_version = 6
    terminations = TERMINATIONS
    atlas_module = "questbox.games.descent.atlas"
    setup_model = DescentSetup
    hidden_module = "questbox.games.descent.hidden"
    decisions_module = "questbox.games.descent.kinds"

    def seat_names(self, setup: JSON | None = None) -> tuple[Seat, ...]:
        doc = dict(setup or {})
        check_setup(doc)
        if "dice_tray" in doc:
            return ("heroes", "overlord")
        return seat_names(normalize(doc))

    def setup_for_seats(self, n: int, setup: JSON | None = None) -> JSON:
        return setup_for_seats(n, setup, fixed="dice_tray")

    def inline_files(self, setup: JSON | None, base_dir: Path | None = None) -> JSON | None:
        """A campaign file setup's ``log: PATH`` read into the log document."""
        from questbox.games.descent.campaign_log import inline_log

        return inline_log(setup, base_dir)

    def new(self, setup: JSON | None = None, *, seed: int = 0) -> State:
        doc = dict(setup or {})
        check_setup(doc)
        if "dice_tray" in doc:
            if set(doc) - {"dice_tray"}:
                raise SetupError("a dice tray setup has only the dice_tray key")
            return new_tray(("heroes", "overlord"), doc["dice_tray"], seed)
        enc = encounter(normalize(doc))
        st = DescentState(enc, Rng(seed))
        st._setup()
        return st

    def action_space(self, setup: JSON | None = None) -> list[Action] | None:
        """Every action a game with this setup can offer, in a fixed order (see :mod:`.space`)."""
        from questbox.games.descent.space import action_space

        doc = dict(setup or {})
        return action_space(doc if "dice_tray" in doc else normalize(doc))

    def encode(self, view: JSON, seat: Seat | None) -> list[float] | None:
        """A fixed-length encoding of an encounter's view (see :func:`.space.encode`)."""
        from questbox.games.descent.space import encode

        return encode(view, seat)

    def encode_state(self, state: State, seat: Seat | None) -> Any:
        """:meth:`encode` of ``state.view(seat)`` read from an encounter's state without building
        the view (see :mod:`.state_encode`): a float32 numpy array, ``None`` for any other state.
        The module is imported by name: numpy is the ``rl`` extra, not a build requirement, and
        mypyc type-checks every module this one imports (a fresh clone's build has no numpy)."""
        if not isinstance(state, DescentState):
            return None
        if not _STATE_ENCODE:   # (imported once: looking the module up cost a twentieth of a step)
            _STATE_ENCODE.append(importlib.import_module("questbox.games.descent.state_encode").encode_state)
        return _STATE_ENCODE[0](state, seat)

    def from_json(self, doc: JSON) -> State:
        from questbox.core.statecheck import checked_state

        if not isinstance(doc, dict):
            raise StateError(f"not a {self.id} state: a state is a JSON object")
        if doc.get("mode") == "tray":
            return checked_state(self.id, lambda: TrayState.from_json(doc))
        from questbox.games.descent.statedoc import load_encounter

        return checked_state(self.id, lambda: load_encounter(doc, self.id))

    def agents(self) -> Mapping[str, AgentFactory]:
        from questbox.games.descent.bots import AGENTS
        from questbox.games.descent.plot_bots import PlotAgent

        # the heuristic, and the heuristic plus the lieutenant pack's choices (for campaign quests)
        return {**AGENTS, "plot": PlotAgent}

    def render(self, view: JSON, seat: Seat | None) -> Any:
        from questbox.games.descent.render import render

        return render(view, seat)

    def describe_action(self, view: JSON, action: Action) -> str:
        name, args = action.name, action.args
        if name in DESCRIBE and not args:
            return DESCRIBE[name]
        figs = view.get("figures", {})

        def who(x: Any) -> str:
            f = figs.get(str(x))
            return f"{f['name']} ({x})" if f else str(x)

        if name == "move":
            return f"move to {args[0]}"
        if name in ("attack", "bonus-attack"):
            extra = " (two-hero rule: free)" if name == "bonus-attack" else ""
            return f"attack {who(args[0])}{extra}"
        if name == "activate":
            return f"activate {who(args[0])}"
        if name == "surge":
            ab = next((a for a in (view.get("attack") or {}).get("abilities", []) if a[0] == args[0]), None)
            what = surge_words(str(ab[1]), int(ab[2])) if ab else str(args[0])
            return f"spend surges on {what}"
        if name == "search":
            return f"search the token at {args[0]}"
        if name == "revive":
            return f"revive {who(args[0])} (roll 2 red dice)"
        if name in ("open", "close"):
            return f"{name} the door {args[0]}"
        if name == "reroll":
            return f"reroll attack die #{args[0]}"
        if name == "place":
            return f"place the {'large monster' if ':' in str(args[0]) else 'thrown hero'} on {args[0]}"
        if name in ("grab", "throw"):
            return f"{name.capitalize()} {who(args[0])}"
        if name == "heal":
            return f"Heal {who(args[0])} (roll 1 red die)"
        if name == "flail":
            return f"Flail: attack {who(args[0])} and {who(args[1])} with one roll"
        if name == "breath":
            return f"Fire Breath: the path goes on to {args[0]}"
        if name == "blast":
            return f"Blast around {args[0]}"
        if name == "rage":
            return f"Rage: attack {who(args[0])} with +1 heart (1 fatigue)"
        if name == "pray":
            return f"Prayer of Healing on {who(args[0])}"
        if name == "greedy":
            return f"Greedy: search the token at {args[0]} (1 fatigue)"
        if name == "flask":
            return f"throw the Fire Flask at {who(args[0])}"
        if name == "use":
            return "use " + " ".join(str(a) for a in args)
        if name == "endure":
            return f"take {args[0]} of the hearts as fatigue"
        return _describe_campaign_action(name, args, who) or str(action)

    def stats(self, state: State) -> Mapping[str, float | int | str]:
        if not isinstance(state, DescentState):
            return {}
        out: dict[str, float | int | str] = {"rounds": state.round}
        if state.result:
            out["winner"] = state.result[0]
        for k, v in state.counters.items():
            out[k] = v
        out["heroes_ko"] = sum(1 for h in state.heroes() if state.figs[h].status == "ko")
        return out

    def evaluate(self, state: State) -> Mapping[Seat, float] | None:
        if not isinstance(state, DescentState):
            return None
        from questbox.games.descent.evaluation import evaluate

        p = evaluate(state)
        return {s: (1.0 - p if s == "overlord" else p) for s in state.seats}


GAME = DescentGame()
DescentState.game = GAME
TrayState.game = GAME
