"""Descent's rule texts for the web table (:meth:`questbox.core.state.Game.glossary`), read from
the game's data files only (``data/*.yaml``: heroes, classes, monsters and their abilities, dice,
search cards, terrain, quests and their goals, the Plot decks and the campaigns; the texts those
lack are in ``data/glossary.yaml``). It imports nothing from the engine.

Keys: ``hero:syndrael``, ``class:berserker``, ``card:rage`` (class cards), ``monster:zombie``,
``group:<quest>:<group>`` (a quest's monster group: its monster's stat lines in the quest's act),
``ability:scamper``, ``die:blue``, ``item:health-potion`` (search and shop cards), ``quest:<id>``,
``goal:<quest>:<side>``, ``counter:<quest>:<counter>``, ``plot:<card>``, ``upgrade:<id>``,
``term:threat``, ``terrain:water``, ``overlord:dark-might`` (Overlord cards), ``mark:monkey`` (a figure's
marks: the name the terminal and the page give it, and the Overlord card that gives it). The campaign game adds its
campaigns (``campaign:<id>``: the story, then its quests by name, one fact ``quest N`` each; ``story:<id>``:
the story alone, when it has one) and upgrades.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import yaml

from questbox.core.state import JSON, Game

DATA = Path(__file__).resolve().parent / "data"

GUIDE = [
    "Two to four heroes explore a quest's map against the overlord, who plays its monsters. Each quest "
    "says how each side wins (for example: defeat the Bone Warden, or the overlord wins at Doom 9).",
    "A hero's turn: two actions among move (speed in spaces), attack, rest, search, open a door or use a "
    "skill; stamina pays for extra movement and skills. Attacks roll the weapon's dice against the "
    "target's defense dice: hearts are damage, surges buy extra effects, range must reach the target.",
    "The overlord activates each monster group in turn (two actions per monster) and brings reinforcements.",
    "Hover or tap a figure, counter or card to read its stats and rules; the Rules panel lists everything.",
]
ROMAN = {1: "I", 2: "II"}


@functools.cache
def _load(name: str) -> Any:
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


def _e(key: str, name: str, text: str, source: str, facts: list[list[str]] | None = None) -> JSON:
    return {"key": key, "name": name, "text": " ".join(str(text).split()), "source": source, "facts": facts or []}


def _surge(s: dict[str, Any]) -> str:
    cost = s.get("cost", 1)
    value = f" +{s['value']}" if "value" in s else ""
    return f"{'surge ' * cost}→ {s['effect']}{value}".strip()


def _abilities() -> dict[str, dict[str, Any]]:
    return {a["id"]: a for a in _load("abilities.yaml")["abilities"]}


def _overlord_entries() -> list[JSON]:
    """The Overlord cards (``overlord:<id>``): name, our paraphrase of the effect, deck, type, copies."""
    return [
        _e(
            f"overlord:{c['id']}",
            c["name"],
            c["effect"],
            c["source"],
            [["deck", c["deck"]], ["type", c["type"]], ["XP", str(c["xp"])], ["copies", str(c["copies"])],
             ["played here", "yes" if c["plays"] else "no"]],
        )
        for c in _load("overlord.yaml")["cards"]
    ]


def _mark_entries() -> list[JSON]:
    """A figure's marks (``mark:<id>``): its name, the text of the Overlord card that gives it, the card."""
    cards = {c["id"]: c for c in _load("overlord.yaml")["cards"]}
    return [
        _e(f"mark:{m['id']}", m["name"], cards[m["card"]]["effect"], cards[m["card"]]["source"],
           [["card", cards[m["card"]]["name"]]])
        for m in _load("glossary.yaml")["marks"]
    ]


@functools.cache
def mark_name(mark: str) -> str:
    """A mark by name and card (``Monkey (Curse of the Monkey God)``); an unknown mark by its id."""
    for e in _mark_entries():
        if e["key"] == f"mark:{mark}":
            return f"{e['name']} ({e['facts'][0][1]})"
    return mark.replace("-", " ").capitalize()


