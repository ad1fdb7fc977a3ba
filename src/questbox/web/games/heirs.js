// Heirs of the Wizard King: wizard cards in colour, chains, hands, the Black Wizard, ability
// tokens and score tracks. Everything clickable carries data-pick (a card id, a colour, a chain
// end, a seat), so a move is made by clicking: a card in hand, then the end of a chain, etc.

import { h, svg } from '../js/ui.js';

if (!document.querySelector('link[data-game="heirs"]')) {
  document.head.append(h('link', { rel: 'stylesheet', href: '/static/games/heirs.css', 'data-game': 'heirs' }));
}

const COLOURS = { R: 'Red', O: 'Orange', Y: 'Yellow', G: 'Green', B: 'Blue', V: 'Violet' };
const ABILITY = { R: 'Heal', O: 'Burn', Y: 'Lore', G: 'Grow', B: 'Webs', V: 'Prior' };
const LORD = { R: 'Heal Death', O: 'Precise Burn', Y: 'Ancient Lore', G: 'Grow Aura', B: 'Tower Webs', V: 'Prior Tower' };
const CARD_RE = /^([ROYGBV])([1-7]|L)$/;
/** numbers that read as another one upside down (the bottom corner is turned): underlined */
const TURNABLE = new Set(['6', '9']);

export function isCard(word) { return CARD_RE.test(word); }

/** A wizard card: coloured frame, its number in two corners, its spell in the middle. */
export function card(id, opts = {}) {
  const m = CARD_RE.exec(id);
  const colour = m ? m[1] : null;
  const num = m ? m[2] : id;
  const lord = num === 'L';
  return h('span', {
    class: ['card', lord && 'lord', opts.small && 'small'],
    style: { '--c': colour ? `var(--${colour})` : '#666' },
    'data-card': id, 'data-pick': opts.pick === false ? null : id,
    title: m ? `${COLOURS[colour]} ${lord ? `Lord (${LORD[colour]})` : num} — ${lord ? LORD[colour] : ABILITY[colour]}` : id,
  },
  h('span', { class: ['n', TURNABLE.has(num) && 'ul'] }, lord ? '♛' : num),
  // a Lord's pip holds its whole name, one word a line (a single cut word read "Ancien")
  h('span', { class: 'pip' }, m ? (lord ? LORD[colour].split(' ').map((w) => h('span', { class: 'w' }, w)) : ABILITY[colour]) : id),
  h('span', { class: ['n', 'b', TURNABLE.has(num) && 'ul'] }, lord ? '♛' : num));
}

function back(opts = {}) {
  return h('span', { class: ['card', 'back', opts.small && 'small'], 'data-pick': opts.pick || null, title: opts.title || 'a card' });
}

function track(value, top, colour, label) {
  const dots = [];
  for (let i = 0; i <= top; i += 1) {
    dots.push(h('span', {
      class: 'hw-step', style: { background: i === value ? colour : 'rgba(255,255,255,.12)', color: i === value ? '#fff' : 'rgba(255,255,255,.55)' },
    }, String(i)));
  }
  return h('div', { class: 'hw-track', title: `${label}: ${value} of ${top}` }, h('span', { class: 'hw-label' }, label), dots);
}

function tokens(levels, pickable, max) {
  return h('div', { class: 'hw-tokens' }, Object.keys(COLOURS).map((c) => {
    const lvl = (levels || {})[c] || 0;
    return h('span', {
      class: ['hw-token', lvl === 0 && 'zero'], style: { '--c': `var(--${c})` }, 'data-pick': pickable ? c : null,
      title: `${ABILITY[c]}: level ${lvl} of ${max}`, 'data-rule': `ability:${c}`,
    }, h('b', {}, String(lvl)), h('small', {}, ABILITY[c]));
  }));
}

function wizardFigure(faceDown) {
  const robe = faceDown ? '#59566a' : '#1d1730';
  const glow = faceDown ? '#8a8799' : '#ff5d5d';
  return svg('svg', { viewBox: '0 0 100 120', width: 74, height: 88, class: 'hw-wizard', 'aria-label': faceDown ? 'the Black Wizard, face down' : 'the Black Wizard' },
    svg('ellipse', { cx: 50, cy: 112, rx: 36, ry: 6, fill: 'rgba(0,0,0,.35)' }),
    svg('path', { d: 'M50 4 L66 46 L34 46 Z', fill: robe, stroke: '#000', 'stroke-width': 1.5 }),
    svg('path', { d: 'M24 48 Q50 38 76 48 L70 52 L30 52 Z', fill: robe, stroke: '#000', 'stroke-width': 1.5 }),
    svg('path', { d: 'M30 52 Q50 44 70 52 L86 110 L14 110 Z', fill: robe, stroke: '#000', 'stroke-width': 1.5 }),
    svg('circle', { cx: 43, cy: 60, r: 3.2, fill: glow }),
    svg('circle', { cx: 57, cy: 60, r: 3.2, fill: glow }),
    svg('path', { d: 'M40 70 Q50 100 60 70', fill: '#d9d4e8', opacity: 0.8 }),
    svg('line', { x1: 84, y1: 30, x2: 90, y2: 110, stroke: '#6b4a2a', 'stroke-width': 4 }),
    svg('circle', { cx: 83, cy: 27, r: 6, fill: faceDown ? '#888' : '#7d4fd6' }));
}

