// check: must fail in every mode
// A canary: the SwiftUI interface must check what a view is given, or the samples prove nothing.
import BKMExpressLiteSDK
import SwiftUI

struct WrongPlaceholder: View {
    @State var number: BKMExpress.CardNumber?
    var body: some View { BKMExpressCardNumberView(placeholder: 3, number: $number) }
}
