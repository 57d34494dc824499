// The board's page: its parts each draw themselves from the board's state
// (state.js) and send its actions; the board itself lives either on
// `ludus gui`'s server or in the page (the static site, crates/web): a
// transport hides which, and one place below (`start`) chooses it.

import { wireAnalysis } from './analysis.js';
import './board.js';
import { wireClock } from './clock.js';
import { wireDialog } from './dialog.js';
import { wireLesson } from './lesson.js';
import { wirePair } from './pair.js';
import { wirePanel } from './panel.js';
import { wireReview } from './review.js';
import { restore, startSharing, wireShare } from './share.js';
import { page, setState, showError } from './state.js';
import { serverTransport } from './transport.js';

// The board's state as the page last drew it, for tests and the curious
// (the browser's console).
window.ludusState = () => page.state;

function wire() {
  wirePanel();
  wireAnalysis();
  wirePair();
  wireClock();
  wireReview();
  wireDialog();
  wireLesson();
  wireShare();
}

// The one place the transport is chosen: the static site's copy of the
// page is marked data-transport="page" (crates/web/build.sh marks it) and
// holds the board itself; `ludus gui` serves the page unmarked.
// Settled once the page has loaded.
const loaded = new Promise((done) => {
  if (document.readyState === 'complete') done();
  else window.addEventListener('load', done, { once: true });
});

async function start() {
  wire();
  const inPage = document.documentElement.dataset.transport === 'page';
  if (inPage) {
    try {
      const { pageTransport } = await import('./page.js');
      page.transport = await pageTransport();
    } catch (e) {
      showError(`the board could not start in this page (${e.message || e})`);
      return;
    }
  } else {
    page.transport = serverTransport();
  }
  let first = true;
  page.transport.watch(async (state) => {
    setState(state);
    if (first) {
      first = false;
      // The address changes only once the page has loaded: a change while
      // it loads reads to some browsers' tools as a navigation under way.
      await loaded;
      await restore(inPage);
      startSharing();
      setState(page.state);
    }
  }, () => (page.state ? page.state.version : 0));
}

start();
