// Small DOM helpers shared by the lobby, the table and the game renderers (no framework).

const SVG_NS = 'http://www.w3.org/2000/svg';

function append(el, kids) {
  for (const k of kids.flat(Infinity)) {
    if (k === null || k === undefined || k === false) continue;
    el.append(k instanceof Node ? k : document.createTextNode(String(k)));
  }
  return el;
}

function setAttrs(el, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.setAttribute('class', Array.isArray(v) ? v.filter(Boolean).join(' ') : v);
    else if (k === 'style' && typeof v === 'object') {
      for (const [prop, val] of Object.entries(v)) {
        if (prop.startsWith('--')) el.style.setProperty(prop, val);
        else el.style[prop] = val;
      }
    }
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
}

/** h('div', {class: 'x', onclick: f}, 'text', child, [more]) */
export function h(tag, attrs, ...kids) {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  return append(el, kids);
}

/** The same for SVG elements. */
export function svg(tag, attrs, ...kids) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  return append(el, kids);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

let toastTimer = null;
export function toast(message, ms = 4500) {
  const el = document.getElementById('toast');
  if (!el) { console.warn(message); return; }
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.hidden = true; }, ms);
}

export async function api(path, opts = {}) {
  const res = await fetch(path, {
    ...opts,
    headers: { 'Content-Type': 'application/json', ...(opts.headers || {}) },
  });
  let doc = null;
  try { doc = await res.json(); } catch { doc = null; }
  if (!res.ok) {
    const err = new Error((doc && (doc.error || doc.detail)) || `${res.status} ${res.statusText}`);
    err.status = res.status;
    throw err;
  }
  return doc;
}

/** Seat tokens this browser holds, by table id (so the lobby can offer "My seats"). */
export const myTokens = {
  all() {
    try { return JSON.parse(localStorage.getItem('questbox.tokens') || '{}'); } catch { return {}; }
  },
  put(tableId, seat, token, game) {
    const all = myTokens.all();
    all[tableId] = { ...(all[tableId] || {}), [seat]: token, _game: game, _t: Date.now() };
    try { localStorage.setItem('questbox.tokens', JSON.stringify(all)); } catch { /* private mode */ }
  },
};

export function titleCase(s) {
  return String(s).replace(/[_-]+/g, ' ').replace(/^./, (c) => c.toUpperCase());
}
