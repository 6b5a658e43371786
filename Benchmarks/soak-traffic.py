#!/usr/bin/env python3
"""Mixed traffic and faults against a standalone BKM Express mock, for Benchmarks/soak.sh.

Usage: soak-traffic.py PORT SECONDS [THREADS]. Each thread loops over a weighted mix: a new session
(state the simulator must bound), a status call in it, a 1 MiB body and a body with thousands of
problems (journal bytes, validation answer size), a journal page, and fault injection (latency,
errors, resets, truncated and broken bodies) with a `times` so faults come and go. Prints the
requests sent and the status classes seen.
"""
import http.client
import json
import random
import sys
import threading
import time

port, seconds = int(sys.argv[1]), float(sys.argv[2])
threads = int(sys.argv[3]) if len(sys.argv) > 3 else 16
host = f"127.0.0.1:{port}"
deadline = time.time() + seconds
counts = {}
lock = threading.Lock()

BIG = json.dumps({"authToken": "test_" + "x" * (1024 * 1024 - 200), "merchantId": "TEST_MERCHANT",
                  "merchantUserId": "u1", "gsmNo": "5000000004", "currencyCode": "TRY"})
# Every element is a problem (agreement ids are strings): about 100 KiB, 50,000 problems.
PROBLEMS = json.dumps({"approvedAgreements": [1] * 50000})
FAULTS = [
    {"kind": "latency", "latencyMilliseconds": 5, "jitterMilliseconds": 5, "times": 20},
    {"kind": "error", "status": 503, "code": 1, "message": "down", "times": 5},
    {"kind": "reset", "times": 2},
    {"kind": "truncate", "times": 2},
    {"kind": "malformedJSON", "times": 2},
]


def request(connection, method, path, body=None, headers=None):
    headers = dict(headers or {})
    headers["Host"] = host
    if body is not None:
        headers["Content-Type"] = "application/json"
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    data = response.read()
    return response.status, data


def session(connection, rng):
    body = json.dumps({"authToken": "test_%d" % rng.randrange(1 << 30), "merchantId": "TEST_MERCHANT",
                       "merchantUserId": "u%d" % rng.randrange(1000), "gsmNo": "5000000004",
                       "currencyCode": "TRY"})
    status, data = request(connection, "POST", "/v1/sessions", body)
    token = None
    if status == 200:
        try:
            payload = json.loads(data).get("data") or {}
            token = next((v for v in payload.values() if isinstance(v, str)), None)
        except ValueError:
            pass
    if token:
        status, _ = request(connection, "GET", "/v1/wallet/status", headers={"Bex-Connection": token})
    return status


def step(connection, rng):
    roll = rng.random()
    # Mostly sessions, so the simulator's caps are reached within the first minutes and the rest of
    # the run shows whether memory stays flat once every bound is full.
    if roll < 0.85:
        return session(connection, rng)
    if roll < 0.86:
        return request(connection, "POST", "/v1/sessions", BIG)[0]
    if roll < 0.90:
        return request(connection, "POST", "/v1/cards", PROBLEMS)[0]
    if roll < 0.95:
        return request(connection, "GET", "/__mock/journal?after=%d" % rng.randrange(1 << 20))[0]
    if roll < 0.995:
        return request(connection, "POST", "/__mock/faults", json.dumps(rng.choice(FAULTS)))[0]
    return request(connection, "DELETE", "/__mock/faults", "{}")[0]


def worker(seed):
    rng = random.Random(seed)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    while time.time() < deadline:
        try:
            status = step(connection, rng)
            key = "%dxx" % (status // 100)
        except (OSError, http.client.HTTPException):
            key = "dropped"  # a reset or truncate fault, as injected
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        with lock:
            counts[key] = counts.get(key, 0) + 1


pool = [threading.Thread(target=worker, args=(seed,)) for seed in range(threads)]
for thread in pool:
    thread.start()
for thread in pool:
    thread.join()
print("requests", sum(counts.values()), " ".join("%s=%d" % item for item in sorted(counts.items())))
