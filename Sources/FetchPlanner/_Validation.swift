import ReveilleCore

/// Checks every input-derived value of a request before planning; the first problem found is
/// thrown as a ``PlanningError`` naming the field.
enum _Validation {
    static func check(_ r: PlanningRequest) throws {
        try _horizon(r)
        try _budget(r.budget)
        try _rules(r.rules)
        // Names in strictly ascending order (how forecasts list their apps) are unique without
        // hashing each one; any other order is checked name by name, and the first repeat named.
        let ascending = zip(r.apps, r.apps.dropFirst()).allSatisfy { $0.app < $1.app }
        var names = Set<String>()
        for (k, app) in r.apps.enumerated() {
            guard ascending || names.insert(app.app).inserted else {
                throw PlanningError(.duplicateApp, field: "apps[\(k)].app", expected: "app names unique")
            }
            try _forecast(app, index: k, slotCount: r.slotCount)
        }
        try _state(r.state)
        if let caps = r.standbyCaps, caps.values.contains(where: { $0 < 0 }) {
            throw PlanningError(.invalidRule, field: "standbyCaps", expected: "caps ≥ 0")
        }
        try _spentFetches(r.spentFetches)
    }

    static func _spentFetches(_ spent: [SpentFetch]) throws {
        for (k, s) in spent.enumerated() where !_instant(s.at) || !(s.energyCost >= 0) || !s.energyCost.isFinite {
            throw PlanningError(.invalidSpentFetch, field: "spentFetches[\(k)]", expected: "a finite instant and an energy cost ≥ 0")
        }
    }

    /// Instants are accepted within ±1e11 s of the epoch (years −1200 … 5100).
    static func _instant(_ t: Double) -> Bool { t.isFinite && abs(t) <= 1e11 }

    static func _horizon(_ r: PlanningRequest) throws {
        guard r.slotSeconds.isFinite, r.slotSeconds > 0, r.slotSeconds <= 86_400, r.slotCount > 0,
              _instant(r.horizonStart), _instant(r.horizonEnd), _instant(r.generatedAt) else {
            throw PlanningError(.invalidSlots, field: "slotSeconds/slotCount/horizonStart/generatedAt",
                                expected: "a slot of (0, 86400] s, a positive count, instants within ±1e11 s")
        }
        let k = r.tauSeconds / r.slotSeconds
        guard r.tauSeconds.isFinite, r.tauSeconds <= 7 * 86_400, k >= 1, abs(k - k.rounded()) < 1e-9 else {
            throw PlanningError(.invalidTau, field: "tauSeconds", expected: "a positive whole multiple of slotSeconds, at most 7 days")
        }
        guard LocalClock.isValidOffset(r.utcOffsetSeconds) else {
            throw PlanningError(.invalidOffset, field: "utcOffsetSeconds", expected: "within ±18 h")
        }
        var last = -Double.infinity
        for (k, c) in r.offsetChanges.enumerated() {
            guard LocalClock.isValidOffset(c.utcOffsetSeconds), _instant(c.at) else {
                throw PlanningError(.invalidOffset, field: "offsetChanges[\(k)]", expected: "a finite instant and an offset within ±18 h")
            }
            guard c.at > last else {
                throw PlanningError(.unsortedOffsetChanges, field: "offsetChanges[\(k)].at", expected: "strictly increasing instants")
            }
            last = c.at
        }
    }

    static func _budget(_ b: PlanningBudget) throws {
        let e = b.energyUnitsPerDay
        guard e.isFinite, e >= 0, e <= Double(PlanningBudget.maximumEnergyUnitsPerDay) else {
            throw PlanningError(.invalidBudget, field: "budget.energyUnitsPerDay",
                                expected: "a number in 0…\(PlanningBudget.maximumEnergyUnitsPerDay)")
        }
        guard e == e.rounded() else {
            throw PlanningError(.budgetNotWhole, field: "budget.energyUnitsPerDay", expected: "a whole number of energy units")
        }
        if let d = b.dataBytesPerDay, !(d.isFinite && d >= 0) {
            throw PlanningError(.invalidBudget, field: "budget.dataBytesPerDay", expected: "a finite number ≥ 0")
        }
        guard b.lowPowerScale >= 0, b.lowPowerScale <= 1 else {
            throw PlanningError(.invalidBudget, field: "budget.lowPowerScale", expected: "a factor in [0, 1]")
        }
    }

