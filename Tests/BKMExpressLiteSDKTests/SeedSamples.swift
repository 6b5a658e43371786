// The manual's own code samples (sections 4–9, without the UIKit and SwiftUI views), as they are
// written there: this file compiling is the check that the SDK keeps the manual's names and shapes.
// Only the app's own UI functions are stubbed, and the views' bindings become the headless models.
// The manual's `catch let error as BKMExpress.Failure` is kept as the manual writes it, with no
// catch after it: the compiler warns that the test is always true (every call throws
// `BKMExpress.Failure` by type) and takes the clause as exhaustive. Our documents use `catch {`
// instead (swiftlang/swift#89577; see the SDK's HandlingErrors article).
import BKMExpressLiteSDK
import Foundation

// MARK: - The app's own UI, stubbed

func showCardList(_ cards: [BKMExpress.Card]) {}
func showLinkWalletScreen(api: BKMExpress.API) {}
func showRegistrationScreen(api: BKMExpress.API) {}
func showRegistrationScreen() {}
func showError(_ message: String) {}
func showAlert(_ message: String) {}
func handleCheckStatus(_ status: BKMExpress.CheckStatusResponse) {}
func handleStatus(_ status: BKMExpress.CheckStatusResponse) {}
func showOtpScreen(otp: some BKMExpress.OTP) {}
func handleOtpSuccess<Result>(_ result: Result) {}
func updateOtpUI(info: BKMExpress.OTPInfo) {}
func showPaymentResult(_ result: BKMExpress.ControlPaymentResponse) {}
func showOtpForPayment(otp: BKMExpress.PaymentOTP) {}
func showTdsWebView(tdsInfo: BKMExpress.TDSInfo) {}
func showFieldError(_ message: String) {}

/// The manual's samples, each a method as the manual writes it.
struct SeedSamples {
    var api: BKMExpress.API
    var cardNumber: BKMExpress.CardNumber?
    var cardNumberField: BKMExpress.CardNumberInput

    // 4.1
    static func makeContext() throws -> BKMExpress.InitializationContext {
        let context = BKMExpress.InitializationContext(
            authToken: "backend_initial_token",
            merchantID: "MERCHANT_ID",
            merchantUserID: "merchant_user_id",
            gsmNo: try .init("5XXXXXXXXX"),
            currencyCode: "TRY",  // ISO 4217 para birimi kodu
            mode: .test  // veya .preprod, .production
        )
        return context
    }

    // 4.2
    static func pairButtonTapped(context: BKMExpress.InitializationContext) async {
        do {
            let api = try await BKMExpress.initialize(context: context)
            _ = api
        } catch {
            showAlert("BKM Express başlatılamadı.")
        }
    }

    // 5
    static func startBKMExpressFlow(context: BKMExpress.InitializationContext) async {
        do {
            let api = try await BKMExpress.initialize(context: context)

            let status = try await api.checkStatus()
            switch status {
            case let .linked(cards):
                showCardList(cards)
            case .unlinked:
                showLinkWalletScreen(api: api)
            case .unregistered:
                showRegistrationScreen(api: api)
            }
        } catch let error as BKMExpress.Failure {
            showError(error.message)
        }
    }

    // 5.1
    func agreementsSample() -> [BKMExpress.Agreement] {
        let agreements = api.pendingAgreements()
        return agreements
    }

    // 6.1
    func linkBKMExpress() async {
        do {
            let response = try await api.linkAccount()
            switch response {
            case .recheck:
                // Hesap bağlandı; kart listesi için checkStatus() yeniden çağrılmalıdır.
                let status = try await api.checkStatus()
                handleCheckStatus(status)
            case let .verificationRequired(otp):
                showOtpScreen(otp: otp)
            }
        } catch let error as BKMExpress.Failure {
            showError(error.message)
        }
    }

    // 6.2
    func verifyOTP(otp: some BKMExpress.OTP, code: String) async {
        do {
            let result = try await otp.verify(code: code)
            handleOtpSuccess(result)
        } catch let error as BKMExpress.Failure {
            showError(error.message)
        }
    }

