#!/usr/bin/env bash
# The sanitizer runs of .ci/run, each in a build directory of its own:
#
#   1. ThreadSanitizer over the test targets of the runtime, the mock, the crypto, the three SDKs,
#      the REST fixtures and the golden fixture (every test target but the generator's, whose tests
#      compile and run other programs and hold no shared state of ours; they would double the run).
#      Any report fails, whether or not its test passed.
#   2. AddressSanitizer (with LeakSanitizer) over the standalone bkm-express-mock while the
#      robustness suite's hostile input runs against it, then while a minute of mixed traffic and
#      injected faults (Benchmarks/soak-traffic.py) does. Any report, at any time or at exit, fails.
#
# Usage: bash .ci/sanitizers.sh [soak-seconds]
set -euo pipefail
cd "$(dirname "$0")/.."
soak_seconds="${1:-60}"
logs=.build/sanitizer-logs
rm -rf "$logs"
mkdir -p "$logs"
export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan-suppressions.txt"

echo "-- ThreadSanitizer: build"
swift build --build-tests --sanitize=thread --scratch-path .build/tsan 2>&1 | grep -E 'error|Build complete' | tail -3
echo "-- ThreadSanitizer: tests"
status=0
TSAN_OPTIONS="halt_on_error=0" swift test --skip-build --sanitize=thread --scratch-path .build/tsan \
    --filter "SpecsmithRuntimeTests|SpecsmithMockTests|SpecsmithCryptoTests|BKMExpressLiteSDKTests|PaymentKitTests|OpenNotificationTests|OpenNotificationExtensionTests|RESTFixtureTests|GoldenKitTests" \
    >"$logs/tsan.log" 2>&1 || status=$?
reports=$(grep -c "WARNING: ThreadSanitizer" "$logs/tsan.log" || true)
grep -E "Test run with|Executed .* tests" "$logs/tsan.log" | tail -2
echo "ThreadSanitizer reports: $reports"
if [ "$status" -ne 0 ] || [ "$reports" -ne 0 ]; then
    grep -E -A12 "WARNING: ThreadSanitizer|recorded an issue" "$logs/tsan.log" | head -60
    echo "ThreadSanitizer run failed (exit $status, $reports reports; $logs/tsan.log)"
    exit 1
fi

echo "-- AddressSanitizer: the standalone mock"
swift build --sanitize=address --scratch-path .build/asan --product bkm-express-mock 2>&1 | grep -E 'error|Build of' | tail -2
mock=.build/asan/debug/bkm-express-mock
echo "-- AddressSanitizer: hostile input (.ci/robustness.py)"
ROBUSTNESS_SANITIZED=1 timeout 600 python3 .ci/robustness.py "$mock" 2>"$logs/asan-robustness.log"
echo "-- AddressSanitizer: $soak_seconds s of mixed traffic and injected faults"
"$mock" --port 0 >"$logs/asan-soak.out" 2>"$logs/asan-soak.log" &
pid=$!
for _ in $(seq 200); do grep -q listening "$logs/asan-soak.out" && break; sleep 0.1; done
port=$(sed -n 's/.*127\.0\.0\.1:\([0-9]*\).*/\1/p' "$logs/asan-soak.out" | head -1)
python3 Benchmarks/soak-traffic.py "$port" "$soak_seconds" 8
kill -TERM "$pid"
wait "$pid" || true
for log in "$logs/asan-robustness.log" "$logs/asan-soak.log"; do
    if grep -q "Sanitizer" "$log"; then
        grep -E -A20 "ERROR: (Address|Leak)Sanitizer" "$log" | head -60
        echo "AddressSanitizer reported in $log"
        exit 1
    fi
done
echo "AddressSanitizer reports: 0"
