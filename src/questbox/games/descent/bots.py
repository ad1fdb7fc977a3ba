"""Heuristic bots for both sides (their position evaluation for search is in :mod:`evaluation`).

The bots read only public information: the state's figures, map and counters (everything on the
table is public in an encounter), never the Search deck's order or the random generator. They
pick among the legal actions by simple plans:

* **heroes**: stand up or revive first; then heal a badly hurt hero; attack the best target in
  reach (the quest's goal monster first, then what they can defeat); otherwise move to the space
  from which the best attack can be made, or towards the goal (opening doors on the way), using
  fatigue for the last steps; search tokens close and safe when nothing better is at hand
  (:mod:`search_bots`); rest when tired.
* **overlord**: activate the monsters that can attack first; each attacks the hero it can hurt
  most (a ranged monster first moves to a space in line of sight at a short distance, a melee
  monster next to its target); the quest's goal monster waits in its lair until heroes come near.
"""

from __future__ import annotations

from typing import Any, cast

from questbox.core import Action, Game, Rng, Seat, State
from questbox.core.agent import AgentFactory
from questbox.games.descent.data import SURGE_CONDITION
from questbox.games.descent.evaluation import EVAL_BIAS as EVAL_BIAS
from questbox.games.descent.evaluation import EVAL_WEIGHTS as EVAL_WEIGHTS
from questbox.games.descent.evaluation import all_open
from questbox.games.descent.evaluation import evaluate as evaluate  # (re-exported: the evaluation moved)
from questbox.games.descent.evaluation import features as features
from questbox.games.descent.familiar_bots import familiar_decision, familiar_react, familiar_turn
from questbox.games.descent.flow import DONE, END, FATIGUE, MOVE, PASS, REST, STAND, HeroTurn, MonsterTurn
from questbox.games.descent.lieutenant_bots import lieutenant_action, lieutenant_decision, react
from questbox.games.descent.modules.feats import bot_decision, bot_feat
from questbox.games.descent.modules.overlord import bot_card
from questbox.games.descent.quest_bots import tile_goal_action, villager_hero_action, villager_react
from questbox.games.descent.search_bots import search_bonus, search_spots
from questbox.games.descent.skill_bots import heal_choice, holy_choice, react_choice, skill_attacks, turn_card_choice
from questbox.games.descent.state import DescentState
from questbox.games.descent.tactics import area_value as _area_value
from questbox.games.descent.tactics import best_breath as _best_breath
from questbox.games.descent.tactics import (
    expected_damage,
    goal_groups,
    mean_shields,
    pool_odds,
    remaining,
    target_value,
)


# -- shared ------------------------------------------------------------------------------------
def _by_name(legal: list[Action], name: str) -> list[Action]:
    return [a for a in legal if a.name == name]




def _surge_choice(st: DescentState, legal: list[Action]) -> Action:
    """The next surge to spend, seeing the defense roll (the Rules Reference's order): range first
    while a ranged attack is short; then what adds the most damage through the shields rolled (a
    +heart or Pierce the shields would cancel anyway, or damage past the target's Health, is worth
    nothing); a condition only on a target that is hurt and survives; areas by the enemies hit."""
    atk = st.attack
    options = [a for a in legal if a.name == "surge"]
    if atk is None or not options:
        return DONE
    abil = {x[0]: x for x in atk.abilities}
    hearts, rng, _surges, _miss = st.atk_totals(atk)
    shields = st.atk_shields(atk)
    left = remaining(st, atk.target)
    short = not atk.melee and rng < atk.distance
    f = st.figs[atk.attacker]

    def dealt(h: int, pierce: int) -> int:
        return min(left, max(0, h - max(0, shields - pierce)))

    now = dealt(hearts, atk.pierce)

    def rank(a: Action) -> float:
        _sid, effect, value, cost = abil[str(a.args[0])]
        value, cost = int(value), int(cost)
        if effect == "range":
            return 10.0 + value if short else 0.1
        if effect in ("heart", "pierce", "runic"):
            if effect == "runic" and f.fatigue + 1 >= st.stamina(atk.attacker):
                return 0.0
            gain = (dealt(hearts, atk.pierce + value) if effect == "pierce"
                    else dealt(hearts + (2 if effect == "runic" else value), atk.pierce)) - now
            return 5.0 + gain - 0.1 * cost - (0.2 if effect == "runic" else 0.0) if gain > 0 else 0.0
        if effect in SURGE_CONDITION:
            return 4.0 if 0 < now < left and SURGE_CONDITION[effect] not in st.figs[atk.target].conds else 0.2
        if effect in ("blast", "fire", "fire-breath"):
            n = _area_value(st, effect)
            return 4.5 + n if n > 0 else 0.0
        if effect in ("recover-heart", "mend"):
            return 3.0 if f.damage else 0.5
        if effect == "recover-fatigue":
            return 2.5 if f.fatigue else 0.4
        return 1.0

    best = max(options, key=rank)
    return best if rank(best) > 0.3 else DONE


