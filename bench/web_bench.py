#!/usr/bin/env python3
"""Runs `ludus bench` inside headless Chromium: the static site's Bench
button (its worker runs the bench compiled to WebAssembly) and prints the
nodes and nodes per second it reports, to compare with the native
`target/release/ludus bench` on the same machine (bench/notes/browser.md).

Serves the site with `python3 -m http.server` on loopback and drives
Chromium through chromedriver's WebDriver HTTP API (no other dependency).

usage: bench/web_bench.py [--site target/site]   (build it first:
       crates/web/build.sh target/site)
"""

import argparse
import json
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_listening(port):
    for _ in range(600):
        try:
            socket.create_connection(("127.0.0.1", port)).close()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"nothing listens on port {port}")


def webdriver(port, method, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data, method=method,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)["value"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", default="target/site")
    args = parser.parse_args()
    site_port, driver_port = free_port(), free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(site_port), "--bind",
                               "127.0.0.1", "--directory", args.site],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    driver = subprocess.Popen(["chromedriver", f"--port={driver_port}"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_listening(site_port)
        wait_listening(driver_port)
        profile = tempfile.mkdtemp(prefix="ludus-web-bench-")
        session = webdriver(driver_port, "POST", "/session", {"capabilities": {"alwaysMatch": {
            "goog:chromeOptions": {"args": ["--headless", "--no-sandbox", "--disable-gpu",
                                            f"--user-data-dir={profile}"]}}}})["sessionId"]
        base = f"/session/{session}"
        webdriver(driver_port, "POST", f"{base}/url",
                  {"url": f"http://127.0.0.1:{site_port}/console.html"})
        webdriver(driver_port, "POST", f"{base}/execute/sync",
                  {"script": "document.getElementById('bench').click()", "args": []})
        while True:
            time.sleep(2)
            log = webdriver(driver_port, "POST", f"{base}/execute/sync",
                            {"script": "return document.getElementById('log').textContent",
                             "args": []})
            found = [line for line in log.splitlines() if line.startswith(("bench ", "info"))]
            if found:
                break
        webdriver(driver_port, "DELETE", base)
        print(found[0])
        words = found[0].split()
        if words[0] == "bench":
            print(f"Nodes searched  : {words[1]}\nNodes/second    : {words[2]}")
    finally:
        driver.terminate()
        server.terminate()


if __name__ == "__main__":
    main()
