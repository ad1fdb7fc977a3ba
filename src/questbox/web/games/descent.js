// Descent: Journeys in the Dark (2nd ed.) — the quest map in SVG (map tiles, walls, doors, water and
// obstacles, search tokens), heroes and monsters as figures with their health, the hero sheets,
// the monster groups, Doom, and the attack in progress with its dice. Squares carry
// data-pick=<square> ("move D6", "search B7") and figures data-pick=<figure id> ("attack zombie-1").

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

function initials(name) { return name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase(); }

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
  for (const [id, f] of Object.entries(view.figures)) {
    if (f.status !== 'active' || !f.squares || !f.squares.length) continue;
    const cs = f.squares.map(colOf); const rs = f.squares.map(rowOf);
    const x = Math.min(...cs) * S; const y = Math.min(...rs) * S;
    const w = (Math.max(...cs) - Math.min(...cs) + 1) * S; const hgt = (Math.max(...rs) - Math.min(...rs) + 1) * S;
    const pick = ui.canPick([id]) ? id : null;
    const hero = f.side === 'hero';
    const fill = hero ? heroColour[id] : (f.master ? '#8e1b1b' : '#d9d2c5');
    const ink = hero || f.master ? '#fff' : '#2a1a1a';
    const hp = Math.max(0, f.health - f.damage);
    const g = svg('g', { class: ['ds-fig', pick && 'ds-pickfig'], 'data-figure': id, 'data-pick': pick, 'data-rule': hero ? `hero:${id}` : `group:${view.quest}:${f.group}`, 'data-acting': turnFig === id ? 'true' : null },
      svg('title', {}, `${f.name}${f.master ? ' (master)' : ''}: ${hp}/${f.health} health${f.conditions.length ? `, ${f.conditions.join(', ')}` : ''}`),
      hero ? svg('circle', { cx: x + w / 2, cy: y + hgt / 2, r: Math.min(w, hgt) * 0.4, fill, stroke: turnFig === id ? '#ffd666' : '#fff', 'stroke-width': turnFig === id ? 4 : 2.5 })
        : svg('rect', { x: x + 4, y: y + 4, width: w - 8, height: hgt - 8, rx: 8, fill, stroke: turnFig === id ? '#ffd666' : '#3a0c0c', 'stroke-width': turnFig === id ? 4 : 2 }),
      svg('text', { x: x + w / 2, y: y + hgt / 2 + 4, 'text-anchor': 'middle', 'font-size': 12, 'font-weight': 800, fill: ink }, hero ? initials(f.name) : (f.master ? 'M' : id.split('-').pop())),
      svg('rect', { x: x + 5, y: y + hgt - 9, width: w - 10, height: 4, fill: 'rgba(0,0,0,.45)' }),
      svg('rect', { x: x + 5, y: y + hgt - 9, width: ((w - 10) * hp) / Math.max(1, f.health), height: 4, fill: hp * 3 <= f.health ? '#ff5252' : '#5fd17a' }));
    if (pick) g.append(svg('rect', { x: x + 1, y: y + 1, width: w - 2, height: hgt - 2, rx: 9, fill: 'none', stroke: '#ffd666', 'stroke-width': 3, class: 'ds-hot' }));
    root.append(g);
  }
  return { node: root, heroColour };
}

function bar(now, max, cls) {
  return h('span', { class: ['ds-bar', cls], title: `${now} / ${max}` }, h('span', { style: { width: `${Math.round((100 * Math.max(0, now)) / Math.max(1, max))}%` } }), h('b', {}, `${now}/${max}`));
}