def _react(st: DescentState, seat: Seat, legal: list[Action]) -> Action:
    skill = react_choice(st, legal) or familiar_react(st, legal)       # the class cards (skill_bots, familiar_bots)
    if skill is not None:
        return skill
    atk = st.attack
    chosen = react(st, legal) or villager_react(legal)   # a lieutenant's Fury, ... (lieutenant_bots); escorts
    if chosen is not None:
        return chosen
    for a in legal:
        if a.name == "use" and a.args and a.args[0] in ("lucky-charm",):
            return a
        if a.name == "use" and a.args and a.args[0] in ("wooden-shield", "warding-talisman") and atk is not None:
            hearts = st.atk_totals(atk)[0]
            if hearts - max(0, st.atk_shields(atk) - atk.pierce) > 0:
                return a
        if a.name == "use" and a.args and a.args[0] == "power-potion" and atk is not None and st.atk_totals(atk)[3]:
            return a
    if atk is not None:
        rerolls = _by_name(legal, "reroll")
        if rerolls:
            lib = st.enc.lib
            for a in rerolls:
                i = int(a.args[0])
                if lib.dice[atk.dice[i]][atk.faces[i] - 1].miss:
                    return a
        endure = _by_name(legal, "endure")
        if endure:
            t = atk.target
            if atk.damage >= remaining(st, t) or atk.damage >= 3:
                room = st.stamina(t) - st.figs[t].fatigue
                want = min(atk.damage, max(1, room - 1))
                for a in endure:
                    if int(a.args[0]) == want:
                        return a
    if DONE in legal:
        return DONE
    return PASS if PASS in legal else legal[-1]


