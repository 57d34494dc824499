'use strict';
// The board's page: keeps the board's state, sends actions, and turns
// clicks into moves through the board's click paths (`follow`). The state
// lives either on `ludus gui`'s server or in the page itself (the static
// site, crates/web): a transport hides which, and one place below
// (`start`) chooses it.

const $ = (id) => document.getElementById(id);
let state = null;
let selection = [];
let legal = new Set();
let flipped = false;
let followSeq = 0;
let transport = null;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function showError(message) {
  $('error').textContent = message;
  $('error').hidden = false;
}

function hideError() {
  $('error').hidden = true;
}

// `ludus gui`'s server as the transport. Each tab has a board of its own
// on the server: a session, named in a header of every request; the state
// is long-polled (/api/state answers as soon as anything changes).
function serverTransport() {
  let session = null;
  let opening = null;
  let show = () => {};

  // A reload keeps the tab's board: the id is stored while the page goes
  // away and taken out again while it is open, so a tab duplicated from
  // an open page (which copies the stored ids) gets a board of its own.
  const SESSION_KEY = 'ludus-session';
  const takeStoredSession = () => {
    const stored = sessionStorage.getItem(SESSION_KEY);
    sessionStorage.removeItem(SESSION_KEY);
    return stored;
  };
  session = takeStoredSession();
  window.addEventListener('pagehide', () => { if (session) sessionStorage.setItem(SESSION_KEY, session); });
  window.addEventListener('pageshow', takeStoredSession);

  // Opens a new board for this tab (once, however many requests ask).
  function openSession() {
    if (!opening) {
      opening = (async () => {
        for (;;) {
          try {
            const response = await fetch('/api/session', { method: 'POST' });
            const data = await response.json();
            if (response.ok) {
              session = data.session;
              state = null;
              show(data.state);
              return;
            }
            showError(data.error || `the board server answered ${response.status}`);
          } catch (e) {
            showError('the board server is not answering');
          }
          await sleep(2000);
        }
      })().finally(() => { opening = null; });
    }
    return opening;
  }

  // A request in this tab's session; a board the server no longer has is
  // replaced by a new one, and the page says so.
  async function send(path, options) {
    if (!session) await openSession();
    const headers = Object.assign({ 'X-Ludus-Session': session }, options && options.headers);
    const response = await fetch(path, Object.assign({}, options, { headers }));
    if (response.status === 410) {
      const data = await response.json();
      await openSession();
      showError(`${data.error}: this tab has a new board`);
      return null;
    }
    return response;
  }

  async function poll() {
    for (;;) {
      try {
        const response = await send('/api/state?since=' + (state ? state.version : 0));
        if (!response) continue;
        if (response.ok) {
          show(await response.json());
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

  return {
    async call(action, args) {
      try {
        const response = await send('/api/' + action, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(args || {}),
        });
        if (!response) return null;
        const data = await response.json();
        return response.ok || data.error ? data : { error: 'the request failed' };
      } catch (e) {
        return { error: `the board server did not answer (${e.message})` };
      }
    },
    async pgn() {
      const response = await send('/api/pgn');
      return response ? response.text() : null;
    },
    watch(callback) {
      show = callback;
      poll();
    },
  };
}

// An action or a follow request through the transport: its answer, or
// null once the error is shown.
async function call(action, args) {
  // Before the board has started there is nothing to ask.
  if (!transport) return null;
  const data = await transport.call(action, args);
  if (!data) return null;
  if (data.error) {
    showError(data.error);
    return null;
  }
  return data;
}

async function act(action, args) {
  const data = await call(action, args);
  if (data) {
    hideError();
    setState(data);
  }
  return data;
}

// Whether a person may move in the position shown (the board's `turn`).
function humanMayMove() {
  return state && ['you', 'people', 'review'].includes(state.turn);
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

// Asks the board what the selection can click next; plays the move once
// the selection names one. `retry`: a click that may start a new selection.
async function refreshLegal(retry) {
  const seq = ++followSeq;
  if (!humanMayMove()) {
    legal = new Set();
    render();
    return;
  }
  const data = await call('follow', { ply: state.view, selection });
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
  // Until the board answers, nothing is clickable: a second click on a
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
  const names = state.look.players;
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
  const level = state.strength.kind === 'level';
  $('strength-value').max = level ? state.levels.length : '';
  $('strength-elo').textContent = level ? `≈ ${state.levels[state.strength.value - 1]} Elo` : '';
  setControl('multipv', state.multipv);
  $('analyse').checked = state.analysing;
  $('seed-box').hidden = state.game !== 'wyx';
  $('typed-move').placeholder = 'type a move, e.g. ' + state.look.moveHint;
}

// "the start position", "the position after 3 moves".
function positionName(ply) {
  return ply === 0 ? 'the start position' : `the position after ${ply} move${ply === 1 ? '' : 's'}`;
}

// The turn line: whose move it is in the position shown, whether the engine
// is thinking, or the result.
function turnText() {
  const who = playerName(state.side);
  switch (state.turn) {
    case 'over': return resultText(state.status);
    case 'thinking': return `Engine thinking… (${who} to move)`;
    case 'stuck': return `The engine (${who}) is to move but failed: see the message above`;
    case 'you': return `Your move (${who})`;
    case 'people': return `${who} to move`;
    default: return `${who} to move here: a move replaces the rest of the game`;
  }
}

function renderStatus() {
  const final = resultText(state.final);
  $('result').textContent = final;
  $('result').className = final ? 'over' : '';
  const turn = $('turn-state');
  turn.textContent = turnText();
  turn.className = `turn-${state.turn}`;
  turn.dataset.turn = state.turn;
  const parts = [];
  if (state.view < state.moves.length) parts.push(`showing ${positionName(state.view)} of ${state.moves.length}`);
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
  Draw[state.look.drawing](ctx);
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

// Moves as spans that never break inside (a Wyke move holds dashes and
// commas); lines break only between them.
function moveSpan(move) {
  const span = document.createElement('span');
  span.className = 'mv';
  span.textContent = move;
  return span;
}

function appendMoves(parent, moves) {
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

function renderMoves() {
  const list = $('move-list');
  list.replaceChildren();
  let item = null;
  state.moves.forEach((move, ply) => {
    // Every first-player move opens a numbered line.
    if (item === null || state.movers[ply] === 'first') {
      item = document.createElement('li');
      list.appendChild(item);
    } else {
      item.append(' ');
    }
    const span = moveSpan(move);
    span.dataset.ply = ply + 1;
    if (ply + 1 === state.view) span.classList.add('current');
    span.addEventListener('click', () => act('view', { ply: ply + 1 }));
    item.appendChild(span);
  });
  scrollToCurrent(list);
  const notation = $('moves');
  notation.replaceChildren();
  appendMoves(notation, state.moves);
  $('current-fen').textContent = state.fen;
}

// The analysis panel shows only the search of the position shown (the
// board keeps no other), and says which position that is.
function renderAnalysis() {
  const box = $('analysis');
  box.replaceChildren();
  const search = state.search;
  box.dataset.view = state.view;
  box.dataset.ply = search ? search.ply : '';
  const head = document.createElement('div');
  head.className = 'head';
  box.appendChild(head);
  if (!search) {
    const here = positionName(state.view);
    head.textContent = state.turn === 'over' ? `${here}: the game is over, nothing to analyse`
      : state.analysing ? `${here}: no analysis` : 'analysis off';
    return;
  }
  const whose = playerName(search.side);
  const what = search.purpose === 'move' ? "the engine's search for its move in" : 'analysis of';
  head.textContent = `${what} ${positionName(search.ply)} (${whose} to move, scores for ${whose})` +
    (search.running ? '' : ', finished');
  for (const line of search.lines) {
    const row = document.createElement('div');
    row.className = 'line';
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = line.score.text;
    const pv = document.createElement('span');
    pv.className = 'pv';
    appendMoves(pv, line.pv);
    row.append(`${line.rank}. `, score, ` d${line.depth} `, pv);
    box.appendChild(row);
  }
  if (search.lines.length === 0) box.append('…');
}

// The evaluation graph: one score per position, always from the first
// player's side (up: good for the first player), in pawns (100 cp),
// capped at ±10; a forced win sits on its own band beyond the cap.
const GRAPH = { height: 140, left: 30, right: 6, pad: 8, cap: 10, mate: 12.5 };

function graphValue(score) {
  if (score.mate !== undefined) return Math.sign(score.mate || 1) * GRAPH.mate;
  return Math.max(-GRAPH.cap, Math.min(GRAPH.cap, score.cp / 100));
}

function graphGeometry() {
  const width = Math.max($('graph').clientWidth, 200);
  const count = Math.max(state.evals.length - 1, 1);
  const plot = width - GRAPH.left - GRAPH.right;
  const half = GRAPH.height / 2 - GRAPH.pad;
  return {
    width,
    count,
    x: (ply) => GRAPH.left + (ply / count) * plot,
    y: (value) => GRAPH.height / 2 - (value / GRAPH.mate) * half,
    ply: (x) => Math.round(((x - GRAPH.left) / plot) * count),
  };
}

function renderGraph() {
  const svg = $('graph');
  svg.replaceChildren();
  const g = graphGeometry();
  svg.setAttribute('viewBox', `0 0 ${g.width} ${GRAPH.height}`);
  const right = g.width - GRAPH.right;
  const axis = [[GRAPH.mate, '+M'], [5, '+5'], [0, '0'], [-5, '−5'], [-GRAPH.mate, '−M']];
  for (const [value, label] of axis) {
    const line = el('line', { x1: GRAPH.left, y1: g.y(value), x2: right, y2: g.y(value), stroke: value === 0 ? '#9c907c' : '#e3dacb', 'stroke-width': value === 0 ? 1 : 0.5 }, svg);
    if (value === 0) line.id = 'graph-zero';
    text(svg, GRAPH.left - 4, g.y(value), label, { class: 'axis', 'text-anchor': 'end', 'font-size': 10, fill: '#7a7064' });
  }
  for (const value of [GRAPH.cap, -GRAPH.cap]) {
    el('line', { x1: GRAPH.left, y1: g.y(value), x2: right, y2: g.y(value), stroke: '#c9bda9', 'stroke-width': 0.5, 'stroke-dasharray': '3 3' }, svg);
  }
  el('line', { x1: g.x(state.view), y1: 0, x2: g.x(state.view), y2: GRAPH.height, stroke: '#e8b93a', 'stroke-width': 1.5 }, svg);
  // Runs of consecutive known scores are joined; a gap stays a gap.
  let run = [];
  const flush = () => {
    if (run.length > 1) el('polyline', { points: run.join(' '), fill: 'none', stroke: '#2f6f8f', 'stroke-width': 1.5 }, svg);
    run = [];
  };
  state.evals.forEach((score, ply) => {
    if (!score) return flush();
    const x = g.x(ply);
    const y = g.y(graphValue(score));
    run.push(`${x},${y}`);
    const dot = el('circle', { cx: x, cy: y, r: 2.5, class: 'eval', fill: '#2f6f8f', 'data-ply': ply, 'data-score': score.text }, svg);
    el('title', {}, dot).textContent = `${positionName(ply)}: ${score.text} for ${playerName('first')}`;
  });
  flush();
  $('graph-caption').textContent = `Scores for ${playerName('first')} (the first player) in every position, ` +
    'in pawns (100 cp); beyond ±10 on the dashed line, a forced win (M) on the edge.';
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
    const g = graphGeometry();
    const ply = g.ply(((event.clientX - box.left) / box.width) * g.width);
    act('view', { ply: Math.max(0, Math.min(ply, state.moves.length)) });
  });
  window.addEventListener('resize', () => state && renderGraph());
  $('typed').addEventListener('submit', async (event) => {
    event.preventDefault();
    const move = $('typed-move').value.trim();
    if (move && await act('move', { move })) $('typed-move').value = '';
  });
  $('load-fen').addEventListener('click', () => act('position', { game: $('game').value, fen: $('fen').value }));
  $('import-pgn').addEventListener('click', () => act('import', { pgn: $('pgn').value, index: Number($('pgn-index').value) || 1 }));
  $('export-pgn').addEventListener('click', async () => {
    const pgn = await transport.pgn();
    if (pgn === null) return;
    $('pgn').value = pgn;
    const link = $('download-pgn');
    link.href = URL.createObjectURL(new Blob([pgn], { type: 'application/x-chess-pgn' }));
    link.hidden = false;
  });
}

// The one place the transport is chosen: the static site's copy of the
// page is marked data-transport="page" (crates/web/build.sh marks it) and
// holds the board itself; `ludus gui` serves the page unmarked.
async function start() {
  wire();
  if (document.documentElement.dataset.transport === 'page') {
    try {
      const { pageTransport } = await import('./page.js');
      transport = await pageTransport();
    } catch (e) {
      showError(`the board could not start in this page (${e.message || e})`);
      return;
    }
  } else {
    transport = serverTransport();
  }
  transport.watch(setState);
}

start();
