import Testing
@testable import Scheduling

/// The planning slot: the 15-minute default when `tau` is a whole multiple of it, else the
/// largest slot dividing both (so a fetch's cover window is whole slots).
@Suite struct PlanningSlotTests {
    static func options(tau: Double, slot: Int = 15) -> SchedulingOptions {
        var o = SchedulingOptions()
        o.tauMinutes = tau
        o.slotMinutes = slot
        return o
    }

    @Test(arguments: [(60.0, 15), (30, 15), (45, 15), (15, 15), (1440, 15), (20, 5), (25, 5), (35, 5), (50, 5), (7, 1), (12, 3)])
    func slotDividesTauAndTheDefault(tau: Double, slot: Int) throws {
        let o = Self.options(tau: tau)
        #expect(o.planningSlotMinutes == slot)
        #expect(o.slotSeconds == Double(slot) * 60)
        #expect(tau.truncatingRemainder(dividingBy: Double(slot)) == 0 && 15 % slot == 0)
        try o.validate()
        // The usage model keeps its own 15-minute rates where tau allows, else plans' slot.
        #expect(o.modelOptions.slotMinutes == (tau.truncatingRemainder(dividingBy: 15) == 0 ? 15 : slot))
        #expect((o.planningSlotNote == nil) == (slot == 15))
    }

    @Test func noteNamesTauAndBothSlots() {
        #expect(Self.options(tau: 20).planningSlotNote
                == "tau 20 min is not a multiple of the 15-minute planning slot: planning on 5-minute slots")
    }

    @Test func aTauOfNoWholeMinutesIsRefused() {
        #expect(throws: SchedulingError.invalidOption(name: "tauMinutes", expected: "a whole number of minutes")) {
            try Self.options(tau: 7.5).validate()
        }
        #expect(Self.options(tau: 7.5).planningSlotMinutes == 15)
    }

    @Test func anExplicitSlotIsKeptWhenTauIsAMultiple() {
        #expect(Self.options(tau: 20, slot: 5).planningSlotMinutes == 5)
        #expect(Self.options(tau: 60, slot: 5).planningSlotMinutes == 5)
        #expect(Self.options(tau: 60, slot: 60).planningSlotMinutes == 60)
        #expect(Self.options(tau: 90, slot: 60).planningSlotMinutes == 30)
    }
}
