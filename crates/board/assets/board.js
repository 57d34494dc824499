// The board on the page: drawn by draw.js from the position shown, and
// played by clicks (or taps, or Tab and Enter) along the board's click
// paths: each click asks the board what can follow (`follow`), and a
// click the rules refuse is answered in one line from the rules
// (`explain`), never from a copy of them here.

import { Draw } from './draw.js';
import { $, act, humanMayMove, onState, page, query } from './state.js';

let selection = [];
let legal = new Set();
let followSeq = 0;
// The state version whose move is animated once drawn.
let animated = 0;

function explain(text) {
  $('explain').textContent = text || '';
}

// Asks the board what the selection can click next; plays the move once
// the selection names one.
async function refreshLegal() {
  const seq = ++followSeq;
  const state = page.state;
  if (!humanMayMove()) {
    legal = new Set();
    renderBoard();
    return;
  }
  const data = await query('follow', { ply: state.view, selection });
  if (seq !== followSeq || !data) return;
  if (data.complete) {
    selection = [];
    legal = new Set();
    renderBoard();
    await act('move', { move: data.complete });
    return;
  }
  if (data.next.length === 0 && selection.length > 0) {
    // A selection that leads nowhere (the position changed): start over.
    selection = [];
    refreshLegal();
    return;
  }
  legal = new Set(data.next);
  renderBoard();
}

// A click on the thing named `token`: the next step of a move, the start
// of another one, the piece selected let go, or a refusal explained.
export async function click(token) {
  if (!humanMayMove()) return;
  const state = page.state;
  if (legal.has(token)) {
    explain('');
    legal = new Set();
    selection.push(token);
    renderBoard();
    refreshLegal();
    return;
  }
  if (selection.length > 0 && selection[selection.length - 1] === token) {
    selection = [];
    explain('');
    refreshLegal();
    return;
  }
  const seq = ++followSeq;
  if (selection.length > 0) {
    const fresh = await query('follow', { ply: state.view, selection: [token] });
    if (seq !== followSeq) return;
    if (fresh && (fresh.next.length > 0 || fresh.complete)) {
      selection = [];
      explain('');
      legal = new Set([token]);
      click(token);
      return;
    }
  }
  const why = await query('explain', { ply: state.view, selection: selection.concat([token]) });
  if (seq !== followSeq || !why) return;
  explain(why.reason || '');
}

// The players above and below the board: who each is (you, the engine
// or a person), the side at the bottom first unless the board is turned.
function renderPlayers(state) {
  const bottom = page.flipped ? 'second' : 'first';
  const top = bottom === 'first' ? 'second' : 'first';
  const who = (side) => {
    const name = state.look.players[side === 'first' ? 0 : 1];
    const engine = state.plays === 'both' || state.plays === side;
    const person = state.plays === 'none' ? 'a person' : 'you';
    const playing = engine ? (state.engine.name || 'the engine') + levelWords(state) : person;
    return `${name} · ${playing}`;
  };
  $('who-top').textContent = who(top);
  $('who-bottom').textContent = who(bottom);
  $('player-top').dataset.side = top;
  $('player-bottom').dataset.side = bottom;
}

// " (Level 3, ≈ 415 Elo)" for the engine at a level.
function levelWords(state) {
  if (state.strength.kind !== 'level') return '';
  const elo = state.levels[state.strength.value - 1];
  return elo === undefined ? ` (Level ${state.strength.value})` : ` (Level ${state.strength.value}, ≈ ${elo} Elo)`;
}

export function renderBoard() {
  const state = page.state;
  if (!state) return;
  const svg = $('board');
  svg.replaceChildren();
  const animate = animated === state.version;
  animated = 0;
  const ctx = {
    svg,
    fen: state.fen,
    prevFen: state.prevFen,
    lastMove: state.lastMove,
    flip: page.flipped,
    selection,
    legal,
    click,
    legend: $('legend'),
    drawn: new Set(),
    animate,
  };
  Draw[state.look.drawing](ctx);
  svg.setAttribute('aria-label', `the board: ${state.fen}`);
  // What the board has no place for: pass, or how many checkers to lift.
  const choices = $('choices');
  choices.replaceChildren();
  for (const token of legal) {
    if (ctx.drawn.has(token)) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = token;
    button.setAttribute('data-choice', token);
    button.setAttribute('data-legal', 'true');
    button.addEventListener('click', () => click(token));
    choices.appendChild(button);
  }
  renderPlayers(state);
}

onState((state, moved, old) => {
  if (moved) {
    // One move forward on the same game: the move is animated.
    const forward = old && old.game === state.game && state.view === old.view + 1 &&
      state.moves.length >= old.moves.length;
    animated = forward ? state.version : 0;
    selection = [];
    legal = new Set();
    explain('');
    refreshLegal();
  }
  renderBoard();
});

export function flip() {
  page.flipped = !page.flipped;
  renderBoard();
}
