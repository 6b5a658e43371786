#!/usr/bin/env bash
# Every line the documentation gives for depending on Specsmith resolves, offline, against HEAD.
#
# The lines are read from README.md, the DocC catalogs and the build-plugin demo's manifest: each
# `.package(url: "https://github.com/specsmith/specsmith.git", …)`, whatever its requirement
# (`branch:`, `from:`, `.upToNextMinor(from:)`, `exact:`). For each, a copy of the demo's manifest
# gets that line, and SwiftPM resolves it with no network through a mirror: a scratch clone of HEAD
# whose `main` branch is HEAD and which carries a tag for every version the lines name, as the
# release that tag stands for would. A line that does not parse, or a requirement HEAD cannot meet,
# fails, so the docs cannot show a dependency line that fails for the user who copies it.
#
# Usage: bash .ci/check-dependency-lines.sh
set -euo pipefail
cd "$(dirname "$0")/.."
url=https://github.com/specsmith/specsmith.git
mapfile -t lines < <(python3 - "$url" <<'PYEOF'
import pathlib, re, sys
url = sys.argv[1]
files = [pathlib.Path("README.md"), pathlib.Path("Examples/BuildPluginDemo/Package.swift")]
files += sorted(pathlib.Path(".").glob("Generator/*.docc/**/*.md"))
files += sorted(pathlib.Path(".").glob("Sources/*/*.docc/**/*.md"))
found = set()
for path in files:
    for line in path.read_text(encoding="utf-8").splitlines():
        start = line.find(f'.package(url: "{url}"')
        if start < 0:
            continue
        depth, end = 0, None
        for index in range(start, len(line)):
            if line[index] == "(":
                depth += 1
            elif line[index] == ")":
                depth -= 1
                if depth == 0:
                    end = index + 1
                    break
        if end is None:
            sys.exit(f"{path}: an unclosed dependency line: {line.strip()}")
        found.add(line[start:end])
for line in sorted(found):
    print(line)
PYEOF
)
[ "${#lines[@]}" -gt 0 ] || { echo "no dependency line for Specsmith in the docs"; exit 1; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git init --quiet "$scratch/specsmith"
git -C "$scratch/specsmith" fetch --quiet --no-tags "$PWD" HEAD
git -C "$scratch/specsmith" checkout --quiet -B main FETCH_HEAD
head=$(git -C "$scratch/specsmith" rev-parse HEAD)
for version in $(printf '%s\n' "${lines[@]}" | grep -oE '"[0-9]+\.[0-9]+\.[0-9]+"' | tr -d '"' | sort -u); do
    git -C "$scratch/specsmith" tag "$version"
done

offline=(env GIT_ALLOW_PROTOCOL=file)
if unshare -n true 2>/dev/null; then offline=(unshare -n "${offline[@]}"); fi

demo_line=$(grep -oE '\.package\(url: "[^"]*", from: "[^"]*"\)' Examples/BuildPluginDemo/Package.swift)
count=0
for line in "${lines[@]}"; do
    count=$((count + 1))
    package="$scratch/app-$count"
    mkdir -p "$package"
    cp -R Examples/BuildPluginDemo/. "$package/"
    rm -rf "$package/.build" "$package/Package.resolved"
    LINE="$line" DEMO="$demo_line" python3 - "$package/Package.swift" <<'PYEOF'
import os, pathlib, sys
path = pathlib.Path(sys.argv[1])
text = path.read_text()
assert os.environ["DEMO"] in text
path.write_text(text.replace(os.environ["DEMO"], os.environ["LINE"]))
PYEOF
    (
        cd "$package"
        swift package config set-mirror --original "$url" --mirror "$scratch/specsmith"
        "${offline[@]}" swift package --disable-dependency-cache resolve >"$scratch/resolve-$count.log" 2>&1 \
            || { cat "$scratch/resolve-$count.log"; echo "does not resolve: $line"; exit 1; }
        grep -q "\"revision\" : \"$head\"" Package.resolved \
            || { cat Package.resolved; echo "resolved to another commit than HEAD: $line"; exit 1; }
    )
    echo "resolves offline to HEAD: $line"
done
