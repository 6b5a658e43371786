#!/usr/bin/env bash
# The Apple interface check: type-checks every Apple-only source file, and the manuals' UI samples,
# against the interface modules in this folder (UIKit, SwiftUI, WebKit, UserNotifications, Security,
# CryptoKit), so that
# `canImport(UIKit)` is true on Linux. Each module and sample is checked:
#   - in app mode and in app-extension mode (`-application-extension`). Linux ignores iOS
#     availability, so there `@available(iOSApplicationExtension, unavailable)`, in the interfaces
#     and in our sources alike, becomes a deprecation with warnings as errors: like the real rule,
#     that refuses every use outside declarations marked the same way and allows it inside them;
#   - in Swift 6 and Swift 5 language modes, with warnings as errors, and in a third configuration:
#     Swift 6 with the defaults Xcode 26 gives a new target, for the app's own files;
#   - samples, the extension template and canaries as modules (`-emit-module`), so every diagnostic
#     pass runs (region-based isolation, definite initialisation), not only the type checker.
# Canaries/ holds code the real SDK refuses; each must be refused here as well.
# The manuals' samples that need no UI (Tests/*/SeedSamples.swift) are compiled last, against the
# Linux build, in the three configurations.
# The modules of the OpenNotificationExtension product (what a notification service extension links)
# are held to more: in extension mode their sources are checked as written, with no app-only
# declaration of their own, so no app-only API can hide in them behind the extension marker; and the
# extension template imports that product alone.
# FoundationAppleOnly.swiftinterface holds the Foundation API Linux's Foundation lacks; every file
# checked imports it implicitly, as no source names it.
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
modules=(SpecsmithCrypto BKMExpressLiteSDK PaymentKit OpenNotificationCore OpenNotificationExtension OpenNotification)
sources_SpecsmithCrypto="Sources/SpecsmithCrypto"
sources_BKMExpressLiteSDK="Sources/BKMExpressLiteSDK"
sources_PaymentKit="Sources/PaymentKit"
sources_OpenNotificationCore="Sources/OpenNotificationCore"
sources_OpenNotificationExtension="Sources/OpenNotificationExtension"
sources_OpenNotification="Sources/OpenNotification"
# The modules of the product a notification service extension links, and its template.
extension_product=(OpenNotificationCore OpenNotificationExtension)
template=Sources/OpenNotification/Templates/NotificationService.swift

extension_safe() {
    sed -i 's/@available(iOSApplicationExtension, unavailable)/@available(*, deprecated, message: "not available in app extensions")/g' "$@"
}

failed=0
for module in "${extension_product[@]}"; do
    folder="sources_$module"
    if marked=$(grep -rn 'iOSApplicationExtension, unavailable' "${!folder}"); then
        echo "FAIL $module is linked by extensions and may hold no app-only declaration:"; echo "$marked" | sed 's/^/    /'
        failed=1
    fi
done
imports=$(grep -E '^\s*(@[A-Za-z_()]+ )*import ' "$template" | sed -E 's/.*import ([A-Za-z_]+).*/\1/' | sort -u | tr '\n' ' ')
if [ "$imports" != "OpenNotificationExtension UserNotifications " ]; then
    echo "FAIL $template imports $imports; an extension links OpenNotificationExtension and UserNotifications only"
    failed=1
else
    echo "ok   $template imports OpenNotificationExtension and UserNotifications only"
fi
# What an app's own code is compiled with in each configuration beyond the language mode: the
# defaults Xcode 26 gives a new target are main-actor isolation by default and the "approachable
# concurrency" features (nonisolated async functions run on their caller's actor; conformances
# take the isolation of their type).
xcode26=(-default-isolation MainActor -enable-upcoming-feature NonisolatedNonsendingByDefault
    -enable-upcoming-feature InferIsolatedConformances)
