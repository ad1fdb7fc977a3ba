// Hero: Immortal King — the Lair of the Lich: three corridors of dungeon cards ending at the Lich,
// Courage and Fear tokens, the adventurers with their Mana, the equipment row, trophies, the combat
// in progress with its die. Corridors, adventurers, equipment and trophies carry data-pick (the
// words of the actions that name them: "attack 2", "mana nova", "potion e1", "pay 46").

import { h, svg } from '../js/ui.js';
import { value } from './generic.js';

if (!document.querySelector('link[data-game="hero-ik"]')) {
  document.head.append(h('link', { rel: 'stylesheet', href: '/static/games/hero-ik.css', 'data-game': 'hero-ik' }));
}

const COLOUR = { green: '#3f9d4a', yellow: '#d9a81e', blue: '#2f73c9', red: '#c43d2f' };

function tokenRow(n, cls, label, glyph) {
  const out = [];
  for (let i = 0; i < n; i += 1) out.push(h('span', { class: ['hk-tok', cls] }, glyph));
  return h('div', { class: 'hk-tokens', title: `${label}: ${n}` }, h('span', { class: 'hk-label' }, `${label} ${n}`), out);
}

function d6(n, size = 44) {
  const P = { 1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]], 4: [[28, 28], [72, 28], [28, 72], [72, 72]],
    5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]], 6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]] };
  const face = P[n];
  return svg('svg', { viewBox: '0 0 100 100', width: size, height: size, 'aria-label': `die: ${n}` },
    svg('rect', { x: 4, y: 4, width: 92, height: 92, rx: 16, fill: '#fffdf6', stroke: '#3b3125', 'stroke-width': 4 }),
    face ? face.map(([x, y]) => svg('circle', { cx: x, cy: y, r: 8.5, fill: '#2a2520' }))
      : svg('text', { x: 50, y: 64, 'text-anchor': 'middle', 'font-size': 40, 'font-weight': 800 }, String(n)));
}

/** Rock, paper and scissors drawn in SVG (emoji hands render as empty boxes with Debian's fonts). */
export function gesture(name, size = 26) {
  const kids = {
    rock: [svg('path', { d: 'M14 62 Q10 38 30 28 Q44 14 62 24 Q84 26 88 48 Q92 72 70 82 Q44 92 24 80 Q14 74 14 62 Z', fill: '#9a948a', stroke: '#3b3125', 'stroke-width': 5 }),
      svg('path', { d: 'M36 44 Q46 38 56 44 M60 62 Q68 58 74 64', fill: 'none', stroke: '#5f594f', 'stroke-width': 4, 'stroke-linecap': 'round' })],
    paper: [svg('path', { d: 'M22 10 H64 L80 26 V90 H22 Z', fill: '#fffdf6', stroke: '#3b3125', 'stroke-width': 5, 'stroke-linejoin': 'round' }),
      svg('path', { d: 'M64 10 V26 H80', fill: 'none', stroke: '#3b3125', 'stroke-width': 4 }),
      svg('path', { d: 'M32 42 H70 M32 56 H70 M32 70 H60', stroke: '#8a7f70', 'stroke-width': 4, 'stroke-linecap': 'round' })],
    scissors: [svg('path', { d: 'M40 60 L84 12 M60 60 L16 12', stroke: '#5b6470', 'stroke-width': 8, 'stroke-linecap': 'round' }),
      svg('circle', { cx: 32, cy: 76, r: 13, fill: 'none', stroke: '#c43d2f', 'stroke-width': 7 }),
      svg('circle', { cx: 68, cy: 76, r: 13, fill: 'none', stroke: '#c43d2f', 'stroke-width': 7 })],
  }[name];
  if (!kids) return null;
  return svg('svg', { viewBox: '0 0 100 100', width: size, height: size, class: 'hk-gesture', 'data-gesture': name, role: 'img', 'aria-label': name }, kids);
}

export function actionLabel(action) {
  const w = action.action.split(' ');
  if (w[0] === 'rps' && gesture(w[1])) return h('span', { class: 'hk-rps-act' }, gesture(w[1], 30), h('span', {}, w[1]));
  return null;
}

