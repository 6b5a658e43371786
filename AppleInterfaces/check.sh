#!/usr/bin/env bash
# The Apple interface check: type-checks every Apple-only source file, and the manuals' UI samples,
# against the interface modules in this folder (UIKit, SwiftUI, WebKit, UserNotifications, Security,
# CryptoKit), so that
# `canImport(UIKit)` is true on Linux. Each module and sample is checked:
#   - in app mode and in app-extension mode (`-application-extension`). Linux ignores iOS
#     availability, so there `@available(iOSApplicationExtension, unavailable)`, in the interfaces
#     and in our sources alike, becomes a deprecation with warnings as errors: like the real rule,
#     that refuses every use outside declarations marked the same way and allows it inside them;
#   - in Swift 6 and Swift 5 language modes, with warnings as errors.
# Canaries/ holds code the real SDK refuses; each must be refused here as well.
# Needs the debug build (`swift build`): the Linux modules of the runtime are imported from it.
# Usage: bash AppleInterfaces/check.sh
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")/.."
built=.build/debug/Modules
[ -d "$built" ] || { echo "run swift build first"; exit 1; }
# SwiftPM's package name for this checkout, so `package` declarations of the runtime stay visible.
package=$(grep -o '"-package-name","[^"]*"' .build/debug.yaml | head -1 | cut -d'"' -f4)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The SDK modules with Apple-only code, their sources, and what else of the build they import.
# SpecsmithCrypto comes first and without libcrypto's headers, so its Security and CryptoKit backend is
# the one checked, and the SDKs after it import that build of it, as on Apple platforms.
modules=(SpecsmithCrypto BKMExpressLiteSDK PaymentKit OpenNotification)
sources_SpecsmithCrypto="Sources/SpecsmithCrypto"
sources_BKMExpressLiteSDK="Sources/BKMExpressLiteSDK"
sources_PaymentKit="Sources/PaymentKit"
sources_OpenNotification="Sources/OpenNotification"

extension_safe() {
    sed -i 's/@available(iOSApplicationExtension, unavailable)/@available(*, deprecated, message: "not available in app extensions")/g' "$@"
}

failed=0
for mode in app extension; do
    for language in 6 5; do
        run="$scratch/$mode-$language"
        mkdir -p "$run/interfaces" "$run/modules" "$run/cache" "$run/sources"
        cp AppleInterfaces/*.swiftinterface "$run/interfaces/"
        flags=(-swift-version "$language" -warnings-as-errors -parse-as-library
            -I "$run/modules" -I "$run/interfaces" -I "$built" -module-cache-path "$run/cache")
        if [ "$mode" = extension ]; then
            extension_safe "$run"/interfaces/*.swiftinterface
            flags+=(-application-extension)
        fi
        for module in "${modules[@]}"; do
            folder="sources_$module"
            cp -R "${!folder}" "$run/sources/$module"
            # The extension template is not part of the module; it is checked below, as an app's.
            rm -rf "$run/sources/$module/Templates"
            # The libcrypto backend is Linux's; on Apple platforms COpenSSL does not exist.
            rm -rf "$run/sources/$module/OpenSSL"
            files=$(find "$run/sources/$module" -name '*.swift' | sort)
            # shellcheck disable=SC2086
            [ "$mode" = extension ] && extension_safe $files
            # shellcheck disable=SC2086
            if ! swiftc -emit-module -module-name "$module" -package-name "$package" "${flags[@]}" \
                -emit-module-path "$run/modules/$module.swiftmodule" $files 2>"$run/$module.log"; then
                echo "FAIL $module ($mode, Swift $language):"; sed 's/^/    /' "$run/$module.log" | head -60
                failed=1
                continue
            fi
            echo "ok   $module ($mode mode, Swift $language)"
        done
        samples=(Sources/OpenNotification/Templates/NotificationService.swift)
        [ "$mode" = app ] && samples+=(AppleInterfaces/Samples/*.swift)
        for sample in "${samples[@]}"; do
            # A sample the manual writes in Swift 5 says so on its first line.
            if [ "$language" = 6 ] && head -1 "$sample" | grep -q '^// check: Swift 5 only'; then continue; fi
            if ! swiftc -typecheck "${flags[@]}" "$sample" 2>"$run/sample.log"; then
                echo "FAIL $sample ($mode, Swift $language):"; sed 's/^/    /' "$run/sample.log" | head -60
                failed=1
                continue
            fi
            echo "ok   $sample ($mode mode, Swift $language)"
        done
        # Canaries: code the real SDK refuses must be refused here too, or the check proves nothing.
        for canary in AppleInterfaces/Canaries/*.swift; do
            if [ "$mode" = app ] && head -1 "$canary" | grep -q 'extension mode'; then
                # An app may do it: refused in an extension for that reason alone.
                swiftc -typecheck "${flags[@]}" "$canary" || { echo "FAIL $canary is refused in app mode too"; failed=1; }
                continue
            fi
            if swiftc -typecheck "${flags[@]}" "$canary" 2>/dev/null; then
                echo "FAIL $canary compiled ($mode, Swift $language): the interfaces let through what the SDK refuses"
                failed=1
            else
                echo "ok   $canary refused ($mode mode, Swift $language)"
            fi
        done
    done
done
exit $failed
