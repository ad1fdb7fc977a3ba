// Descent campaigns: the campaign sheet, read from the view (the campaign log as the seat sees it)
// and the game's glossary only: the campaign, its story and the next quest; the Shop's offer while
// shopping; each hero's class, XP, fortune, skills, upgrades, equipped cards and items; the
// overlord's XP, threat, Plot deck and cards (the face-down ones named for the overlord only: the
// heroes' view counts them), the Overlord class cards bought and his relics; the campaign's quests,
// each played with its winner, rounds and what it earned. While a quest is played, the quest
// itself is drawn by the Descent renderer below it (the hero sheets with their class, and the
// overlord's hand named for the overlord only). Cards are shown by their names and texts from the
// glossary (ui.rule(key); data-rule on each for the tooltip), never as raw ids. Shop items and Plot
// cards carry data-pick, so the Campaign phase's actions ("buy health-potion avric", "buy-plot
// fealty") can be picked on the page.

import { h, titleCase } from '../js/ui.js';
import * as descent from './descent.js';

export { actionLabel, actionTitle } from './descent.js';

/** The glossary entry for the first key that has one, else a name made from the id. */
function entry(ui, keys, id) {
  for (const k of keys) {
    const e = ui && ui.rule ? ui.rule(k) : null;
    if (e) return { key: k, ...e };
  }
  return { key: keys[0], name: titleCase(id), text: '', facts: [] };
}

function cardNode(kind, id, e, ui, extra = null) {
  return h('div', { class: 'dc-card', 'data-card': id, 'data-kind': kind, 'data-rule': e.key, 'data-testid': `${kind}-card`, 'data-pick': ui.canPick([id]) ? id : null },
    h('b', { class: 'dc-name' }, e.name),
    e.text ? h('p', { class: 'dc-text' }, e.text) : null,
    e.facts && e.facts.length ? h('div', { class: 'dc-facts' }, e.facts.map(([k, v]) => h('span', { class: 'chip' }, `${k}: ${v}`))) : null,
    extra);
}

const plot = (id, ui) => cardNode('plot', id, entry(ui, [`plot:${id}`], id), ui);
const shopItem = (id, ui) => cardNode('shop', id, entry(ui, [`shop:${id}`, `item:${id}`], id), ui);
const upgrade = (id, ui) => cardNode('upgrade', id, entry(ui, [`upgrade:${id}`, `card:${id}`], id), ui);
const item = (id, ui) => cardNode('item', id, entry(ui, [`shop:${id}`, `relic:${id}`, `item:${id}`], id), ui);
const relic = (id, ui) => cardNode('relic', id, entry(ui, [`relic:${id}`], id), ui);
const skill = (id, ui) => cardNode('skill', id, entry(ui, [`card:${id}`], id), ui);

/** The items a hero owns less the copies he has equipped (the log's items hold both). */
function unequipped(items, equipped) {
  const left = [...(items || [])];
  for (const it of equipped || []) { const i = left.indexOf(it); if (i >= 0) left.splice(i, 1); }
  return left;
}

function heroName(hero, ui) { return entry(ui, [`hero:${hero}`], hero).name; }

function section(title, testid, body) {
  return h('div', { class: 'dc-section', 'data-testid': testid }, h('h5', {}, title), body);
}

function cards(list, make, ui, none = 'none') {
  return list && list.length ? h('div', { class: 'dc-cards' }, list.map((id) => make(id, ui))) : h('span', { class: 'muted' }, none);
}

const overlordCard = (id, ui) => cardNode('overlord', id, entry(ui, [`overlord:${id}`], id), ui);

/** The campaign's quests in order (the glossary's campaign entry: one fact "quest N" each). */
function questList(c, ui) {
  const facts = entry(ui, [`campaign:${c.campaign}`], c.campaign).facts || [];
  return facts.filter(([k]) => /^quest \d+$/.test(k)).map(([, v]) => v);
}

/** What a quest played earned (its history entry), in words. */
function earned(q, ui) {
  const bits = [];
  const itemName = (id) => entry(ui, [`shop:${id}`, `relic:${id}`, `item:${id}`], id).name;
  if (q.search_cards && q.search_cards.length) bits.push(`Search cards ${q.search_cards.map(itemName).join(', ')} (${q.search_gold || 0} gold)`);
  if (q.treasure) bits.push(`${heroName(q.treasure.hero, ui)} found ${itemName(q.treasure.item)} in a Treasure Chest`);
  if (q.relic) bits.push(`${q.relic.side === 'overlord' ? 'the overlord' : 'the heroes'} won the relic ${entry(ui, [`relic:${q.relic.relic}`], q.relic.relic).name}`);
  return bits.join('; ');
}

function questsPlayed(c, ui) {
  const names = questList(c, ui);
  const history = c.history || [];
  const first = c.next - history.length;       // (a log started later holds the last quests only)
  const rows = (names.length ? names : history.map((q) => q.quest)).map((name, i) => {
    const q = i - first >= 0 ? history[i - first] : null;
    if (q) {
      const e = entry(ui, [`quest:${q.quest}`], q.quest);
      const what = earned(q, ui);
      const enc = q.encounters ? `; encounters won by the ${q.encounters.join(' and the ')}` : '';
      return h('li', { 'data-quest': q.quest, 'data-winner': q.winner, 'data-testid': 'quest-played' },
        h('b', { 'data-rule': e.key }, e.name), ` (${q.kind}): the ${q.winner} won in ${q.rounds} rounds${q.reason ? ` (${q.reason})` : ''}${enc}; threat after ${q.threat_after}`,
        what ? h('div', { class: 'dc-earned', 'data-testid': 'quest-earned' }, `earned: ${what}`) : null);
    }
    const next = i === c.next && c.phase !== 'over';
    return h('li', { class: next ? 'dc-next' : 'muted', 'data-testid': next ? 'quest-next' : null }, name,
      i < first ? ': played (not in this log)' : (next ? ': next' : ''));
  });
  return h('ol', {}, rows);
}