function monsterCard(card, opts = {}) {
  if (!card) return h('div', { class: 'hk-card empty' }, 'empty');
  // face down and unknown to this seat; the dungeon seat knows its own ambushes (the card is in its view)
  if (card.face_down && !card.name) return h('div', { class: 'hk-card back', title: 'face down' }, h('span', {}, '?'));
  const c = COLOUR[card.colour] || '#555';
  const hidden = card.face_down ? 'face down: only you know it' : null;
  return h('div', { class: ['hk-card', opts.big && 'big', card.face_down && 'known-down', opts.small && 'small'], style: { '--c': c }, 'data-card': card.id,
    title: hidden ? `${card.name} (${hidden})` : card.name },
    h('div', { class: 'hk-card-top' }, h('span', { class: 'hk-family' }, card.family || ''),
      card.mana ? h('span', { class: 'hk-mana-dot', title: 'gives Mana' }) : null),
    h('div', { class: 'hk-card-name' }, card.name),
    h('div', { class: ['hk-power', typeof (card.current_power ?? card.power) !== 'number' && String(card.current_power ?? card.power).length > 4 && 'words'], title: `printed power ${card.power}` },
      String(card.current_power ?? card.power).replaceAll('/', '/\u200b')),   // "rock/paper/scissors" wraps at a slash
    h('div', { class: 'hk-card-foot' },
      hidden ? h('span', { class: 'hk-down', 'data-testid': 'known-face-down' }, 'face down') : null,
      (card.abilities || []).map((a) => h('span', { class: 'chip' }, a)),
      Object.entries(card.auras || {}).map(([k, v]) => h('span', { class: 'chip' }, `${k} +${v}`)),
      card.tenacity ? h('span', { class: 'chip', title: 'a Tenacity token' }, 'tenacity') : null));
}

function corridor(c, view, ui) {
  const word = String(c.n);
  const pick = ui.canPick([word]) ? word : null;
  const inCombat = view.combat && view.combat.corridor === c.n;
  return h('div', { class: ['hk-corridor', inCombat && 'fight'], 'data-pick': pick, 'data-corridor': c.n },
    h('div', { class: 'hk-label' }, `corridor ${c.n}`),
    h('div', { class: 'hk-pile', title: `${c.pile} cards in the pile` }, h('span', { class: 'hk-card back small' }), h('b', {}, `×${c.pile}`)),
    c.pile_top ? h('div', { class: 'hk-pile-top', 'data-testid': 'pile-top' }, h('span', { class: 'hk-label' }, 'top of the pile (you know)'),
      monsterCard(c.pile_top, { small: true })) : null,
    c.empty ? h('div', { class: 'hk-card empty' }, 'cleared') : monsterCard(c.encounter));
}

function adventurer(a, ui) {
  const pick = ui.canPick([a.id]) ? a.id : null;
  return h('div', { class: 'hk-adv', 'data-pick': pick, 'data-adventurer': a.id },
    h('div', { class: 'hk-adv-head' }, h('b', {}, a.name), h('span', { class: 'chip' }, a.type),
      h('span', { class: 'hk-mana', title: `${a.mana} Mana` }, Array.from({ length: a.mana }, () => h('span', { class: 'hk-mana-dot' })), a.mana ? '' : 'no Mana')),
    h('div', { class: 'hk-text' }, h('b', {}, 'Gift '), a.gift),
    h('div', { class: 'hk-text' }, h('b', {}, 'Power '), a.power),
    h('div', { class: 'hk-text' }, h('b', {}, 'Ultimate '), a.ultimate));
}

function equipment(e, ui) {
  const pick = ui.canPick([e.slot]) ? e.slot : null;
  if (e.state === 'face-down' && !e.name) return h('div', { class: 'hk-eq back', 'data-pick': pick, 'data-slot': e.slot }, h('span', {}, e.slot));
  const cost = Object.entries(e.cost || {}).map(([col, n]) => Array.from({ length: n }, () => h('span', { class: 'hk-cost', style: { background: COLOUR[col] || '#777' }, title: col })));
  return h('div', { class: ['hk-eq', e.state], 'data-pick': pick, 'data-slot': e.slot },
    h('div', { class: 'hk-eq-head' }, h('b', {}, e.name), h('span', { class: 'chip' }, e.kind)),
    h('div', { class: 'hk-text' }, e.text),
    h('div', { class: 'hk-eq-foot' }, cost, h('small', {}, `${e.slot} · ${e.state}`)));
}

function trophy(t, ui) {
  const word = String(t.n);
  return h('span', { class: 'hk-trophy', style: { '--c': COLOUR[t.colour] || '#666' }, 'data-pick': ui.canPick([word]) ? word : null, title: t.name },
    t.name, t.mana ? h('span', { class: 'hk-mana-dot' }) : null);
}

