'use strict';
// The board's page: keeps the server's state (long polling /api/state,
// which answers as soon as anything changes), sends actions, and turns
// clicks into moves through the server's click paths (/api/follow).

const $ = (id) => document.getElementById(id);
let state = null;
let selection = [];
let legal = new Set();
let flipped = false;
let followSeq = 0;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function showError(message) {
  $('error').textContent = message;
  $('error').hidden = false;
}

function hideError() {
  $('error').hidden = true;
}

async function call(path, args) {
  let data;
  let ok = false;
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args || {}),
    });
    ok = response.ok;
    data = await response.json();
  } catch (e) {
    data = { error: `the board server did not answer (${e.message})` };
  }
  if (!ok || data.error) {
    showError(data.error || 'the request failed');
    return null;
  }
  return data;
}

async function act(action, args) {
  const data = await call('/api/' + action, args);
  if (data) {
    hideError();
    setState(data);
  }
  return data;
}

function engineTurn(s) {
  const side = s.side;
  return s.view === s.moves.length && (s.plays === 'both' || s.plays === side);
}

function humanMayMove() {
  return state && state.status.result === 'ongoing' && !engineTurn(state);
}

function setState(next) {
  if (state && next.version < state.version) return;
  const moved = !state || state.fen !== next.fen || state.view !== next.view ||
    state.moves.length !== next.moves.length || state.plays !== next.plays || state.game !== next.game;
  state = next;
  if (moved) {
    selection = [];
    legal = new Set();
    refreshLegal();
  }
  render();
}

// Asks the server what the selection can click next; plays the move once
// the selection names one. `retry`: a click that may start a new selection.
async function refreshLegal(retry) {
  const seq = ++followSeq;
  if (!humanMayMove()) {
    legal = new Set();
    render();
    return;
  }
  const data = await call('/api/follow', { ply: state.view, selection });
  if (seq !== followSeq || !data) return;
  if (retry !== undefined && data.next.includes(retry)) {
    selection = [retry];
    refreshLegal();
    return;
  }
  if (data.complete) {
    selection = [];
    legal = new Set();
    render();
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
  render();
}

function click(token) {
  if (!humanMayMove()) return;
  const wasLegal = legal.has(token);
  // Until the server answers, nothing is clickable: a second click on a
  // stale highlight cannot extend the selection twice.
  legal = new Set();
  if (wasLegal) {
    selection.push(token);
    render();
    refreshLegal();
  } else if (selection.length > 0) {
    selection = [];
    render();
    refreshLegal(token);
  }
}

function playerName(side) {
  const names = PLAYER_NAMES[state.game] || ['first', 'second'];
  return side === 'first' ? names[0] : names[1];
}

function resultText(status) {
  if (status.result === 'ongoing') return '';
  const head = status.result === 'draw' ? 'Draw' : `${playerName(status.result)} wins`;
  return `Game over: ${head} (${status.reason})`;
}

function setControl(id, value) {
  const control = $(id);
  if (document.activeElement !== control) control.value = String(value);
}

function renderControls() {
  const gameSelect = $('game');
  if (gameSelect.options.length === 0) {
    for (const name of state.games) gameSelect.add(new Option(name, name));
  }
  setControl('game', state.game);
  setControl('engine-plays', state.plays);
  setControl('strength-kind', state.strength.kind);
  setControl('strength-value', state.strength.value);
  setControl('multipv', state.multipv);
  $('analyse').checked = state.analysing;
  $('seed-box').hidden = state.game !== 'wyx';
  $('typed-move').placeholder = 'type a move, e.g. ' + (MOVE_HINTS[state.game] || '');
}

function renderStatus() {
  const final = resultText(state.final);
  $('result').textContent = final;
  $('result').className = final ? 'over' : '';
  const parts = [];
  const shown = resultText(state.status);
  if (state.view < state.moves.length) parts.push(`showing the position after ${state.view} of ${state.moves.length} moves`);
  if (shown && shown !== final) parts.push(shown);
  if (state.status.result === 'ongoing') {
    const who = playerName(state.side);
    parts.push(engineTurn(state) ? `${who} to move: the engine is thinking…` : `${who} to move`);
  }
  if (state.seed !== null && state.seed !== undefined) parts.push(`rack seed ${state.seed}`);
  $('turn').textContent = parts.join(' · ');
  if (state.engine.error) showError('engine: ' + state.engine.error);
  $('engine-name').textContent = state.engine.name ? `engine: ${state.engine.name}` : 'engine: starting…';
}

// A pair's player by who they are: the engine, you, or a number when both
// are the same.
function pairPlayer(pair, index) {
  const who = pair.who[index];
  if (pair.who[0] === pair.who[1]) return `${who === 'engine' ? 'engine' : 'player'} ${index + 1}`;
  return who === 'engine' ? 'engine' : 'you';
}

function pairCell(row, text, className) {
  const cell = document.createElement('td');
  cell.textContent = text;
  if (className) cell.className = className;
  row.appendChild(cell);
}

function renderPair() {
  const scoring = state.pairScoring;
  const pair = state.pair;
  $('pair-start').textContent = pair ? 'Restart the pair' : scoring ? `Play a ${scoring.name}` : 'Play a pair';
  $('new-game').textContent = pair ? `New ${pair.name}` : 'New game';
  $('pair-panel').hidden = !pair;
  if (!pair) return;
  $('pair-head').textContent = `${pair.name}: game ${pair.game} of 2` +
    (pair.done ? ', over' : pair.game === 2 ? ', sides swapped' : '');
  $('pair-note').textContent = `the same start twice, sides swapped; ${pair.counted} added up, fewer wins`;
  const table = $('pair-table');
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const [text, className] of [['', ''], ['game 1', 'count'], ['game 2', 'count'], ['total', 'count']]) {
    const th = document.createElement('th');
    th.textContent = text;
    th.className = className;
    head.appendChild(th);
  }
  const body = table.createTBody();
  [0, 1].forEach((index) => {
    const row = body.insertRow();
    row.setAttribute('data-test', `pair-player-${index + 1}`);
    const sides = [index === 0 ? 'first' : 'second', index === 0 ? 'second' : 'first'].map(playerName);
    pairCell(row, `${pairPlayer(pair, index)} (${sides[0]}, then ${sides[1]})`);
    pair.games.forEach((game) => {
      const text = !game ? '–' : game.counts ? String(game.counts[index]) : '…';
      pairCell(row, text, 'count');
    });
    pairCell(row, String(pair.totals[index]), 'count');
  });
  const results = body.insertRow();
  pairCell(results, 'result');
  pair.games.forEach((game) => {
    const text = !game ? '' : game.final.result === 'ongoing' ? 'playing' :
      game.final.result === 'draw' ? 'draw' : `${playerName(game.final.result)} wins`;
    pairCell(results, text, 'count');
  });
  let verdict = '';
  if (pair.done && pair.winner === null) {
    verdict = `${pair.name}: a draw, ${pair.totals[0]} ${pair.counted} each`;
  } else if (pair.done) {
    const loser = 1 - pair.winner;
    verdict = `${pair.name}: ${pairPlayer(pair, pair.winner)} wins the pair, ` +
      `${pair.totals[pair.winner]} ${pair.counted} against ${pair.totals[loser]}`;
  }
  $('pair-winner').textContent = verdict;
  const option = scoring && scoring.option;
  $('pair-option-box').hidden = !option;
  $('pair-option').checked = state.pairOption;
  $('pair-option-text').textContent = option ? `engine plays for the pair (${option})` : '';
}

