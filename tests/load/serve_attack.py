"""`marque serve` attacked from outside (issue 30), on loopback only, bounded in count and time. One part per run:

  serve_attack.py MARQUE host     only its own Host: another name gets 421, the machine's names and addresses pass
  serve_attack.py MARQUE guess    the write code cannot be guessed: waits per network and for everyone, checked
                                  before the code is; the terminal shows the wrong codes; 8 digits by default
  serve_attack.py MARQUE memory   bounded memory per request: headers (count, size) and bodies (also chunked,
                                  also compressed) refused while reading, under `ulimit -v`
  serve_attack.py MARQUE slow     no denial of service without the code: slow connections and held event streams
  serve_attack.py MARQUE fuzz     1,500 requests mutated at random (seeded): the server lives, never answers 5xx

Every part ends with the server still serving everyone else and the database as before (`marque check`)."""
import http.client
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from serve_client import Client, Events, Server, new_key, open_stream, scratch  # noqa: E402

FAILURES = []


def check(cond, what):
    print(("ok   " if cond else "FAIL ") + what, flush=True)
    if not cond:
        FAILURES.append(what)


def stop(proc):
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        check(False, "the server stops on SIGTERM")


def tally(clients, tries, attempt):
    """Runs `attempt(client, try)` -> status from `clients` threads at once, `tries` times each: {status: count} (a
    connection the kernel refused or reset: "no connection")."""
    counts = {}
    lock = threading.Lock()

    def client(k):
        for j in range(tries):
            try:
                st = attempt(k, j)
            except OSError:
                st = "no connection"
            with lock:
                counts[st] = counts.get(st, 0) + 1
    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return counts


def status_of(answer):
    m = re.match(r"HTTP/1\.[01] (\d{3})", answer)
    return int(m.group(1)) if m else 0


