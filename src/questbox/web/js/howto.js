// How to play (/static/howto.html#<game>): the game's short guide and every rule entry, from its
// glossary (the page itself holds no rule text). Works offline: no CDN, only this server.
import { clear, h } from './ui.js';
import { loadGlossary } from './rules.js';

async function show() {
  const gameId = decodeURIComponent(location.hash.slice(1)) || 'heirs';
  const root = clear(document.getElementById('howto'));
  const { doc } = await loadGlossary(gameId);
  document.title = `How to play ${doc.title || gameId} — questbox`;
  document.getElementById('game-title').textContent = `How to play · ${doc.title || gameId}`;
  const sections = doc.sections || [];
  const toc = h('nav', { class: 'howto-toc' }, sections.map((s) => h('a', {
    href: `#${gameId}`, onclick: (ev) => { ev.preventDefault(); document.getElementById(`s-${s.id}`).scrollIntoView(); },
  }, s.title)));
  const facts = (e) => (e.facts && e.facts.length
    ? h('ul', { class: 'rule-facts' }, e.facts.map(([k, v]) => h('li', {}, h('b', {}, `${k}: `), v))) : null);
  const entry = (e) => [h('dt', { id: e.key }, e.name),
    h('dd', {}, e.text, facts(e), h('small', { class: 'rule-source' }, ` (${e.source})`))];
  root.append(h('h1', {}, doc.title || gameId),
    h('section', { class: 'howto-guide', 'data-testid': 'guide' }, (doc.guide || []).map((p) => h('p', {}, p))),
    toc,
    ...sections.map((s) => h('section', { id: `s-${s.id}`, class: 'howto-section' }, h('h2', {}, s.title),
      h('dl', {}, s.entries.map(entry)))));
}
window.addEventListener('hashchange', show);
show();
