// Descent: Journeys in the Dark (2nd ed.) — the quest map in SVG (map tiles, walls, doors, water and
// obstacles, search tokens), heroes and monsters as figures with their health, the hero sheets,
// the monster groups, Doom, and the attack in progress with its dice. Squares carry
// data-pick=<square> ("move D6", "search B7") and figures data-pick=<figure id> ("attack zombie-1").
// Combat, read from the view only: the surge step shows the hearts against the shields rolled; the
// further figures of a Blast or area attack (the attack's area:/more: flags) and the spaces of a Fire
// Breath path being traced (the breath decision's data) are marked on the map; conditions are
// marked on the figures; each figure's tooltip lists its abilities with their glossary texts (a
// lieutenant's: his card's stat line and ability texts, from the view's mods.lieutenants); the
// Overlord deck's hand is named for the overlord only (counted for the heroes).
// Each hero's sheet names his class (figures.<id>.class), the cards he has equipped in a campaign's
// quest (figures.<id>.equipped) and his marks (figures.<id>.marks, e.g. the monkey), by glossary names;
// a mark is also a badge on the token, its tooltip the card that gave it.

import { h, svg } from '../js/ui.js';
import { value } from './generic.js';

if (!document.querySelector('link[data-game="descent"]')) {
  document.head.append(h('link', { rel: 'stylesheet', href: '/static/games/descent.css', 'data-game': 'descent' }));
}

const S = 40;
const TILE_COLOURS = ['#8b7a5e', '#6f7f8c', '#7d6a86', '#6d8a6a', '#8c6f5a', '#7a8790', '#92825a', '#6a6f87'];
const HERO_COLOURS = ['#3b6fd8', '#d6a21e', '#2f9a5b', '#b8412f', '#8a4fbf'];
const DIE = { blue: '#2f73c9', red: '#c43d2f', yellow: '#e0b526', green: '#3f9d4a', gray: '#8a8f96', grey: '#8a8f96', brown: '#7a5230', black: '#26262b' };

function colOf(sq) { return sq.charCodeAt(0) - 65; }
function rowOf(sq) { return Number(sq.slice(1)) - 1; }
function sqName(c, r) { return String.fromCharCode(65 + c) + String(r + 1); }

function edge(pair) {
  const [a, b] = pair.split('|');
  const ca = colOf(a); const ra = rowOf(a); const cb = colOf(b); const rb = rowOf(b);
  if (ra === rb) { const x = Math.max(ca, cb) * S; return [x, ra * S, x, ra * S + S]; }
  const y = Math.max(ra, rb) * S;
  return [ca * S, y, ca * S + S, y];
}

// the further figures of the attack in progress (Blast, area attacks): its area:/more: flags; a
// follow-up (the same roll against one more figure) is itself one of them
export function areaTargets(view) {
  const a = view.attack;
  if (!a) return [];
  const out = (a.flags || []).filter((x) => x.startsWith('area:') || x.startsWith('more:')).map((x) => x.split(':').slice(1).join(':'));
  if ((a.flags || []).includes('follow-up')) out.push(a.target);
  return out;
}

// the spaces of the Fire Breath path traced so far (the breath decision's data are board indices, row by row)
export function breathPath(view) {
  const d = view.decision;
  if (!d || d.kind !== 'breath') return [];
  const w = Math.max(...view.map.grid.map((r) => r.length));
  return d.data.map((i) => sqName(i % w, Math.floor(i / w)));
}

const COND_COLOURS = { poisoned: '#3f9d4a', diseased: '#8a6d2f', stunned: '#d6a21e', immobilized: '#2f73c9', weakened: '#7b4fbf', burning: '#e0521f', terrified: '#444', cursed: '#9a3f7a', bleeding: '#b8412f' };

// A figure's marks (the view's figures.<id>.marks: condition-like states that are no conditions), by
// their glossary entries (mark:<id>: the mark's name, the text and name of the Overlord card that gives
// it), the names the terminal gives them too; the page only draws them (a colour and a badge), what a
// mark does is the engine's. An unknown mark is named from its id.
const MARK_COLOURS = { monkey: '#8a5a2b' };

export function markWords(mark, ui) {
  const e = ui && ui.rule ? ui.rule(`mark:${mark}`) : null;
  const short = e ? e.name : mark.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());
  const card = e ? (e.facts || []).find((f) => f[0] === 'card') : null;
  return { name: card ? `${short} (${card[1]})` : short, short, text: e ? e.text : '', key: e ? `mark:${mark}` : null };
}

function markTitle(mark, ui) { const w = markWords(mark, ui); return w.text ? `${w.name}: ${w.text}` : w.name; }

// a class (class:<id>) or an item (shop:, relic:, item:) by its glossary entry: { key, name, text }
function ruleOf(ui, keys, id) {
  for (const k of keys) { const e = ui && ui.rule ? ui.rule(k) : null; if (e) return { key: k, name: e.name, text: e.text || '' }; }
  return { key: keys[0], name: id, text: '' };
}
const className = (cls, ui) => ruleOf(ui, [`class:${cls}`], cls);
const itemEntry = (it, ui) => ruleOf(ui, [`shop:${it}`, `relic:${it}`, `item:${it}`], it);

