"""PaymentKit's web pages in headless Chromium (Debian's chromium, driven by Playwright for Python):
the issuer challenge page (approve, deny, cancel) on a card session made with jwcrypto, and the
hosted checkout page (frictionless, challenge approved and denied, cancel). Nothing downloads a browser.

Every flow runs twice: at a desktop's size with the mouse, then at an iPhone's 390×844 with touch,
where each page also passes Scripts/phone_page_checks.py (viewport, no horizontal scrolling, tap
targets ≥ 44 px, labels tied to inputs, the test page marker, no script or external asset) and
leaves a screenshot in .build/browser-screenshots/. At phone size the hosted form is also refused
once per reason the simulator knows (invalid card, expired, brand not accepted, declined, challenge
failed), and each reason must be on the page; the amount must read "9.99 EUR" and "1500 JPY".

Usage: python3 Examples/PaymentKit/BrowserChecks/pages.py MOCK-URL
"""
import datetime, json, pathlib, sys, urllib.request
from jwcrypto import jwk, jwe
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[3] / "Scripts"))
from phone_page_checks import check, check_phone_page, phone_context  # noqa: E402

base = sys.argv[1].rstrip("/")
merchant = {"X-Merchant-Key": "mk_test_paymentkit"}
# What the simulator answers for each refusal (its error catalog and its decline reasons).
REFUSALS = [
    ("invalid-card", "4111111111111112", "12/39", "123", None, "The card number or security code is not valid."),
    ("expired", "4111111111111111", "01/20", "123", None, "The card has expired."),
    ("brand-not-accepted", "378282246310005", "12/39", "1234", None,
     "This shop does not accept this card brand. Please use another card."),
    ("declined", "4000000000000002", "12/39", "123", "failed", "Declined by the issuer (test card)."),
    ("challenge-failed", "5555555555554444", "12/39", "123", "failed", "The issuer's challenge was not passed."),
]

def call(method, path, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request) as response:
        return json.load(response)

def payment(amount=9.99, currency="EUR"):
    return call("POST", "/v1/payments", {"amount": amount, "currency": currency, "order_reference": "PW"}, merchant)

def challenge_session(number):
    key = jwk.JWK(**call("GET", "/v1/card-encryption-key"))
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    card = {"cardholder_name": "Ona", "card_number": number, "expiry_month": "12", "expiry_year": "39",
            "security_code": "123", "generated_at": now}
    token = jwe.JWE(json.dumps(card).encode(), protected=json.dumps({"alg": "RSA-OAEP-256", "enc": "A256GCM", "kid": key.key_id}))
    token.add_recipient(key)
    created = payment()
    session = call("POST", "/v1/card-sessions", {"payment_id": created["payment_id"],
                   "verification_key": created["verification_key"], "encrypted_card": token.serialize(compact=True)})
    bearer = {"Authorization": "Bearer " + session["access_token"]}
    sid = session["session"]["session_id"]
    auth = call("POST", f"/v1/card-sessions/{sid}/authentication", {"return_url": base + "/v1/challenge-return"}, bearer)
    assert auth["flow"] == "challenge", auth
    return sid, bearer, auth["challenge"]["challenge_url"]

class Payer:
    """Clicks with the mouse on a desktop, taps on the phone; on the phone each page is checked."""
    def __init__(self, page, phone):
        self.page, self.phone = page, phone

    def press(self, selector):
        (self.page.tap if self.phone else self.page.click)(selector)

    def looks(self, name):
        if self.phone:
            check_phone_page(self.page, f"paymentkit-{name}")

    def open_hosted(self, created):
        self.page.goto(f"{base}/hosted/{created['payment_id']}?verification_key={created['verification_key']}")

    def fill_card(self, number, expiry="12/39", code="123"):
        for field, value in [("#cardholder_name", "Jonas Jonaitis"), ("#card_number", number),
                             ("#expiry", expiry), ("#security_code", code)]:
            self.page.fill(field, value)

def challenge_flows(payer):
    page = payer.page
    for button, state in [("#approve", "completed"), ("#deny", "failed"), ("#cancel", "abandoned")]:
        sid, bearer, url = challenge_session("5555555555554444")
        page.goto(url)
        assert "ending in 4444" in page.text_content("#card")
        assert page.text_content("#amount") == "9.99 EUR", page.text_content("#amount")
        payer.looks("issuer-challenge")
        payer.press(button)
        page.wait_for_url(base + "/v1/challenge-return*")
        assert page.text_content("#done") == "You can return to the app."
        payer.looks("challenge-return")
        result = call("POST", f"/v1/card-sessions/{sid}/challenge-result", None, bearer)
        assert result["state"] == state, (button, result)
        print(f"challenge page: {button[1:]} → session {state}")

def hosted_flows(payer):
    page = payer.page
    for number, decision, state in [("4111111111111111", None, "settled"), ("5555555555554444", "#approve", "settled"),
                                    ("5555555555554444", "#deny", "failed"), (None, None, "abandoned")]:
        created = payment()
        pid = created["payment_id"]
        payer.open_hosted(created)
        assert page.text_content("#amount") == "9.99 EUR" and page.title() == "Pay 9.99 EUR", page.title()
        payer.looks("hosted-form")
        if number is None:
            payer.press("#cancel-button")
        else:
            payer.fill_card(number)
            payer.press("#pay-button")
            if decision:
                page.wait_for_url(base + "/issuer/challenge/*")
                payer.looks("hosted-issuer-challenge")
                payer.press(decision)
        page.wait_for_url(f"{base}/hosted/{pid}/done")
        assert page.text_content("#state") == state, page.content()
        payer.looks(f"hosted-done-{state}")
        assert call("GET", f"/v1/payments/{pid}", None, merchant)["payment_state"] == state
        print(f"hosted page: {number or 'cancel'} {decision or ''} → {state}")

def refusals(payer):
    page = payer.page
    for name, number, expiry, code, state, message in REFUSALS:
        created = payment()
        payer.open_hosted(created)
        payer.fill_card(number, expiry, code)
        payer.press("#pay-button")
        if number == "5555555555554444":
            page.wait_for_url(base + "/issuer/challenge/*")
            payer.press("#deny")
        if state:
            page.wait_for_url(f"{base}/hosted/{created['payment_id']}/done")
            check(page.text_content("#state") == state, f"{name}: the done page says {state}")
        else:
            page.wait_for_selector("#error")
            check(page.input_value("#card_number") == "" and page.input_value("#security_code") == "",
                  f"{name}: the refused form is empty again (no card data echoed)")
        error = page.locator("#error")
        check(error.is_visible() and error.inner_text() == message, f"{name}: the page says {message!r}")
        check(number not in page.content(), f"{name}: the card number is nowhere in the page")
        payer.looks(f"refused-{name}")
    created = payment(1500, "JPY")
    payer.open_hosted(created)
    check(page.text_content("#amount") == "1500 JPY" and page.title() == "Pay 1500 JPY",
          f"a yen amount has no minor digits: {page.title()!r}")
    payer.looks("hosted-form-jpy")

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
    try:
        for phone in (False, True):
            print(f"== {'phone, 390×844, touch' if phone else 'desktop, mouse'}")
            context = phone_context(browser) if phone else browser.new_context()
            payer = Payer(context.new_page(), phone)
            challenge_flows(payer)
            hosted_flows(payer)
            if phone:
                refusals(payer)
            context.close()
    finally:
        browser.close()
