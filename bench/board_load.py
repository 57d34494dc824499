#!/usr/bin/env python3
"""Opens the board in headless Chromium, each time in a fresh profile (an
empty cache), and prints how long the page takes: its document parsed
(DOMContentLoaded), loaded (the load event), the board drawn, and the
engine ready to play (its name shown: in the static site the WebAssembly
module compiled and its worker started). Also the bytes the page fetched.
Times are from the start of the navigation, in milliseconds, as the page's
own clock (performance.now()) reads them.

Serves the static site with `python3 -m http.server` on loopback (or opens
the address given with --url, e.g. a running `ludus gui --no-open`) and
drives Chromium through chromedriver's WebDriver HTTP API, like
bench/web_bench.py.

usage: bench/board_load.py [--site target/site | --url http://127.0.0.1:PORT/] [--runs 5]
       (build the site first: crates/web/build.sh target/site)
"""

import argparse
import statistics
import subprocess
import sys
import tempfile

from web_bench import free_port, wait_listening, webdriver

# Waits in the page until the board is drawn and the engine named, then
# answers the page's timings and the bytes it fetched.
MEASURE = """
const done = arguments[arguments.length - 1];
const marks = {};
const poll = () => {
  const now = performance.now();
  if (!marks.board && document.querySelector('#board [data-cell]')) marks.board = now;
  const name = document.getElementById('engine-name')?.textContent || '';
  if (!marks.engine && name.startsWith('engine: ') && !name.includes('starting')) marks.engine = now;
  if (marks.board && marks.engine && document.readyState === 'complete') {
    const nav = performance.getEntriesByType('navigation')[0];
    const resources = performance.getEntriesByType('resource');
    done({ dom: nav.domContentLoadedEventEnd, load: nav.loadEventEnd,
           board: marks.board, engine: marks.engine,
           bytes: nav.transferSize + resources.reduce((sum, r) => sum + r.transferSize, 0),
           files: resources.length + 1 });
  } else {
    setTimeout(poll, 5);
  }
};
poll();
"""

FIELDS = ["dom", "load", "board", "engine"]


def measure(driver_port, url):
    profile = tempfile.mkdtemp(prefix="ludus-board-load-")
    session = webdriver(driver_port, "POST", "/session", {"capabilities": {"alwaysMatch": {
        "pageLoadStrategy": "eager",
        "timeouts": {"script": 120000},
        "goog:chromeOptions": {"args": ["--headless", "--no-sandbox", "--disable-gpu",
                                        "--window-size=1280,800",
                                        f"--user-data-dir={profile}"]}}}})["sessionId"]
    base = f"/session/{session}"
    try:
        webdriver(driver_port, "POST", f"{base}/url", {"url": url})
        return webdriver(driver_port, "POST", f"{base}/execute/async",
                         {"script": MEASURE, "args": []})
    finally:
        webdriver(driver_port, "DELETE", base)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", default="target/site")
    parser.add_argument("--url", help="a board to open instead of serving --site")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    driver_port = free_port()
    children = [subprocess.Popen(["chromedriver", f"--port={driver_port}"],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        url = args.url
        if url is None:
            site_port = free_port()
            children.append(subprocess.Popen(
                [sys.executable, "-m", "http.server", str(site_port), "--bind", "127.0.0.1",
                 "--directory", args.site],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
            wait_listening(site_port)
            url = f"http://127.0.0.1:{site_port}/"
        wait_listening(driver_port)
        runs = [measure(driver_port, url) for _ in range(args.runs)]
        print(f"{url}: {args.runs} loads, fresh profile each, times in ms from navigation start")
        for run in runs:
            print("  " + "  ".join(f"{f} {run[f]:7.0f}" for f in FIELDS)
                  + f"  {run['bytes']} bytes in {run['files']} files")
        print("median " + "  ".join(f"{f} {statistics.median(r[f] for r in runs):7.0f}"
                                    for f in FIELDS))
    finally:
        for child in children:
            child.terminate()


if __name__ == "__main__":
    main()
