#!/usr/bin/env python3
"""Writes .build/docs/index.html, the site's landing page, and prints per module how many public
symbols its symbol graph has and how many of them carry a doc comment.

Arguments: the modules table docs.sh wrote (name, module or empty, root page, catalog), the symbol graph
directory, and the site's directory. A public symbol is one of the module's own graph or of its
extension graphs (`Module@Other.symbols.json`), public or open; synthesized members are already left
out by `dump-symbol-graph --skip-synthesized-members`.

The landing page says where to begin: "Start here" links the guide's tutorial and every catalog's
`GettingStarted` article (title and summary read from the article, the link checked against the
built site), then lists each catalog with one sentence on what it is for: PURPOSES below, or for a
catalog not in it the summary line of its landing article. Its style is its own (no external asset)
and follows DocC's: the same fonts, colours, dark mode, and a hero like a module page's.
"""
import html
import json
import pathlib
import re
import sys

# The guide's tutorial, the first place to begin.
TUTORIAL = ("Specsmith", "WriteYourFirstSpec")
# Each catalog's group on the landing page and what it is for, in a newcomer's words.
PURPOSES = {
    "Specsmith": ("Guide", "How to write a spec, what each construct means, and the command line that turns a "
                  "spec into an SDK and its mock."),
    "BKMExpressLiteSDK": ("SDKs for apps", "BKM Express's wallet in an app: link the user's wallet, add and "
                          "pick cards, and pay with an OTP or 3-D Secure."),
    "PaymentKit": ("SDKs for apps", "Card payments in an app: your own card form encrypted on the device, "
                   "3-D Secure challenges, or the gateway's hosted checkout page."),
    "OpenNotification": ("SDKs for apps", "Push notifications over APNs: register the device, say who the user "
                         "is, and report what happens to every message."),
    "OpenNotificationExtension": ("SDKs for apps", "What a notification service extension links: the delivered "
                                  "report, the image attachment and the buttons, with no app-only API."),
    "OpenNotificationCore": ("Foundations", "OpenNotification's generated wire client, which the app's and the "
                             "extension's libraries re-export and the backend and mock share."),
    "BKMExpressLiteMock": ("Mock servers", "A BKM Express backend on loopback with documented test data, for "
                           "tests, examples and an app in the simulator."),
    "PaymentKitMock": ("Mock servers", "A card-payment gateway on loopback with a test card for every outcome, "
                       "and its challenge and hosted checkout pages."),
    "OpenNotificationMock": ("Mock servers", "An OpenNotification server on loopback that records the exact "
                             "APNs payload of every message, for tests and the simulator."),
    "SpecsmithRuntime": ("Foundations", "What every generated client runs on: the transport, JSON coding, typed "
                         "failures, middlewares and retries."),
    "SpecsmithMock": ("Foundations", "The loopback HTTP server every generated mock plugs into, with request "
                      "validation, a journal and fault injection."),
}
GROUPS = ["Guide", "SDKs for apps", "Mock servers", "Foundations", "Other modules"]
STYLE = pathlib.Path(__file__).with_name("docs-index.css")


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


def title_and_summary(article):
    """An article's `#` title and its first paragraph, as plain text."""
    lines = article.read_text().splitlines()
    title = lines[0].lstrip("# ").strip().strip("`")
    paragraph = []
    for line in lines[1:]:
        if line.strip():
            if line.startswith(("@", "#")):
                break
            paragraph.append(line.strip())
        elif paragraph:
            break
    summary = re.sub(r"``?([^`]+)``?", r"\1", " ".join(paragraph))
    return title, summary


def landing_summary(catalog, name):
    for article in sorted(pathlib.Path(catalog).rglob("*.md")):
        text = article.read_text()
        if text.startswith(f"# ``{name}``") or "@TechnologyRoot" in text:
            return title_and_summary(article)[1]
    raise SystemExit(f"docs-index: {catalog} has no landing article to describe {name} by")