    static func _rules(_ r: PlatformRules) throws {
        func bad(_ field: String, _ expected: String) -> PlanningError {
            PlanningError(.invalidRule, field: "rules.\(field)", expected: expected)
        }
        guard r.minimumIntervalSeconds.isFinite, r.minimumIntervalSeconds >= 0 else { throw bad("minimumIntervalSeconds", "a finite number ≥ 0") }
        guard (r.maxFetchesPerAppPerDay ?? 0) >= 0 else { throw bad("maxFetchesPerAppPerDay", "≥ 0") }
        guard (r.deviceFetchesPerHour ?? 0) >= 0 else { throw bad("deviceFetchesPerHour", "≥ 0") }
        guard r.leadMinutes.isFinite, r.leadMinutes >= 0, r.leadMinutes <= 1440 else { throw bad("leadMinutes", "minutes in 0…1440 (as --lead-minutes)") }
        guard r.newDataPriorAlpha.isFinite, r.newDataPriorBeta.isFinite, r.newDataPriorAlpha > 0, r.newDataPriorBeta >= 0 else {
            throw bad("newDataPriorAlpha/Beta", "alpha > 0, beta ≥ 0, finite")
        }
        guard r.minimumValue.isFinite, r.minimumValue >= 0 else { throw bad("minimumValue", "a finite number ≥ 0") }
        if let days = r.recentUseDays, !(1...365).contains(days) { throw bad("recentUseDays", "1…365 days") }
        for (k, w) in r.preferredWindows.enumerated() {
            guard (0..<1440).contains(w.startMinute), (0...1440).contains(w.endMinute),
                  PreferredWindow.costMultiplierRange.contains(w.costMultiplier) else {
                throw bad("preferredWindows[\(k)]", "minutes in [0, 1440] and a cost multiplier in 0.001…1000")
            }
        }
    }

    static func _forecast(_ app: AppForecast, index k: Int, slotCount: Int) throws {
        guard app.slotProbabilities.count == slotCount else {
            throw PlanningError(.probabilityCountMismatch, field: "apps[\(k)].slotProbabilities",
                                expected: "\(slotCount) entries (slotCount), found \(app.slotProbabilities.count)")
        }
        for (i, p) in app.slotProbabilities.enumerated() where !(p >= 0 && p <= 1) {
            throw PlanningError(.probabilityOutOfRange, field: "apps[\(k)].slotProbabilities[\(i)]", expected: "a probability in [0, 1]")
        }
        guard AppForecast.energyCostRange.contains(app.energyCost) else {
            throw PlanningError(.invalidCost, field: "apps[\(k)].energyCost", expected: "energy units in 0.001…1000")
        }
        for (d, day) in (app.evidence?.launchMinutesByDay ?? []).enumerated() where day.contains(where: { !(0..<1440).contains($0) }) {
            throw PlanningError(.invalidEvidence, field: "apps[\(k)].evidence.launchMinutesByDay[\(d)]", expected: "minutes of day in 0..<1440")
        }
    }

    static func _state(_ s: DeviceState) throws {
        var names = Set<String>()
        for (k, a) in s.apps.enumerated() {
            // Each field named on its own (one message for all four said "finite" of 1e300).
            guard names.insert(a.app).inserted else {
                throw PlanningError(.invalidSettings, field: "state.apps[\(k)].app", expected: "an app not named before in state.apps")
            }
            guard a.fetchResults.map({ $0.newData >= 0 && $0.noData >= 0 && $0.failed >= 0 }) ?? true else {
                throw PlanningError(.invalidSettings, field: "state.apps[\(k)].fetchResults", expected: "counts ≥ 0")
            }
            guard (a.maxFetchesPerDay ?? 0) >= 0 else {
                throw PlanningError(.invalidSettings, field: "state.apps[\(k)].maxFetchesPerDay", expected: "a number of fetches ≥ 0")
            }
            guard a.earliestBegin.map(_instant) ?? true else {
                throw PlanningError(.invalidSettings, field: "state.apps[\(k)].earliestBegin",
                                    expected: "Unix seconds within ±10¹¹ (about ±3,000 years of 1970)")
            }
            guard a.bytesPerFetch >= 0, a.bytesPerFetch <= AppSettings.maximumBytesPerFetch else {
                throw PlanningError(.invalidSettings, field: "state.apps[\(k)].bytesPerFetch",
                                    expected: "bytes in 0…\(Int(AppSettings.maximumBytesPerFetch)) (10¹²)")
            }
        }
    }
}
