// Movement that can be followed on the map games (Heroica, Descent): a figure that moved since the
// last drawing slides from its old space to its new one (a short CSS transition, none when the
// user prefers reduced motion), and the last move stays marked (its from and to spaces, a trail
// between them, the figure itself) until another figure moves. Renderers mark each figure with
// data-figure=<id> and data-at=<its space or squares>, and each space with data-space or
// data-square; the acting figure carries data-acting="true" (drawn by the renderer).
import { svg } from './ui.js';

/** How long a slide takes (ms); questbox.css's .qb-sliding uses the same. */
export const SLIDE_MS = 320;

// what the last drawing showed, per table and seat: figure -> where it stood; the last move
const memory = { key: null, at: new Map(), last: [] };

export function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function spaceEl(map, id) {
  return map.querySelector(`[data-space="${CSS.escape(id)}"], [data-square="${CSS.escape(id)}"]`);
}

/** The centre of a space list ("D6" or "D6 E6 D7 E7") in the map's own units; null if not drawn. */
function centre(map, at) {
  const boxes = at.split(' ').filter(Boolean).map((id) => spaceEl(map, id)).filter(Boolean).map((el) => el.getBBox());
  if (!boxes.length) return null;
  const x = boxes.reduce((s, b) => s + b.x + b.width / 2, 0) / boxes.length;
  const y = boxes.reduce((s, b) => s + b.y + b.height / 2, 0) / boxes.length;
  return [x, y];
}

function slide(fig, dx, dy) {
  fig.classList.remove('qb-sliding');
  fig.style.transform = `translate(${dx}px, ${dy}px)`;
  fig.getBoundingClientRect();          // the offset is laid out before the transition starts
  requestAnimationFrame(() => {
    fig.classList.add('qb-sliding');
    fig.style.transform = '';
    setTimeout(() => fig.classList.remove('qb-sliding'), SLIDE_MS + 100);
  });
}

function markLast(map, moves) {
  const firstFig = map.querySelector('[data-figure]');
  for (const m of moves) {
    const fig = map.querySelector(`[data-figure="${CSS.escape(m.id)}"]`);
    if (fig) { fig.classList.add('qb-moved'); fig.dataset.moved = 'true'; }
    for (const [side, at] of [['from', m.from], ['to', m.to]]) {
      for (const id of at.split(' ')) {
        const el = spaceEl(map, id);
        if (el) { el.classList.add(`qb-last-${side}`); el.dataset.lastMove = side; }
      }
    }
    const a = centre(map, m.from); const b = centre(map, m.to);
    if (!a || !b) continue;
    const trail = svg('g', { class: 'qb-trail', 'data-testid': 'last-move', 'data-figure-moved': m.id, 'data-from': m.from, 'data-to': m.to, 'pointer-events': 'none' },
      svg('title', {}, `last move: ${m.id} from ${m.from} to ${m.to}`),
      svg('line', { x1: a[0], y1: a[1], x2: b[0], y2: b[1] }),
      svg('circle', { cx: a[0], cy: a[1], r: 5 }));
    if (firstFig) firstFig.before(trail); else map.append(trail);
  }
}

/** After a map is drawn: slide what moved since the last drawing and mark the last move. */
export function followMoves(map, snap) {
  const key = `${snap.table}|${snap.seat || ''}|${snap.game}`;
  if (memory.key !== key) { memory.key = key; memory.at = new Map(); memory.last = []; }
  const now = new Map([...map.querySelectorAll('[data-figure][data-at]')]
    .filter((el) => el.dataset.at).map((el) => [el.dataset.figure, el.dataset.at]));
  const moved = [...now].filter(([id, at]) => memory.at.has(id) && memory.at.get(id) !== at)
    .map(([id, at]) => ({ id, from: memory.at.get(id), to: at }));
  if (moved.length) memory.last = moved;
  else memory.last = memory.last.filter((m) => now.get(m.id) === m.to);   // gone or moved by a rebuild
  memory.at = now;
  markLast(map, memory.last);
  if (!moved.length || reducedMotion()) return;
  for (const m of moved) {
    const fig = map.querySelector(`[data-figure="${CSS.escape(m.id)}"]`);
    const a = centre(map, m.from); const b = centre(map, m.to);
    if (fig && a && b) slide(fig, a[0] - b[0], a[1] - b[1]);
  }
}
