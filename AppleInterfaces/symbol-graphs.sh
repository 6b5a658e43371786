#!/usr/bin/env bash
# Symbol graphs of the SDK modules as an iOS app sees them: each module compiled against the
# interface modules in this folder, app mode, Swift 6, so `canImport(UIKit)` is true and the
# manual's views and fields (BKMExpressCardNumberField, the PaymentKit text fields, …) are part of
# the public API that DocC documents. Scripts/docs.sh uses these graphs for the SDK catalogs. A
# module that re-exports others of the package (OpenNotification) gets their symbols in its graph,
# as docs.sh does for the Linux graphs.
# Needs the debug build (`swift build`), as check.sh does.
# Usage: bash AppleInterfaces/symbol-graphs.sh OUTPUT_DIR   (one folder per module inside it)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: symbol-graphs.sh OUTPUT_DIR}
built=.build/debug/Modules
[ -d "$built" ] || { echo "run swift build first"; exit 1; }
package=$(grep -o '"-package-name","[^"]*"' .build/debug.yaml | head -1 | cut -d'"' -f4)
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/modules" "$scratch/cache" "$out"
# In dependency order: SpecsmithCrypto with its Security and CryptoKit backend, as on Apple
# platforms; the SDKs import that build of it.
for module in SpecsmithCrypto BKMExpressLiteSDK PaymentKit OpenNotificationCore OpenNotificationExtension \
    OpenNotification; do
    cp -R "Sources/$module" "$scratch/$module"
    rm -rf "$scratch/$module/Templates" "$scratch/$module/OpenSSL"
    find "$scratch/$module" -name '*.swift' | sort >"$scratch/$module.files"
    swiftc -emit-module -module-name "$module" -package-name "$package" -swift-version 6 -parse-as-library \
        -I "$scratch/modules" -I AppleInterfaces -I "$built" -module-cache-path "$scratch/cache" \
        -Xfrontend -import-module -Xfrontend FoundationAppleOnly \
        -emit-module-path "$scratch/modules/$module.swiftmodule" @"$scratch/$module.files"
    mkdir -p "$out/$module"
    allowed=$(bash Scripts/reexports.sh "$module" | paste -sd, -)
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$scratch/modules" -I AppleInterfaces \
        -I "$built" -module-cache-path "$scratch/cache" -minimum-access-level public -skip-synthesized-members \
        ${allowed:+-emit-extension-block-symbols -experimental-allowed-reexported-modules="$allowed"} \
        -output-dir "$out/$module"
done
