// The lobby: pick a game, seat people and bots, create a table, share its links; browse tables.

import { api, clear, h, myTokens, toast } from './ui.js';

const els = {
  games: document.getElementById('game-list'),
  count: document.getElementById('seat-count'),
  seats: document.getElementById('seat-rows'),
  setup: document.getElementById('setup'),
  choices: document.getElementById('setup-choices'),
  file: document.getElementById('setup-file'),
  seed: document.getElementById('seed'),
  form: document.getElementById('create-form'),
  error: document.getElementById('create-error'),
  created: document.getElementById('created'),
  list: document.getElementById('table-list'),
  tabs: document.querySelectorAll('.tabs [role=tab]'),
};

const st = { games: [], game: null, setupEdited: false, tab: 'open', schema: null, choices: {} };
const MAX_NAME = 40;

function game() { return st.games.find((g) => g.id === st.game); }

function drawGames() {
  clear(els.games);
  if (!st.games.length) {
    els.games.append(h('p', { class: 'empty' }, 'No game is installed.'));
    return;
  }
  for (const g of st.games) {
    const span = g.seat_counts.length > 1 ? `${Math.min(...g.seat_counts)}–${Math.max(...g.seat_counts)}` : g.seat_counts[0];
    els.games.append(h('button', {
      type: 'button', class: 'game-card', role: 'radio', 'aria-checked': String(g.id === st.game), 'data-game': g.id,
      onclick: () => selectGame(g.id),
    }, h('span', { class: 't' }, g.title), h('span', { class: 's' }, `${span} players`), g.summary ? h('span', { class: 's' }, g.summary) : null));
  }
}

// ---------------------------------------------------------------- choices from the setup schema
/** The top-level fields of a setup schema that name their values (an enum of strings, directly or
 * as one branch of anyOf): missions, scenarios, quests, variants, modes... ``titles``: the game's
 * title of each value (the schema's ``x-titles``); the value sent stays the id. */
export function choiceFields(schema) {
  const out = [];
  for (const [name, prop] of Object.entries((schema && schema.properties) || {})) {
    const branches = [prop, ...(prop.anyOf || []), ...(prop.anyOf || []).flatMap((b) => b.anyOf || [])];
    const named = branches.find((b) => b.type === 'string' && Array.isArray(b.enum) && b.enum.length);
    if (!named) continue;
    out.push({ name, values: named.enum, default: typeof prop.default === 'string' ? prop.default : null,
      description: prop.description || '', titles: prop['x-titles'] || named['x-titles'] || {} });
  }
  return out;
}

/** The text of a choice's option: the game's title, else the id. */
function titleOf(f, v) { return f.titles[v] || v; }

function readBox() {
  const text = els.setup.value.trim();
  if (!text) return {};
  try { const doc = JSON.parse(text); return doc && typeof doc === 'object' && !Array.isArray(doc) ? doc : null; } catch { return null; }
}

function applyChoices() {
  const doc = readBox();
  if (doc === null) {
    els.error.textContent = 'The advanced setup is not JSON (YAML?): make your choices there.';
    return null;
  }
  for (const [name, value] of Object.entries(st.choices)) {
    if (value === '') delete doc[name];
    else doc[name] = value;
  }
  els.setup.value = JSON.stringify(doc, null, 2);
  return doc;
}

/** The seats the game gives a setup document: ``{seats, playable}``, or ``{error}`` (the game's
 * own message) when it refuses the setup. */
async function seatsOf(setup) {
  try {
    return await api(`/api/games/${encodeURIComponent(st.game)}/seats`, { method: 'POST', body: JSON.stringify({ setup }) });
  } catch (err) { return { error: err.message }; }
}

/** After a choice: ask the game how many seats the setup gives. If they are not the seat count,
 * ask again without the count the setup was made for (``players``) and, with ``adjust``, set the
 * seat count to the game's answer (Descent's ``seats: per-hero`` seats each hero and the overlord);
 * where the game refuses the setup or seats a number of players it does not take, say why. */
