/// Bad device exports for every importer (`reveille import KIND FILE -o OUT`).
extension BadInputCase {
    /// `import kind @e.ext -o @out` on `content` (with `--utc-offset +00:00` for a kind that
    /// stores no offset, unless `extra` gives one or `--zone`).
    static func evidence(_ kind: String, _ name: String, _ content: Content, ext: String = "db", extra: [String] = [],
                         status: Int32 = 65, mentions: [String]) -> BadInputCase {
        let needsOffset = ["wellbeing", "dumpsys", "screentime", "app-usage", "biome"].contains(kind)
            && !extra.contains(where: { $0.hasPrefix("--utc-offset") || $0 == "--zone" })
        return BadInputCase("import \(kind): \(name)", [("e.\(ext)", content)],
                            ["import", kind, "@e.\(ext)", "-o", "@out"] + extra + (needsOffset ? ["--utc-offset", "+00:00"] : []),
                     status: status, mentions: mentions.map { $0.replacingOccurrences(of: "@e", with: "@e.\(ext)") })
    }

    static let zobject = """
        CREATE TABLE ZOBJECT (Z_PK INTEGER PRIMARY KEY, ZSTREAMNAME VARCHAR, ZVALUESTRING VARCHAR,
          ZVALUEINTEGER INTEGER, ZSTARTDATE TIMESTAMP, ZENDDATE TIMESTAMP, ZSECONDSFROMGMT INTEGER);
        """
    static func inFocus(start: String = "700000000", end: String = "700000060", offset: String = "3600",
                        stream: String = "/app/inFocus", value: String = "'com.apple.mail'") -> String {
        zobject + "INSERT INTO ZOBJECT (ZSTREAMNAME, ZVALUESTRING, ZVALUEINTEGER, ZSTARTDATE, ZENDDATE, ZSECONDSFROMGMT) VALUES ('\(stream)', \(value), 1, \(start), \(end), \(offset));"
    }

    static let powerlogApplication = """
        CREATE TABLE PLApplicationAgent_EventForward_Application (ID INTEGER PRIMARY KEY, timestamp REAL, Identifier TEXT, State INTEGER);
        """
    static let powerlogZone = "CREATE TABLE PLLocaleAgent_EventForward_TimeZone (ID INTEGER PRIMARY KEY, timestamp REAL, SecondsFromGMT INTEGER);"
    static let powerlogPredictions = """
        CREATE TABLE PLDuetService_EventForward_DASApplicationUsagePrediction (ID INTEGER PRIMARY KEY, timestamp REAL,
          applicationBundleID TEXT, ApplicationPredictionArray_0 INTEGER);
        """
    static let screenTime = """
        CREATE TABLE ZCOREDEVICE (Z_PK INTEGER PRIMARY KEY, ZNAME VARCHAR);
        CREATE TABLE ZUSAGE (Z_PK INTEGER PRIMARY KEY, ZDEVICE INTEGER);
        CREATE TABLE ZUSAGEBLOCK (Z_PK INTEGER PRIMARY KEY, ZSTARTDATE TIMESTAMP, ZUSAGE INTEGER);
        CREATE TABLE ZUSAGECATEGORY (Z_PK INTEGER PRIMARY KEY, ZBLOCK INTEGER);
        CREATE TABLE ZUSAGETIMEDITEM (Z_PK INTEGER PRIMARY KEY, ZCATEGORY INTEGER, ZBUNDLEIDENTIFIER VARCHAR, ZTOTALTIMEINSECONDS FLOAT);
        CREATE TABLE ZUSAGECOUNTEDITEM (Z_PK INTEGER PRIMARY KEY, ZBLOCK INTEGER, ZBUNDLEIDENTIFIER VARCHAR,
          ZNUMBEROFPICKUPS INTEGER, ZNUMBEROFNOTIFICATIONS INTEGER);
        INSERT INTO ZCOREDEVICE VALUES (1, 'phone'); INSERT INTO ZUSAGE VALUES (1, 1);
        INSERT INTO ZUSAGECATEGORY VALUES (1, 1);
        """
    static let wellbeing = """
        CREATE TABLE packages (_id INTEGER PRIMARY KEY, package_name TEXT);
        CREATE TABLE events (_id INTEGER PRIMARY KEY, timestamp INTEGER, type INTEGER, package_id INTEGER, instance_id INTEGER);
        INSERT INTO packages VALUES (1, 'com.example.mail');
        """

