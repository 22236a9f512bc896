/// The behaviour categories and app names a simulated person draws from, and the daily shapes of
/// their intensity (relative launches per local hour) for a given personal routine.
enum _AppCatalog {
    /// A person's daily routine in local hours (sleep may pass 24, meaning after midnight).
    struct Routine {
        var wakeWeekday: Double
        var wakeWeekend: Double
        var sleepWeekday: Double
        var sleepWeekend: Double
    }

    /// Behaviour category: how launches spread over the day and week.
    enum Category: String, CaseIterable {
        case messaging, social, browser, work, evening, commute, morning, utility, fitness, rare
    }

    /// The eight apps everybody ranks first (most used first), then the pool the rest come from.
    static let core: [(String, Category)] = [
        ("com.sim.messages", .messaging), ("com.sim.social", .social), ("com.sim.browser", .browser),
        ("com.sim.mail", .work), ("com.sim.video", .evening), ("com.sim.music", .commute),
        ("com.sim.news", .morning), ("com.sim.maps", .commute),
    ]

    static let pool: [(String, Category)] = {
        let names: [(String, Category, Int)] = [
            ("chat", .messaging, 4), ("photos", .social, 3), ("forum", .social, 3), ("office", .work, 4),
            ("calendar", .work, 1), ("tasks", .work, 2), ("stream", .evening, 4), ("game", .evening, 6),
            ("podcast", .commute, 2), ("transit", .commute, 2), ("weather", .morning, 2),
            ("headlines", .morning, 2), ("camera", .utility, 1), ("bank", .utility, 3), ("shop", .utility, 5),
            ("notes", .utility, 2), ("clock", .morning, 1), ("fitness", .fitness, 3), ("food", .evening, 3),
            ("travel", .rare, 4), ("settings", .rare, 1), ("tax", .rare, 2), ("tickets", .rare, 3),
            ("insurance", .rare, 2), ("health", .fitness, 2), ("reader", .evening, 2), ("dating", .social, 2),
        ]
        return names.flatMap { name, category, count in
            (1...count).map { ("com.sim.\(name)\(count > 1 ? String($0) : "")", category) }
        }
    }()

    /// Relative intensity of `category` at local hour centre `h` (0–24) on a weekend or not.
    static func shape(_ category: Category, _ r: Routine, weekend: Bool, hour h: Double) -> Double {
        let wake = weekend ? r.wakeWeekend : r.wakeWeekday
        let sleep = weekend ? r.sleepWeekend : r.sleepWeekday
        let awake = _isAwake(h, wake: wake, sleep: sleep) ? 1.0 : 0.03
        return awake * _activity(category, wake: wake, weekend: weekend, h)
    }

    static func _activity(_ category: Category, wake: Double, weekend: Bool, _ h: Double) -> Double {
        switch category {
        case .messaging:
            return 1 + _bump(h, wake + 0.3, 0.7, 1.5) + _bump(h, 21, 2, 0.8)
        case .social:
            return 0.6 + _bump(h, wake + 0.2, 0.5, 1) + _bump(h, 12.5, 1, 0.8) + _bump(h, 21.5, 1.5, 1.6)
        case .browser, .utility:
            return 1 + _bump(h, 13, 3, 0.5) + _bump(h, 21, 2, 0.6)
        case .work:
            let day = _bump(h, 9, 1, 2) + _bump(h, 13.5, 1, 1) + _bump(h, 16.5, 1.5, 1) + (h > 8 && h < 18 ? 0.3 : 0.02)
            return weekend ? 0.15 * day : day
        case .evening:
            return weekend ? 0.6 + _bump(h, 15, 3, 1) + _bump(h, 21, 2, 2) : 0.15 + _bump(h, 20.5, 1.8, 3)
        case .commute:
            return weekend ? 0.4 + _bump(h, 14, 3, 0.6) : 0.1 + _bump(h, wake + 1.3, 0.5, 3) + _bump(h, 17.7, 0.6, 3)
        case .morning:
            return 0.2 + _bump(h, wake + 0.2, 0.6, 3) + _bump(h, 12.5, 1, 0.8)
        case .fitness:
            return 0.1 + (weekend ? _bump(h, 10, 1, 2) : _bump(h, wake + 0.1, 0.7, 2) + _bump(h, 18.5, 1, 1))
        case .rare:
            return 1
        }
    }

    /// A circular Gaussian bump: `weight × exp(−d² / 2 width²)`, `d` the distance on the 24 h clock.
    static func _bump(_ h: Double, _ centre: Double, _ width: Double, _ weight: Double) -> Double {
        let raw = abs(_positiveModulo(h, 24) - _positiveModulo(centre, 24))
        let d = min(raw, 24 - raw)
        return weight * _exp(-d * d / (2 * width * width))
    }

    static func _isAwake(_ h: Double, wake: Double, sleep: Double) -> Bool {
        sleep > 24 ? (h >= wake || h < sleep - 24) : (h >= wake && h < sleep)
    }

    /// Typical burst behaviour (branching ratio range, decay range in s), vacation factor and
    /// median duration (s) of a category.
    static func traits(_ c: Category) -> (alpha: ClosedRange<Double>, decay: ClosedRange<Double>, vacation: Double, duration: Double) {
        switch c {
        case .messaging: return (0.4...0.7, 120...600, 1.0, 25)
        case .social: return (0.3...0.6, 300...900, 1.3, 70)
        case .evening: return (0.0...0.3, 600...1200, 1.3, 150)
        case .work: return (0.0...0.3, 300...900, 0.1, 50)
        case .commute: return (0.0...0.0, 300...300, 0.3, 30)
        case .browser: return (0.1...0.3, 300...900, 1.0, 60)
        case .morning, .utility, .fitness: return (0.0...0.0, 300...300, 1.0, 35)
        case .rare: return (0.0...0.0, 300...300, 1.5, 50)
        }
    }
}
