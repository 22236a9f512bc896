extension ReactiveStatistics {
    private enum _Keys: String, CodingKey {
        case apps, days, hourlyColdLaunches, launches, transitions, coefficients, budgetScores, triggerScores, scoreDays,
             validation
    }

    /// Reads the `reactive` section. Files written before ``budgetScores`` hold every score as
    /// `triggerScores`; their budget scores are taken from it (the same thresholds).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: _Keys.self)
        let scoreDays = try c.decode(Int.self, forKey: .scoreDays)
        let legacyScores = try c.decodeIfPresent([Double].self, forKey: .triggerScores)
        self.init(apps: try c.decode([String].self, forKey: .apps),
                  days: try c.decode(Int.self, forKey: .days),
                  hourlyColdLaunches: try c.decode([[Int]].self, forKey: .hourlyColdLaunches),
                  launches: try c.decode([Int].self, forKey: .launches),
                  transitions: try c.decode([Transition].self, forKey: .transitions),
                  coefficients: try c.decode([Double].self, forKey: .coefficients),
                  triggerScores: legacyScores ?? [], scoreDays: scoreDays)
        if legacyScores == nil {
            budgetScores = try c.decode([Double].self, forKey: .budgetScores)
        }
        validation = try c.decodeIfPresent([ReactiveValidation].self, forKey: .validation) ?? []
    }

    /// Writes the `reactive` section (``budgetScores``, never the full score list).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: _Keys.self)
        try c.encode(apps, forKey: .apps)
        try c.encode(days, forKey: .days)
        try c.encode(hourlyColdLaunches, forKey: .hourlyColdLaunches)
        try c.encode(launches, forKey: .launches)
        try c.encode(transitions, forKey: .transitions)
        try c.encode(coefficients, forKey: .coefficients)
        try c.encode(budgetScores, forKey: .budgetScores)
        try c.encode(scoreDays, forKey: .scoreDays)
        try c.encode(validation, forKey: .validation)
    }
}
