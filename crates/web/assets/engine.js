// The in-page engine as the page sees it: protocol lines in (send), lines
// out (the onLine callback), like the engine process of `ludus gui`. It
// runs in a Web Worker (worker.js). The worker cannot read `stop` while a
// search runs (there are no threads in the browser), so `stop` ends the
// worker: the page answers `bestmove` with the first move of the last line
// the search reported, and a fresh worker is told the dialect, the options
// and the position again (its hash table starts empty; what it answers to
// them is not passed on).
export class PageEngine {
  constructor(onLine) {
    this.onLine = onLine;
    this.options = new Map(); // setoption lines by option name, replayed
    this.position = null; // the last position line, replayed
    this.hello = null; // the last `uci` or `ugi`, replayed (the dialect)
    this.start();
  }

  start() {
    this.worker = new Worker(new URL("worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = ({ data }) => this.receive(data);
    this.searching = false;
    this.lastMove = null;
    this.replaying = false;
  }

  receive(line) {
    if (this.replaying) {
      this.replaying = line !== "readyok";
      return;
    }
    if (line.startsWith("bestmove")) this.searching = false;
    const pv = / pv (\S+)/.exec(line);
    if (line.startsWith("info") && pv) this.lastMove = pv[1];
    this.onLine(line);
  }

  send(line) {
    const words = line.trim().split(/\s+/);
    if (words[0] === "stop") return this.stop();
    if (words[0] === "go") [this.searching, this.lastMove] = [true, null];
    if (words[0] === "position") this.position = line;
    if (words[0] === "uci" || words[0] === "ugi") this.hello = line;
    if (words[0] === "setoption") this.options.set(/name (.*?)( value |$)/.exec(line)?.[1], line);
    this.worker.postMessage(line);
  }

  stop() {
    if (!this.searching) return;
    this.worker.terminate();
    const answer = `bestmove ${this.lastMove ?? "(none)"}`;
    this.start();
    if (this.hello) this.worker.postMessage(this.hello);
    for (const line of this.options.values()) this.worker.postMessage(line);
    if (this.position) this.worker.postMessage(this.position);
    // Everything the worker says up to this `readyok` answers the replay.
    this.worker.postMessage("isready");
    this.replaying = true;
    this.onLine(answer);
  }
}
