// The new-game dialog: the game, the side you play, the engine's level
// (its rating in that game beside it) and a time control, then one click.

import { $, act, onState, page } from './state.js';

function chosenGame() {
  return page.state.catalog.find((game) => game.name === $('dialog-game').value) || page.state.catalog[0];
}

// The level's rating in the chosen game, or why there is none.
function renderLevel() {
  const game = chosenGame();
  const level = Number($('dialog-level').value);
  const elo = game.levels[level - 1];
  $('dialog-level').max = String(game.levels.length || 8);
  $('dialog-level-text').textContent = elo === undefined
    ? `Level ${level} (not rated in this game yet)` : `Level ${level} · ≈ ${elo} Elo`;
}

function renderChoices() {
  const game = chosenGame();
  const players = game.players || ['first', 'second'];
  $('side-first').textContent = `${players[0]} (first)`;
  $('side-second').textContent = players[1];
  $('seed-box').hidden = !game.randomStart;
  $('custom-clock').hidden = document.querySelector('input[name=clock]:checked').value !== 'custom';
  renderLevel();
}

export function openDialog() {
  const state = page.state;
  const select = $('dialog-game');
  if (select.options.length === 0) {
    for (const game of state.catalog) select.add(new Option(game.title, game.name));
  }
  select.value = state.game;
  if (state.strength.kind === 'level') $('dialog-level').value = String(state.strength.value);
  const plays = state.plays;
  for (const radio of document.querySelectorAll('input[name=side]')) radio.checked = radio.value === plays;
  if (!document.querySelector('input[name=side]:checked')) document.querySelector('input[name=side]').checked = true;
  $('dialog-note').textContent = '';
  renderChoices();
  $('new-game-dialog').showModal();
}

// The time control chosen, in milliseconds; null for none; a string
// saying what is wrong with a custom one.
function chosenClock() {
  const value = document.querySelector('input[name=clock]:checked').value;
  if (value === '') return null;
  if (value !== 'custom') {
    const [base, increment] = value.split('+').map(Number);
    return { base, increment };
  }
  const minutes = Number($('clock-minutes').value);
  const seconds = Number($('clock-increment').value);
  if (!(minutes >= 0.25 && minutes <= 180)) return 'a side has 0.25 to 180 minutes';
  if (!(Number.isInteger(seconds) && seconds >= 0 && seconds <= 60)) return 'the increment is 0 to 60 whole seconds';
  return { base: Math.round(minutes * 60000), increment: seconds * 1000 };
}

async function start(event) {
  event.preventDefault();
  const clock = chosenClock();
  if (typeof clock === 'string') {
    $('dialog-note').textContent = clock;
    return;
  }
  const plays = document.querySelector('input[name=side]:checked').value;
  const level = Number($('dialog-level').value);
  const engine = await act('engine', { plays, strength: { kind: 'level', value: level } });
  if (!engine) {
    $('dialog-note').textContent = $('error').textContent;
    return;
  }
  const seed = $('seed').value.trim();
  const args = { game: $('dialog-game').value, seed: seed === '' || $('seed-box').hidden ? null : Number(seed) };
  if (clock) args.clock = clock;
  if (await act('new', args)) $('new-game-dialog').close();
  else $('dialog-note').textContent = $('error').textContent;
}

export function wireDialog() {
  $('new-game').addEventListener('click', openDialog);
  $('dialog-game').addEventListener('change', renderChoices);
  $('dialog-level').addEventListener('input', renderLevel);
  for (const radio of document.querySelectorAll('input[name=clock]')) radio.addEventListener('change', renderChoices);
  $('new-game-form').addEventListener('submit', start);
  $('dialog-cancel').addEventListener('click', () => $('new-game-dialog').close());
}

onState(() => {
  if ($('new-game-dialog').open) renderLevel();
});