def request(port, method, path, host=None, body=None, headers=None, source="127.0.0.1"):
    """One request on a new connection from `source`: (status, headers, text)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15, source_address=(source, 0))
    h = {"Host": host or f"127.0.0.1:{port}", "Origin": f"http://{host or f'127.0.0.1:{port}'}"}
    h.update(headers or {})
    try:
        conn.request(method, path, body=body, headers=h)
        r = conn.getresponse()
        return r.status, dict(r.getheaders()), r.read().decode("utf-8", "replace")
    finally:
        conn.close()


def login(port, code, source="127.0.0.1", host=None):
    return request(port, "POST", "/login", host=host, source=source,
                   body=urllib.parse.urlencode({"code": code, "next": "/"}),
                   headers={"Content-Type": "application/x-www-form-urlencoded"})


def night(binary):
    tmp, db, env, marque = scratch(binary, "marque-attack-")
    marque("start", "tarot", "players=Anna,Ben,Chloe,Dan", "dealer=Anna")
    marque("hand", "taker=Anna", "contract=garde", "oudlers=2", "points=45")
    return tmp, db, env, marque


def still_serving(port, what):
    status, _, text = request(port, "GET", "/")
    check(status == 200 and "Anna" in text, f"{what}: the scoreboard is still served to others")


# --- 4. only its own Host ---------------------------------------------------------------------------------------

def part_host(binary):
    _, db, env, marque = night(binary)
    srv = Server(binary, db, "night-code-4711", env)
    p = srv.port
    try:
        status, _, text = request(p, "GET", "/", host=f"evil.example:{p}")
        check(status == 421 and "evil.example" in text and "Host" in text,
              f"a page asked for another name (DNS rebinding) gets 421 naming it: {status}")
        status, _, _ = login(p, "night-code-4711", host=f"evil.example:{p}")
        check(status == 421, f"the write code sent to another name is not even looked at: {status}")
        for host in (f"127.0.0.1:{p}", f"localhost:{p}", f"LOCALHOST:{p}", f"{socket.gethostname()}:{p}"):
            status, _, _ = request(p, "GET", "/", host=host)
            check(status == 200, f"Host {host} (this machine) is served: {status}")
        status, _, _ = request(p, "GET", "/", host=f"127.0.0.1:{p + 1 if p < 65535 else p - 1}")
        check(status == 421, f"another port in Host gets 421: {status}")
        status, _, _ = request(p, "GET", "/", host="127.0.0.1")
        check(status == 421, f"no port in Host (port 80) gets 421: {status}")
        answer = send_all(p, b"GET / HTTP/1.0\r\n\r\n")
        check(status_of(answer) == 400 and "Host" in answer, f"no Host header at all gets 400: {answer[:40]!r}")
        status, _, _ = request(p, "GET", "/assets/app.js", host=f"attacker.test:{p}")
        check(status == 421, f"assets too: {status}")
        still_serving(p, "after foreign hosts")
    finally:
        srv.stop()


# --- 1. the write code cannot be guessed -------------------------------------------------------------------------

def part_guess(binary):
    _, db, env, marque = night(binary)
    before = marque("list")
    code = "52819034"
    srv = Server(binary, db, code, env)
    p = srv.port
    try:
        scorer = Client(p)
        scorer.login(code)
        # one network (/24): a few wrong codes, then its right one waits too: the wait is checked before the code
        for i in range(5):
            status, _, _ = login(p, "00000000", source=f"127.0.9.{10 + i}")
            check(status == 403, f"wrong code {i + 1} from 127.0.9.0/24 is checked and refused: {status}")
        status, h, text = login(p, "00000000", source="127.0.9.20")
        check(status == 429 and "Retry-After" in h, f"the 6th wrong code from that network waits: {status}")
        status, _, _ = login(p, code, source="127.0.9.21")
        check(status == 429, f"even the right code from that network waits (not checked): {status}")
        status, _, _ = login(p, code, source="127.0.10.1")
        check(status == 303, f"another network still gets in with the right code: {status}")
        # many networks: 5,000 guesses from 250 loopback addresses in 250 networks, as fast as they can
        t0 = time.monotonic()
        counts = tally(250, 20, lambda k, j: login(p, f"{(k * 20 + j) % 100000000:08d}",
                                                   source=f"127.{20 + k // 250}.{k % 250}.1")[0])
        took = time.monotonic() - t0
        checked = counts.get(403, 0)
        print(f"     5,000 guesses in {took:.1f} s: {counts}")
        check(checked <= 30, f"of 5,000 guesses from 250 networks at most 30 are checked: {checked}")
        status, _, text = login(p, code, source="127.200.0.1")
        check(status == 429 and "waits" in text, f"the right code from a fresh network now waits too: {status}")
        # a session opened before keeps writing
        _, _, d = scorer.post("/api/games/1/entry", {"answers": []})
        check(isinstance(d, dict) and "question" in d, "the scorer's session keeps working during the attack")
        still_serving(p, "during the guessing")
        time.sleep(0.5)
        shown = [line for line in srv.errors if "wrong write code" in line]
        check(5 <= len(shown) <= 40, f"the terminal shows the wrong codes (even with -q), not 5,000 lines: {len(shown)}")
        check(any("tries refused while waiting" in line for line in shown) or checked < 30,
              "the terminal counts the tries refused while waiting")
    finally:
        srv.stop()
    check(marque("list") == before, "the database is as before")
    marque("check")  # exits non-zero (and stops the test) on any damage
    # the default code: 8 digits, shown as two groups of four, accepted with or without the space
    proc = subprocess.Popen([binary, "--db", db, "-q", "serve", "--listen", "127.0.0.1:0"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = proc.stdout.readline()
        port = int(re.search(r":(\d+)/", first).group(1))
        lines = [proc.stdout.readline() for _ in range(3)]
        m = re.search(r"write code for tonight: (\d{4}) (\d{4})\s", "".join(lines))
        check(m is not None, f"the default code is 8 digits in two groups: {lines!r}")
        if m:
            check(login(port, m.group(1) + " " + m.group(2))[0] == 303, "typed with its space it is accepted")
            check(login(port, m.group(1) + m.group(2), source="127.0.0.2")[0] == 303, "typed without it too")
    finally:
        stop(proc)
    # a chosen code of few digits: the scorer is told how soon it falls
    proc = subprocess.Popen([binary, "--db", db, "-q", "serve", "--listen", "127.0.0.1:0", "--code", "4711"], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = "".join(proc.stdout.readline() for _ in range(4))
        check("a code of 4 digits can be guessed within 6 days" in lines, f"a 4-digit --code is called weak: {lines!r}")
    finally:
        stop(proc)


# --- 2. bounded memory per request -------------------------------------------------------------------------------

def serve_limited(binary, db, env, code, kb):
    """marque serve with its address space limited to `kb` KB (ulimit -v): (process, port)."""
    import resource

    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (kb * 1024, kb * 1024))
    proc = subprocess.Popen([binary, "--db", db, "-q", "serve", "--listen", "127.0.0.1:0", "--code", code], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=limit)
    first = proc.stdout.readline()
    m = re.search(r":(\d+)/", first)
    if not m:
        proc.kill()
        raise SystemExit(f"marque serve did not start under ulimit -v {kb}: {first}{proc.stderr.read()}")
    threading.Thread(target=proc.stdout.read, daemon=True).start()
    threading.Thread(target=proc.stderr.read, daemon=True).start()
    return proc, int(m.group(1))


def peak_kb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0


def head(port, path="/", extra=b"", method="GET"):
    return (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n").encode() + extra


def send_all(port, data, source="127.0.0.1"):
    """Sends `data` (stopping where the server closes) and returns its answer."""
    s = socket.create_connection(("127.0.0.1", port), timeout=20, source_address=(source, 0))
    try:
        try:
            for i in range(0, len(data), 65536):
                s.sendall(data[i:i + 65536])
        except (BrokenPipeError, ConnectionResetError):
            pass
        out = b""
        while True:
            try:
                b = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not b:
                break
            out += b
        return out.decode("utf-8", "replace")
    finally:
        s.close()


def chunked(total, size):
    body = b""
    piece = b"x" * size
    for _ in range(total // size):
        body += f"{size:x}\r\n".encode() + piece + b"\r\n"
    return body + b"0\r\n\r\n"


def part_memory(binary):
    _, db, env, marque = night(binary)
    before = marque("list")
    code = "mem-code-2048"
    proc, p = serve_limited(binary, db, env, code, 400 * 1024)
    try:
        many = b"".join(f"X-Many-{i}: {i}\r\n".encode() for i in range(100)) + b"\r\n"
        a = send_all(p, head(p, extra=many))
        check(status_of(a) == 431 and "more than 64 headers" in a, f"100 headers: 431 naming the count: {a[:60]!r}")
        a = send_all(p, head(p, extra=b"X-Long: " + b"y" * 20000 + b"\r\n\r\n"))
        check(status_of(a) == 431 and "header" in a, f"a 20 KB header line: 431: {a[:60]!r}")
        a = send_all(p, head(p, extra=b"".join(b"X-L%d: " % i + b"z" * 6000 + b"\r\n" for i in range(4)) + b"\r\n"))
        check(status_of(a) == 431 and "longer than 16 KB" in a, f"24 KB of headers in all: 431: {a[:60]!r}")
        a = send_all(p, head(p, extra=b"X-Endless: " + b"e" * (4 << 20)))
        check(status_of(a) == 431, f"a head that never ends (4 MB): 431 early: {a[:60]!r}")
        a = send_all(p, ("GET /" + "p" * 9000 + f" HTTP/1.1\r\nHost: 127.0.0.1:{p}\r\n\r\n").encode())
        check(status_of(a) == 414, f"a 9 KB address: 414: {a[:60]!r}")
        # the routes and the Range header are matched by std::regex, which recurses: long ones are refused first
        a = send_all(p, ("GET /" + "p" * 8000 + f" HTTP/1.1\r\nHost: 127.0.0.1:{p}\r\nConnection: close\r\n\r\n").encode())
        check(status_of(a) == 414 and proc.poll() is None, f"an 8 KB path: 414, the server lives: {a[:60]!r}")
        a = send_all(p, head(p, extra=b"Range: bytes=" + b",".join([b"0-1"] * 2000) + b"\r\n\r\n"))
        check(status_of(a) == 416 and proc.poll() is None, f"an 8 KB Range header: 416, the server lives: {a[:60]!r}")
        post = head(p, "/api/games/1/hands", method="POST")
        a = send_all(p, post + b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(200 * 1024, 4096))
        check(status_of(a) == 413 and "larger than 64 KB" in a, f"a chunked body of 200 KB: 413 while reading: {a[:60]!r}")
        a = send_all(p, post + b"Transfer-Encoding: chunked\r\n\r\n" + chunked(100 * 1024, 1))
        check(status_of(a) == 413, f"100 K chunks of one byte: 413: {a[:60]!r}")
        a = send_all(p, post + b"Transfer-Encoding: chunked\r\n\r\n" + b"fffffffffff\r\n" + b"x" * 1000)
        check(status_of(a) == 413, f"a chunk announced at 17 TB: 413 at once: {a[:60]!r}")
        a = send_all(p, post + b"Content-Length: 10000000000\r\n\r\n" + b"x" * 100000)
        check(status_of(a) == 413, f"Content-Length of 10 GB: 413: {a[:60]!r}")
        import gzip
        bomb = gzip.compress(b"[" * (8 << 20))
        a = send_all(p, post + b"Content-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\n\r\n" % len(bomb) + bomb)
        check(status_of(a) == 415 and "Content-Encoding" in a, f"a gzip body (a compression bomb): 415: {a[:60]!r}")
        a = send_all(p, post + b"Content-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef")
        check(status_of(a) == 400, f"two Content-Lengths: 400: {a[:60]!r}")
        # a chunked body within the limit is still read (and then refused for what it is: no session)
        a = send_all(p, post + b"Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + chunked(8192, 1024))
        check(status_of(a) == 401, f"a small chunked body is read and judged (401: no code): {a[:60]!r}")

        # a flood of oversized requests from 40 clients at once
        bad = [head(p, extra=many), head(p, extra=b"X-Endless: " + b"e" * (1 << 20)),
               post + b"Transfer-Encoding: chunked\r\n\r\n" + chunked(1 << 20, 65536),
               post + b"Content-Length: 99999999999\r\n\r\n" + b"x" * 65536]
        counts = tally(40, 10, lambda k, j: status_of(send_all(p, bad[(k + j) % len(bad)], source=f"127.0.5.{k + 1}")))
        print(f"     400 oversized requests: {counts}")
        # (a client still sending long after its refusal may find the connection reset: on a busy 2-core machine up to
        # a few percent of them, the build of two sessions ago too; the server's answer to every other one is checked)
        resets = counts.get(0, 0) + counts.get("no connection", 0)
        check(set(counts) <= {413, 431, 0, "no connection"} and resets <= 20,
              f"every oversized request got 413 or 431 (or, rarely, a reset): {counts}")
        check(proc.poll() is None, "the server lives (ulimit -v 400 MB)")
        peak = peak_kb(proc.pid)
        check(peak < 120 * 1024, f"its memory stayed small: peak {peak // 1024} MB")
        still_serving(p, "after the flood")
        # and a scorer still writes
        c = Client(p)
        c.login(code)
        _, _, d = c.post("/api/games/1/entry", {"answers": []})
        check(isinstance(d, dict) and "question" in d, "a scorer still enters a hand")
    finally:
        stop(proc)
    check(marque("list") == before, "the database is as before")
    marque("check")


# --- 3. no denial of service without the code --------------------------------------------------------------------

def page_time(port, source="127.0.0.1"):
    t0 = time.monotonic()
    status, _, text = request(port, "GET", "/", source=source)
    return status, time.monotonic() - t0


def part_slow(binary):
    _, db, env, marque = night(binary)
    before = marque("list")
    srv = Server(binary, db, "slow-code-99", env)
    p = srv.port
    held = []
    try:
        # 100 slowloris connections from one address: a byte of the head now and then, never the end
        answers = []
        for i in range(100):
            try:
                s = socket.create_connection(("127.0.0.1", p), timeout=30, source_address=("127.0.7.1", 0))
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:" + str(p).encode() + b"\r\n")
                held.append(s)
            except OSError as e:
                answers.append(str(e))
        # each sends a byte of its head every second (a read timeout alone never ends them)
        dripping = threading.Event()

        def drip(socks):
            while not dripping.wait(1):
                for s in socks:
                    try:
                        s.send(b"X")
                    except OSError:
                        pass
        threading.Thread(target=drip, args=(list(held),), daemon=True).start()
        time.sleep(0.5)
        status, took = page_time(p)
        check(status == 200 and took < 2, f"100 slow connections from one address: others' pages still come ({took:.2f} s)")
        # 64 streams from one address: it keeps its own share (the oldest are dropped), others still watch
        mine = [open_stream(p, "127.0.6.1") for _ in range(64)]
        got = [st for _, st in mine]
        check(got[:4] == [200] * 4 and set(got) <= {200, 429},
              f"a client's new streams are served, its oldest dropped, until it has 24 connections (429): {got.count(200)}")
        other, st = open_stream(p, "127.0.0.1")
        check(st == 200, f"another client still gets an event stream: {st}")
        held += [s for s, _ in mine] + [other]
        time.sleep(0.3)
        status, took = page_time(p)
        check(status == 200 and took < 2, f"with the streams held, others' pages still come ({took:.2f} s)")
        # meanwhile a phone enters a hand and a watcher sees it within a second (the issue's "done when")
        watcher = Events(p)
        phone = Client(p)
        phone.login("slow-code-99")
        answers, _ = phone.enter(1, {"taker": "Ben", "contract": "prise", "oudlers": "1", "points": "45"})
        t0 = time.monotonic()
        status, _, d = phone.post("/api/games/1/hands", {"answers": answers, "key": new_key()})
        seen = watcher.wait_change_after(t0, timeout=5)
        check(status == 200 and seen is not None and seen - t0 < 1,
              f"under the attack a phone stores a hand ({status}) and a watcher sees it within a second "
              f"({'never' if seen is None else f'{seen - t0:.2f} s'})")
        watcher.close()
        before = marque("list")
        # every stream taken (256), by 256 addresses: a club's night of 200 pages is served, one more gets 503, and
        # an event stream once one frees
        spread = []
        for i in range(256):
            s, st = open_stream(p, f"127.0.{4 + i // 250}.{i % 250 + 1}")
            spread.append((s, st))
        served = [st for _, st in spread].count(200)
        check(served >= 200, f"200 pages from 200 addresses each get an event stream: {served} of 256 served")
        full, st = open_stream(p, "127.0.3.1")
        check(st == 503, f"every stream taken: one more is refused (503, the page retries): {st}")
        full.close()
        status, took = page_time(p)
        check(status == 200 and took < 2, f"with every stream taken and 100 slow connections, pages come ({took:.2f} s)")
        for s, _ in spread:
            s.close()
        time.sleep(1.5)  # a stream notices within a second that its page went away
        again, st = open_stream(p, "127.0.3.1")
        check(st == 200, f"once streams free, the refused client gets one: {st}")
        again.close()
        # the slow connections are cut: their head did not come in time
        t0 = time.monotonic()
        cut = 0
        for s in held[:100]:
            try:
                s.settimeout(max(0.1, 15 - (time.monotonic() - t0)))
                data = s.recv(4096)
                cut += 1 if (not data or b" 408 " in data or b" 429 " in data) else 0
            except (socket.timeout, OSError):
                pass
        dripping.set()
        check(cut >= 99, f"the slow connections were answered 408 (too slow) or 429 (too many) and closed: {cut}")
        # 300 slow connections from 300 addresses (more than the threads): cut sooner, pages still come
        many = []
        for i in range(300):
            try:
                s = socket.create_connection(("127.0.0.1", p), timeout=30,
                                             source_address=(f"127.0.{2 if i < 250 else 8}.{i % 250 + 1}", 0))
                s.sendall(b"GET / HTTP/1.1\r\n")
                many.append(s)
            except OSError:
                pass
        t0 = time.monotonic()
        ok = False
        while time.monotonic() - t0 < 8 and not ok:
            try:
                status, took = page_time(p)
                ok = status == 200
            except OSError:
                time.sleep(0.2)
        # more connections than the 192 threads: two waves of the busy server's 2-second head deadline (about 4 s),
        # with room for the test command's other work on 2 cores (6.5 s seen there once)
        check(ok and time.monotonic() - t0 < 8, f"300 slow connections from 300 addresses: a page within 8 s ({time.monotonic() - t0:.1f} s)")
        held += many
        check(srv.proc.poll() is None, "the server lives")
    finally:
        for s in held:
            try:
                s.close()
            except OSError:
                pass
        srv.stop()
    check(marque("list") == before, "the database is as before")
    marque("check")


# --- the request reader fuzzed: mutated requests, on loopback, for a bounded count ---------------------------------

def part_fuzz(binary):
    import random
    _, db, env, marque = night(binary)
    before = marque("list")
    srv = Server(binary, db, "fuzz-code-31", env)
    p = srv.port
    h = f"Host: 127.0.0.1:{p}\r\nOrigin: http://127.0.0.1:{p}\r\n"
    form = "code=wrong-code&next=/"
    seeds = [f"GET / HTTP/1.1\r\n{h}\r\n",
             f"GET /game/1?x=1 HTTP/1.1\r\n{h}Connection: close\r\n\r\n",
             f"POST /login HTTP/1.1\r\n{h}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(form)}\r\n\r\n{form}",
             f"POST /login HTTP/1.1\r\n{h}Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
             f"{len(form):x}\r\n{form}\r\n0\r\n\r\n",
             f"POST /api/games/1/hands HTTP/1.1\r\n{h}Content-Type: application/json\r\nContent-Length: 13\r\n\r\n{{\"answers\":[]}}",
             f"GET /events HTTP/1.1\r\n{h}Range: bytes=0-1\r\n\r\n"]
    seeds = [x.encode() for x in seeds]
    pieces = [b"\r\n", b"\n", b"\r", b":", b" ", b"\x00", b"\xff", b"ffffffffffffffff", b"-1", b"99999999999999999999",
              b"Transfer-Encoding: chunked\r\n", b"Content-Length: 5\r\n", b"Content-Encoding: gzip\r\n", b"0\r\n\r\n",
              b"GET / HTTP/1.1\r\n", b"%00", b"%", b"?" * 40, b"/" * 600, b"a" * 5000]
    rng = random.Random(30)

    def mutate(data):
        data = bytearray(data)
        for _ in range(rng.randint(1, 6)):
            at = rng.randint(0, len(data))
            kind = rng.randrange(5)
            if kind == 0 and data:
                data[min(at, len(data) - 1)] = rng.randrange(256)
            elif kind == 1:
                data[at:at] = rng.choice(pieces)
            elif kind == 2:
                del data[at:at + rng.randint(1, 40)]
            elif kind == 3:
                data = data[:at]
            else:
                data[at:at] = data[rng.randint(0, len(data)):][:rng.randint(1, 200)]
        return bytes(data)

    statuses = {}
    bad = []
    try:
        for i in range(1500):
            data = mutate(rng.choice(seeds))
            try:
                s = socket.create_connection(("127.0.0.1", p), timeout=3, source_address=(f"127.0.{100 + i % 50}.{1 + i % 200}", 0))
                s.sendall(data)
                s.shutdown(socket.SHUT_WR)
                out = b""
                while True:
                    b = s.recv(65536)
                    if not b:
                        break
                    out += b
                    if b"text/event-stream" in out:
                        break
                s.close()
            except (socket.timeout, ConnectionResetError, BrokenPipeError):
                out = b"(reset)"
            st = status_of(out.decode("latin-1")) if out and out != b"(reset)" else (out.decode() or "(closed)")
            statuses[st] = statuses.get(st, 0) + 1
            if st == 0 or (isinstance(st, int) and st >= 500 and st != 503 and st != 501):
                bad.append((data[:120], out[:80]))
            if i % 100 == 99 and srv.proc.poll() is not None:
                break
        print(f"     1,500 mutated requests: {statuses}")
        check(srv.proc.poll() is None, "the server lives through 1,500 mutated requests")
        check(not bad, f"every answer is an HTTP status below 500 (or none): {bad[:3]}")
        still_serving(p, "after the fuzzing")
    finally:
        srv.stop()
    check(marque("list") == before, "the database is as before")
    marque("check")


# --- a stop asked while the server starts ----------------------------------------------------------------------

def part_stop(binary):
    """SIGTERM right after the banner, before the server listens: cpp-httplib's stop() did nothing then and the
    server went on serving for good (5 hung of 60 on a busy machine). Every one must stop within 5 s."""
    _, db, env, _ = night(binary)
    hung = 0
    for _ in range(60):
        proc = subprocess.Popen([binary, "--db", db, "serve", "--listen", "127.0.0.1:0", "--code", "night-code-4711"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env)
        while True:
            line = proc.stdout.readline()
            if not line or "Ctrl-C" in line:
                break
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            hung += 1
        proc.stdout.close()
    check(hung == 0, f"60 servers stopped by SIGTERM as soon as they start all stop within 5 s (hung: {hung})")


def main():
    binary, part = sys.argv[1], sys.argv[2]
    {"host": part_host, "guess": part_guess, "memory": part_memory, "slow": part_slow,
     "fuzz": part_fuzz, "stop": part_stop}[part](binary)
    if FAILURES:
        print(f"{len(FAILURES)} failed")
        sys.exit(1)
    print("all passed")


if __name__ == "__main__":
    main()
