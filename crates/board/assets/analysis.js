// The engine's lines for the position shown, and the evaluation graph
// over the game (with the review's marks).

import { el, text } from './draw.js';
import { appendMoves } from './panel.js';
import { $, act, onState, page, playerName, positionName } from './state.js';

// What a search is for, in words.
const PURPOSES = {
  move: "the engine's search for its move in",
  analyse: 'analysis of',
  review: 'the review of',
  retry: 'the review of the move tried in',
};

// The analysis panel shows only the search of the position shown (the
// board keeps no other), and says which position that is.
function renderAnalysis(state) {
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
  head.textContent = `${PURPOSES[search.purpose]} ${positionName(search.ply)} (${whose} to move, scores for ${whose})` +
    (search.running ? '' : ', finished');
  if (search.proven) {
    // The engine proved the root's value (a solved table or a proof).
    const proven = document.createElement('div');
    proven.className = 'proven';
    proven.dataset.test = 'proven';
    proven.textContent = `proven ${search.proven} for ${whose}`;
    box.appendChild(proven);
  }
  for (const line of search.lines) {
    const row = document.createElement('div');
    row.className = 'line';
    const score = document.createElement('span');
    score.className = 'score';
    score.textContent = line.score.text;
    const depth = document.createElement('span');
    depth.className = 'depth';
    depth.textContent = `depth ${line.depth}`;
    const pv = document.createElement('span');
    pv.className = 'pv';
    appendMoves(pv, line.pv);
    row.append(score, depth, pv);
    box.appendChild(row);
  }
  if (search.lines.length === 0) box.append('…');
}

// The evaluation graph: one score per position, always from the first
// player's side (up: good for the first player), in pawns (100 cp),
// capped at ±10; a forced win sits on its own band beyond the cap.
const GRAPH = { height: 120, left: 30, right: 6, pad: 8, cap: 10, mate: 12.5 };
const MARK_COLOURS = { inaccuracy: '#2f7d5b', mistake: '#c06a00', blunder: '#c0392b' };

function graphValue(score) {
  if (score.mate !== undefined) return Math.sign(score.mate || 1) * GRAPH.mate;
  return Math.max(-GRAPH.cap, Math.min(GRAPH.cap, score.cp / 100));
}

function graphGeometry(state) {
  const width = Math.max($('graph').clientWidth, 200);
  const count = Math.max(state.evals.length - 1, 1);
  const plot = width - GRAPH.left - GRAPH.right;
  const half = GRAPH.height / 2 - GRAPH.pad;
  return {
    width,
    x: (ply) => GRAPH.left + (ply / count) * plot,
    y: (value) => GRAPH.height / 2 - (value / GRAPH.mate) * half,
    ply: (x) => Math.round(((x - GRAPH.left) / plot) * count),
  };
}

function renderGraph(state) {
  const svg = $('graph');
  svg.replaceChildren();
  const g = graphGeometry(state);
  svg.setAttribute('viewBox', `0 0 ${g.width} ${GRAPH.height}`);
  const right = g.width - GRAPH.right;
  const axis = [[GRAPH.mate, '+M'], [5, '+5'], [0, '0'], [-5, '−5'], [-GRAPH.mate, '−M']];
  for (const [value, label] of axis) {
    const line = el('line', { x1: GRAPH.left, y1: g.y(value), x2: right, y2: g.y(value), stroke: value === 0 ? '#9c907c' : '#8c826f', 'stroke-opacity': value === 0 ? 1 : 0.35, 'stroke-width': value === 0 ? 1 : 0.5 }, svg);
    if (value === 0) line.id = 'graph-zero';
    text(svg, GRAPH.left - 4, g.y(value), label, { class: 'axis', 'text-anchor': 'end', 'font-size': 10 });
  }
  for (const value of [GRAPH.cap, -GRAPH.cap]) {
    el('line', { x1: GRAPH.left, y1: g.y(value), x2: right, y2: g.y(value), stroke: '#8c826f', 'stroke-width': 0.5, 'stroke-dasharray': '3 3' }, svg);
  }
  el('line', { x1: g.x(state.view), y1: 0, x2: g.x(state.view), y2: GRAPH.height, stroke: '#e8b93a', 'stroke-width': 1.5 }, svg);
  // Runs of consecutive known scores are joined; a gap stays a gap.
  let run = [];
  const flush = () => {
    if (run.length > 1) el('polyline', { points: run.join(' '), fill: 'none', stroke: '#4a8db0', 'stroke-width': 1.5 }, svg);
    run = [];
  };
  const marks = state.review ? state.review.moves : [];
  state.evals.forEach((score, ply) => {
    if (!score) return flush();
    const x = g.x(ply);
    const y = g.y(graphValue(score));
    run.push(`${x},${y}`);
    // A move's mark sits on the position it led to.
    const mark = ply > 0 && marks[ply - 1] && marks[ply - 1].mark;
    const dot = el('circle', { cx: x, cy: y, r: mark ? 4.5 : 2.5, class: mark ? `eval marked mark-${mark}` : 'eval', fill: mark ? MARK_COLOURS[mark] : '#4a8db0', 'data-ply': ply, 'data-score': score.text }, svg);
    if (mark) dot.setAttribute('data-mark', mark);
    el('title', {}, dot).textContent = `${positionName(ply)}: ${score.text} for ${playerName('first')}` + (mark ? ` (${mark})` : '');
  });
  flush();
  $('graph-caption').textContent = `Scores for ${playerName('first')} (the first player) in every position, ` +
    'in pawns (100 cp); beyond ±10 on the dashed line, a forced win (M) on the edge.';
}

export function wireAnalysis() {
  $('graph').addEventListener('click', (event) => {
    const state = page.state;
    const box = $('graph').getBoundingClientRect();
    const g = graphGeometry(state);
    const ply = g.ply(((event.clientX - box.left) / box.width) * g.width);
    act('view', { ply: Math.max(0, Math.min(ply, state.moves.length)) });
  });
  window.addEventListener('resize', () => page.state && renderGraph(page.state));
}

onState((state) => {
  renderAnalysis(state);
  renderGraph(state);
});
