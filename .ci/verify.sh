#!/usr/bin/env bash
# specsmith verify, the contract test of a running server, held to its three promises:
#   exit 0 against each standalone mock (BKM Express, PaymentKit, OpenNotification), with the keys CI uses;
#   exit 1, with the mismatches printed, against a server that answers another shape (JSON or HTML);
#   exit 2 against a closed port.
# Every run's output is printed. Any broken promise fails the script, after all runs have been tried.
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --product specsmith
swift build --product bkm-express-mock
swift build --product paymentkit-mock
swift build --product opennotification-mock
specsmith=.build/debug/specsmith

scratch=$(mktemp -d)
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    rm -rf "$scratch"
}
trap cleanup EXIT
broken=()

# start <name> <command...>: runs a server that prints "<name> listening on <url>" first, and sets $url.
start() {
    local name=$1
    shift
    mkfifo "$scratch/$name.out"
    "$@" >"$scratch/$name.out" &
    pids+=($!)
    local fd
    exec {fd}<"$scratch/$name.out" # kept open so the server can still write
    read -r -t 120 _ _ _ url <&"$fd" || { echo "$name did not say where it listens"; exit 1; }
    echo "$name at $url"
}

# expect <exit status> <description> <command...>: runs the command, prints its output, and records
# a broken promise when it ends with another status.
expect() {
    local want=$1 what=$2
    shift 2
    printf '\n== verify: %s (expecting exit %s)\n' "$what" "$want"
    local got=0
    "$@" >"$scratch/run.txt" 2>&1 || got=$?
    cat "$scratch/run.txt"
    if [ "$got" != "$want" ]; then
        echo "verify.sh: $what: exit $got, expected $want"
        broken+=("$what: exit $got, expected $want")
    fi
}

# The mocks, each against its own spec.
start bkm-express-mock .build/debug/bkm-express-mock --port 0
bkm_url=$url
session=$(curl -sf -X POST "$bkm_url/v1/sessions" -H 'Content-Type: application/json' \
    -d '{"authToken":"test_ci","merchantId":"M","merchantUserId":"u","gsmNo":"5000000004","currencyCode":"TRY"}' \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["connectionToken"])')
expect 0 "bkm-express-mock conforms to Spec/bkm-express-lite.json" \
    "$specsmith" verify Spec/bkm-express-lite.json --base-url "$bkm_url" --token "session=$session"

start paymentkit-mock .build/debug/paymentkit-mock --port 0
expect 0 "paymentkit-mock conforms to Spec/paymentkit.json" \
    "$specsmith" verify Spec/paymentkit.json --base-url "$url" --key merchantKey=mk_test_paymentkit

start opennotification-mock .build/debug/opennotification-mock --port 0
on_url=$url
expect 0 "opennotification-mock conforms to Spec/opennotification.json" \
    "$specsmith" verify Spec/opennotification.json --base-url "$on_url" \
    --key appKey=pk_test_opennotification --key serverKey=sk_test_opennotification

# A server that answers every request 200 with another shape: JSON that is no declared body, or HTML.
cat >"$scratch/other_shape.py" <<'PY'
import http.server, sys

kind = sys.argv[1]
body = b'{"unexpected": true}' if kind == "json" else b"<html><body>Welcome</body></html>"
content_type = "application/json" if kind == "json" else "text/html; charset=utf-8"

class OtherShape(http.server.BaseHTTPRequestHandler):
    def answer(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = answer

    def log_message(self, *arguments):
        pass

server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), OtherShape)
print(f"other-shape-{kind} listening on http://127.0.0.1:{server.server_port}", flush=True)
server.serve_forever()
PY
start other-shape-json python3 "$scratch/other_shape.py" json
expect 1 "a server answering {\"unexpected\": true} to Spec/opennotification.json's operations" \
    "$specsmith" verify Spec/opennotification.json --base-url "$url" \
    --key appKey=pk_test_opennotification --key serverKey=sk_test_opennotification
grep -q ': mismatch: ' "$scratch/run.txt" || broken+=("the other-shape JSON run printed no mismatch")
start other-shape-html python3 "$scratch/other_shape.py" html
expect 1 "a server answering HTML to Spec/paymentkit.json's operations" \
    "$specsmith" verify Spec/paymentkit.json --base-url "$url" --key merchantKey=mk_test_paymentkit
grep -q ': mismatch: ' "$scratch/run.txt" || broken+=("the other-shape HTML run printed no mismatch")
if grep -q 'mk_test_paymentkit' "$scratch/run.txt"; then broken+=("a credential was printed in clear"); fi

# A closed port: a port the system just handed out, closed again.
closed_port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
expect 2 "a closed port" "$specsmith" verify Spec/paymentkit.json --base-url "http://127.0.0.1:$closed_port"
grep -q 'connection refused' "$scratch/run.txt" || broken+=("the closed-port run did not say connection refused")
expect 2 "no --base-url" "$specsmith" verify Spec/paymentkit.json

if [ ${#broken[@]} -ne 0 ]; then
    printf '\nverify.sh: %d broken promise(s):\n' "${#broken[@]}"
    printf '  %s\n' "${broken[@]}"
    exit 1
fi
printf '\nverify.sh: every promise kept\n'
