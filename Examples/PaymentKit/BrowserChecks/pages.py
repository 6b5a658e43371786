"""PaymentKit's web pages in headless Chromium (Debian's chromium, driven by Playwright for Python):
the issuer challenge page (approve, deny, cancel) on a card session made with jwcrypto, and the
hosted checkout page (frictionless, challenge approved and denied, cancel). Nothing downloads a browser.

Usage: python3 Examples/PaymentKit/BrowserChecks/pages.py MOCK-URL
"""
import datetime, json, sys, urllib.request
from jwcrypto import jwk, jwe
from playwright.sync_api import sync_playwright

base = sys.argv[1].rstrip("/")
merchant = {"X-Merchant-Key": "mk_test_paymentkit"}

def call(method, path, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request) as response:
        return json.load(response)

def payment():
    return call("POST", "/v1/payments", {"amount": 9.99, "currency": "EUR", "order_reference": "PW"}, merchant)

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

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True)
    page = browser.new_page()
    for button, state in [("#approve", "completed"), ("#deny", "failed"), ("#cancel", "abandoned")]:
        sid, bearer, url = challenge_session("5555555555554444")
        page.goto(url)
        assert "ending in 4444" in page.text_content("#card")
        page.click(button)
        page.wait_for_url(base + "/v1/challenge-return*")
        assert page.text_content("#done") == "You can return to the app."
        result = call("POST", f"/v1/card-sessions/{sid}/challenge-result", None, bearer)
        assert result["state"] == state, (button, result)
        print(f"challenge page: {button[1:]} → session {state}")
    for number, decision, state in [("4111111111111111", None, "settled"), ("5555555555554444", "#approve", "settled"),
                                    ("5555555555554444", "#deny", "failed"), (None, None, "abandoned")]:
        created = payment()
        pid = created["payment_id"]
        page.goto(f"{base}/hosted/{pid}?verification_key={created['verification_key']}")
        if number is None:
            page.click("#cancel-button")
        else:
            page.fill("#cardholder_name", "Jonas Jonaitis")
            page.fill("#card_number", number)
            page.fill("#expiry", "12/39")
            page.fill("#security_code", "123")
            page.click("#pay-button")
            if decision:
                page.wait_for_url(base + "/issuer/challenge/*")
                page.click(decision)
        page.wait_for_url(f"{base}/hosted/{pid}/done")
        assert page.text_content("#state") == state, page.content()
        assert call("GET", f"/v1/payments/{pid}", None, merchant)["payment_state"] == state
        print(f"hosted page: {number or 'cancel'} {decision or ''} → {state}")
    browser.close()
