#!/usr/bin/env bash
# Specsmith's generator benchmarks. Release build; every figure is a median of whole-process runs,
# with baselines measured in the same run. Usage: bash Benchmarks/run.sh [runs]
#
#   1. generation: `specsmith generate` of every spec in Spec/ into a scratch folder (median wall
#      time and peak resident memory, from /usr/bin/time -v), against a process that only starts
#      (`specsmith --help`) and against `specsmith lint` (read + validate, no generation);
#   2. generated lines per spec, per module;
#   3. compile time of the generated BKM module: a clean rebuild of that one module (its object
#      files and module removed, its dependencies already built), debug and release.
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-10}"
out="Benchmarks/results"
mkdir -p "$out"
specs=(Spec/*.json)
specs=("${specs[@]/Spec\/specsmith.schema.json/}")
specs=($(printf '%s\n' "${specs[@]}" | grep -v '^$'))

swift build -c release --product specsmith >/dev/null
bin=".build/release/specsmith"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# median of a column of numbers
median() { sort -n | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }

# measure NAME COMMAND...: runs it $runs times, prints "NAME median_ms peak_MB". Wall time comes from
# nanosecond clock readings around the whole process; peak memory from /usr/bin/time -v.
measure() {
    local name=$1; shift
    local file="$out/$(echo "$name" | tr -c 'A-Za-z0-9' '-').txt"
    : >"$file"
    for _ in $(seq "$runs"); do
        rm -rf "$scratch/Sources"
        local start end
        start=$(date +%s%N)
        /usr/bin/time -v "$@" >/dev/null 2>"$scratch/time.txt" || { cat "$scratch/time.txt"; exit 1; }
        end=$(date +%s%N)
        echo "$(( (end - start) / 1000 )) $(awk -F': ' '/Maximum resident set size/ {print $2}' "$scratch/time.txt")" >>"$file"
    done
    printf '%-36s %8.1f ms %8.1f MB\n' "$name" "$(echo "$(cut -d' ' -f1 "$file" | median) / 1000" | bc -l)" \
        "$(echo "$(cut -d' ' -f2 "$file" | median) / 1024" | bc -l)"
}

echo "== generation (release, median of $runs whole-process runs; ${#specs[@]} spec(s) in Spec/)"
measure "process start (specsmith --help)" "$bin" --help
measure "lint Spec/ (read + validate)" "$bin" lint "${specs[@]}"
measure "generate Spec/" "$bin" generate --sources "$scratch/Sources" "${specs[@]}"

echo
echo "== generated lines per spec"
for spec in "${specs[@]}"; do
    rm -rf "$scratch/Sources"
    "$bin" generate --sources "$scratch/Sources" "$spec" >/dev/null
    for module in "$scratch"/Sources/*; do
        printf '%-36s %-22s %6d lines in %d files\n' "$spec" "$(basename "$module")" \
            "$(cat "$module"/Generated/*.swift | wc -l)" "$(ls "$module"/Generated/*.swift | wc -l)"
    done
    printf '%-36s %-22s %6d lines\n' "$spec" "(SDK + mock)" "$(cat "$scratch"/Sources/*/Generated/*.swift | wc -l)"
done

echo
echo "== compile time of the generated BKM code alone: swiftc on Sources/BKMExpressLiteSDK/Generated (median of 3)"
for configuration in debug release; do
    swift build -c "$configuration" --target SpecsmithRuntime >/dev/null
    flags=$([ "$configuration" = release ] && echo "-O -wmo" || echo "-Onone -wmo")
    : >"$out/generated-$configuration.txt"
    for _ in $(seq 3); do
        start=$(date +%s%N)
        swiftc $flags -swift-version 6 -parse-as-library -module-name BKMExpressLiteSDK -I ".build/$configuration/Modules" \
            -c Sources/BKMExpressLiteSDK/Generated/*.swift -o "$scratch/generated.o"
        echo $(( ($(date +%s%N) - start) / 1000000 )) >>"$out/generated-$configuration.txt"
    done
    printf '%-36s %8d ms\n' "$configuration" "$(median <"$out/generated-$configuration.txt")"
done

echo
echo "== compile time of the whole BKMExpressLiteSDK module, generated code and SDK layer (clean rebuild; dependencies built)"
for configuration in debug release; do
    swift build -c "$configuration" --target BKMExpressLiteSDK >/dev/null
    : >"$out/compile-$configuration.txt"
    for _ in $(seq 3); do
        # Everything the compiler wrote for this module goes; SwiftPM's plan files (output map, sources) stay.
        find ".build/$configuration/BKMExpressLiteSDK.build" -type f ! -name output-file-map.json ! -name sources -delete
        rm -f .build/"$configuration"/Modules/BKMExpressLiteSDK.*
        start=$(date +%s%N)
        swift build -c "$configuration" --target BKMExpressLiteSDK >/dev/null
        echo $(( ($(date +%s%N) - start) / 1000000 )) >>"$out/compile-$configuration.txt"
    done
    printf '%-36s %8d ms (median of 3)\n' "$configuration" "$(median <"$out/compile-$configuration.txt")"
    # The same command with nothing to do: what SwiftPM itself costs, to read the figure above against.
    : >"$out/noop-$configuration.txt"
    for _ in $(seq 3); do
        start=$(date +%s%N)
        swift build -c "$configuration" --target BKMExpressLiteSDK >/dev/null
        echo $(( ($(date +%s%N) - start) / 1000000 )) >>"$out/noop-$configuration.txt"
    done
    printf '%-36s %8d ms (median of 3)\n' "  baseline: same command, no work" "$(median <"$out/noop-$configuration.txt")"
done