# -- heroes -----------------------------------------------------------------------------------
class _HeroMind:
    """One hero decision's square scores. What does not depend on the square scored (the
    enemies' squares and threat, the goal's distance tables, the mates' squares, the value of
    hitting an enemy at a range) is worked out once for the decision, and each square's score
    once (the same numbers, in the same order, as computing them afresh)."""

    def __init__(self, st: DescentState, fi: int) -> None:
        self.st = st
        self.fi = fi
        self.goal = goal_groups(st)
        self.melee = st.stat(fi).attack == "melee"
        board = st.enc.board
        self.mask = all_open(st)
        goals = [i for i in st.monsters() if st.figs[i].group in self.goal]
        self.goal_sq = [s for g in goals for s in st.squares(g)]
        self.enemies = st.enemies(fi)
        self.board = board
        self.doors = st.doors
        self.spots = search_spots(st)
        self.enemy_sq = [st.squares(e) for e in self.enemies]
        self.enemy_one = [q[0] if len(q) == 1 else -1 for q in self.enemy_sq]
        self._goal_dists: list[list[int]] | None = None
        self._threats: list[tuple[tuple[int, ...], int, int, float]] | None = None
        self._mates: list[int] | None = None
        self._unblocked: list[frozenset[int]] | None = None
        self._hits: dict[tuple[int, int], float] = {}
        self._scores: dict[tuple[int, bool], float] = {}
        self._attacks: dict[int, float] = {}

    def goal_dist(self, s: int) -> int:
        if not self.goal_sq:
            return 0
        dists = self._goal_dists
        if dists is None:
            dists = self._goal_dists = [self.board.dist_from(self.mask, g) for g in self.goal_sq]
        return min(d[s] for d in dists)

    def _hit(self, e: int, d: int) -> float:
        key = (e, d)
        got = self._hits.get(key)
        if got is None:
            st = self.st
            got = self._hits[key] = target_value(st, self.fi, e, expected_damage(st, self.fi, e, d))
        return got

    def attack_from(self, s: int) -> float:
        """The best target value of an attack from square ``s``."""
        got = self._attacks.get(s)
        if got is not None:
            return got
        board = self.board
        adj = board.adjacency(self.doors)[s]
        best = 0.0
        dist: list[int] | None = None
        unblocked = self._unblocked
        for k, e in enumerate(self.enemies):
            theirs = self.enemy_sq[k]
            one = self.enemy_one[k]
            if (one in adj) if one >= 0 else any(t in adj for t in theirs):
                d = 1
            elif self.melee:
                continue
            else:
                if dist is None:
                    dist = board.dist_from(self.doors, s)
                d = dist[one] if one >= 0 else min((dist[t] for t in theirs), default=999)
                if d > 7:
                    continue
                if unblocked is None:
                    occ = self.st.occupied(self.fi)
                    unblocked = self._unblocked = [frozenset(occ - set(q)) for q in self.enemy_sq]
                if not board.sight(self.doors, (s,), theirs, unblocked[k]):
                    continue
            v = self._hit(e, d)
            if v > best:
                best = v
        self._attacks[s] = best
        return best

    def danger(self, s: int) -> int:
        adj = self.board.adjacency(self.doors)[s]
        n = 0
        for k, one in enumerate(self.enemy_one):
            if (one in adj) if one >= 0 else any(t in adj for t in self.enemy_sq[k]):
                n += 1
        return n

    def threat(self, s: int) -> float:
        """Roughly the damage the monsters could deal to this hero on ``s`` next overlord turn,
        as a share of his remaining Health."""
        return self._threat(self.board.dist_from(self.doors, s))

    def _threat(self, dist: list[int]) -> float:
        threats = self._threats
        if threats is None:
            threats = self._threats = self._enemy_threats()
        total = 0.0
        for theirs, one, limit, hurt in threats:
            if (dist[one] if one >= 0 else min(dist[q] for q in theirs)) <= limit:
                total += hurt
        return total / max(1, remaining(self.st, self.fi))

    def _enemy_threats(self) -> list[tuple[tuple[int, ...], int, int, float]]:
        """Each enemy's squares (its one square, else -1), the range within which it threatens,
        and what it would deal."""
        st = self.st
        defense = mean_shields(st.stat(self.fi).defense)
        out: list[tuple[tuple[int, ...], int, int, float]] = []
        for k, e in enumerate(self.enemies):
            se = st.stat(e)
            melee = se.attack == "melee"
            limit = se.speed + (2 if "reach" in se.abilities else 1) if melee else se.speed + 5
            p, h, _ = pool_odds(se.dice, 0 if melee else 3, melee)
            out.append((self.enemy_sq[k], self.enemy_one[k], limit, p * max(0.3, h + 0.5 - defense)))
        return out

    def spread(self, s: int) -> int:
        return self._spread(self.board.dist_from(self.doors, s))

    def _spread(self, dist: list[int]) -> int:
        mates = self._mates
        if mates is None:
            st = self.st
            mates = self._mates = [st.figs[h].pos for h in st.heroes()
                                   if h != self.fi and st.figs[h].status == "active"]
        if not mates:
            return 0
        return max(0, min(dist[m] for m in mates) - 2)

    def square_score(self, s: int, can_attack: bool) -> float:
        key = (s, can_attack)
        got = self._scores.get(key)
        if got is not None:
            return got
        dist = self.board.dist_from(self.doors, s)
        threat = self._threat(dist)
        score = -0.6 * self.goal_dist(s) - 1.5 * threat - 0.15 * self._spread(dist)
        score += search_bonus(self.spots, s, can_attack, threat)
        if can_attack:
            score += 1.5 * self.attack_from(s)
        if not self.melee:
            score -= 0.5 * self.danger(s)
        self._scores[key] = score
        return score


