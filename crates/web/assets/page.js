// The board of the static site: the board's page (app.js) talks to this
// instead of `ludus gui`'s server. The state and its actions are the
// board's own Rust code compiled to WebAssembly (WebBoard); the engine is
// the in-page engine of engine.js, a Web Worker, which gets the same
// protocol lines a `ludus gui` engine process gets.
import init, { WebBoard } from "./ludus_web.js";
import { PageEngine } from "./engine.js";

// How long engine news gathers before the page redraws (a fast search
// reports many lines a frame).
const REDRAW_MS = 40;

// The requests that change nothing (the board's queries); the others are
// actions, which answer the board's new state.
const QUERIES = new Set(["follow", "explain", "lesson", "exercise"]);

// The transport app.js uses: call(action, args) answers the action's new
// state (or the query's answer) or { error }, pgn() the game as PGN,
// watch(show) calls show with every new state.
export async function pageTransport() {
  await init();
  const board = new WebBoard();
  let show = () => {};
  let redraw = null;
  const changed = () => {
    redraw ??= setTimeout(() => {
      redraw = null;
      show(JSON.parse(board.state()));
    }, REDRAW_MS);
  };
  // Sends what the board has for the engine; a `stop` answers at once,
  // and the answer may call for more lines (the next search).
  const flush = () => {
    for (const line of board.takeLines()) engine.send(line);
  };
  const engine = new PageEngine((line) => {
    board.engineLine(line);
    flush();
    changed();
  });
  flush();
  return {
    async call(action, args) {
      const json = JSON.stringify(args || {});
      try {
        const reply = QUERIES.has(action) ? board.query(action, json) : board.act(action, json);
        flush();
        return JSON.parse(reply);
      } catch (error) {
        return { error: String(error) };
      }
    },
    async pgn() {
      return board.pgn();
    },
    watch(callback) {
      show = callback;
      show(JSON.parse(board.state()));
    },
  };
}