// the mark's badge on a figure token, at its top-left corner: a monkey's face for the monkey, else a
// diamond with the mark's first letter; its title names the mark and the card's text
function markBadge(mark, i, x, y, ui) {
  const colour = MARK_COLOURS[mark] || '#555';
  const g = svg('g', { class: 'ds-mark-badge', 'data-mark': mark, transform: `translate(${x + 8 + i * 15} ${y + 8}) scale(1.3)` }, svg('title', {}, markTitle(mark, ui)));
  if (mark === 'monkey') {
    g.append(svg('circle', { cx: -4.8, cy: -1, r: 2.6, fill: colour, stroke: '#fff', 'stroke-width': 0.8 }),
      svg('circle', { cx: 4.8, cy: -1, r: 2.6, fill: colour, stroke: '#fff', 'stroke-width': 0.8 }),
      svg('circle', { cx: 0, cy: 0, r: 5.2, fill: colour, stroke: '#fff', 'stroke-width': 1 }),
      svg('ellipse', { cx: 0, cy: 1.3, rx: 3.5, ry: 2.9, fill: '#f0d3a6' }),
      svg('circle', { cx: -1.4, cy: -0.4, r: 0.8, fill: '#1e1410' }),
      svg('circle', { cx: 1.4, cy: -0.4, r: 0.8, fill: '#1e1410' }),
      svg('path', { d: 'M-1.3 2.4 q1.3 1 2.6 0', fill: 'none', stroke: '#1e1410', 'stroke-width': 0.6, 'stroke-linecap': 'round' }));
  } else {
    g.append(svg('path', { d: 'M0 -6 L6 0 L0 6 L-6 0 Z', fill: colour, stroke: '#fff', 'stroke-width': 1 }),
      svg('text', { x: 0, y: 3, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 800, fill: '#fff' }, markWords(mark, ui).short[0]));
  }
  return g;
}

// a lieutenant's card (the view's mods.lieutenants[id]): its stat line and its abilities' texts
function lieutenantCard(view, id) { return ((view.mods || {}).lieutenants || {})[id] || null; }

function figureTip(f, hp, acting, ui, card) {
  const who = f.class ? `${f.name}, ${className(f.class, ui).name}` : f.name;
  let tip = `${who}${acting ? ' (acting)' : ''}: ${hp}/${f.health} health${f.conditions.length ? `, ${f.conditions.join(', ')}` : ''}`;
  for (const mk of f.marks || []) tip += `\n${markTitle(mk, ui)}`;
  if ((f.equipped || []).length) tip += `\nequipped: ${f.equipped.map((it) => itemEntry(it, ui).name).join(', ')}`;
  if (card) {
    const attrs = Object.entries(card.attributes).map(([k, v]) => `${k} ${v}`).join(', ');
    tip += `\nLieutenant: Speed ${card.speed}, Defense ${card.defense.join('+')}, ${card.attack} ${card.dice.join('+')}; ${attrs}`;
    for (const ab of card.abilities) tip += `\n${ab.name}${ab.played ? '' : ' (not played)'}: ${ab.text}`;
    return tip;
  }
  for (const ab of f.abilities || []) {
    const e = ui && ui.rule ? ui.rule(`ability:${ab}`) : null;
    tip += `\n${e ? e.name : ab}${e && e.text ? `: ${e.text}` : ''}`;
  }
  return tip;
}

function initials(name) { return name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase(); }

// Monster groups told apart: each group gets a colour and a letter (two if the first collides);
// a master is drawn in the group's full colour with a gold rim, a minion in a pale tint of it.
const GROUP_COLOURS = ['#b8412f', '#2f8f5b', '#7b4fbf', '#c17a12', '#2f73c9', '#9a3f7a', '#4f7f8f', '#6f6a2a'];

