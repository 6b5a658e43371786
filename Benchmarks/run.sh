#!/usr/bin/env bash
# Specsmith's generator benchmarks. Release build of the CLI; every figure is the median and min–max
# of whole-process runs taken in alternating rounds (each round runs every command once), so drift of
# the machine during the run falls on all of them alike. Usage: bash Benchmarks/run.sh [rounds]
#
#   1. generation: `specsmith generate` of every spec in Spec/ into a scratch folder (wall time and peak
#      resident memory, from /usr/bin/time -v), beside a process that only starts (`specsmith --help`)
#      and `specsmith lint` (read + validate, no generation);
#   2. generated lines per spec, per module;
#   3. compile time of the whole BKM module: a clean SwiftPM rebuild of that one module (its object
#      files and module removed, its dependencies already built), beside the same command with no work.
#      The generated code is not compiled alone: it calls into the SDK's hand-written layer and the
#      runtime's package API, so only the module compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
out="Benchmarks/results"
mkdir -p "$out"
specs=($(ls Spec/*.json | grep -v '\.schema\.json$'))

swift build -c release --product specsmith >/dev/null
bin=".build/release/specsmith"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# "median [min–max]" of a column of numbers, each divided by $1.
summary() {
    sort -n | awk -v scale="$1" '{a[NR]=$1/scale} END {
        m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2
        printf "%.1f [%.1f–%.1f]", m, a[1], a[NR]
    }'
}
file_of() { echo "$out/$(echo "$1" | tr -c 'A-Za-z0-9' '-').txt"; }

# once NAME COMMAND...: runs the command once, appending "wall_us peak_kB" to NAME's file.
once() {
    local name=$1; shift
    rm -rf "$scratch/Sources"
    local start end
    start=$(date +%s%N)
    /usr/bin/time -v "$@" >/dev/null 2>"$scratch/time.txt" || { cat "$scratch/time.txt"; exit 1; }
    end=$(date +%s%N)
    echo "$(( (end - start) / 1000 )) $(awk -F': ' '/Maximum resident set size/ {print $2}' "$scratch/time.txt")" \
        >>"$(file_of "$name")"
}

echo "== generation (release; median [min–max] of $rounds alternating rounds; ${#specs[@]} spec(s) in Spec/)"
names=("process start (specsmith --help)" "lint Spec/ (read + validate)" "generate Spec/")
for name in "${names[@]}"; do : >"$(file_of "$name")"; done
for _ in $(seq "$rounds"); do
    once "${names[0]}" "$bin" --help
    once "${names[1]}" "$bin" lint "${specs[@]}"
    once "${names[2]}" "$bin" generate --sources "$scratch/Sources" "${specs[@]}"
done
for name in "${names[@]}"; do
    printf '%-36s %s ms, %s MB peak RSS\n' "$name" "$(cut -d' ' -f1 "$(file_of "$name")" | summary 1000)" \
        "$(cut -d' ' -f2 "$(file_of "$name")" | summary 1024)"
done

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

# elapsed NAME COMMAND...: runs the command once, appending its wall time in ms to NAME's file.
elapsed() {
    local name=$1; shift
    local start
    start=$(date +%s%N)
    "$@" >/dev/null
    echo $(( ($(date +%s%N) - start) / 1000000 )) >>"$(file_of "$name")"
}

echo
echo "== compile time of the whole BKMExpressLiteSDK module, generated code and SDK layer"
echo "   (clean SwiftPM rebuild, dependencies built; median [min–max] of $rounds alternating rounds)"
rebuild() {
    local configuration=$1
    # Everything the compiler wrote for this module goes; SwiftPM's plan files (output map, sources) stay.
    # SwiftPM's derived sources (the resource bundle accessor of the privacy manifest) stay too.
    find ".build/$configuration/BKMExpressLiteSDK.build" -type f ! -name output-file-map.json ! -name sources \
        ! -path '*/DerivedSources/*' -delete
    rm -f .build/"$configuration"/Modules/BKMExpressLiteSDK.*
    swift build -c "$configuration" --target BKMExpressLiteSDK
}
noop() { swift build -c "$1" --target BKMExpressLiteSDK; }
for configuration in debug release; do
    swift build -c "$configuration" --target BKMExpressLiteSDK >/dev/null
    : >"$(file_of "compile-$configuration")"
    : >"$(file_of "noop-$configuration")"
done
for _ in $(seq "$rounds"); do
    for configuration in debug release; do
        elapsed "compile-$configuration" rebuild "$configuration"
        elapsed "noop-$configuration" noop "$configuration"
    done
done
for configuration in debug release; do
    printf '%-36s %s s\n' "$configuration" "$(summary 1000 <"$(file_of "compile-$configuration")")"
    printf '%-36s %s s\n' "  baseline: same command, no work" "$(summary 1000 <"$(file_of "noop-$configuration")")"
done
