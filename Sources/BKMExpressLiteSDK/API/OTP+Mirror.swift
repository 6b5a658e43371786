// Hand-written: what `dump` and debuggers show of an OTP. A generated OTP keeps the session's wire
// client to call verify and resend with; its default mirror would walk into that client and print
// the session token. Each variant shows its `info` only.
import Foundation

extension BKMExpress.LinkOTP: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["info": info]) }
}

extension BKMExpress.StoreCardOTP: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["info": info]) }
}

extension BKMExpress.RegisterOTP: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["info": info]) }
}

extension BKMExpress.PaymentOTP: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["info": info]) }
}
