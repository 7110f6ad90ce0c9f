#include "RepositoryTools.h"

#include <DefinitionFinder.h>

#include <QCoreApplication>
#include <QRegularExpression>
#include <QSet>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <map>

namespace rd {
namespace {

// Everything here is said to the model, not to a person: plain English,
// never translated (a translated prompt would be another cache and replay key).
using Json = nlohmann::json;

} // namespace

RepositoryTools::RepositoryTools(const GitRepository &repository, const ObjectId &commit, const Bm25Index &index, int resultChars)
    : m_repository(repository), m_commit(commit), m_index(index), m_resultChars(resultChars)
{
}

Result<bool> RepositoryTools::load()
{
    auto entries = m_repository.treeEntries(m_commit);
    if (!entries)
        return entries.error();
    m_entries = *entries;
    for (int i = 0; i < m_entries.size(); ++i)
        m_byPath.insert(m_entries[i].path, i);
    return true;
}

QString RepositoryTools::definitions()
{
    auto tool = [](const char *name, const char *description, Json properties, Json required) {
        return Json{{"type", "function"},
                    {"function", {{"name", name}, {"description", description},
                                  {"parameters", {{"type", "object"}, {"properties", properties}, {"required", required}}}}}};
    };
    const Json tools = Json::array(
        {tool("read_file", "Read lines of a file of the head revision (1-based, inclusive).",
              {{"path", {{"type", "string"}, {"description", "repository-relative path"}}},
               {"from", {{"type", "integer"}}},
               {"to", {{"type", "integer"}}}},
              {"path"}),
         tool("search", "Find lines containing this exact text in the head revision's files.", {{"text", {{"type", "string"}}}}, {"text"}),
         tool("list_dir", "List a directory of the head revision (\"\" or \".\" for the top).", {{"path", {{"type", "string"}}}}, {"path"}),
         tool("find_definition", "Where a function, type, variable or macro is defined.", {{"symbol", {{"type", "string"}}}}, {"symbol"})});
    return QString::fromStdString(tools.dump());
}

std::optional<QByteArray> RepositoryTools::repositoryPath(const QString &path)
{
    QString p = path.trimmed();
    if (p.contains(QChar(0)) || p.startsWith(QLatin1Char('/')) || p.startsWith(QLatin1Char('\\')) || p.startsWith(QLatin1Char('~'))
        || (p.size() >= 2 && p[1] == QLatin1Char(':')))
        return std::nullopt;
    p.replace(QLatin1Char('\\'), QLatin1Char('/'));
    QStringList parts;
    for (const QString &part : p.split(QLatin1Char('/'), Qt::SkipEmptyParts)) {
        if (part == QLatin1String(".."))
            return std::nullopt; // even a/../b: a model has no business walking up
        if (part != QLatin1String("."))
            parts << part;
    }
    return parts.join(QLatin1Char('/')).toUtf8();
}

std::optional<QByteArray> RepositoryTools::content(const QByteArray &path)
{
    QMutexLocker locker(&m_lock);
    if (const auto it = m_contents.constFind(path); it != m_contents.constEnd())
        return *it;
    const auto at = m_byPath.constFind(path);
    if (at == m_byPath.constEnd())
        return std::nullopt;
    auto blob = m_repository.blob(m_entries[*at].blob);
    if (!blob)
        return std::nullopt;
    m_contents.insert(path, *blob);
    return *blob;
}

QString RepositoryTools::cut(QString text) const
{
    if (text.size() > m_resultChars) {
        text.truncate(m_resultChars);
        text += QLatin1Char('\n') + QStringLiteral("[cut at %1 characters]").arg(m_resultChars);
    }
    return text;
}

RepositoryTools::Outcome RepositoryTools::call(const QString &name, const QString &argumentsJson)
{
    const Json args = Json::parse(argumentsJson.toStdString(), nullptr, false);
    if (args.is_discarded() || !args.is_object())
        return {QStringLiteral("error: the arguments are not a JSON object"), false};
    auto string = [&](const char *key) -> std::optional<QString> {
        if (!args.contains(key) || !args[key].is_string())
            return std::nullopt;
        return QString::fromStdString(args[key].get<std::string>());
    };
    auto number = [&](const char *key, int fallback) {
        if (args.contains(key) && args[key].is_number())
            return static_cast<int>(std::clamp<double>(args[key].get<double>(), -1e9, 1e9));
        if (args.contains(key) && args[key].is_string())
            return QString::fromStdString(args[key].get<std::string>()).toInt();
        return fallback;
    };
    if (name == QLatin1String("read_file") || name == QLatin1String("list_dir")) {
        const auto raw = string("path");
        if (!raw && name == QLatin1String("read_file"))
            return {QStringLiteral("error: read_file needs \"path\""), false};
        const auto path = repositoryPath(raw.value_or(QString()));
        if (!path)
            return {QStringLiteral("refused: %1 leaves the repository; paths are relative to its top folder").arg(*raw), true};
        return name == QLatin1String("read_file") ? readFile(*path, number("from", 1), number("to", 0)) : listDir(*path);
    }
    if (name == QLatin1String("search")) {
        const auto text = string("text");
        if (!text || text->isEmpty())
            return {QStringLiteral("error: search needs a non-empty \"text\""), false};
        return search(*text);
    }
    if (name == QLatin1String("find_definition")) {
        const auto symbol = string("symbol");
        if (!symbol || symbol->trimmed().isEmpty())
            return {QStringLiteral("error: find_definition needs \"symbol\""), false};
        return findDefinition(symbol->trimmed());
    }
    return {QStringLiteral("refused: there is no tool \"%1\" (read_file, search, list_dir, find_definition)").arg(name), true};
}

RepositoryTools::Outcome RepositoryTools::readFile(const QByteArray &path, int from, int to)
{
    const auto text = content(path);
    if (!text)
        return {QStringLiteral("error: no file %1 in the head revision").arg(QString::fromUtf8(path)), false};
    if (!isTextContent(*text))
        return {QStringLiteral("error: %1 is a binary file").arg(QString::fromUtf8(path)), false};
    const QList<QByteArray> lines = text->split('\n');
    const int count = static_cast<int>(lines.size()) - (text->endsWith('\n') ? 1 : 0);
    from = std::max(1, from);
    to = to <= 0 ? count : std::min(to, count);
    if (from > count)
        return {QStringLiteral("error: %1 has %2 lines").arg(QString::fromUtf8(path)).arg(count), false};
    // A model that swaps the bounds gets told so; an empty answer would read
    // as an empty file.
    if (to < from)
        return {QStringLiteral("error: the range %1-%2 of %3 is empty (\"to\" is before \"from\")").arg(from).arg(to).arg(QString::fromUtf8(path)), false};
    QString out;
    for (int n = from; n <= to; ++n)
        out += QStringLiteral("%1 %2\n").arg(n, 5).arg(QString::fromUtf8(lines[n - 1]));
    return {cut(out), false};
}

RepositoryTools::Outcome RepositoryTools::search(const QString &text)
{
    constexpr int MaxHits = 50;
    const QByteArray needle = text.toUtf8();
    QString out;
    int hits = 0;
    for (const TreeEntry &entry : std::as_const(m_entries)) {
        if (entry.mode != 0100644 && entry.mode != 0100755)
            continue;
        const auto body = content(entry.path);
        if (!body || !isTextContent(*body) || !body->contains(needle))
            continue;
        int line = 1;
        qsizetype lineStart = 0;
        for (qsizetype i = 0; i <= body->size() && hits < MaxHits; ++i) {
            if (i == body->size() || body->at(i) == '\n') {
                const QByteArray l = body->mid(lineStart, i - lineStart);
                if (l.contains(needle)) {
                    out += QStringLiteral("%1:%2: %3\n").arg(QString::fromUtf8(entry.path)).arg(line).arg(QString::fromUtf8(l).trimmed().left(200));
                    ++hits;
                }
                ++line;
                lineStart = i + 1;
            }
        }
        if (hits >= MaxHits) {
            out += QStringLiteral("[more than %1 lines match; search for something more specific]").arg(MaxHits) + QLatin1Char('\n');
            break;
        }
    }
    if (hits == 0)
        return {QStringLiteral("no line contains \"%1\"").arg(text), false};
    return {cut(out), false};
}

RepositoryTools::Outcome RepositoryTools::listDir(const QByteArray &path)
{
    const QByteArray prefix = path.isEmpty() ? QByteArray() : path + '/';
    std::map<QByteArray, bool> children; // name -> is a folder
    for (const TreeEntry &entry : std::as_const(m_entries)) {
        if (!entry.path.startsWith(prefix))
            continue;
        const QByteArray rest = entry.path.mid(prefix.size());
        const qsizetype slash = rest.indexOf('/');
        children[slash < 0 ? rest : rest.left(slash)] |= slash >= 0;
    }
    if (children.empty())
        return {QStringLiteral("error: no folder %1 in the head revision").arg(QString::fromUtf8(path)), false};
    QString out;
    for (const auto &[name, folder] : children)
        out += QString::fromUtf8(name) + (folder ? QStringLiteral("/\n") : QStringLiteral("\n"));
    return {cut(out), false};
}

QList<std::pair<QByteArray, QByteArray>> RepositoryTools::headers()
{
    // The tree's headers, for the parser's includes; read once.
    QMutexLocker locker(&m_headersLock);
    if (m_headersRead)
        return m_headers;
    constexpr int MaxHeaders = 4000;
    for (const TreeEntry &entry : std::as_const(m_entries)) {
        if (m_headers.size() >= MaxHeaders)
            break;
        if ((entry.mode == 0100644 || entry.mode == 0100755) && isCOrCppPath(entry.path) && !entry.path.endsWith(".c") && !entry.path.endsWith(".cc")
            && !entry.path.endsWith(".cpp") && !entry.path.endsWith(".cxx"))
            if (const auto body = content(entry.path))
                m_headers.append({entry.path, *body});
    }
    m_headersRead = true;
    return m_headers;
}

RepositoryTools::Outcome RepositoryTools::findDefinition(const QString &symbol)
{
    const QString name = symbol.section(QStringLiteral("::"), -1);
    // Candidate files: what the FTS index ranks highest for the name, in order.
    QList<QByteArray> files;
    for (const RetrievedChunk &c : m_index.query(name, 20))
        if (!files.contains(c.path))
            files.append(c.path);
    QString out;
    QSet<QString> seen;
    for (const QByteArray &file : std::as_const(files)) {
        const auto text = content(file);
        if (!text)
            continue;
        QList<DefinitionSite> sites;
        if (isCOrCppPath(file)) {
            sites = findDefinitionsInSource(file, *text, symbol, headers());
        } else {
            // Outside C/C++: a line that introduces the name with a keyword.
            static const QString keywords = QStringLiteral("def|class|struct|interface|enum|fn|func|function|type|trait|impl|module|object|val|var|let|const");
            const QRegularExpression introduces(QStringLiteral("\\b(%1)\\s+%2\\b").arg(keywords, QRegularExpression::escape(name)));
            const QList<QByteArray> lines = text->split('\n');
            for (int i = 0; i < lines.size(); ++i)
                if (introduces.match(QString::fromUtf8(lines[i])).hasMatch())
                    sites.append({file, i + 1, std::min<int>(static_cast<int>(lines.size()), i + 20), QStringLiteral("text match")});
        }
        for (const DefinitionSite &s : std::as_const(sites)) {
            const QString where = QStringLiteral("%1:%2-%3").arg(QString::fromUtf8(s.path)).arg(s.first).arg(s.last);
            if (seen.contains(where))
                continue;
            seen.insert(where);
            out += QStringLiteral("%1 (%2)\n").arg(where, s.kind);
            const QList<QByteArray> lines = text->split('\n');
            for (int n = s.first; n <= std::min(s.last, s.first + 29) && n <= lines.size(); ++n)
                out += QStringLiteral("%1 %2\n").arg(n, 5).arg(QString::fromUtf8(lines[n - 1]));
        }
    }
    if (out.isEmpty())
        return {QStringLiteral("no definition of %1 found").arg(symbol), false};
    return {cut(out), false};
}

} // namespace rd
