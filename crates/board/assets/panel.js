// The panel beside the board: the result and whose turn it is, the moves
// (with the review's marks), moving through them, a typed move, the
// engine's settings, the protocol notation, positions and PGN.

import { flip } from './board.js';
import { $, act, moveLabel, onState, page, positionName, playerName, resultText } from './state.js';

// Shows the board's `value` in the control `id` when the board's value
// changed, not while someone types in it, and not over what they typed
// when the state comes again unchanged.
function setControl(id, value) {
  const control = $(id);
  const text = String(value);
  if (control.dataset.shown === text || document.activeElement === control) return;
  control.dataset.shown = text;
  control.value = text;
}

// The turn line: whose move it is in the position shown, whether the
// engine is thinking; the result once (in the result line) at the end.
function turnText(state) {
  const who = playerName(state.side);
  switch (state.turn) {
    case 'over': return '';
    case 'retry': return `Find a better move for ${who} here`;
    case 'thinking': return `Engine thinking… (${who} to move)`;
    case 'stuck': return `The engine (${who}) is to move but failed: see the message above`;
    case 'you': return `Your move (${who})`;
    case 'people': return `${who} to move`;
    default: return `${who} to move here: a move replaces the rest of the game`;
  }
}

function renderStatus(state) {
  const final = resultText(state.final);
  $('result').textContent = final ? `Game over: ${final}` : '';
  const turn = $('turn-state');
  turn.textContent = turnText(state);
  turn.className = `turn-${state.turn}`;
  turn.dataset.turn = state.turn;
  const parts = [];
  if (state.view < state.moves.length) parts.push(`showing ${positionName(state.view)}`);
  if (state.seed !== null && state.seed !== undefined) parts.push(`seed ${state.seed}`);
  $('turn').textContent = parts.join(' · ');
  $('engine-name').textContent = state.engine.name ? `engine: ${state.engine.name}` : 'engine: starting…';
  const title = state.catalog.find((g) => g.name === state.game);
  $('game-title').textContent = title ? title.title : state.game;
  $('takeback').disabled = state.moves.length === 0 || state.clock !== null;
}

// Moves as spans that never break inside (a Wyke move holds dashes and
// commas); lines break only between them.
export function moveSpan(move) {
  const span = document.createElement('span');
  span.className = 'mv';
  span.textContent = move;
  return span;
}

export function appendMoves(parent, moves) {
  moves.forEach((move, i) => {
    if (i > 0) parent.append(' ');
    parent.appendChild(moveSpan(move));
  });
}

