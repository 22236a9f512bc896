/// What the reactive (event-mode) scheduler learns from the past, as aggregates only: counts and
/// fitted numbers, never an instant.
///
/// Learnt at `start(d)` from the last 28 days before it (Scheduling's
/// `ReactiveStatistics.learn`), stored by `reveille train` as the model's one `reactive` section
/// and read by `reveille react`.
public struct ReactiveStatistics: Sendable, Codable, Equatable {
    /// One app-to-app transition count: launches of ``from`` followed by a cold launch of ``to``
    /// within `tau` (counted once per launch). Stored as the array `[from, to, count]` (a
    /// device holds thousands; as objects they were most of a large model's bytes); the object
    /// form `{"from", "to", "count"}` of earlier files is still read.
    public struct Transition: Sendable, Codable, Equatable {
        /// Index into ``ReactiveStatistics/apps`` of the launched app `a`.
        public var from: Int
        /// Index of the app `b ≠ a` whose cold launch followed.
        public var to: Int
        /// `k_ab ≥ 1`.
        public var count: Int

        /// A count.
        public init(from: Int, to: Int, count: Int) {
            self.from = from
            self.to = to
            self.count = count
        }

        private enum CodingKeys: String, CodingKey { case from, to, count }

        /// Reads `[from, to, count]`, or the object form of earlier files.
        public init(from decoder: any Decoder) throws {
            if var triple = try? decoder.unkeyedContainer() {
                from = try triple.decode(Int.self)
                to = try triple.decode(Int.self)
                count = try triple.decode(Int.self)
                guard triple.isAtEnd else {
                    throw DecodingError.dataCorruptedError(in: triple, debugDescription: "a transition is [from, to, count]")
                }
                return
            }
            let object = try decoder.container(keyedBy: CodingKeys.self)
            from = try object.decode(Int.self, forKey: .from)
            to = try object.decode(Int.self, forKey: .to)
            count = try object.decode(Int.self, forKey: .count)
        }

        /// Writes `[from, to, count]`.
        public func encode(to encoder: any Encoder) throws {
            var triple = encoder.unkeyedContainer()
            try triple.encode(from)
            try triple.encode(to)
            try triple.encode(count)
        }
    }

    /// Apps, sorted; every other array is indexed by this order.
    public var apps: [String]
    /// Local days the counts cover (at most 28).
    public var days: Int
    /// Per app, cold launches in each local hour 0–23 over ``days``.
    public var hourlyColdLaunches: [[Int]]
    /// Per app, its launches (warm or cold) whose cover window `(t + 1 s, t + 1 s + tau]` ended
    /// inside the counted days: `n_a`.
    public var launches: [Int]
    /// `Σ n_a`: the counted days' launches (``launches`` summed as doubles, which no file's
    /// counts can overflow; exact below 2⁵³, so the integer sum in every real case).
    public var launchTotal: Double { launches.reduce(0.0) { $0 + Double($1) } }
    /// Every nonzero `k_ab`, sorted by `from`, then `to`.
    public var transitions: [Transition]
    /// The trigger scorer's logistic coefficients, in `ReactiveFeatures` order; empty when there
    /// was nothing to fit (no trigger is then made).
    public var coefficients: [Double]
    /// What a budget's trigger threshold is read from: entry `B − 1` is the `(B × scoreDays)`-th
    /// largest of the best trigger scores after each launch of the last ``scoreDays`` days, while
    /// there are that many; the last entry is the smallest score (a larger budget's). Rounded to
    /// four decimals when learnt. Only these ranks are ever read, so only they are kept (a
    /// device's full list was the largest part of its model file).
    public internal(set) var budgetScores: [Double]
    /// Days with a launch among the scores ``budgetScores`` come from.
    public internal(set) var scoreDays: Int
    /// Per budget 1…``validatedBudgets``, the out-of-sample tally that decides whether triggers
    /// are used (empty: not validated; triggers are used). A larger budget uses the last entry.
    public var validation: [ReactiveValidation] = []
    /// Budgets `reveille train` validates (1…32).
    public static let validatedBudgets = 32