function heroSheet(id, f, colour, view, ui) {
  const pick = ui.canPick([id]) ? id : null;
  return h('div', { class: ['ds-hero', f.activated && 'done', f.status !== 'active' && 'down'], 'data-pick': pick, 'data-figure': id, style: { '--hc': colour } },
    h('div', { class: 'ds-hero-head' }, h('b', { 'data-rule': `hero:${id}` }, f.name), f.status !== 'active' ? h('span', { class: 'chip' }, f.status) : null, f.activated ? h('span', { class: 'chip' }, 'activated') : null),
    h('div', { class: 'ds-bars' }, h('span', {}, 'health'), bar(f.health - f.damage, f.health, 'hp'), h('span', {}, 'stamina'), bar(f.stamina - f.fatigue, f.stamina, 'st')),
    f.conditions.length ? h('div', { class: 'g-chips' }, f.conditions.map((c) => h('span', { class: 'chip ds-cond' }, c))) : null,
    f.items.length || f.exhausted.length ? h('div', { class: 'g-chips' },
      f.items.map((it) => h('span', { class: 'chip', 'data-pick': ui.canPick([it]) ? it : null, 'data-rule': `item:${it}` }, it)),
      f.exhausted.map((it) => h('span', { class: 'chip ds-exhausted', title: 'exhausted' }, it))) : null);
}

function monsterList(view, ui) {
  const groups = {};
  for (const [id, f] of Object.entries(view.figures)) {
    if (f.side === 'hero') continue;
    (groups[f.group || f.name] = groups[f.group || f.name] || []).push([id, f]);
  }
  return h('div', { class: 'ds-monsters' }, Object.entries(groups).map(([g, list]) => h('div', { class: 'ds-group' },
    h('b', { 'data-rule': `group:${view.quest}:${g}` }, g),
    list.map(([id, f]) => h('span', { class: ['chip', f.master && 'master', f.status !== 'active' && 'gone', f.activated && 'done'], 'data-pick': ui.canPick([id]) ? id : null, title: `${f.name}: ${f.health - f.damage}/${f.health}` },
      `${id.split('-').pop()} ${f.health - f.damage}/${f.health}`)))));
}

function attackBox(a) {
  if (!a) return null;
  const dice = (a.dice || []).map((d, i) => h('span', { class: 'ds-die', style: { background: DIE[d] || '#777' }, title: `${d} die, face ${a.faces[i] ?? '?'}` }, a.faces[i] === undefined ? '?' : String(a.faces[i])));
  const def = (a.def_dice || []).map((d, i) => h('span', { class: 'ds-die', style: { background: DIE[d] || '#777' }, title: `${d} defence die` }, a.def_faces[i] === undefined ? '?' : String(a.def_faces[i])));
  return h('div', { class: 'ds-attack' }, h('div', { class: 'ds-label' }, `attack: ${a.attacker} → ${a.target}`),
    h('div', { class: 'ds-dice' }, dice, h('span', { class: 'ds-vs' }, 'vs'), def),
    h('div', {}, `hearts ${a.hearts ?? '—'} · range ${a.range ?? '—'} · surges ${a.surges ?? '—'}${a.missed ? ' · missed' : ''}`),
    h('details', {}, h('summary', {}, 'details'), value(a, null, 1)));
}

export function render(root, snap, ui) {
  const v = snap.view;
  const { node, heroColour } = mapSvg(v, snap, ui);
  const heroes = Object.entries(v.figures).filter(([, f]) => f.side === 'hero');
  const result = v.result ? h('div', { class: 'ds-result' }, `${v.result[0]} wins: ${v.result[1]}`) : null;
  root.append(h('div', { class: 'ds' },
    h('div', { class: 'ds-top' }, h('b', { 'data-rule': `quest:${v.quest}` }, v.quest), ` · round ${v.round} · ${v.phase} phase`,
      Object.entries(v.counters || {}).map(([k, n]) => h('span', { class: 'chip ds-counter', 'data-rule': `counter:${v.quest}:${k}` }, `${k} ${n}`)),
      h('span', { class: 'chip' }, `overlord deck ${v.deck}`),
      v.decision ? h('span', { class: 'ds-small' }, ` · ${v.decision.seat}: ${v.decision.kind}`) : null),
    result,
    h('div', { class: 'ds-map-wrap' }, node),
    attackBox(v.attack),
    h('div', { class: 'ds-heroes' }, heroes.map(([id, f]) => heroSheet(id, f, heroColour[id], v, ui))),
    monsterList(v, ui)));
}
