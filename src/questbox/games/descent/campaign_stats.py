"""Bot campaigns and their statistics (``questbox campaign simulate``; issue #18).

:func:`play_campaign` plays one whole campaign between the bots (the plot bot on every seat, the
campaign bots between quests) and returns its summary, a small JSON document: the winner, quests
and rounds and decisions played, the cards bought and the cards played (Overlord cards from the
overlord's hand, Plot cards triggered, the heroes' class cards used). :func:`simulate` plays
campaigns ``seed .. seed + n - 1`` (in processes with ``jobs`` > 1; the summaries are merged in
seed order, so the report is the same for any ``jobs``) and sums them up; :func:`table` and
:func:`markdown` print a report.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TYPE_CHECKING, Any, Final

from questbox.core import JSON, Action, SetupError

if TYPE_CHECKING:
    from questbox.games.descent.state import DescentState

#: the party a hero count picks (one hero of each archetype: warrior, healer, mage, scout)
DEFAULT_PARTY: Final = ("syndrael", "avric", "leoric", "tomble")
#: how many of the most bought / played cards the table shows
TOP: Final = 5


def party(text: str) -> list[str]:
    """``--heroes``: a hero count (2-4, :data:`DEFAULT_PARTY`'s first heroes) or a comma list of
    2-4 heroes (``hero`` or ``hero:class``)."""
    from questbox.games.descent.data import library

    text = text.strip()
    if text.isdigit():
        n = int(text)
        if not 2 <= n <= 4:
            raise SetupError(f"--heroes {text}: a party is 2, 3 or 4 heroes")
        return list(DEFAULT_PARTY[:n])
    heroes = [h.strip() for h in text.split(",") if h.strip()]
    if not 2 <= len(heroes) <= 4:
        raise SetupError(f"--heroes {text}: 2, 3 or 4 heroes (a count or a comma list), not {len(heroes)}")
    known = sorted(library().heroes)
    for h in heroes:
        if h.split(":")[0] not in known:
            raise SetupError(f"--heroes: unknown hero {h.split(':')[0]!r} (known: {', '.join(known)})")
    if len({h.split(":")[0] for h in heroes}) != len(heroes):
        raise SetupError(f"--heroes {text}: each hero once")
    return heroes


def plot_deck(text: str) -> str | None:
    """``--plot``: a Plot deck of data/plot.yaml, or ``none`` (no Plot deck: the overlord's XP
    goes to threat, or to class cards with the Overlord deck)."""
    from questbox.games.descent.plot_cards import plot_data

    known = [d.id for d in plot_data().decks]
    if text == "none":
        return None
    if text not in known:
        raise SetupError(f"--plot {text}: unknown Plot deck (known: {', '.join(known)}, none)")
    return text


def _card_played(seat: str, act: Action) -> tuple[str, str] | None:
    """(kind, card id) when ``act`` plays a card: an Overlord card from the hand (``card X``), a
    hero's class card (a turn action of :data:`~questbox.games.descent.skills.BY_ACTION`, or
    ``use X`` / ``surge X`` naming a class card)."""
    from questbox.games.descent.skills import BY_ACTION, CARDS

    if seat == "overlord":
        return ("overlord", str(act.args[0])) if act.name == "card" and act.args else None
    if act.name in BY_ACTION:
        return ("hero", BY_ACTION[act.name])
    if act.name in ("use", "surge") and act.args and str(act.args[0]) in CARDS:
        return ("hero", str(act.args[0]))
    return None


def play_campaign(seed: int, heroes: Sequence[str], plot: str | None, campaign: str = "harrowmere",
                  overlord_deck: bool = False) -> JSON:
    """One campaign between the bots (:func:`campaign_play.run_campaign`) and its summary."""
    from questbox.games.descent.campaign_play import run_campaign

    tally: dict[str, Any] = {"overlord": Counter(), "hero": Counter(), "decisions": 0, "rounds": 0,
                             "encounters": 0}

    def observe(seat: str, act: Action) -> None:
        played = _card_played(seat, act)
        if played is not None:
            tally[played[0]][played[1]] += 1
        tally["decisions"] += 1

    def quest_over(st: DescentState) -> None:
        tally["rounds"] += st.round
        tally["encounters"] += 1

    log = run_campaign(seed, list(heroes), plot, campaign, overlord_deck=overlord_deck, observe=observe,
                       quest_over=quest_over)
    st = log["stats"]
    return {"seed": seed, "winner": log["winner"], "quests": len(log["history"]),
            "encounters": tally["encounters"], "rounds": tally["rounds"], "decisions": tally["decisions"],
            "quest_winners": [f"{h['quest']}:{h['winner']}" for h in log["history"]],
            "search_gold": sum(h.get("search_gold", 0) for h in log["history"]),
            "plot_bought": list(st["bought"]), "plot_played": dict(st["triggered"]),
            "overlord_bought": list(log.get("overlord_deck", [])),
            "skills_bought": [c for cs in log.get("skills", {}).values() for c in cs],
            "shop_bought": list(st.get("shop_bought", [])),
            "overlord_played": dict(tally["overlord"]), "class_used": dict(tally["hero"]),
            "rumors_played": list((log.get("rumors") or {}).get("played", [])),
            "rumor_quests": [f"{h['rumor']}:{h['winner']}" for h in log["history"] if "rumor" in h]}


def _chunk(args: tuple[list[int], list[str], str | None, str, bool]) -> list[JSON]:
    seeds, heroes, plot, campaign, od = args
    return [play_campaign(s, heroes, plot, campaign, od) for s in seeds]


def summaries(n: int, seed: int, heroes: Sequence[str], plot: str | None, campaign: str = "harrowmere",
              overlord_deck: bool = False, jobs: int = 1) -> list[JSON]:
    """The summaries of campaigns ``seed .. seed + n - 1``, in seed order (``jobs`` processes)."""
    seeds = list(range(seed, seed + n))
    if jobs <= 1 or n <= 1:
        return _chunk((seeds, list(heroes), plot, campaign, overlord_deck))
    size = max(1, min(25, n // (jobs * 4) or 1))
    parts = [seeds[i:i + size] for i in range(0, n, size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        done = pool.map(_chunk, [(p, list(heroes), plot, campaign, overlord_deck) for p in parts])
        return [row for rows in done for row in rows]


def _top(c: Counter[str]) -> dict[str, int]:
    return dict(sorted(c.items(), key=lambda kv: (-kv[1], kv[0])))


def _basic(plot: str | None) -> frozenset[str]:
    """The basic card(s) of Plot deck ``plot`` (face up from the start, never bought)."""
    from questbox.games.descent.plot import cards_of

    return frozenset(c.id for c in cards_of(plot).values() if c.basic) if plot else frozenset()


def report(rows: Sequence[JSON], heroes: Sequence[str], plot: str | None, campaign: str = "harrowmere",
           overlord_deck: bool = False, seed: int = 0) -> JSON:
    """The statistics of campaign summaries (:func:`play_campaign`)."""
    from questbox.sim.stats import wilson

    n = len(rows)
    wins = sum(r["winner"] == "overlord" for r in rows)
    lo, hi = wilson(wins, n)

    def count(key: str) -> dict[str, int]:
        c: Counter[str] = Counter()
        for r in rows:
            c.update(r.get(key, []))        # (rumors_played, rumor_quests: a row of before has none)
        return _top(c)

    def mean(key: str) -> float:
        return sum(r[key] for r in rows) / n if n else 0.0

    basic = _basic(plot)
    bought = count("plot_bought")
    triggered = count("plot_played")
    return {"campaigns": n, "campaign": campaign, "seed": seed, "heroes": list(heroes), "plot_deck": plot,
            "overlord_deck": overlord_deck, "overlord_wins": wins, "overlord_win_rate": wins / n if n else 0.0,
            "overlord_win_rate_95": [round(lo, 4), round(hi, 4)],
            "mean_quests": mean("quests"), "mean_encounters": mean("encounters"), "mean_rounds": mean("rounds"),
            "mean_decisions": mean("decisions"), "search_gold_per_campaign": mean("search_gold"),
            "quests": dict(sorted(count("quest_winners").items())),
            "bought": bought, "triggered": triggered,
            "plot_bought_per_campaign": sum(bought.values()) / n if n else 0.0,
            "plot_played_per_campaign": sum(v for c, v in triggered.items() if c not in basic) / n if n else 0.0,
            "overlord_cards_bought": count("overlord_bought"), "overlord_cards_played": count("overlord_played"),
            "skills_bought": count("skills_bought"), "class_cards_used": count("class_used"),
            "shop_bought": count("shop_bought"), "rumors_played": count("rumors_played"),
            "rumor_quests": dict(sorted(count("rumor_quests").items()))}


def simulate(n: int, seed: int, heroes: Sequence[str], plot: str | None, overlord_deck: bool = False,
             campaign: str = "harrowmere", jobs: int = 1) -> JSON:
    """``n`` bot campaigns from ``seed`` on and their statistics (:func:`report`)."""
    return report(summaries(n, seed, heroes, plot, campaign, overlord_deck, jobs), heroes, plot, campaign,
                  overlord_deck, seed)


def _tops(d: dict[str, int], k: int = TOP) -> str:
    return ", ".join(f"{c} {v:,}" for c, v in list(d.items())[:k]) or "-"


def table(rep: JSON) -> str:
    """A report as readable lines."""
    lo, hi = rep["overlord_win_rate_95"]
    last = rep["seed"] + rep["campaigns"] - 1
    lines = [
        f"{rep['campaigns']:,} campaigns of {rep['campaign']} (seeds {rep['seed']}..{last}), "
        f"heroes {', '.join(rep['heroes'])}, Plot deck {rep['plot_deck'] or 'none'}, "
        f"Overlord deck {'on' if rep['overlord_deck'] else 'off'}",
        f"overlord wins       {rep['overlord_wins']:,} ({100 * rep['overlord_win_rate']:.1f} %, "
        f"95 % interval {100 * lo:.1f}-{100 * hi:.1f} %)",
        f"per campaign        {rep['mean_quests']:.2f} quests, {rep['mean_encounters']:.2f} encounters, "
        f"{rep['mean_rounds']:.1f} rounds, {rep['mean_decisions']:.0f} decisions, "
        f"{rep['search_gold_per_campaign']:.1f} Search gold",
        f"Plot cards bought   {rep['plot_bought_per_campaign']:.2f} per campaign: {_tops(rep['bought'])}",
        f"Plot cards played   {rep['plot_played_per_campaign']:.2f} per campaign (the cards bought; with the "
        f"basic card: {_tops(rep['triggered'])})",
        f"Overlord bought     {_tops(rep['overlord_cards_bought'])}",
        f"Overlord played     {_tops(rep['overlord_cards_played'])}",
        f"skills bought       {_tops(rep['skills_bought'])}",
        f"class cards used    {_tops(rep['class_cards_used'])}",
        f"Shop items bought   {_tops(rep['shop_bought'])}",
        "quests (quest:winner) " + ", ".join(f"{q} {v:,}" for q, v in rep["quests"].items()),
    ]
    if rep.get("rumors_played"):        # a campaign with Rumor cards (issue #18)
        lines += [f"Rumor cards played  {_tops(rep['rumors_played'])}",
                  "Rumor quests (card:winner) " + ", ".join(f"{q} {v:,}" for q, v in rep["rumor_quests"].items())]
    return "\n".join(lines)


def _kinds(parts: Sequence[tuple[str, dict[str, int]]], k: int) -> str:
    return "; ".join(f"{name}: {_tops(d, k)}" for name, d in parts if d) or "-"


def markdown(reps: Sequence[JSON], k: int = 3) -> str:
    """Reports as one Markdown table, a row per report: the top ``k`` cards of each kind."""
    rows = ["| heroes | Plot deck | campaigns | overlord wins [95 %] | quests / rounds / decisions per campaign "
            "| Search gold | Plot cards bought / played per campaign | bought most | played most |",
            "|---|---|---|---|---|---|---|---|---|"]
    for r in reps:
        lo, hi = r["overlord_win_rate_95"]
        bought = _kinds([("Plot", r["bought"]), ("Overlord", r["overlord_cards_bought"]),
                         ("skills", r["skills_bought"])], k)
        played = _kinds([("Plot", r["triggered"]), ("Overlord", r["overlord_cards_played"]),
                         ("class", r["class_cards_used"])], k)
        rows.append(
            f"| {len(r['heroes'])} ({', '.join(r['heroes'])}) | {r['plot_deck'] or 'none'} | {r['campaigns']:,} "
            f"| {100 * r['overlord_win_rate']:.1f} % [{100 * lo:.1f}-{100 * hi:.1f}] "
            f"| {r['mean_quests']:.2f} / {r['mean_rounds']:.1f} / {r['mean_decisions']:.0f} "
            f"| {r['search_gold_per_campaign']:.1f} "
            f"| {r['plot_bought_per_campaign']:.2f} / {r['plot_played_per_campaign']:.2f} | {bought} | {played} |")
    return "\n".join(rows) + "\n"
