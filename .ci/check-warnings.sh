#!/usr/bin/env bash
# Every library product of the package builds with no warning: the targets of each are compiled with
# warnings as errors, into a scratch path of its own under .build so the main build's products stay valid.
# Usage: bash .ci/check-warnings.sh   (from any directory; fails on the first warning)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/warnings-as-errors
# The targets of every library product (a product's sources are its targets'), each once.
targets=$(swift package dump-package | python3 -c '
import json, sys
package = json.load(sys.stdin)
seen = []
for product in package["products"]:
    if "library" in product["type"]:
        seen += [target for target in product["targets"] if target not in seen]
# The generator'"'"'s own modules are not products (only the CLI and the plugins are), and are held to the same.
seen += [target for target in ("SpecsmithCore", "SpecsmithGenerator") if target not in seen]
print("\n".join(seen))
')
[ -n "$targets" ] || { echo "no library targets found"; exit 1; }
for target in $targets; do
    echo "warnings as errors: $target"
    swift build --scratch-path "$scratch" --target "$target" -Xswiftc -warnings-as-errors
done
echo "every library product builds with no warnings"
