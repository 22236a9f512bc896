import Foundation
import LaunchHistory
import ReveilleCore
import Testing
@testable import UsageModel

/// The fast forecast kernel (clock terms shared across apps, one reused feature buffer) gives
/// exactly what the readable per-cell reference gives.
@Suite struct FastKernelAgreementTests {
    @Test(arguments: [(300.0, 288, 3600), (3600.0, 24, -14_400), (900.0, 101, 19_800)])
    func slotRowsEqualTheReferenceExactly(slotSeconds: Double, slots: Int, offset: Int) throws {
        let history = SimulatedHistory.launches(days: 30, seed: 7)
        let model = try UsageModel.fit(history)
        let start = ((history.last?.instant ?? 0) / 86_400).rounded(.up) * 86_400 + 1234
        let recent = [LaunchEvent(device: history[0].device, app: model.apps[0], instant: start - 600, utcOffsetSeconds: offset)]
        let fast = model.slotProbabilityRows(from: start, utcOffsetSeconds: offset, slots: slots, slotSeconds: slotSeconds,
                                             recentLaunches: recent)
        let reference = model._slotProbabilityRowsReference(from: start, utcOffsetSeconds: offset, slots: slots,
                                                            slotSeconds: slotSeconds, recentLaunches: recent)
        #expect(fast == reference)
        #expect(fast.count == model.apps.count)
    }

    @Test func timeOfDayTermsAreTheClosedForm() {
        for second in stride(from: 0.0, to: 86_400, by: 450) {
            let u = 2 * Double.pi * second / 86_400
            let terms = _TimeOfDayTerms(secondOfDay: second)
            #expect(terms == _TimeOfDayTerms(secondOfDay: second))
            #expect(terms.sin1 == sin(u) && terms.cos1 == cos(u) && terms.sin2 == sin(2 * u) && terms.cos2 == cos(2 * u))
        }
    }
}
