import Testing

/// Issue 15's bad-input corpus: every reader, importer, model/state/rules/charging file and
/// bounded option, each case asserting the exit status, a message naming the file, line and
/// field (or the option), and that no output (nor temporary) file is left.
@Suite struct BadInputCorpusTests {
    static let cases = BadInputCase.readerCases + BadInputCase.importerCases + BadInputCase.fileCases + BadInputCase.optionCases

    @Test func theCorpusHasAtLeast100Cases() {
        #expect(Self.cases.count >= 100)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count, "case names are unique")
    }

    @Test(arguments: cases)
    func badInputIsRefusedCleanly(_ badInput: BadInputCase) throws {
        try badInput.check()
    }
}
