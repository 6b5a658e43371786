"""Proof that other toolchains read our OpenAPI exports right.

For each of the three specs: export it with `specsmith openapi`, generate a Python client from the
export with openapi-python-client, start the standalone mock on an ephemeral port, and drive the
generated client through every answer the mock's test data gives (sessions opened where the API
needs one). Each union answer must decode into the generated class of the case the test data
promises, each open enum into its known member. Every request and response of the run is recorded
at the client's transport and validated against the export with openapi-core: any mismatch fails.
The mock's journal must list the same calls with the same statuses, so nothing was validated that
the mock did not see, and every example in an export must fit the schema beside it. The golden
fixture and the build-plugin demo, which have no standalone mock, must generate without warnings.

Usage: python3 .ci/openapi-consumers.py BUILD-DIR SCRATCH-DIR   (BUILD-DIR holds specsmith and the mocks)
"""
import datetime
import importlib
import json
import pathlib
import subprocess
import sys
import uuid

import httpx
from jwcrypto import jwe, jwk
from openapi_core import OpenAPI
from openapi_core.testing import MockRequest, MockResponse
from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

build, scratch = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
clients = scratch / "clients"
clients.mkdir(parents=True, exist_ok=True)
sys.path.insert(0, str(clients))


class Recorder(httpx.BaseTransport):
    """Keeps every exchange the generated client makes, bodies read in full."""

    def __init__(self):
        self.inner = httpx.HTTPTransport()
        self.exchanges = []

    def handle_request(self, request):
        request.read()
        response = self.inner.handle_request(request)
        response.read()
        self.exchanges.append((request, response))
        return response

    def close(self):
        self.inner.close()


def generate(spec, package):
    """Exports `spec` and generates a Python client package from it; any generator warning fails."""
    export = scratch / f"{package}.openapi.json"
    subprocess.run([build / "specsmith", "openapi", spec, "--output", export], check=True)
    generated = subprocess.run(
        ["openapi-python-client", "generate", "--path", export, "--meta", "none",
         "--output-path", clients / package, "--overwrite"], capture_output=True, text=True)
    if generated.returncode != 0 or "Warning" in generated.stdout + generated.stderr:
        sys.exit(f"openapi-python-client on {spec}:\n{generated.stdout}{generated.stderr}")
    return export, importlib.import_module(f"{package}.models")