def stat_line(stat: dict[str, Any], attack: str) -> str:
    """``speed 3 · health 6 · defense brown · attack blue+yellow (melee) · Shambling, Grab``."""
    names = _abilities()
    abil = ", ".join(names[a]["name"] if a in names else a for a in stat.get("abilities", []))
    parts = [
        f"speed {stat['speed']}",
        f"health {stat['health']}",
        f"defense {'+'.join(stat['defense'])}",
        f"attack {'+'.join(stat['dice'])} ({attack})",
    ]
    if abil:
        parts.append(abil)
    if stat.get("surges"):
        parts.append("surges: " + "; ".join(_surge(s) for s in stat["surges"]))
    return " · ".join(parts)


def _monster_entries() -> tuple[list[JSON], dict[str, dict[str, Any]]]:
    out, by_id = [], {}
    for m in _load("monsters.yaml")["monsters"]:
        by_id[m["id"]] = m
        facts = []
        for act, roles in sorted(m["acts"].items()):
            for role in ("minion", "master"):
                if role in roles:
                    facts.append([f"Act {ROMAN.get(int(act), act)} {role}", stat_line(roles[role], m["attack"])])
        abil = _abilities()
        ids = sorted({a for roles in m["acts"].values() for r in roles.values() for a in r.get("abilities", [])})
        text = f"{m['name']}: {m['attack']} attacker, traits {', '.join(m.get('traits', []))}. " + " ".join(
            f"{abil[a]['name']}: {abil[a]['text']}" for a in ids if a in abil
        )
        out.append(_e(f"monster:{m['id']}", m["name"], text, m["source"], facts))
    return out, by_id


def _goal_text(v: dict[str, Any], counters: dict[str, str]) -> str:
    side = "the heroes" if v["side"] == "heroes" else "the overlord"
    if v["when"] == "counter":
        wins = "wins" if side == "the overlord" else "win"
        return f"{counters.get(v['counter'], v['counter'])} {v['at_least']}: {side} {wins} ({v['reason']})."
    return f"{side.capitalize()} win{'s' if side == 'the overlord' else ''} when {v['reason']}."


def _quests(monsters: dict[str, dict[str, Any]]) -> list[JSON]:
    out = []
    for path in sorted((DATA / "quests").glob("*.yaml")):
        q = yaml.safe_load(path.read_text(encoding="utf-8"))
        qid, act = q["id"], int(q.get("act", 1))
        counters = {c["id"]: c.get("name", c["id"]) for c in q.get("counters", [])}
        goals = [_goal_text(v, counters) for v in q.get("victory", [])]
        out.append(
            _e(
                f"quest:{qid}",
                q["name"],
                f"{q.get('story', '')} Goals: {' '.join(goals)}",
                q["source"],
                [["act", ROMAN.get(act, str(act))], *[["goal", g] for g in goals]],
            )
        )
        sides: dict[str, list[str]] = {}        # a side may win in more than one way (one entry)
        for v, g in zip(q.get("victory", []), goals, strict=True):
            sides.setdefault(v["side"], []).append(g)
        for side, texts in sides.items():
            out.append(
                _e(
                    f"goal:{qid}:{side}",
                    f"{q['name']}: how {'the heroes win' if side == 'heroes' else 'the overlord wins'}",
                    " Or: ".join(texts),
                    q["source"],
                )
            )
        for c in q.get("counters", []):
            gains = ", ".join(f"+{x['amount']} at {x['at']}" for x in c.get("gain", []))
            ends = [g for v, g in zip(q.get("victory", []), goals, strict=True) if v.get("counter") == c["id"]]
            out.append(
                _e(
                    f"counter:{qid}:{c['id']}",
                    c.get("name", c["id"]),
                    f"{c.get('name', c['id'])} rises: {gains}. {' '.join(ends)}",
                    q["source"],
                )
            )
        for grp in q.get("groups", []):
            if grp.get("lieutenant"):
                out.append(_lieutenant_group(qid, act, grp))
                continue
            m = monsters.get(grp["monster"])
            if m is None:
                continue
            roles = m["acts"].get(act) or m["acts"].get(str(act)) or {}
            name = grp.get("name", m["name"])
            facts = [[role, stat_line(roles[role], m["attack"])] for role in ("master", "minion") if role in roles]
            if grp.get("health_bonus"):
                facts.append(
                    ["extra health (2/3/4 heroes)", "/".join(str(grp["health_bonus"].get(n, 0)) for n in (2, 3, 4))]
                )
            out.append(
                _e(
                    f"group:{qid}:{grp['id']}",
                    name,
                    f"{name}: {m['name']} group, Act {ROMAN.get(act, act)} ({m['attack']}).",
                    q["source"],
                    facts,
                )
            )
    return out


