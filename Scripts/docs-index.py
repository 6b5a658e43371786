#!/usr/bin/env python3
"""Writes .build/docs/index.html, linking every catalog docs.sh built, and prints per module how many
public symbols its symbol graph has and how many of them carry a doc comment.

Arguments: the modules table docs.sh wrote (name, module or empty, root page, catalog), the symbol graph
directory, and the site's directory. A public symbol is one of the module's own graph or of its
extension graphs (`Module@Other.symbols.json`), public or open; synthesized members are already left
out by `dump-symbol-graph --skip-synthesized-members`.
"""
import html
import json
import pathlib
import sys


def coverage(graphs, module):
    public = documented = 0
    undocumented = []
    files = [graphs / f"{module}.symbols.json", *sorted(graphs.glob(f"{module}@*.symbols.json"))]
    for file in files:
        for symbol in json.loads(file.read_text())["symbols"]:
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            public += 1
            lines = (symbol.get("docComment") or {}).get("lines", [])
            if any(line.get("text", "").strip() for line in lines):
                documented += 1
            else:
                undocumented.append(".".join(symbol["pathComponents"]))
    return public, documented, undocumented


def main(table, graphs, site):
    graphs, site = pathlib.Path(graphs), pathlib.Path(site)
    rows = [line.split("\t") for line in pathlib.Path(table).read_text().splitlines()]
    items = []
    print(f"{'catalog':<24} {'documented / public symbols':>28}")
    catalogs = []
    for name, module, root, catalog in rows:
        catalogs.append({"name": name, "module": module, "root": root, "catalog": catalog})
        figure = "articles only"
        if module:
            public, documented, undocumented = coverage(graphs, module)
            figure = f"{documented} / {public}"
            for path in undocumented:
                print(f"  undocumented: {module}.{path}")
        print(f"{name:<24} {figure:>28}")
        href = f"{name}/documentation/{root}/"
        items.append(f'<li><a href="{html.escape(href)}">{html.escape(name)}</a> — {html.escape(figure)}</li>')
    page = "\n".join([
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8"><title>Specsmith documentation</title></head>',
        "<body><h1>Specsmith documentation</h1>",
        "<p>One DocC site per catalog; figures are documented / public symbols.</p>",
        "<ul>", *items, "</ul>", "</body></html>",
    ])
    (site / "index.html").write_text(page + "\n")
    # What the browser check (Scripts/docs-browser-check.py) opens, and where their sources are.
    (site / "catalogs.json").write_text(json.dumps(catalogs, indent=2) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