def start_here(catalogs, site):
    """The tutorial, then each catalog's getting-started article, checked against the built pages."""
    wanted = [TUTORIAL] + [(c["name"], "GettingStarted") for c in catalogs if c["name"] != TUTORIAL[0]]
    entries = []
    for name, stem in wanted:
        catalog = next((c for c in catalogs if c["name"] == name), None)
        article = pathlib.Path(catalog["catalog"]) / f"{stem}.md" if catalog else None
        if not article or not article.is_file():
            if (name, stem) == TUTORIAL:
                raise SystemExit(f"docs-index: the tutorial {name}/{stem}.md is missing")
            continue
        href = f"{name}/documentation/{catalog['root']}/{stem.lower()}/"
        if not (site / href / "index.html").is_file():
            raise SystemExit(f"docs-index: {article} was not built at {href}")
        title, summary = title_and_summary(article)
        kind = "Tutorial" if (name, stem) == TUTORIAL else name
        entries.append({"kind": kind, "title": title, "summary": summary, "href": href})
    return entries


def render(catalogs, start):
    e = html.escape
    cards = "\n".join(
        f'<li><a href="{e(s["href"])}"><span class="eyebrow">{e(s["kind"])}</span>'
        f'<span class="card-title">{e(s["title"])}</span><span class="summary">{e(s["summary"])}</span></a></li>'
        for s in start)
    sections = []
    for group in GROUPS:
        members = [c for c in catalogs if c["group"] == group]
        if not members:
            continue
        items = "\n".join(
            f'<li><a href="{e(c["href"])}"><code>{e(c["name"])}</code></a><p>{e(c["purpose"])}</p></li>'
            for c in members)
        sections.append(f'<h3>{e(group)}</h3>\n<ul class="topics">\n{items}\n</ul>')
    return "\n".join([
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>Specsmith documentation</title>",
        f"<style>{STYLE.read_text().strip()}</style></head>",
        '<body><nav class="nav"><span class="nav-title">Specsmith</span> <span>Documentation</span></nav>',
        '<header class="hero"><div class="wrap"><p class="eyebrow">Documentation</p>',
        "<h1>Specsmith documentation</h1>",
        '<p class="abstract">Typed Swift SDKs and the mock servers to test them against, generated from '
        "hand-written JSON API specs. New here? Begin with the tutorial, then the getting-started article of "
        "the SDK you use.</p></div></header>",
        '<main class="wrap"><section class="start" aria-labelledby="start-here">',
        '<h2 id="start-here">Start here</h2>', f'<ul class="cards">\n{cards}\n</ul></section>',
        '<section class="modules" aria-labelledby="modules"><h2 id="modules">Modules</h2>',
        *sections, "</section></main></body></html>",
    ])


def main(table, graphs, site):
    graphs, site = pathlib.Path(graphs), pathlib.Path(site)
    rows = [line.split("\t") for line in pathlib.Path(table).read_text().splitlines()]
    print(f"{'catalog':<24} {'documented / public symbols':>28}")
    catalogs = []
    for name, module, root, catalog in rows:
        group, purpose = PURPOSES.get(name) or ("Other modules", landing_summary(catalog, module or name))
        catalogs.append({"name": name, "module": module, "root": root, "catalog": catalog, "group": group,
                         "purpose": purpose, "href": f"{name}/documentation/{root}/"})
        figure = "articles only"
        if module:
            public, documented, undocumented = coverage(graphs, module)
            figure = f"{documented} / {public}"
            for path in undocumented:
                print(f"  undocumented: {module}.{path}")
        print(f"{name:<24} {figure:>28}")
    start = start_here(catalogs, site)
    (site / "index.html").write_text(render(catalogs, start) + "\n")
    # What the browser check (Scripts/docs-browser-check.py) opens, and where their sources are.
    (site / "catalogs.json").write_text(json.dumps({"catalogs": catalogs, "start": start}, indent=2) + "\n")


if __name__ == "__main__":
    main(*sys.argv[1:])