def _lieutenant_group(qid: str, act: int, grp: dict[str, Any]) -> JSON:
    """A quest's group that is a lieutenant (data/lieutenants.yaml): his card in the quest's act."""
    doc = _load("lieutenants.yaml")
    lt = next(x for x in doc["lieutenants"] if x["id"] == grp["lieutenant"])
    names = {a["id"]: a for a in doc["abilities"]}
    line = next(a for a in lt["acts"] if a["act"] == act)
    name = grp.get("name", lt["name"])
    facts = [[f"{n} heroes", f"speed {sp} · health {hp} · defense {'+'.join(d)}"]
             for n, (sp, hp, d) in zip((2, 3, 4), line["per_heroes"], strict=True)]
    facts.append(["attack", f"{'+'.join(line['dice'])} ({line['attack']})"])
    facts.append(["attributes", ", ".join(f"{k} {v}" for k, v in lt["attributes"].items())])
    facts += [[names[a]["name"], names[a]["text"] + ("" if "unplayed" not in names[a] else " (not played)")]
              for a in line["abilities"]]
    return _e(f"group:{qid}:{grp['id']}", name, f"{name}: lieutenant, Act {ROMAN.get(act, act)} ({line['attack']}).",
              lt["source"], facts)


def _campaigns(search: dict[str, dict[str, Any]]) -> list[JSON]:
    out = []
    for path in sorted((DATA / "campaigns").glob("*.yaml")):
        c = yaml.safe_load(path.read_text(encoding="utf-8"))
        quests = [f"{quest_name(q['quest'])} ({q['kind']})" for q in c["quests"]]
        story = f"{c['story']} " if c.get("story") else ""
        out.append(
            _e(
                f"campaign:{c['id']}",
                c["name"],
                f"{story}Quests in order: " + ", ".join(quests) + ".",
                c["source"],
                # (one fact per quest, "quest 1": its name and kind, in the campaign's order)
                [*([k, str(v)] for k, v in c.get("rewards", {}).items()),
                 *([f"quest {i + 1}", q] for i, q in enumerate(quests))],
            )
        )
        if c.get("story"):
            out.append(_e(f"story:{c['id']}", c["name"], c["story"], c["source"]))
        for u in c.get("upgrades", []):
            if any(e["key"] == f"upgrade:{u['id']}" for e in out):
                continue                        # two campaigns may offer the same upgrade
            out.append(
                _e(
                    f"upgrade:{u['id']}",
                    u["name"],
                    f"{u['text']} (costs {u['xp']} XP, at most {u['max']}).",
                    c["source"],
                )
            )
        for s in c.get("shop", []):
            card = search.get(s["id"], {})
            out.append(
                _e(
                    f"shop:{s['id']}",
                    card.get("name", s["id"]),
                    card.get("text", ""),
                    c["source"],
                    [["cost", f"{s['cost']} gold"], ["in the Shop deck", str(s.get("count", 1))]],
                )
            )
    return out


def item_name(iid: str) -> str:
    """A card a hero holds by name: a Search card, a Shop Item, a relic or a class card (the one
    lookup of the terminal, the page's sheets and the campaign sheet; its id if none has it)."""
    for file, key in (("search.yaml", "cards"), ("shop.yaml", "items"), ("relics.yaml", "relics")):
        got = _item_names(file, key).get(iid)
        if got is not None:
            return got
    return _class_card_names().get(iid, iid)


@functools.cache
def _class_card_names() -> dict[str, str]:
    """The class cards' names (starting cards and skills: ``classes.yaml``, ``skills.yaml``)."""
    out: dict[str, str] = {}
    for file, key in (("classes.yaml", "cards"), ("skills.yaml", "skills")):
        for c in yaml.safe_load((DATA / file).read_text(encoding="utf-8"))["classes"]:
            out.update({str(x["id"]): str(x["name"]) for x in c.get(key, [])})
    return out


