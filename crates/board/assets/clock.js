// The clocks of a game on a clock, above and below the board: each
// side's time, the running one counting down from what the board last
// said; at zero the board is asked to look (`flag`): it decides, by its
// own clock, whether that side has lost on time. A pause stops both.

import { $, act, onState, page } from './state.js';

// Milliseconds as a clock shows them: `4:05`, `1:02:03`, `0:09.4` under
// ten seconds.
export function clockText(ms) {
  const left = Math.max(0, ms);
  const tenths = Math.floor(left / 100) % 10;
  const seconds = Math.floor(left / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const pad = (n) => String(n).padStart(2, '0');
  if (h > 0) return `${h}:${pad(m)}:${pad(s)}`;
  if (seconds < 10) return `${m}:${pad(s)}.${tenths}`;
  return `${m}:${pad(s)}`;
}

// The state version the board was last asked to look at the clocks for.
let flagAsked = 0;

function timeLeft(clock, side) {
  const index = side === 'first' ? 0 : 1;
  const left = clock.left[index];
  if (clock.running !== side) return left;
  return left - (performance.now() - page.receivedAt);
}

function renderClocks() {
  const state = page.state;
  const clock = state && state.clock;
  for (const where of ['top', 'bottom']) {
    const box = $(`clock-${where}`);
    box.hidden = !clock;
    if (!clock) continue;
    const side = $(`player-${where}`).dataset.side;
    const left = timeLeft(clock, side);
    box.textContent = clockText(left);
    box.dataset.side = side;
    box.dataset.ms = String(Math.max(0, Math.round(left)));
    box.classList.toggle('running', clock.running === side);
    box.classList.toggle('low', left < 10000 && clock.running === side);
    box.setAttribute('aria-label', `${side} player's clock: ${clockText(left)}`);
    if (clock.running === side && left <= 0 && flagAsked !== state.version) {
      flagAsked = state.version;
      act('flag');
    }
  }
  const pause = $('pause');
  pause.hidden = !clock || (!clock.pausable && !clock.paused);
  if (clock) pause.textContent = clock.paused ? 'Go on' : 'Pause';
}

export function wireClock() {
  $('pause').addEventListener('click', () => {
    const clock = page.state.clock;
    if (clock) act('pause', { on: !clock.paused });
  });
  setInterval(() => {
    if (page.state && page.state.clock && page.state.clock.running) renderClocks();
  }, 100);
}

onState(renderClocks);
