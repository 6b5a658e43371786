#!/usr/bin/env python3
"""The documentation site in a real browser, as a reader sees it.

Usage: python3 Scripts/docs-browser-check.py [SITE]   (default .build/docs, built by Scripts/docs.sh)

Serves SITE on 127.0.0.1 (an ephemeral port) and opens it in Debian's chromium (/usr/bin/chromium),
driven by Playwright for Python; nothing downloads a browser. DocC's pages are a JavaScript app that
renders from JSON, so every check waits for rendered content, not for the HTML file. It checks:

- the landing page (index.html) links every catalog docs.sh built, each with its one sentence on what
  it is for; its "Start here" links the guide's tutorial first, then each SDK's getting-started
  article, and each of those opens on a DocC page titled as the article; it looks like the DocC pages
  (the same font and link colour, computed in the browser); and at an iPhone's 390×844 with touch it
  passes Scripts/phone_page_checks.py (no sideways scrolling, links at least 44 px high, no external
  asset), leaving screenshots in .build/browser-screenshots/docs-index{,-desktop}.png;
- each catalog's landing page renders its title and every topic group of its landing article;
- the symbol page of `BKMExpress.API.startPayment(context:)` shows its declaration and its doc text;
- the generated error-code article lists code 1049 with its Turkish message from the spec;
- no page throws a JavaScript error.
"""

import functools
import http.server
import json
import pathlib
import re
import sys
import threading

from playwright.sync_api import expect, sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from phone_page_checks import SCREENSHOTS, check_phone_page, phone_context  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
TIMEOUT_MS = 20_000


def check(condition, message):
    if not condition:
        raise SystemExit(f"✗ {message}")
    print(f"  ✓ {message}")


def topic_groups(landing):
    """The `###` headings under `## Topics` of a landing article, in order."""
    groups, in_topics = [], False
    for line in landing.read_text().splitlines():
        if line.startswith("## "):
            in_topics = line.strip() == "## Topics"
        elif in_topics and line.startswith("### "):
            groups.append(line[4:].strip())
    return groups


def landing_article(catalog, name):
    """The catalog's landing article: `# ``Module``` for a module, `@TechnologyRoot` for a guide."""
    articles = sorted(pathlib.Path(catalog).rglob("*.md"))
    for article in articles:
        text = article.read_text()
        if text.startswith(f"# ``{name}``") or "@TechnologyRoot" in text:
            return article
    raise SystemExit(f"✗ {catalog} has no landing article (# ``{name}`` or @TechnologyRoot)")


def title(landing):
    first = landing.read_text().splitlines()[0]
    return first.lstrip("# ").strip("`").strip()


def text_of(inline):
    """The plain text of DocC render JSON's inline content (the abstract of a symbol)."""
    return "".join(part.get("text") or part.get("code") or "" for part in inline)


def heading(page, level, text):
    """A heading of `text`; DocC adds a hidden "in page link" label to each, so match its start."""
    return page.locator(level).filter(has_text=re.compile(r"^\s*" + re.escape(text) + r"(\s|$)")).first