def plot_name(cid: str) -> str:
    """A Plot card by name (``data/plot.yaml``)."""
    return _plot_names().get(cid, cid)


@functools.cache
def _plot_names() -> dict[str, str]:
    doc = yaml.safe_load((DATA / "plot.yaml").read_text(encoding="utf-8"))
    return {str(c["id"]): str(c["name"]) for d in doc["decks"] for c in d["cards"]}


def class_name(cid: str) -> str:
    """A hero class by name (``data/classes.yaml``; its id if the file lacks it)."""
    return _item_names("classes.yaml", "classes").get(cid, cid)


@functools.cache
def _item_names(file: str, key: str) -> dict[str, str]:
    doc = yaml.safe_load((DATA / file).read_text(encoding="utf-8"))
    return {str(x["id"]): str(x["name"]) for x in doc[key]}


@functools.cache
def quest_name(qid: str) -> str:
    """A quest's name (``data/quests/<id>.yaml``; the id for an inline quest)."""
    path = DATA / "quests" / f"{qid}.yaml"
    return str(yaml.safe_load(path.read_text(encoding="utf-8"))["name"]) if path.is_file() else qid


def _shop_entries() -> list[JSON]:
    """The printed Shop Item cards (``shop:<id>``) and relics (``relic:<id>``): texts and facts."""
    from questbox.games.descent.catalog import catalog
    from questbox.games.descent.modules.items import relics

    def facts(equip: str | None, dice: list[str], played: bool, why: str | None) -> list[list[str]]:
        out = [["equip", equip]] if equip else []
        out += [["dice", " ".join(dice)]] if dice else []
        out.append(["played here", ("yes" if played else "no") + (f" ({why})" if why else "")])
        return out

    out = [_e(f"shop:{i.id}", i.name, i.effect, i.source,
              [["cost", f"{i.cost} gold"], ["act", "I" if i.act == 1 else "II"],
               *facts(i.equip, i.dice, i.played, i.why)])
           for i in catalog().shop.values()]
    out += [_e(f"relic:{r.id}", r.name, r.effect, r.source,
               [["relic of", "the heroes" if r.side == "heroes" else "the overlord (a lieutenant's)"],
                *facts(r.equip, r.dice, r.played, r.why)]) for r in relics().values()]
    return out


def _hero_entries() -> list[JSON]:
    return [
        _e(
            f"hero:{h['id']}",
            h["name"],
            f"Ability: {h['ability']} Heroic feat: {h['feat']}",
            h["source"],
            [
                ["archetype", h["archetype"]],
                ["speed", str(h["speed"])],
                ["health", str(h["health"])],
                ["stamina", str(h["stamina"])],
                ["defense", "+".join(h["defense"])],
                [
                    "might / knowledge / willpower / awareness",
                    f"{h['might']} / {h['knowledge']} / {h['willpower']} / {h['awareness']}",
                ],
            ],
        )
        for h in _load("heroes.yaml")["heroes"]
    ]


def _class_entries() -> tuple[list[JSON], list[JSON]]:
    classes: list[JSON] = []
    cards: list[JSON] = []
    for c in _load("classes.yaml")["classes"]:
        classes.append(
            _e(
                f"class:{c['id']}",
                c["name"],
                f"{c['archetype']} class; starting cards: " + ", ".join(x["name"] for x in c.get("cards", [])) + ".",
                c["source"],
            )
        )
        for x in c.get("cards", []):
            if any(e["key"] == f"card:{x['id']}" for e in cards):
                continue            # (the Wooden Shield of two classes)
            facts = [["kind", x["kind"]]]
            if x.get("dice"):
                facts.append(["dice", "+".join(x["dice"])])
            cards.append(_e(f"card:{x['id']}", x["name"], x.get("text", ""), c["source"], facts))
    skills = _load("skills.yaml")
    for c in skills["classes"]:         # the skill cards (the starting ones not in classes.yaml too)
        for x in c["skills"]:
            if any(e["key"] == f"card:{x['id']}" for e in cards):
                continue
            facts = [["class", c["name"]], ["XP", str(x["xp"])], ["fatigue", str(x["fatigue"])]]
            if not x.get("played", True):
                facts.append(["not played", x["why"]])
            cards.append(_e(f"card:{x['id']}", x["name"], x["effect"], c["source"], facts))
    return classes, cards


