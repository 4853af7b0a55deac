#!/usr/bin/env python3
"""Interleaved timing of commands (a benchmark, never a test): each round runs every command once, in order;
prints each run's wall time and CPU time (user + sys of the child, from wait4) and the medians.
Usage: python3 tests/bench/interleaved.py ROUNDS 'label=command ...' 'label=command ...' ...
(each command split by the shell's rules, standard output discarded)."""
import os
import shlex
import statistics
import sys
import time


def run(argv):
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        fd = os.open(os.devnull, os.O_WRONLY)
        os.dup2(fd, 1)
        os.execvp(argv[0], argv)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {shlex.join(argv)}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main():
    rounds = int(sys.argv[1])
    commands = [(spec.split("=", 1)[0], shlex.split(spec.split("=", 1)[1])) for spec in sys.argv[2:]]
    results = {label: [] for label, _ in commands}
    for r in range(rounds):
        for label, argv in commands:
            wall, cpu, rss = run(argv)
            results[label].append((wall, cpu, rss))
            print(f"round {r + 1} {label}: wall {wall * 1000:.1f} ms, cpu {cpu * 1000:.1f} ms, peak {rss / 1024:.0f} MB",
                  flush=True)
    base = commands[-1][0]
    for label, _ in commands:
        wall = statistics.median(x[0] for x in results[label])
        cpu = statistics.median(x[1] for x in results[label])
        line = f"median {label}: wall {wall * 1000:.1f} ms, cpu {cpu * 1000:.1f} ms"
        if label != base:
            bw = statistics.median(x[0] for x in results[base])
            bc = statistics.median(x[1] for x in results[base])
            line += f" ({wall / bw:.2f}x / {cpu / bc:.2f}x {base})"
        print(line)


main()
