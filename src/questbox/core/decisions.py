"""Typed decision kinds and the table a state dispatches its pending decisions through.

A game whose turns have several steps pushes :class:`~questbox.core.state.Decision` entries
(``seat``, ``kind``, ``data``). Each *kind* is one object that knows three things about the
decisions of that kind:

* :meth:`DecisionKind.legal` -- the legal actions of a pending decision,
* :meth:`DecisionKind.resolve` -- how an answer (one of those actions) changes the state,
* :meth:`DecisionKind.text` -- a short menu text saying what is being decided.

A game lists its kinds once, in a table (:func:`table`), and its state answers
``legal_actions`` and ``apply`` by looking the pending decision's kind up there
(:func:`lookup`) instead of an ``if``/``elif`` chain or method names found by reflection. A kind
may stand for a family of kinds sharing a prefix (``"mod:"`` answers ``"mod:feats:move"``): the
exact kind is tried first, then the part up to and including the first ``:``.

This module is the generic part of issue #16's mechanism: every game's ``kinds`` module
(``questbox.games.<game>.kinds``, named by ``Game.decisions_module``) builds its table with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol, TypeVar

from questbox.core.actions import Action
from questbox.core.state import Decision

S_contra = TypeVar("S_contra", contravariant=True)
K = TypeVar("K")


class DecisionKind(Protocol[S_contra]):
    """What a game declares for one kind of decision (``kind`` is the word in ``Decision.kind``;
    a kind ending in ``:`` stands for every kind that starts with it)."""

    @property
    def kind(self) -> str: ...

    def legal(self, state: S_contra, decision: Decision) -> list[Action]:
        """The legal actions of ``decision`` (pending in ``state``)."""
        ...

    def resolve(self, state: S_contra, decision: Decision, action: Action) -> None:
        """Answer ``decision`` (already popped) with ``action``, one of :meth:`legal`'s."""
        ...

    def text(self, state: S_contra, decision: Decision) -> str:
        """A short menu text: what the seat is asked."""
        ...


class UnknownDecision(KeyError):
    """A decision whose kind no entry of the table answers."""


def table(kinds: Iterable[K], key: str = "kind") -> dict[str, K]:
    """The dispatch table of ``kinds`` (by their ``kind`` attribute); two kinds of the same name
    are an error."""
    out: dict[str, K] = {}
    for k in kinds:
        name = getattr(k, key)
        if not isinstance(name, str) or not name:
            raise ValueError(f"decision kind {k!r} has no name")
        if name in out:
            raise ValueError(f"two decision kinds are named {name!r}")
        out[name] = k
    return out


def lookup(kinds: Mapping[str, K], kind: str) -> K:
    """The entry answering decisions of ``kind``: the exact kind, else its family (``"a:"`` for
    ``"a:b:c"``)."""
    got = kinds.get(kind)
    if got is not None:
        return got
    head, sep, _ = kind.partition(":")
    if sep:
        got = kinds.get(head + sep)
        if got is not None:
            return got
    raise UnknownDecision(f"no decision kind {kind!r} (known: {', '.join(sorted(kinds))})")
