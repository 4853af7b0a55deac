"""A small client of `marque serve` for the load test and the benchmark (http.client only): a server started on a free
port of loopback, sessions opened with the write code, guided entry through the JSON API, an event-stream reader."""
import http.client
import itertools
import json
import os
import random
import re
import subprocess
import threading
import time
import urllib.parse


def scratch(binary, prefix):
    """A scratch database for a test or a benchmark: (directory, db path, environment, marque(*args) -> stdout)."""
    import tempfile
    tmp = tempfile.mkdtemp(prefix=prefix)
    db = os.path.join(tmp, "marque.db")
    env = dict(os.environ, HOME=tmp, XDG_DATA_HOME=tmp, TZ="UTC")

    def marque(*a):
        r = subprocess.run([binary, "--db", db, *a], env=env, capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f"marque {' '.join(a)}: {r.stderr}")
        return r.stdout
    return tmp, db, env, marque


class Checks:
    """A test's checks, each printed ok or FAIL; stop() ends the server process and removes the scratch folder (in a
    `finally`), report() then exits 1 when a check failed."""

    def __init__(self):
        self.failures = []

    def __call__(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what, flush=True)
        if not ok:
            self.failures.append(what)
        return ok

    @staticmethod
    def stop(server, tmp):
        import shutil
        server.terminate()
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(tmp, ignore_errors=True)

    def report(self):
        if self.failures:
            print(f"{len(self.failures)} failed")
            raise SystemExit(1)
        print("all passed")