    func resendOTP(otp: some BKMExpress.OTP) async {
        do {
            let newInfo = try await otp.resend()
            // newInfo ile OTP ekranı güncellenir.
            // Dilerseniz aynı bilgiye otp.info üzerinden de erişebilirsiniz.
            updateOtpUI(info: newInfo)
        } catch let error as BKMExpress.Failure {
            showError(error.message)
        }
    }

    // 7.3
    func storeCard() async {
        guard let number = cardNumber else { return }
        // The manual's date. Every initialiser an app calls refuses past months, so this `try!` traps
        // from January 2027 on (the month after this file was written); an app takes the month and
        // year from the user and catches `CardExpiryDate.Failure.expired` instead of using `try!`.
        let expiryDate = try! BKMExpress.CardExpiryDate(month: 12, year: 2026)

        do {
            let response = try await api.storeCard(
                context: .init(
                    number: number,
                    expiryDate: expiryDate,
                    alias: nil  // İsteğe bağlı kart adı
                )
            )
            switch response {
            case let .added(cards):
                showCardList(cards)
            case let .verificationRequired(otp):
                showOtpScreen(otp: otp)
            }
        } catch let error as BKMExpress.Failure {
            showError(error.message)
        }
    }

    // 7.4
    func deleteCard(id: BKMExpress.Card.ID) async {
        do {
            let response = try await api.deleteCard(id: id)
            switch response {
            case let .cardDeleted(cards):
                showCardList(cards)
            case .accountDeleted:
                // Son kart silindi; BKM Express hesabı da silindi.
                showRegistrationScreen()
            }
        } catch let error as BKMExpress.Failure {
            showError(error.message)
        }
    }

    // 7.5
    func startAndControlPayment(cardID: BKMExpress.Card.ID) async {
        do {
            let response = try await api.startPayment(
                context: .init(
                    cardID: cardID,
                    security: .none,
                    amount: 100.00,
                    orderID: "ORDER_123",
                    installmentCount: .init(1)!
                )
            )
            switch response {
            case let .control(token):
                let result = try await api.controlPayment(token: token)
                showPaymentResult(result)
            case let .otp(otp):
                showOtpForPayment(otp: otp)
            case let .tds(tdsInfo):
                showTdsWebView(tdsInfo: tdsInfo)
            }
        } catch let error as BKMExpress.Failure {
            showError(error.message)
        }
    }

    func onTdsCompleted(token: BKMExpress.PaymentToken) async {
        do {
            let result = try await api.controlPayment(token: token)
            showPaymentResult(result)
        } catch let error as BKMExpress.Failure {
            showError(error.message)
        }
    }

    func onPaymentOtpVerified(otp: BKMExpress.PaymentOTP, code: String) async {
        do {
            let token = try await otp.verify(code: code)
            let result = try await api.controlPayment(token: token)
            showPaymentResult(result)
        } catch let error as BKMExpress.Failure {
            showError(error.message)
        }
    }

    // 8.5 and 9.1
    static func currencySample(context: BKMExpress.InitializationContext) async {
        do {
            let api = try await BKMExpress.initialize(context: context)
            _ = api
        } catch let error as BKMExpress.Failure {
            if case let .server(code) = error.kind, code == 1049 {
                // Geçersiz para birimi — kullanıcıya bilgi verin veya varsayılana dönün
            }
            showAlert(error.message)
        }
    }

    // 9.2
    func cardNumberFieldSample() {
        do {
            let number = try cardNumberField.cardNumber()
            _ = number
            // number kullanılabilir
        } catch let failure as BKMExpress.CardNumberFailure {
            switch failure {
            case .empty:
                showFieldError("Lütfen kart numarası giriniz.")
            case .short:
                showFieldError("Kart numarası çok kısa.")
            case .invalidLuhn:
                showFieldError("Geçersiz kart numarası.")
            }
        }
    }

    // 9.3
    func generalSample() async {
        do {
            let status = try await api.checkStatus()
            handleStatus(status)
        } catch let error as BKMExpress.Failure {
            showAlert(error.message)
            // İsteğe bağlı: error.kind'a göre (session, encryption, server) loglama
        }
    }
}