def serve(site):
    handler = functools.partial(QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


# What "the same look" compares: the body's font and the colour of a link in the content.
LOOK = """(linkSelector) => ({
  font: getComputedStyle(document.body).fontFamily,
  link: getComputedStyle(document.querySelector(linkSelector)).color,
})"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def open_page(browser, url, errors):
    page = browser.new_page()
    return load(page, url, errors)


def load(page, url, errors):
    page.set_default_timeout(TIMEOUT_MS)
    page.on("pageerror", lambda error: errors.append(f"{url}: {error}"))
    response = page.goto(url)
    check(response is not None and response.ok, f"{url} answers {response.status if response else 'nothing'}")
    return page


def main(site):
    site = pathlib.Path(site)
    index = json.loads((site / "catalogs.json").read_text())
    catalogs, start = index["catalogs"], index["start"]
    check(len(catalogs) > 0, f"{len(catalogs)} catalogs in {site}")
    server = serve(site)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    errors = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            print(f"landing page ({base}/)")
            page = open_page(browser, f"{base}/", errors)
            expect(page.locator("h1")).to_have_text("Specsmith documentation")
            for catalog in catalogs:
                link = page.get_by_role("link", name=catalog["name"], exact=True)
                expect(link).to_have_attribute("href", f"{catalog['name']}/documentation/{catalog['root']}/")
                expect(page.locator(".topics li", has=link)).to_contain_text(catalog["purpose"])
            check(True, f"links every catalog, each with what it is for ({len(catalogs)})")
            expect(heading(page, "h2", "Start here")).to_be_visible()
            cards = page.locator(".start .cards a")
            expect(cards).to_have_count(len(start))
            check(start[0]["kind"] == "Tutorial" and start[0]["href"].startswith("Specsmith/"),
                  f"Start here begins with the guide's tutorial, {start[0]['title']!r}")
            sdks = [entry["kind"] for entry in start[1:]]
            check({"BKMExpressLiteSDK", "PaymentKit", "OpenNotification"} <= set(sdks),
                  f"then each SDK's getting-started article: {', '.join(sdks)}")
            for number, entry in enumerate(start):
                expect(cards.nth(number)).to_have_attribute("href", entry["href"])
                expect(cards.nth(number)).to_contain_text(entry["title"])
            landing_look = page.evaluate(LOOK, ".start .card-title")
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "docs-index-desktop.png"), full_page=True)
            page.close()
            for entry in start:
                page = open_page(browser, f"{base}/{entry['href']}", errors)
                expect(page.locator("h1")).to_have_text(entry["title"])
                page.close()
            check(True, "every Start here link opens its DocC article")
            docc_page = open_page(browser, f"{base}/{start[1]['href']}", errors)
            expect(docc_page.locator("h1")).to_be_visible()
            docc_look = docc_page.evaluate(LOOK, "main a.inline-link")
            docc_page.close()
            for part in ("font", "link"):
                check(landing_look[part] == docc_look[part],
                      f"the landing page's {part} is the DocC pages' ({landing_look[part]})")
            context = phone_context(browser)
            page = load(context.new_page(), f"{base}/", errors)
            check_phone_page(page, "docs-index", tap_links=".cards a, .topics a", test_page=False, max_bytes=16_000)
            context.close()

            for catalog in catalogs:
                landing = landing_article(catalog["catalog"], catalog["module"] or catalog["name"])
                url = f"{base}/{catalog['name']}/documentation/{catalog['root']}/"
                print(f"{catalog['name']} ({url})")
                page = open_page(browser, url, errors)
                expect(page.locator("h1")).to_have_text(title(landing))
                check(True, f"renders its title, {title(landing)!r}")
                expect(heading(page, "h2", "Topics")).to_be_visible()
                groups = topic_groups(landing)
                check(len(groups) >= 2, f"its landing article has topic groups ({len(groups)})")
                for group in groups:
                    expect(heading(page, "h3", group)).to_be_visible()
                check(True, f"renders every topic group: {', '.join(groups)}")
                page.close()

            print("BKMExpress.API.startPayment(context:)")
            path = "BKMExpressLiteSDK/documentation/bkmexpresslitesdk/bkmexpress/api/startpayment(context:)"
            render = json.loads((site / "BKMExpressLiteSDK/data" / (path.split("/", 1)[1] + ".json")).read_text())
            abstract = text_of(render.get("abstract", []))
            check(abstract.startswith("Starts a payment"), f"its doc comment's summary is {abstract!r}")
            page = open_page(browser, f"{base}/{path}", errors)
            expect(page.locator("h1")).to_have_text("startPayment(context:)")
            declaration = page.locator("section.declaration pre").first
            expect(declaration).to_contain_text(
                re.compile(r"func\s+startPayment\s*\(\s*context\s*:\s*(BKMExpress\.)?StartPaymentContext\s*\)")
            )
            check(True, f"shows the declaration: {' '.join(declaration.inner_text().split())}")
            expect(page.locator("main")).to_contain_text(abstract)
            check(True, "shows the doc text")
            page.close()

            print("the error-code article")
            spec = json.loads(pathlib.Path("Spec/bkm-express-lite.json").read_text())
            name, error = next((name, error) for name, error in spec["errors"].items() if error["code"] == 1049)
            url = f"{base}/BKMExpressLiteSDK/documentation/bkmexpresslitesdk/bkmexpresserrorcodes"
            page = open_page(browser, url, errors)
            row = page.locator("tr", has=page.locator("td", has_text=re.compile(r"^\s*1049\s*$")))
            expect(row).to_have_count(1)
            expect(row).to_contain_text(name)
            expect(row).to_contain_text(error["message"])
            check(True, f"lists 1049 {name}: {error['message']}")
            page.close()
        finally:
            browser.close()
            server.shutdown()
    check(not errors, "no page threw a JavaScript error" + "".join(f"\n    {e}" for e in errors))
    print("✓ the documentation site renders")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".build/docs")