export function groupMarks(view) {
  const ids = [];
  for (const f of Object.values(view.figures)) if (f.side !== 'hero' && !ids.includes(f.group || f.name)) ids.push(f.group || f.name);
  const marks = {};
  const used = new Set();
  ids.forEach((g, i) => {
    const fig = Object.values(view.figures).find((f) => (f.group || f.name) === g);
    const word = (fig ? fig.name : g).replace(/^the\s+/i, '').replace(/\s*\(.*$/, '');
    let letter = word[0].toUpperCase();
    if (used.has(letter)) letter = word[0].toUpperCase() + word.slice(1, 2).toLowerCase();
    used.add(letter);
    marks[g] = { letter, colour: GROUP_COLOURS[i % GROUP_COLOURS.length] };
  });
  return marks;
}

function tint(hex) {     // the group colour, 35% of it on parchment
  const c = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const p = [0xf1, 0xeb, 0xe0];
  return `rgb(${c.map((v, i) => Math.round(v * 0.35 + p[i] * 0.65)).join(',')})`;
}

function figNumber(id) { const n = id.split('-').pop().replace(/^m/, ''); return /^\d+$/.test(n) ? n : ''; }

export function monsterLabel(id, f, marks) {
  const m = marks[f.group || f.name];
  return `${m ? m.letter : '?'}${f.master ? 'M' : ''}${figNumber(id)}`;
}

function mapSvg(view, snap, ui) {
  const m = view.map;
  const rows = m.grid.length;
  const cols = Math.max(...m.grid.map((r) => r.length));
  const tileKeys = Object.keys(m.tiles || {});
  const root = svg('svg', { viewBox: `-14 -14 ${cols * S + 16} ${rows * S + 16}`, class: 'ds-map', role: 'img', 'aria-label': 'the quest map', style: { maxWidth: `${cols * S + 16}px` } });
  for (let c = 0; c < cols; c += 1) root.append(svg('text', { x: c * S + S / 2, y: -4, class: 'ds-coord', 'text-anchor': 'middle' }, String.fromCharCode(65 + c)));
  for (let r = 0; r < rows; r += 1) root.append(svg('text', { x: -7, y: r * S + S / 2 + 3, class: 'ds-coord', 'text-anchor': 'middle' }, String(r + 1)));
  const water = new Set(((m.terrain || {}).water) || []);
  const obstacle = new Set(((m.terrain || {}).obstacle) || []);
  const lava = new Set(((m.terrain || {}).lava) || []);
  const pit = new Set(((m.terrain || {}).pit) || []);
  const tokens = view.tokens || {};
  const breath = breathPath(view);
  for (let r = 0; r < rows; r += 1) {
    for (let c = 0; c < cols; c += 1) {
      const t = m.grid[r][c];
      if (!t || t === '.') continue;
      const id = sqName(c, r);
      const k = tileKeys.indexOf(t);
      const pick = ui.canPick([id]) ? id : null;
      const g = svg('g', { class: 'ds-sq', 'data-square': id, 'data-pick': pick },
        svg('rect', { x: c * S, y: r * S, width: S, height: S, fill: TILE_COLOURS[(k < 0 ? 0 : k) % TILE_COLOURS.length], stroke: 'rgba(0,0,0,.35)', 'stroke-width': 1 }));
      if (water.has(id)) g.append(svg('rect', { x: c * S + 2, y: r * S + 2, width: S - 4, height: S - 4, rx: 6, fill: '#3c7fc4', opacity: 0.75 }));
      if (lava.has(id)) g.append(svg('rect', { x: c * S + 2, y: r * S + 2, width: S - 4, height: S - 4, rx: 6, fill: '#e0521f', opacity: 0.8 }));
      if (pit.has(id)) g.append(svg('circle', { cx: c * S + S / 2, cy: r * S + S / 2, r: S * 0.38, fill: '#111', opacity: 0.85 }));
      if (obstacle.has(id)) g.append(svg('path', { d: `M${c * S + 6} ${r * S + S - 6} L${c * S + 14} ${r * S + 10} L${c * S + 22} ${r * S + 18} L${c * S + 28} ${r * S + 8} L${c * S + S - 5} ${r * S + S - 6} Z`, fill: '#4a4036', stroke: '#221c16' }));
      if (tokens[id]) {
        g.append(svg('g', {}, svg('title', {}, `${tokens[id]} token`),
          svg('rect', { x: c * S + 10, y: r * S + 13, width: 20, height: 14, rx: 3, fill: '#b07a2a', stroke: '#4a2f0c', 'stroke-width': 1.5 }),
          svg('path', { d: `M${c * S + 10} ${r * S + 18} h20`, stroke: '#4a2f0c', 'stroke-width': 1.5 })));
      }
      if (breath.includes(id)) {
        g.setAttribute('data-breath', String(breath.indexOf(id) + 1));
        g.append(svg('rect', { x: c * S + 3, y: r * S + 3, width: S - 6, height: S - 6, rx: 6, fill: 'rgba(255,82,31,.45)', stroke: '#ff7a3d', 'stroke-width': 2.5, class: 'ds-breath' },
          svg('title', {}, `Fire Breath path, space ${breath.indexOf(id) + 1}`)));
      }
      if (pick) g.append(svg('rect', { x: c * S + 2, y: r * S + 2, width: S - 4, height: S - 4, rx: 5, fill: 'rgba(255,214,102,.22)', stroke: '#ffd666', 'stroke-width': 2, class: 'ds-hot' }));
      root.append(g);
    }
  }
  for (const w of m.walls || []) {
    const [x1, y1, x2, y2] = edge(w);
    root.append(svg('line', { x1, y1, x2, y2, stroke: '#15110d', 'stroke-width': 5, 'stroke-linecap': 'round' }));
  }
  for (const [name, pairs] of Object.entries(m.doors || {})) {
    const open = (view.doors || {})[name];
    for (const p of pairs) {
      const [x1, y1, x2, y2] = edge(p);
      root.append(svg('line', { x1, y1, x2, y2, stroke: open ? '#c9a36b' : '#6b3f14', 'stroke-width': open ? 3 : 8, 'stroke-dasharray': open ? '4 4' : null },
        svg('title', {}, `${name}: ${open ? 'open' : 'closed'}`)));
    }
  }
  // figures
  const heroes = Object.entries(view.figures).filter(([, f]) => f.side === 'hero');
  const heroColour = Object.fromEntries(heroes.map(([id], i) => [id, HERO_COLOURS[i % HERO_COLOURS.length]]));
  const turnFig = view.turn && (view.turn.figure || view.turn.hero || view.turn.monster);
  const marks = groupMarks(view);
  const area = areaTargets(view);
  for (const [id, f] of Object.entries(view.figures)) {
    if (f.status !== 'active' || !f.squares || !f.squares.length) continue;
    const cs = f.squares.map(colOf); const rs = f.squares.map(rowOf);
    const x = Math.min(...cs) * S; const y = Math.min(...rs) * S;
    const w = (Math.max(...cs) - Math.min(...cs) + 1) * S; const hgt = (Math.max(...rs) - Math.min(...rs) + 1) * S;
    const pick = ui.canPick([id]) ? id : null;
    const hero = f.side === 'hero';
    const mark = hero ? null : marks[f.group || f.name];
    const fill = hero ? heroColour[id] : (f.master ? mark.colour : tint(mark.colour));
    const ink = hero || f.master ? '#fff' : '#1e1410';
    const hp = Math.max(0, f.health - f.damage);
    const acting = turnFig === id;
    const familiar = f.side === 'familiar';     // a hero's familiar (the Reanimate): its own label
    const label = hero ? initials(f.name) : (familiar ? f.name.slice(0, 2) : monsterLabel(id, f, marks));
    const inArea = area.includes(id);
    const g = svg('g', { class: ['ds-fig', pick && 'ds-pickfig', acting && 'ds-acting', inArea && 'ds-area'], 'data-figure': id, 'data-area': inArea ? 'true' : null, 'data-conditions': f.conditions.length ? f.conditions.join(' ') : null, 'data-marks': (f.marks || []).length ? f.marks.join(' ') : null, 'data-class': f.class || null, 'data-at': [...f.squares].sort().join(' '), 'data-pick': pick, 'data-rule': hero ? `hero:${id}` : (familiar ? 'card:raise-dead' : `group:${view.quest}:${f.group}`), 'data-acting': acting ? 'true' : null, 'data-label': label, 'data-role': hero ? 'hero' : (familiar ? 'familiar' : (f.master ? 'master' : 'minion')) },
      svg('title', {}, figureTip(f, hp, acting, ui, lieutenantCard(view, id))),
      acting ? svg('rect', { x: x - 1, y: y - 1, width: w + 2, height: hgt + 2, rx: 10, fill: 'rgba(77,208,225,.25)', stroke: '#4dd0e1', 'stroke-width': 3, 'stroke-dasharray': '6 3', class: 'ds-acting-ring' }) : null,
      hero ? svg('circle', { cx: x + w / 2, cy: y + hgt / 2, r: Math.min(w, hgt) * 0.4, fill, stroke: '#fff', 'stroke-width': 2.5 })
        : svg('rect', { x: x + 4, y: y + 4, width: w - 8, height: hgt - 8, rx: f.master ? 3 : 8, fill, stroke: f.master ? '#ffd666' : mark.colour, 'stroke-width': f.master ? 3 : 2.5 }),
      svg('text', { x: x + w / 2, y: y + hgt / 2 + 4, 'text-anchor': 'middle', 'font-size': label.length > 2 ? 10 : 12, 'font-weight': 800, fill: ink }, label),
      svg('rect', { x: x + 5, y: y + hgt - 9, width: w - 10, height: 4, fill: 'rgba(0,0,0,.45)' }),
      svg('rect', { x: x + 5, y: y + hgt - 9, width: ((w - 10) * hp) / Math.max(1, f.health), height: 4, fill: hp * 3 <= f.health ? '#ff5252' : '#5fd17a' }));
    if (pick) g.append(svg('rect', { x: x + 1, y: y + 1, width: w - 2, height: hgt - 2, rx: 9, fill: 'none', stroke: '#ffd666', 'stroke-width': 3, class: 'ds-hot' }));
    if (inArea) g.append(svg('rect', { x: x - 2, y: y - 2, width: w + 4, height: hgt + 4, rx: 11, fill: 'rgba(255,90,31,.18)', stroke: '#ff3d00', 'stroke-width': 5, class: 'ds-area-ring' }));
    f.conditions.forEach((cnd, i) => g.append(svg('g', { class: 'ds-cond-mark', 'data-condition': cnd },
      svg('title', {}, cnd),
      svg('circle', { cx: x + w - 6 - i * 12, cy: y + 6, r: 6, fill: COND_COLOURS[cnd] || '#555', stroke: '#fff', 'stroke-width': 1.2 }),
      svg('text', { x: x + w - 6 - i * 12, y: y + 9, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 800, fill: '#fff' }, cnd[0].toUpperCase()))));
    (f.marks || []).forEach((mk, i) => g.append(markBadge(mk, i, x, y, ui)));
    if (acting) g.append(svg('path', { d: `M${x + w / 2 - 6} ${y - 9} h12 l-6 8 z`, fill: '#4dd0e1', stroke: '#0b3d44', 'stroke-width': 1, class: 'ds-acting-arrow' }));
    root.append(g);
  }
  // the Fire Breath path over the figures: a line through its spaces, numbered
  if (breath.length) {
    const pt = (sq) => [colOf(sq) * S + S / 2, rowOf(sq) * S + S / 2];
    const line = svg('g', { class: 'ds-breath-path', 'pointer-events': 'none' },
      svg('polyline', { points: breath.map((sq) => pt(sq).join(',')).join(' '), fill: 'none', stroke: '#ff5a1f', 'stroke-width': 5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round', opacity: 0.55 }));
    breath.forEach((sq, i) => { const [cx, cy] = pt(sq); line.append(svg('circle', { cx: cx - 13, cy: cy - 13, r: 6, fill: '#ff5a1f', stroke: '#fff', 'stroke-width': 1 }), svg('text', { x: cx - 13, y: cy - 10, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 800, fill: '#fff' }, String(i + 1))); });
    root.append(line);
  }
  return { node: root, heroColour, marks };
}

function bar(now, max, cls) {
  return h('span', { class: ['ds-bar', cls], title: `${now} / ${max}` }, h('span', { style: { width: `${Math.round((100 * Math.max(0, now)) / Math.max(1, max))}%` } }), h('b', {}, `${now}/${max}`));
}

function turnLine(turn) {
  const n = (k, one, many) => `${turn[k]} ${turn[k] === 1 ? one : many}`;
  return h('div', { class: 'ds-turn', 'data-testid': 'turn-left' },
    h('span', { class: 'chip ds-mp', title: 'movement points left' }, n('mp', 'movement point', 'movement points')),
    h('span', { class: 'chip ds-actions', title: 'actions left this turn' }, `${n('actions', 'action', 'actions')} left`));
}

// the hero's printed stats (speed, defense, attributes) from the game's glossary entry hero:<id>
const STAT_FACTS = ['speed', 'defense', 'might / knowledge / willpower / awareness'];
function heroStats(id, ui) {
  const e = ui.rule && ui.rule(`hero:${id}`);
  if (!e || !e.facts) return null;
  const facts = new Map(e.facts);
  const parts = STAT_FACTS.filter((k) => facts.has(k)).map((k) => h('span', { class: 'ds-stat', 'data-stat': k },
    k.includes('/') ? `M/K/W/A ${facts.get(k)}` : `${k} ${facts.get(k)}`));
  return parts.length ? h('div', { class: 'ds-stats', 'data-testid': 'hero-stats', title: 'speed · defense dice · might / knowledge / willpower / awareness' }, parts) : null;
}

// the hero's class: the view's figures.<id>.class (else, in a campaign's quest, the campaign log's
// "hero:class" word), named from the glossary (class:<id>)
function heroSheet(id, f, colour, view, ui, cls = null) {
  const pick = ui.canPick([id]) ? id : null;
  const acting = !!view.turn && view.turn.figure === id;
  const c = f.class || cls;
  const klass = c ? className(c, ui) : null;
  return h('div', { class: ['ds-hero', f.activated && 'done', f.status !== 'active' && 'down', acting && 'acting'], 'data-pick': pick, 'data-figure': id, 'data-acting': acting ? 'true' : null, style: { '--hc': colour } },
    h('div', { class: 'ds-hero-head' }, h('b', { 'data-rule': `hero:${id}` }, f.name), klass ? h('span', { class: 'chip ds-class', 'data-rule': klass.key, 'data-class': c, 'data-testid': 'hero-class', title: klass.text || null }, klass.name) : null, acting ? h('span', { class: 'chip ds-acting-chip' }, 'acting') : null, f.status !== 'active' ? h('span', { class: 'chip' }, f.status) : null, f.activated ? h('span', { class: 'chip' }, 'activated') : null),
    acting ? turnLine(view.turn) : null,
    heroStats(id, ui),
    h('div', { class: 'ds-bars' }, h('span', {}, 'health'), bar(f.health - f.damage, f.health, 'hp'), h('span', {}, 'stamina'), bar(f.stamina - f.fatigue, f.stamina, 'st')),
    f.conditions.length || (f.marks || []).length ? h('div', { class: 'g-chips' }, f.conditions.map((cd) => h('span', { class: 'chip ds-cond', 'data-condition': cd }, cd)), markChips(f, ui)) : null,
    equippedRow(f, ui),
    f.items.length || f.exhausted.length ? h('div', { class: 'g-chips ds-items', 'data-testid': 'hero-items' }, h('span', { class: 'ds-label' }, 'items'),
      f.items.map((it) => h('span', { class: 'chip', 'data-pick': ui.canPick([it]) ? it : null, 'data-rule': `item:${it}`, 'data-item': it }, wordName(it, view, ui) || it)),
      f.exhausted.map((it) => h('span', { class: 'chip ds-exhausted', title: 'exhausted', 'data-item': it }, wordName(it, view, ui) || it))) : null,
    classCards(f));
}

// a figure's marks as chips: the mark's name, the card's text in the tooltip
function markChips(f, ui) {
  return (f.marks || []).map((mk) => { const w = markWords(mk, ui); return h('span', { class: 'chip ds-mark', 'data-mark': mk, 'data-rule': w.key, 'data-testid': 'figure-mark', title: markTitle(mk, ui) }, w.name); });
}

// the cards the hero has equipped (a campaign's quest: the view's figures.<id>.equipped), by name
function equippedRow(f, ui) {
  const eq = f.equipped || [];
  if (!eq.length) return null;
  return h('div', { class: 'g-chips ds-equipped', 'data-testid': 'equipped' }, h('span', { class: 'ds-label' }, 'equipped'),
    eq.map((it) => { const e = itemEntry(it, ui); return h('span', { class: 'chip ds-eq', 'data-item': it, 'data-rule': e.key, title: e.text || null }, e.name); }));
}

// The hero's class cards (starting cards and skills bought), each with its text, from the view.
function classCards(f) {
  const cards = f.cards || [];
  if (!cards.length) return null;
  return h('div', { class: 'ds-class-cards', 'data-testid': 'class-cards' },
    cards.map((c) => h('div', { class: ['ds-class-card', f.exhausted.includes(c.id) && 'ds-exhausted'], 'data-card': c.id, 'data-kind': c.kind, 'data-rule': `card:${c.id}` },
      h('b', {}, c.name), h('span', { class: 'muted' }, ` ${c.kind}`), h('p', { class: 'dc-text' }, c.text))));
}

function monsterList(view, ui, marks) {
  const groups = {};
  for (const [id, f] of Object.entries(view.figures)) {
    if (f.side !== 'monster') continue;
    (groups[f.group || f.name] = groups[f.group || f.name] || []).push([id, f]);
  }
  return h('div', { class: 'ds-monsters' }, Object.entries(groups).map(([g, list]) => h('div', { class: 'ds-group', style: { '--gc': (marks[g] || {}).colour || '#888' } },
    h('span', { class: 'ds-glyph', 'aria-hidden': 'true' }, (marks[g] || {}).letter || '?'),
    h('b', { 'data-rule': `group:${view.quest}:${g}` }, list[0][1].name.replace(/\s*\(master\)$/, '').replace(/\s+\d+$/, '')),
    list.map(([id, f]) => h('span', { class: ['chip', f.master && 'master', f.status !== 'active' && 'gone', f.activated && 'done', view.turn && view.turn.figure === id && 'acting'], 'data-pick': ui.canPick([id]) ? id : null, 'data-figure': id, title: figureTip(f, f.health - f.damage, false, ui, lieutenantCard(view, id)) },
      `${monsterLabel(id, f, marks)} ${f.health - f.damage}/${f.health}`,
      [...f.conditions, ...(f.marks || []).map((mk) => markWords(mk, ui).short)].map((w) => h('small', { class: 'ds-chip-note' }, ` ${w}`)))))));
}

// The symbols of a die face, drawn (fonts differ; emoji boxes are not an option).
const SYM = {
  hearts: (x, y) => svg('path', { class: 'ds-sym-heart', d: `M${x} ${y + 3} c-1.5 -3 -6 -2.5 -6 1 c0 3 6 6.5 6 6.5 c0 0 6 -3.5 6 -6.5 c0 -3.5 -4.5 -4 -6 -1 z`, fill: '#ff4d4d', stroke: '#3a0b0b', 'stroke-width': 0.8 }),
  surges: (x, y) => svg('path', { class: 'ds-sym-surge', d: `M${x + 1.5} ${y - 2} l-5 7 h3.5 l-1.5 5.5 l5.5 -7.5 h-3.5 z`, fill: '#ffe14d', stroke: '#3a300b', 'stroke-width': 0.8 }),
  shields: (x, y) => svg('path', { class: 'ds-sym-shield', d: `M${x} ${y - 2} l5.5 2 c0 5 -2 8 -5.5 10 c-3.5 -2 -5.5 -5 -5.5 -10 z`, fill: '#d7dde4', stroke: '#1d2430', 'stroke-width': 0.8 }),
};

function plural(n, word) { return `${n} ${word}${n === 1 ? '' : 's'}`; }

function faceWords(fc) {
  if (fc.miss) return 'miss';
  const bits = [];
  if (fc.range) bits.push(`range ${fc.range}`);
  if (fc.hearts) bits.push(plural(fc.hearts, 'heart'));
  if (fc.surges) bits.push(plural(fc.surges, 'surge'));
  if (fc.shields) bits.push(plural(fc.shields, 'shield'));
  return bits.join(', ') || 'blank';
}

function dieFace(colour, fc) {
  const label = fc ? `${colour} die: ${faceWords(fc)}` : `${colour} die: not rolled`;
  const root = svg('svg', { class: 'ds-die', viewBox: '0 0 36 36', width: 44, height: 44, role: 'img', 'aria-label': label, 'data-face': fc ? faceWords(fc) : null },
    svg('title', {}, label),
    svg('rect', { x: 1, y: 1, width: 34, height: 34, rx: 6, fill: DIE[colour] || '#777', stroke: 'rgba(255,255,255,.75)', 'stroke-width': 2 }));
  if (!fc) { root.append(svg('text', { x: 18, y: 23, 'text-anchor': 'middle', 'font-size': 14, 'font-weight': 800, fill: '#fff' }, '?')); return root; }
  if (fc.miss) { root.append(svg('path', { class: 'ds-sym-miss', d: 'M10 10 L26 26 M26 10 L10 26', stroke: '#fff', 'stroke-width': 4, 'stroke-linecap': 'round' })); return root; }
  const syms = [];
  for (const k of ['hearts', 'surges', 'shields']) for (let i = 0; i < (fc[k] || 0); i += 1) syms.push(k);
  const top = fc.range ? 23 : 14;
  if (fc.range) root.append(svg('text', { class: 'ds-sym-range', x: 18, y: 15, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 800, fill: '#fff', stroke: '#000', 'stroke-width': 0.6 }, String(fc.range)));
  const step = syms.length > 3 ? 8 : 11;
  syms.forEach((k, i) => root.append(SYM[k](18 + (i - (syms.length - 1) / 2) * step, top - 2)));
  return root;
}

function symRow(kind, n) {
  const root = svg('svg', { class: 'ds-syms', viewBox: `0 0 ${Math.max(1, n) * 13} 14`, width: Math.max(1, n) * 13, height: 14, 'aria-hidden': 'true' });
  for (let i = 0; i < n; i += 1) {       // a tally, not a die's face: its own class (ds-tally-heart ...)
    const sym = SYM[kind](6.5 + i * 13, 3);
    sym.setAttribute('class', `ds-tally-${kind.slice(0, -1)}`);
    root.append(sym);
  }
  return root;
}

// the surge step: the attacker spends surges seeing the hearts rolled against the shields rolled
function surgeStep(a, view, ui) {
  if (!view.decision || view.decision.kind !== 'surge' || a.hearts === undefined) return null;
  const left = (a.surges || 0) - (a.spent || 0);
  const shields = a.shields ?? 0;
  return h('div', { class: 'ds-surge-step', 'data-testid': 'surge-step', 'data-surges': left, 'data-hearts': a.hearts, 'data-shields': shields },
    h('b', {}, `${plural(left, 'surge')} to spend`), symRow('surges', left), ' · ',
    h('span', { class: 'ds-hearts' }, plural(a.hearts, 'heart')), symRow('hearts', a.hearts), h('span', { class: 'ds-vs' }, 'vs'),
    h('span', { class: 'ds-shields' }, plural(shields, 'shield')), symRow('shields', shields),
    a.pierce ? ` · Pierce ${a.pierce}` : null,
    a.melee ? null : ` · range ${a.range} of ${a.distance} needed`,
    (a.used || []).length ? h('span', { class: 'ds-small' }, ` · spent: ${(a.used_words || a.used).join(', ')}`) : null);
}

function attackBox(a, view, ui) {
  if (!a) return null;
  const shown = a.shown || []; const defShown = a.def_shown || [];
  const dice = (a.dice || []).map((d, i) => dieFace(d, shown[i]));
  const def = (a.def_dice || []).map((d, i) => dieFace(d, defShown[i]));
  const nm = (id) => ((view.figures || {})[id] || {}).name || id;
  return h('div', { class: 'ds-attack', 'data-testid': 'attack' }, h('div', { class: 'ds-label' }, `attack: ${nm(a.attacker)} → ${nm(a.target)}`),
    h('div', { class: 'ds-dice' }, dice, h('span', { class: 'ds-vs' }, 'vs'), def),
    h('div', {}, `hearts ${a.hearts ?? '—'} · range ${a.range ?? '—'} · surges ${a.surges ?? '—'}${a.shields !== undefined ? ` · shields ${a.shields}` : ''}${a.missed ? ' · missed' : ''}`),
    surgeStep(a, view, ui),
    areaTargets(view).length ? h('div', { class: 'ds-area-list', 'data-testid': 'area-targets' }, `also affects: ${areaTargets(view).map(nm).join(', ')}`) : null,
    breathPath(view).length ? h('div', { class: 'ds-area-list', 'data-testid': 'breath-path' }, `Fire Breath path: ${breathPath(view).join(' → ')}`) : null,
    h('details', {}, h('summary', {}, 'details'), value(a, null, 1)));
}

// the Overlord deck: the hand by name for the overlord (only his view holds it), a count for the others
function overlordBox(view, ui) {
  const ol = (view.mods || {}).overlord;
  if (!ol) return null;
  const hand = Array.isArray(ol.hand) ? ol.hand : null;
  const n = hand ? hand.length : ol.hand;
  const rule = (cid) => (ui && ui.rule ? ui.rule(`overlord:${cid}`) : null);
  return h('div', { class: 'ds-overlord', 'data-testid': 'overlord-hand', 'data-hand': String(n) },
    h('b', {}, 'Overlord deck'), ` · ${ol.deck} in the deck · ${plural((ol.discard || []).length, 'card')} discarded · hand: `,
    hand ? hand.map((cid) => h('span', { class: 'chip ds-ocard', 'data-rule': `overlord:${cid}`, 'data-card': cid, title: (rule(cid) || {}).text || cid }, (rule(cid) || {}).name || cid))
      : h('span', { class: 'chip' }, plural(n, 'card')));
}

export function render(root, snap, ui) {
  const v = snap.view;
  const { node, heroColour, marks } = mapSvg(v, snap, ui);
  const heroes = Object.entries(v.figures).filter(([, f]) => f.side === 'hero');
  const result = v.result ? h('div', { class: 'ds-result' }, `${v.result[0]} wins: ${v.result[1]}`) : null;
  root.append(h('div', { class: 'ds' },
    h('div', { class: 'ds-top' }, h('b', { 'data-rule': `quest:${v.quest}`, 'data-testid': 'quest-name' }, (ui.rule && ui.rule(`quest:${v.quest}`) || {}).name || v.quest), ` · round ${v.round} · ${v.phase} phase`,
      Object.entries(v.counters || {}).map(([k, n]) => h('span', { class: 'chip ds-counter', 'data-rule': `counter:${v.quest}:${k}` }, `${k} ${n}`)),
      h('span', { class: 'chip', 'data-testid': 'search-deck', title: 'cards left in the Search deck' }, `Search deck ${v.deck}`),
      v.decision ? h('span', { class: 'ds-small', 'data-testid': 'decision', 'data-kind': v.decision.kind }, ` · ${v.decision.seat}: ${v.decision.text || v.decision.kind}`) : null),
    result,
    h('div', { class: 'ds-map-wrap' }, node),
    attackBox(v.attack, v, ui),
    overlordBox(v, ui),
    h('div', { class: 'ds-heroes' }, heroes.map(([id, f]) => heroSheet(id, f, heroColour[id], v, ui, (snap.heroClasses || {})[id]))),
    monsterList(v, ui, marks)));
}

// ---------------------------------------------------------------- action buttons in words
// The server's texts name figures as "Zombie 2 (zombie-2)" and items, heroes, groups and cards by
// their ids ("use stamina-potion avric"); the buttons show names only, from the view and the
// glossary (ui.rule), and keep the notation in data-action.
const RULE_PREFIXES = ['hero:', 'item:', 'shop:', 'relic:', 'plot:', 'upgrade:', 'card:', 'class:', 'monster:', 'overlord:'];

function wordName(word, view, ui) {
  const f = ((view && view.figures) || {})[word];
  if (f) return f.name;
  if (ui && ui.rule) {
    for (const p of RULE_PREFIXES) { const e = ui.rule(`${p}${word}`); if (e) return e.name; }
    if (view && view.quest) { const e = ui.rule(`group:${view.quest}:${word}`); if (e) return e.name; }
  }
  return null;
}

function encounterView(snap) { return snap.view && snap.view.encounter !== undefined ? snap.view.encounter : snap.view; }

/** An action's text in words: no raw ids (they are replaced by names, or dropped after a name). */
export function actionWords(a, snap, ui) {
  const view = encounterView(snap);
  let text = a.text || a.action;
  for (const w of a.action.split(' ').slice(1)) {
    if (!/[a-z]/.test(w)) continue;                    // squares (D6), numbers
    text = text.split(` (${w})`).join('');
    const name = wordName(w, view, ui);
    if (name) text = text.replace(new RegExp(`(^|[\\s(])${w.replace(/[-]/g, '\\-')}(?=$|[\\s):,])`, 'g'), (m, pre) => `${pre}${name}`);
  }
  return text;
}

export function actionTitle(a, snap, ui) { return actionWords(a, snap, ui); }

// ``card <id> [<die> | <choice>]``: an Overlord card, named by the card (Dark Fortune's die by its
// colour, another card's choice by its name)
function cardLabel(args, view, ui) {
  const e = ui && ui.rule ? ui.rule(`overlord:${args[0]}`) : null;
  if (!e) return null;
  let small = e.text;
  if (args.length > 1 && args[0] !== 'dark-fortune') {    // its choice: a monster, a group, a card, a type
    const pick = (w) => { const r = ui.rule(`overlord:${w}`); return (r && r.name) || wordName(w, view, ui) || w; };
    small = args.slice(1).map(pick).join(' ');
  } else if (args.length > 1 && view.attack) {
    const defence = view.decision && (view.decision.data || [])[0] === 'attack-after-defense';
    const dice = (defence ? view.attack.def_dice : view.attack.dice) || [];
    small = `reroll ${defence ? 'defense' : 'attack'} die ${Number(args[1]) + 1} (${dice[Number(args[1])] || '?'})`;
  }
  return [h('span', { 'data-card': args[0] }, e.name), small ? h('small', {}, small) : null];
}

export function actionLabel(a, snap, ui) {
  const args = a.action.split(' ').slice(1);
  if (!args.length) return null;
  const view = encounterView(snap);
  if (a.action.startsWith('card ')) { const l = cardLabel(args, view, ui); if (l) return l; }
  if (a.action.startsWith('surge ') && a.text && a.text.startsWith('spend surges on ')) {     // by what it does, not its id
    return [a.text.slice('spend surges on '.length), h('small', {}, a.text)];
  }
  const words = args.map((w) => wordName(w, view, ui) || w).join(' ');
  const text = actionWords(a, snap, ui);
  return [words, text && text !== words ? h('small', {}, text) : null];
}
