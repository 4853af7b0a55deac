#!/usr/bin/env python3
"""`marque serve --tls-cert FILE --tls-key FILE` (issue 32 point 4): HTTPS, so that a phone on the club's Wi-Fi is in
a secure context (its pages kept for when the network drops). A self-signed certificate made with the openssl tool:
the server prints an https:// address, answers pages over TLS with the same headers, refuses plain HTTP on that port,
gives a Secure session cookie, and stores a hand written from https:// (the Origin check knows the scheme); a missing
key, an unreadable file and a key of another certificate are refused at start with a message naming the option.

Usage: serve_tls.py MARQUE_BIN"""
import http.client
import json
import os
import re
import shutil
import socket
import ssl
import subprocess
import sys
import urllib.parse

from serve_client import Checks, scratch

BIN = sys.argv[1]
if not shutil.which("openssl"):
    print("skipped: needs the openssl tool")
    sys.exit(77)
tmp, db, env, marque = scratch(BIN, "marque-tls-")
check = Checks()


def refused(*args):  # a command expected to fail: its exit code and standard error
    r = subprocess.run([BIN, "--db", db, *args], env=env, capture_output=True, text=True, timeout=30)
    return r.returncode, r.stderr


def certificate(name):
    cert, key = os.path.join(tmp, name + ".pem"), os.path.join(tmp, name + ".key")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
                    "-subj", "/CN=localhost", "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost"],
                   check=True, capture_output=True)
    return cert, key


cert, key = certificate("club")
other_cert, other_key = certificate("other")
marque("start", "tarot", "players=Ann,Ben,Cat,Dan", "dealer=Ann")

# --- refused at start, nothing served
code, err = refused("serve", "--listen", "127.0.0.1:0", "--tls-cert", cert)
check(code == 2 and "--tls-key" in err, f"--tls-cert without --tls-key is refused (exit {code}: {err.strip()})")
code, err = refused("serve", "--listen", "127.0.0.1:0", "--tls-cert", os.path.join(tmp, "none.pem"), "--tls-key", key)
check(code == 66 and "--tls-cert" in err, f"an unreadable certificate is refused (exit {code}: {err.strip()})")
code, err = refused("serve", "--listen", "127.0.0.1:0", "--tls-cert", db, "--tls-key", key)
check(code == 66 and "--tls-cert" in err and "PEM" in err, f"a file that is no certificate is refused (exit {code}: {err.strip()})")
code, err = refused("serve", "--listen", "127.0.0.1:0", "--tls-cert", cert, "--tls-key", other_key)
check(code == 2 and "not the private key" in err, f"another certificate's key is refused (exit {code}: {err.strip()})")

CODE = "tls-night-1"
server = subprocess.Popen([BIN, "--db", db, "-q", "serve", "--listen", "127.0.0.1:0", "--code", CODE,
                           "--tls-cert", cert, "--tls-key", key], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
try:
    first = server.stdout.readline()
    m = re.search(r"https://127\.0\.0\.1:(\d+)/", first)
    check(m is not None, f"the address printed is https:// ({first.strip()})")
    if not m:
        raise SystemExit(server.stderr.read())
    port = int(m.group(1))
    origin = f"https://127.0.0.1:{port}"
    trusted = ssl.create_default_context(cafile=cert)

    def request(method, path, body=None, headers=None):
        c = http.client.HTTPSConnection("127.0.0.1", port, context=trusted, timeout=10)
        c.request(method, path, body=body, headers=headers or {})
        r = c.getresponse()
        data = r.read()
        c.close()
        return r, data

    r, body = request("GET", "/")
    check(r.status == 200 and b"<html" in body, f"the scoreboard over TLS ({r.status})")
    check("worker-src 'self'" in (r.getheader("Content-Security-Policy") or ""), "with the same Content-Security-Policy")
    r, body = request("GET", "/sw.js")
    check(r.status == 200 and b"@VERSION@" not in body, "the service worker is served, with the assets' version")

    # plain HTTP on the TLS port: no page
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    try:
        got = s.recv(4096)
    except (ConnectionResetError, socket.timeout):
        got = b""
    s.close()
    check(b"<html" not in got, "plain HTTP gets no page on the HTTPS port")
    # a client that does not trust the certificate: the handshake fails, nothing is served
    try:
        c = http.client.HTTPSConnection("127.0.0.1", port, context=ssl.create_default_context(), timeout=10)
        c.request("GET", "/")
        c.getresponse()
        check(False, "a client that does not trust the certificate is refused")
    except ssl.SSLError:
        check(True, "a client that does not trust the certificate is refused")

    # log in: a Secure cookie
    r, _ = request("POST", "/login", urllib.parse.urlencode({"code": CODE, "next": "/"}),
                   {"Content-Type": "application/x-www-form-urlencoded", "Origin": origin})
    cookie = r.getheader("Set-Cookie") or ""
    check(r.status == 303 and "; Secure" in cookie and "HttpOnly" in cookie, f"the session cookie is Secure ({cookie[:60]}...)")
    session = cookie.split(";")[0]
    r, body = request("GET", "/api/session", headers={"Cookie": session})
    csrf = json.loads(body)["csrf"]
    hand = json.dumps({"words": "taker=Ben contract=garde oudlers=2 points=47", "key": "tls-hand-0001"})
    headers = {"Content-Type": "application/json", "Cookie": session, "X-CSRF-Token": csrf}
    r, body = request("POST", "/api/games/1/hands", hand, dict(headers, Origin=f"http://127.0.0.1:{port}"))
    check(r.status == 403, f"a write claiming the http:// origin is refused ({r.status})")
    r, body = request("POST", "/api/games/1/hands", hand, dict(headers, Origin=origin))
    check(r.status == 200 and json.loads(body).get("no") == 1, f"a hand written from https:// is stored ({r.status} {body[:80]})")
    r, body = request("POST", "/api/games/1/hands", hand, dict(headers, Origin=origin))
    check(r.status == 200 and r.getheader("X-Marque-Replayed") == "1", "its repeat is answered with the first result")
    listed = json.loads(marque("list", "1", "--format", "json"))
    check(len(listed) == 1, f"stored once ({len(listed)})")
finally:
    check.stop(server, tmp)
check.report()
