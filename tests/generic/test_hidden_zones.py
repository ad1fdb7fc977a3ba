"""Hidden information declared once (issue #16): every registered game declares, per state and
seat, the parts of its document that seat cannot see (:meth:`State.hidden`), and both ``view``
and ``determinize`` are checked against that one declaration.

* perturbing exactly the declared parts (:func:`questbox.core.hidden.perturb`) leaves the seat's
  view, its legal actions and who is to move unchanged, and the events it is told of the next
  action tell it nothing its view does not (same view after the action, same events);
* ``determinize(seat)`` changes nothing outside the declared parts, and it resamples every
  declared part that can change (at least sometimes), so neither can forget a zone.
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from questbox.core import Rng, Seat, State, games
from questbox.core.hidden import changed, mask, perturb
from tests.generic.test_protocol import CONFIGS, _playout

SEEDS = 6
TRIES = 4


def _samples(gid: str, n: int) -> list[State]:
    game = games()[gid]
    out: list[State] = []
    for seed in range(SEEDS):
        out += _playout(game, n, seed)[1]
    return out


def _seats(s: State) -> list[Seat | None]:
    return [*s.seats, None]


def test_every_game_declares_what_each_seat_cannot_see() -> None:
    for gid, game in games().items():
        assert game.hidden_module is not None, f"{gid} declares no hidden zones"


@pytest.mark.parametrize(("gid", "n"), CONFIGS)
def test_perturbing_what_a_seat_cannot_see_changes_nothing_it_sees(gid: str, n: int) -> None:
    for k, s in enumerate(_samples(gid, n)):
        movers = s.to_move()
        for seat in _seats(s):
            view = s.view(seat)
            legal = s.legal_actions(seat) if seat is not None else []
            zones = s.hidden(seat)
            for t in range(TRIES):
                p = perturb(s, seat, Rng(k * 100 + t)) if seat is not None else perturb(s, seat, Rng(k))
                where = f"{gid} sample {k}, {seat or 'a spectator'}"
                assert mask(p.to_json(), zones) == mask(s.to_json(), zones), f"{where}: perturb leaked"
                assert p.view(seat) == view, f"{where}: the view shows a declared hidden part"
                assert p.to_move() == movers, f"{where}: who moves depends on a hidden part"
                if seat is not None:
                    assert p.legal_actions(seat) == legal, f"{where}: legal actions depend on a hidden part"
            _events_tell_nothing_more(s, seat, Rng(k))


def _events_tell_nothing_more(s: State, seat: Seat | None, rng: Rng) -> None:
    """For the next actions (legal in both states), the events ``seat`` is told differ only if the
    action revealed something: its view after the action differs, as after a draw, or a zone is
    no longer hidden, as the rock/paper/scissors picks once both are made."""
    movers = s.to_move()
    if not movers:
        return
    p = perturb(s, seat, rng, chance=False)
    mover = movers[0]
    theirs = p.legal_actions(mover)
    before = {z.name for z in s.hidden(seat)}
    for a in s.legal_actions(mover)[:4]:
        if a not in theirs:
            continue
        x, y = s.clone(), p.clone()
        ex, ey = x.apply(mover, a), y.apply(mover, a)
        if x.view(seat) != y.view(seat) or not before <= {z.name for z in x.hidden(seat)}:
            continue  # the action revealed something: in the view, or a zone is no longer hidden
        told_x = [e.to_json() for e in ex if e.visible_to(seat)]
        told_y = [e.to_json() for e in ey if e.visible_to(seat)]
        assert told_x == told_y, f"{s.game.id}: {mover} {a}: events tell {seat or 'a spectator'} a hidden part"


@pytest.mark.parametrize(("gid", "n"), CONFIGS)
def test_determinize_resamples_exactly_the_declared_parts(gid: str, n: int) -> None:
    can_change: set[str] = set()
    resampled: defaultdict[str, int] = defaultdict(int)
    for k, s in enumerate(_samples(gid, n)):
        doc = s.to_json()
        for seat in s.seats:
            zones = s.hidden(seat)
            for t in range(TRIES):
                d = s.determinize(seat, Rng(k * 100 + t))
                dd = d.to_json()
                assert mask(dd, zones) == mask(doc, zones), (
                    f"{gid} sample {k}: determinize({seat}) changed what {seat} sees (or the declaration "
                    "misses a zone)")
                pd = perturb(s, seat, Rng(k * 100 + t)).to_json()
                for z in zones:
                    if changed(doc, pd, z):
                        can_change.add(z.name)
                    if changed(doc, dd, z):
                        resampled[z.name] += 1
    forgotten = sorted(can_change - set(resampled))
    assert not forgotten, f"{gid}: determinize never resamples {forgotten}"
