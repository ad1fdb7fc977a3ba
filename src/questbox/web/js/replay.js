// The replay viewer: step through a finished game forward and back, from any seat's point of view
// (or a spectator's). The server replays the game and sends step k as seat s saw it, shaped like a
// table snapshot, so the game's own renderer draws it (docs/server.md, *Replay viewer*):
//   a finished table:   GET  /api/tables/{id}/replay/view?step=k&seat=s
//   a replay file:      POST /api/replay/view  {replay, step, seat}

import { api, clear, h, toast } from './ui.js';
import { fitMap, onNarrowChange } from './mapview.js';
import { loadGlossary, wireRules } from './rules.js';

/** Steps of a finished table. */
export function tableSource(tableId) {
  return (step, seat) => api(`/api/tables/${encodeURIComponent(tableId)}/replay/view?step=${step}`
    + (seat ? `&seat=${encodeURIComponent(seat)}` : ''));
}

/** Steps of a replay file's document (read in the page, sent with each step). */
export function fileSource(doc) {
  return (step, seat) => api('/api/replay/view', {
    method: 'POST', body: JSON.stringify({ replay: doc, step, seat: seat || null }),
  });
}

/** A replay file chosen in `input` (type=file), parsed; throws a readable error. */
export async function readReplayFile(file) {
  if (file.size > 1024 * 1024) throw new Error('a replay file is at most 1 MiB');
  try { return JSON.parse(await file.text()); } catch { throw new Error('this file is not a questbox replay (not JSON)'); }
}

// the renderers draw; nothing may be picked or played in a replay
const READONLY = {
  h, seat: null, selected: [],
  isArg: () => false, canPick: () => false, canPickAs: () => false, act: () => {}, pick: () => {}, rule: () => null,
};

async function rendererFor(gameId) {
  let meta = [];
  try { meta = (await api('/api/games')).games; } catch { meta = []; }
  const g = meta.find((x) => x.id === gameId);
  if (g && g.renderer) {
    try { return await import(`/static/games/${gameId}.js`); } catch (err) { console.error(err); }
  }
  return import('/static/games/generic.js');
}

/**
 * Open the viewer in `root` (cleared). `source(step, seat)` gives a step; `seat` is the point of
 * view to start with (null: a spectator); `renderer` the game's module if the page has it loaded.
 * Returns {go(step), close()}.
 */
export async function openViewer(root, { source, seat = null, renderer = null, onClose = null }) {
  const vs = { step: 0, steps: 0, seat, doc: null, renderer, glossary: null, loading: false, next: undefined };
  clear(root);
  root.hidden = false;
  const label = h('span', { class: 'replay-step', 'data-testid': 'replay-step' }, '…');
  const button = (testid, text, title, onclick) => h('button', { 'data-testid': testid, title, onclick }, text);
  const first = button('replay-first', '|◀', 'the setup (Home)', () => go(0));
  const prev = button('replay-prev', '◀', 'one step back (←)', () => go(vs.step - 1));
  const next = button('replay-next', '▶', 'one step on (→)', () => go(vs.step + 1));
  const last = button('replay-last', '▶|', 'the end (End)', () => go(vs.steps));
  const seatSel = h('select', { 'data-testid': 'replay-seat', 'aria-label': 'seen by' });
  // a chosen point of view hands the arrow keys back to the steps
  seatSel.addEventListener('change', () => { vs.seat = seatSel.value || null; seatSel.blur(); go(vs.step); });
  const close = button('replay-close', '✕ close', 'back to the table', () => shut());
  const what = h('div', { class: 'replay-action', 'data-testid': 'replay-action' });
  const board = h('div', { class: 'board-inner replay-board' });
  const told = h('ol', { class: 'log replay-events' });
  root.append(h('div', { class: 'replay-bar' }, h('strong', {}, 'Replay'), first, prev, label, next, last,
    h('label', {}, 'seen by ', seatSel), close), what, board, told);

  function onKey(e) {
    if (root.hidden || e.target.closest('input, select, textarea')) return;
    const to = { ArrowLeft: vs.step - 1, ArrowRight: vs.step + 1, Home: 0, End: vs.steps }[e.key];
    if (to !== undefined) { e.preventDefault(); go(to); }
  }
  document.addEventListener('keydown', onKey);
  const unfit = onNarrowChange(() => { if (vs.doc) draw(); });

  function draw() {
    const doc = vs.doc;
    label.textContent = `step ${doc.step} / ${doc.steps}`;
    root.dataset.step = String(doc.step);
    first.disabled = prev.disabled = doc.step === 0;
    next.disabled = last.disabled = doc.step >= doc.steps;
    if (seatSel.options.length === 0) {
      seatSel.append(h('option', { value: '' }, 'a spectator'),
        ...doc.seats.map((s) => h('option', { value: s.seat }, s.seat)));
    }
    seatSel.value = vs.seat || '';
    clear(what).append(doc.action ? `${doc.action.seat}: ${doc.action.action}` : 'the setup, before the first move',
      doc.outcome && doc.step === doc.steps ? ` — game over${doc.outcome.winners.length ? `, winner: ${doc.outcome.winners.join(', ')}` : ''}` : '');
    clear(board);
    try {
      // the game's names and rule texts, as on the table (a tooltip over what is drawn)
      const rule = (key) => (vs.glossary && vs.glossary.byKey.get(key)) || null;
      vs.renderer.render(board, doc, { ...READONLY, seat: doc.seat, rule });
      if (vs.glossary) wireRules(board, doc.game, vs.glossary);
      // the map: phone-sized, and the figures slide from one step to the next (back too)
      fitMap(board, doc, `replay|${doc.table || 'file'}|${doc.seat || ''}|${doc.game}`);
    } catch (err) {
      console.error(err);
      board.append(h('p', { class: 'error' }, `drawing failed: ${err.message}`));
    }
    clear(told).append(...doc.events.map((e) => h('li', { 'data-kind': e.kind }, h('span', { class: 'v' }, e.v), h('span', {}, e.text))));
  }

  // one request at a time; a step asked meanwhile (a key held down) is fetched next, the last one wins
  async function go(step) {
    const to = Math.max(0, Math.min(step, vs.doc ? vs.steps : step));
    if (vs.loading) { vs.next = to; return; }
    if (vs.doc && to === vs.step && vs.doc.seat === vs.seat) return;
    vs.loading = true;
    root.classList.add('busy');
    try {
      const doc = await source(to, vs.seat);
      if (!vs.renderer) vs.renderer = await rendererFor(doc.game);
      if (!vs.glossary) vs.glossary = await loadGlossary(doc.game);
      vs.doc = doc;
      vs.step = doc.step;
      vs.steps = doc.steps;
      draw();
    } catch (err) {
      toast(err.message);
    } finally {
      vs.loading = false;
      const again = vs.next;
      vs.next = undefined;
      if (again !== undefined) go(again);
      else root.classList.remove('busy');
    }
  }

  function shut() {
    document.removeEventListener('keydown', onKey);
    unfit();
    clear(root);
    root.hidden = true;
    if (onClose) onClose();
  }

  await go(0);
  return { go, close: shut };
}

/** The end box's button that opens the viewer. */
export function replayButton(onOpen) {
  return h('button', { 'data-testid': 'replay-open', onclick: onOpen, title: 'step through the game, as any seat saw it' },
    'Watch the replay');
}
