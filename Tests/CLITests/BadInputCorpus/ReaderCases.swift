/// Bad launch histories for every reader (canonical CSV, JSON Lines, LSApp TSV).
extension BadInputCase {
    static let header = "device,app,timestamp\n"

    /// A CSV history `h.csv` with `rows` after the header, read by `command` (inspect by default).
    static func csv(_ name: String, _ rows: String, header: String = header, command: [String] = ["inspect"],
                    status: Int32 = 65, mentions: [String]) -> BadInputCase {
        BadInputCase("csv: " + name, [("h.csv", .text(header + rows))], command + ["@h.csv"], status: status, mentions: mentions)
    }

    static let readerCases: [BadInputCase] = [
        csv("no timestamp column", "d,a\n", header: "device,app\n", mentions: ["@h.csv:1", "timestamp"]),
        csv("no app column", "d,2024-03-01T08:00:00Z\n", header: "device,timestamp\n", mentions: ["@h.csv:1", "app"]),
        csv("duplicate timestamp column", "d,a,2024-03-01T08:00:00Z,2024-03-01T08:00:00Z\n",
            header: "device,app,timestamp,timestamp\n", mentions: ["@h.csv:1", "timestamp"]),
        csv("duplicate utc_offset column", "d,a,2024-03-01T08:00:00,3600,3600\n",
            header: "device,app,timestamp,utc_offset,utc_offset\n", mentions: ["@h.csv:1", "utc_offset"]),
        csv("empty file", "", header: "", mentions: ["@h.csv", "emptyFile"]),
        csv("header only", "", mentions: ["@h.csv", "found none"]),
        csv("header only, train", "", command: ["train", "-o", "@out"], mentions: ["@h.csv", "found none"]),
        csv("every row invalid under --skip-invalid", "d,a,noon\nd,b,later\n", command: ["train", "--skip-invalid", "-o", "@out"],
            mentions: ["@h.csv", "found none", "2 invalid rows skipped"]),
        csv("malformed timestamp", "d,a,2024-03-01T08:00:00Z\nd,a,noon\n", mentions: ["@h.csv:3", "timestamp"]),
        csv("February 30", "d,a,2023-02-30T08:00:00Z\n", mentions: ["@h.csv:2", "timestamp"]),
        csv("April 31", "d,a,2023-04-31T08:00:00+02:00\n", mentions: ["@h.csv:2", "timestamp"]),
        csv("hour 25", "d,a,2023-04-01T25:00:00Z\n", mentions: ["@h.csv:2", "timestamp"]),
        csv("minute 60", "d,a,2023-04-01T10:60:00Z\n", mentions: ["@h.csv:2", "timestamp"]),
        csv("month 13", "d,a,2023-13-01T10:00:00Z\n", mentions: ["@h.csv:2", "timestamp"]),
        csv("offset +25:00", "d,a,2023-04-01T10:00:00+25:00\n", mentions: ["@h.csv:2", "timestamp"]),
        csv("year 9999", "d,a,9999-01-01T00:00:00Z\n", mentions: ["@h.csv:2", "timestamp", "instantOutOfRange"]),
        csv("year 1989", "d,a,1989-12-31T23:00:00Z\n", mentions: ["@h.csv:2", "timestamp", "instantOutOfRange"]),
        csv("Unix 0 (a clock reset)", "d,a,2023-04-01T10:00:00Z\nd,a,0\n", mentions: ["@h.csv:3", "timestamp"]),
        csv("300-digit Unix time", "d,a,1" + String(repeating: "0", count: 300) + "\n", mentions: ["@h.csv:2", "timestamp"]),
        csv("21-digit Unix time, evaluate", "d,a,100000000000000000000\n", command: ["evaluate", "-o", "@out"],
            mentions: ["@h.csv:2", "timestamp"]),
        csv("nan timestamp", "d,a,nan\n", mentions: ["@h.csv:2", "timestamp"]),
        csv("inf timestamp", "d,a,inf\n", mentions: ["@h.csv:2", "timestamp"]),
        csv("empty app", "d,,2024-03-01T08:00:00Z\n", mentions: ["@h.csv:2", "app"]),
        csv("empty device", ",a,2024-03-01T08:00:00Z\n", mentions: ["@h.csv:2", "device"]),
        csv("too few fields", "d,a\n", mentions: ["@h.csv:2"]),
        csv("NUL byte", "d,a\u{0},2024-03-01T08:00:00Z\n", mentions: ["@h.csv:2"]),
        csv("unterminated quote", "\"d,a,2024-03-01T08:00:00Z\n", mentions: ["@h.csv:2"]),
        csv("negative duration", "d,a,2024-03-01T08:00:00Z,-5\n", header: "device,app,timestamp,duration\n",
            mentions: ["@h.csv:2", "duration"]),
        csv("duration not a number", "d,a,2024-03-01T08:00:00Z,abc\n", header: "device,app,timestamp,duration\n",
            mentions: ["@h.csv:2", "duration"]),
        csv("duration 1e400", "d,a,2024-03-01T08:00:00Z,1e400\n", header: "device,app,timestamp,duration\n",
            mentions: ["@h.csv:2", "duration"]),
        csv("utc_offset 30 hours", "d,a,2024-03-01T08:00:00,108000\n", header: "device,app,timestamp,utc_offset\n",
            mentions: ["@h.csv:2", "utc_offset"]),
        csv("utc_offset not a number", "d,a,2024-03-01T08:00:00,east\n", header: "device,app,timestamp,utc_offset\n",
            mentions: ["@h.csv:2", "utc_offset"]),
        BadInputCase("csv: invalid UTF-8 header", [("h.csv", .bytes(Array("dev".utf8) + [0xFF] + Array("ice,app,timestamp\nd,a,2024-03-01T08:00:00Z\n".utf8)))],
                     ["inspect", "@h.csv"], mentions: ["@h.csv:1"]),
        BadInputCase("csv: line over 1 MiB", [("h.csv", .text(header + "d," + String(repeating: "a", count: 1 << 20 + 10) + ",2024-03-01T08:00:00Z\n"))],
                     ["inspect", "@h.csv"], mentions: ["@h.csv:2", "lineTooLong"]),
        BadInputCase("csv: a directory", [("h.csv", .directory)], ["inspect", "@h.csv"], mentions: ["@h.csv"]),
        BadInputCase("csv: missing file", [], ["train", "@nothing.csv", "-o", "@out"], mentions: ["nothing.csv"]),
        BadInputCase("csv: bad row on stdin", [], ["train", "-", "-o", "@out"], stdin: header + "d,a,2024-02-30T00:00:00Z\n",
                     mentions: ["-:2", "timestamp"]),
        BadInputCase("csv: bad row in report", [("h.csv", .text(header + "d,a,2024-03-01T08:00:00Z\nd,,2024-03-01T09:00:00Z\n"))],
                     ["report", "@h.csv", "-o", "@out"], mentions: ["@h.csv:3", "app"]),
        BadInputCase("csv: bad row in explain", [("h.csv", .text(header + "d,a,2024-03-01T08:00:00Z\nd,a,2024-03-01T99:00:00Z\n"))],
                     ["explain", "@h.csv", "--app", "a", "-o", "@out"], mentions: ["@h.csv:3", "timestamp"]),
        BadInputCase("csv: bad row in evaluate-push", [("h.csv", .text(header + "d,a,2024-03-01T08:00:00Z\nd,a,1e300\n"))],
                     ["evaluate-push", "@h.csv", "-o", "@out"], mentions: ["@h.csv:3", "timestamp"]),
        BadInputCase("csv: bad history for plan", [("h.csv", .text(header + "d,a,2024-03-01T08:00:00\n"))],
                     ["plan", "--history", "@h.csv", "--from", "2024-03-02T00:00:00Z", "-o", "@out"], mentions: ["@h.csv:2", "timestamp"]),

        // JSON Lines
        jsonl("not JSON", "{\n", mentions: ["@h.jsonl:1"]),
        jsonl("no timestamp key", #"{"device":"d","app":"a"}"# + "\n", mentions: ["@h.jsonl:1", "timestamp"]),
        jsonl("timestamp of the wrong type", #"{"device":"d","app":"a","timestamp":true}"# + "\n", mentions: ["@h.jsonl:1", "timestamp"]),
        jsonl("timestamp 1e300", #"{"device":"d","app":"a","timestamp":1e300,"utc_offset":0}"# + "\n", mentions: ["@h.jsonl:1", "timestamp"]),
        jsonl("February 30", #"{"device":"d","app":"a","timestamp":"2024-02-30T08:00:00Z"}"# + "\n", mentions: ["@h.jsonl:1", "timestamp"]),
        jsonl("utc_offset 100000", #"{"device":"d","app":"a","timestamp":1700000000,"utc_offset":100000}"# + "\n",
              mentions: ["@h.jsonl:1", "utc_offset"]),
        jsonl("utc_offset a word", #"{"device":"d","app":"a","timestamp":1700000000,"utc_offset":"east"}"# + "\n",
              mentions: ["@h.jsonl:1", "utc_offset"]),
        jsonl("negative duration", #"{"device":"d","app":"a","timestamp":"2024-03-01T08:00:00Z","duration":-1}"# + "\n",
              mentions: ["@h.jsonl:1", "duration"]),
        jsonl("empty app", #"{"device":"d","app":"","timestamp":"2024-03-01T08:00:00Z"}"# + "\n", mentions: ["@h.jsonl:1", "app"]),
        jsonl("an array, not an object", "[1,2,3]\n", mentions: ["@h.jsonl:1"]),
        jsonl("10,000 nested arrays", String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n",
              mentions: ["@h.jsonl:1"]),
        jsonl("second line bad", #"{"device":"d","app":"a","timestamp":"2024-03-01T08:00:00Z"}"# + "\n" + #"{"device":"d","app":"a","timestamp":"2024-03-01T08:00:00"}"# + "\n",
              mentions: ["@h.jsonl:2", "timestamp"]),

        // LSApp TSV (no offset in the file: --utc-offset gives it)
        tsv("too few fields", "1\t2\t2018-01-01 10:00:00\tMaps\n", mentions: ["@h.tsv:1"]),
        tsv("bad timestamp", "1\t2\t2018-01-01 25:00:00\tMaps\tOpened\n", mentions: ["@h.tsv:1", "timestamp"]),
        tsv("February 30", "1\t2\t2018-02-30 10:00:00\tMaps\tOpened\n", mentions: ["@h.tsv:1", "timestamp"]),
        tsv("empty app name", "1\t2\t2018-01-01 10:00:00\t\tOpened\n", mentions: ["@h.tsv:1", "app_name"]),
        tsv("empty user id", "\t2\t2018-01-01 10:00:00\tMaps\tOpened\n", mentions: ["@h.tsv:1", "user_id"]),
        tsv("only closed events", "user_id\tsession_id\ttimestamp\tapp_name\tevent_type\n1\t2\t2018-01-01 10:00:00\tMaps\tClosed\n",
            mentions: ["@h.tsv", "found none"]),
        tsv("year 2200", "1\t2\t2200-01-01 10:00:00\tMaps\tOpened\n", mentions: ["@h.tsv:1", "timestamp"]),
    ]

    static func jsonl(_ name: String, _ text: String, mentions: [String]) -> BadInputCase {
        BadInputCase("jsonl: " + name, [("h.jsonl", .text(text))], ["train", "@h.jsonl", "-o", "@out"], mentions: mentions)
    }

    static func tsv(_ name: String, _ text: String, mentions: [String]) -> BadInputCase {
        BadInputCase("lsapp: " + name, [("h.tsv", .text(text))], ["train", "@h.tsv", "--utc-offset", "+02:00", "-o", "@out"], mentions: mentions)
    }
}
