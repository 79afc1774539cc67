import SQLiteKit
import StrataCore
import StrataQuery
import StrataRender

/// `strata get FILE CLASS KEY`: one object, its links and lists resolved one level.
struct GetCommand {
    let parsed: ParsedArguments
    let context: CLIContext

    func run() throws {
        let session = try DatabaseSession(parsed, context: context)
        let info = try session.findClass(parsed.required(Arguments.className), includeHidden: true)
        let keyText = parsed.required(Arguments.key)
        let key = try QueryCompiler.parseKey(keyText, for: info)
        // Text shows a line of each value: huge ones are read shortened. JSON holds them whole.
        let reader = ObjectReader(session: session, shortening: parsed.format != .json)
        do {
            guard let object = try reader.object(info, key: key) else {
                throw StrataError("no \(info.name) with key \(keyText) in \(session.path)")
            }
            let detail = try reader.detail(of: object)
            let renderer = ObjectRenderer(formatter: ValueFormatter(style: parsed.style(context)))
            if parsed.format == .json {
                renderer.json(detail).write(to: context.dataOut, pretty: true)
                context.dataOut.write("\n")
            } else {
                context.stdout.write(renderer.vertical(detail, maxWidth: context.terminalWidth))
            }
        } catch let error as SQLiteError {
            throw DatabaseFile.describe(error, path: session.path, timeout: session.timeout)
        }
    }
}
