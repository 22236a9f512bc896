extension _PersonGenerator {
    /// 20–60 apps with Zipf-ranked rates summing to 60–150 launches a day (companions and bursts
    /// included), category profiles, bursts, drift, installs/abandons and companions.
    static func _apps(routine: _AppCatalog.Routine, firstDay: Int, days: Int,
                      random: inout SimulationRandom) -> [AppParameters] {
        let count = random.integer(20...60)
        let launchesPerDay = random.uniform(60, 150)
        let zipf = random.uniform(0.8, 1.1)
        var pool = _AppCatalog.pool
        for i in stride(from: pool.count - 1, to: 0, by: -1) { pool.swapAt(i, random.integer(0...i)) }
        let chosen = Array((_AppCatalog.core + pool).prefix(count))
        let weights = chosen.indices.map { 1 / _exp(zipf * _log(Double($0 + 1))) * random.logNormal(median: 1, sigma: 0.3) }
        let weightSum = weights.reduce(0, +)
        let companionShare = 0.55
        var apps: [AppParameters] = []
        for (rank, (name, category)) in chosen.enumerated() {
            let traits = _AppCatalog.traits(category)
            let alpha = _significant(random.uniform(traits.alpha.lowerBound, traits.alpha.upperBound), 3)
            var daily = launchesPerDay * weights[rank] / weightSum / (1 + companionShare) * (1 - alpha)
            if category == .rare { daily = random.uniform(0.03, 0.3) }
            var app = AppParameters(
                app: name, category: category.rawValue, hourlyRates: _profile(category, routine, daily: daily),
                burstBranchingRatio: alpha,
                burstDecaySeconds: _significant(random.uniform(traits.decay.lowerBound, traits.decay.upperBound), 3),
                habitShiftSecondsPerDay: _significant(max(-90, min(90, random.normal(mean: 0, sd: 40))), 3),
                rateDriftPerDay: _significant(max(-0.02, min(0.02, random.normal(mean: 0, sd: 0.008))), 3),
                vacationFactor: traits.vacation,
                durationMedianSeconds: _significant(traits.duration * random.logNormal(median: 1, sigma: 0.3), 3),
                durationSigma: 1.0)
            _installOrAbandon(&app, rank: rank, firstDay: firstDay, days: days, random: &random)
            apps.append(app)
        }
        _addCompanions(&apps, order: chosen.map(\.0), share: companionShare, random: &random)
        return apps
    }

    /// `[weekday][hour]` launches per hour: the category shape scaled so the week averages
    /// `daily` launches a day; 4 significant digits.
    static func _profile(_ category: _AppCatalog.Category, _ routine: _AppCatalog.Routine, daily: Double) -> [[Double]] {
        let rows = (0..<7).map { w in
            (0..<24).map { h in _AppCatalog.shape(category, routine, weekend: w >= 5, hour: Double(h) + 0.5) }
        }
        let weeklyMean = rows.joined().reduce(0, +) / 7
        return rows.map { $0.map { _significant(daily * $0 / weeklyMean, 4) } }
    }

    /// About 8 % of apps below the top five are installed mid-period and 8 % abandoned.
    static func _installOrAbandon(_ app: inout AppParameters, rank: Int, firstDay: Int, days: Int,
                                  random: inout SimulationRandom) {
        let u = random.uniform()
        guard rank >= 5, days >= 10, u < 0.16 else { return }
        let day = firstDay + random.integer((days / 5)...(4 * days / 5))
        if u < 0.08 { app.activeFromDay = day } else { app.activeUntilDay = day }
    }

    /// Each app may be followed in the same session by one to three of the ten most used apps,
    /// with total probability around `share`.
    static func _addCompanions(_ apps: inout [AppParameters], order: [String], share: Double,
                               random: inout SimulationRandom) {
        let top = Array(order.prefix(10))
        for i in apps.indices {
            let total = min(0.85, max(0.2, random.normal(mean: share, sd: 0.12)))
            let k = random.integer(1...3)
            var picks: [String] = []
            while picks.count < k {
                let candidate = top[random.integer(0...(top.count - 1))]
                if candidate != apps[i].app && !picks.contains(candidate) { picks.append(candidate) }
            }
            let parts = picks.map { _ in random.uniform(0.5, 1.5) }
            let sum = parts.reduce(0, +)
            for (name, part) in zip(picks, parts) { apps[i].companions[name] = _significant(total * part / sum, 3) }
        }
    }
}
