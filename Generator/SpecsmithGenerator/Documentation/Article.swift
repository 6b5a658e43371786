/// A DocC article before it becomes Markdown: a title, an abstract and sections of paragraphs and
/// tables. Like ``SwiftFile`` for code, it keeps translation apart from layout.
public struct Article: Sendable, Equatable {
    /// The file name without `.md`; DocC links to it as `<doc:Name>`.
    public var name: String
    public var title: String
    public var abstract: String
    public var sections: [Section]

    public struct Section: Sendable, Equatable {
        public var heading: String
        public var paragraphs: [String]
        public var table: Table?

        public init(heading: String, paragraphs: [String] = [], table: Table? = nil) {
            self.heading = heading
            self.paragraphs = paragraphs
            self.table = table
        }
    }

    public struct Table: Sendable, Equatable {
        public var columns: [String]
        public var rows: [[String]]

        public init(columns: [String], rows: [[String]]) {
            self.columns = columns
            self.rows = rows
        }
    }

    public init(name: String, title: String, abstract: String, sections: [Section]) {
        self.name = name
        self.title = title
        self.abstract = abstract
        self.sections = sections
    }

    /// The article as DocC Markdown: the title (DocC wants it first), then the generated-file banner
    /// as an HTML comment, which DocC does not show.
    public func markdown(banner: String) -> String {
        var lines = ["# \(title)", "", "<!-- \(banner) -->", "", abstract, "", "## Overview"]
        for section in sections {
            lines += ["", "### \(section.heading)"]
            for paragraph in section.paragraphs { lines += ["", paragraph] }
            if let table = section.table {
                lines += ["", Self.row(table.columns), Self.row(table.columns.map { _ in "---" })]
                lines += table.rows.map(Self.row)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ cells: [String]) -> String {
        "| " + cells.map { $0.replacingOccurrences(of: "|", with: "\\|") }.joined(separator: " | ") + " |"
    }
}
