"""The ludus daemon on pipes, for the bench scripts (soak_daemon.py,
stop_latency.py): start it, send it lines, read up to a reply."""

import subprocess
import sys


class Daemon:
    """One engine process, talked to on its standard input and output."""

    def __init__(self, program):
        self.process = subprocess.Popen(
            [program], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    @property
    def pid(self):
        return self.process.pid

    def send(self, line):
        """Sends one protocol line."""
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def read_until(self, prefix):
        """The words of the first line that starts with `prefix`; ends the
        script if the engine closes its output before."""
        while True:
            line = self.process.stdout.readline()
            if not line:
                sys.exit("the engine closed its output")
            if line.startswith(prefix):
                return line.split()

    def wait(self, timeout):
        """Waits for the process to exit; its exit status."""
        return self.process.wait(timeout=timeout)
