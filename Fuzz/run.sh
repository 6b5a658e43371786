#!/usr/bin/env bash
# Builds every fuzz target with libFuzzer and AddressSanitizer and runs each for a bounded time.
#
#   bash Fuzz/run.sh [seconds] [targets…]     default: 60 seconds each, every target
#
# A crash, a leak, an out-of-memory (over 2 GB), a timeout (an input over 10 s) or a broken
# invariant fails the run; libFuzzer then writes the input to .build/fuzz-findings/, which is what to
# turn into a regression case (copy it into Fuzz/corpus/<target>/, where a plain build replays it).
# The corpus a run grows stays in .build/fuzz-corpus/, out of the repository; an entry that covers
# new code is added to Fuzz/corpus/<target>/ by hand (`-merge=1` picks those). Each target's figures
# (executions, per second, corpus size) are printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ "${#targets[@]}" -gt 0 ] || targets=(http spec forms jwe wire)
scratch=.build/fuzz
findings=.build/fuzz-findings
grown=.build/fuzz-corpus
mkdir -p "$findings"

for target in "${targets[@]}"; do
    # SwiftPM's --sanitize=fuzzer links libFuzzer but leaves the code without coverage counters; the
    # compiler's own -sanitize=fuzzer adds them to every module, so libFuzzer sees the code under test.
    swift build --scratch-path "$scratch" --sanitize=fuzzer --sanitize=address -Xswiftc -DFUZZING \
        -Xswiftc -sanitize=fuzzer \
        --product "fuzz-$target" 2>&1 | grep -E 'error|warning: unre|Compiling|Build' | tail -3
done
bin=$(swift build --scratch-path "$scratch" --show-bin-path)

failed=0
printf '%-8s %10s %10s %8s %8s %s\n' target seconds executions "per s" corpus result
for target in "${targets[@]}"; do
    mkdir -p "$grown/$target"
    log="$findings/$target.log"
    status=0
    LSAN_OPTIONS="suppressions=$PWD/.ci/lsan-suppressions.txt" "$bin/fuzz-$target" "$grown/$target" "Fuzz/corpus/$target" -dict="Fuzz/dict/$target.dict" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$findings/$target-" >"$log" 2>&1 || status=$?
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
    corpus=$(( $(ls "$grown/$target" | wc -l) + $(ls "Fuzz/corpus/$target" | wc -l) ))
    if [ "$status" -eq 0 ]; then result=ok; else result="FAILED (exit $status, see $log)"; failed=1; fi
    printf '%-8s %10s %10s %8s %8s %s\n' "$target" "$seconds" "${executions:-?}" "${rate:-?}" "$corpus" "$result"
    if [ "$status" -ne 0 ]; then grep -E 'ERROR|Fatal error|Precondition|SUMMARY|Test unit written' "$log" | head -8; fi
done
exit "$failed"
