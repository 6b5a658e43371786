#!/usr/bin/env bash
# The platform floor is iOS 15 / macOS 12 (the seeds'). The Linux compiler does not check Apple
# availability, so this lists every use in an SDK, runtime, crypto or mock module of an API that needs
# more: Synchronization (iOS 18), Duration and the clocks, Task.sleep(for:), Swift Regex and the
# collection algorithms that came with it, URL's path APIs and AsyncStream.makeStream (iOS 16–17),
# and any @available annotation above the floor. Exit 1 when there is one.
set -euo pipefail
cd "$(dirname "$0")/.."
patterns=(
    '^\s*import Synchronization'
    '\bMutex<|\bAtomic<'
    '\bDuration\b|ContinuousClock|SuspendingClock|\.sleep\(for:|\.sleep\(until:'
    '\bRegex\b|#/|\.firstMatch\(of:|\.wholeMatch\(of:|\.prefixMatch\(of:|\.ranges\(of:|\.trimmingPrefix\('
    'appending\(path:|appending\(component:|URL\(filePath:|\.path\(percentEncoded:|URL\.(homeDirectory|temporaryDirectory|documentsDirectory)\b'
    '\.makeStream\(|\.formatted\(\.(iso8601|number)'
    '@available\((iOS|macOS) (1[6-9]|[2-9][0-9])'
)
status=0
for pattern in "${patterns[@]}"; do
    # Comment lines may name what they avoid.
    if hits=$(git grep -n -P "^(?!\s*//).*($pattern)" -- 'Sources/*.swift'); then
        echo "$hits"
        status=1
    fi
done
if [ "$status" = 0 ]; then
    echo "no API above iOS 15 / macOS 12 in Sources/"
else
    echo "the lines above need more than the iOS 15 / macOS 12 floor" >&2
fi
exit "$status"