/** The ends of a chain as drop targets: the pick words that choose them, if any. Each entry of
 * `ends` is {w: words naming this chain, verbs?: the only actions these words may lead to}: a bare
 * "left"/"right" means your own chain while chaining, the Black Chain while dealing to it. */
function endPick(ui, ends, side) {
  for (const e of ends) {
    const w = [...e.w, side];
    if (e.verbs ? ui.canPickAs(w, e.verbs) : ui.canPick(w)) return w.join(' ');
  }
  return null;
}

function chainRow(cards, ui, ends, label) {
  const left = endPick(ui, ends, 'left');
  const right = endPick(ui, ends, 'right');
  const start = ends.some((e) => e.w.length === 0 && e.verbs && e.verbs.includes('start'))
    && ui.canPickAs(['start'], ['start']) ? 'start' : null;
  const row = h('div', { class: 'hw-chain', 'aria-label': label });
  row.append(h('span', { class: ['hw-end', left && 'live'], 'data-pick': left, title: 'left end' }, left ? '◀' : ''));
  if (!cards.length) row.append(h('span', { class: 'hw-empty', 'data-pick': start }, 'empty chain'));
  for (const c of cards) row.append(card(c));
  row.append(h('span', { class: ['hw-end', right && 'live'], 'data-pick': right, title: 'right end' }, right ? '▶' : ''));
  return row;
}

function playerPanel(p, view, snap, ui, me) {
  const toMove = snap.to_move.includes(p.seat);
  const handCards = p.hand ? p.hand.map((c) => card(c)) : Array.from({ length: p.hand_size }, () => back({ small: true, pick: ui.canPick(['burn-hand', p.seat]) ? `burn-hand ${p.seat}` : null, title: `${p.seat}'s hand` }));
  const seatWords = [{ w: [p.seat] }];
  if (me) seatWords.push({ w: [], verbs: ['chain', 'start'] });
  return h('div', { class: ['hw-player', me && 'me', toMove && 'to-move'], 'data-seat': p.seat },
    h('div', { class: 'hw-head' },
      h('span', { class: 'hw-name', 'data-pick': ui.canPick([p.seat]) ? p.seat : null }, p.seat, me ? ' (you)' : '', toMove ? ' ◀' : ''),
      track(p.score, view.target, '#e9a54d', 'score'),
      h('span', { class: 'hw-needs' }, `chain complete at ${p.needs}`)),
    chainRow(p.chain, ui, seatWords, `${p.seat}'s chain`),
    h('div', { class: 'hw-row' },
      h('div', { class: 'hw-hand', 'aria-label': `${p.seat}'s hand` }, h('span', { class: 'hw-label' }, `hand ${p.hand_size}`), handCards),
      tokens(p.tokens, me, view.max_level)));
}

function blackPanel(view, snap, ui) {
  const b = view.black;
  const solo = b.chains.length > 1;
  const top = topDecision(view);
  const dealTo = top && top.kind === 'deal' ? top.chain : null;
  return h('div', { class: ['hw-black', b.face_down && 'down'], 'data-seat': 'black' },
    h('div', { class: 'hw-black-fig' }, wizardFigure(b.face_down),
      h('div', { class: 'hw-black-name' }, 'The Black Wizard', b.face_down ? h('small', {}, 'face down') : null)),
    h('div', { class: 'hw-black-body' },
      track(b.token, view.black_target, '#b8412f', 'Black Token'),
      b.chains.map((ch, i) => {
        const name = solo ? `black${i + 1}` : 'black';
        return h('div', {}, h('span', { class: 'hw-label' }, solo ? `Black Chain ${i + 1}` : 'Black Chain', ` · complete at ${b.needs}`),
          chainRow(ch, ui, dealTo === name ? [{ w: [name] }, { w: [], verbs: ['deal'] }] : [{ w: [name] }], `Black Chain ${i + 1}`));
      }),
      tokens(b.tokens, false, view.max_level)));
}

function centre(view, ui) {
  const deckPick = ui.canPick(['draw']) ? 'draw' : null;
  const deck = h('div', { class: 'hw-pile' }, h('span', { class: 'hw-label' }, `deck ${view.deck_size}`),
    view.deck_size ? h('span', { class: 'hw-stack', 'data-pick': deckPick }, back({ pick: deckPick, title: 'the deck' })) : h('span', { class: 'hw-empty' }, 'empty'),
    view.deck_known && view.deck_known.length ? h('div', { class: 'hw-known' }, h('small', {}, 'you know the top:'), view.deck_known.map((c) => card(c, { small: true }))) : null);
  const disc = view.discard || [];
  const discard = h('div', { class: 'hw-pile' }, h('span', { class: 'hw-label' }, `discard ${disc.length}`),
    h('div', { class: 'hw-fan' }, disc.length ? disc.slice(0, 12).map((c) => card(c, { small: true })) : h('span', { class: 'hw-empty' }, 'empty'), disc.length > 12 ? h('span', { class: 'hw-more' }, `+${disc.length - 12}`) : null));
  const parts = [deck, discard];
  if (view.play) parts.push(h('div', { class: 'hw-pile' }, h('span', { class: 'hw-label' }, 'in play'), card(view.play)));
  if ((view.look && view.look.length) || view.look_size) {
    parts.push(h('div', { class: 'hw-pile' }, h('span', { class: 'hw-label' }, view.look_seat ? `${view.look_seat} looks at` : 'revealed'),
      h('div', { class: 'hw-fan' }, view.look && view.look.length ? view.look.map((c) => card(c)) : Array.from({ length: view.look_size }, () => back({ small: true })))));
  }
  return h('div', { class: 'hw-centre' }, parts);
}

