// The table page: one table, seen by one seat (its token is in the link's #fragment, which is never
// sent to the server in a URL) or by a spectator. Live over a WebSocket that reconnects and
// restores (it sends the last version it saw; the server answers with the state and what it missed).
//
// Drawing is done by a per-game module (/static/games/<id>.js, else generic.js) exporting
//   render(root, snap, ui)          draw snap.view into root
//   actionLabel(action, snap, ui)   optional: a node for an action button (e.g. a card)
// Elements marked data-pick="WORD" become clickable when WORD is an argument of a legal action:
// clicking picks it, narrowing the offered actions; when the picked words name exactly one action
// it is played.
import { sendUndo, undoButton } from './undo.js';
import { rematchBox } from './rematch.js';
import { openViewer, replayButton, tableSource } from './replay.js';

import { api, clear, h, myTokens, toast } from './ui.js';
import { loadGlossary, rulesPanel, wireRules } from './rules.js';
import { fitMap, onNarrowChange } from './mapview.js';

const tableId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() || '');
const frag = new URLSearchParams(location.hash.slice(1));
const token = frag.get('token') || null;

const els = {
  viewer: document.getElementById('replay-viewer'),
  title: document.getElementById('game-title'),
  conn: document.getElementById('conn'),
  turn: document.getElementById('turn'),
  board: document.getElementById('board'),
  actions: document.getElementById('actions'),
  seats: document.getElementById('seats'),
  log: document.getElementById('log'),
  rules: document.getElementById('rules'),
};

const st = {
  snap: null,          // the latest snapshot
  version: 0,
  logItems: [],        // {v, text, kind, mine}
  selected: [],        // picked words
  renderer: null,
  rendererFor: null,
  ws: null,
  retry: 0,
  nextId: 1,
  waiting: new Map(),  // act id -> action text
  gamesMeta: null,
  glossary: null,      // the game's rule texts (rules.js)
};
window.questbox = st;  // handy in the console, and for tests

// ---------------------------------------------------------------- actions and picking
function words(a) { return a.action.split(' '); }

function matches(a, sel) {
  const w = words(a);
  let i = 0;
  for (const t of sel) {
    i = w.indexOf(t, i);
    if (i < 0) return false;
    i += 1;
  }
  return true;
}

function legal() { return (st.snap && st.snap.legal) || []; }
function candidates(sel = st.selected) { return legal().filter((a) => matches(a, sel)); }

function pick(tokens) {
  const sel = [...st.selected, ...tokens];
  const cands = candidates(sel);
  if (!cands.length) return;
  if (cands.length === 1) {
    const rest = words(cands[0]).slice(1);
    if (sel.length >= 2 || rest.every((w) => sel.includes(w))) {
      act(cands[0].action);
      return;
    }
  }
  st.selected = sel;
  draw();
}

function unpick() { st.selected = []; draw(); }

const ui = {
  h,
  get seat() { return st.snap && st.snap.seat; },
  /** is `word` an argument (or name) of one of the offered actions, given what is picked? */
  isArg(word) {
    return candidates([...st.selected, word]).length > 0 && legal().length > 0;
  },
  /** would picking these words (after what is picked) still lead to a legal action now? */
  canPick(tokens) {
    return !!(st.snap && st.snap.your_turn) && candidates([...st.selected, ...tokens]).length > 0;
  },
  /** like canPick, but only for actions named by one of `verbs` (e.g. ['deal']) */
  canPickAs(tokens, verbs) {
    return !!(st.snap && st.snap.your_turn)
      && candidates([...st.selected, ...tokens]).some((a) => verbs.includes(words(a)[0]));
  },
  act: (text) => act(text),
  pick: (...tokens) => pick(tokens),
  get selected() { return st.selected; },
  /** the game's glossary entry for `key` ("plot:fealty", {name, text, facts, source}), or null */
  rule: (key) => (st.glossary && st.glossary.byKey.get(key)) || null,
};

