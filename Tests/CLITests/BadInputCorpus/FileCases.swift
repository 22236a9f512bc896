/// Bad model, device-state, rules and charging files, and out-of-bound options.
extension BadInputCase {
    /// `predict` on a model file `m.json` made of `content`; the message names the file.
    static func model(_ name: String, _ content: Content, mentions: [String]) -> BadInputCase {
        BadInputCase("model: " + name, [("m.json", content)],
                     ["predict", "--model", "@m.json", "--from", "2024-03-01T00:00:00Z", "--hours", "2"], mentions: ["@m.json"] + mentions)
    }

    /// A golden-model edit.
    static func golden(_ edits: [(String, String)]) -> Content { .edit(Valid.model, edits) }

    /// `plan` from a history with `option`'s file `name` made of `text`.
    static func planFile(_ kind: String, _ name: String, option: String, file: String, _ text: String, mentions: [String]) -> BadInputCase {
        BadInputCase("\(kind): \(name)", [("h.csv", .text(Valid.history)), (file, .text(text))],
                     ["plan", "--history", "@h.csv", "--from", "2024-03-11T00:00:00+02:00", option, "@" + file, "-o", "@out"],
                     mentions: mentions)
    }

    /// A bad `--state` file; the message names it.
    static func state(_ name: String, _ text: String, mentions: [String] = []) -> BadInputCase {
        planFile("state", name, option: "--state", file: "s.json", text, mentions: ["@s.json"] + mentions)
    }

    static func rules(_ name: String, _ text: String, mentions: [String] = ["@r.json"]) -> BadInputCase {
        planFile("rules", name, option: "--rules", file: "r.json", text, mentions: mentions)
    }

    static func charging(_ name: String, _ text: String, mentions: [String]) -> BadInputCase {
        BadInputCase("charging: \(name)", [("h.csv", .text(Valid.history)), ("c.csv", .text(text))],
                     ["plan", "--history", "@h.csv", "--from", "2024-03-11T00:00:00+02:00", "--channel", "processing",
                      "--charging", "@c.csv", "-o", "@out"], mentions: mentions)
    }