function topDecision(view) {
  return view.pending && view.pending.length ? view.pending[view.pending.length - 1] : null;
}

const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What the decision on top still asks for, with its count (from the view's `left`). */
function promptText(top) {
  const n = top.left;
  switch (top.kind) {
    case 'webs': return `Webs: return up to ${plural(n, 'more chained card')} to the top of the deck`;
    case 'burn':
      if (top.own_only) return `Burn: ${plural(n, 'discard')} left to spend, and only your own cards remain: you must burn them`;
      return `Burn: ${plural(n, 'discard')} left${top.must_spend ? ' (all must be spent)' : ''}`;
    case 'lore-keep': return `Lore: keep ${plural(n, 'more card')}`;
    case 'lore-return': return `Lore: put back ${plural(n, 'card')} on top of the deck, one at a time (the last goes back by itself)`;
    case 'ancient-return': return `Ancient Lore: return ${plural(n, 'more card')} from your hand to the top of the deck`;
    case 'heal-death': return `Heal Death: take up to ${plural(n, 'more card')} from the discard pile`;
    case 'deal': return `Deal the revealed card to an end of ${top.chain === 'black' ? 'the Black Chain' : `Black Chain ${top.chain.slice(5)}`}`;
    default: return null;
  }
}

function prompt(view, snap) {
  const top = topDecision(view);
  const text = top && promptText(top);
  if (!text) return null;
  const who = top.seat === snap.seat ? 'You' : top.seat;
  return h('div', { class: 'hw-prompt', 'data-testid': 'prompt', 'data-kind': top.kind }, h('b', {}, `${who}: `), text);
}

function stepLine(view, snap) {
  const top = topDecision(view);
  const bits = [`turn ${view.turn}`, `${view.current}'s ${view.step} step`];
  if (top) bits.push(`waiting: ${top.seat === snap.seat ? 'you' : top.seat} — ${top.text || top.kind}`);
  if (view.selected) bits.push(`selected: ${view.selected.join(' ')}`);
  bits.push(`draw limit ${view.draw_limit}`);
  return h('div', { class: 'hw-step-line' }, bits.join(' · '));
}

export function render(root, snap, ui) {
  const view = snap.view;
  const mine = view.players.find((p) => p.seat === snap.seat);
  const others = view.players.filter((p) => p !== mine);
  root.append(h('div', { class: 'hw' },
    stepLine(view, snap),
    prompt(view, snap),
    blackPanel(view, snap, ui),
    centre(view, ui),
    h('div', { class: 'hw-others' }, others.map((p) => playerPanel(p, view, snap, ui, false))),
    mine ? playerPanel(mine, view, snap, ui, true) : null));
}

/** The end box's headline: the Black Wizard is no seat, so "nobody wins" would be wrong. */
export function outcomeTitle(snap) {
  return snap.view.black_won ? 'The Black Wizard wins: every heir loses' : null;
}

const VERB = { command: 'Command', absorb: 'Absorb', chain: 'Chain', start: 'Start chain', take: 'Take', burn: 'Burn', discard: 'Discard', keep: 'Keep', return: 'Return', grow: 'Grow' };

export function actionLabel(action, snap) {
  const w = action.action.split(' ');
  const cardArg = w.slice(1).find(isCard);
  if (!cardArg) {
    if (w[0] === 'cast' || w[0] === 'raise') {
      // the token as on the board (its level and ability), the verb beside it: inside, "raise" overflowed
      const me = snap.view.players.find((p) => p.seat === snap.seat);
      const lvl = me ? (me.tokens || {})[w[1]] || 0 : 0;
      return h('span', { class: 'hw-act' },
        h('span', { class: 'hw-token', style: { '--c': `var(--${w[1]})` } }, h('b', {}, String(lvl)), h('small', {}, ABILITY[w[1]] || w[1])),
        h('span', {}, w[0] === 'cast' ? 'Cast' : 'Raise', h('small', {}, ` ${ABILITY[w[1]] || w[1]} (level ${lvl})`)));
    }
    return null;
  }
  const rest = w.slice(1).filter((x) => x !== cardArg).join(' ');
  return h('span', { class: 'hw-act' }, card(cardArg, { small: true, pick: false }), h('span', {}, VERB[w[0]] || w[0], rest ? h('small', {}, ` ${rest}`) : null));
}
