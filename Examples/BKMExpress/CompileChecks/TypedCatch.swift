// Compiled by check.sh in Swift 5 and Swift 6 language modes with warnings as errors: the manual's
// sections 4 to 7 in one long non-throwing function, caught the documented way (`catch {`). Every SDK
// call throws `BKMExpress.Failure` by type, so `error` is a `BKMExpress.Failure` in each clause; the
// manual's `catch let error as BKMExpress.Failure` is always true and can crash Swift 6.3's SIL
// verifier (swiftlang/swift#89577), which is why no document of ours uses it.
import BKMExpressLiteSDK
import Foundation

func show(_ text: String) {}
func showCards(_ cards: [BKMExpress.Card]) {}
func showResult(_ result: BKMExpress.ControlPaymentResponse) {}

func wholeJourney(
    context: BKMExpress.InitializationContext, input: BKMExpress.CardNumberInput, expiry: BKMExpress.CardExpiryDate
) async {
    // snippet: initialize-catch
    let api: BKMExpress.API
    do {
        api = try await BKMExpress.initialize(context: context)
    } catch {
        if case let .server(code) = error.kind, code == 1049 {
            show("Geçersiz para birimi")
        }
        show(error.message)
        return
    }
    // snippet: end

    // snippet: status-switch
    do {
        switch try await api.checkStatus() {
        case let .linked(cards):
            showCards(cards)
        case .unlinked:
            let response = try await api.linkAccount()
            guard case let .verificationRequired(otp) = response else {
                _ = try await api.checkStatus()
                break
            }
            _ = try await otp.resend()
            _ = try await otp.verify(code: "123456")
        case .unregistered:
            show("Kayıt ekranı")
        }
    } catch {
        if error.code == .sessionExpired { show("Oturum yeniden başlatılmalı") }
        show(error.message)
    }
    // snippet: end

    // snippet: card-field-catch
    let number: BKMExpress.CardNumber
    do {
        number = try input.cardNumber()
    } catch {
        switch error {
        case .empty: show("Lütfen kart numarası giriniz.")
        case .short: show("Kart numarası çok kısa.")
        case .invalidLuhn: show("Geçersiz kart numarası.")
        }
        return
    }
    // snippet: end

    _ = api.pendingAgreements()
    api.agreementCheckbox.isSelected = true
    do {
        switch try await api.storeCard(context: .init(number: number, expiryDate: expiry, alias: nil)) {
        case let .added(cards):
            showCards(cards)
        case let .verificationRequired(otp):
            showCards(try await otp.verify(code: "123456"))
        }
        guard case let .linked(cards) = try await api.checkStatus(), let card = cards.first else { return }
        switch try await api.deleteCard(id: card.id) {
        case let .cardDeleted(remaining): showCards(remaining)
        case .accountDeleted: show("Hesap silindi")
        }
        if case let .verificationRequired(otp) = try await api.register(
            context: .init(number: number, expiryDate: expiry))
        {
            showCards(try await otp.verify(code: "123456"))
        }
    } catch {
        show(error.message)
    }

    do {
        let response = try await api.startPayment(
            context: .init(
                cardID: .init(rawValue: "019d2dad-34bc-7b00-959d-0bef3009afa5")!, security: .none, amount: 100.00,
                orderID: "ORDER_123", installmentCount: .init(1)!))
        switch response {
        case let .control(token):
            showResult(try await api.controlPayment(token: token))
        case let .otp(otp):
            let token = try await otp.verify(code: "123456")
            showResult(try await api.controlPayment(token: token))
        case let .tds(tds):
            showResult(try await api.controlPayment(token: tds.paymentToken, maxAttempts: 3))
        }
        let withNewCard = try await api.startPaymentWithRegisteredCard(
            context: .init(
                card: .init(number: number, expiryDate: expiry), security: .tds, amount: 250.50, currencyCode: .TRY,
                orderID: "ORDER_124", installmentCount: .init(3)!))
        if case let .tds(tds) = withNewCard {
            showResult(try await api.controlPayment(token: tds.paymentToken))
        }
    } catch {
        show(error.message)
    }
}