function renderBoard() {
  const svg = $('board');
  svg.replaceChildren();
  const ctx = {
    svg,
    fen: state.fen,
    prevFen: state.prevFen,
    lastMove: state.lastMove,
    flip: flipped,
    selection,
    legal,
    click,
    legend: $('legend'),
    drawn: new Set(),
  };
  Draw[state.game](ctx);
  // What the board has no place for: pass, or how many checkers to lift.
  const choices = $('choices');
  choices.replaceChildren();
  for (const token of legal) {
    if (ctx.drawn.has(token)) continue;
    const button = document.createElement('button');
    button.textContent = token;
    button.setAttribute('data-choice', token);
    button.setAttribute('data-legal', 'true');
    button.addEventListener('click', () => click(token));
    choices.appendChild(button);
  }
}

function renderMoves() {
  const list = $('move-list');
  list.replaceChildren();
  let item = null;
  state.moves.forEach((move, ply) => {
    // Every first-player move opens a numbered line.
    if (item === null || state.movers[ply] === 'first') {
      item = document.createElement('li');
      list.appendChild(item);
    }
    const span = document.createElement('span');
    span.textContent = move;
    if (ply + 1 === state.view) span.className = 'current';
    span.addEventListener('click', () => act('view', { ply: ply + 1 }));
    item.appendChild(span);
  });
  if (list.lastChild) list.lastChild.scrollIntoView({ block: 'nearest' });
  $('moves').textContent = state.moves.join(' ');
  $('current-fen').textContent = state.fen;
}

function renderAnalysis() {
  const box = $('analysis');
  box.replaceChildren();
  const search = state.search;
  const head = document.createElement('div');
  head.className = 'head';
  if (!search) {
    head.textContent = state.analysing ? 'nothing to analyse here' : 'analysis off';
    box.appendChild(head);
    return;
  }
  const whose = playerName(search.side);
  head.textContent = (search.purpose === 'move'
    ? `engine's search for its move ${search.ply + 1}`
    : `analysis after move ${search.ply}`) + ` (scores for ${whose})` + (search.running ? '' : ', finished');
  box.appendChild(head);
  for (const line of search.lines) {
    const row = document.createElement('div');
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = line.score.text;
    row.append(`${line.rank}. `, score, ` d${line.depth}  ${line.pv.join(' ')}`);
    box.appendChild(row);
  }
  if (search.lines.length === 0) box.append('…');
}

