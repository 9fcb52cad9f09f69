extension CategoryScale {
    /// The scale a user declares by listing its categories in order: numbers
    /// (`1,2,3,4`, or `-2,-1,0,1,2`) make a numeric scale whose labels are
    /// the numbers as written; anything else (`fail,pass`) makes ordered
    /// labels worth 0, 1, 2, ….
    ///
    /// - Throws: ``RatingError`` when a category is listed twice, fewer than
    ///   one is given, or more than ``maximumCategories``.
    public init(declared categories: [String]) throws(RatingError) {
        guard !categories.isEmpty else { throw RatingError(message: "a scale needs at least one category", position: nil) }
        guard categories.count <= Self.maximumCategories else { throw .tooManyCategories(categories.count) }
        guard Set(categories).count == categories.count else {
            throw RatingError(message: "the scale lists a category twice: \(categories.joined(separator: ","))", position: nil)
        }
        let numbers = categories.compactMap { Double($0) }.filter(\.isFinite)
        if numbers.count == categories.count, Set(numbers).count == numbers.count {
            self.init(values: numbers, labels: categories)
        } else {
            self.init(labels: categories)
        }
    }
}
