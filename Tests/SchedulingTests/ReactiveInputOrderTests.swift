import LaunchHistory
import Scheduling
import Testing

/// `reveille react` reads a live stream in time order (`ReactiveInputOrder`): a launch or tick
/// from before a line above it is refused with the line and field, equal instants pass in line
/// order. Before, a launch an hour in the past was scored and answered with a trigger fetch at a
/// time already gone.
@Suite struct ReactiveInputOrderTests {
    static func line(_ text: String, _ number: Int) throws -> ReactiveInput {
        try ReactiveInput.parse(text, line: number)
    }

    @Test func launchesAndTicksAtOrAfterTheLatestPass() throws {
        var order = ReactiveInputOrder()
        #expect(order.latest == nil)
        let lines = [
            #"{"app": "a", "timestamp": "2024-04-08T09:00:00-04:00"}"#,
            #"{"app": "b", "timestamp": "2024-04-08T13:00:00Z"}"#,   // the same instant, another offset
            #"{"tick": "2024-04-08T10:00:00-04:00"}"#,
            #"{"app": "a", "timestamp": "2024-04-08T10:00:00-04:00"}"#,
        ]
        for (k, text) in lines.enumerated() {
            let input = try Self.line(text, k + 1)
            #expect(try order.admit(input, line: k + 1) == input)
            #expect(order.latest == input.instant)
        }
        #expect(order.latest == 1_712_584_800)   // 2024-04-08T14:00:00Z
    }

    @Test(arguments: [
        (#"{"app": "b", "timestamp": "2024-04-08T08:00:00-04:00"}"#, "timestamp"),
        (#"{"tick": "2024-04-08T08:59:59-04:00"}"#, "tick"),
    ])
    func anInstantBeforeALineAboveIsOutOfOrder(_ text: String, field: String) throws {
        var order = ReactiveInputOrder()
        _ = try order.admit(try Self.line(#"{"app": "a", "timestamp": "2024-04-08T09:00:00-04:00"}"#, 1), line: 1)
        let late = try Self.line(text, 2)
        let error = #expect(throws: HistoryError.self) { try order.admit(late, line: 2, source: "events.jsonl") }
        #expect(error?.code == .outOfOrder && error?.file == "events.jsonl" && error?.line == 2 && error?.field == field)
        #expect(error?.expected.contains("2024-04-08T09:00:00-04:00") == true)
        #expect(order.latest == 1_712_581_200, "a refused line does not move the order")
    }

    /// After the launches given before the stream (`react --history`): a line repeating one of
    /// them (same app, same whole second) is passed over; another line before their latest is
    /// out of order; the stream goes on from their latest.
    @Test func theStreamContinuesAfterTheHistory() throws {
        let history = [LaunchEvent(device: "d", app: "a", instant: 1_712_577_600.25, utcOffsetSeconds: -14_400),
                       LaunchEvent(device: "d", app: "b", instant: 1_712_581_200.5, utcOffsetSeconds: -14_400)]
        var order = ReactiveInputOrder(after: history)
        #expect(order.latest == 1_712_581_200)
        let repeated = try Self.line(#"{"app": "a", "timestamp": "2024-04-08T08:00:00-04:00"}"#, 1)
        #expect(try order.admit(repeated, line: 1) == nil)
        let earlier = try Self.line(#"{"app": "c", "timestamp": "2024-04-08T08:30:00-04:00"}"#, 2)
        let error = #expect(throws: HistoryError.self) { try order.admit(earlier, line: 2) }
        #expect(error?.code == .outOfOrder && error?.line == 2)
        #expect(error?.expected.contains("2024-04-08T09:00:00-04:00") == true)
        let same = try Self.line(#"{"app": "c", "timestamp": "2024-04-08T09:00:00-04:00"}"#, 3)
        #expect(try order.admit(same, line: 3) == same)
        #expect(try order.admit(try Self.line(#"{"app": "b", "timestamp": "2024-04-08T09:00:00-04:00"}"#, 4), line: 4) == nil)
        #expect(order.latest == 1_712_581_200)
    }

    /// Regressions: a tick given as a number was a bare `malformedJSON` (no field), and a line
    /// naming another device than the stream's was read as the stream's.
    @Test func aFieldOfAnotherTypeOrAnotherDeviceIsNamed() throws {
        let number = #expect(throws: HistoryError.self) { try ReactiveInput.parse(#"{"tick": 1712577600}"#, line: 3) }
        #expect(number?.code == .malformedJSON && number?.field == "tick" && number?.line == 3)
        let app = #expect(throws: HistoryError.self) { try ReactiveInput.parse(#"{"app": 7, "timestamp": "x"}"#, line: 1) }
        #expect(app?.field == "app")
        let other = #"{"app": "a", "timestamp": "2024-04-08T09:00:00-04:00", "device": "other"}"#
        let device = #expect(throws: HistoryError.self) { try ReactiveInput.parse(other, line: 2, device: "sim-000") }
        #expect(device?.code == .malformedRow && device?.field == "device")
        #expect(throws: Never.self) { try ReactiveInput.parse(other, line: 2, device: "other") }
        #expect(throws: Never.self) { try ReactiveInput.parse(other, line: 2) }
    }
}