function combatBox(cb, view) {
  if (!cb) return null;
  const label = h('div', { class: 'hk-label' }, `combat in corridor ${cb.corridor} · ${cb.name}`);
  if (cb.rps) {
    return h('div', { class: 'hk-combat', 'data-testid': 'combat' }, label, h('div', {}, 'decided by rock / paper / scissors'),
      h('details', {}, h('summary', {}, 'details'), value(cb, null, 1)));
  }
  const rolled = cb.face > 0;
  const add = cb.add ?? cb.bonus ?? 0;
  const sum = rolled
    ? `${cb.face} × ${cb.multiplier} ${add < 0 ? '−' : '+'} ${Math.abs(add)} = ${cb.total}`
    : `not rolled yet (1d${cb.die}) × ${cb.multiplier} ${add < 0 ? '−' : '+'} ${Math.abs(add)}`;
  const parts = [];
  if (cb.bonus) parts.push(`${cb.bonus > 0 ? '+' : ''}${cb.bonus} this combat`);
  if (cb.standing_bonus) parts.push(`${cb.standing_bonus > 0 ? '+' : ''}${cb.standing_bonus} from gifts and items`);
  return h('div', { class: 'hk-combat', 'data-testid': 'combat' }, label,
    h('div', { class: 'hk-combat-row' }, rolled ? d6(cb.face) : h('span', { class: 'hk-noroll' }, `1d${cb.die}`),
      h('div', {},
        h('div', { class: 'hk-sum', 'data-testid': 'combat-sum' }, h('b', {}, sum)),
        h('div', {}, `face ${rolled ? cb.face : '—'} · multiplier ×${cb.multiplier} · bonus ${add >= 0 ? '+' : ''}${add}`
          + `${parts.length ? ` (${parts.join(', ')})` : ''}`),
        h('div', {}, `against Power ${cb.power ?? '?'}${cb.power_die ? ` (its die rolled ${cb.power_die})` : ''}`))),
    h('details', {}, h('summary', {}, 'details'), value(cb, null, 1)));
}

export function render(root, snap, ui) {
  const v = snap.view;
  const rps = v.rps || {};
  const rpsBox = Object.values(rps).some((x) => x !== null) || (v.decision && v.decision.kind === 'rps')
    ? h('div', { class: 'hk-rps' }, h('span', { class: 'hk-label' }, 'rock / paper / scissors'),
      Object.entries(rps).map(([s, x]) => h('span', { class: 'chip', 'data-rps': s }, `${s}: `, gesture(x, 18) || (x === null ? 'choosing…' : x === 'chosen' ? 'has chosen' : x),
        gesture(x) ? ` ${x}` : '')))
    : null;
  root.append(h('div', { class: 'hk' },
    h('div', { class: 'hk-top' },
      h('div', {}, h('b', {}, `turn ${v.turn}`), ` · ${v.phase} phase`, v.decision ? ` · ${v.decision.seat === snap.seat ? 'you' : v.decision.seat}: ${v.decision.text || v.decision.kind}` : ''),
      tokenRow(v.courage, 'courage', 'Courage', '✦'), tokenRow(v.fear, 'fear', 'Fear', '☠')),
    h('div', { class: 'hk-dungeon' },
      h('div', { class: 'hk-corridors' }, v.corridors.map((c) => corridor(c, v, ui))),
      h('div', { class: 'hk-final' }, h('div', { class: 'hk-label' }, v.final.open ? 'the Lich awaits' : 'the Lich (closed)'),
        monsterCard({ ...v.final, colour: 'red', face_down: false }, { big: true }), v.final.killed ? h('b', {}, 'defeated!') : null)),
    combatBox(v.combat, v), rpsBox,
    h('div', { class: 'hk-label' }, 'the adventurers'),
    h('div', { class: 'hk-advs' }, v.adventurers.map((a) => adventurer(a, ui))),
    h('div', { class: 'hk-label' }, 'equipment'),
    h('div', { class: 'hk-eqs' }, v.equipment.map((e) => equipment(e, ui))),
    h('div', { class: 'hk-trophies' }, h('span', { class: 'hk-label' }, `trophies ${v.trophies.length}`), v.trophies.map((t) => trophy(t, ui)),
      v.ultimate_cost ? h('small', {}, ' · ultimate costs ', Object.entries(v.ultimate_cost).map(([c, n]) => h('span', { class: 'hk-cost-n', style: { background: COLOUR[c] } }, String(n))))
        : null)));
}