async function fitSeats(doc, adjust = true) {
  const g = game();
  const want = Number(els.count.value);
  let res = await seatsOf(doc);
  if (!res.error && res.seats.length === want) return;
  if ('players' in doc) {
    const setup = { ...doc };
    delete setup.players;
    const free = await seatsOf(setup);
    if (!free.error) res = free;
  }
  if (res.error) {
    els.error.textContent = res.error;
    return;
  }
  const n = res.seats.length;
  if (n === want) return;
  if (!adjust) {
    els.error.textContent = `This setup seats ${n} (${res.seats.join(', ')}), not ${want}: change the seat count or the choices.`;
    return;
  }
  if (!res.playable) {
    els.error.textContent = `This setup seats ${n} (${res.seats.join(', ')}): ${g.title} takes ${g.seat_counts.join(', ')} players.`;
    return;
  }
  els.count.value = String(n);
  await seatsChanged();
  toast(`${n} seats: ${res.seats.join(', ')}`, 2000);
}

function drawChoices() {
  clear(els.choices);
  st.choices = {};
  for (const f of choiceFields(st.schema)) {
    const sel = h('select', { name: `choice-${f.name}`, 'data-choice': f.name, 'aria-label': f.name, title: f.description },
      h('option', { value: '' }, f.default ? `${titleOf(f, f.default)} (default)` : '(default)'),
      f.values.filter((v) => v !== f.default).map((v) => h('option', { value: v }, titleOf(f, v))));
    sel.addEventListener('change', async () => {
      st.choices[f.name] = sel.value;
      els.error.textContent = '';
      const doc = applyChoices();
      if (doc !== null) await fitSeats(doc);
    });
    els.choices.append(h('label', { title: f.description }, `${f.name[0].toUpperCase()}${f.name.slice(1).replace(/_/g, ' ')} `, sel));
  }
}

async function selectGame(id) {
  st.game = id;
  st.setupEdited = false;
  drawGames();
  const g = game();
  try { st.schema = await api(`/api/games/${encodeURIComponent(id)}/setup-schema`); } catch { st.schema = null; }
  drawChoices();
  clear(els.count);
  for (const n of g.seat_counts) els.count.append(h('option', { value: n }, n));
  els.count.value = g.seat_counts.includes(2) ? 2 : g.seat_counts[0];
  await seatsChanged();
}

function seatSelect(g, k) {
  const sel = h('select', { name: `seat-${k}`, 'data-seat-index': k, 'aria-label': `seat ${k + 1}` },
    h('option', { value: 'human' }, 'a person'),
    h('option', { value: 'open' }, 'an open seat (anyone may join)'),
    g.bots.map((b) => h('option', { value: b }, `bot: ${b}`)),
    h('option', { value: '__custom' }, 'bot spec…'));
  sel.value = k === 0 ? 'human' : g.default_bot;
  const custom = h('input', { class: 'custom', placeholder: 'e.g. mcts:iters=200', hidden: true, 'aria-label': 'bot spec' });
  const name = h('input', { class: 'pname', maxlength: MAX_NAME, placeholder: 'name (optional)', 'aria-label': `name of seat ${k + 1}`,
    'data-name-index': k, hidden: sel.value !== 'human' });
  sel.addEventListener('change', () => {
    custom.hidden = sel.value !== '__custom';
    name.hidden = sel.value !== 'human';
  });
  return { sel, custom, name };
}

async function seatsChanged() {
  const g = game();
  const n = Number(els.count.value);
  clear(els.seats);
  const names = g.seat_names[String(n)] || [];
  st.seatInputs = [];
  for (let k = 0; k < n; k += 1) {
    const { sel, custom, name } = seatSelect(g, k);
    st.seatInputs.push({ sel, custom, name });
    els.seats.append(h('div', { class: 'seat-row' }, h('span', { class: 'seat-name' }, names[k] || `seat ${k + 1}`), sel, custom, name));
  }
  if (!st.setupEdited) {
    try {
      const doc = await api(`/api/games/${encodeURIComponent(g.id)}/setup?seats=${n}`);
      els.setup.value = JSON.stringify(doc.setup, null, 2);
      applyChoices();
    } catch (err) { els.setup.value = ''; }
  }
}