def _hero_heal(st: DescentState, fi: int, legal: list[Action]) -> Action | None:
    """A hero's healing first: potions, prayers, Healing Rain, the bonus recovery."""
    f = st.figs[fi]
    pair = holy_choice(st, legal)          # Holy Power: one prayer for two (skill_bots)
    if pair is not None:
        return pair
    for a in legal:
        if a.name == "use" and a.args[0] == "health-potion":
            who = st.ids[str(a.args[1])]
            if remaining(st, who) <= st.health(who) // 3:
                return a
        if a.name == "pray":
            who = st.ids[str(a.args[0])]
            if st.figs[who].damage >= 3:
                return a
        if a.name == "use" and a.args[0] == "stamina-potion" and f.fatigue >= st.stamina(fi) - 1:
            return a
        if a.name == "use" and a.args[0] == "curse-doll":
            return a
    rain = heal_choice(st, fi, legal)
    if rain is not None:
        return rain
    if BONUS_RECOVER_ACTION in legal and f.damage >= 4 and not _by_name(legal, "bonus-attack"):
        return BONUS_RECOVER_ACTION
    return None


def hero_turn(st: DescentState, fi: int, legal: list[Action]) -> Action:
    if STAND in legal:
        return STAND
    fam = familiar_turn(st, fi, legal)          # the Necromancer's Reanimate (familiar_bots)
    if fam is not None:
        return fam
    f = st.figs[fi]
    turn = st.turn
    assert turn is not None
    mind = _HeroMind(st, fi)
    # revive a fallen friend
    for a in _by_name(legal, "revive"):
        return a
    hp_left = remaining(st, fi)
    heal = _hero_heal(st, fi, legal)
    if heal is not None:
        return heal
    feat = bot_feat(st, fi, legal)
    if feat is not None:
        return feat
    card = turn_card_choice(st, fi, legal)     # Challenge, Charge (skill_bots)
    if card is not None:
        return card
    # attacks: the quest's goal first, then doors towards it, then whatever is worth hitting
    best: tuple[float, Action] | None = None
    skills = {a: (h, x) for a, h, x in skill_attacks(st, fi, legal)}
    for a in legal:
        if a.name in ("attack", "bonus-attack", "rage", "flask") or a in skills:
            t = st.ids[str(a.args[0])]
            bonus, plus = skills.get(a, (1 if a.name == "rage" else 0, 0.0))
            dmg = expected_damage(st, fi, t, bonus=bonus)
            v = target_value(st, fi, t, dmg) + (0.5 if a.name == "bonus-attack" else 0) + plus
            v -= 0.2 if a.name == "rage" else 0
            if a.name == "flask":
                v += 0.2
            if best is None or v > best[0]:
                best = (v, a)
    if best is not None and st.figs[st.ids[str(best[1].args[0])]].group in mind.goal:
        return best[1]
    for a in _by_name(legal, "open"):
        return a
    if best is not None and best[0] > 0.25:
        return best[1]
    for a in _by_name(legal, "search"):        # a token in reach (search_bots)
        return a
    quest = villager_hero_action(st, fi, legal)     # the acolyte's carrier and the villagers (quest_bots)
    if quest is not None:
        return quest
    # movement
    here = f.pos
    cur = mind.square_score(here, turn.actions > 0)
    moves = [a for a in legal if a.name == "move" and a.args]
    if moves:
        paths = st.moves(fi)
        scored = max(((mind.square_score(paths[a][2], turn.actions > 0), a) for a in moves), key=lambda x: x[0])
        if scored[0] > cur + 0.05:
            return scored[1]
    if turn.actions > 0 and MOVE in legal:
        extra = st.moves(fi, turn.mp + st.stat(fi).speed)
        if any(mind.square_score(v[2], turn.actions > 1) > cur + 0.3 for v in extra.values()):
            return MOVE
    if (FATIGUE in legal and turn.actions > 0 and f.fatigue < st.stamina(fi) - 1 and hp_left > 2
            and mind.attack_from(here) == 0):
        more = st.moves(fi, turn.mp + 1)
        if any(mind.attack_from(v[2]) > 0.3 for v in more.values()):
            return FATIGUE
    for a in _by_name(legal, "greedy"):
        if f.fatigue < st.stamina(fi) - 2:
            return a
    if REST in legal and f.fatigue >= st.stamina(fi) - 1 and mind.danger(here) == 0:
        return REST
    if BONUS_RECOVER_ACTION in legal and f.damage >= 2:
        return BONUS_RECOVER_ACTION
    return END


