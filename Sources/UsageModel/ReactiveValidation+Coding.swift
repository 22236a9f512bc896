extension ReactiveValidation {
    /// Writes a tally; `modelWindows` only when `true` (most budgets of most devices keep the
    /// histogram's windows, and a file stays as small as before).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(budget, forKey: .budget)
        try c.encode(windowHits, forKey: .windowHits)
        try c.encode(triggerHits, forKey: .triggerHits)
        try c.encode(gainSquares, forKey: .gainSquares)
        if modelWindows { try c.encode(true, forKey: .modelWindows) }
    }
}