function act(text) {
  if (!st.snap || !st.snap.seat) return;
  const id = st.nextId++;
  st.waiting.set(id, text);
  st.selected = [];
  document.body.classList.add('busy');
  drawActions();
  // A simultaneous choice (several seats to move, e.g. rock/paper/scissors) is sent without
  // `expect`: another seat choosing at the same moment moves the table on, but leaves this choice
  // as legal as it was, so it must not be refused as stale.
  const simultaneous = st.snap.to_move.length > 1;
  const msg = { type: 'act', action: text, id, ...(simultaneous ? {} : { expect: st.version }) };
  if (st.ws && st.ws.readyState === WebSocket.OPEN) {
    st.ws.send(JSON.stringify(msg));
  } else {
    api(`/api/tables/${encodeURIComponent(tableId)}/actions`, {
      method: 'POST', headers: { 'X-Seat-Token': token },
      // the other seats this page holds: the answer counts the hot-seat undo as the WebSocket's does
      body: JSON.stringify({ action: text, also: otherTokens(), ...(simultaneous ? {} : { expect: st.version }) }),
    }).then((snap) => { st.waiting.delete(id); onSnapshot(snap); })
      .catch((err) => { st.waiting.delete(id); toast(refusal(err.message, err.status)); draw(); });
  }
}

function undo() {
  if (!st.snap || !st.snap.seat) return;
  const id = st.nextId++;
  st.waiting.set(id, 'undo');
  st.selected = [];
  draw();
  sendUndo({
    ws: st.ws, id, tableId, token, version: st.version, also: otherTokens(),
    onSnapshot: (snap) => { st.waiting.delete(id); onSnapshot(snap); },
    onError: (err) => { st.waiting.delete(id); toast(refusal(err.message, err.status)); draw(); },
  });
}

async function openReplay() {
  els.board.hidden = true;
  await openViewer(els.viewer, {
    source: tableSource(tableId), seat: st.snap && st.snap.seat, renderer: st.renderer,
    onClose: () => { els.board.hidden = false; },
  });
}

/** A refusal in words for people (the server's message is for programs and logs too). */
function refusal(message, status) {
  if (status === 409 && /moved on/.test(message)) {
    return 'Another move came first, so yours was not played: the table is up to date now, have a look and choose again.';
  }
  return message;
}

// ---------------------------------------------------------------- drawing
function groupByName(list) {
  const groups = new Map();
  for (const a of list) {
    const name = words(a)[0];
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push(a);
  }
  return groups;
}

function drawActions() {
  const root = clear(els.actions);
  const snap = st.snap;
  if (!snap) return;
  if (!snap.seat) {
    root.append(h('h3', {}, 'Watching'), h('p', { class: 'waiting' }, 'You are a spectator: you see what every player may see.'));
    return;
  }
  root.append(h('h3', {}, 'Your moves', st.selected.length ? h('button', { onclick: unpick, class: 'small', 'data-testid': 'unpick' }, 'clear') : null));
  if (snap.status !== 'open') { root.append(h('p', { class: 'waiting' }, 'The game is over.')); return; }
  if (st.waiting.size) { root.append(h('p', { class: 'waiting' }, 'Sending…')); return; }
  const list = candidates();
  if (!list.length) {
    const who = snap.to_move.join(', ');
    root.append(h('p', { class: 'waiting' }, who ? `Waiting for ${who}…` : 'Nothing to do now.'));
    return;
  }
  if (st.selected.length) {
    root.append(h('div', { class: 'picked' }, 'Chosen:', st.selected.map((w) => h('span', { class: 'chip on' }, w))));
  }
  for (const [name, acts] of groupByName(list)) {
    const box = h('div', { class: 'action-buttons' });
    for (const a of acts) {
      let label = st.renderer && st.renderer.actionLabel ? st.renderer.actionLabel(a, snap, ui) : null;
      const args = words(a).slice(1).join(' ');
      if (!label) label = [args || name, a.text ? h('small', {}, a.text) : null];
      const big = acts.length === 1 && !args;
      box.append(h('button', {
        class: ['act', big && 'big', label instanceof Node && label.classList && label.classList.contains('card') && 'cardbtn'],
        'data-action': a.action, title: (st.renderer && st.renderer.actionTitle && st.renderer.actionTitle(a, snap, ui)) || a.text || a.action,
        onclick: () => act(a.action),
      }, label));
    }
    root.append(h('div', { class: 'action-group' }, h('div', { class: 'gname' }, name), box));
  }
}

