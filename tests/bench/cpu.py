#!/usr/bin/env python3
"""The processor time of a command and of everything it starts: cpu.py COMMAND [ARGS...].

The command runs as a child of a subreaper (prctl PR_SET_CHILD_SUBREAPER), so the processes its children leave
behind (Chromium's zygote and renderers, a server a test starts) are re-parented here and reaped, and their time is
counted with the rest; /usr/bin/time misses them. Prints "cpu: wall W user U sys S rc RC" (seconds) on standard
error and exits with the command's code. How the tests' times in docs/measurements.md were taken (2026-11-27)."""
import ctypes
import os
import resource
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
if len(sys.argv) < 2:
    sys.exit("usage: cpu.py COMMAND [ARGS...]")
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
started = time.monotonic()
rc = subprocess.Popen(sys.argv[1:]).wait()
while True:  # the orphans re-parented here, until none is left
    try:
        os.wait()
    except ChildProcessError:
        break
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(f"cpu: wall {time.monotonic() - started:.1f} user {r.ru_utime:.1f} sys {r.ru_stime:.1f} rc {rc}", file=sys.stderr)
sys.exit(rc)
