// The review of a game: one click asks the engine to search every
// position (`review`); the board judges each move as `ludus analyse`
// does and the page shows the marks (on the moves and the graph), each
// player's summary, and "try again" on each mistake: the position before
// it comes back, and the board says whether the new move keeps the value.

import { showPane } from './panel.js';
import { $, act, moveLabel, onState, page, playerName } from './state.js';

function summaryTable(review) {
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  const labels = [['player', ''], ['inaccuracies', '?!'], ['mistakes', '?'], ['blunders', '??'], ['average loss', 'loss']];
  for (const [words, short] of labels) {
    const th = document.createElement('th');
    th.scope = 'col';
    const abbr = document.createElement('abbr');
    abbr.title = words;
    abbr.textContent = short || words;
    th.appendChild(short ? abbr : document.createTextNode(words));
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const player of review.summary) {
    const row = body.insertRow();
    row.dataset.player = player.player;
    const cells = [player.name, player.inaccuracies, player.mistakes, player.blunders,
      player.averageLoss === null ? '–' : player.averageLoss.toFixed(3)];
    cells.forEach((value, i) => {
      const cell = i === 0 ? document.createElement('th') : document.createElement('td');
      if (i === 0) cell.scope = 'row';
      cell.textContent = String(value);
      row.appendChild(cell);
    });
  }
  return table;
}

// The marked moves, worst first in game order, each with "try again".
function mistakesList(state, review) {
  const list = document.createElement('ul');
  list.className = 'mistakes';
  review.moves.forEach((judged, ply) => {
    if (!judged || !judged.mark || judged.mark === 'inaccuracy') return;
    const item = document.createElement('li');
    item.dataset.ply = ply + 1;
    const words = document.createElement('span');
    words.textContent = `${moveLabel(ply)} ${state.moves[ply]}${judged.symbol} ${judged.mark}, loses ${judged.loss.toFixed(3)} (best ${judged.best})`;
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Try again';
    button.dataset.test = 'retry';
    button.setAttribute('aria-label', `Try ${moveLabel(ply)} ${state.moves[ply]} again`);
    button.addEventListener('click', () => act('retry', { ply: ply + 1 }));
    item.append(words, button);
    list.appendChild(item);
  });
  return list;
}

function renderRetry(state, review) {
  const box = $('retry');
  const retry = review && review.retry;
  box.hidden = !retry;
  if (!retry) return;
  box.replaceChildren();
  const index = retry.move - 1;
  const head = document.createElement('p');
  head.textContent = `Find a better move for ${playerName(state.movers[index])} than ${moveLabel(index)} ${state.moves[index]}: play it on the board.`;
  const result = document.createElement('p');
  result.dataset.test = 'retry-result';
  result.className = 'small';
  const tried = retry.tried;
  if (tried && tried.searching) result.textContent = `${tried.move}: the engine looks at it…`;
  else if (tried) {
    result.textContent = tried.text;
    result.dataset.keeps = String(tried.keeps);
    result.className = tried.keeps ? 'answer solved' : 'answer wrong';
  }
  const back = document.createElement('button');
  back.type = 'button';
  back.textContent = 'Back to the game';
  back.addEventListener('click', () => act('retry', { ply: null }).then(() => act('view', { ply: page.state.moves.length })));
  box.append(head, result, back);
}

function renderReview(state) {
  const review = state.review;
  const box = $('review');
  box.replaceChildren();
  $('review-start').hidden = Boolean(review);
  $('review-stop').hidden = !review;
  $('review-start').disabled = state.moves.length === 0;
  if (!review) {
    $('review-progress').textContent = state.moves.length === 0 ? 'Play some moves first.'
      : 'The engine searches every position of the game and marks the moves that lose.';
    renderRetry(state, review);
    return;
  }
  $('review-progress').textContent = review.running
    ? `Reviewing: ${review.searched} of ${review.total} positions…`
    : `Reviewed: ${review.total} positions, ${review.movetime} ms each.`;
  box.dataset.done = String(!review.running);
  box.appendChild(summaryTable(review));
  if (!review.running) box.appendChild(mistakesList(state, review));
  renderRetry(state, review);
}

export function wireReview() {
  $('review-start').addEventListener('click', async () => {
    if (await act('review', { on: true })) showPane('review');
  });
  $('review-stop').addEventListener('click', () => act('review', { on: false }));
}

onState(renderReview);
