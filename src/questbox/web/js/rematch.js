// Rematch from the end box: the same seats and setup with a new seed, at a new table. A seat's link
// keeps working there (the server carries each seat's token over), so the page just goes to it.

import { api, h, toast } from './ui.js';

function tableLink(id, token) {
  return `/t/${encodeURIComponent(id)}${token ? `#token=${encodeURIComponent(token)}` : ''}`;
}

async function ask(tableId, token, button) {
  button.disabled = true;
  try {
    const doc = await api(`/api/tables/${encodeURIComponent(tableId)}/rematch`, {
      method: 'POST', headers: { 'X-Seat-Token': token },
    });
    location.assign(tableLink(doc.id, token));
  } catch (err) {
    button.disabled = false;
    toast(err.message);
  }
}

/** The end box's rematch line: a link once a rematch exists, else (for a seat) a button. */
export function rematchBox(snap, tableId, token) {
  if (!snap || snap.status !== 'finished' || snap.played_under) return null;
  if (snap.rematch) {
    return h('div', { class: 'rematch' }, h('a', {
      class: 'button primary', href: tableLink(snap.rematch, snap.seat ? token : null), 'data-testid': 'rematch-link',
    }, snap.seat ? 'Play the rematch →' : 'Watch the rematch →'));
  }
  if (!snap.seat) return null;
  const button = h('button', {
    class: 'primary', 'data-testid': 'rematch',
    title: 'A new game with the same seats and setup, and a new shuffle',
  }, 'Rematch');
  button.addEventListener('click', () => ask(tableId, token, button));
  return h('div', { class: 'rematch' }, button);
}
