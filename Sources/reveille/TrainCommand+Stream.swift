import LaunchHistory
import ReveilleCore
import Scheduling
import UsageModel

extension TrainCommand {
    /// `--stream`: each device's model, as the model file of that one device, on its own line.
    func runStreaming() throws {
        let options = schedulingOptions
        if let note = options.planningSlotNote { common.note(note) }
        var source = try DeviceSource(input, common, stream: true, device: device)
        var count = 0
        try withLineOutput(output) { out in
            while let d = try source.next() {
                let model = try UsageModelError.locating(file: input.history, field: "device \(d.device)") {
                    try ReveillePolicy.train(device: d.device, launches: Array(d.launches)[...], options: options)
                }
                for note in model.notes { common.note("\(d.device): \(note)") }
                try out.write(try UsageModelFile(devices: [d.device: model]).jsonText())
                count += 1
            }
        }
        common.note("trained \(count) device model(s)")
    }
}
