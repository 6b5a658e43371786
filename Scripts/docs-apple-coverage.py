"""Every public symbol that exists only on Apple platforms (the manual's views and fields, the
UIKit glue) has a doc comment: the symbols in an SDK's graph as an app sees it
(AppleInterfaces/symbol-graphs.sh) and not in its Linux graph must each carry one.
Overrides of UIKit members are exempt: DocC shows Apple's documentation for them.
Usage: python3 Scripts/docs-apple-coverage.py APPLE_GRAPHS_DIR LINUX_GRAPHS_DIR"""
import json
import pathlib
import sys

apple_root, linux_root = map(pathlib.Path, sys.argv[1:3])
missing, checked = [], 0
for module_dir in sorted(p for p in apple_root.iterdir() if p.is_dir()):
    module = module_dir.name
    linux_file = linux_root / f"{module}.symbols.json"
    linux = {s["identifier"]["precise"] for s in json.loads(linux_file.read_text())["symbols"]} if linux_file.exists() else set()
    for graph in sorted(module_dir.glob("*.symbols.json")):
        data = json.loads(graph.read_text())
        overrides = {r["source"] for r in data.get("relationships", []) if r["kind"] == "overrides"}
        for symbol in data["symbols"]:
            precise = symbol["identifier"]["precise"]
            if precise in linux or precise in overrides:
                continue
            checked += 1
            if not symbol.get("docComment", {}).get("lines"):
                where = symbol.get("location", {})
                # The graphs are made from a scratch copy of Sources/<Module>: name the checked-in file.
                uri = where.get("uri", "?")
                path = "Sources/" + uri[uri.find(f"/{module}/") + 1 :] if f"/{module}/" in uri else uri
                line = where.get("position", {}).get("line", 0) + 1
                missing.append(f"{path}:{line}: {'.'.join(symbol['pathComponents'])} has no doc comment")
print("\n".join(missing) or f"docs-apple-coverage: {checked} Apple-only public symbols, each documented")
sys.exit(1 if missing else 0)
