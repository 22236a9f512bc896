import ReveilleCore

extension FetchSchedule {
    /// The schedule as pretty-printed JSON with sorted keys and a final newline: byte-identical for
    /// identical schedules (numbers are rounded to 6 decimals when built, so their shortest
    /// representation is stable).
    public func jsonText() throws -> String { try DeterministicJSON.text(self) }
}