function drawSeats() {
  const root = clear(els.seats);
  const snap = st.snap;
  const online = new Set(snap.online || []);
  root.append(h('div', { class: 'seat-list' }, snap.seats.map((s) => h('div', {
    class: ['seat-line', snap.to_move.includes(s.seat) && 'to-move'], 'data-seat': s.seat,
  },
  h('span', { class: ['dot', (online.has(s.seat) || s.kind === 'bot') && 'on'] }),
  h('span', {}, s.seat), s.name ? h('b', { class: 'player-name' }, s.name) : null,
  s.seat === snap.seat ? h('span', { class: 'chip on' }, 'you') : null,
  h('span', { class: ['chip', s.kind === 'bot' && 'bot'] }, s.kind === 'bot' ? `bot: ${s.spec}` : 'player'),
  snap.to_move.includes(s.seat) ? h('span', {}, '◀ to move') : null))));
}

function drawTurn() {
  const snap = st.snap;
  const el = els.turn;
  el.className = 'turn-banner';
  if (snap.status !== 'open') {
    el.classList.add('over');
    const out = snap.outcome || { winners: [] };
    const won = out.winners.length ? out.winners.join(', ') : 'nobody';
    const me = snap.seat && out.winners.includes(snap.seat);
    // the game's own title for its end (Heirs: the Black Wizard wins), as in the end box
    const title = st.renderer && st.renderer.outcomeTitle ? st.renderer.outcomeTitle(snap) : null;
    const why = out.reason ? ` (${out.reason})` : '';
    el.textContent = me ? `You won! (${out.reason || 'game over'})` : title ? `Game over — ${title}${why}` : `Game over — winner: ${won}${why}`;
  } else if (snap.your_turn) {
    el.classList.add('mine');
    el.textContent = 'Your turn';
  } else {
    const who = snap.to_move.map((s) => {
      const seat = snap.seats.find((x) => x.seat === s);
      return seat && seat.kind === 'bot' ? `${s} (bot)` : s;
    }).join(', ');
    el.textContent = who ? `${who} to move` : '';
  }
  if (snap.error) el.textContent += ` — ${snap.error}`;
}

function outcomeBox(snap) {
  if (snap.status === 'open' || !snap.outcome) return null;
  const out = snap.outcome;
  const scores = Object.entries(out.scores || {});
  return h('div', { class: 'outcome', 'data-testid': 'outcome' },
    h('div', { class: 'big' }, (st.renderer && st.renderer.outcomeTitle && st.renderer.outcomeTitle(snap))
      || (out.winners.length ? `Winner: ${out.winners.join(', ')}` : 'Nobody wins')),
    out.reason ? h('div', {}, out.reason) : null,
    scores.length ? h('table', {}, h('tbody', {}, scores.map(([s, v]) => h('tr', {}, h('th', {}, s), h('td', {}, String(v)))))) : null,
    h('div', { class: 'end-tools' }, rematchBox(snap, tableId, token), snap.played_under ? null : replayButton(openReplay),
      h('a', { href: `/api/tables/${encodeURIComponent(tableId)}/replay`, download: '' }, 'Download the replay'),
      h('a', { href: '/viewer' }, 'View a replay file')));
}