function specs() {
  return st.seatInputs.map(({ sel, custom }) => (sel.value === '__custom' ? custom.value.trim() : sel.value));
}

async function create(ev) {
  ev.preventDefault();
  els.error.textContent = '';
  const body = { game: st.game, seats: specs() };
  const names = st.seatInputs.map(({ sel, name }) => (sel.value === 'human' ? name.value.trim().slice(0, MAX_NAME) : ''));
  if (names.some(Boolean)) body.names = names;
  const text = els.setup.value.trim();
  if (text) body.setup_text = text;
  if (els.seed.value !== '') body.seed = Number(els.seed.value);
  const button = document.getElementById('create');
  button.disabled = true;
  try {
    const res = await api('/api/tables', { method: 'POST', body: JSON.stringify(body) });
    showCreated(res);
    loadTables();
  } catch (err) {
    els.error.textContent = err.message;
  } finally {
    button.disabled = false;
  }
}

function copyButton(text) {
  return h('button', {
    type: 'button', onclick: async () => {
      try { await navigator.clipboard.writeText(text); toast('Copied', 1200); } catch { window.prompt('Copy this link', text); }
    },
  }, 'Copy');
}

function showCreated(res) {
  const box = clear(els.created);
  box.hidden = false;
  // the id is case-sensitive: kept out of the heading's upper-casing
  box.append(h('h3', {}, 'Table ', h('code', { class: 'tid', 'data-testid': 'table-id' }, res.id), ' is ready'),
    h('p', { class: 'hint' }, 'Each link opens one seat: send it to that player only. The links are shown once (this browser remembers its own).'));
  let first = true;
  for (const s of res.seats) {
    if (s.open) {
      box.append(h('div', { class: 'link-row' }, h('b', {}, s.seat), h('span', { class: 'chip' }, 'open: anyone may join it from the lobby')));
      continue;
    }
    if (!s.link) {
      box.append(h('div', { class: 'link-row' }, h('b', {}, s.seat), h('span', { class: 'chip bot' }, `bot: ${s.spec}`)));
      continue;
    }
    myTokens.put(res.id, s.seat, s.token, res.game);
    box.append(h('div', { class: 'link-row', 'data-seat': s.seat },
      h('b', {}, s.seat), s.name ? h('span', { class: 'player-name' }, s.name) : null, h('code', {}, s.link), copyButton(s.link),
      h('a', { href: s.link, class: first ? 'sit primary-link' : 'sit', 'data-testid': `sit-${s.seat}` }, h('button', { type: 'button', class: first ? 'primary' : '' }, `Play as ${s.seat}`))));
    first = false;
  }
  box.append(h('div', { class: 'link-row' }, h('b', {}, 'watch'), h('code', {}, res.spectator_link), copyButton(res.spectator_link)));
}

async function join(t, seat, nameInput) {
  try {
    const res = await api(`/api/tables/${encodeURIComponent(t.id)}/join`, {
      method: 'POST', body: JSON.stringify({ seat, name: nameInput.value.trim().slice(0, MAX_NAME) }),
    });
    myTokens.put(t.id, seat, res.token, t.game);
    location.href = res.link;
  } catch (err) {
    toast(err.message);
    loadTables();
  }
}

function seatLinks(t, mine) {
  const box = h('div', { class: 'seat-links', 'data-testid': `links-${t.id}` });
  for (const [seat, tok] of Object.entries(mine)) {
    if (seat.startsWith('_')) continue;
    const link = `${location.origin}/t/${t.id}#token=${tok}`;
    box.append(h('div', { class: 'link-row', 'data-seat': seat }, h('b', {}, seat), h('code', {}, link), copyButton(link)));
  }
  return box;
}

