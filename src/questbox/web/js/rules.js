// Rules at hand: the game's glossary (GET /api/games/<id>/glossary, the game's own paraphrased
// texts; this page holds no rule text) shown as a tooltip over everything a renderer marks with
// data-rule="KEY" (hover, keyboard focus, or a long press / tap on a phone), a Rules panel listing
// every entry, and the link to the game's How to play page (/static/howto.html#<game>).

import { api, clear, h } from './ui.js';

const cache = new Map();   // game id -> Promise<{doc, byKey}>

export function loadGlossary(gameId) {
  if (!cache.has(gameId)) {
    cache.set(gameId, api(`/api/games/${encodeURIComponent(gameId)}/glossary`).then((doc) => {
      const byKey = new Map();
      for (const s of doc.sections) for (const e of s.entries) byKey.set(e.key, e);
      return { doc, byKey };
    }).catch(() => ({ doc: { sections: [], guide: [] }, byKey: new Map() })));
  }
  return cache.get(gameId);
}

/** Keys the renderers already carry as data attributes (cards, adventurers), per game. */
function keyOf(el, gameId) {
  if (el.dataset.rule) return el.dataset.rule;
  if (gameId === 'heirs' && el.dataset.card) return `card:${el.dataset.card}`;
  if (gameId === 'hero-ik') {
    if (el.dataset.adventurer) return `adventurer:${el.dataset.adventurer}`;
    if (el.dataset.card) return el.dataset.card === 'liche' ? 'final:liche' : `dungeon:${el.dataset.card}`;
  }
  return null;
}

function entryNode(e) {
  return [h('b', { class: 'rule-name' }, e.name), h('p', { class: 'rule-text' }, e.text),
    e.facts && e.facts.length ? h('dl', { class: 'rule-facts' }, e.facts.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])) : null,
    h('small', { class: 'rule-source' }, e.source)];
}

let tip = null;
let tipFor = null;
function tipEl() {
  if (!tip) {
    tip = h('div', { id: 'rule-tip', class: 'rule-tip', role: 'tooltip', hidden: true, 'data-testid': 'rule-tip' });
    document.body.append(tip);
    document.addEventListener('pointerdown', (ev) => { if (tipFor && !tipFor.contains(ev.target)) hideTip(); });
    document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') hideTip(); });
  }
  return tip;
}

export function showTip(el, e) {
  const t = tipEl();
  clear(t).append(...entryNode(e).filter(Boolean));
  t.hidden = false;
  tipFor = el;
  const r = el.getBoundingClientRect();
  const w = Math.min(320, window.innerWidth - 16);
  t.style.maxWidth = `${w}px`;
  const left = Math.max(8, Math.min(window.innerWidth - w - 8, r.left + r.width / 2 - w / 2));
  const below = r.bottom + 8 + t.offsetHeight < window.innerHeight || r.top < t.offsetHeight + 16;
  t.style.left = `${left + window.scrollX}px`;
  t.style.top = `${(below ? r.bottom + 8 : r.top - t.offsetHeight - 8) + window.scrollY}px`;
}

export function hideTip() {
  if (tip) tip.hidden = true;
  tipFor = null;
}

/** Give every marked element under root its rule tooltip. */
export function wireRules(root, gameId, glossary) {
  for (const el of root.querySelectorAll('[data-rule], [data-card], [data-adventurer]')) {
    const key = keyOf(el, gameId);
    const e = key && glossary.byKey.get(key);
    if (!e) continue;
    el.classList.add('has-rule');
    el.dataset.ruleKey = key;
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    el.setAttribute('aria-description', `${e.name}: ${e.text}`);
    for (const t of el.querySelectorAll(':scope > title')) t.remove();   // our tip replaces the native one
    if (el.tagName !== 'svg' && el.namespaceURI !== 'http://www.w3.org/2000/svg') el.removeAttribute('title');
    let press = null;
    el.addEventListener('pointerenter', (ev) => { if (ev.pointerType === 'mouse') showTip(el, e); });
    el.addEventListener('pointerleave', (ev) => { if (ev.pointerType === 'mouse' && tipFor === el) hideTip(); });
    el.addEventListener('focus', () => showTip(el, e));
    el.addEventListener('blur', () => { if (tipFor === el) hideTip(); });
    // a phone: a long press shows the rule (a short tap still picks)
    el.addEventListener('pointerdown', (ev) => {
      if (ev.pointerType === 'mouse') return;
      press = setTimeout(() => { press = null; showTip(el, e); }, 450);
    });
    const cancel = () => { if (press) { clearTimeout(press); press = null; } };
    el.addEventListener('pointerup', cancel);
    el.addEventListener('pointercancel', cancel);
    el.addEventListener('contextmenu', (ev) => { ev.preventDefault(); showTip(el, e); });
  }
}

/** The side panel: How to play, and every entry of the glossary by section. */
export function rulesPanel(root, gameId, glossary) {
  clear(root);
  root.append(h('h3', {}, 'Rules',
    h('a', { class: 'howto-link', href: `/static/howto.html#${encodeURIComponent(gameId)}`, target: '_blank', rel: 'noopener', 'data-testid': 'howto-link' }, 'How to play')));
  for (const s of glossary.doc.sections) {
    root.append(h('details', { class: 'rule-section', 'data-section': s.id }, h('summary', {}, s.title),
      h('ul', {}, s.entries.map((e) => h('li', { 'data-rule-entry': e.key }, ...entryNode(e).filter(Boolean))))));
  }
}
