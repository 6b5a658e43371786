"""The robustness suite of .ci/run: hostile and malformed requests against the standalone mock.

Usage: python3 .ci/robustness.py PATH-TO-MOCK-BINARY
"""
import atexit, os, random, select, socket, struct, subprocess, sys, time
from concurrent.futures import ThreadPoolExecutor

binary = sys.argv[1]
TICK = os.sysconf("SC_CLK_TCK")
SESSION = (b'{"authToken":"test_ci","merchantId":"M","merchantUserId":"u",'
           b'"gsmNo":"5000000004","currencyCode":"TRY"}')


started = []


@atexit.register
def stop_all():
    for process in started:
        if process.poll() is None:
            process.kill()


def start(limit=None):
    command = f"ulimit -n {limit}; exec {binary} --port 0" if limit else f"exec {binary} --port 0"
    process = subprocess.Popen(["bash", "-c", command], stdout=subprocess.PIPE, text=True)
    started.append(process)
    url = process.stdout.readline().split()[-1]
    return process, int(url.rsplit(":", 1)[1])


def connect(port, timeout=1.5):
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return s


def valid(port):
    return (f"POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(SESSION)}\r\n\r\n").encode() + SESSION


def status_of(s):
    data = b""
    try:
        while b"\r\n" not in data:
            chunk = s.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    parts = data.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else None


def valid_latency(port):
    start_time = time.monotonic()
    s = connect(port)
    s.sendall(valid(port))
    status = status_of(s)
    s.close()
    return status, (time.monotonic() - start_time) * 1000


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def peak_kib(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])


def flood(port, prefix, filler, limit, total=10 * 1024 * 1024):
    """Streams filler after prefix until the mock answers; ms from crossing `limit` to the answer."""
    s = connect(port)
    s.sendall(prefix)
    piece = filler * max(1, 16384 // len(filler))
    sent, crossed = len(prefix), None
    s.setblocking(False)
    while sent < total:
        if select.select([s], [], [], 0)[0]:
            break
        try:
            n = s.send(piece)
        except BlockingIOError:
            select.select([s], [s], [], 1)
            continue
        except OSError:
            break
        sent += n
        if crossed is None and sent > limit:
            crossed = time.monotonic()
    select.select([s], [], [], 2)
    answered = time.monotonic()
    s.setblocking(True)
    status = status_of(s)
    s.close()
    return status, (answered - (crossed or answered)) * 1000, sent


failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message)
    if not condition:
        failures.append(message)


# -- 1. Floods against a fresh mock: refused fast, and the peak memory barely moves.
mock, port = start()
for _ in range(20):
    valid_latency(port)
before = peak_kib(mock.pid)
head = f"POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nTransfer-Encoding: chunked\r\n\r\n".encode()
status, ms, sent = flood(port, head + b"0\r\n", b"X-Trailer: 0123456789abcdef0123456789\r\n", 16 * 1024)
check(status == 431 and ms < 100, f"10 MB of trailers: {status} {ms:.1f} ms after the 16 KiB limit ({sent} bytes sent)")
status, ms, sent = flood(port, head, b"1;extension=0123456789abcdef\r\na\r\n", 1024 * 1024)
check(status == 413 and ms < 100, f"10 MB of chunk extensions: {status} {ms:.1f} ms after the 1 MiB limit ({sent} bytes sent)")
growth = peak_kib(mock.pid) - before
if os.environ.get("ROBUSTNESS_SANITIZED") == "1":
    # AddressSanitizer holds freed memory in quarantine: the plain run checks the memory bound.
    print(f"skip peak memory grew by {growth} KiB during the floods (sanitized build)")
else:
    check(growth < 2048, f"peak memory grew by {growth} KiB during the floods (limit 2048)")