function describeTable(t, mine) {
  const seats = t.seats.map((s) => `${s.name ? `${s.name} · ` : ''}${s.seat}${s.kind === 'bot' ? ` (${s.spec})` : ''}${s.open ? ' (open)' : ''}`).join(', ');
  let state;
  if (t.status === 'finished') {
    const w = t.outcome && t.outcome.winners.length ? t.outcome.winners.join(', ') : 'nobody';
    state = `won by ${w}${t.outcome && t.outcome.reason ? ` — ${t.outcome.reason}` : ''}`;
  } else {
    state = t.to_move.length ? `${t.to_move.join(', ')} to move` : '';
  }
  const links = [h('a', { href: `/t/${t.id}` }, h('button', { type: 'button' }, t.status === 'finished' ? 'See' : 'Watch'))];
  for (const [seat, tok] of Object.entries(mine || {})) {
    if (seat.startsWith('_')) continue;
    links.unshift(h('a', { href: `/t/${t.id}#token=${tok}` }, h('button', { type: 'button', class: 'primary' }, `Play ${seat}`)));
  }
  const extra = [];
  if (t.status === 'open') {
    for (const s of t.seats.filter((x) => x.open)) {
      const nameInput = h('input', { class: 'pname', maxlength: MAX_NAME, placeholder: 'your name', 'aria-label': `your name for ${s.seat}` });
      extra.push(h('div', { class: 'join-row' }, nameInput,
        h('button', { type: 'button', 'data-testid': `join-${t.id}-${s.seat}`, onclick: () => join(t, s.seat, nameInput) }, `Join as ${s.seat}`)));
    }
  }
  if (mine && Object.keys(mine).some((k) => !k.startsWith('_'))) {
    const box = seatLinks(t, mine);
    box.hidden = true;
    links.push(h('button', { type: 'button', 'data-testid': `recover-${t.id}`, onclick: () => { box.hidden = !box.hidden; } }, 'Seat links'));
    extra.push(box);
  }
  return h('div', { class: 'table-item', 'data-table': t.id },
    h('div', {}, h('b', {}, t.title), ` · ${t.id}`),
    h('div', { class: 'go' }, links),
    h('div', { class: 'meta' }, `${seats} · ${t.actions} moves · ${state}${t.played_under ? ` · ${t.played_under}` : ''}`), extra);
}

async function loadTables() {
  const mine = myTokens.all();
  let tables;
  try {
    if (st.tab === 'mine') {
      const ids = Object.keys(mine);
      const all = [...(await api('/api/tables?status=open&limit=200')).tables, ...(await api('/api/tables?status=finished&limit=200')).tables];
      tables = all.filter((t) => ids.includes(t.id));
    } else {
      tables = (await api(`/api/tables?status=${st.tab}&limit=50`)).tables;
    }
  } catch (err) {
    clear(els.list).append(h('p', { class: 'error' }, err.message));
    return;
  }
  clear(els.list);
  if (!tables.length) els.list.append(h('p', { class: 'empty' }, st.tab === 'mine' ? 'No seats in this browser yet.' : 'No tables yet.'));
  for (const t of tables) els.list.append(describeTable(t, mine[t.id]));
}

for (const tab of els.tabs) {
  tab.addEventListener('click', () => {
    st.tab = tab.dataset.status;
    for (const t of els.tabs) t.setAttribute('aria-selected', String(t === tab));
    loadTables();
  });
}
els.count.addEventListener('change', async () => {
  els.error.textContent = '';
  await seatsChanged();
  const doc = Object.values(st.choices).some(Boolean) ? readBox() : null;
  if (doc) await fitSeats(doc, false);          // a choice that seats otherwise: say so
});
els.setup.addEventListener('input', () => { st.setupEdited = true; });
els.file.addEventListener('change', async () => {
  const f = els.file.files[0];
  if (!f) return;
  if (f.size > 1024 * 1024) { els.error.textContent = 'the setup file is over 1 MiB'; return; }
  els.setup.value = await f.text();
  st.setupEdited = true;
  document.getElementById('setup-box').open = true;
});
els.form.addEventListener('submit', create);

(async () => {
  try {
    st.games = (await api('/api/games')).games;
  } catch (err) {
    els.error.textContent = err.message;
  }
  drawGames();
  if (st.games.length) await selectGame(st.games[0].id);
  loadTables();
  setInterval(loadTables, 10000);
})();