function overlordPart(c, ui) {
  const deck = c.plot_deck ? entry(ui, [`plotdeck:${c.plot_deck}`], c.plot_deck) : null;
  const parts = [h('div', { class: 'dc-facts' },
    h('span', { class: 'chip', 'data-rule': 'term:xp' }, `XP ${(c.xp || {}).overlord ?? 0}`),
    c.plot_deck ? h('span', { class: 'chip', 'data-rule': 'term:threat' }, `threat ${c.threat}`) : null,
    h('span', { class: 'chip', 'data-testid': 'plot-deck', 'data-rule': deck ? deck.key : null }, `Plot deck: ${deck ? deck.name : 'none'}`))];
  if (c.plot_deck) {
    parts.push(h('div', { class: 'dc-label' }, 'Plot cards face up'), cards(c.faceup, plot, ui),
      h('div', { class: 'dc-label' }, 'Plot cards face down'),
      Array.isArray(c.facedown) ? cards(c.facedown, plot, ui) : h('span', { class: 'muted', 'data-testid': 'facedown-count' }, `${c.facedown} cards (hidden)`));
  }
  if (Array.isArray(c.overlord_deck)) {
    parts.push(h('div', { class: 'dc-label' }, 'Overlord class cards bought (with the basic cards, his deck)'),
      h('div', { 'data-testid': 'overlord-class-cards' }, cards(c.overlord_deck, overlordCard, ui)));
  }
  parts.push(h('div', { class: 'dc-label' }, 'relics'), h('div', { 'data-testid': 'overlord-relics' }, cards(c.overlord_relics, relic, ui)));
  return parts;
}

function sheet(c, ui) {
  const campaign = entry(ui, [`campaign:${c.campaign}`], c.campaign);
  const story = ui && ui.rule ? ui.rule(`story:${c.campaign}`) : null;
  const next = questList(c, ui)[c.next];
  const top = h('div', { class: 'dc-facts dc-head' },
    h('span', { class: 'chip', 'data-rule': campaign.key }, campaign.name),
    h('span', { class: 'chip' }, `phase: ${c.phase}`),
    h('span', { class: 'chip', 'data-testid': 'campaign-next' }, c.phase === 'over' ? `over: the ${c.winner} win` : `quest ${c.next + 1}${next ? `: ${next}` : ''}`),
    h('span', { class: 'chip', 'data-rule': 'term:gold' }, `gold ${c.gold}`));
  const heroes = (c.heroes || []).map((hc) => {
    const [hero, cls] = hc.split(':');
    return h('div', { class: 'dc-hero', 'data-hero': hero },
      h('div', {}, h('b', { 'data-rule': `hero:${hero}` }, heroName(hero, ui)), cls ? h('span', { class: 'chip', 'data-rule': `class:${cls}`, 'data-testid': 'hero-class' }, entry(ui, [`class:${cls}`], cls).name) : null,
        h('span', { class: 'chip', 'data-rule': 'term:xp' }, `XP ${(c.xp || {})[hero] ?? 0}`),
        c.fortune && hero in c.fortune ? h('span', { class: 'chip', 'data-rule': 'term:fortune' }, `fortune ${c.fortune[hero]}`) : null),
      h('div', { class: 'dc-label' }, 'skills'), cards((c.skills || {})[hero], skill, ui),
      h('div', { class: 'dc-label' }, 'upgrades'), cards((c.upgrades || {})[hero], upgrade, ui),
      h('div', { class: 'dc-label' }, 'equipped'), cards((c.equipped || {})[hero], item, ui),
      h('div', { class: 'dc-label' }, 'other items'), cards(unequipped((c.items || {})[hero], (c.equipped || {})[hero]), item, ui));
  });
  const parts = [top];
  if (story && story.text) parts.push(h('p', { class: 'dc-story', 'data-testid': 'campaign-story' }, story.text));
  if (c.shop) {
    parts.push(section('Shop', 'shop', [cards(c.shop.offer, shopItem, ui, 'nothing on offer'),
      h('div', { class: 'muted' }, `${c.shop.deck} cards left in the Shop deck`)]));
  }
  parts.push(section('Heroes', 'campaign-heroes', h('div', { class: 'dc-heroes' }, heroes)));
  parts.push(section('The overlord', 'campaign-overlord', overlordPart(c, ui)));
  parts.push(section('Quests', 'quests-played', questsPlayed(c, ui)));
  return parts;
}

export function render(root, snap, ui) {
  const v = snap.view;
  root.append(h('div', { class: 'g-card dc-sheet', 'data-testid': 'campaign' }, h('h4', {}, 'The campaign'), sheet(v.campaign, ui)));
  // the quest: its hero sheets name each hero's class (the campaign's "hero:class" words)
  const heroClasses = Object.fromEntries((v.campaign.heroes || []).map((x) => x.split(':')));
  if (v.encounter) descent.render(root, { ...snap, view: v.encounter, heroClasses }, ui);
}
