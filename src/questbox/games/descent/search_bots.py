"""The heroes' bot and the search tokens (issue #18: in bot campaigns the heroes seldom searched, so
the Search cards' gold was almost never won).

A search token is worth an action when it is close and safe: the hero bot (:mod:`bots`) searches
a token in reach when no attack is worth more, and scores a square it may move to higher when a
token can be searched from it with an action still left, unless monsters could hurt him badly there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

#: what a square from which a token can be searched is worth (in the hero bot's square scores,
#: where a space farther from the quest's goal costs 0.6): a detour of about two spaces
SEARCH_BONUS: Final = 1.3
#: a square is safe enough to search from while the monsters near could deal at most this share
#: of the hero's remaining Health next turn (the bot's ``threat``)
SAFE_THREAT: Final = 0.5


def search_spots(st: DescentState) -> frozenset[int]:
    """The squares from which a hero may search a token: each search token's own square and the
    squares adjacent to it (as :func:`geometry.searchable` reads it)."""
    tokens = [s for s, kind in st.tokens.items() if kind == "search"]
    if not tokens:
        return frozenset()
    adj = st.enc.board.adjacency(st.doors)
    return frozenset(tokens) | frozenset(a for t in tokens for a in adj[t])


def search_bonus(spots: frozenset[int], s: int, can_act: bool, threat: float) -> float:
    """The bonus of square ``s`` for the hero bot: :data:`SEARCH_BONUS` when a token can be searched
    from it, an action is left to do it (``can_act``) and the square is safe (``threat``)."""
    return SEARCH_BONUS if can_act and s in spots and threat <= SAFE_THREAT else 0.0
