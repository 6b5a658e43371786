#!/usr/bin/env bash
# The public surface of the three SDKs, their backend modules and the runtime they ship with, as another
# package sees it (no `package` access, no `@_spi(Generated)`): no symbol may expose a session token, a
# server key or a wire plumbing type (request building, wire coding, envelopes, operation tables).
# Run after `swift build`; it lists every leak, one per line, and fails if there is any.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
modules="SpecsmithRuntime BKMExpressLiteSDK BKMExpressLiteBackend PaymentKit PaymentKitBackend OpenNotificationCore OpenNotificationExtension OpenNotification OpenNotificationBackend"
for module in $modules; do
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
        -Xcc -fmodule-map-file=Sources/COpenSSL/module.modulemap \
        -minimum-access-level public -skip-synthesized-members -output-dir "$scratch"
done
python3 .ci/public-surface.py "$scratch"