    /// `x` as stored: 6 significant decimals, like the usage model's own coefficients. Learning
    /// rounds what it fits to this, so a model file holds exactly what `evaluate` used, and the
    /// last-bit differences of a multithreaded BLAS (another core count, a Spark executor) vanish.
    public static func stored(_ x: Double) -> Double { _rounded(x) }

    /// Statistics with every field given; `triggerScores` is the best trigger score after each
    /// launch of the last `scoreDays` days, largest first (kept as ``budgetScores``).
    public init(apps: [String], days: Int, hourlyColdLaunches: [[Int]], launches: [Int], transitions: [Transition],
                coefficients: [Double], triggerScores: [Double], scoreDays: Int) {
        self.apps = apps
        self.days = days
        self.hourlyColdLaunches = hourlyColdLaunches
        self.launches = launches
        self.transitions = transitions
        self.coefficients = coefficients
        self.budgetScores = Self.budgetScores(triggerScores, scoreDays: scoreDays)
        self.scoreDays = scoreDays
    }

    /// Sets the trigger scores: each launch's best score over the last `scoreDays` days, largest
    /// first (kept as ``budgetScores``).
    public mutating func setTriggerScores(_ triggerScores: [Double], scoreDays: Int) {
        self.budgetScores = Self.budgetScores(triggerScores, scoreDays: scoreDays)
        self.scoreDays = scoreDays
    }

    /// The score budget `B` reads: the `(B × scoreDays)`-th largest, or the smallest when there
    /// are fewer scores; `nil` without scores.
    public func budgetScore(budget: Int) -> Double? {
        guard budget > 0, let smallest = budgetScores.last else { return nil }
        return budget <= budgetScores.count ? budgetScores[budget - 1] : smallest
    }

    /// The ranks `s, 2s, 3s, …` (`s = max(1, scoreDays)`) of `sorted` (largest first) while it
    /// has them, then its smallest entry: what ``budgetScore(budget:)`` reads, for every budget.
    static func budgetScores(_ sorted: [Double], scoreDays: Int) -> [Double] {
        guard let smallest = sorted.last else { return [] }
        let step = max(1, scoreDays)
        return Array(sorted.dropFirst(step - 1).enumerated().lazy.filter { $0.offset % step == 0 }.map(\.element)) + [smallest]
    }

    /// The most apps a trigger may fetch on one device: those with the most cold launches in the
    /// counted days (ties to the earlier app). Real devices have a few dozen; the cap keeps the
    /// trigger scorer's work and memory linear in the launches (training rows are launches ×
    /// candidates, its transition table apps × candidates) on a history of thousands of apps.
    public static let maximumCandidates = 100

    /// The most training rows (window launches × candidates) the trigger scorer is fitted on: the
    /// most recent window launches whose rows fit (a device with 30 candidate apps reaches it at
    /// 33,000 launches in 28 days, about 1,200 a day; no device of the shared sets has more than
    /// 280,000 launches × apps in its whole history). 72 MB of features at most.
    public static let maximumTrainingRows = 1_000_000

    /// Number of features the coefficients weigh (`ReactiveFeatures.count`).
    public static let featureCount = 9

    /// Checks that the arrays agree (as decoded from a file).
    /// - Throws: ``UsageModelError`` (`unsupportedModel`) naming the first inconsistency.
    public func validate() throws {
        func fail(_ what: String) -> UsageModelError {
            UsageModelError(.unsupportedModel, expected: "reactive statistics with \(what)")
        }
        let n = apps.count
        guard days >= 0, scoreDays >= 0 else { throw fail("nonnegative day counts") }
        guard hourlyColdLaunches.count == n, hourlyColdLaunches.allSatisfy({ $0.count == 24 && $0.allSatisfy { $0 >= 0 } })
        else { throw fail("24 nonnegative hourly counts per app") }
        guard launches.count == n, launches.allSatisfy({ $0 >= 0 }) else { throw fail("one nonnegative launch count per app") }
        guard transitions.allSatisfy({ (0..<n).contains($0.from) && (0..<n).contains($0.to) && $0.from != $0.to && $0.count > 0 })
        else { throw fail("transitions between two different known apps, with positive counts") }
        guard zip(transitions, transitions.dropFirst()).allSatisfy({ ($0.from, $0.to) < ($1.from, $1.to) })
        else { throw fail("transitions sorted by from, then to, each pair once") }
        guard coefficients.isEmpty || coefficients.count == Self.featureCount, coefficients.allSatisfy(\.isFinite)
        else { throw fail("\(Self.featureCount) finite coefficients or none") }
        guard validation.enumerated().allSatisfy({ $1.budget == $0 + 1 && $1.windowHits >= 0 && $1.triggerHits >= 0 })
        else { throw fail("validation tallies for budgets 1, 2, … in order") }
        guard budgetScores.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }), zip(budgetScores, budgetScores.dropFirst()).allSatisfy({ $0 >= $1 })
        else { throw fail("budget scores in [0, 1], largest first") }
    }
}