BONUS_RECOVER_ACTION = Action("bonus-recover")


def next_hero(st: DescentState, legal: list[Action]) -> Action:
    def key(a: Action) -> tuple[int, float]:
        fi = st.ids[str(a.args[0])]
        f = st.figs[fi]
        if f.status == "ko":
            return (0, 0.0)
        can_revive = any(st.figs[h].status == "ko" and st.adjacent(fi, h) for h in st.heroes())
        if can_revive:
            return (1, 0.0)
        near = min((st.distance(fi, e) for e in st.enemies(fi)), default=99)
        return (2, float(near))

    return min(legal, key=key)


# -- overlord ---------------------------------------------------------------------------------
class _MonsterMind:
    """One monster decision's square scores (:func:`monster_square_score`): the monster's stat
    line, the heroes' squares, what blocks sight to each and the value of an attack on each at a
    range worked out once for the decision, and each square's score once (the same numbers)."""

    def __init__(self, st: DescentState, fi: int, heroes: list[int]) -> None:
        self.st = st
        self.fi = fi
        self.board = st.enc.board
        self.doors = st.doors
        stt = st.stat(fi)
        self.melee = stt.attack == "melee"
        self.reach = 2 if "reach" in stt.abilities else 1
        self.dims = st.figs[fi].dims
        occ = st.occupied(fi)
        self.targets = [(t, theirs, theirs[0] if len(theirs) == 1 else -1, frozenset(occ - set(theirs)))
                        for t in heroes for theirs in (st.squares(t),)]
        self._hits: dict[tuple[int, int], float] = {}
        self._scores: dict[int, float] = {}

    def _hit(self, t: int, d: int) -> float:
        key = (t, d)
        got = self._hits.get(key)
        if got is None:
            st = self.st
            if self.melee:
                got = 5.0 + expected_damage(st, self.fi, t, d) / max(1, remaining(st, t))
            else:
                got = 5.0 + expected_damage(st, self.fi, t, d) - (1.0 if d == 1 else 0.0)
            self._hits[key] = got
        return got

    def score(self, s: int) -> float:
        got = self._scores.get(s)
        if got is not None:
            return got
        board, doors = self.board, self.doors
        w, h = self.dims
        fp = board.footprint(doors, s, w, h) if (w, h) != (1, 1) else (s,)
        best = -99.0
        if fp is not None:
            dist = board.dist_from(doors, s) if len(fp) == 1 else None
            for t, theirs, one, unblocked in self.targets:
                if dist is None:
                    d = board.distance(doors, fp, theirs)
                else:                   # (board.distance's figure, read from the one table)
                    d = dist[one] if one >= 0 else min((dist[q] for q in theirs), default=999)
                if self.melee:
                    if d <= self.reach and (d == 1 or board.sight(doors, fp, theirs, unblocked)):
                        v = self._hit(t, d)
                    else:
                        v = float(-d)
                elif d <= 6 and board.sight(doors, fp, theirs, unblocked):
                    v = self._hit(t, d)
                else:
                    v = float(-d)
                if v > best:
                    best = v
        self._scores[s] = best
        return best


def monster_square_score(st: DescentState, fi: int, s: int, heroes: list[int]) -> float:
    """The overlord bot's score of square ``s`` for monster ``fi`` (the best attack on one of
    ``heroes`` from there, else minus the distance to the nearest)."""
    return _MonsterMind(st, fi, heroes).score(s)


