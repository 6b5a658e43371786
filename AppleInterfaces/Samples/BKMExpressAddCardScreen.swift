// BKM Express's manual (bkm-express-lite-sdk.tr.txt, §7.1 and §5.1.1), its SwiftUI samples as
// written there. `agreements`, `storeCard()` and `Color(hex:)` are the app's own, so they are
// declared here. Type-checked against the Apple interfaces by AppleInterfaces/check.sh; never run.
import BKMExpressLiteSDK
import SwiftUI

extension Color {
    /// The app's own hex colours, as the manual's sample uses them.
    init(hex: String) { self.init(red: 1, green: 1, blue: 1) }
}

// Bu view oluşturulmadan önce başarılı initialize() çağrısının yapıldığından emin olunuz.
struct AddCardScreen: View {
    @State var cardNumber: BKMExpress.CardNumber?
    @State var isCheckboxSelected = false
    let agreements: [BKMExpress.Agreement]
    let attributedPlaceholder = AttributedString("Kart Numarası")

    var body: some View {
        VStack {
            BKMExpressCardNumberView(
                font: .systemFont(ofSize: 17),
                placeholder: "Kart Numarası",
                number: $cardNumber
            )

            BKMExpressCardNumberView(
                font: .systemFont(ofSize: 17),
                attributedPlaceholder: attributedPlaceholder,
                number: $cardNumber
            )

            if let agreement = agreements.first(where: { $0.kind == .agreement }) {
                HStack {
                    BKMExpressAgreementCheckboxView(isSelected: $isCheckboxSelected)
                    Text(agreement.label)
                }
                // SwiftUI — Renk Özelleştirme
                HStack {
                    BKMExpressAgreementCheckboxView(
                        isSelected: $isCheckboxSelected,
                        checkmarkTint: Color(hex: "#FFFFFF"),
                        borderColor: Color(hex: "#BDBDBD"),
                        errorTintColor: .red,
                        disabledTintColor: .gray
                    )
                    Text(agreement.label)
                }
            }

            Button("Kartı Kaydet") {
                Task { await storeCard() }
            }
        }
    }

    func storeCard() async {}
}