class Server:
    """`marque serve --listen 127.0.0.1:0 --code CODE` on `db`, until stop()."""

    def __init__(self, binary, db, code, env):
        self.proc = subprocess.Popen([binary, "--db", db, "-q", "serve", "--listen", "127.0.0.1:0", "--code", code],
                                     env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not m:
            self.proc.kill()
            raise SystemExit("marque serve printed no address: " + line + self.proc.stderr.read())
        self.port = int(m.group(1))
        self.code = code
        self.first_line = line
        self.errors = []  # the lines it wrote on stderr (with -q: what the scorer must see anyway)
        # drain the rest of its output so that it never blocks on a full pipe
        threading.Thread(target=self.proc.stdout.read, daemon=True).start()
        threading.Thread(target=lambda: self.errors.extend(self.proc.stderr), daemon=True).start()

    def stop(self):
        self.proc.terminate()
        try:
            return self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return "killed"


# Each device connects from its own loopback address (127.0.1.1, 127.0.1.2 ...), as phones on a Wi-Fi do: the server
# limits the connections and event streams of one address.
_devices = itertools.count()


def device_address():
    n = next(_devices) % 250
    return f"127.0.1.{n + 1}"


class Client:
    """One device: a keep-alive connection, and a scorer's session once login() is called."""

    def __init__(self, port, timeout=30):
        self.port, self.timeout = port, timeout
        self.source = device_address()
        self.conn = None
        self.cookie = ""
        self.csrf = ""
        self.reconnects = 0
        self.throttled = 0

    def _connect(self):
        self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout, source_address=(self.source, 0))

    def request(self, method, path, body=None, ctype=None):
        headers = {"Host": f"127.0.0.1:{self.port}", "Origin": f"http://127.0.0.1:{self.port}"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if self.csrf:
            headers["X-CSRF-Token"] = self.csrf
        if ctype:
            headers["Content-Type"] = ctype
        for attempt in (0, 1):
            if self.conn is None:
                self._connect()
            try:
                self.conn.request(method, path, body=body, headers=headers)
                r = self.conn.getresponse()
                data = r.read()
                if r.getheader("Connection", "").lower() == "close":
                    self.conn.close()
                    self.conn = None
                return r.status, dict(r.getheaders()), data
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                # a kept-alive connection the server closed meanwhile: a browser opens a new one and sends again
                self.conn.close()
                self.conn = None
                if attempt:
                    raise
                self.reconnects += 1

    def get(self, path):
        return self.request("GET", path)

    def login(self, code):
        status, headers, _ = self.request("POST", "/login", urllib.parse.urlencode({"code": code, "next": "/"}),
                                          "application/x-www-form-urlencoded")
        cookie = headers.get("Set-Cookie", "")
        if status != 303 or not cookie:
            raise RuntimeError(f"login refused: {status}")
        self.cookie = cookie.split(";")[0]
        _, _, data = self.get("/api/session")
        self.csrf = json.loads(data)["csrf"]

    def post(self, path, obj):
        for _ in range(10):
            status, headers, data = self.request("POST", path, json.dumps(obj), "application/json")
            if status != 429:
                break
            # too many at once: wait as asked, as the pages' script does
            self.throttled += 1
            time.sleep(float(headers.get("Retry-After", "1")))
        try:
            return status, headers, json.loads(data)
        except ValueError:
            return status, headers, {"raw": data.decode("utf-8", "replace")}

    def enter(self, game, plan):
        """Answers a hand's questions as a phone does (the plan's answer, else the default offered); returns the
        answers of the previewed hand, or raises."""
        answers = []
        status, _, d = self.post(f"/api/games/{game}/entry", {"answers": answers})
        for _ in range(60):
            if status != 200:
                raise RuntimeError(f"entry step: HTTP {status} {d}")
            if d.get("error") or d.get("errors"):
                raise RuntimeError(f"entry refused: {d.get('error')} {d.get('errors')}")
            answers = d["answers"]
            q = d["question"]
            if q is None:
                if not d["complete"]:
                    raise RuntimeError(f"the hand cannot be stored: {d.get('errors')}")
                return answers, d["preview"]
            status, _, d = self.post(f"/api/games/{game}/entry", {"answers": answers, "typed": plan.get(q["key"], "")})
        raise RuntimeError("too many questions")


def tarot_plan(rng, players):
    """A random tarot hand as a table plays it (taker, contract, oudlers, card points; no bonuses)."""
    oudlers = rng.randint(0, 3)
    return {"taker": rng.choice(players), "contract": rng.choice(["prise", "garde", "garde_sans", "garde_contre"]),
            "oudlers": str(oudlers), "points": str(rng.randint(20, 70))}


class Tally:
    """What a load test's threads count: its errors (the first 50 kept) and named counters, under one lock."""

    def __init__(self, *keys):
        self.lock = threading.Lock()
        self.errors = []
        self.stats = dict.fromkeys(keys, 0)

    def error(self, what):
        with self.lock:
            if len(self.errors) < 50:
                self.errors.append(what)

    def count(self, key, n=1):
        with self.lock:
            self.stats[key] += n


def new_key():
    return os.urandom(12).hex()


class Events:
    """An event-stream reader (/events): records when each `change` arrives."""

    def __init__(self, port):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(device_address(), 0))
        self.conn.request("GET", "/events", headers={"Host": f"127.0.0.1:{port}"})
        self.resp = self.conn.getresponse()
        if self.resp.status != 200:
            raise RuntimeError(f"/events: HTTP {self.resp.status}")
        self.changes = []  # (monotonic time, version)
        self.hello = None
        self.cond = threading.Condition()
        self.closed = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        event = None
        try:
            while True:
                line = self.resp.fp.readline()
                if not line:
                    break
                line = line.decode("utf-8", "replace").rstrip("\r\n")
                if line.startswith("event: "):
                    event = line[7:]
                elif line.startswith("data: ") and event:
                    try:
                        v = json.loads(line[6:])["version"]
                    except (ValueError, KeyError):
                        continue
                    with self.cond:
                        if event == "hello":
                            self.hello = v
                        else:
                            self.changes.append((time.monotonic(), v))
                        self.cond.notify_all()
                    event = None
        except (OSError, ValueError):
            pass
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    def wait_change_after(self, t0, timeout=5):
        """The time of the first change event after t0 (monotonic), or None."""
        end = time.monotonic() + timeout
        with self.cond:
            while True:
                for t, _ in self.changes:
                    if t >= t0:
                        return t
                left = end - time.monotonic()
                if left <= 0 or self.closed:
                    return None
                self.cond.wait(left)

    def close(self):
        try:
            self.conn.sock.close()
        except OSError:
            pass


def open_stream(port, source):
    """An event stream opened from the loopback address `source` and held (the caller closes it): (socket, HTTP
    status)."""
    import socket
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    s.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    data = b""
    while b"\r\n\r\n" not in data:
        b = s.recv(4096)
        if not b:
            break
        data += b
    m = re.match(rb"HTTP/1\.[01] (\d{3})", data)
    return s, int(m.group(1)) if m else 0