class Service:
    """One spec, its export, its generated client and its running mock."""

    def __init__(self, spec, package, mock):
        self.export, self.models = generate(spec, package)
        self.package = package
        self.client_module = importlib.import_module(f"{package}.client")
        self.process = subprocess.Popen([build / mock, "--port", "0"], stdout=subprocess.PIPE, text=True)
        self.base = self.process.stdout.readline().split()[-1].rstrip("/")
        self.recorder = Recorder()
        self.decoded = []

    def client(self, header=None, token=None, prefix=""):
        """The generated client, plain or with a credential in `header`, recording through one transport."""
        args = {"transport": self.recorder}
        if header is None:
            return self.client_module.Client(base_url=self.base, httpx_args=args, raise_on_unexpected_status=True)
        return self.client_module.AuthenticatedClient(
            base_url=self.base, token=token, prefix=prefix, auth_header_name=header, httpx_args=args,
            raise_on_unexpected_status=True)

    def call(self, operation, client, *args, status=200, **kwargs):
        """Calls the generated operation and returns what the generated client parsed."""
        module = importlib.import_module(f"{self.package}.api.default.{operation}")
        response = module.sync_detailed(*args, client=client, **kwargs)
        assert response.status_code == status, (operation, response.status_code, response.content[:300])
        return response.parsed

    def expect(self, value, class_name, what):
        """`value` must be an instance of the generated class `class_name`."""
        expected = getattr(self.models, class_name)
        assert isinstance(value, expected), f"{what}: decoded as {type(value).__name__}, not {class_name}"
        self.decoded.append(f"{what} → {class_name}")

    def model(self, class_name, wire):
        return getattr(self.models, class_name).from_dict(wire)

    def openapi(self):
        """openapi-core's reading of the export, with the mock standing for every host."""
        document = json.loads(self.export.read_text())
        document["servers"] = [{"url": self.base}]
        for item in document["paths"].values():
            for operation in item.values():
                operation.pop("servers", None)
        return OpenAPI.from_dict(document)

    def mismatches(self, exchanges):
        """What openapi-core finds wrong with each recorded request and its response."""
        openapi = self.openapi()
        mismatches = []
        for request, response in exchanges:
            mock_request = MockRequest(
                self.base, request.method.lower(), request.url.path, args=dict(request.url.params),
                headers=dict(request.headers), data=request.content or None,
                content_type=request.headers.get("content-type", "application/json"))
            mock_response = MockResponse(
                response.content, status_code=response.status_code, headers=dict(response.headers),
                content_type=response.headers.get("content-type", "application/json").split(";")[0])
            for error in [*openapi.iter_request_errors(mock_request),
                          *openapi.iter_response_errors(mock_request, mock_response)]:
                mismatches.append(f"{request.method} {request.url.path} {response.status_code}: {error!r} "
                                  f"{getattr(error, '__cause__', '')!r}")
        return mismatches

    def validate(self):
        return self.mismatches(self.recorder.exchanges)

    def example_mismatches(self):
        """Every example in the export against the schema of the body it stands beside."""
        document = json.loads(self.export.read_text())
        registry = Registry().with_resource("urn:export", Resource.from_contents(
            document, default_specification=DRAFT202012))
        mismatches, count = [], 0

        def escape(key):
            return key.replace("~", "~0").replace("/", "~1")

        def check(pointer, media):
            nonlocal count
            validator = OAS31Validator({"$ref": f"urn:export#{pointer}/schema"}, registry=registry,
                                       format_checker=OAS31Validator.FORMAT_CHECKER)
            for name, example in media.get("examples", {}).items():
                count += 1
                for error in validator.iter_errors(example["value"]):
                    mismatches.append(f"example {name} at {pointer}: {error.message}")

        for path, item in document["paths"].items():
            for method, operation in item.items():
                base = f"/paths/{escape(path)}/{method}"
                for media_type, media in operation.get("requestBody", {}).get("content", {}).items():
                    check(f"{base}/requestBody/content/{escape(media_type)}", media)
                for status, response in operation["responses"].items():
                    for media_type, media in response.get("content", {}).items():
                        check(f"{base}/responses/{status}/content/{escape(media_type)}", media)
        return mismatches, count

    def journal_matches(self):
        """The mock's journal lists exactly the recorded API calls, in order, with the same statuses."""
        entries, after = [], 0
        with httpx.Client(base_url=self.base) as admin:
            while True:
                page = admin.get("/__mock/journal", params={"after": after, "limit": 1000}).json()
                batch = page["entries"] if isinstance(page, dict) else page
                if not batch:
                    break
                entries += batch
                after = batch[-1]["sequence"]
        # Pages (the issuer's, the APNs listing) are routed to no operation and are not the API's.
        seen = [(e["method"], e["status"]) for e in entries if e.get("operation")]
        recorded = [(q.method, r.status_code) for q, r in self.recorder.exchanges]
        assert seen == recorded, f"journal {seen} differs from the recorded calls {recorded}"
        return len(entries)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=10)
        self.recorder.close()


