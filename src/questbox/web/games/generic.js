// The fallback renderer: any game's view as tidy cards and tables.
// Per-seat values (maps keyed by seat, lists with one entry per seat) are gathered into one card
// per seat; lists of objects become tables; lists of plain values become chips. Words that are
// arguments of a legal action are marked with data-pick, so they can be clicked to choose it.

import { h, titleCase } from '../js/ui.js';

function isObj(v) { return v !== null && typeof v === 'object' && !Array.isArray(v); }
function isScalar(v) { return v === null || ['string', 'number', 'boolean'].includes(typeof v); }

function scalar(v, ui) {
  if (v === null) return h('span', { class: 'muted' }, '—');
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  const text = String(v);
  if (typeof v === 'string' && ui && ui.isArg(text)) return h('span', { class: 'chip', 'data-pick': text }, text);
  return text;
}

export function value(v, ui, depth = 0) {
  if (isScalar(v)) return scalar(v, ui);
  if (Array.isArray(v)) {
    if (v.length === 0) return h('span', { class: 'muted' }, 'none');
    if (v.every(isScalar)) return h('div', { class: 'g-chips' }, v.map((x) => h('span', { class: 'chip', 'data-pick': typeof x === 'string' && ui && ui.isArg(x) ? x : null }, scalar(x))));
    if (v.every(isObj)) {
      // flat records read best as a table; records holding records as small cards
      const flat = v.every((r) => Object.values(r).every((x) => isScalar(x) || (Array.isArray(x) && x.every(isScalar))));
      if (flat) return table(v, ui, depth);
      return h('div', { class: 'g-sub' }, v.map((r) => h('div', { class: 'g-subcard' },
        h('b', {}, String(r.name ?? r.title ?? r.id ?? r.seat ?? r.n ?? '')), dl(r, ui, depth + 1))));
    }
    return h('ol', {}, v.map((x) => h('li', {}, value(x, ui, depth + 1))));
  }
  if (depth > 4) return h('code', {}, JSON.stringify(v));
  return dl(v, ui, depth + 1);
}

function dl(obj, ui, depth) {
  const entries = Object.entries(obj);
  if (entries.length === 0) return h('span', { class: 'muted' }, 'nothing');
  return h('dl', { class: 'g-kv' }, entries.map(([k, v]) => [h('dt', {}, titleCase(k)), h('dd', {}, value(v, ui, depth))]));
}

function table(rows, ui, depth) {
  const cols = [];
  for (const r of rows) for (const k of Object.keys(r)) if (!cols.includes(k)) cols.push(k);
  return h('table', { class: 'g-table' },
    h('thead', {}, h('tr', {}, cols.map((c) => h('th', {}, titleCase(c))))),
    h('tbody', {}, rows.map((r) => h('tr', {}, cols.map((c) => h('td', {}, r[c] === undefined ? '' : value(r[c], ui, depth + 1)))))));
}

/** Split a view into per-seat facts and the rest. */
export function perSeat(view, seats) {
  const bySeat = Object.fromEntries(seats.map((s) => [s, {}]));
  const rest = {};
  for (const [k, v] of Object.entries(view || {})) {
    if (isObj(v) && Object.keys(v).length && Object.keys(v).every((s) => s in bySeat)) {
      for (const [s, x] of Object.entries(v)) bySeat[s][k] = x;
    } else if (Array.isArray(v) && v.length === seats.length && seats.length > 1 && v.every(isScalar)) {
      v.forEach((x, i) => { bySeat[seats[i]][k] = x; });
    } else {
      rest[k] = v;
    }
  }
  return { bySeat, rest };
}

export function render(root, snap, ui) {
  const seats = snap.seats.map((s) => s.seat);
  const { bySeat, rest } = perSeat(snap.view, seats);
  const grid = h('div', { class: 'g-grid' });
  const hasSeatFacts = Object.values(bySeat).some((o) => Object.keys(o).length);
  if (hasSeatFacts) {
    for (const s of seats) {
      const mine = s === snap.seat;
      const toMove = snap.to_move.includes(s);
      grid.append(h('div', { class: ['g-card', mine && 'me'], 'data-seat': s },
        h('h4', {}, s, mine ? ' (you)' : '', toMove ? ' ◀ to move' : ''),
        dl(bySeat[s], ui, 1)));
    }
  }
  const scalars = Object.fromEntries(Object.entries(rest).filter(([, v]) => isScalar(v)));
  if (Object.keys(scalars).length) grid.append(h('div', { class: 'g-card' }, h('h4', {}, 'Table'), dl(scalars, ui, 1)));
  for (const [k, v] of Object.entries(rest)) {
    if (isScalar(v)) continue;
    const wide = Array.isArray(v) && v.length > 1 && v.every(isObj);
    grid.append(h('div', { class: ['g-card', wide && 'g-wide'] }, h('h4', {}, titleCase(k)), value(v, ui, 1)));
  }
  root.append(grid);
}
