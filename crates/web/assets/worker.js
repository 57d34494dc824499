// The engine's Web Worker: each message is a protocol line for the wasm
// engine, each line the engine writes is posted back. A `go` runs to its
// end inside engine.line(), which is why the engine lives here and not in
// the page. The message "bench" runs `ludus bench` instead and posts
// "bench <nodes> <nps>".
import init, { WebEngine, bench } from "./ludus_web.js";

const ready = init();
let engine = null;

onmessage = async ({ data }) => {
  await ready;
  try {
    if (data === "bench") {
      const [nodes, nps] = bench();
      postMessage(`bench ${nodes} ${nps}`);
      return;
    }
    engine ??= new WebEngine((line) => postMessage(line));
    engine.line(data);
  } catch (error) {
    postMessage(`info string error: ${error}`);
  }
};