function drawBoard() {
  const root = clear(els.board);
  const snap = st.snap;
  const box = outcomeBox(snap);
  if (box) root.append(box);
  const inner = h('div', { class: 'board-inner' });
  root.append(inner);
  try {
    st.renderer.render(inner, snap, ui);
  } catch (err) {
    console.error(err);
    inner.append(h('p', { class: 'error' }, `drawing failed: ${err.message}`));
  }
  if (st.glossary) wireRules(root, snap.game, st.glossary);
  fitMap(root, snap);
  // wire the pickable words
  const canAct = snap.seat && snap.your_turn && !st.waiting.size;
  for (const el of root.querySelectorAll('[data-pick]')) {
    const tokens = el.dataset.pick.split(' ').filter(Boolean);
    const chosen = tokens.every((t) => st.selected.includes(t)) && st.selected.length > 0;
    if (canAct && candidates([...st.selected, ...tokens]).length) {
      el.classList.add('pickable');
      el.setAttribute('role', 'button');
      el.setAttribute('tabindex', '0');
      const go = (e) => { e.preventDefault(); e.stopPropagation(); pick(tokens); };
      el.addEventListener('click', go);
      el.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') go(e); });
    } else if (chosen) {
      el.classList.add('pickable', 'chosen');
      el.addEventListener('click', (e) => { e.preventDefault(); unpick(); });
    }
  }
}

// players' names (the lobby's, at most 40 characters) next to their seats in the log; text only
function withNames(text) {
  const named = ((st.snap && st.snap.seats) || []).filter((s) => s.name);
  if (!named.length) return text;
  const by = new Map(named.map((s) => [s.seat, s.name]));
  const seats = named.map((s) => s.seat.replace(/[^\w-]/g, '')).filter(Boolean);
  if (!seats.length) return text;
  const re = new RegExp(`\\b(${seats.join('|')})\\b`, 'g');
  return String(text).replace(re, (seat) => `${by.get(seat)} (${seat})`);
}

function drawLog() {
  const root = els.log;
  const known = root.children.length;
  if (known > st.logItems.length) clear(root);
  if (st.logReset) { clear(root); st.logReset = false; }
  const start = root.children.length;
  for (let i = start; i < st.logItems.length; i += 1) {
    const it = st.logItems[i];
    root.append(h('li', { class: [it.fresh && 'fresh', it.mine && 'mine'], 'data-kind': it.kind },
      h('span', { class: 'v' }, it.v), h('span', {}, withNames(it.text))));
  }
  root.scrollTop = root.scrollHeight;
}

function draw() {
  if (!st.snap) return;
  drawTurn();
  drawBoard();
  drawActions();
  const u = undoButton(st.snap, undo, st.waiting.size > 0);
  if (u) els.actions.append(u);
  drawSeats();
  drawLog();
  document.body.classList.toggle('busy', st.waiting.size > 0);
  document.body.dataset.version = String(st.version);
  document.body.dataset.status = st.snap.status;
  document.body.dataset.yourTurn = String(!!st.snap.your_turn);
}

// ---------------------------------------------------------------- data
async function loadRenderer(gameId) {
  if (st.rendererFor === gameId) return;
  if (!st.gamesMeta) {
    try { st.gamesMeta = (await api('/api/games')).games; } catch { st.gamesMeta = []; }
  }
  const meta = st.gamesMeta.find((g) => g.id === gameId);
  let mod = null;
  if (meta && meta.renderer) {
    try { mod = await import(`/static/games/${gameId}.js`); } catch (err) { console.error(err); }
  }
  st.renderer = mod || await import('/static/games/generic.js');
  st.rendererFor = gameId;
  st.glossary = await loadGlossary(gameId);
  if (els.rules) rulesPanel(els.rules, gameId, st.glossary);
}