def monster_turn(st: DescentState, fi: int, legal: list[Action]) -> Action:
    turn = st.turn
    assert turn is not None
    heroes = [h for h in st.heroes() if st.figs[h].status == "active"]
    quest_goal = tile_goal_action(st, fi, legal)     # a quest that wants the group on a tile
    if quest_goal is not None:
        return quest_goal
    guard = st.figs[fi].group in goal_groups(st)
    if guard and heroes:
        near = min(st.distance(fi, h) for h in heroes)
        if near > 2 * st.stat(fi).speed + 2 and not _by_name(legal, "attack"):
            return END
    # attack
    best: tuple[float, Action] | None = None
    for a in legal:
        if a.name == "attack":
            t = st.ids[str(a.args[0])]
            dmg = expected_damage(st, fi, t)
            v = dmg + (2.0 if dmg >= remaining(st, t) else 0.0) + 0.1 * st.figs[t].damage
            if best is None or v > best[0]:
                best = (v, a)
    if "lieutenant" in st.figs[fi].tags:      # a lieutenant's card actions (lieutenant_bots)
        special = lieutenant_action(st, fi, legal, best[0] if best is not None else 0.0)
        if special is not None:
            return special
    area = _flail_or_heal(st, fi, legal)
    if area is not None and (best is None or area[0] > best[0]):
        best = area
    if best is not None and best[0] >= 0.8:
        return best[1]
    moves = [a for a in legal if a.name == "move" and a.args]
    mind = _MonsterMind(st, fi, heroes)
    here = mind.score(st.figs[fi].pos)
    if moves:
        paths = st.moves(fi)
        scored = max(((mind.score(paths[a][2]), a) for a in moves), key=lambda x: x[0])
        if scored[0] > here + 0.01:
            return scored[1]
    if best is not None:
        return best[1]
    if MOVE in legal:
        more = st.moves(fi, turn.mp + st.stat(fi).speed)
        if any(mind.score(v[2]) > here + 0.01 for v in more.values()):      # (the best one is not needed)
            return MOVE
    for a in legal:
        if a.name in ("flail", "howl", "heal"):
            return a
        if a.name in ("grab", "throw"):
            return a
    return END


def _hit_value(st: DescentState, fi: int, t: int) -> float:
    dmg = expected_damage(st, fi, t)
    return dmg + (2.0 if dmg >= remaining(st, t) else 0.0) + 0.1 * st.figs[t].damage


def _flail_or_heal(st: DescentState, fi: int, legal: list[Action]) -> tuple[float, Action] | None:
    """The best Flail (one roll against two heroes: both hits count) or Heal (a red die's mean
    hearts, up to the monster's damage; twice for the quest's goal monster), valued on the scale of
    an attack's, or ``None``."""
    best: tuple[float, Action] | None = None
    heal_mean = 0.0
    for a in legal:
        if a.name == "flail":
            v = sum(_hit_value(st, fi, st.ids[str(x)]) for x in a.args)
        elif a.name == "heal":
            if not heal_mean:
                red = st.enc.lib.dice["red"]
                heal_mean = sum(x.hearts for x in red) / len(red)
            m = st.ids[str(a.args[0])]
            v = min(float(st.figs[m].damage), heal_mean) * (2.0 if st.figs[m].group in goal_groups(st) else 1.0)
        else:
            continue
        if best is None or v > best[0]:
            best = (v, a)
    return best


def blast_choice(st: DescentState, legal: list[Action]) -> Action:
    """The square of a large target to centre Blast on: the most enemies and the fewest friends
    next to it, then the nearest (the range counts to it)."""
    atk = st.attack
    assert atk is not None
    board, doors = st.enc.board, st.doors
    side = st.figs[atk.attacker].side
    mine = st.squares(atk.attacker)

    def score(a: Action) -> tuple[int, int]:
        s = board.index[str(a.args[0])]
        near = board.adjacency(doors)[s]
        net = sum((1 if f.side != side else -1) for x, f in enumerate(st.figs)
                  if x not in (atk.attacker, atk.target) and f.status == "active" and f.pos >= 0
                  and any(q in near for q in st.squares(x)))
        return (net, -board.distance(doors, mine, (s,)))

    return max(legal, key=score)