    static let fileCases: [BadInputCase] = [
        model("not JSON", .text("model?"), mentions: ["model"]),
        model("empty file", .text(""), mentions: ["model"]),
        model("schemaVersion 1 (launch times inside)", golden([("\"schemaVersion\" : 2\n}", "\"schemaVersion\" : 1\n}")]), mentions: ["schemaVersion"]),
        model("schemaVersion 3", golden([("\"schemaVersion\" : 2\n}", "\"schemaVersion\" : 3\n}")]), mentions: ["schemaVersion"]),
        model("a daily rate of NaN", golden([("\"dailyRate\" : ", "\"dailyRate\" : \"nan\", \"x\" : ")]), mentions: ["'game'"]),
        model("a daily rate of inf", golden([("\"dailyRate\" : ", "\"dailyRate\" : \"inf\", \"x\" : ")]), mentions: ["'game'"]),
        model("a daily rate of 1e308", golden([("\"dailyRate\" : ", "\"dailyRate\" : 1e308, \"x\" : ")]), mentions: ["'game'"]),
        model("a negative daily rate", golden([("\"dailyRate\" : ", "\"dailyRate\" : -3, \"x\" : ")]), mentions: ["'game'"]),
        model("a NaN coefficient", golden([("\"coefficients\" : [", "\"coefficients\" : [\"nan\",")]), mentions: ["coefficients"]),
        model("no devices", .text(#"{"devices":{},"schemaVersion":2}"#), mentions: ["device"]),
        model("a directory", .directory, mentions: ["@m.json"]),
        BadInputCase("model: unknown device", [], ["predict", "--model", Valid.modelPath, "--from", "2024-03-01T00:00:00Z", "--device", "nope"],
                     status: 64, mentions: ["nope", Valid.modelPath]),
        BadInputCase("model: missing file", [], ["predict", "--model", "@nothing.json", "--from", "2024-03-01T00:00:00Z"],
                     mentions: ["nothing.json"]),

        state("not JSON", "{"),
        state("an app twice", #"{"apps":[{"app":"mail"},{"app":"mail"}]}"#, mentions: ["state.apps[1].app", "an app not named before"]),
        state("fetch results beyond Int.max", #"{"apps":[{"app":"mail","fetchResults":{"newData":9223372036854775808,"noData":0,"failed":1}}]}"#),
        state("negative fetch results", #"{"apps":[{"app":"mail","fetchResults":{"newData":-1,"noData":0,"failed":0}}]}"#,
              mentions: ["@s.json", "state.apps[0].fetchResults", "counts ≥ 0"]),
        state("lowPowerMode a string", #"{"lowPowerMode":"yes"}"#, mentions: ["@s.json", "lowPowerMode"]),
        state("earliestBegin 1e300", #"{"apps":[{"app":"mail","earliestBegin":1e300}]}"#, mentions: ["@s.json", "state.apps[0].earliestBegin", "±10¹¹"]),
        state("negative bytesPerFetch", #"{"apps":[{"app":"mail","bytesPerFetch":-5}]}"#, mentions: ["@s.json", "state.apps[0]", "bytesPerFetch"]),
        state("negative maxFetchesPerDay", #"{"apps":[{"app":"mail","maxFetchesPerDay":-1}]}"#, mentions: ["@s.json", "state.apps[0].maxFetchesPerDay", "≥ 0"]),

        rules("not JSON", "[", mentions: ["@r.json"]),
        rules("an unknown key", #"{"leadMinute":5}"#, mentions: ["@r.json", "leadMinute"]),
        rules("a wrong type", #"{"leadMinutes":"five"}"#, mentions: ["@r.json", "leadMinutes"]),
        rules("a negative minimum interval", #"{"minimumIntervalSeconds":-60}"#, mentions: ["minimumIntervalSeconds"]),
        rules("a huge lead", #"{"leadMinutes":1e300}"#, mentions: ["leadMinutes"]),
        rules("a prior of 0", #"{"newDataPriorAlpha":0}"#, mentions: ["newDataPriorAlpha"]),

        charging("wrong header", "device,from,to\n", mentions: ["@c.csv:1"]),
        charging("end before start", "device,start,end\nd,2024-03-11T08:00:00+02:00,2024-03-11T07:00:00+02:00\n", mentions: ["@c.csv:2"]),
        charging("two fields", "device,start,end\nd,2024-03-11T08:00:00+02:00\n", mentions: ["@c.csv:2"]),
        charging("year 2200", "device,start,end\nd,2200-03-11T08:00:00+02:00,2200-03-11T09:00:00+02:00\n", mentions: ["@c.csv:2"]),
        charging("February 30", "device,start,end\nd,2024-02-30T08:00:00+02:00,2024-02-30T09:00:00+02:00\n", mentions: ["@c.csv:2"]),
    ]

    /// `command` on the valid history `h.csv` with `options`; exit 64 naming `option`.
    static func option(_ command: String, _ options: [String], history: Bool = true, output: Bool = true, status: Int32 = 64) -> BadInputCase {
        var arguments = [command]
        if history { arguments += command == "plan" ? ["--history", "@h.csv", "--from", "2024-03-11T00:00:00+02:00"] : ["@h.csv"] }
        if command == "predict" { arguments += ["--model", Valid.modelPath] }
        if command == "explain" { arguments += ["--app", "mail"] }
        arguments += options
        if output { arguments += ["-o", "@out"] }
        return BadInputCase("option: \(command) \(options.joined(separator: " "))", history ? [("h.csv", .text(Valid.history))] : [],
                            arguments, status: status, mentions: [options[0]])
    }

    static let optionCases: [BadInputCase] = [
        option("plan", ["--budget", "1000000000"]),
        option("plan", ["--budget", "-1"]),
        option("plan", ["--hours", "0"]),
        option("plan", ["--hours", "169"]),
        option("plan", ["--lead-minutes", "-5"]),
        option("plan", ["--lead-minutes", "100000000"]),
        BadInputCase("option: plan --min-probability 2", [("h.csv", .text(Valid.history)), ("c.csv", .text("device,start,end\n"))],
                     ["plan", "--history", "@h.csv", "--from", "2024-03-11T00:00:00+02:00", "--channel", "processing",
                      "--charging", "@c.csv", "--min-probability", "2", "-o", "@out"], status: 64, mentions: ["--min-probability"]),
        option("plan", ["--min-window-minutes", "-1"]),
        option("plan", ["--zone", "Mars/Olympus_Mons"]),
        option("plan", ["--channel", "push", "--app", "mail", "--pushes-per-day", "1000000000"]).renamed("--pushes-per-day"),
        option("plan", ["--channel", "push", "--app", "mail", "--push-spacing-hours", "-1"]).renamed("--push-spacing-hours"),
        BadInputCase("option: plan --from February 30", [("h.csv", .text(Valid.history))],
                     ["plan", "--history", "@h.csv", "--from", "2024-02-30T00:00:00+02:00", "-o", "@out"], status: 64, mentions: ["--from"]),
        BadInputCase("option: plan --from year 1800", [("h.csv", .text(Valid.history))],
                     ["plan", "--history", "@h.csv", "--from", "1800-01-01T00:00:00+02:00", "-o", "@out"], status: 64, mentions: ["--from"]),
        option("predict", ["--from", "2024-03-01T00:00:00Z", "--hours", "0"], history: false, output: false).renamed("--hours"),
        option("predict", ["--from", "2024-03-01T00:00:00Z", "--hours", "100000000"], history: false, output: false).renamed("--hours"),
        option("predict", ["--from", "2024-03-01T00:00:00Z", "--slot-minutes", "0"], history: false, output: false).renamed("--slot-minutes"),
        option("predict", ["--from", "2024-04-31T00:00:00Z"], history: false, output: false),
        option("evaluate", ["--budget", "1000000000"]),
        option("evaluate", ["--warmup-days", "100000"]),
        option("evaluate", ["--tau-minutes", "0"]),
        option("evaluate", ["--tau-minutes", "1e9"]),
        option("train", ["--tau-minutes", "-10"]),
        option("train", ["--half-life-days", "-1"]),
        option("train", ["--utc-offset", "+25:00"]),
        option("simulate", ["--devices", "0"], history: false),
        option("simulate", ["--devices", "100001"], history: false),
        option("simulate", ["--days", "3661"], history: false),
        option("simulate", ["--start", "2023-02-30"], history: false),
        option("evaluate-push", ["--pushes-per-day", "1000000000"]),
        option("evaluate-push", ["--push-spacing-hours", "-2"]),
        option("explain", ["--days", "32"]),
        option("explain", ["--budget", "1000000000"]),
        option("explain", ["--recent-use-days", "100000000"]),
        option("report", ["--top-apps", "-1"]),
        option("report", ["--max-devices", "0"]),
        option("inspect", ["--top", "-1"], output: false),
        BadInputCase("option: import --utc-offset 99999", [("e.txt", .text(""))], ["import", "dumpsys", "@e.txt", "--utc-offset", "99999", "-o", "@out"],
                     status: 64, mentions: ["--utc-offset"]),
        BadInputCase("option: import --zone Nowhere", [("e.csv", .text(""))], ["import", "app-usage", "@e.csv", "--zone", "Nowhere/Land", "-o", "@out"],
                     status: 64, mentions: ["--zone"]),
        // Unix or wall-clock times without an offset or zone: an error naming the options, no silent UTC.
        BadInputCase("option: import wellbeing without --utc-offset or --zone", [],
                     ["import", "wellbeing", "../shared/datasets/android-wellbeing/app_usage.sqlite", "-o", "@out"],
                     status: 64, mentions: ["wellbeing", "--utc-offset", "--zone"]),
        BadInputCase("option: import dumpsys without --utc-offset or --zone",
                     [("e.txt", .text("    time=\"2023-03-12 10:00:00\" type=MOVE_TO_FOREGROUND package=com.a\n"))],
                     ["import", "dumpsys", "@e.txt", "-o", "@out"], status: 64, mentions: ["dumpsys", "--utc-offset", "--zone"]),
        BadInputCase("option: import screentime without --utc-offset", [],
                     ["import", "screentime", "../shared/datasets/apple/RMAdminStore-Local.sqlite", "-o", "@out"],
                     status: 64, mentions: ["screentime", "--utc-offset"]),
        BadInputCase("option: train --input-format wellbeing without --utc-offset or --zone", [],
                     ["train", "--input-format", "wellbeing", "../shared/datasets/android-wellbeing/app_usage.sqlite", "-o", "@out"],
                     status: 64, mentions: ["--utc-offset", "--zone"]),
        BadInputCase("lsapp: no --utc-offset or --zone", [("h.tsv", .text("1\t2\t2018-01-01 10:00:00\tMaps\tOpened\n"))],
                     ["train", "@h.tsv", "-o", "@out"], mentions: ["@h.tsv", "--utc-offset", "--zone"]),
    ]

    /// This case with `mention` as the option it must name.
    func renamed(_ mention: String) -> BadInputCase {
        BadInputCase(name, inputs, arguments, stdin: stdin, status: status, mentions: [mention])
    }
}