async function onSnapshot(snap) {
  await loadRenderer(snap.game);
  const fresh = !!st.snap;
  if (snap.since === 0 && st.version > 0 && snap.version >= st.version) {
    st.logItems = [];  // a full resync (a reload, or an undo that rewrote the narration)
    st.logReset = true;
  }
  // each move once: the events narrate it in words; your own action's notation is shown only when
  // it caused no event you may see
  const items = [];
  const told = new Set(snap.events.map((e) => e.v));
  const mine = new Set((snap.my_actions || []).map((a) => a.v));
  // in words where the page saw the choice offered: the legal action's text of the snapshot before
  const prev = st.snap;
  const said = (a) => {
    const offered = prev && a.v === prev.version + 1 ? (prev.legal || []).find((l) => l.action === a.action) : null;
    return offered && offered.text ? offered.text : a.action;
  };
  for (const a of snap.my_actions || []) {
    if (!told.has(a.v)) items.push({ v: a.v, text: `you: ${said(a)}`, kind: 'you', mine: true, o: 0 });
  }
  snap.events.forEach((e, i) => items.push({ v: e.v, text: e.text, kind: e.kind, mine: mine.has(e.v), o: 1 + i }));
  items.sort((a, b) => a.v - b.v || a.o - b.o);
  for (const it of items) { it.fresh = fresh; st.logItems.push(it); }
  if (snap.version !== st.version) st.selected = [];
  st.snap = snap;
  st.version = snap.version;
  els.title.textContent = `${snap.title} · table ${tableId}${snap.seat ? ` · you are ${snap.seat}` : ' · watching'}`;
  document.title = `${snap.your_turn ? '● ' : ''}${snap.title} — questbox`;
  draw();
}

// a seat link whose token opens no seat here: say so and offer the spectator's page
function watchInstead() {
  clear(els.turn).append(h('span', {}, 'This seat link opens no seat at this table. '),
    h('a', { href: `/t/${encodeURIComponent(tableId)}`, 'data-testid': 'watch-instead' },
      h('button', { type: 'button', class: 'primary' }, 'Watch instead')));
  els.turn.className = 'turn-banner over';
}

function setConn(text, cls) {
  els.conn.textContent = text;
  els.conn.className = `conn ${cls}`;
}

// Hot-seat: the other seats of this table this browser holds (the lobby remembers every link it
// created or joined). Their tokens go with the hello and the undo, so the server lets this seat's
// undo go back over their actions too once one browser holds every person's seat (a hot-seat
// table; docs/server.md, *Undo*).
function otherTokens() {
  if (!token) return [];
  const mine = myTokens.all()[tableId] || {};
  return Object.entries(mine).filter(([seat, tok]) => !seat.startsWith('_') && tok && tok !== token).map(([, tok]) => tok).slice(0, 8);
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss' : 'ws';
  const ws = new WebSocket(`${proto}://${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`);
  st.ws = ws;
  setConn('connecting…', '');
  ws.onopen = () => {
    ws.send(JSON.stringify({ type: 'hello', token, since: st.version, also: otherTokens() }));
  };
  ws.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === 'state') {
      st.retry = 0;
      setConn('live', 'on');
      onSnapshot(msg);
    } else if (msg.type === 'ack') {
      st.waiting.delete(msg.id);
      if (!st.waiting.size) document.body.classList.remove('busy');
    } else if (msg.type === 'error') {
      if (msg.id !== undefined && msg.id !== null) st.waiting.delete(msg.id);
      toast(refusal(msg.error, msg.status));
      if (msg.status === 403 || msg.status === 404) { setConn('refused', 'off'); st.fatal = true; }
      if (msg.status === 403 && token && !st.snap) watchInstead();
      draw();
    }
  };
  ws.onclose = () => {
    st.ws = null;
    for (const id of st.waiting.keys()) st.waiting.delete(id);
    if (st.fatal) return;
    setConn('reconnecting…', 'off');
    const wait = Math.min(8000, 400 * 2 ** st.retry);
    st.retry += 1;
    setTimeout(connect, wait);
  };
}

if (token) {
  // remember the seat for the lobby's "My seats"; the seat name arrives with the first snapshot
  const remember = setInterval(() => {
    if (st.snap && st.snap.seat) { myTokens.put(tableId, st.snap.seat, token, st.snap.game); clearInterval(remember); }
  }, 300);
}
window.addEventListener('hashchange', () => location.reload());
onNarrowChange(() => draw());   // the map fitted again when a phone turns or the window narrows
connect();
