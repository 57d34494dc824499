// The page's state: the board's last state (as the server or the page's
// own board sent it), the transport that reaches the board, and the calls
// every part of the page makes: actions (which change the board and
// answer its new state) and queries (which change nothing). Each part of
// the page draws itself from the state in its own module.

export const $ = (id) => document.getElementById(id);

export const page = {
  // The board's state (view.rs's JSON).
  state: null,
  // When it arrived (the clocks count down from there).
  receivedAt: 0,
  // The transport (transport.js or the static site's page.js).
  transport: null,
  // The board turned around.
  flipped: false,
};

const renderers = [];

// Adds `render(state, moved)` to what runs at every new state; `moved`
// says whether the position, the game or the engine's side changed.
export function onState(render) {
  renderers.push(render);
}

export function showError(message) {
  $('error').textContent = message;
  $('error').hidden = false;
}

export function hideError() {
  $('error').hidden = true;
}

// Takes in a state from the board (an older one is dropped).
export function setState(next) {
  const old = page.state;
  if (old && next.version < old.version) return;
  const moved = !old || old.fen !== next.fen || old.view !== next.view ||
    old.moves.length !== next.moves.length || old.plays !== next.plays || old.game !== next.game ||
    old.turn !== next.turn;
  page.state = next;
  page.receivedAt = performance.now();
  for (const render of renderers) render(next, moved, old);
}

// An action or a query through the transport: its answer, or null once
// the error is shown.
export async function call(action, args) {
  if (!page.transport) return null;
  const data = await page.transport.call(action, args);
  if (!data) return null;
  if (data.error) {
    showError(data.error);
    return null;
  }
  return data;
}

// An action: the board's new state is drawn; null (the error shown) when
// the board refused it.
export async function act(action, args) {
  const data = await call(action, args);
  if (data) {
    hideError();
    setState(data);
  }
  return data;
}

// A query (follow, explain, lesson, exercise): its answer, or null.
export async function query(name, args) {
  return call(name, args);
}

// The name of a player ('first' or 'second') in the game on the board.
export function playerName(side, look) {
  const names = (look || page.state.look).players;
  return side === 'first' ? names[0] : names[1];
}

// The number of move `index` (from 0) as a game record writes it: the
// first player's moves open a number (`12.`), the second's follow it
// (`12…`); a game whose first move is the second player's starts at `1…`.
export function moveLabel(index) {
  const movers = page.state.movers;
  const base = movers[0] === 'second' ? 1 : 0;
  let firsts = 0;
  for (let k = 0; k <= index; k++) if (movers[k] === 'first') firsts += 1;
  const number = Math.max(firsts + base, 1);
  return movers[index] === 'first' ? `${number}.` : `${number}…`;
}

// "the start position", "the position after 12… 8-7".
export function positionName(ply) {
  if (ply === 0) return 'the start position';
  return `the position after ${moveLabel(ply - 1)} ${page.state.moves[ply - 1]}`;
}

// Whether a person may move in the position shown.
export function humanMayMove() {
  const state = page.state;
  return state && ['you', 'people', 'review', 'retry'].includes(state.turn);
}

// A status's result in words: "x wins (o has fewer than 2 pieces)".
export function resultText(status) {
  if (status.result === 'ongoing') return '';
  const head = status.result === 'draw' ? 'Draw' : `${playerName(status.result)} wins`;
  return `${head} (${status.reason})`;
}

// Inline Markdown of a lesson (**bold**, *emphasis*, `code`) as nodes,
// never as HTML.
export function inline(parent, markdown) {
  const pattern = /(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g;
  let last = 0;
  for (const match of markdown.matchAll(pattern)) {
    parent.append(markdown.slice(last, match.index));
    const token = match[0];
    const [tag, body] = token.startsWith('**') ? ['strong', token.slice(2, -2)]
      : token.startsWith('`') ? ['code', token.slice(1, -1)] : ['em', token.slice(1, -1)];
    const node = document.createElement(tag);
    node.textContent = body;
    parent.append(node);
    last = match.index + token.length;
  }
  parent.append(markdown.slice(last));
  return parent;
}
