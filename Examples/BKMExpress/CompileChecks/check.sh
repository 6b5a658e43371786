#!/usr/bin/env bash
# Compile checks of BKMExpressLiteSDK's public surface, run by .ci/run after `swift build`:
# 1. What an app sees: PublicAPI.swift compiles; with any one line that reaches the session token,
#    the wire client, the initialisation context, the card digits or the wire plumbing (the operation
#    table, the envelope) added, it must not. (.ci/check-public-surface.sh checks the symbols of all
#    three SDKs; what a middleware or transport can read at run time is checked by the
#    SessionTokenTests suite: the token reaches neither.) The wire client and `InitializeResponse.connectionToken` stay refused
#    only once the generator keeps them out of the app product.
# 2. The documented catch form (`catch {`, never `catch let error as BKMExpress.Failure`, which
#    swiftlang/swift#89577 can crash): TypedCatch.swift compiles to an object in Swift 5 and Swift 6
#    language modes with warnings as errors.
set -euo pipefail
cd "$(dirname "$0")/../../.."
here=Examples/BKMExpress/CompileChecks
bin=$(swift build --show-bin-path)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
compile() {
    swiftc -parse-as-library -I "$bin/Modules" -Xcc -fmodule-map-file=Sources/COpenSSL/module.modulemap "$@"
}

compile -typecheck -swift-version 6 "$here/PublicAPI.swift"
echo "public API: compiles"
while IFS= read -r line; do
    sed "s|// reach:|$line|" "$here/PublicAPI.swift" >"$scratch/Reach.swift"
    if compile -typecheck -swift-version 6 "$scratch/Reach.swift" 2>"$scratch/errors"; then
        echo "public API: \`$line\` compiles, but app code must not reach it"; exit 1
    fi
    grep -Eq "inaccessible|has no member|protection level|is not a member type|cannot find" "$scratch/errors" \
        || { echo "public API: \`$line\` fails for another reason:"; cat "$scratch/errors"; exit 1; }
    echo "public API: \`$line\` is refused"
done <<'LINES'
_ = api.client.core.sessionToken
_ = api.client
_ = api.context.authToken
_ = input.displayText
_ = BKMExpress.API.current
_ = BKMExpress.SessionGuard.self
_ = BKMExpress.SessionRegistry.current
_ = number.encrypted(for: api.cardKey, operation: "steal")
_ = BKMExpress.Client(environment: .test)
_ = BKMExpress.Client.self
_ = (nil as BKMExpress.InitializeResponse?)?.connectionToken
_ = BKMExpress.Operations.checkStatus
_ = BKMExpress.envelope
LINES

for mode in 5 6; do
    compile -c -swift-version "$mode" -warnings-as-errors "$here/TypedCatch.swift" -o "$scratch/TypedCatch.o"
    echo "documented catch form: compiles in Swift $mode mode with no warnings"
done
