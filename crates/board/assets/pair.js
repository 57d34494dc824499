// Pair mode, for games whose rules score pairs (the state says which:
// `pairs`, `pairScoring`): two games from one start with the sides
// swapped, each player's counts added up.

import { $, act, onState, playerName } from './state.js';

// A pair's player by who they are: the engine, you, or a number when both
// are the same.
function pairPlayer(pair, index) {
  const who = pair.who[index];
  if (pair.who[0] === pair.who[1]) return `${who === 'engine' ? 'engine' : 'player'} ${index + 1}`;
  return who === 'engine' ? 'engine' : 'you';
}

function cell(row, content, className) {
  const td = document.createElement('td');
  td.textContent = content;
  if (className) td.className = className;
  row.appendChild(td);
}

function renderPair(state) {
  const scoring = state.pairScoring;
  const pair = state.pair;
  $('pair-start').hidden = !state.pairs;
  $('pair-start').textContent = pair ? 'Restart the pair' : scoring ? `Play a ${scoring.name}` : '';
  $('new-game').textContent = pair ? `New ${pair.name}` : 'New game';
  $('pair-panel').hidden = !pair;
  if (!pair) return;
  $('pair-head').textContent = `${pair.name}: game ${pair.game} of 2` +
    (pair.done ? ', over' : pair.game === 2 ? ', sides swapped' : '');
  $('pair-note').textContent = `the same start twice, sides swapped; ${pair.counted} added up, fewer wins`;
  const table = $('pair-table');
  table.replaceChildren();
  const head = table.createTHead().insertRow();
  for (const [label, className] of [['player', ''], ['game 1', 'count'], ['game 2', 'count'], ['total', 'count']]) {
    const th = document.createElement('th');
    th.textContent = label;
    th.className = className;
    head.appendChild(th);
  }
  const body = table.createTBody();
  [0, 1].forEach((index) => {
    const row = body.insertRow();
    row.setAttribute('data-test', `pair-player-${index + 1}`);
    const sides = [index === 0 ? 'first' : 'second', index === 0 ? 'second' : 'first'].map((s) => playerName(s));
    cell(row, `${pairPlayer(pair, index)} (${sides[0]}, then ${sides[1]})`);
    pair.games.forEach((game) => {
      cell(row, !game ? '–' : game.counts ? String(game.counts[index]) : '…', 'count');
    });
    cell(row, String(pair.totals[index]), 'count');
  });
  const results = body.insertRow();
  cell(results, 'result');
  pair.games.forEach((game) => {
    const words = !game ? '' : game.final.result === 'ongoing' ? 'playing'
      : game.final.result === 'draw' ? 'draw' : `${playerName(game.final.result)} wins`;
    cell(results, words, 'count');
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

export function wirePair() {
  $('pair-start').addEventListener('click', () => act('pair', { on: true }));
  $('pair-leave').addEventListener('click', () => act('pair', { on: false }));
  $('pair-option').addEventListener('change', () => act('engine', { pairOption: $('pair-option').checked }));
}

onState(renderPair);
