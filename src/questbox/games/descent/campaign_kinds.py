"""The decision kinds of a Descent campaign (``descent-campaign``'s ``Game.decisions_module``):
between quests the Campaign phase's (:data:`questbox.games.descent.campaign_log.KINDS`), during a
quest the encounter's (:data:`questbox.games.descent.kinds.KINDS`), in one table."""

from __future__ import annotations

from typing import Any

from questbox.games.descent import campaign_log
from questbox.games.descent import kinds as encounter_kinds

_overlap = set(campaign_log.KINDS) & set(encounter_kinds.KINDS)
if _overlap:                                     # (the campaign's kinds are named ``campaign:...``)
    raise ValueError(f"decision kinds named twice: {sorted(_overlap)}")

#: every decision kind a campaign can push
KINDS: dict[str, Any] = {**encounter_kinds.KINDS, **campaign_log.KINDS}
