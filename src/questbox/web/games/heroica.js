// HEROICA: Ilrion — the catacombs as an SVG board (spaces, corridors, start and target), heroes and
// monsters as tokens, gold, potions and coffins, the LEGO die, hero packs and the weapon store.
// Every space carries data-pick=<space id>, so stepping, fighting and skills are chosen by clicking
// the board; weapons in the store and in packs pick "buy"/"sell".

import { h, svg } from '../js/ui.js';

if (!document.querySelector('link[data-game="heroica"]')) {
  document.head.append(h('link', { rel: 'stylesheet', href: '/static/games/heroica.css', 'data-game': 'heroica' }));
}

const CELL = 64;
const HERO = { wizard: { c: '#3b6fd8', l: 'W', name: 'Wizard' }, prince: { c: '#d6a21e', l: 'P', name: 'Prince' },
  sage: { c: '#2f9a5b', l: 'S', name: 'Sage' }, knight: { c: '#b8412f', l: 'K', name: 'Knight' } };
const MONSTER = { bat: { c: '#3a2f4d', name: 'Bat', s: 1 }, zombie: { c: '#5b7a3a', name: 'Zombie', s: 2 },
  'vampire-lord': { c: '#7a1020', name: 'Vampire Lord', s: 3 }, 'giant-bat': { c: '#2a1f3d', name: 'Giant Vampire Bat', s: 4 } };
const ITEM = { gold: { c: '#f2c14e', t: '$' }, life: { c: '#d64545', t: '♥' }, defense: { c: '#4f7fd6', t: 'D' }, fang: { c: '#e8e2d0', t: 'F' } };
const WEAPONS = ['ax', 'wand', 'staff', 'bow', 'dagger', 'sword'];

function heroOf(h_) { return HERO[h_.hero] || { c: '#888', l: (h_.hero || '?')[0].toUpperCase(), name: h_.hero }; }

function batWings(x, y, r, colour) {
  return svg('path', {
    d: `M${x - r} ${y - r * 0.1} Q${x - r * 0.55} ${y - r * 0.9} ${x - r * 0.2} ${y - r * 0.25} L${x} ${y - r * 0.5} L${x + r * 0.2} ${y - r * 0.25} Q${x + r * 0.55} ${y - r * 0.9} ${x + r} ${y - r * 0.1} Q${x + r * 0.5} ${y + r * 0.15} ${x} ${y + r * 0.55} Q${x - r * 0.5} ${y + r * 0.15} ${x - r} ${y - r * 0.1} Z`,
    fill: colour, stroke: '#0b0810', 'stroke-width': 1.5,
  });
}

function monsterToken(kind, x, y, strength) {
  const m = MONSTER[kind] || { c: '#444', name: kind, s: '?' };
  const r = CELL * 0.36;
  const body = [];
  if (kind === 'bat' || kind === 'giant-bat') {
    body.push(svg('circle', { cx: x, cy: y, r, fill: '#c9b8e8', opacity: 0.25 }));
    body.push(batWings(x, y, kind === 'giant-bat' ? r * 1.25 : r, m.c));
    body.push(svg('circle', { cx: x - 3, cy: y - 2, r: 1.8, fill: '#ff5252' }), svg('circle', { cx: x + 3, cy: y - 2, r: 1.8, fill: '#ff5252' }));
  } else if (kind === 'zombie') {
    body.push(svg('circle', { cx: x, cy: y, r, fill: m.c, stroke: '#1d2a12', 'stroke-width': 2 }));
    body.push(svg('rect', { x: x - 9, y: y - 9, width: 18, height: 14, rx: 4, fill: '#9fc27a' }));
    body.push(svg('circle', { cx: x - 4, cy: y - 3, r: 2, fill: '#1d2a12' }), svg('circle', { cx: x + 4, cy: y - 3, r: 2, fill: '#1d2a12' }));
    body.push(svg('path', { d: `M${x - 5} ${y + 2} h10`, stroke: '#1d2a12', 'stroke-width': 1.5 }));
  } else {
    body.push(svg('circle', { cx: x, cy: y, r, fill: m.c, stroke: '#2a0008', 'stroke-width': 2 }));
    body.push(svg('path', { d: `M${x - 12} ${y - 8} L${x - 6} ${y - 16} L${x} ${y - 9} L${x + 6} ${y - 16} L${x + 12} ${y - 8} Z`, fill: '#f2c14e' }));
    body.push(svg('circle', { cx: x - 4, cy: y - 1, r: 2, fill: '#ffd0d0' }), svg('circle', { cx: x + 4, cy: y - 1, r: 2, fill: '#ffd0d0' }));
    body.push(svg('path', { d: `M${x - 4} ${y + 6} l2 4 l2 -4 m2 0 l2 4 l2 -4`, fill: 'none', stroke: 'white', 'stroke-width': 1.2 }));
  }
  const s = strength ?? m.s;
  body.push(svg('circle', { cx: x + r * 0.85, cy: y + r * 0.85, r: 8, fill: '#fff', stroke: '#222' }),
    svg('text', { x: x + r * 0.85, y: y + r * 0.85 + 4, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: '#222' }, String(s)));
  return svg('g', { class: 'hq-monster', 'data-rule': `monster:${kind}` }, svg('title', {}, `${m.name} (strength ${s})`), body);
}

