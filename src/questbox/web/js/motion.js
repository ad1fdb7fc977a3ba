// Movement that can be followed on the map games (Heroica, Descent): a figure that moved since the
// last drawing slides from its old space to its new one (a short CSS transition, none when the
// user prefers reduced motion), and the last move stays marked (its from and to spaces, a trail
// between them, the figure itself) until another figure moves. Renderers mark each figure with
// data-figure=<id> and data-at=<its space or squares>, and each space with data-space or
// data-square; the acting figure carries data-acting="true" (drawn by the renderer).
import { svg } from './ui.js';

/** How long a slide takes (ms) unless the page's CSS says otherwise (questbox.css: --qb-slide). */
export const SLIDE_MS = 320;

// what the last drawing showed, per table and seat: figure -> where it stood; the last move; the
// slides still running (figure -> {dx, dy: where it started, relative to where it goes; t0; ms})
const memory = { key: null, at: new Map(), last: [], sliding: new Map() };

export function reducedMotion() {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** A slide's duration in ms: the CSS custom property --qb-slide ("320ms", "0.5s"), else SLIDE_MS. */
export function slideMs() {
  const v = getComputedStyle(document.documentElement).getPropertyValue('--qb-slide').trim();
  const n = parseFloat(v);
  if (!Number.isFinite(n) || n < 0) return SLIDE_MS;
  return v.endsWith('ms') ? n : v.endsWith('s') ? n * 1000 : n;
}

/** CSS's `ease-out` (cubic-bezier(0, 0, .58, 1)): how far a slide has got at time fraction x. */
export function easeOut(x) {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const bx = (t) => 3 * (1 - t) * t * t * 0.58 + t * t * t;     // x(t) with P1 = (0, 0), P2 = (.58, 1)
  const by = (t) => 3 * (1 - t) * t * t + t * t * t;
  let lo = 0; let hi = 1;
  for (let i = 0; i < 40; i += 1) { const mid = (lo + hi) / 2; if (bx(mid) < x) lo = mid; else hi = mid; }
  return by((lo + hi) / 2);
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

/** Slide `fig` from (dx, dy) off its place to its place, `ms` long, `elapsed` ms of it already
 * gone (a slide the page's redraw interrupted goes on where it was: a negative transition delay). */
function slide(fig, dx, dy, ms, elapsed = 0) {
  fig.classList.remove('qb-sliding');
  fig.style.transitionDuration = '';
  fig.style.transitionDelay = '';
  fig.style.transform = `translate(${dx}px, ${dy}px)`;
  fig.getBoundingClientRect();          // the offset is laid out before the transition starts
  requestAnimationFrame(() => {
    fig.style.transitionDuration = `${ms}ms`;
    if (elapsed > 0) fig.style.transitionDelay = `-${Math.round(elapsed)}ms`;
    fig.classList.add('qb-sliding');
    fig.style.transform = '';
    setTimeout(() => {
      fig.classList.remove('qb-sliding');
      fig.style.transitionDuration = '';
      fig.style.transitionDelay = '';
    }, ms - elapsed + 100);
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

/** After a map is drawn: slide what moved since the last drawing and mark the last move (`motionKey`:
 * whose drawings these are; the replay viewer's steps are followed apart from the table's). A redraw
 * while figures are still sliding (a bot that moves right after you) does not cut their slides
 * short: a figure that stood still goes on sliding where it was, one that moved again slides on
 * from where it was seen, not from its old space. */
export function followMoves(map, snap, motionKey = null) {
  const key = motionKey || `${snap.table}|${snap.seat || ''}|${snap.game}`;
  if (memory.key !== key) { memory.key = key; memory.at = new Map(); memory.last = []; memory.sliding = new Map(); }
  const now = new Map([...map.querySelectorAll('[data-figure][data-at]')]
    .filter((el) => el.dataset.at).map((el) => [el.dataset.figure, el.dataset.at]));
  const moved = [...now].filter(([id, at]) => memory.at.has(id) && memory.at.get(id) !== at)
    .map(([id, at]) => ({ id, from: memory.at.get(id), to: at }));
  if (moved.length) memory.last = moved;
  else memory.last = memory.last.filter((m) => now.get(m.id) === m.to);   // gone or moved by a rebuild
  memory.at = now;
  markLast(map, memory.last);
  const t = performance.now();
  const running = new Map([...memory.sliding].filter(([id, s]) => t - s.t0 < s.ms && now.has(id)));
  memory.sliding = new Map();
  if (reducedMotion()) return;
  const figure = (id) => map.querySelector(`[data-figure="${CSS.escape(id)}"]`);
  const movedIds = new Set(moved.map((m) => m.id));
  for (const [id, s] of running) {        // interrupted, but not moved again: go on
    const fig = figure(id);
    if (movedIds.has(id) || !fig) continue;
    slide(fig, s.dx, s.dy, s.ms, t - s.t0);
    memory.sliding.set(id, s);
  }
  const ms = slideMs();
  for (const m of moved) {
    const fig = figure(m.id);
    const a = centre(map, m.from); const b = centre(map, m.to);
    if (!fig || !a || !b) continue;
    const was = running.get(m.id);       // still on its way to m.from: start from where it is seen
    const left = was ? 1 - easeOut((t - was.t0) / was.ms) : 0;
    const dx = a[0] - b[0] + (was ? was.dx * left : 0);
    const dy = a[1] - b[1] + (was ? was.dy * left : 0);
    if (ms > 0) { slide(fig, dx, dy, ms); memory.sliding.set(m.id, { dx, dy, t0: t, ms }); }
  }
}