def bkm(service):
    """Sessions for the four test phones; every status, link outcome, payment path and delete outcome."""
    session_header = "Bex-Connection"
    outsider = service.client(session_header, "bexc_not_a_session")
    failure = service.call("check_status", outsider, status=401)
    service.expect(failure, "EnvelopeError", "checkStatus without a session")
    assert failure.code == 1001, failure.code

    def open_session(gsm):
        request = service.model("InitializeRequest", {
            "authToken": "test_openapi", "merchantId": "TEST_MERCHANT", "merchantUserId": f"user-{gsm}",
            "gsmNo": gsm, "currencyCode": "TRY"})
        answer = service.call("initialize", service.client(), body=request)
        service.expect(answer, "InitializeResponse200", f"initialize {gsm}")
        return service.client(session_header, answer.data.connection_token)

    def status(client, case, gsm):
        answer = service.call("check_status", client)
        service.expect(answer.data, f"CheckStatusResponse{case}", f"checkStatus {gsm}")
        return answer.data

    unregistered = open_session("5000000001")
    status(unregistered, "Unregistered", "5000000001")
    missing = service.call("link_account", unregistered, status=404)
    service.expect(missing, "EnvelopeError", "linkAccount 5000000001")
    assert missing.code == 1206, missing.code

    needs_otp = open_session("5000000002")
    status(needs_otp, "Unlinked", "5000000002")
    link = service.call("link_account", needs_otp)
    service.expect(link.data, "LinkAccountResponseVerificationRequired", "linkAccount 5000000002")
    verified = service.call("verify_link_otp", needs_otp, body=service.model(
        "OTPVerification", {"otpId": link.data.otp.id, "code": "123456"}))
    service.expect(verified.data.status, "CheckStatusResponseLinked", "verifyLinkOTP 5000000002")
    status(needs_otp, "Linked", "5000000002 after the OTP")

    recheck = open_session("5000000003")
    status(recheck, "Unlinked", "5000000003")
    service.expect(service.call("link_account", recheck).data, "LinkAccountResponseRecheck", "linkAccount 5000000003")
    status(recheck, "Linked", "5000000003 after linking")

    linked = open_session("5000000004")
    cards = status(linked, "Linked", "5000000004").cards
    assert len(cards) == 2, len(cards)

    def pay(security, amount, case):
        request = service.model("StartPaymentRequest", {
            "cardId": cards[0].id, "security": security, "amount": amount, "orderId": f"ORDER-{security}",
            "date": "2026-12-01T10:00:00Z", "transactionId": str(uuid.uuid4()), "installmentCount": 1})
        answer = service.call("start_payment", linked, body=request)
        service.expect(answer.data, f"StartPaymentResponse{case}", f"startPayment {security} {amount}")
        return answer.data

    def control(token, state):
        answer = service.call("control_payment", linked, token)
        service.expect(answer.data.status, "PaymentStatusType0", f"controlPayment {state}")
        assert answer.data.status.value == state, answer.data.status

    control(pay("NONE", 100.0, "Control").payment_token, "COMPLETED")
    otp = pay("OTP", 100.0, "Otp").otp
    token = service.call("verify_payment_otp", linked, body=service.model(
        "OTPVerification", {"otpId": otp.id, "code": "123456"})).data.payment_token
    control(token, "COMPLETED")
    control(pay("TDS", 1500.0, "Tds").tds.payment_token, "PENDING")

    remaining = service.call("delete_card", linked, cards[1].id)
    service.expect(remaining.data, "DeleteCardResponseCardDeleted", "deleteCard of two")
    last = service.call("delete_card", linked, cards[0].id)
    service.expect(last.data, "DeleteCardResponseAccountDeleted", "deleteCard of the last")
    status(linked, "Unregistered", "5000000004 after deleting every card")
    gone = service.call("delete_card", linked, cards[0].id, status=404)
    service.expect(gone, "EnvelopeError", "deleteCard of a deleted card")

    # Controls: a status no case lists must fail both consumers, never decode as some case.
    request, response = next((q, r) for q, r in service.recorder.exchanges if q.url.path == "/v1/wallet/status"
                             and r.status_code == 200)
    nonsense = {"result": "ok", "data": {"status": "NONSENSE"}}
    try:
        decoded = service.models.CheckStatusResponse200.from_dict(nonsense)
    except (KeyError, TypeError, ValueError):
        service.decoded.append("checkStatus NONSENSE → refused by the generated client")
    else:
        raise AssertionError(f"the generated client decoded an unknown status as {type(decoded.data).__name__}")
    forged = httpx.Response(200, json=nonsense, headers={"content-type": "application/json"})
    assert service.mismatches([(request, forged)]), "openapi-core accepted an unknown status"
    service.decoded.append("checkStatus NONSENSE → refused by openapi-core")