function heroToken(hero, x, y, active) {
  const o = heroOf(hero);
  return svg('g', { class: ['hq-hero', hero.healing && 'healing', active && 'hq-acting'], 'data-rule': `hero:${hero.hero}`, 'data-figure': hero.seat, 'data-at': hero.at, 'data-acting': active ? 'true' : null },
    svg('title', {}, `${hero.seat}: ${o.name}, health ${hero.health}/${hero.max}${hero.healing ? ' (healing)' : ''}`),
    active ? svg('circle', { class: 'hq-acting-ring', cx: x, cy: y, r: 1, fill: 'none' }) : null,
    active ? svg('circle', { class: 'hq-acting-dash', cx: x, cy: y, r: CELL * 0.42, fill: 'none', stroke: '#ffd666', 'stroke-width': 3, 'stroke-dasharray': '5 3' }) : null,
    svg('circle', { cx: x, cy: y, r: CELL * 0.3, fill: o.c, stroke: '#fff', 'stroke-width': 2.5 }),
    svg('text', { x, y: y + 6, 'text-anchor': 'middle', 'font-size': 17, 'font-weight': 800, fill: '#fff' }, o.l),
    svg('text', { x: x + CELL * 0.28, y: y - CELL * 0.2, 'font-size': 10, 'font-weight': 700, fill: '#fff' }, hero.seat.replace(/^p/, '')));
}

function itemToken(kind, x, y) {
  const it = ITEM[kind] || { c: '#aaa', t: '?' };
  return svg('g', { class: 'hq-item', 'data-rule': kind === 'coffin' ? 'coffin' : `item:${kind}` }, svg('title', {}, kind),
    svg('circle', { cx: x, cy: y, r: 11, fill: it.c, stroke: '#3a2a10', 'stroke-width': 1.5 }),
    svg('text', { x, y: y + 4.5, 'text-anchor': 'middle', 'font-size': 13, 'font-weight': 800, fill: '#3a2a10' }, it.t));
}

