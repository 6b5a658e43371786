#!/usr/bin/env bash
# Runs every BKM Express example twice in a row against one standalone bkm-express-mock
# (`--base-url URL --reset-mock`) and fails unless both runs print the same, and the same as
# Expected/<example>.txt (after its first line, which names the mock's URL): the examples switch on
# every case instead of asserting one, so their output is what pins the paths they take.
# `--update` rewrites the expected files. Run by .ci/run after `swift build`; the mock is started here
# and stopped on every path out.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin=$(swift build --show-bin-path)
scratch=$(mktemp -d)
mkfifo "$scratch/mock.out"
"$bin/bkm-express-mock" --port 0 >"$scratch/mock.out" &
mock_pid=$!
trap 'kill "$mock_pid" 2>/dev/null || true; rm -rf "$scratch"' EXIT
exec 5<"$scratch/mock.out"
read -r _ _ _ url <&5
for example in bkm-wallet bkm-cards bkm-payments bkm-errors bkm-merchant-backend bkm-tour; do
    for run in 1 2; do
        "$bin/$example" --base-url "$url" --reset-mock >"$scratch/$example.$run" \
            || { cat "$scratch/$example.$run"; echo "$example: run $run failed"; exit 1; }
    done
    if ! diff -u "$scratch/$example.1" "$scratch/$example.2"; then
        echo "$example: the second run against one mock printed something else"; exit 1
    fi
    expected="Examples/BKMExpress/Expected/$example.txt"
    if [ "${1:-}" = "--update" ]; then
        tail -n +2 "$scratch/$example.1" >"$expected"
    elif ! tail -n +2 "$scratch/$example.1" | diff -u "$expected" -; then
        echo "$example: the output differs from $expected (bash $0 --update after a deliberate change)"; exit 1
    fi
    echo "$example: two runs against one mock, same output as $expected ($(wc -l <"$scratch/$example.1") lines)"
done
kill -TERM "$mock_pid"
wait "$mock_pid" || true
exec 5<&-
