// Undo at the table: the server offers it in each snapshot (`snap.undo`: how many actions this
// seat's undo takes back; 0 = not now) and decides whether it is allowed (docs/server.md, *Undo*).

import { api, h } from './ui.js';

/** The "Undo" button for the seat, or null when the server offers no undo now. */
export function undoButton(snap, onUndo, busy = false) {
  if (!snap || !snap.seat || snap.status !== 'open' || !(snap.undo > 0)) return null;
  const what = snap.undo === 1 ? 'your last action' : `${snap.undo} actions`;
  const title = snap.hot_seat
    ? 'Take back the last actions of the seats this browser plays: offered while nothing random or hidden came out'
    : 'Take back your last action: offered while nobody else has acted since and nothing random or hidden came out';
  return h('div', { class: 'undo-bar' },
    h('button', {
      class: 'undo', 'data-testid': 'undo', disabled: busy, onclick: onUndo,
      title,
    }, `↶ Undo ${what}`));
}

/** Ask the server to take back this seat's last actions: over the WebSocket when it is open (the
 * answer is an `ack` or an `error` with `id`, and the new snapshot comes to every seat), else by
 * HTTP (`onSnapshot` gets the answer, `onError` the refusal). */
export function sendUndo({ ws, id, tableId, token, version, also = [], onSnapshot, onError }) {
  if (ws && ws.readyState === WebSocket.OPEN) {
    ws.send(JSON.stringify({ type: 'undo', id, expect: version }));   // `also` went with the hello
    return;
  }
  api(`/api/tables/${encodeURIComponent(tableId)}/undo`, {
    method: 'POST', headers: { 'X-Seat-Token': token }, body: JSON.stringify({ expect: version, also }),
  }).then(onSnapshot, onError);
}