/// How the reactive scheduler did at one budget on recent finished days, replayed with each
/// day's own statistics (out of sample): its hits with the time-of-day windows alone and with
/// triggers too. Triggers are used at that budget only when they gained hits by more than the
/// day-to-day noise of the gain (``triggersHelp``).
public struct ReactiveValidation: Sendable, Codable, Equatable {
    /// `B`.
    public var budget: Int
    /// Hits of the windows alone.
    public var windowHits: Int
    /// Hits of windows and triggers.
    public var triggerHits: Int
    /// `Σ_d (triggerHits_d − windowHits_d)²` over the replayed days: the spread of the daily
    /// gains (0 in files written before it was stored).
    public var gainSquares: Int
    /// Whether the scheduler plans the day with the usage model's windows (the daily plan) rather
    /// than the histogram's: validation found they gained hits (the tally is then theirs). Stored
    /// only when `true` (see `ReactiveValidation+Coding.swift`).
    public var modelWindows: Bool

    /// A tally.
    public init(budget: Int, windowHits: Int, triggerHits: Int, gainSquares: Int = 0, modelWindows: Bool = false) {
        self.budget = budget
        self.windowHits = windowHits
        self.triggerHits = triggerHits
        self.gainSquares = gainSquares
        self.modelWindows = modelWindows
    }

    enum CodingKeys: String, CodingKey { case budget, windowHits, triggerHits, gainSquares, modelWindows }

    /// Decodes a tally; a missing `gainSquares` (older files) reads as 0, a missing
    /// `modelWindows` as `false`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        budget = try c.decode(Int.self, forKey: .budget)
        windowHits = try c.decode(Int.self, forKey: .windowHits)
        triggerHits = try c.decode(Int.self, forKey: .triggerHits)
        gainSquares = try c.decodeIfPresent(Int.self, forKey: .gainSquares) ?? 0
        modelWindows = try c.decodeIfPresent(Bool.self, forKey: .modelWindows) ?? false
    }

    /// How many standard errors the summed gain must exceed (one-sided): `gain > z √(Σ d²)`.
    public static let significance = 0.5
    /// The stricter `z` at budgets up to ``smallBudget``: there a day holds one or two windows,
    /// a trigger that displaces one swings the day by a whole hit either way, and at `z` = 0.5 a
    /// single day's gain of one hit passed. On StudentLife (no within-session signal) that
    /// switched triggers on for days of u02 that then lost hits (B = 2: 160 hits to the
    /// histogram's 162).
    public static let smallBudgetSignificance = 1.0
    /// The largest budget that ``smallBudgetSignificance`` applies to.
    public static let smallBudget = 2

    /// `z` at `budget`: ``smallBudgetSignificance`` up to ``smallBudget``, else ``significance``.
    public static func significance(budget: Int) -> Double {
        budget <= smallBudget ? smallBudgetSignificance : significance
    }

    /// Whether triggers gained hits by more than their noise: the summed daily gain
    /// `G = triggerHits − windowHits` is positive and `G² > z² Σ_d d²` (`z` =
    /// ``significance(budget:)``), a one-sided sign-free test of a mean gain above zero.
    public var triggersHelp: Bool {
        let gain = Double(triggerHits) - Double(windowHits)
        let z = Self.significance(budget: budget)
        return gain > 0 && gain * gain > z * z * Double(gainSquares)
    }
}

