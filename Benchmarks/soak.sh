#!/usr/bin/env bash
# A memory soak of a standalone mock: mixed traffic and faults (Benchmarks/soak-traffic.py) against
# a release `bkm-express-mock` for N minutes, sampling its resident memory from /proc every
# INTERVAL seconds. Prints each sample (RSS and peak RSS, in MiB, and the journal's size) and, at the
# end, the first and last samples after warm-up beside each other: a flat line is the claim.
#
# It measures memory, not time, so the traffic runs at the lowest priority and does not take the CPU
# lock; only the build takes it (SOAK_BUILD=0 skips it when the release binary is fresh).
# Usage: bash Benchmarks/soak.sh [minutes] [interval-seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes="${1:-10}"
interval="${2:-30}"
if [[ "${SOAK_BUILD:-1}" == 1 ]]; then
    flock /tmp/specsmith-cpu.lock swift build -c release --product bkm-express-mock >/dev/null
fi
bin=".build/release/bkm-express-mock"
log=$(mktemp)
"$bin" --port 0 >"$log" &
mock=$!
trap 'kill "$mock" 2>/dev/null; rm -f "$log"' EXIT
for _ in $(seq 100); do grep -q listening "$log" && break; sleep 0.1; done
port=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -1)
echo "mock pid $mock on port $port, $minutes min, a sample every $interval s"

nice -n 19 python3 Benchmarks/soak-traffic.py "$port" $((minutes * 60)) 16 &
traffic=$!
samples=()
start=$(date +%s)
while kill -0 "$traffic" 2>/dev/null; do
    sleep "$interval"
    rss=$(awk '/VmRSS/ {print $2}' /proc/$mock/status)
    hwm=$(awk '/VmHWM/ {print $2}' /proc/$mock/status)
    entries=$(curl -s -H "Host: 127.0.0.1:$port" "http://127.0.0.1:$port/__mock/journal?limit=0" -o /dev/null \
        -w '%{http_code}')
    line=$(awk -v t=$(($(date +%s) - start)) -v r="$rss" -v h="$hwm" \
        'BEGIN {printf "t=%4ds rss %.1f MiB peak %.1f MiB", t, r / 1024, h / 1024}')
    echo "$line (journal answers $entries)"
    samples+=("$rss")
done
wait "$traffic"
count=${#samples[@]}
if ((count >= 3)); then
    first=${samples[1]}  # the second sample: after warm-up has filled the journal once
    last=${samples[$((count - 1))]}
    awk -v f="$first" -v l="$last" -v p="$(awk '/VmHWM/ {print $2}' /proc/$mock/status)" 'BEGIN {
        printf "first %.1f MiB, last %.1f MiB (%+.1f%%), peak %.1f MiB\n", f / 1024, l / 1024, (l - f) * 100 / f, p / 1024
    }'
fi