def _plot_entries(texts: JSON, ours: str) -> list[JSON]:
    plot: list[JSON] = []
    data = _load("plot.yaml")
    agents = {a["id"]: a["name"] for a in data.get("agents", [])}
    for deck in data["decks"]:
        plot.append(_e(f"plotdeck:{deck['id']}", deck["name"], texts.get("plotdeck", {}).get(deck["id"], ""),
                       f"{deck['source']}; text {ours}",
                       [["lieutenant", agents.get(deck.get("lieutenant", ""), "")],
                        ["cards", str(len(deck["cards"]))]]))
        for p in deck["cards"]:
            plot.append(
                _e(
                    f"plot:{p['id']}",
                    p["name"],
                    texts["plot"].get(p["id"], ""),
                    f"{p['source']}; text {ours}",
                    [["deck", deck["name"]], ["buy", f"{p['buy']} threat"], ["trigger", f"{p['trigger']} threat"]],
                )
            )
    return plot


def glossary(game: Game) -> JSON:
    monsters, by_id = _monster_entries()
    texts = _load("glossary.yaml")
    ours = str(texts["source"])
    heroes = _hero_entries()
    classes, cards = _class_entries()
    abilities = [
        _e(
            f"ability:{a['id']}",
            a["name"],
            a["text"],
            a["source"],
            [["kind", a.get("kind", "")], ["played here", "yes" if a.get("implemented", True) else "no"]],
        )
        for a in _load("abilities.yaml")["abilities"]
    ]
    dice = [
        _e(f"die:{d['id']}", d["name"], f"{d['name']} ({d['kind']}).", d["source"])
        for d in _load("dice.yaml")["dice"]
    ]
    search = {s["id"]: s for s in _load("search.yaml")["cards"]}
    items = [
        _e(f"item:{s['id']}", s["name"], s.get("text", ""), s["source"], [["value", f"{s.get('value', 0)} gold"]])
        for s in search.values()
    ]
    terrain = [
        _e(
            f"terrain:{t['id']}",
            t["id"].capitalize(),
            t.get("text", f"Costs {t.get('cost', 1)} movement to enter."),
            t["source"],
            [["cost", str(t.get("cost", ""))]],
        )
        for t in _load("terrain.yaml")["terrain"]
    ]
    plot = _plot_entries(texts, ours)
    terms = [_e(f"term:{k}", k.capitalize() if k != "xp" else "XP", v, ours) for k, v in texts["terms"].items()]
    sections = [
        {"id": "quests", "title": "Quests and their goals", "entries": _quests(by_id)},
        {"id": "heroes", "title": "Heroes", "entries": heroes},
        {"id": "classes", "title": "Classes", "entries": classes},
        {"id": "class-cards", "title": "Class cards", "entries": cards},
        {"id": "monsters", "title": "Monsters and their stat lines", "entries": monsters},
        {"id": "abilities", "title": "Monster abilities", "entries": abilities},
        {"id": "dice", "title": "Dice", "entries": dice},
        {"id": "items", "title": "Search cards and items", "entries": items},
        {"id": "terrain", "title": "Terrain", "entries": terrain},
        {"id": "overlord", "title": "Overlord cards", "entries": _overlord_entries()},
        {"id": "marks", "title": "Marks on figures", "entries": _mark_entries()},
    ]
    if game.id == "descent-campaign":
        sections += [
            {"id": "campaign", "title": "The campaign, its upgrades and its Shop", "entries": _campaigns(search)},
            {"id": "shop", "title": "Shop Item cards and relics", "entries": _shop_entries()},
            {"id": "plot", "title": "Plot cards", "entries": plot},
            {"id": "terms", "title": "Campaign words", "entries": terms},
        ]
    else:
        sections.append({"id": "plot", "title": "Plot cards (campaign quests)", "entries": plot + terms})
    return {"game": game.id, "title": game.title, "guide": GUIDE, "sections": sections}
