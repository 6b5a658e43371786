#!/usr/bin/env bash
# Runtime benchmarks (issues 3 and 8), release build, every ratio against a baseline measured in the same run:
#   1. mock server throughput: wrk, 64 keep-alive connections, a small JSON answer, against nginx
#      serving the same bytes from a file on this machine; then the same against a real generated
#      endpoint of the BKM Express mock (checkStatus in a session: routing, the session check,
#      the envelope and the redacted journal), with req/s, p50 and p99 latency, and each server's
#      CPU time per request from /proc (wrk and the server share the cores, so that is the rate);
#   1b. the request parser alone: nanoseconds per byte as bodies grow 64-fold (flat means linear);
#   2. client overhead: a generated-style call (ClientCore on URLSessionHTTPTransport) against a bare
#      URLSession data(for:) + JSONDecoder, alternating, same server (nginx);
#   3. RSA-OAEP and JWE operations per second against `openssl speed rsa2048` (public-key operations
#      against verify/s, private-key ones against sign/s), alternating rounds, and beside libcrypto's
#      own OAEP in a C loop (Benchmarks/oaep-ceiling.c), the most any caller of libcrypto can reach.
# Every figure is the median and [min–max] of 5 alternating rounds (each round measures ours and the
# baseline once), so the noise of a shared machine shows instead of hiding in one number.
# Installs wrk and nginx from Debian when they are missing. The whole run holds the machine's CPU lock
# (/tmp/specsmith-cpu.lock), so other builds neither skew it nor are starved by more than one run;
# `Benchmarks/run-runtime.sh 5 3` takes about three minutes.
# Usage: bash Benchmarks/run-runtime.sh [seconds per wrk run] [rounds] [server]   (server: part 1 only)
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${SPECSMITH_CPU_LOCK_HELD:-}" ]; then
    SPECSMITH_CPU_LOCK_HELD=1 exec flock /tmp/specsmith-cpu.lock bash "$0" "$@"
fi
seconds="${1:-10}"
rounds="${2:-5}"
only="${3:-}"
if ! command -v wrk >/dev/null || ! command -v nginx >/dev/null; then
    apt-get update -qq && apt-get install -y -qq wrk nginx >/dev/null
fi
swift build -c release --product specsmith-benchmarks >/dev/null
swift build -c release --product bkm-express-mock >/dev/null
command -v bc >/dev/null || { apt-get update -qq && apt-get install -y -qq bc >/dev/null; }
bin=.build/release/specsmith-benchmarks
scratch=$(mktemp -d)
cleanup() {
    [ -n "${nginx_pid:-}" ] && kill "$nginx_pid" 2>/dev/null || true
    [ -n "${bkm_pid:-}" ] && { kill -TERM "$bkm_pid" 2>/dev/null; wait "$bkm_pid" 2>/dev/null || true; }
    [ -n "${mock_pid:-}" ] && { exec 3>&-; wait "$mock_pid" 2>/dev/null || true; }
    rm -rf "$scratch"
}
trap cleanup EXIT
median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
# "median [min–max]" of a column of numbers, printed with FORMAT (printf style, default %.2f).
spread() {
    sort -n | awk -v f="${1:-%.2f}" '{a[NR]=$1} END {
        m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2
        printf f " [" f "–" f "]", m, a[1], a[NR]
    }'
}

# The mock server, kept alive through a pipe on fd 3 (closing it stops the server).
mkfifo "$scratch/in"
"$bin" serve 0 <"$scratch/in" >"$scratch/mock.out" &
mock_pid=$!
exec 3>"$scratch/in"
for _ in $(seq 100); do grep -q "listening on" "$scratch/mock.out" 2>/dev/null && break; sleep 0.1; done
mock_port=$(awk '/listening on/ {print $3}' "$scratch/mock.out")

# nginx serving the same bytes the mock answers with, same content type.
mkdir -p "$scratch/www"
curl -s "http://127.0.0.1:$mock_port/hello" >"$scratch/www/hello"
cat >"$scratch/nginx.conf" <<CONF
worker_processes auto;
pid $scratch/nginx.pid;
error_log $scratch/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    default_type application/json;
    keepalive_requests 1000000;
    client_body_temp_path $scratch; proxy_temp_path $scratch; fastcgi_temp_path $scratch;
    uwsgi_temp_path $scratch; scgi_temp_path $scratch;
    server { listen 127.0.0.1:0; location / { root $scratch/www; } }
}
CONF
# nginx cannot listen on port 0; pick a free port the kernel hands out, then give it to nginx.
nginx_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
sed -i "s/listen 127.0.0.1:0/listen 127.0.0.1:$nginx_port/" "$scratch/nginx.conf"
nginx -c "$scratch/nginx.conf" -g 'daemon off;' &
nginx_pid=$!
for _ in $(seq 100); do curl -s "http://127.0.0.1:$nginx_port/hello" >/dev/null && break; sleep 0.1; done
cmp <(curl -s "http://127.0.0.1:$nginx_port/hello") <(curl -s "http://127.0.0.1:$mock_port/hello")