# -- 2. A thousand and more hostile requests, many at once.
rng = random.Random(2026)
H = f"Host: 127.0.0.1:{port}\r\n"
shapes = [
    f"POST /v1/sessions HTTP/1.1\r\n{H}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n0\r\n\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Transfer-Encoding: xchunked\r\n\r\n0\r\n\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Transfer-Encoding : chunked\r\n\r\n0\r\n\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Transfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Content-Length: 4\r\nContent-Length: 5\r\n\r\n12345",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Content-Length: +4\r\n\r\n1234",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Content-Length: 0x10\r\n\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Content-Length: 99999999999999999999999\r\n\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Transfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Transfer-Encoding: chunked\r\n\r\n3\r\nabcdef\r\n0\r\n\r\n",
    f"POST /v1/sessions HTTP/1.1\n{H}Content-Length: 0\n\n",
    f"GET  /v1/wallet/status HTTP/1.1\r\n{H}\r\n",
    f"GET http://evil.example/v1/wallet/status HTTP/1.1\r\n{H}\r\n",
    f"GET /v1/wallet/status HTTP/2.0\r\n{H}\r\n",
    f"GET /v1/wallet/status HTTP/1.1\r\n{H}{H}\r\n",
    f"GET /v1/wallet/status HTTP/1.1\r\nX: a\x00b\r\n{H}\r\n",
    f"GET /v1/wallet/status HTTP/1.1\r\n{H}X-Big: {'a' * 20000}\r\n\r\n",
    f"GET /{'a' * 20000} HTTP/1.1\r\n{H}\r\n",
    f"POST /v1/sessions HTTP/1.1\r\n{H}Content-Length: 2000000\r\n\r\n",
    f"POST /__mock/reset HTTP/1.1\r\nHost: evil.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{{}}",
    f"POST /__mock/reset HTTP/1.1\r\n{H}Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 3\r\n\r\na=1",
    "\r\n" * 10000,
]


def hostile(index):
    kind = index % 6
    try:
        s = connect(port)
        if kind == 0 or kind == 1:  # smuggling shapes, oversized heads and bodies
            s.sendall(shapes[index % len(shapes)].encode())
            status = status_of(s)
            s.close()
            return status is None or status >= 400
        if kind == 2:  # random bytes
            s.sendall(bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 4096))))
            status_of(s)
            s.close()
            return True
        if kind == 3:  # a reset in the middle of a request
            s.sendall(valid(port)[: rng.randint(1, 60)])
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
            return True
        if kind == 4:  # a slow reader: many pipelined requests, nothing read
            s.sendall(valid(port) * 200)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            s.close()
            return True
        # a slow writer: a head a few bytes at a time, then gone
        for byte in valid(port)[:40:4]:
            s.send(bytes([byte]))
            time.sleep(0.005)
        s.close()
        return True
    except OSError:
        return True


# Slow writers that hold on for the whole run, as a slowloris would.
loris = []
for _ in range(50):
    s = connect(port)
    s.sendall(b"POST /v1/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    loris.append(s)
with ThreadPoolExecutor(max_workers=32) as pool:
    results = list(pool.map(hostile, range(1200)))
check(all(results), f"{len(results)} hostile requests answered with 4xx/5xx or dropped: {sum(results)} as expected")
latencies = sorted(valid_latency(port) for _ in range(5))
status, ms = latencies[len(latencies) // 2]
check(status == 200 and ms < 50, f"afterwards a valid request: {status} in {ms:.1f} ms (median of 5, limit 50)")
for s in loris:
    s.close()
mock.terminate()
mock.wait()

# -- 3. Out of descriptors: no spinning, and normal service once they are back.
mock, port = start(limit=64)
held = [connect(port) for _ in range(120)]
time.sleep(0.5)
first = cpu_seconds(mock.pid)
time.sleep(2)
cpu = (cpu_seconds(mock.pid) - first) / 2 * 100
check(cpu < 5, f"with 120 connections against ulimit -n 64: the mock used {cpu:.1f}% CPU (limit 5%)")
for s in held:
    s.close()
deadline = time.monotonic() + 5
status = None
while time.monotonic() < deadline and status != 200:
    try:
        status, _ = valid_latency(port)
    except OSError:
        time.sleep(0.05)
check(status == 200, f"after they closed, a valid request: {status}")
mock.terminate()
mock.wait()
sys.exit(1 if failures else 0)