function renderGraph() {
  const svg = $('graph');
  svg.replaceChildren();
  const count = Math.max(state.evals.length - 1, 1);
  const x = (ply) => (ply / count) * 300;
  const y = (score) => {
    let pawns = score.mate !== undefined ? Math.sign(score.mate) * 10 : score.cp / 100;
    pawns = Math.max(-10, Math.min(10, pawns));
    return 50 - pawns * 4.6;
  };
  el('line', { x1: 0, y1: 50, x2: 300, y2: 50, stroke: '#b9ae9c', 'stroke-width': 0.5 }, svg);
  el('line', { x1: x(state.view), y1: 0, x2: x(state.view), y2: 100, stroke: '#e8b93a', 'stroke-width': 1.5 }, svg);
  const points = [];
  state.evals.forEach((score, ply) => {
    if (score) points.push(`${x(ply)},${y(score)}`);
  });
  if (points.length) el('polyline', { points: points.join(' '), fill: 'none', stroke: '#2f6f8f', 'stroke-width': 1.5 }, svg);
}

function render() {
  if (!state) return;
  renderControls();
  renderStatus();
  renderPair();
  renderBoard();
  renderMoves();
  renderAnalysis();
  renderGraph();
}

async function poll() {
  for (;;) {
    try {
      const response = await fetch('/api/state?since=' + (state ? state.version : 0));
      if (response.ok) {
        setState(await response.json());
      } else {
        showError(`the board server answered ${response.status}`);
        await sleep(1000);
      }
    } catch (e) {
      showError('the board server is not answering');
      await sleep(2000);
    }
  }
}

function wire() {
  $('game').addEventListener('change', () => act('new', { game: $('game').value }));
  $('new-game').addEventListener('click', () => {
    const seed = $('seed').value.trim();
    act('new', { game: $('game').value, seed: seed === '' ? null : Number(seed) });
  });
  $('pair-start').addEventListener('click', () => act('pair', { on: true }));
  $('pair-leave').addEventListener('click', () => act('pair', { on: false }));
  $('pair-option').addEventListener('change', () => act('engine', { pairOption: $('pair-option').checked }));
  $('engine-plays').addEventListener('change', () => act('engine', { plays: $('engine-plays').value }));
  const strength = () => act('engine', { strength: { kind: $('strength-kind').value, value: Number($('strength-value').value) } });
  $('strength-kind').addEventListener('change', strength);
  $('strength-value').addEventListener('change', strength);
  $('multipv').addEventListener('change', () => act('engine', { multipv: Number($('multipv').value) }));
  $('analyse').addEventListener('change', () => act('analyse', { on: $('analyse').checked }));
  $('flip').addEventListener('click', () => { flipped = !flipped; render(); });
  $('takeback').addEventListener('click', () => act('takeback'));
  $('nav-start').addEventListener('click', () => act('view', { ply: 0 }));
  $('nav-back').addEventListener('click', () => state.view > 0 && act('view', { ply: state.view - 1 }));
  $('nav-forward').addEventListener('click', () => state.view < state.moves.length && act('view', { ply: state.view + 1 }));
  $('nav-end').addEventListener('click', () => act('view', { ply: state.moves.length }));
  document.addEventListener('keydown', (event) => {
    if (!state || event.target.closest('input, textarea, select')) return;
    if (event.key === 'ArrowLeft' && state.view > 0) act('view', { ply: state.view - 1 });
    if (event.key === 'ArrowRight' && state.view < state.moves.length) act('view', { ply: state.view + 1 });
  });
  $('graph').addEventListener('click', (event) => {
    const box = $('graph').getBoundingClientRect();
    const ply = Math.round(((event.clientX - box.left) / box.width) * Math.max(state.evals.length - 1, 1));
    act('view', { ply: Math.max(0, Math.min(ply, state.moves.length)) });
  });
  $('typed').addEventListener('submit', async (event) => {
    event.preventDefault();
    const move = $('typed-move').value.trim();
    if (move && await act('move', { move })) $('typed-move').value = '';
  });
  $('load-fen').addEventListener('click', () => act('position', { game: $('game').value, fen: $('fen').value }));
  $('import-pgn').addEventListener('click', () => act('import', { pgn: $('pgn').value, index: Number($('pgn-index').value) || 1 }));
  $('export-pgn').addEventListener('click', async () => {
    const response = await fetch('/api/pgn');
    const pgn = await response.text();
    $('pgn').value = pgn;
    const link = $('download-pgn');
    link.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
    link.hidden = false;
  });
}

wire();
poll();