rps() { wrk -t2 -c64 -d"${seconds}s" --latency "$@" | tee "$scratch/wrk.txt" | awk '/Requests\/sec/ {print $2}'; }
# CPU time (user + system, in clock ticks) the processes PIDS have used so far, threads included.
ticks() { for pid in "$@"; do awk '{print $14 + $15}' "/proc/$pid/stat"; done | awk '{t += $1} END {print t}'; }
# The server's CPU microseconds per request over the last wrk run, from ticks before and after it.
cpu_per_request() {
    local before=$1 after=$2 requests
    requests=$(awk '/requests in/ {print $1}' "$scratch/wrk.txt")
    echo "($after - $before) * 1000000 / $(getconf CLK_TCK) / $requests" | bc -l
}
# The processes that serve for nginx: its master and workers.
nginx_pids() { echo "$nginx_pid" $(pgrep -P "$nginx_pid"); }
# A latency percentile of the last wrk run, in milliseconds (wrk prints us, ms or s).
percentile() {
    awk -v p="$1%" '$1 == p {
        v = $2; unit = v; sub(/^[0-9.]+/, "", unit); sub(/[a-z]+$/, "", v)
        printf "%.2f\n", unit == "us" ? v / 1000 : unit == "s" ? v * 1000 : v
    }' "$scratch/wrk.txt"
}
errors() { awk '/Non-2xx|Socket errors/ {print}' "$scratch/wrk.txt"; }
# compare NAME TARGET SERVER_PID NGINX_URL WRK_ARGS...: $rounds rounds, nginx then the mock, each
# round's ratios of throughput and of p99 latency; p50 and p99 of both sides as median [min–max] in
# ms; and each server's CPU time per request (user + system, from /proc), which is where the rate
# goes when wrk and the server share the cores.
compare() {
    local name=$1 target=$2 server_pid=$3 nginx_url=$4
    shift 4
    local mock_runs=() nginx_runs=() ratios=() tails=() round before
    local nginx_p50s=() nginx_p99s=() mock_p50s=() mock_p99s=() nginx_errors mock_errors
    local nginx_cpus=() mock_cpus=()
    for round in $(seq "$rounds"); do
        before=$(ticks $(nginx_pids))
        nginx_runs+=("$(rps "$nginx_url")"); nginx_p50s+=("$(percentile 50)"); nginx_p99s+=("$(percentile 99)")
        nginx_cpus+=("$(cpu_per_request "$before" "$(ticks $(nginx_pids))")")
        nginx_errors=$(errors)
        before=$(ticks "$server_pid")
        mock_runs+=("$(rps "$@")"); mock_p50s+=("$(percentile 50)"); mock_p99s+=("$(percentile 99)")
        mock_cpus+=("$(cpu_per_request "$before" "$(ticks "$server_pid")")")
        mock_errors=$(errors)
        ratios+=("$(echo "${mock_runs[-1]} / ${nginx_runs[-1]}" | bc -l)")
        tails+=("$(echo "${mock_p99s[-1]} / ${nginx_p99s[-1]}" | bc -l)")
        echo "round $round: nginx ${nginx_runs[-1]} req/s p50 ${nginx_p50s[-1]} ms p99 ${nginx_p99s[-1]} ms" \
            "${nginx_errors:+($nginx_errors) }| $name ${mock_runs[-1]} req/s p50 ${mock_p50s[-1]} ms" \
            "p99 ${mock_p99s[-1]} ms${mock_errors:+ ($mock_errors)}"
    done
    column() { printf '%s\n' "$@" | spread "${format:-%.2f}"; }
    printf '%s: %s req/s, p50 %s ms, p99 %s ms\n' "$name" "$(format=%.0f column "${mock_runs[@]}")" \
        "$(column "${mock_p50s[@]}")" "$(column "${mock_p99s[@]}")"
    printf '%s nginx: %s req/s, p50 %s ms, p99 %s ms\n' "${name//?/ }" "$(format=%.0f column "${nginx_runs[@]}")" \
        "$(column "${nginx_p50s[@]}")" "$(column "${nginx_p99s[@]}")"
    printf '%s ratio to nginx: req/s %s, p99 %s%s\n' "${name//?/ }" "$(column "${ratios[@]}")" \
        "$(column "${tails[@]}")" "$target"
    printf '%s server CPU per request: %s µs, nginx %s µs\n' "${name//?/ }" \
        "$(format=%.1f column "${mock_cpus[@]}")" "$(format=%.1f column "${nginx_cpus[@]}")"
}

