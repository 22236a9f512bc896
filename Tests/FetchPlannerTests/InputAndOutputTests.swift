import FetchPlanner
import Foundation
import Testing
import TestSupport

/// Typed errors for bad input; deterministic bytes and the settings file for good input.
@Suite struct InputAndOutputTests {
    static let base = SyntheticRequests.request(kind: .realistic, apps: 3, budget: 4, seed: 1, slotCount: 24)

    static let broken: [(String, PlanningError.Code, @Sendable (inout PlanningRequest) -> Void)] = [
        ("fractional budget", .budgetNotWhole, { $0.budget.energyUnitsPerDay = 2.5 }),
        ("negative budget", .invalidBudget, { $0.budget.energyUnitsPerDay = -1 }),
        ("negative probability", .probabilityOutOfRange, { $0.apps[1].slotProbabilities[3] = -0.1 }),
        ("NaN probability", .probabilityOutOfRange, { $0.apps[1].slotProbabilities[3] = .nan }),
        ("probability above 1", .probabilityOutOfRange, { $0.apps[0].slotProbabilities[0] = 1.5 }),
        ("short forecast", .probabilityCountMismatch, { $0.apps[2].slotProbabilities.removeLast() }),
        ("zero cost", .invalidCost, { $0.apps[0].energyCost = 0 }),
        ("duplicate app", .duplicateApp, { $0.apps[1].app = $0.apps[0].app }),
        ("tau not a slot multiple", .invalidTau, { $0.tauSeconds = 1000 }),
        ("zero slots", .invalidSlots, { $0.slotCount = 0 }),
        ("offset beyond 18 h", .invalidOffset, { $0.utcOffsetSeconds = 20 * 3600 }),
        ("unsorted offset changes", .unsortedOffsetChanges, {
            $0.offsetChanges = [OffsetChange(at: 10, utcOffsetSeconds: 0), OffsetChange(at: 5, utcOffsetSeconds: 3600)]
        }),
        ("negative interval", .invalidRule, { $0.rules.minimumIntervalSeconds = -1 }),
        ("negative counts", .invalidSettings, { $0.state.apps = [AppSettings(app: "x", fetchResults: FetchResultCounts(newData: -1, noData: 0, failed: 0))] }),
        // Regression: 10³⁰⁸ bytes per fetch summed to an infinite `plannedBytes` (exit 70 from `plan --state`).
        ("bytes per fetch beyond a terabyte", .invalidSettings, { $0.state.apps = [AppSettings(app: "x", bytesPerFetch: 1e308)] }),
        ("infinite spent fetch", .invalidSpentFetch, { $0.spentFetches = [SpentFetch(app: "x", at: .infinity)] }),
        ("start beyond year 5100", .invalidSlots, { $0.horizonStart = 1e12 }),
        ("tau of a year", .invalidTau, { $0.tauSeconds = 365 * 86_400 }),
        ("evidence minute out of day", .invalidEvidence, { $0.apps[0].evidence = ReasonEvidence(launchMinutesByDay: [[1440]]) }),
        ("low-power scale above 1", .invalidBudget, { $0.budget.lowPowerScale = 2 }),
        ("empty preferred window multiplier", .invalidRule, {
            $0.rules.preferredWindows = [PreferredWindow(startMinute: 0, endMinute: 60, costMultiplier: 0)]
        }),
    ]

    @Test(arguments: broken.indices)
    func badInputThrowsATypedError(index: Int) {
        let (name, code, mutate) = Self.broken[index]
        var request = Self.base
        mutate(&request)
        #expect(throws: PlanningError.self, "\(name)") { try FetchPlanner.plan(request) }
        do {
            _ = try FetchPlanner.plan(request)
        } catch let error as PlanningError {
            #expect(error.code == code, "\(name): \(error)")
            #expect(error.description.hasPrefix("planning request: \(code.rawValue) in field '"))
        } catch {
            Issue.record("\(name): untyped \(error)")
        }
    }

    @Test func identicalRequestsGiveIdenticalBytes() throws {
        var rng = SeededGenerator(seed: 99)
        let request = _Requests.random(&rng, apps: 6)
        let first = try _Requests.plan(request).jsonText()
        let copy = try JSONDecoder().decode(PlanningRequest.self, from: JSONEncoder().encode(request))
        #expect(try FetchSchedule(FetchPlanner.plan(copy)).jsonText() == first)
        #expect(first.hasPrefix("{\n  \"budget\""))
    }

    @Test func stateFileReadsWithDefaults() throws {
        let path = try Fixtures.temporaryFile(#"{"lowPowerMode": true, "apps": [{"app": "mail", "forceQuit": true}, {"app": "news", "fetchResults": {"newData": 3, "noData": 1, "failed": 0}}]}"#, suffix: ".json")
        let state = try DeviceState.read(path: path)
        #expect(state.lowPowerMode)
        #expect(state.apps.map(\.app) == ["mail", "news"])
        #expect(state.apps[0].forceQuit && state.apps[0].backgroundRefresh && state.apps[0].bytesPerFetch == 0)
        #expect(state.apps[1].fetchResults?.posteriorNewData(alpha: 1, beta: 0) == 0.8)
        let bad = try Fixtures.temporaryFile(#"{"apps": [{"forceQuit": true}]}"#, suffix: ".json")
        #expect(throws: PlanningError.self) { try DeviceState.read(path: bad) }
        let rules = try JSONDecoder().decode(PlatformRules.self, from: Data(#"{"leadMinutes": 20}"#.utf8))
        #expect(rules == PlatformRules(leadMinutes: 20))
    }

    @Test func dataBudgetAndPreferredWindowsShapeThePlan() throws {
        var request = SyntheticRequests.request(kind: .realistic, apps: 10, budget: 6, seed: 4)
        request.state.apps = request.apps.map { AppSettings(app: $0.app, bytesPerFetch: 1000) }
        request.budget.dataBytesPerDay = 2500
        let limited = try _Requests.plan(request)
        #expect(limited.windows.count == 2)
        #expect(limited.budget.days.first?.plannedBytes == 2000)
        request.budget.dataBytesPerDay = nil
        request.rules.preferredWindows = [PreferredWindow(startMinute: 0, endMinute: 1440, costMultiplier: 0.5)]
        let cheap = try _Requests.plan(request)
        #expect(cheap.windows.count == 12)
        #expect(cheap.windows.allSatisfy { $0.energyCost == 0.5 })
    }
}
