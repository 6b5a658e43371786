"""The 3-D Secure flow of the BKM Express mock in a real browser, as an app's web view shows it.

Usage: python3 three_d_secure.py MOCK_BASE_URL

Debian's chromium (/usr/bin/chromium) driven by Playwright for Python; nothing downloads a browser.
For approve and for deny: start a .tds payment over the wire, load TDSInfo.htmlForm (the auto-submitting
form named bkmForm) with tdsURL as its base, check the issuer page the user sees, press its button,
check the final page and its URL (what a web view watches for), then ask controlPayment whether it agrees.
"""

import json
import sys
import urllib.request
import uuid
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
SALARY_CARD = "019d2dad-34bc-7b00-959d-0bef3009afa5"  # BKMExpressTestData.linkedGSM's first card


def call(base, method, path, body=None, session=None):
    request = urllib.request.Request(
        base.rstrip("/") + path,
        method=method,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **({"Bex-Connection": session} if session else {})},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        envelope = json.load(response)
    assert envelope["result"] == "ok", envelope
    return envelope["data"]


def check(condition, message):
    if not condition:
        raise SystemExit(f"✗ {message}")
    print(f"  ✓ {message}")


def run(base, browser, approve):
    session = call(base, "POST", "/v1/sessions", {
        "authToken": "test_browser", "merchantId": "TEST_MERCHANT", "merchantUserId": "browser",
        "gsmNo": "5000000004", "currencyCode": "TRY",
    })["connectionToken"]
    started = call(base, "POST", "/v1/payments", {
        "cardId": SALARY_CARD, "security": "TDS", "amount": 10.50, "orderId": f"BROWSER-{approve}",
        "date": "2026-11-30T10:00:00Z", "transactionId": str(uuid.uuid4()), "installmentCount": 1,
    }, session)
    check(started["next"] == "TDS", "startPayment answers .tds")
    tds = started["tds"]
    token = tds["paymentToken"]
    check(call(base, "GET", f"/v1/payments/{token}", session=session)["status"] == "PENDING",
          "controlPayment is pending while 3-D Secure is open")

    page = browser.new_page()
    # A web view loads htmlForm with tdsURL as its base: serve the form at tdsURL for this one load.
    page.route(tds["tdsUrl"], lambda route: route.fulfill(status=200, content_type="text/html", body=tds["htmlForm"])
               if route.request.method == "GET" else route.continue_())
    page.goto(tds["tdsUrl"])
    page.wait_for_selector("text=TESTBANK 3-D Secure")
    check(page.locator("h1").inner_text() == "TESTBANK 3-D Secure", "bkmForm submits itself to the issuer page")
    check(page.locator("button", has_text="Onayla").is_visible() and page.locator("button", has_text="Reddet").is_visible(),
          "the issuer page offers Onayla and Reddet")

    page.locator("button", has_text="Onayla" if approve else "Reddet").click()
    page.wait_for_url("**/3ds/result?*")
    query = parse_qs(urlparse(page.url).query)
    expected = "approved" if approve else "declined"
    check(query == {"status": [expected], "paymentToken": [token]},
          f"the final page's URL says {expected} for {token}: what a web view watches for")
    heading = page.locator("h1#status").inner_text()
    check(heading == ("Ödeme onaylandı" if approve else "Ödeme reddedildi"), f"the user reads \"{heading}\"")
    page.close()

    result = call(base, "GET", f"/v1/payments/{token}", session=session)
    check(result["status"] == "COMPLETED" and result["success"] is approve,
          f"controlPayment agrees: completed, success {str(approve).lower()}")


def main():
    base = sys.argv[1]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for approve in (True, False):
                print(f"3-D Secure, the user {'approves' if approve else 'denies'}:")
                run(base, browser, approve)
        finally:
            browser.close()


if __name__ == "__main__":
    main()
