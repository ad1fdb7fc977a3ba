// Pig (the test game): score tracks, the turn's pot, the last die and your secret card.

import { h, svg } from '../js/ui.js';

const PIPS = { 1: [[50, 50]], 2: [[28, 28], [72, 72]], 3: [[28, 28], [50, 50], [72, 72]],
  4: [[28, 28], [72, 28], [28, 72], [72, 72]], 5: [[28, 28], [72, 28], [50, 50], [28, 72], [72, 72]],
  6: [[28, 25], [72, 25], [28, 50], [72, 50], [28, 75], [72, 75]] };

export function die(face, size = 64) {
  return svg('svg', { viewBox: '0 0 100 100', width: size, height: size, class: 'die', 'aria-label': `die showing ${face}` },
    svg('rect', { x: 4, y: 4, width: 92, height: 92, rx: 16, fill: face === 1 ? '#f6d5cf' : '#fffdf6', stroke: '#5a4a3a', 'stroke-width': 3 }),
    (PIPS[face] || []).map(([x, y]) => svg('circle', { cx: x, cy: y, r: 8.5, fill: face === 1 ? '#b8412f' : '#2a2520' })));
}

function lastRoll(snap) {
  for (let i = snap.events.length - 1; i >= 0; i -= 1) {
    const m = /rolls (\d)/.exec(snap.events[i].text);
    if (m) return Number(m[1]);
  }
  return null;
}

let remembered = null;

export function render(root, snap) {
  const v = snap.view;
  const seats = snap.seats.map((s) => s.seat);
  const top = Math.max(20, ...v.banked);
  const roll = lastRoll(snap) ?? remembered;
  remembered = roll;
  const tracks = h('div', { class: 'pig-tracks', style: { display: 'flex', gap: '1rem', alignItems: 'flex-end', minHeight: '220px', justifyContent: 'center' } },
    seats.map((s, i) => {
      const mine = s === snap.seat;
      const pct = Math.round((100 * v.banked[i]) / top);
      const pot = i === v.current ? Math.round((100 * Math.min(v.turn_points, top - v.banked[i])) / top) : 0;
      return h('div', { style: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '.3rem' }, 'data-seat': s },
        h('div', { style: { fontSize: '1.6rem', fontWeight: 800 } }, String(v.banked[i])),
        h('div', { style: { width: '54px', height: '180px', background: 'rgba(0,0,0,.25)', borderRadius: '10px', position: 'relative', overflow: 'hidden' } },
          h('div', { style: { position: 'absolute', bottom: 0, left: 0, right: 0, height: `${pct}%`, background: mine ? '#e9a54d' : '#8fb8de' } }),
          h('div', { style: { position: 'absolute', bottom: `${pct}%`, left: 0, right: 0, height: `${pot}%`, background: 'rgba(255,255,255,.45)' } })),
        h('div', { style: { fontWeight: i === v.current ? 800 : 400 } }, i === v.current ? `▶ ${s}` : s, mine ? ' (you)' : ''));
    }));
  const centre = h('div', { style: { display: 'flex', gap: '1.5rem', alignItems: 'center', justifyContent: 'center', margin: '1rem 0', flexWrap: 'wrap' } },
    roll ? die(roll, 72) : h('div', { style: { opacity: 0.6 } }, 'no roll yet'),
    h('div', { style: { fontSize: '1.2rem' } }, 'pot this turn: ', h('b', { 'data-testid': 'pot' }, String(v.turn_points))),
    ...Object.entries(v.secret || {}).map(([s, c]) => h('div', { class: 'card', style: { '--c': '#8a4fbf' }, title: `${s}'s secret card` },
      h('span', { class: 'n' }, String(c)), h('span', { class: 'pip' }, 'secret'), h('span', { class: 'n b' }, String(c)))));
  const buttons = h('div', { style: { display: 'flex', gap: '1rem', justifyContent: 'center' } },
    h('div', { class: 'chip', 'data-pick': 'roll', style: { fontSize: '1.1rem', padding: '.4rem 1rem' } }, 'roll the die'),
    h('div', { class: 'chip', 'data-pick': 'hold', style: { fontSize: '1.1rem', padding: '.4rem 1rem' } }, 'hold: bank the pot'));
  root.append(centre, tracks, ...(snap.your_turn ? [buttons] : []));
}