def paymentkit(service):
    """Payments, the card key, and a card session in every state the test cards lead to."""
    merchant = service.client("X-Merchant-Key", "mk_test_paymentkit")
    pages = httpx.Client(base_url=service.base)  # the issuer's page is HTML, outside the API
    published = service.call("card_encryption_key", service.client()).to_dict()
    key = jwk.JWK(**published)

    def payment():
        request = service.model("CreatePaymentRequest", {"amount": 9.99, "currency": "EUR", "order_reference": "OA"})
        created = service.call("create_payment", merchant, body=request)
        service.expect(created.payment_state, "PaymentStateType0", "createPayment state")
        return created

    def state(payment_id, expected):
        for operation in ["payment", "payment_status"]:
            answer = service.call(operation, merchant, payment_id)
            service.expect(answer.payment_state, "PaymentStateType0", f"{operation} {expected}")
            assert answer.payment_state.value == expected, (operation, answer.payment_state)

    def session(number, code="123"):
        created = payment()
        now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        card = {"cardholder_name": "Ona", "card_number": number, "expiry_month": "12", "expiry_year": "39",
                "security_code": code, "generated_at": now}
        token = jwe.JWE(json.dumps(card).encode(), protected=json.dumps(
            {"alg": "RSA-OAEP-256", "enc": "A256GCM", "kid": published["kid"]}))
        token.add_recipient(key)
        request = service.model("CardSessionRequest", {
            "payment_id": created.payment_id, "verification_key": created.verification_key,
            "encrypted_card": token.serialize(compact=True)})
        return created.payment_id, request

    def open_session(number, label):
        payment_id, request = session(number)
        opened = service.call("create_card_session", service.client(), body=request)
        bearer = service.client("Authorization", opened.access_token, prefix="Bearer")
        sid = opened.session.session_id
        read = service.call("card_session", bearer, sid)
        expect_state(read.state, "created", f"{label}: cardSession")
        auth = service.call("authenticate", bearer, sid, body=service.model(
            "AuthenticationRequest", {"return_url": service.base + "/v1/challenge-return"}))
        return payment_id, sid, bearer, auth

    def expect_state(value, expected, what):
        service.expect(value, "CardSessionStateType0", what)
        assert value.value == expected, (what, value)

    for number, label, final, paid in [("4111111111111111", "frictionless", "completed", "settled"),
                                       ("4000000000000002", "declined", "failed", "failed")]:
        payment_id, sid, bearer, auth = open_session(number, label)
        service.expect(auth, "AuthenticationFrictionless", f"{label}: authenticate")
        expect_state(auth.session.state, final, f"{label}: authenticated session")
        state(payment_id, paid)

    for number, label, decision, final, paid in [
            ("5555555555554444", "challenge approved", "approve", "completed", "settled"),
            ("5555555555554444", "challenge denied", "deny", "failed", "failed"),
            ("4000000000003220", "approved, pending", "approve", "confirmed_3ds", "confirmed_3ds"),
            ("5555555555554444", "cancelled", None, "abandoned", "abandoned")]:
        payment_id, sid, bearer, auth = open_session(number, label)
        service.expect(auth, "AuthenticationChallenge", f"{label}: authenticate")
        expect_state(service.call("card_session", bearer, sid).state, "waiting_for_3ds_response",
                     f"{label}: cardSession during the challenge")
        if decision is None:
            answer = service.call("cancel_card_session", bearer, sid)
        else:
            issuer = httpx.URL(auth.challenge.challenge_url)
            pages.post(issuer.raw_path.decode(), data={"decision": decision}, follow_redirects=True).raise_for_status()
            answer = service.call("challenge_result", bearer, sid)
        expect_state(answer.state, final, f"{label}: final")
        state(payment_id, paid)

    _, request = session("378282246310005", code="1234")
    refused = service.call("create_card_session", service.client(), body=request, status=422)
    service.expect(refused, "EnvelopeError", "createCardSession with American Express")
    assert refused.error.code == 4224, refused.error.code
    missing = service.call("payment", merchant, "pay_missing", status=404)
    service.expect(missing, "EnvelopeError", "payment of an unknown id")
    pages.close()


