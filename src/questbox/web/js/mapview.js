// Maps on a phone: a map drawn in SVG (Heroica's, Descent's) keeps readable squares on a narrow
// screen. Below 860 px the map sits in a pannable box (drag or swipe; pinch zooms the page) at a
// scale of at least MIN_SQUARE (40) px a square, with − / + buttons, scrolled to the acting figure.
import { h } from './ui.js';
import { followMoves } from './motion.js';

const MAPS = { heroica: { sel: 'svg.hq-board', square: 70 }, descent: { sel: 'svg.ds-map', square: 36 } };
export const MIN_SQUARE = 40;
/** The width below which a map pans in a box of its own (questbox.css uses the same). */
export const NARROW = '(max-width: 860px)';

/** Call `redraw` when the screen crosses the narrow width (a phone turned, a window resized), so
 * the map is fitted again. Returns the function that stops listening. */
export function onNarrowChange(redraw) {
  const mq = window.matchMedia(NARROW);
  const on = () => redraw();
  mq.addEventListener('change', on);
  return () => mq.removeEventListener('change', on);
}
const zoom = { value: 1 };

/** Fit the map drawn in `root` (a table's snapshot or a replay step); `motionKey` names whose moves
 * it follows (js/motion.js; default: the table and seat). */
export function fitMap(root, snap, motionKey = null) {
  const game = snap.game === 'descent-campaign' ? 'descent' : snap.game;
  const spec = MAPS[game];
  document.body.classList.toggle('map-game', !!spec);
  if (!spec) return;
  const map = root.querySelector(spec.sel);
  if (!map) return;
  followMoves(map, snap, motionKey);
  const vb = map.viewBox.baseVal;
  const box = h('div', { class: 'map-pan', 'data-testid': 'map-pan' });
  map.replaceWith(box);
  box.append(map);
  const narrow = window.matchMedia(NARROW).matches;
  if (!narrow) return;
  // the SVG's user units per square -> css px: at least MIN_SQUARE (40) px a square, times the zoom
  const width = Math.max(box.clientWidth, (vb.width / spec.square) * MIN_SQUARE * zoom.value);
  map.style.width = `${width}px`;
  map.style.maxWidth = 'none';
  const tools = h('div', { class: 'map-zoom' },
    h('button', { class: 'small', 'aria-label': 'zoom out', onclick: () => { zoom.value = Math.max(0.5, zoom.value / 1.25); fitAgain(); } }, '−'),
    h('button', { class: 'small', 'aria-label': 'zoom in', onclick: () => { zoom.value = Math.min(3, zoom.value * 1.25); fitAgain(); } }, '+'));
  box.before(tools);
  function fitAgain() {
    const w = Math.max(box.clientWidth, (vb.width / spec.square) * MIN_SQUARE * zoom.value);
    map.style.width = `${w}px`;
  }
  // keep the acting figure in view
  const acting = map.querySelector('[data-acting="true"], .hq-acting-ring');
  const target = acting ? (acting.closest('g') || acting) : null;
  if (target) {
    requestAnimationFrame(() => {
      const r = target.getBoundingClientRect(); const b = box.getBoundingClientRect();
      box.scrollLeft += r.left + r.width / 2 - (b.left + b.width / 2);
      box.scrollTop += r.top + r.height / 2 - (b.top + b.height / 2);
    });
  }
}
