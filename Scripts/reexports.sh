#!/usr/bin/env bash
# The modules a package module re-exports (`@_exported import` in its sources), one a line, sorted;
# nothing for a module with none or a folder that does not exist. Scripts/docs.sh and
# AppleInterfaces/symbol-graphs.sh both document such a module with the re-exported symbols in it.
# Usage: bash Scripts/reexports.sh MODULE   (from the repository root)
set -euo pipefail
[ -d "Sources/$1" ] || exit 0
{ grep -rhoE '^@_exported import [A-Za-z_]+' "Sources/$1" --include='*.swift' || true; } | awk '{print $3}' | sort -u