def breath_choice(st: DescentState, legal: list[Action]) -> Action:
    """Fire Breath's next space: the first step of the path that affects the most heroes and the
    fewest monsters (:func:`~.tactics.best_breath`)."""
    d = st.pending[-1]
    path = cast(tuple[int, ...], d.data)
    best = _best_breath(st, path)[1]
    names = st.enc.board.names
    if len(best) > len(path):
        want = Action("breath", (names[best[len(path)]],))
        if want in legal:
            return want
    return legal[0]


def overlord_choice(st: DescentState, legal: list[Action]) -> Action:
    acts = [a for a in legal if a.name == "activate"]
    if not acts:
        return END
    heroes = [h for h in st.heroes() if st.figs[h].status == "active"]

    def key(a: Action) -> float:
        fi = st.ids[str(a.args[0])]
        if not heroes:
            return 0.0
        return float(min(st.distance(fi, h) for h in heroes))

    return min(acts, key=key)


def place_choice(st: DescentState, legal: list[Action]) -> Action:
    goal = [i for i in st.monsters() if st.figs[i].group in goal_groups(st)]
    board = st.enc.board
    if not goal:
        return legal[0]
    gsq = st.squares(goal[0])

    def dist(a: Action) -> int:
        return board.distance(st.doors, (board.index[str(a.args[0])],), gsq)

    return max(legal, key=dist)


def large_place_choice(st: DescentState, legal: list[Action]) -> Action:
    """Where the overlord places a large monster whose movement ended: nearest a hero."""
    board = st.enc.board
    heroes = [sq for h in st.heroes() for sq in st.squares(h)]
    if not heroes:
        return legal[0]

    def dist(a: Action) -> int:
        top, bottom = (board.index[x] for x in str(a.args[0]).split(":"))
        (x0, y0), (x1, y1) = board.xy(top), board.xy(bottom)
        spaces = [q for y in range(y0, y1 + 1) for x in range(x0, x1 + 1) if (q := board.at(x, y)) >= 0]
        return board.distance(st.doors, spaces, heroes)

    return min(legal, key=dist)


# -- agents ----------------------------------------------------------------------------------
class HeuristicAgent:
    """Plays whichever Descent seat it sits in (heroes or overlord)."""

    name = "heuristic"

    def __init__(self, *, game: Game | None = None, seed: int = 0, **_: Any) -> None:
        self.rng = Rng(seed)

    def act(self, state: State, seat: Seat) -> Action:
        legal = state.legal_actions(seat)
        if not isinstance(state, DescentState) or len(legal) == 1:
            return legal[0]
        st = state
        d = st.pending[-1]
        kind = d.kind
        if kind == "hero-turn":
            return hero_turn(st, cast(HeroTurn, d.data).fig, legal)
        if kind == "monster-turn":
            return monster_turn(st, cast(MonsterTurn, d.data).fig, legal)
        if kind == "next-hero":
            return next_hero(st, legal)
        if kind == "ol-turn":
            return overlord_choice(st, legal)
        if kind == "surge":
            return _surge_choice(st, legal)
        if kind == "place":
            return place_choice(st, legal)
        if kind == "breath":
            return breath_choice(st, legal)
        if kind == "blast":
            return blast_choice(st, legal)
        if kind == "large-place":
            return large_place_choice(st, legal)
        if kind.startswith("mod:feats:"):
            return bot_decision(st, legal)
        if kind.startswith("mod:overlord:"):
            return bot_card(st, legal)
        if kind.startswith("mod:lieutenants:"):
            return lieutenant_decision(st, kind, legal)
        if kind.startswith("mod:familiars:"):
            return familiar_decision(st, st.ids[str(d.data[0])], legal)
        return _react(st, seat, legal)


AGENTS: dict[str, AgentFactory] = {"heuristic": HeuristicAgent}
