#!/usr/bin/env bash
# A fake engine for tests/arena/matches/failures.rs: cannot start, as
# `python3 -m ludus.bot` outside its virtual environment cannot; says why on
# stderr and exits before the handshake.
echo "Traceback (most recent call last):" >&2
echo "  File \"<frozen runpy>\", line 189, in _run_module_as_main" >&2
echo "ModuleNotFoundError: No module named 'ludus'" >&2
exit 1
