// Keep and share a game: the address always holds the game on the board
// (`#game=…&moves=…`, with `fen=…` for a start position of one's own or
// `seed=…` for a shuffled start, and `ply=…` for an earlier position), so
// a link opens the same position on any copy of the board; the static
// site also keeps the game (and the engine's settings) in the browser's
// storage across a reload. `ludus gui` keeps a tab's board on its server.

import { $, act, onState, page } from './state.js';

const STORAGE_KEY = 'ludus-game';

// The game on the board as address parameters.
function gameParams(state) {
  const params = new URLSearchParams();
  params.set('game', state.game);
  if (state.seed !== null && state.seed !== undefined) params.set('seed', String(state.seed));
  else if (!state.standard) params.set('fen', state.start);
  if (state.moves.length > 0) params.set('moves', state.moves.join(' '));
  if (state.view < state.moves.length) params.set('ply', String(state.view));
  return params;
}

// A game read from address parameters: the `load` action's arguments and
// the ply to show, or null when they name no game.
function readParams(params) {
  const game = params.get('game');
  if (!game) return null;
  const args = { game, moves: (params.get('moves') || '').split(' ').filter((m) => m !== '') };
  if (params.has('fen')) args.fen = params.get('fen');
  else if (params.has('seed') && /^\d+$/.test(params.get('seed'))) args.seed = Number(params.get('seed'));
  const ply = params.has('ply') ? Number(params.get('ply')) : null;
  return { args, ply: Number.isInteger(ply) ? ply : null };
}

// Whether the board already shows the game `wanted` names.
function showing(state, wanted) {
  const { args } = wanted;
  return state.game === args.game && state.moves.join(' ') === args.moves.join(' ') &&
    (args.fen === undefined || state.start === args.fen) &&
    (args.seed === undefined || state.seed === args.seed);
}

async function open(wanted) {
  if (await act('load', wanted.args)) {
    if (wanted.ply !== null) await act('view', { ply: wanted.ply });
  }
}

// Opens the game of the address, or (the static site, with none) the one
// the browser kept; called once, with the board's first state.
export async function restore(inPage) {
  const state = page.state;
  const fromAddress = readParams(new URLSearchParams(location.hash.slice(1)));
  if (fromAddress) {
    if (!showing(state, fromAddress)) await open(fromAddress);
    return;
  }
  if (!inPage) return;
  let kept = null;
  try {
    kept = JSON.parse(localStorage.getItem(STORAGE_KEY) || 'null');
  } catch (e) {
    kept = null;
  }
  if (!kept || !kept.params) return;
  if (kept.engine) await act('engine', kept.engine);
  const wanted = readParams(new URLSearchParams(kept.params));
  if (wanted && !showing(page.state, wanted)) await open(wanted);
}

let restored = false;

// After the first state has been restored, the address and the storage
// follow the board.
export function startSharing() {
  restored = true;
}

onState((state) => {
  if (!restored) return;
  const params = gameParams(state).toString();
  if (location.hash.slice(1) !== params) history.replaceState(null, '', `#${params}`);
  const engine = { plays: state.plays, strength: state.strength };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ params, engine }));
  } catch (e) {
    // Storage may be off (private browsing): the address still holds the game.
  }
});

export function wireShare() {
  $('share').addEventListener('click', async () => {
    const link = location.href;
    try {
      await navigator.clipboard.writeText(link);
      $('share-note').textContent = 'The link is copied: it opens this position on any copy of the board.';
    } catch (e) {
      $('share-note').textContent = `Copy this link: ${link}`;
    }
  });
  window.addEventListener('hashchange', () => {
    const wanted = readParams(new URLSearchParams(location.hash.slice(1)));
    if (wanted && page.state && !showing(page.state, wanted)) open(wanted);
  });
}