echo "== mock server vs nginx: wrk -t2 -c64 -d${seconds}s, keep-alive, $(wc -c <"$scratch/www/hello") bytes of JSON"
compare mock " (target: req/s ≥ 0.9)" "$mock_pid" "http://127.0.0.1:$nginx_port/hello" "http://127.0.0.1:$mock_port/hello"

# A real generated endpoint: the BKM Express mock, a session opened once, then checkStatus over and
# over; nginx serves the same bytes at the same path.
.build/release/bkm-express-mock --port 0 >"$scratch/bkm.out" &
bkm_pid=$!
for _ in $(seq 100); do grep -q "listening on" "$scratch/bkm.out" 2>/dev/null && break; sleep 0.1; done
bkm_url=$(awk '/listening on/ {print $4}' "$scratch/bkm.out")
session=$(curl -sf -X POST "$bkm_url/v1/sessions" -H 'Content-Type: application/json' \
    -d '{"authToken":"test_ci","merchantId":"M","merchantUserId":"u","gsmNo":"5000000004","currencyCode":"TRY"}' \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["data"]["connectionToken"])')
mkdir -p "$scratch/www/v1/wallet"
curl -sf -H "Bex-Connection: $session" "$bkm_url/v1/wallet/status" >"$scratch/www/v1/wallet/status"
cmp <(curl -s "http://127.0.0.1:$nginx_port/v1/wallet/status") \
    <(curl -s -H "Bex-Connection: $session" "$bkm_url/v1/wallet/status")
echo
echo "== BKM Express mock, GET /v1/wallet/status in a session, vs nginx: wrk -t2 -c64 -d${seconds}s," \
    "$(wc -c <"$scratch/www/v1/wallet/status") bytes"
compare "BKM mock" " (target: req/s ≥ 0.6, p99 ≤ 3)" "$bkm_pid" "http://127.0.0.1:$nginx_port/v1/wallet/status" \
    -H "Bex-Connection: $session" "$bkm_url/v1/wallet/status"

[ "$only" = server ] && exit 0

echo
echo "== request parser alone (4 KiB reads, best of 3): ns per byte as the body grows"
"$bin" parser

echo
echo "== client overhead ($rounds runs of 3000 requests each way, alternating, against nginx; per-run medians)"
: >"$scratch/client"
for _ in $(seq "$rounds"); do
    "$bin" client "http://127.0.0.1:$nginx_port/hello" 3000 | tee -a "$scratch/client"
done
printf 'client: generated-style %s µs, bare URLSession %s µs, ratio %s (target ≤ 1.10)\n' \
    "$(awk '{print $4}' "$scratch/client" | tr -d , | spread %.0f)" \
    "$(awk '{print $9}' "$scratch/client" | tr -d , | spread %.0f)" "$(awk '{print $NF}' "$scratch/client" | spread %.3f)"

echo
echo "== crypto: our RSA-OAEP and JWE (2048-bit key) against openssl speed rsa2048, $rounds alternating rounds"
cc -O2 Benchmarks/oaep-ceiling.c -o "$scratch/oaep-ceiling" -lcrypto
: >"$scratch/ours"; : >"$scratch/openssl"; : >"$scratch/ceiling"
for round in $(seq "$rounds"); do
    openssl speed -seconds 2 rsa2048 2>/dev/null | awk -v r="$round" '/^rsa 2048/ {print r, $6, $7}' >>"$scratch/openssl"
    "$bin" crypto 2 | awk -v r="$round" '{print r, $1, $2}' >>"$scratch/ours"
    "$scratch/oaep-ceiling" 2 | awk -v r="$round" '{print r, $1, $2}' >>"$scratch/ceiling"
done
for operation in rsa-oaep-encrypt jwe-encrypt rsa-oaep-decrypt jwe-decrypt; do
    case "$operation" in
        *encrypt) column=3; basename="verify/s"; c_op=c-oaep-encrypt;;
        *) column=2; basename="sign/s"; c_op=c-oaep-decrypt;;
    esac
    # Each round's ratio against the baseline measured in that same round.
    ratios=$(awk -v op="$operation" -v col="$column" -v c_op="$c_op" '
        FILENAME ~ /openssl$/ {base[$1] = $col}
        FILENAME ~ /ceiling$/ && $2 == c_op {ceil[$1] = $3}
        FILENAME ~ /ours$/ && $2 == op {ours[$1] = $3}
        END {for (r in ours) print ours[r], ours[r] / base[r], ours[r] / ceil[r]}' \
        "$scratch/openssl" "$scratch/ceiling" "$scratch/ours")
    printf '%-18s %s ops/s | ratio to openssl speed %s %s (target ≥ 0.9) | to libcrypto OAEP in C %s\n' "$operation" \
        "$(awk '{print $1}' <<<"$ratios" | spread %.0f)" "$basename" "$(awk '{print $2}' <<<"$ratios" | spread)" \
        "$(awk '{print $3}' <<<"$ratios" | spread)"
done