function board(view, snap, ui) {
  const lay = view.layout;
  const coords = lay.spaces;
  const xs = Object.values(coords).map((c) => c[0]);
  const ys = Object.values(coords).map((c) => c[1]);
  const W = (Math.max(...xs) + 1) * CELL;
  const H = (Math.max(...ys) + 1) * CELL;
  const cx = (id) => coords[id][0] * CELL + CELL / 2;
  const cy = (id) => coords[id][1] * CELL + CELL / 2;
  const path = new Set(view.turn.path || []);
  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, class: 'hq-board', role: 'img', 'aria-label': `map of ${view.title}`, style: { maxWidth: `${W}px` } });
  root.append(svg('defs', {}, svg('pattern', { id: 'hq-stone', width: 16, height: 16, patternUnits: 'userSpaceOnUse' },
    svg('rect', { width: 16, height: 16, fill: '#8d8270' }), svg('path', { d: 'M0 8h16M8 0v8M4 8v8M12 8v8', stroke: '#756b5b', 'stroke-width': 1 }))));
  for (const [a, b] of lay.links) {
    root.append(svg('line', { x1: cx(a), y1: cy(a), x2: cx(b), y2: cy(b), stroke: '#5c5244', 'stroke-width': CELL * 0.42, 'stroke-linecap': 'round' }));
    root.append(svg('line', { x1: cx(a), y1: cy(a), x2: cx(b), y2: cy(b), stroke: '#9a8f7b', 'stroke-width': CELL * 0.3, 'stroke-linecap': 'round' }));
  }
  const starts = new Set(lay.start || []);
  const coffins = new Set(view.board.coffins || []);
  for (const id of Object.keys(coords)) {
    const x = coords[id][0] * CELL;
    const y = coords[id][1] * CELL;
    const target = view.board.target === id;
    const pick = ui.canPick([id]) ? id : null;
    const g = svg('g', { class: 'hq-space', 'data-space': id, 'data-pick': pick },
      svg('rect', { x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12, rx: 9, fill: target ? '#7a5a1e' : 'url(#hq-stone)', stroke: path.has(id) ? '#ffd666' : '#4a4236', 'stroke-width': path.has(id) ? 3 : 2 }),
      svg('text', { x: x + 10, y: y + 18, 'font-size': 9, fill: '#2d261d', opacity: 0.8 }, id));
    if (starts.has(id)) g.append(svg('text', { x: x + CELL - 12, y: y + 18, 'font-size': 9, 'text-anchor': 'end', fill: '#2d261d' }, 'start'));
    if (target) g.append(svg('path', { d: starPath(x + CELL / 2, y + CELL / 2, 16, 7), fill: '#f2c14e', stroke: '#5a3d08', 'stroke-width': 1.5, opacity: 0.95 }));
    if (coffins.has(id)) {
      g.append(svg('path', { d: `M${x + 24} ${y + 14} l16 0 l6 10 l-6 26 l-16 0 l-6 -26 z`, fill: '#5a3a22', stroke: '#2a1a0c', 'stroke-width': 1.5 }),
        svg('path', { d: `M${x + 32} ${y + 22} v14 M${x + 27} ${y + 27} h10`, stroke: '#d9c7a0', 'stroke-width': 2 }));
    }
    const item = (view.board.items || {})[id];
    if (item) g.append(itemToken(item, x + CELL - 16, y + CELL - 16));
    const mon = (view.board.monsters || {})[id];
    if (mon) g.append(monsterToken(mon, x + CELL / 2, y + CELL / 2, (view.board.bars || {})[id]));
    if (pick) g.append(svg('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 11, fill: 'rgba(255,214,102,.18)', stroke: '#ffd666', 'stroke-width': 2.5, class: 'hq-hot' }));
    root.append(g);
  }
  // heroes last, so they stand on top; two on one space are offset
  const seen = {};
  for (const hero of view.heroes) {
    if (!hero.at || !coords[hero.at]) continue;
    const k = seen[hero.at] || 0;
    seen[hero.at] = k + 1;
    root.append(heroToken(hero, cx(hero.at) + k * 12 - (k ? 6 : 0), cy(hero.at) - k * 8, view.turn.seat === hero.seat));
  }
  return root;
}

function starPath(x, y, R, r) {
  let d = '';
  for (let i = 0; i < 10; i += 1) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 ? r : R;
    d += `${i ? 'L' : 'M'}${(x + rr * Math.cos(a)).toFixed(1)} ${(y + rr * Math.sin(a)).toFixed(1)}`;
  }
  return `${d}Z`;
}

/** The LEGO HEROICA die: shield, sword, skull, or sword and skull. */
export function die(face, size = 58) {
  const parts = [svg('rect', { x: 3, y: 3, width: 94, height: 94, rx: 18, fill: '#fbf7ec', stroke: '#3b3125', 'stroke-width': 4 })];
  const sword = (x, y, s) => svg('g', { transform: `translate(${x} ${y}) scale(${s}) rotate(45)` },
    svg('rect', { x: -4, y: -34, width: 8, height: 44, fill: '#8c99a8', stroke: '#38404a', 'stroke-width': 2 }),
    svg('rect', { x: -14, y: 10, width: 28, height: 7, rx: 2, fill: '#8a5a26' }), svg('rect', { x: -3.5, y: 17, width: 7, height: 13, fill: '#5a3a1a' }));
  const skull = (x, y, s) => svg('g', { transform: `translate(${x} ${y}) scale(${s})` },
    svg('path', { d: 'M-22 0 a22 22 0 1 1 44 0 v10 h-8 v8 h-28 v-8 h-8 z', fill: '#f1ead6', stroke: '#3b3125', 'stroke-width': 3 }),
    svg('circle', { cx: -9, cy: 0, r: 6, fill: '#3b3125' }), svg('circle', { cx: 9, cy: 0, r: 6, fill: '#3b3125' }));
  if (face === 'shield') {
    parts.push(svg('path', { d: 'M50 14 L80 26 Q80 66 50 86 Q20 66 20 26 Z', fill: '#4f7fd6', stroke: '#1d3566', 'stroke-width': 4 }),
      svg('path', { d: 'M50 24 V76 M30 40 H70', stroke: '#f2c14e', 'stroke-width': 6 }));
  } else if (face === 'sword') parts.push(sword(50, 52, 1.2));
  else if (face === 'skull') parts.push(skull(50, 50, 1.2));
  else if (face === 'sword-skull') parts.push(sword(36, 40, 0.8), skull(64, 62, 0.75));
  else parts.push(svg('text', { x: 50, y: 60, 'text-anchor': 'middle', 'font-size': 30 }, '?'));
  return svg('svg', { viewBox: '0 0 100 100', width: size, height: size, class: 'hq-die', 'aria-label': `die: ${face}` }, svg('title', {}, face), parts);
}

