import Foundation

/// Runs Debian's `chromium` headless for the rendering tests: screenshots and DOM dumps.
enum HeadlessChromium {
    /// The browser binary: `$REVEILLE_CHROMIUM`, else the first of chromium, chromium-browser,
    /// google-chrome on `PATH`; `nil` when none is installed.
    static let executable: String? = {
        let env = ProcessInfo.processInfo.environment
        if let path = env["REVEILLE_CHROMIUM"], FileManager.default.isExecutableFile(atPath: path) { return path }
        let dirs = (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        for name in ["chromium", "chromium-browser", "google-chrome"] {
            for dir in dirs where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)") { return "\(dir)/\(name)" }
        }
        return nil
    }()

    /// Whether CI demands the browser tests (environment `CI=true`).
    static var requiredByCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Runs the browser with common headless flags plus `arguments`, returning stdout.
    static func run(_ arguments: [String], profile: URL, timeoutSeconds: Double = 60) throws -> String {
        guard let executable else { throw BrowserError("chromium not found") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                             "--disable-extensions", "--user-data-dir=\(profile.path)"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeoutSeconds, execute: timer)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        guard process.terminationStatus == 0 else { throw BrowserError("chromium exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }

    /// Screenshots `page` at `width` × `height` CSS pixels into `png`.
    static func screenshot(_ page: URL, to png: URL, width: Int, height: Int, profile: URL) throws {
        _ = try run(["--window-size=\(width),\(height)", "--screenshot=\(png.path)", page.absoluteString], profile: profile)
    }

    /// The DOM after loading `page`.
    static func dumpDOM(_ page: URL, profile: URL) throws -> String {
        try run(["--dump-dom", page.absoluteString], profile: profile)
    }

    struct BrowserError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

/// The minimal PNG facts the rendering test checks: signature and IHDR size.
struct PNGHeader: Equatable {
    let width: Int
    let height: Int

    /// Reads the 8-byte signature and the IHDR chunk (always first); `nil` when not a PNG.
    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
              bytes[12..<16] == [0x49, 0x48, 0x44, 0x52] else { return nil }
        func u32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        width = u32(16)
        height = u32(20)
    }
}
