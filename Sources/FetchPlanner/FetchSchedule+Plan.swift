import ReveilleCore

extension FetchSchedule {
    /// The JSON document for `plan`: ISO-8601 times with the offset in effect at each instant,
    /// numbers rounded to 6 decimals, and a reason sentence per window (from the app's
    /// ``ReasonEvidence`` when the request had it, else from the probability; floor windows start
    /// with "daily floor; ").
    public init(_ plan: FetchPlan) {
        let line = _LocalTimeline(initialOffset: plan.utcOffsetSeconds, changes: plan.offsetChanges)
        let windows = plan.windows.map { w in
            let start = line.minuteOfDay(w.servedFrom)
            let reason = (w.reasonCode == .dailyFloor ? "daily floor; " : "")
                + (w.evidence?.reason(startMinute: start, lengthMinutes: w.servedMinutes)
                   ?? _probabilityReason(w.probability, startMinute: start, lengthMinutes: w.servedMinutes))
            return Window(app: w.app, at: line.iso(w.at), atUnix: w.at, earliestBegin: line.iso(w.earliestBegin),
                          latestBegin: line.iso(w.at), probability: _round(w.probability), expectedHits: _round(w.expectedHits),
                          value: _round(w.value), energyCost: _round(w.energyCost), reasonCode: w.reasonCode.rawValue,
                          nextExpectedUse: line.iso(w.nextExpectedUse), nextExpectedUseUnix: w.nextExpectedUse, reason: reason)
        }
        let days = plan.budget.days.map {
            Day(date: _LocalTimeline.dateText(day: $0.localDay), limit: $0.limit, spent: _round($0.spent),
                planned: _round($0.planned), plannedBytes: _round($0.plannedBytes))
        }
        let leftOut = plan.leftOut.map { l in
            LeftOut(app: l.app, constraint: l.constraint,
                    detail: l.constraint.sentence + (l.bestWindowValue.map { " (best window worth \(_fixed($0, 3)) expected hits)" } ?? ""))
        }
        self.init(
            schemaVersion: 2, device: plan.device, generatedAt: line.iso(plan.generatedAt), method: plan.method.rawValue,
            horizon: Horizon(start: line.iso(plan.horizonStart), end: line.iso(plan.horizonEnd), startUnix: plan.horizonStart,
                             endUnix: plan.horizonEnd, slotSeconds: plan.slotSeconds, tauSeconds: plan.tauSeconds),
            utcOffset: TimestampParser.formatOffset(line.offset(at: plan.horizonStart)),
            utcOffsetSeconds: line.offset(at: plan.horizonStart), modelDigest: plan.modelDigest,
            budget: Budget(limit: _round(plan.budget.limit), planned: _round(plan.budget.planned),
                           lowPowerMode: plan.budget.lowPowerMode, days: days),
            objective: Objective(expectedHits: _round(plan.expectedHits), value: _round(plan.value)),
            windows: windows, leftOut: leftOut)
    }
}

extension FetchSchedule.Constraint {
    /// The sentence a schedule document gives for this constraint.
    public var sentence: String {
        switch self {
        case .budget: return "the day's energy budget went to windows of higher value per unit"
        case .forceQuit: return "the app was force-quit; the system does not launch it in the background"
        case .backgroundRefreshOff: return "background app refresh is off for the app"
        case .minimumInterval: return "too close to the app's previous fetch"
        case .lowValue: return "no window is worth the minimum value"
        case .dailyCap: return "the app's daily fetch cap is used up"
        case .notYetAllowed: return "the app's earliest begin date is later"
        case .rateLimit: return "the device's hourly fetch limit is reached"
        case .dataBudget: return "the day's data budget is used up"
        case .lowPower: return "Low Power Mode cut the day's energy budget, and the rest went to windows of higher value"
        case .neverUsed: return "the app was not opened recently; the system stops waking apps the user does not open"
        case .standbyBucket: return "the app's Android standby bucket allows no more jobs today"
        }
    }
}

/// Rounds to 6 decimals so that JSON numbers stay short and stable.
func _round(_ x: Double) -> Double { (x * 1e6).rounded() / 1e6 }
