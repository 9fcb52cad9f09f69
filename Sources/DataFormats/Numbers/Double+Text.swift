import Foundation

extension Double {
    /// The number as briefly as it reads, for labels and messages.
    ///
    /// Whole numbers have no fractional part (`4`, not `4.0`); others use
    /// Swift's shortest form that reads back to the same value (`0.5`,
    /// `2.3333333333333335`). Values of 10¹⁵ and beyond keep Swift's form.
    public var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }

    /// The number with a fixed count of digits after the point, as C's
    /// `printf("%.*f")` writes it (`0.712` for 3 decimals), for report tables.
    public func fixed(decimals: Int) -> String {
        String(format: "%.\(decimals)f", self)
    }
}
