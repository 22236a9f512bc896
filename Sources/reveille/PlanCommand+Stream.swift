import FetchPlanner
import LaunchHistory
import ReveilleCore
import Scheduling

extension PlanCommand {
    /// `--stream`: each device of the device-sorted `--history` planned as soon as its rows end,
    /// its schedule written as one JSON line.
    func streamFetchPlans(_ options: SchedulingOptions, _ horizon: PlanHorizon) throws {
        let deviceState = try state.map { try DeviceState.read(path: $0) } ?? DeviceState()
        var devices = try DeviceStream(path: history ?? "-", options: HistoryReadOptions(format: .csv, defaultZone: horizon.zone))
        try withLineOutput(output) { out in
            while let d = try devices.next() {
                if let device, d.device != device { continue }
                let source = DevicePlanningSource(device: d.device, model: nil, launches: Array(d.launches)[...])
                let schedule = try fetchSchedule(PlanInputs(sources: [source], options: options), source, horizon, deviceState)
                try out.write(try DeterministicJSON.line(schedule))
            }
        }
    }
}
