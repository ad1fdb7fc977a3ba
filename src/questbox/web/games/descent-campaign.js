// Descent campaigns: the campaign sheet (the next quest, XP, gold, threat and fortune, the Plot
// cards, the Shop's offer, the heroes' upgrades, equipped cards and items, the overlord's relics, the
// quests played) and, while a quest is played, the quest itself, drawn by the Descent renderer. Cards are shown by their names and texts
// from the game's glossary (ui.rule(key); data-rule on each for the tooltip), never as raw ids.
// Shop items and Plot cards carry data-pick, so the Campaign phase's actions ("buy health-potion
// avric", "buy-plot fealty") can be picked on the page.

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

function heroName(hero, ui) { return entry(ui, [`hero:${hero}`], hero).name; }

function section(title, testid, body) {
  return h('div', { class: 'dc-section', 'data-testid': testid }, h('h5', {}, title), body);
}

function cards(list, make, ui, none = 'none') {
  return list && list.length ? h('div', { class: 'dc-cards' }, list.map((id) => make(id, ui))) : h('span', { class: 'muted' }, none);
}

function sheet(c, ui) {
  const deck = c.plot_deck ? entry(ui, [`plotdeck:${c.plot_deck}`], c.plot_deck) : null;
  const campaign = entry(ui, [`campaign:${c.campaign}`], c.campaign);
  const top = h('div', { class: 'dc-facts dc-head' },
    h('span', { class: 'chip', 'data-rule': campaign.key }, campaign.name),
    h('span', { class: 'chip' }, `phase: ${c.phase}`),
    h('span', { class: 'chip' }, c.phase === 'over' ? `over: the ${c.winner} win` : `quest ${c.next + 1}`),
    h('span', { class: 'chip', 'data-rule': 'term:gold' }, `gold ${c.gold}`),
    c.plot_deck ? h('span', { class: 'chip', 'data-rule': 'term:threat' }, `threat ${c.threat}`) : null,
    h('span', { class: 'chip', 'data-testid': 'plot-deck', 'data-rule': deck ? deck.key : null }, `Plot deck: ${deck ? deck.name : 'none'}`),
    h('span', { class: 'chip', 'data-rule': 'term:xp' }, `overlord XP ${(c.xp || {}).overlord ?? 0}`));
  const heroes = (c.heroes || []).map((hc) => {
    const [hero, cls] = hc.split(':');
    return h('div', { class: 'dc-hero', 'data-hero': hero },
      h('div', {}, h('b', { 'data-rule': `hero:${hero}` }, heroName(hero, ui)), cls ? h('span', { class: 'chip', 'data-rule': `class:${cls}` }, entry(ui, [`class:${cls}`], cls).name) : null,
        h('span', { class: 'chip', 'data-rule': 'term:xp' }, `XP ${(c.xp || {})[hero] ?? 0}`),
        c.fortune && hero in c.fortune ? h('span', { class: 'chip', 'data-rule': 'term:fortune' }, `fortune ${c.fortune[hero]}`) : null),
      h('div', { class: 'dc-label' }, 'skills'), cards((c.skills || {})[hero], skill, ui),
      h('div', { class: 'dc-label' }, 'upgrades'), cards((c.upgrades || {})[hero], upgrade, ui),
      h('div', { class: 'dc-label' }, 'equipped'), cards((c.equipped || {})[hero], item, ui),
      h('div', { class: 'dc-label' }, 'items'), cards((c.items || {})[hero], item, ui));
  });
  const parts = [top];
  if (c.plot_deck) {
    parts.push(section('Plot cards', 'plot-cards', [
      h('div', { class: 'dc-label' }, 'face up'), cards(c.faceup, plot, ui),
      h('div', { class: 'dc-label' }, 'face down'),
      Array.isArray(c.facedown) ? cards(c.facedown, plot, ui) : h('span', { class: 'muted' }, `${c.facedown} cards (hidden)`)]));
  }
  if (c.shop) {
    parts.push(section('Shop', 'shop', [cards(c.shop.offer, shopItem, ui, 'nothing on offer'),
      h('div', { class: 'muted' }, `${c.shop.deck} cards left in the Shop deck`)]));
  }
  parts.push(section('Heroes', 'campaign-heroes', h('div', { class: 'dc-heroes' }, heroes)));
  if (c.overlord_relics && c.overlord_relics.length) {
    parts.push(section("The overlord's relics", 'overlord-relics', cards(c.overlord_relics, relic, ui)));
  }
  if (c.history && c.history.length) {
    parts.push(section('Quests played', 'quests-played', h('ol', {}, c.history.map((q) => h('li', {},
      h('b', { 'data-rule': `quest:${q.quest}` }, entry(ui, [`quest:${q.quest}`], q.quest).name),
      ` (${q.kind}): the ${q.winner} won${q.reason ? ` (${q.reason})` : ''}, ${q.rounds} rounds`)))));
  }
  return parts;
}

export function render(root, snap, ui) {
  const v = snap.view;
  root.append(h('div', { class: 'g-card dc-sheet', 'data-testid': 'campaign' }, h('h4', {}, 'The campaign'), sheet(v.campaign, ui)));
  if (v.encounter) descent.render(root, { ...snap, view: v.encounter }, ui);
}
