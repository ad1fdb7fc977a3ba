// Descent campaigns: the campaign log (the next quest, XP, gold, threat and fortune, the Plot cards,
// the Shop's offer, the heroes' upgrades and items) as a panel, and while a quest is played the
// quest itself, drawn by the Descent renderer. Shop items and Plot cards carry data-pick, so the
// Campaign phase's actions ("buy health-potion avric", "buy-plot fealty") can be picked on the page.

import { h } from '../js/ui.js';
import * as descent from './descent.js';
import { value } from './generic.js';

function campaignFacts(c) {
  const facts = {
    phase: c.phase,
    quest: c.phase === 'over' ? `over: the ${c.winner} win` : `${c.next + 1}`,
    gold: c.gold,
    xp: c.xp,
  };
  if (c.plot_deck) {
    facts['plot deck'] = c.plot_deck;
    facts.threat = c.threat;
    facts['face up'] = c.faceup;
    facts['face down'] = Array.isArray(c.facedown) ? c.facedown : `${c.facedown} cards`;
    facts.fortune = c.fortune;
  } else {
    facts['plot deck'] = 'none';
  }
  if (c.shop) facts.shop = { offer: c.shop.offer, 'cards left': c.shop.deck };
  facts.upgrades = c.upgrades;
  facts.items = c.items;
  if (c.history && c.history.length) {
    facts.quests = c.history.map((q) => ({ quest: q.quest, kind: q.kind, winner: q.winner, rounds: q.rounds }));
  }
  return facts;
}

export function render(root, snap, ui) {
  const v = snap.view;
  root.append(h('div', { class: 'g-card', 'data-testid': 'campaign' }, h('h4', {}, 'The campaign'),
    value(campaignFacts(v.campaign), ui, 1)));
  if (v.encounter) descent.render(root, { ...snap, view: v.encounter }, ui);
}
