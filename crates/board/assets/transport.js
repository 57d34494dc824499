// `ludus gui`'s server as the page's transport. Each tab has a board of its
// own on the server: a session, named in a header of every request; the
// state is long-polled (/api/state answers as soon as anything changes,
// a clock running out included). The static site's transport (page.js)
// answers the same calls from the board in the page.

import { setState, showError } from './state.js';

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

export function serverTransport() {
  let session = null;
  let opening = null;
  let show = () => {};

  // A reload keeps the tab's board: the id is stored while the page goes
  // away and taken out again while it is open, so a tab duplicated from
  // an open page (which copies the stored ids) gets a board of its own.
  const SESSION_KEY = 'ludus-session';
  const takeStoredSession = () => {
    const stored = sessionStorage.getItem(SESSION_KEY);
    sessionStorage.removeItem(SESSION_KEY);
    return stored;
  };
  session = takeStoredSession();
  const restored = session !== null;
  window.addEventListener('pagehide', () => { if (session) sessionStorage.setItem(SESSION_KEY, session); });
  window.addEventListener('pageshow', takeStoredSession);

  // Opens a new board for this tab (once, however many requests ask).
  function openSession() {
    if (!opening) {
      opening = (async () => {
        for (;;) {
          try {
            const response = await fetch('/api/session', { method: 'POST' });
            const data = await response.json();
            if (response.ok) {
              session = data.session;
              show(data.state);
              return;
            }
            showError(data.error || `the board server answered ${response.status}`);
          } catch (e) {
            showError('the board server is not answering');
          }
          await sleep(2000);
        }
      })().finally(() => { opening = null; });
    }
    return opening;
  }

  // A request in this tab's session; a board the server no longer has is
  // replaced by a new one, and the page says so.
  async function send(path, options) {
    if (!session) await openSession();
    const headers = Object.assign({ 'X-Ludus-Session': session }, options && options.headers);
    const response = await fetch(path, Object.assign({}, options, { headers }));
    if (response.status === 410) {
      const data = await response.json();
      await openSession();
      showError(`${data.error}: this tab has a new board`);
      return null;
    }
    return response;
  }

  async function poll(since) {
    for (;;) {
      try {
        const response = await send('/api/state?since=' + since());
        if (!response) continue;
        if (response.ok) {
          show(await response.json());
        } else {
          showError(`the board server answered ${response.status}`);
          await sleep(1000);
        }
      } catch (e) {
        showError('the board server is not answering');
        await sleep(2000);
      }
    }
  }

  return {
    // Whether this tab took up a board it had before the reload.
    restored,
    // An action or a query: its answer, or { error }.
    async call(action, args) {
      try {
        const response = await send('/api/' + action, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(args || {}),
        });
        if (!response) return null;
        const data = await response.json();
        return response.ok || data.error ? data : { error: 'the request failed' };
      } catch (e) {
        return { error: `the board server did not answer (${e.message})` };
      }
    },
    async pgn() {
      const response = await send('/api/pgn');
      return response ? response.text() : null;
    },
    // Calls `callback` with every new state, the first as soon as there is one.
    watch(callback, since) {
      show = callback;
      poll(since);
    },
  };
}

// The transport's states go to the page.
export function follow(transport, since) {
  transport.watch(setState, since);
}