function hearts(health, max) {
  const out = [];
  for (let i = 0; i < max; i += 1) out.push(h('span', { class: ['hq-heart', i >= health && 'lost'] }, '♥'));
  return h('span', { class: 'hq-hearts', title: `health ${health} of ${max}` }, out);
}

function heroCard(hero, view, snap, ui) {
  const o = heroOf(hero);
  const me = hero.seat === snap.seat;
  const active = view.turn.seat === hero.seat;
  const weaponChip = (w) => h('span', { class: 'chip hq-weapon', 'data-pick': me && ui.canPick(['sell', w]) ? `sell ${w}` : null, title: w, 'data-rule': `weapon:${w}` }, w);
  return h('div', { class: ['hq-hero-card', me && 'me', active && 'active'], 'data-seat': hero.seat, style: { '--hc': o.c } },
    h('div', { class: 'hq-hero-head' }, h('span', { class: 'hq-badge' }, o.l), h('b', { 'data-rule': `hero:${hero.hero}` }, `${o.name}`), h('span', {}, ` ${hero.seat}${me ? ' (you)' : ''}`),
      hero.healing ? h('span', { class: 'chip' }, 'healing') : null),
    h('div', {}, hearts(hero.health, hero.max)),
    h('div', { class: 'hq-pack' },
      h('span', { title: 'gold' }, h('span', { class: 'hq-coin' }, '$'), ` ${hero.gold}`),
      h('span', { title: 'Life potions', 'data-rule': 'item:life', 'data-pick': me && ui.canPick(['drink', 'life']) ? 'drink life' : null }, 'life potion ', String(hero.life)),
      h('span', { title: 'Defense potions', 'data-rule': 'item:defense', 'data-pick': me && ui.canPick(['drink', 'defense']) ? 'drink defense' : null }, 'defense potion ', String(hero.defense)),
      hero.fang ? h('span', { title: 'Fang of Fury' }, 'Fang ', String(hero.fang)) : null,
      h('span', { title: 'monsters defeated' }, `defeated ${hero.monsters.length}`)),
    hero.weapons.length ? h('div', { class: 'g-chips' }, hero.weapons.map(weaponChip)) : null);
}

function store(view, ui) {
  return h('div', { class: 'hq-store' }, h('span', { class: 'hq-label', 'data-rule': 'store' }, 'store'),
    WEAPONS.filter((w) => (view.store || {})[w] !== undefined).map((w) => h('span', {
      class: ['chip', 'hq-weapon', !(view.store[w] > 0) && 'gone'], 'data-pick': ui.canPick(['buy', w]) ? `buy ${w}` : null, title: `${w}: ${view.store[w]} left`, 'data-rule': `weapon:${w}`,
    }, `${w} ×${view.store[w]}`)));
}

const plural = (n, one) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "rolled skull · 2 steps left · 1 taken": the view's steps are those still allowed. */
function stepsText(t) {
  const left = t.steps > 0 ? `${plural(t.steps, 'step')} left` : 'no step left';
  const taken = t.steps_taken ? ` · ${plural(t.steps_taken, 'step')} taken` : '';
  return `rolled ${t.roll} · ${left}${taken}`;
}

export function render(root, snap, ui) {
  const view = snap.view;
  const t = view.turn;
  const top = h('div', { class: 'hq-top' },
    h('div', { class: 'hq-title' }, h('b', {}, view.title), ` · ${view.variant} · round ${t.round}`),
    h('div', { class: 'hq-turn' }, t.roll ? die(t.roll) : h('span', { class: 'hq-noroll' }, 'no roll yet'),
      h('div', {}, h('div', {}, `${t.seat} to play`), t.roll ? h('div', { class: 'hq-small', 'data-testid': 'steps' }, stepsText(t)) : null,
        view.decision ? h('div', { class: 'hq-small' }, `waiting: ${view.decision[0] === snap.seat ? 'you' : view.decision[0]} — ${view.decision_text || view.decision[1]}`) : null)),
    store(view, ui));
  const wrap = h('div', { class: 'hq-board-wrap' }, board(view, snap, ui));
  const heroes = h('div', { class: 'hq-heroes' }, view.heroes.map((hero) => heroCard(hero, view, snap, ui)));
  root.append(h('div', { class: 'hq' }, top, wrap, heroes));
}

export function actionLabel(action) {
  const w = action.action.split(' ');
  if (w[0] === 'roll') return [h('span', { class: 'hq-act' }, die('shield', 22), ' roll the die'), action.text ? h('small', {}, action.text) : null];
  return null;
}
