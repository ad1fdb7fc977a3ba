"""The setup document (validated with pydantic) and the resolved options.

A setup document::

    {"players": 3,                      # 1-4 (1 = Solo Mode); or "mode": "solo"
     "options": {"target": 6, ...},     # rulings that are cheap to change (see Options)
     "cards": [...],                    # optional: a user card list (same validator as data/cards.yaml)
     "deck": ["R3", ...],               # optional: the deck order (top first) instead of the shuffle
     "position": {...}}                 # optional: an explicit position (see PositionDoc)

Everything is checked here; the rules never see an invalid document.
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from pydantic import Field, StrictInt, model_validator

from questbox.core.errors import SetupError
from questbox.core.validation import StrictModel, titles, validated

#: players' target score by player count (Solo: 7, our ruling)
TARGETS = {1: 7, 2: 7, 3: 6, 4: 5}
#: draw limit by player count (Solo: 5, our ruling)
DRAW_LIMITS = {1: 5, 2: 5, 3: 4, 4: 3}


class Options(NamedTuple):
    """Resolved options (every value filled in). Immutable; shared by a state and its clones."""

    target: int
    black_target: int
    black_start: int
    draw_limit: int
    max_level: int
    absorb_at_max: bool
    burn_all: bool
    chain_offset: int
    empty_chain_any: bool
    precise_burn_black: bool
    prior_tower_black: bool
    deal_when_face_down: bool
    may_pass: bool
    turn_limit: int


class _Strict(StrictModel):
    """The shared strict base (no unknown keys, nothing coerced)."""


class OptionsDoc(_Strict):
    """The ``options`` of a setup document. ``None`` means "by the player count"."""

    target: int | None = Field(None, ge=1, le=50, description="players' winning score (7/7/6/5)")
    black_target: int | None = Field(None, ge=1, le=50,
                                     description="the Black Token's losing score (default: target)")
    black_start: int = Field(1, ge=0, le=49, description="where the Black Token starts")
    draw_limit: int | None = Field(None, ge=0, le=60, description="hand size limit (5/5/4/3)")
    max_level: int = Field(7, ge=1, le=20, description="highest ability level")
    absorb_at_max: bool = Field(True, description="Absorb a colour whose token is at the top (no raise)")
    burn_all: bool = Field(True, description="Burn must spend all its discards while it can")
    chain_offset: int = Field(1, ge=0, le=3,
                              description="a chain is complete at score + chain_offset cards")
    empty_chain_any: bool = Field(True, description="an empty chain accepts any card (Grow, Black abilities)")
    precise_burn_black: bool = Field(True, description="Precise Burn trims the Black Chain(s) too")
    prior_tower_black: bool = Field(True, description="Prior Tower deals the Black Chain(s) a card too")
    deal_when_face_down: bool = Field(True, description="step 5 still refills empty hands/chains "
                                      "when the Black Wizard is face down")
    may_pass: bool = Field(False, description="step 1 may be skipped")
    turn_limit: int = Field(500, ge=0, description="the Black Wizard wins after this many turns (0: never)")

    def resolve(self, players: int) -> Options:
        target = self.target if self.target is not None else TARGETS[players]
        return Options(
            target=target,
            black_target=self.black_target if self.black_target is not None else target,
            black_start=self.black_start,
            draw_limit=self.draw_limit if self.draw_limit is not None else DRAW_LIMITS[players],
            max_level=self.max_level, absorb_at_max=self.absorb_at_max, burn_all=self.burn_all,
            chain_offset=self.chain_offset, empty_chain_any=self.empty_chain_any,
            precise_burn_black=self.precise_burn_black, prior_tower_black=self.prior_tower_black,
            deal_when_face_down=self.deal_when_face_down, may_pass=self.may_pass,
            turn_limit=self.turn_limit)


Tokens = dict[Literal["R", "O", "Y", "G", "B", "V"], int]


class PlayerPos(_Strict):
    """One player in an explicit position."""

    hand: list[str] = Field(default_factory=list)
    chain: list[str] = Field(default_factory=list, description="left to right")
    score: int = Field(1, ge=0, le=50)
    tokens: Tokens = Field(default_factory=dict, description="ability levels; missing colours are 0")


class BlackPos(_Strict):
    """The Black Wizard in an explicit position."""

    chains: list[list[str]] | None = Field(None, description="one chain (two in Solo Mode), left to right")
    token: int | None = Field(None, ge=0, le=50, description="the Black Token (default: black_start)")
    tokens: Tokens = Field(default_factory=dict)
    face_down: bool = False


class PositionDoc(_Strict):
    """An explicit position: every zone is given; cards not named anywhere go to the deck.

    ``deck`` and ``discard`` are top first. Cards named nowhere are put under the listed deck cards
    in card-file order (no randomness is used to build a position).
    """

    players: list[PlayerPos] = Field(min_length=1, max_length=4)
    black: BlackPos = Field(default_factory=lambda: BlackPos.model_validate({}))
    deck: list[str] = Field(default_factory=list)
    discard: list[str] = Field(default_factory=list)
    current: str = "p1"
    step: Literal["act", "chain", "score", "draw", "deal"] = "act"
    selected: list[str | int] | None = Field(
        None, description='the selected Draw Step ability: ["lore", 3], ["prior", 2], ["ancient-lore"]')
    turn: int = Field(1, ge=1)
    known: dict[str, int] = Field(default_factory=dict,
                                  description="how many top deck cards a seat (or 'spectator') knows")


def _mode_titles() -> dict[str, str]:
    return {"normal": "Normal (2-4 heirs)", "solo": "Solo Mode (1 heir)"}


class SetupDoc(_Strict):
    """The whole setup document."""

    players: StrictInt | None = Field(None, ge=1, le=4, description="a whole number (a bool is not one)")
    mode: Literal["normal", "solo"] | None = Field(None, json_schema_extra=titles(_mode_titles))
    options: OptionsDoc = Field(default_factory=lambda: OptionsDoc.model_validate({}))
    cards: list[dict[str, Any]] | None = None
    deck: list[str] | None = Field(None, description="deck order, top first, used instead of the shuffle")
    position: PositionDoc | None = None

    @model_validator(mode="after")
    def _players(self) -> SetupDoc:
        n = self.players
        if n is None:
            if self.position is not None:
                n = len(self.position.players)
            elif self.mode == "solo":
                n = 1
            else:
                n = 2
        if self.mode == "solo" and n != 1:
            raise ValueError(f"Solo Mode is for 1 player, not {n}")
        if self.mode == "normal" and n == 1:
            raise ValueError("a normal game needs 2-4 players (1 player is Solo Mode)")
        if self.position is not None and len(self.position.players) != n:
            raise ValueError(f"position.players lists {len(self.position.players)} players, not {n}")
        self.players = n
        return self


def parse_setup(setup: Any) -> SetupDoc:
    """Validate a setup document (``None`` = a default 2-player game)."""
    if setup is None:
        setup = {}
    if not isinstance(setup, dict):
        raise SetupError("the setup document is a mapping")
    return validated(SetupDoc, setup, "heirs setup")
