"""Checks that a page works on a phone, shared by the browser checks of the mocks' pages and the docs.

Import it after putting Scripts/ on sys.path. `phone_context(browser)` opens a 390×844 touch context
(an iPhone's viewport, `is_mobile`, so the page's viewport meta decides the layout width as Safari's
does); `check_phone_page(page, name)` asserts on the loaded page and saves a full-page screenshot to
.build/browser-screenshots/NAME.png for a person to look at (CI keeps that folder as an artefact).

What it asserts:
- a viewport meta with width=device-width, and a layout as wide as the phone (390 CSS px);
- no horizontal overflow: the document's scrollWidth is not more than its clientWidth;
- every visible control (button, input, select, textarea, and links matching `tap_links`) is at least
  44 px high, the smallest tap target Apple's guidelines allow;
- every visible input is named by a <label for=…> whose `for` is its id (not merely wrapped);
- with `test_page=True`, the "test page" banner (#test-page-marker) is visible;
- no script and no external resource (font, style sheet, image) was loaded, and the HTML is small.
"""

import pathlib

PHONE = {"width": 390, "height": 844}
MIN_TAP_PX = 44
SCREENSHOTS = pathlib.Path(__file__).resolve().parent.parent / ".build" / "browser-screenshots"

FACTS = """(tapLinks) => {
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const describe = (el) => ({ tag: el.tagName.toLowerCase(), id: el.id,
    text: (el.innerText || el.value || el.getAttribute('href') || '').trim().slice(0, 40),
    height: Math.round(el.getBoundingClientRect().height * 10) / 10 });
  const selector = 'button, input:not([type=hidden]), select, textarea' + (tapLinks ? ', ' + tapLinks : '');
  const inputs = [...document.querySelectorAll('input:not([type=hidden]), select, textarea')].filter(visible);
  const marker = document.getElementById('test-page-marker');
  return {
    viewport: document.querySelector('meta[name=viewport]')?.getAttribute('content') || '',
    clientWidth: document.documentElement.clientWidth,
    scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
    controls: [...document.querySelectorAll(selector)].filter(visible).map(describe),
    unlabelled: inputs.filter((el) => !el.id || ![...el.labels].some((l) => l.htmlFor === el.id)).map(describe),
    marker: marker && visible(marker) ? marker.innerText.trim() : null,
    scripts: document.scripts.length,
    // The browser asks for /favicon.ico by itself; anything else was the page's doing.
    resources: performance.getEntriesByType('resource').map((entry) => entry.name)
      .filter((name) => new URL(name).pathname !== '/favicon.ico'),
    size: document.documentElement.outerHTML.length,
  };
}"""


def check(condition, message):
    if not condition:
        raise SystemExit(f"✗ {message}")
    print(f"  ✓ {message}")


def phone_context(browser):
    """A browser context the size of an iPhone's screen, with touch."""
    return browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)


def check_phone_page(page, name, tap_links=None, test_page=True, max_bytes=12_000, scripts_allowed=False):
    """Asserts what the module docstring lists on `page`, then saves its screenshot as NAME.png."""
    facts = page.evaluate(FACTS, tap_links)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    shot = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(shot), full_page=True)
    where = f"{name} at {PHONE['width']}×{PHONE['height']}"
    problems = []

    def expect(condition, problem):
        if not condition:
            problems.append(problem)

    expect("width=device-width" in facts["viewport"], f"no viewport meta with width=device-width: {facts['viewport']!r}")
    expect(facts["clientWidth"] == PHONE["width"], f"laid out {facts['clientWidth']} px wide, not the phone's width")
    expect(facts["scrollWidth"] <= facts["clientWidth"],
           f"scrolls sideways: scrollWidth {facts['scrollWidth']} > clientWidth {facts['clientWidth']}")
    for control in facts["controls"]:
        expect(control["height"] >= MIN_TAP_PX, f"tap target under {MIN_TAP_PX} px: {control}")
    for control in facts["unlabelled"]:
        expect(False, f"input without a <label for> naming its id: {control}")
    if test_page:
        expect(bool(facts["marker"]), "no visible test page marker (#test-page-marker)")
    if not scripts_allowed:
        expect(facts["scripts"] == 0, f"{facts['scripts']} script elements")
        expect(not facts["resources"], f"loads external resources: {facts['resources']}")
        expect(facts["size"] <= max_bytes, f"{facts['size']} bytes of HTML, more than {max_bytes}")
    check(not problems, f"{where}: fits, no sideways scrolling, {len(facts['controls'])} tap targets ≥ {MIN_TAP_PX} px, "
          f"labels tied, {facts['size']} bytes; screenshot {shot.relative_to(SCREENSHOTS.parent.parent)}"
          + "".join(f"\n    {problem}" for problem in problems))
    return facts
