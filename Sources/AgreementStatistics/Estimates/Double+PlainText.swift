extension Double {
    /// The number as briefly as it reads, for labels and messages.
    ///
    /// Whole numbers have no fractional part (`4`, not `4.0`); others use
    /// Swift's shortest form that reads back to the same value (`0.5`,
    /// `2.3333333333333335`). Values of 10¹⁵ and beyond keep Swift's form.
    public var plainText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : String(self)
    }
}
