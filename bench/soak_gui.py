#!/usr/bin/env python3
"""Soak run of `ludus gui` (issue 59): many board pages over HTTP, their
engines killed under them, and pages left to close, while the server's
memory (RSS), open file descriptors and engine processes are sampled.

1. Busy (--busy seconds): 16 pages (the board's limit) each play the
   engine against itself at a small node limit in a random game, start new
   games, take moves back, turn the analysis on and off; every second or so
   a random engine process of the server is killed (SIGKILL), and the page
   must get a new one when it asks for its next search.
2. Closed: the pages stop asking. The board has no request to close a page:
   a page's session ends after 15 minutes without a request (IDLE_LIMIT in
   crates/board/src/session.rs), when the next page opens. After that wait
   16 new pages open: the old ones' engines must be gone and the server
   back to its level.
3. Busy again (--busy seconds) with the new pages.

The server's RSS, descriptors and engine processes are printed at the end
of each phase; RSS must stay within 20 % and 8 MiB of the first phase's,
descriptors within 8, and no more engines than pages may run. Exits 1
otherwise.

usage: bench/soak_gui.py [--ludus target/release/ludus] [--busy 240]
       [--idle 930] (the idle wait: IDLE_LIMIT and a margin)
"""

import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import time

PAGES = 16
GAMES = ["alak", "wyke", "wyke6", "pylyx", "pylyx10", "wyx"]


class Board:
    def __init__(self, ludus):
        self.process = subprocess.Popen(
            [ludus, "gui", "--port", "0", "--no-open"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        line = self.process.stdout.readline().strip()
        self.address = line.removeprefix("ludus gui: ").rstrip("/").removeprefix("http://")
        self.host, port = self.address.split(":")
        self.port = int(port)

    def request(self, method, path, session=None, body=None):
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        headers = {"Host": self.address, "Origin": f"http://{self.address}"}
        if session:
            headers["X-Ludus-Session"] = session
        data = None
        if body is not None:
            data = json.dumps(body)
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=data, headers=headers)
        response = connection.getresponse()
        text = response.read().decode()
        connection.close()
        return response.status, text

    def open_page(self):
        status, text = self.request("POST", "/api/session")
        return json.loads(text)["session"] if status == 200 else None

    def engines(self):
        out = subprocess.run(
            ["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True
        ).stdout
        return [int(pid) for pid in out.split()]

    def measure(self):
        pid = self.process.pid
        with open(f"/proc/{pid}/status") as status:
            rss = next(int(l.split()[1]) for l in status if l.startswith("VmRSS:"))
        return rss, len(os.listdir(f"/proc/{pid}/fd")), len(self.engines())


def play(board, pages, seconds, rng, counts):
    """Keeps `pages` busy for `seconds`, killing engines under them."""
    for page in pages:
        game = rng.choice(GAMES)
        board.request("POST", "/api/new", page, {"game": game})
        strength = {"kind": "nodes", "value": 500}
        board.request("POST", "/api/engine", page, {"plays": "both", "strength": strength})
    end = time.time() + seconds
    next_kill = time.time() + 1
    while time.time() < end:
        page = rng.choice(pages)
        action = rng.random()
        if action < 0.5:
            status, _ = board.request("GET", "/api/state", page)
        elif action < 0.65:
            status, _ = board.request("POST", "/api/new", page, {"game": rng.choice(GAMES)})
        elif action < 0.75:
            status, _ = board.request("POST", "/api/takeback", page, {})
        elif action < 0.85:
            status, _ = board.request("POST", "/api/analyse", page, {"on": rng.random() < 0.5})
        else:
            plays = rng.choice(["both", "first", "second"])
            status, _ = board.request("POST", "/api/engine", page, {"plays": plays})
        counts[status] = counts.get(status, 0) + 1
        if status >= 500 or status == 410:
            raise SystemExit(f"the board answered {status}")
        if time.time() >= next_kill:
            engines = board.engines()
            if engines:
                os.kill(rng.choice(engines), signal.SIGKILL)
                counts["killed"] = counts.get("killed", 0) + 1
            next_kill = time.time() + 0.5 + rng.random()
        time.sleep(0.01)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ludus", default="target/release/ludus")
    parser.add_argument("--busy", type=float, default=240)
    parser.add_argument("--idle", type=float, default=930)
    args = parser.parse_args()
    rng = random.Random(59)
    board = Board(args.ludus)
    counts = {}
    problems = []
    try:
        pages = [board.open_page() for _ in range(PAGES)]
        if None in pages or board.open_page() is not None:
            problems.append("the board did not open exactly 16 pages")
        play(board, pages, args.busy, rng, counts)
        first = board.measure()
        print(f"busy, {PAGES} pages: RSS {first[0]} KiB, fds {first[1]}, engines {first[2]}")
        time.sleep(args.idle)
        idle = board.measure()
        print(f"after {args.idle:.0f} s unasked: RSS {idle[0]} KiB, fds {idle[1]}, engines {idle[2]}")
        new_pages = [board.open_page() for _ in range(PAGES)]
        if None in new_pages:
            problems.append("the idle pages were not closed for new ones")
            new_pages = [p for p in new_pages if p]
        time.sleep(2)
        reopened = board.measure()
        print(
            f"16 new pages: RSS {reopened[0]} KiB, fds {reopened[1]}, engines {reopened[2]}"
        )
        status, _ = board.request("GET", "/api/state", pages[0])
        if status != 410:
            problems.append(f"a closed page answered {status}, not 410")
        if new_pages:
            play(board, new_pages, args.busy, rng, counts)
        last = board.measure()
        print(f"busy again: RSS {last[0]} KiB, fds {last[1]}, engines {last[2]}")
        print("requests by status, and engines killed:", counts)
        for name, value in [("after reopening", reopened), ("at the end", last)]:
            if value[0] > first[0] * 1.2 + 8192:
                problems.append(f"RSS grew {name}: {first[0]} -> {value[0]} KiB")
            if value[1] > first[1] + 8:
                problems.append(f"descriptors grew {name}: {first[1]} -> {value[1]}")
            if value[2] > PAGES:
                problems.append(f"{value[2]} engines for {PAGES} pages {name}")
    finally:
        board.process.kill()
    if problems:
        print("PROBLEMS:", *problems, sep="\n  ")
        sys.exit(1)
    print("all checks passed")


if __name__ == "__main__":
    main()