// Scrolls the move list (not the page) to the move shown.
function scrollToCurrent(list) {
  const current = list.querySelector('.mv.current');
  if (!current) {
    list.scrollTop = 0;
    return;
  }
  const top = current.offsetTop;
  const bottom = top + current.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

function renderMoves(state) {
  const list = $('move-list');
  list.replaceChildren();
  const marks = state.review ? state.review.moves : [];
  let item = null;
  state.moves.forEach((move, ply) => {
    // Every first-player move, and the game's first, opens a line.
    if (item === null || state.movers[ply] === 'first') {
      item = document.createElement('li');
      item.value = parseInt(moveLabel(ply), 10);
      list.appendChild(item);
      if (state.movers[ply] === 'second') item.append('… ');
    } else {
      item.append(' ');
    }
    const span = moveSpan(move);
    span.dataset.ply = ply + 1;
    span.title = `${moveLabel(ply)} ${move}`;
    if (ply + 1 === state.view) span.classList.add('current');
    const mark = marks[ply];
    if (mark && mark.mark) {
      const symbol = document.createElement('span');
      symbol.className = `mark mark-${mark.mark}`;
      symbol.textContent = mark.symbol;
      symbol.title = `${mark.mark}: loses ${mark.loss.toFixed(3)}; the engine's move was ${mark.best}`;
      span.dataset.mark = mark.mark;
      span.appendChild(symbol);
    }
    span.addEventListener('click', () => act('view', { ply: ply + 1 }));
    item.appendChild(span);
  });
  scrollToCurrent(list);
  const notation = $('moves');
  notation.replaceChildren();
  appendMoves(notation, state.moves);
  $('current-fen').textContent = state.fen;
}

// The engine's settings as in force: who it plays, its strength (the
// rating label always the level's in force).
function renderEngine(state) {
  setControl('engine-plays', state.plays);
  setControl('strength-kind', state.strength.kind);
  setControl('strength-value', state.strength.value);
  const level = state.strength.kind === 'level';
  const value = $('strength-value');
  value.min = 1;
  value.max = level ? state.levels.length || 8 : '';
  const elo = state.levels[state.strength.value - 1];
  $('strength-elo').textContent = level && elo !== undefined ? `≈ ${elo} Elo` : '';
  setControl('multipv', state.multipv);
  $('analyse').checked = state.analysing;
  $('typed-move').placeholder = 'type a move, e.g. ' + state.look.moveHint;
}

// The strength typed in the panel: a level out of the offered range, or
// any value that is not a whole number, is refused here in words and the
// box goes back to the strength in force; the board checks again.
async function setStrength() {
  const kind = $('strength-kind').value;
  const text = $('strength-value').value.trim();
  const value = Number(text);
  const state = page.state;
  const levels = state.levels.length || 8;
  // An emptied box is a value being typed: nothing to take yet.
  if (text === '') return;
  let problem = '';
  if (!Number.isInteger(value)) problem = `'${text}' is not a whole number`;
  else if (kind === 'level' && (value < 1 || value > levels)) problem = `there is no level ${value}: the levels are 1 to ${levels}`;
  else if (value < 1) problem = `${value} is not a ${kind} the engine can play at`;
  $('strength-note').textContent = problem;
  if (problem) {
    showStrength(state);
    return;
  }
  const done = await act('engine', { strength: { kind, value } });
  if (!done) {
    $('strength-note').textContent = $('error').textContent;
    showStrength(page.state);
  }
}

// The strength in force, back in its controls.
function showStrength(state) {
  for (const id of ['strength-kind', 'strength-value']) delete $(id).dataset.shown;
  $('strength-value').value = String(state.strength.value);
  $('strength-kind').value = state.strength.kind;
  $('strength-value').dataset.shown = String(state.strength.value);
  $('strength-kind').dataset.shown = state.strength.kind;
}

// When the kind changes, the value moves to one that kind takes.
function changeKind() {
  const kind = $('strength-kind').value;
  const defaults = { level: 3, time: 300, depth: 6, nodes: 100000 };
  if (kind !== page.state.strength.kind) $('strength-value').value = String(defaults[kind]);
  setStrength();
}

export function wirePanel() {
  $('engine-plays').addEventListener('change', () => act('engine', { plays: $('engine-plays').value }));
  $('strength-kind').addEventListener('change', changeKind);
  $('strength-value').addEventListener('change', setStrength);
  $('multipv').addEventListener('change', () => act('engine', { multipv: Number($('multipv').value) }));
  $('analyse').addEventListener('change', () => act('analyse', { on: $('analyse').checked }));
  $('flip').addEventListener('click', flip);
  $('takeback').addEventListener('click', () => act('takeback'));
  const go = (ply) => act('view', { ply: Math.max(0, Math.min(ply, page.state.moves.length)) });
  $('nav-start').addEventListener('click', () => go(0));
  $('nav-back').addEventListener('click', () => go(page.state.view - 1));
  $('nav-forward').addEventListener('click', () => go(page.state.view + 1));
  $('nav-end').addEventListener('click', () => go(page.state.moves.length));
  document.addEventListener('keydown', (event) => {
    if (!page.state || event.target.closest('input, textarea, select, dialog')) return;
    if (event.key === 'ArrowLeft' && page.state.view > 0) go(page.state.view - 1);
    if (event.key === 'ArrowRight' && page.state.view < page.state.moves.length) go(page.state.view + 1);
    if (event.key === 'f' && !event.ctrlKey && !event.metaKey) flip();
  });
  $('typed').addEventListener('submit', async (event) => {
    event.preventDefault();
    const move = $('typed-move').value.trim();
    if (move && await act('move', { move })) $('typed-move').value = '';
  });
  $('load-fen').addEventListener('click', () => act('position', { game: page.state.game, fen: $('fen').value }));
  $('import-pgn').addEventListener('click', () => act('import', { pgn: $('pgn').value, index: Number($('pgn-index').value) || 1 }));
  $('export-pgn').addEventListener('click', async () => {
    const pgn = await page.transport.pgn();
    if (pgn === null) return;
    $('pgn').value = pgn;
    const link = $('download-pgn');
    link.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
    link.hidden = false;
  });
  for (const name of ['analysis', 'review', 'game']) {
    $(`tab-${name}`).addEventListener('click', () => showPane(name));
  }
}

// Shows one of the panel's panes.
export function showPane(name) {
  for (const other of ['analysis', 'review', 'game']) {
    const on = other === name;
    $(`tab-${other}`).setAttribute('aria-selected', String(on));
    $(`pane-${other}`).hidden = !on;
  }
}

onState((state) => {
  renderStatus(state);
  renderMoves(state);
  renderEngine(state);
});