    static let importerCases: [BadInputCase] = [
        // Any SQLite kind: files that are not usable databases.
        evidence("knowledgec", "a text file", .text("device,app,timestamp\n"), mentions: ["@e", "notSQLite"]),
        evidence("knowledgec", "an empty file", .text(""), mentions: ["@e"]),
        evidence("knowledgec", "4 KiB of random bytes (looks encrypted)", .bytes((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
                 mentions: ["@e"]),
        evidence("knowledgec", "the first 8 KiB of a real store", .copy("apple/knowledgec-10.14.db", count: 8192), mentions: ["@e"]),
        evidence("knowledgec", "a real store with a corrupt page", .copy("apple/knowledgec-10.14.db", count: 65536,
                 patches: (4096..<4196).map { ($0, 0xA5) }), mentions: ["@e"]),
        evidence("wellbeing", "a directory", .directory, mentions: ["@e"]),
        evidence("powerlog", "no such file", .text(""), ext: "PLSQL", mentions: ["@e"]),

        // knowledgeC
        evidence("knowledgec", "no ZOBJECT table", .sqlite("CREATE TABLE other (x);"), mentions: ["@e", "ZOBJECT"]),
        evidence("knowledgec", "no ZSTARTDATE column", .sqlite("CREATE TABLE ZOBJECT (Z_PK INTEGER PRIMARY KEY, ZSTREAMNAME, ZVALUESTRING, ZENDDATE, ZSECONDSFROMGMT);"),
                 mentions: ["@e", "ZSTARTDATE"]),
        evidence("knowledgec", "ZSTARTDATE 1e300", .sqlite(inFocus(start: "1e300")), mentions: ["@e", "ZSTARTDATE", "row 1"]),
        evidence("knowledgec", "ZSTARTDATE -1e300", .sqlite(inFocus(start: "-1e300")), mentions: ["@e", "ZSTARTDATE", "row 1"]),
        evidence("knowledgec", "ZSTARTDATE text", .sqlite(inFocus(start: "'yesterday'")), mentions: ["@e", "ZSTARTDATE", "row 1"]),
        evidence("knowledgec", "ZSTARTDATE in 2200", .sqlite(inFocus(start: "7000000000", end: "7000000060")), mentions: ["@e", "ZSTARTDATE"]),
        evidence("knowledgec", "ZSECONDSFROMGMT -2^63", .sqlite(inFocus(offset: "-9223372036854775808")), mentions: ["@e", "ZSECONDSFROMGMT"]),
        evidence("knowledgec", "ZSECONDSFROMGMT 30 hours", .sqlite(inFocus(offset: "108000")), mentions: ["@e", "ZSECONDSFROMGMT"]),
        evidence("knowledgec", "no /app/inFocus rows", .sqlite(inFocus(stream: "/app/usage")), mentions: ["@e", "ZOBJECT"]),
        evidence("knowledgec-plugged", "ZSTARTDATE 1e300", .sqlite(inFocus(start: "1e300", stream: "/device/isPluggedIn", value: "NULL")),
                 ext: "db", mentions: ["@e", "ZSTARTDATE"]),
        evidence("knowledgec-plugged", "no plugged-in intervals", .sqlite(inFocus()), mentions: ["@e", "isPluggedIn"]),
        BadInputCase("import knowledgec: a hot rollback journal beside it", [("e.db", .sqlite(inFocus())), ("e.db-journal", .text("journal"))],
                     ["import", "knowledgec", "@e.db", "-o", "@out"], mentions: ["@e.db", "locked"]),

        // PowerLog
        evidence("powerlog", "no application table", .sqlite(powerlogZone), ext: "PLSQL", mentions: ["@e", "PLApplicationAgent_EventForward_Application"]),
        evidence("powerlog", "timestamp 1e300", .sqlite(powerlogApplication + "INSERT INTO PLApplicationAgent_EventForward_Application VALUES (1, 1e300, 'com.a', 8);"),
                 ext: "PLSQL", mentions: ["@e", "timestamp"]),
        evidence("powerlog", "SecondsFromGMT -2^63", .sqlite(powerlogApplication + powerlogZone
                 + "INSERT INTO PLApplicationAgent_EventForward_Application VALUES (1, 1639600000, 'com.a', 8);"
                 + "INSERT INTO PLLocaleAgent_EventForward_TimeZone VALUES (1, 1639500000, -9223372036854775808);"),
                 ext: "PLSQL", mentions: ["@e", "SecondsFromGMT"]),
        // fuzz-powerlog (a real store's Identifier set to ''): the import wrote a row with an empty app.
        evidence("powerlog", "fuzz: an empty Identifier", .sqlite(powerlogApplication
                 + "INSERT INTO PLApplicationAgent_EventForward_Application VALUES (1, 1639600000, '', 8);"),
                 ext: "PLSQL", extra: ["--utc-offset", "+01:00"], mentions: ["@e", "invalidValue", "column 'app'", "non-empty"]),
        // No time-zone rows and no --utc-offset: read as +00:00 before; now an error naming the option.
        evidence("powerlog", "no time-zone rows and no --utc-offset", .sqlite(powerlogApplication
                 + "INSERT INTO PLApplicationAgent_EventForward_Application VALUES (1, 1639600000, 'com.a', 8);"),
                 ext: "PLSQL", mentions: ["@e", "missingOffset", "PLLocaleAgent_EventForward_TimeZone", "--utc-offset"]),
        evidence("powerlog-predictions", "timestamp 1e300", .sqlite(powerlogPredictions
                 + "INSERT INTO PLDuetService_EventForward_DASApplicationUsagePrediction VALUES (1, 1e300, 'com.a', 3);"),
                 ext: "PLSQL", mentions: ["@e", "timestamp"]),
        evidence("powerlog-predictions", "no prediction table", .sqlite(powerlogApplication), ext: "PLSQL",
                 mentions: ["@e", "PLDuetService_EventForward_DASApplicationUsagePrediction"]),

        // Screen Time
        evidence("screentime", "no ZUSAGEBLOCK table", .sqlite("CREATE TABLE ZUSAGE (Z_PK INTEGER PRIMARY KEY);"), ext: "sqlite",
                 mentions: ["@e", "ZUSAGEBLOCK"]),
        evidence("screentime", "pickups Int.max + 1", .sqlite(screenTime + "INSERT INTO ZUSAGEBLOCK VALUES (1, 700000000, 1);"
                 + "INSERT INTO ZUSAGECOUNTEDITEM VALUES (1, 1, 'com.a', 9223372036854775808, 0);"), ext: "sqlite",
                 mentions: ["@e", "ZNUMBEROFPICKUPS"]),
        evidence("screentime", "negative notifications", .sqlite(screenTime + "INSERT INTO ZUSAGEBLOCK VALUES (1, 700000000, 1);"
                 + "INSERT INTO ZUSAGECOUNTEDITEM VALUES (1, 1, 'com.a', 1, -4);"), ext: "sqlite", mentions: ["@e", "ZNUMBEROFNOTIFICATIONS"]),
        evidence("screentime", "block start 1e300", .sqlite(screenTime + "INSERT INTO ZUSAGEBLOCK VALUES (1, 1e300, 1);"
                 + "INSERT INTO ZUSAGETIMEDITEM VALUES (1, 1, 'com.a', 60);"), ext: "sqlite", mentions: ["@e", "ZSTARTDATE"]),

        // Digital Wellbeing
        evidence("wellbeing", "no events table", .sqlite("CREATE TABLE packages (_id INTEGER PRIMARY KEY, package_name TEXT);"),
                 mentions: ["@e", "events"]),
        evidence("wellbeing", "timestamp 2^62 ms", .sqlite(wellbeing + "INSERT INTO events VALUES (1, 4611686018427387904, 1, 1, 0);"),
                 mentions: ["@e", "timestamp"]),
        evidence("wellbeing", "timestamp text", .sqlite(wellbeing + "INSERT INTO events VALUES (1, 'noon', 1, 1, 0);"),
                 mentions: ["@e", "timestamp"]),
        evidence("wellbeing", "fuzz: a line break in a package name", .sqlite(wellbeing + "INSERT INTO packages VALUES (2, 'com.a' || char(10) || 'b');"
                 + "INSERT INTO events VALUES (1, 1678000000000, 1, 2, 0);"), mentions: ["@e", "invalidValue", "column 'app'"]),
        // fuzz-wellbeing, input 2b ff 40 ff (the real store's package_name set to ''): the import wrote
        // a row with an empty app, which Reveille cannot read back.
        evidence("wellbeing", "fuzz: an empty package name", .sqlite(wellbeing + "INSERT INTO packages VALUES (2, '');"
                 + "INSERT INTO events VALUES (1, 1678000000000, 1, 2, 0);"), mentions: ["@e", "invalidValue", "column 'app'", "non-empty"]),
        evidence("wellbeing", "no resume events", .sqlite(wellbeing + "INSERT INTO events VALUES (1, 1678000000000, 2, 1, 0);"),
                 mentions: ["@e"]),

        // dumpsys usagestats text
        evidence("dumpsys", "unreadable time", .text("    time=\"yesterday\" type=MOVE_TO_FOREGROUND package=com.a class=com.a.Main\n"),
                 ext: "txt", mentions: ["@e:1", "time"]),
        evidence("dumpsys", "no package", .text("    time=\"2023-03-12 10:00:00\" type=MOVE_TO_FOREGROUND class=com.a.Main\n"),
                 ext: "txt", mentions: ["@e:1", "package"]),
        evidence("dumpsys", "February 30", .text("    time=\"2023-02-30 10:00:00\" type=MOVE_TO_FOREGROUND package=com.a\n"),
                 ext: "txt", mentions: ["@e:1", "time"]),
        evidence("dumpsys", "year 2200 in Unix ms", .text("    time=7258118400000 type=MOVE_TO_FOREGROUND package=com.a\n"),
                 ext: "txt", mentions: ["@e:1", "time"]),
        evidence("dumpsys", "no foreground events", .text("Last 24 hours\n  nothing here\n"), ext: "txt", mentions: ["@e"]),
        evidence("dumpsys", "invalid UTF-8", .bytes([0x74, 0x69, 0x6D, 0x65, 0xFF, 0xFE, 0x0A]), ext: "txt", mentions: ["@e"]),

        // Crash inputs of fuzz-dumpsys and fuzz-appusage: an app name with a NUL byte was written to
        // CSV that no reader accepts back.
        evidence("dumpsys", "fuzz: a NUL byte in a package", .copy("Tests/CLITests/Fixtures/fuzz/dumpsys-nul-package.txt"), ext: "txt",
                 mentions: ["@e", "invalidValue", "column 'app'"]),
        evidence("app-usage", "fuzz: a NUL byte in an app", .copy("Tests/CLITests/Fixtures/fuzz/app-usage-nul-app.csv"), ext: "csv",
                 extra: ["--utc-offset", "+01:00"], mentions: ["@e", "invalidValue", "column 'app'"]),

        // App Usage tracker CSV
        evidence("app-usage", "wrong header", .text("Name,When\nGmail,3/12/2023\n"), ext: "csv", extra: ["--utc-offset", "+01:00"],
                 mentions: ["@e:1"]),
        evidence("app-usage", "bad date", .text("App,Date,Time,Duration\nGmail,13/45/2023,3:30:00 AM,0:00:45\n"), ext: "csv",
                 extra: ["--utc-offset", "+01:00"], mentions: ["@e:2", "Date"]),
        evidence("app-usage", "February 30", .text("App,Date,Time,Duration\nGmail,2/30/2023,3:30:00 AM,0:00:45\n"), ext: "csv",
                 extra: ["--utc-offset", "+01:00"], mentions: ["@e:2", "Date"]),
        evidence("app-usage", "bad time", .text("App,Date,Time,Duration\nGmail,3/12/2023,13:61:00 PM,0:00:45\n"), ext: "csv",
                 extra: ["--utc-offset", "+01:00"], mentions: ["@e:2", "Time"]),
        evidence("app-usage", "bad duration", .text("App,Date,Time,Duration\nGmail,3/12/2023,3:30:00 AM,forever\n"), ext: "csv",
                 extra: ["--utc-offset", "+01:00"], mentions: ["@e:2", "Duration"]),
        evidence("app-usage", "empty file", .text(""), ext: "csv", extra: ["--utc-offset", "+01:00"], mentions: ["@e"]),

        // Biome SEGB
        evidence("biome", "no SEGB magic", .text("not a stream file at all, just some text of some length\n"), ext: "segb",
                 extra: ["--utc-offset", "+01:00"], mentions: ["@e"]),
        evidence("biome", "truncated v2 file", .copy("Tests/DeviceImportTests/Fixtures/biome-infocus-v2.segb", count: 60), ext: "segb",
                 extra: ["--utc-offset", "+01:00"], mentions: ["@e"]),
        evidence("biome", "truncated v1 file", .copy("Tests/DeviceImportTests/Fixtures/biome-infocus-v1.segb", count: 70), ext: "segb",
                 extra: ["--utc-offset", "+01:00"], mentions: ["@e"]),
        evidence("biome", "empty file", .bytes([]), ext: "segb", extra: ["--utc-offset", "+01:00"], mentions: ["@e"]),
    ]
}