def opennotification(service):
    """A subscription's life, a campaign, and every event counted once (a repeat is not counted)."""
    app = service.client("X-App-Key", "pk_test_opennotification")
    server = service.client("X-Api-Key", "sk_test_opennotification")
    registration = service.model("Registration", {
        "installationId": "inst-openapi", "platform": "ios", "token": "ab" * 32, "sdkVersion": "0.1.0",
        "osVersion": "17.4", "deviceModel": "iPhone15,2", "language": "tr", "timeZone": "Europe/Istanbul"})
    subscription = service.call("register_subscription", app, body=registration)
    service.expect(subscription, "Subscription", "registerSubscription")
    sid = subscription.id
    service.call("set_identity", app, sid, body=service.model("IdentityChange", {"externalId": "user-oa"}))
    tagged = service.call("change_tags", app, sid, body=service.model("TagChange", {"set": {"tier": "gold"}}))
    assert tagged.tags.to_dict() == {"tier": "gold"}, tagged.tags
    service.call("set_language", app, sid, body=service.model("LanguageChange", {"language": "en"}))
    ping = service.call("track_session", app, sid, body=service.model("SessionPing", {}))
    assert ping.new_session is True, ping

    notification = service.model("NotificationRequest", {
        "target": {"externalIds": ["user-oa"]}, "title": "Hi", "body": "There",
        "actions": [{"id": "buy", "title": "Buy"}]})
    sent = service.call("send_notification", server, body=notification)
    assert sent.targeted == 1, sent
    listing = httpx.get(f"{service.base}/apns/", params={"campaignId": sent.campaign_id}).json()
    messages = listing["messages"] if isinstance(listing, dict) else listing
    message = messages[0]["msgId"]

    report = service.model("EventReport", {"subscriptionId": sid})
    click = service.model("EventReport", {"subscriptionId": sid, "actionId": "buy"})
    for operation, body in [("report_delivered", report), ("report_opened", report), ("report_clicked", click)]:
        for counted in [True, False]:
            answer = service.call(operation, service.client(), message, body=body)
            service.expect(answer, "EventResult", f"{operation} {'first' if counted else 'again'}")
            assert answer.counted is counted, (operation, answer)
    unknown = service.call("report_delivered", service.client(), "msg-unknown", body=report)
    assert unknown.counted is False, unknown

    stats = service.call("campaign_stats", server, sent.campaign_id)
    service.expect(stats, "CampaignStats", "campaignStats")
    assert (stats.delivered, stats.opened, stats.clicked) == (1, 1, 1), stats
    assert stats.clicks_by_action.to_dict() == {"buy": 1}, stats.clicks_by_action
    assert service.call("unsubscribe", app, sid).subscribed is False
    service.expect(service.call("campaign_stats", server, "cmp-missing", status=404), "EnvelopeError",
                   "campaignStats of an unknown campaign")
    wrong_key = service.client("X-Api-Key", "sk_test_not_this_one")
    service.expect(service.call("campaign_stats", wrong_key, sent.campaign_id, status=401), "EnvelopeError",
                   "campaignStats with a wrong server key")


def fixtures():
    """The golden fixture (every construct, a union only requests carry) and the plugin demo have no
    standalone mock: their clients must generate cleanly, and a request union must round-trip."""
    generate("Examples/BuildPluginDemo/Sources/LoyaltyAPI/loyalty.specsmith.json", "loyalty_client")
    _, models = generate("Tests/Golden/everything.json", "everything_client")
    for wire, case in [({"method": "PICKUP"}, "DeliveryPickup"), ({"method": "COURIER", "address": "Gedimino 1"},
                                                                   "DeliveryCourier")]:
        order = models.PlaceOrderRequest.from_dict({"items": [], "delivery": wire})
        assert isinstance(order.delivery, getattr(models, case)), (wire, type(order.delivery).__name__)
        assert order.to_dict() == {"items": [], "delivery": wire}, order.to_dict()
    print("Tests/Golden/everything.json, loyalty.specsmith.json: clients generated without warnings; "
          "Delivery's cases round-trip")


fixtures()
failed = False
for spec, package, mock, drive in [("Spec/bkm-express-lite.json", "bkm_client", "bkm-express-mock", bkm),
                                   ("Spec/paymentkit.json", "paymentkit_client", "paymentkit-mock", paymentkit),
                                   ("Spec/opennotification.json", "opennotification_client", "opennotification-mock",
                                    opennotification)]:
    service = Service(spec, package, mock)
    try:
        drive(service)
        mismatches = service.validate()
        journal = service.journal_matches()
        example_mismatches, examples = service.example_mismatches()
        mismatches += example_mismatches
    finally:
        service.stop()
    for line in service.decoded:
        print(f"  {line}")
    for mismatch in mismatches:
        print(f"  MISMATCH {mismatch}")
    print(f"{spec}: {len(service.decoded)} answers decoded as expected, {len(service.recorder.exchanges)} "
          f"exchanges validated by openapi-core, {examples} examples by their schemas, {len(mismatches)} mismatches, "
          f"journal {journal} entries")
    failed |= bool(mismatches)
sys.exit(1 if failed else 0)
