// BKM Express's manual (bkm-express-lite-sdk.tr.txt, §7.2 and §5.1.1), its UIKit samples as written
// there, target and action included, with the nearest form Linux can check of the two things only
// the Objective-C runtime has: `#selector(checkboxChanged)` is spelled `Selector(("checkboxChanged:"))`
// (the selector it names), and `checkboxChanged` loses its `@objc`. Type-checked against the Apple
// interfaces by AppleInterfaces/check.sh in every configuration; never run.
import BKMExpressLiteSDK
import UIKit

extension UIColor {
    /// The app's own hex colours, as the manual's sample uses them.
    convenience init(hex: String) {
        self.init(red: 0, green: 0.725, blue: 0.784, alpha: 1)
    }
}

// Bu controller oluşturulmadan önce başarılı initialize() çağrısının yapıldığından emin olunuz.
class AddCardViewController: UIViewController, BKMExpressCardNumberFieldDelegate {
    let cardNumberField = BKMExpressCardNumberField()
    let checkbox = BKMExpressAgreementCheckbox()

    override func viewDidLoad() {
        super.viewDidLoad()
        cardNumberField.bkmExpressDelegate = self
        checkbox.addTarget(self, action: Selector(("checkboxChanged:")), for: .valueChanged)
        // Layout kurulumu...

        // UIKit — Renk Özelleştirme (§5.1.1)
        checkbox.tintColor = UIColor(hex: "#00B9C8")
        checkbox.checkmarkColor = .white
        checkbox.borderColor = UIColor(hex: "#BDBDBD")
        checkbox.disabledTintColor = UIColor(hex: "#80BDBDBD")
        checkbox.errorTintColor = .red
    }

    func bkmExpressCardNumberField(
        _ field: BKMExpressCardNumberField,
        didReceiveValidCardNumber cardNumber: BKMExpress.CardNumber
    ) {
        // Geçerli bir kart numarası alındı; gerekirse devam tuşunu aktifleştirebilirsiniz.
    }

    func checkboxChanged(_ checkbox: BKMExpressAgreementCheckbox) {
        print("Checkbox durumu: \(checkbox.isSelected)")
    }
}

/// A subclass, as the manual allows: `text` stays closed to it too.
final class BrandedCardNumberField: BKMExpressCardNumberField {
    func readsNothing() -> String? { text }
}
