#!/usr/bin/env bash
# Builds every DocC catalog into one static site under .build/docs, and fails on any DocC warning.
#
#   bash Scripts/docs.sh            build .build/docs (one folder per catalog, and an index page)
#   bash Scripts/docs.sh --serve    build, then serve it on http://127.0.0.1:8000 (PORT=… to change)
#
# A catalog is any `Sources/<Module>/<Module>.docc` (documented with that module's symbol graph) or
# `Generator/*.docc` (articles only), so a module that gains a catalog is picked up as it is.
# The SDK modules are documented as an iOS app sees them (AppleInterfaces/symbol-graphs.sh), so
# their UI types are in the site, and every public symbol that exists only on Apple platforms must
# have a doc comment (Scripts/docs-apple-coverage.py). The golden fixture's catalogs (`Tests/Golden/<Module>/<Module>.docc`, the generator's reference articles
# for a spec that uses every construct) are checked the same way but left out of the site.
# Articles take their code from the example programs: a line
#     @Snippet(path: "Examples/…/File.swift", slice: "name")
# is replaced, in a scratch copy of the catalog, by the region between `// snippet: name` and
# `// snippet: end` in that file; a missing file or region fails the build. CI runs every example,
# so every sample in the docs compiles and runs.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS=0
out=.build/docs
docc=$(command -v docc || echo "$(dirname "$(readlink -f "$(command -v swift)")")/docc")
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

shopt -s nullglob
catalogs=(Sources/*/*.docc Generator/*.docc Tests/Golden/*/*.docc)
[ "${#catalogs[@]}" -gt 0 ] || { echo "docs.sh: no DocC catalogs found" >&2; exit 1; }

echo "== symbol graphs (public API, no synthesized members)"
# dump-symbol-graph builds the package, then extracts every module it knows; it exits 1 because the
# test bundles' modules are not built, so what counts is that each catalog's module has its graph.
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
rm -rf "$graphs"
swift package dump-symbol-graph --skip-synthesized-members --minimum-access-level public >"$scratch/dump.log" 2>&1 || true
for catalog in "${catalogs[@]}"; do
    case "$catalog" in
    Sources/* | Tests/*)
        module=$(basename "$(dirname "$catalog")")
        [ -f "$graphs/$module.symbols.json" ] || {
            grep -E 'error:' "$scratch/dump.log" >&2 || cat "$scratch/dump.log" >&2
            echo "docs.sh: no symbol graph for $module" >&2
            exit 1
        }
        ;;
    esac
done

# A module that re-exports others of the package (`@_exported import`) is documented as its users
# see it: the re-exported modules' symbols join its graph, and their catalogs' articles (their root
# pages aside) join its catalog. OpenNotification re-exports its extension's library and the wire client.
reexports() { bash Scripts/reexports.sh "$1"; }
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
for catalog in "${catalogs[@]}"; do
    case "$catalog" in Sources/*) ;; *) continue ;; esac
    module=$(basename "$(dirname "$catalog")")
    allowed=$(reexports "$module" | paste -sd, -)
    [ -n "$allowed" ] || continue
    rm -f "$graphs/$module.symbols.json" "$graphs/$module@"*.symbols.json
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
        -Xcc -fmodule-map-file=Sources/COpenSSL/module.modulemap \
        -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
        -experimental-allowed-reexported-modules="$allowed" -output-dir "$graphs"
done

echo "== symbol graphs of the SDK modules as an iOS app sees them (AppleInterfaces/symbol-graphs.sh)"
# Against the Apple interface modules, the manual's views and fields are public API; their graphs
# replace the Linux ones for those modules, so the SDK catalogs document the UI types too.
apple_graphs="$scratch/apple-graphs"
bash AppleInterfaces/symbol-graphs.sh "$apple_graphs"
python3 Scripts/docs-apple-coverage.py "$apple_graphs" "$graphs"

rm -rf "$out"
mkdir -p "$out"
: >"$scratch/modules.tsv"
failed=0
for catalog in "${catalogs[@]}"; do
    name=$(basename "$catalog" .docc)
    module=""
    case "$catalog" in Sources/* | Tests/*) module=$(basename "$(dirname "$catalog")") ;; esac
    echo "== $name ($catalog)"

    copy="$scratch/$name.docc"
    cp -R "$catalog" "$copy"
    if [ -n "$module" ]; then
        for reexported in $(reexports "$module"); do
            [ -d "Sources/$reexported/$reexported.docc" ] || continue
            mkdir -p "$copy/$reexported"
            (cd "Sources/$reexported/$reexported.docc" && find . -name '*.md' ! -path "./$reexported.md") |
                while read -r article; do
                    mkdir -p "$copy/$reexported/$(dirname "$article")"
                    cp "Sources/$reexported/$reexported.docc/$article" "$copy/$reexported/$article"
                done
        done
    fi
    python3 Scripts/docs-snippets.py "$copy"

    args=()
    if [ -n "$module" ]; then
        mkdir -p "$scratch/graphs/$module"
        cp "$graphs/$module.symbols.json" "$scratch/graphs/$module/"
        for extension in "$graphs/$module@"*.symbols.json; do
            cp "$extension" "$scratch/graphs/$module/"
        done
        # An SDK with Apple-only API: its graph as an app sees it, and its extensions of UIKit.
        if [ -d "$apple_graphs/$module" ]; then
            cp "$apple_graphs/$module/"*.symbols.json "$scratch/graphs/$module/"
        fi
        args+=(--additional-symbol-graph-dir "$scratch/graphs/$module")
    fi
    log="$scratch/$name.log"
    if ! "$docc" convert "$copy" "${args[@]}" \
        --fallback-display-name "$name" --fallback-bundle-identifier "org.specsmith.$name" \
        --analyze --warnings-as-errors --enable-parameters-and-returns-validation \
        --no-transform-for-static-hosting --output-path "$scratch/$name.doccarchive" >"$log" 2>&1 \
        || grep -qE '(warning|error):' "$log"; then
        # Paths in DocC's diagnostics point into the scratch copy; name the checked-in file instead.
        sed "s|$copy|$catalog|g" "$log"
        echo "docs.sh: DocC reported problems in $catalog" >&2
        failed=1
        continue
    fi
    # The golden fixture's catalog (only generated reference articles, for a spec that uses every
    # construct) is checked for warnings like the others, but is not part of the site.
    case "$catalog" in Tests/*) echo "   checked, not published" && continue ;; esac
    "$docc" process-archive transform-for-static-hosting "$scratch/$name.doccarchive" \
        --output-path "$out/$name" --hosting-base-path "$name" >/dev/null
    root=$(ls "$scratch/$name.doccarchive/data/documentation" | sed -n 's/\.json$//p' | head -1)
    printf '%s\t%s\t%s\t%s\n' "$name" "$module" "$root" "$catalog" >>"$scratch/modules.tsv"
done
[ "$failed" = 0 ] || exit 1

python3 Scripts/docs-index.py "$scratch/modules.tsv" "$graphs" "$out"
echo "docs.sh: built $(wc -l <"$scratch/modules.tsv") catalogs into $out in ${SECONDS} s"

if [ "${1:-}" = "--serve" ]; then
    echo "serving $out at http://127.0.0.1:${PORT:-8000}/ (Ctrl-C stops)"
    exec python3 -m http.server --bind 127.0.0.1 --directory "$out" "${PORT:-8000}"
fi