# Compiles an app's file with every diagnostic pass (a module, not a type check alone).
compile_app() {
    local file=$1
    shift
    swiftc -emit-module -module-name CheckedApp -emit-module-path "$run/app/CheckedApp.swiftmodule" "$@" "$file"
}
for mode in app extension; do
    for configuration in 6 5 xcode26; do
        language=${configuration/xcode26/6}
        app_flags=()
        [ "$configuration" = xcode26 ] && app_flags=("${xcode26[@]}")
        run="$scratch/$mode-$configuration"
        mkdir -p "$run/app"
        mkdir -p "$run/interfaces" "$run/modules" "$run/cache" "$run/sources"
        cp AppleInterfaces/*.swiftinterface "$run/interfaces/"
        flags=(-swift-version "$language" -warnings-as-errors -parse-as-library
            -I "$run/modules" -I "$run/interfaces" -I "$built" -module-cache-path "$run/cache"
            -Xfrontend -import-module -Xfrontend FoundationAppleOnly)
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
            # An extension's own modules are checked as written: nothing in them may be app-only.
            if [ "$mode" = extension ] && ! [[ " ${extension_product[*]} " == *" $module "* ]]; then
                # shellcheck disable=SC2086
                extension_safe $files
            fi
            # shellcheck disable=SC2086
            if ! swiftc -emit-module -module-name "$module" -package-name "$package" "${flags[@]}" \
                -emit-module-path "$run/modules/$module.swiftmodule" $files 2>"$run/$module.log"; then
                echo "FAIL $module ($mode, $configuration):"; sed 's/^/    /' "$run/$module.log" | head -60
                failed=1
                continue
            fi
            echo "ok   $module ($mode mode, $configuration)"
        done
        samples=("$template")
        [ "$mode" = app ] && samples+=(AppleInterfaces/Samples/*.swift)
        for sample in "${samples[@]}"; do
            # A sample that a configuration refuses as the manual writes it says so on its first line
            # (`// check: not in 6`), and why below it.
            if head -1 "$sample" | grep -qE "^// check: not in .*\\b$configuration\\b"; then
                echo "skip $sample ($mode mode, $configuration): its first lines say why"
                continue
            fi
            if ! compile_app "$sample" "${flags[@]}" "${app_flags[@]}" 2>"$run/sample.log"; then
                echo "FAIL $sample ($mode, $configuration):"; sed 's/^/    /' "$run/sample.log" | head -60
                failed=1
                continue
            fi
            echo "ok   $sample ($mode mode, $configuration)"
        done
        # Canaries: code the real SDK refuses must be refused here too, or the check proves nothing.
        for canary in AppleInterfaces/Canaries/*.swift; do
            if [ "$mode" = app ] && head -1 "$canary" | grep -q 'extension mode'; then
                # An app may do it: refused in an extension for that reason alone.
                compile_app "$canary" "${flags[@]}" "${app_flags[@]}" \
                    || { echo "FAIL $canary is refused in app mode too"; failed=1; }
                continue
            fi
            # A canary of Swift 6's checks says so; Swift 5 mode lets it through as a warning.
            if [ "$language" = 5 ] && head -3 "$canary" | grep -q 'Swift 6 only'; then continue; fi
            if compile_app "$canary" "${flags[@]}" "${app_flags[@]}" 2>/dev/null; then
                echo "FAIL $canary compiled ($mode, $configuration): the interfaces let through what the SDK refuses"
                failed=1
            else
                echo "ok   $canary refused ($mode mode, $configuration)"
            fi
        done
    done
done

# The manuals' samples that need no UI, kept in the SDKs' test targets (Tests/*/SeedSamples.swift),
# compiled as an app's module against the Linux build in each configuration. Warnings count as
# errors but one: BKM's manual ends its `do` blocks with `catch let error as BKMExpress.Failure`,
# which the compiler calls "always true" under typed throws (every call throws that type); the
# samples keep the manual's catch as written.
for configuration in 6 5 xcode26; do
    language=${configuration/xcode26/6}
    app_flags=()
    [ "$configuration" = xcode26 ] && app_flags=("${xcode26[@]}")
    run="$scratch/seed-$configuration"
    mkdir -p "$run/app" "$run/cache"
    for sample in Tests/*/SeedSamples.swift; do
        if ! compile_app "$sample" -swift-version "$language" -parse-as-library -I "$built" \
            -Xcc -fmodule-map-file=Sources/COpenSSL/module.modulemap -module-cache-path "$run/cache" \
            "${app_flags[@]}" >"$run/sample.log" 2>&1 \
            || grep 'warning:' "$run/sample.log" | grep -qv "'as' test is always true"; then
            echo "FAIL $sample ($configuration):"; grep -E 'error:|warning:' "$run/sample.log" | sed 's/^/    /' | head -40
            failed=1
            continue
        fi
        echo "ok   $sample ($configuration)"
    done
done
exit $failed
