"""The 3-D Secure flow of the BKM Express mock in a real browser, as an app's web view shows it.

Usage: python3 three_d_secure.py MOCK_BASE_URL

Debian's chromium (/usr/bin/chromium) driven by Playwright for Python; nothing downloads a browser.
For approve and for deny: start a .tds payment over the wire, load TDSInfo.htmlForm (the auto-submitting
form named bkmForm) with tdsURL as its base, check the issuer page the user sees, press its button,
check the final page and its URL (what a web view watches for), then ask controlPayment whether it agrees.
An order ID beginning with DECLINE is approved by the user and declined by the bank.

Every case runs at a desktop's size with the mouse, then at an iPhone's 390×844 with touch, where the
issuer page and the result page also pass Scripts/phone_page_checks.py (viewport, no horizontal
scrolling, tap targets ≥ 44 px, labels, the test page marker, no script or external asset) and leave
a screenshot in .build/browser-screenshots/. Both pages must show the amount as "10.50 TRY", and a
declined result page must say why.
"""

import json
import pathlib
import sys
import urllib.request
import uuid
from urllib.parse import parse_qs, urlparse

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "Scripts"))
from phone_page_checks import check, check_phone_page, phone_context  # noqa: E402

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


# What the result page says when a payment is declined, by whom.
DECLINED_BY_USER = "3-D Secure doğrulaması reddedildi. Kartınızdan ödeme alınmadı."
DECLINED_BY_BANK = "Bankanız ödemeyi onaylamadı. Başka bir kartla deneyebilirsiniz."


def run(base, context, approve, order, phone):
    session = call(base, "POST", "/v1/sessions", {
        "authToken": "test_browser", "merchantId": "TEST_MERCHANT", "merchantUserId": "browser",
        "gsmNo": "5000000004", "currencyCode": "TRY",
    })["connectionToken"]
    started = call(base, "POST", "/v1/payments", {
        "cardId": SALARY_CARD, "security": "TDS", "amount": 10.50,
        "orderId": f"{order}-{'approve' if approve else 'deny'}-{'phone' if phone else 'desktop'}",
        "date": "2026-11-30T10:00:00Z", "transactionId": str(uuid.uuid4()), "installmentCount": 1,
    }, session)
    check(started["next"] == "TDS", "startPayment answers .tds")
    tds = started["tds"]
    token = tds["paymentToken"]
    check(call(base, "GET", f"/v1/payments/{token}", session=session)["status"] == "PENDING",
          "controlPayment is pending while 3-D Secure is open")

    page = context.new_page()
    # A web view loads htmlForm with tdsURL as its base: serve the form at tdsURL for this one load.
    page.route(tds["tdsUrl"], lambda route: route.fulfill(status=200, content_type="text/html", body=tds["htmlForm"])
               if route.request.method == "GET" else route.continue_())
    page.goto(tds["tdsUrl"])
    page.wait_for_selector("text=TESTBANK 3-D Secure")
    check(page.locator("h1").inner_text() == "TESTBANK 3-D Secure", "bkmForm submits itself to the issuer page")
    check(page.locator("button", has_text="Onayla").is_visible() and page.locator("button", has_text="Reddet").is_visible(),
          "the issuer page offers Onayla and Reddet")
    check(page.locator("#amount").inner_text() == "10.50 TRY", "the issuer page shows 10.50 TRY")
    check(page.locator("#card").inner_text() == "Kart: 450803******4509", "and the card only masked")
    if phone:
        check_phone_page(page, "bkm-3ds-issuer")

    button = page.locator("button", has_text="Onayla" if approve else "Reddet")
    button.tap() if phone else button.click()
    page.wait_for_url("**/3ds/result?*")
    query = parse_qs(urlparse(page.url).query)
    approved = approve and not order.startswith("DECLINE")
    expected = "approved" if approved else "declined"
    check(query == {"status": [expected], "paymentToken": [token]},
          f"the final page's URL says {expected} for {token}: what a web view watches for")
    heading = page.locator("h1#status").inner_text()
    check(heading == ("Ödeme onaylandı" if approved else "Ödeme reddedildi"), f"the user reads \"{heading}\"")
    check(page.locator("#amount").inner_text() == "10.50 TRY", "the result page shows 10.50 TRY")
    if not approved:
        reason = DECLINED_BY_USER if not approve else DECLINED_BY_BANK
        error = page.locator("#error")
        check(error.is_visible() and error.inner_text() == reason, f"and says why: {reason!r}")
    if phone:
        check_phone_page(page, f"bkm-3ds-result-{expected}{'-by-bank' if approve and not approved else ''}")
    page.close()

    result = call(base, "GET", f"/v1/payments/{token}", session=session)
    check(result["status"] == "COMPLETED" and result["success"] is approved,
          f"controlPayment agrees: completed, success {str(approved).lower()}")


def main():
    base = sys.argv[1]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            for phone in (False, True):
                context = phone_context(browser) if phone else browser.new_context()
                for approve, order in ((True, "BROWSER"), (False, "BROWSER"), (True, "DECLINE-BROWSER")):
                    size = "phone 390×844, touch" if phone else "desktop"
                    print(f"3-D Secure ({size}), the user {'approves' if approve else 'denies'}, order {order}:")
                    run(base, context, approve, order, phone)
                context.close()
        finally:
            browser.close()


if __name__ == "__main__":
    main()
