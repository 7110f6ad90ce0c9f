#include "SourceSnapshot.h"

#include <QCoreApplication>
#include <QDir>

#include <algorithm>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>

namespace rd {

bool isCppPath(const QByteArray &path)
{
    static const QSet<QByteArray> suffixes{"c", "h", "cc", "cpp", "cxx", "c++", "hh", "hpp", "hxx", "h++", "inl", "ipp", "tpp", "cu", "cuh"};
    const qsizetype dot = path.lastIndexOf('.');
    return dot > path.lastIndexOf('/') && suffixes.contains(path.mid(dot + 1).toLower());
}

QString languageName(SourceLanguage language)
{
    return language == SourceLanguage::C ? QStringLiteral("c") : QStringLiteral("c++");
}

namespace {

bool isHeaderPath(const QByteArray &path)
{
    for (const char *suffix : {".h", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp", ".tpp", ".cuh"})
        if (path.endsWith(suffix))
            return true;
    return false;
}

QByteArray fileNameOf(const QByteArray &path)
{
    return path.mid(path.lastIndexOf('/') + 1);
}

QByteArray folderOf(const QByteArray &path)
{
    const qsizetype slash = path.lastIndexOf('/');
    return slash < 0 ? QByteArray() : path.left(slash);
}

// The file names of the #include lines of a source, as written.
QList<QByteArray> includesOf(const QByteArray &content)
{
    QList<QByteArray> out;
    qsizetype at = 0;
    while ((at = content.indexOf("include", at)) >= 0) {
        const qsizetype lineStart = content.lastIndexOf('\n', at) + 1;
        const QByteArray before = content.mid(lineStart, at - lineStart).trimmed();
        at += 7;
        if (before != "#" && !(before.startsWith('#') && before.mid(1).trimmed().isEmpty()))
            continue;
        qsizetype p = at;
        while (p < content.size() && (content[p] == ' ' || content[p] == '\t'))
            ++p;
        if (p >= content.size() || (content[p] != '"' && content[p] != '<'))
            continue;
        const char close = content[p] == '"' ? '"' : '>';
        const qsizetype end = content.indexOf(close, p + 1);
        const qsizetype newline = content.indexOf('\n', p);
        if (end > p + 1 && (newline < 0 || end < newline))
            out.append(content.mid(p + 1, end - p - 1));
    }
    return out;
}

// An absolute path, or one with an empty, "." or ".." component.
bool leavesTheFolder(const QByteArray &path)
{
    if (path.isEmpty() || path.startsWith('/') || path.contains('\0'))
        return true;
    for (const QByteArray &part : path.split('/'))
        if (part.isEmpty() || part == "." || part == "..")
            return true;
    return false;
}

} // namespace

Result<std::shared_ptr<SourceSnapshot>> SourceSnapshot::create(const GitRepository &repository, const ObjectId &commit)
{
    // The tree only: no blob is read until a parse needs it.
    auto entries = repository.treeEntries(commit);
    if (!entries)
        return entries.error();
    auto snapshot = std::make_shared<SourceSnapshot>();
    if (!snapshot->m_dir.isValid())
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::slicing", "cannot create a temporary directory")};
    snapshot->m_repository = repository;
    for (const TreeEntry &entry : entries.value()) {
        if (!isCppPath(entry.path) || entry.mode == 0120000)
            continue;
        // Git never writes such a tree, but a crafted one can: a file written
        // by this path would land outside the snapshot folder.
        if (leavesTheFolder(entry.path))
            return Error{Error::Kind::Object, QCoreApplication::translate("rd::slicing", "commit %1 has a path that leaves the repository: %2")
                                                  .arg(QString::fromLatin1(commit.toHex()), QString::fromUtf8(entry.path))};
        snapshot->m_blobs.insert(entry.path, entry.blob);
        snapshot->m_byName[fileNameOf(entry.path)].append(entry.path);
        if (entry.path.endsWith(".c"))
            ++snapshot->m_cSources;
        else if (!isHeaderPath(entry.path))
            ++snapshot->m_cppSources;
    }
    snapshot->m_includeDirectories.insert(snapshot->root());
    return snapshot;
}

QString SourceSnapshot::write(const QByteArray &repositoryPath, QByteArray *content)
{
    const auto blob = m_blobs.constFind(repositoryPath);
    if (blob == m_blobs.constEnd())
        return QCoreApplication::translate("rd::slicing", "%1 is not in the commit").arg(QString::fromUtf8(repositoryPath));
    auto data = m_repository.blob(*blob);
    if (!data)
        return QCoreApplication::translate("rd::slicing", "cannot read %1: %2").arg(QString::fromUtf8(repositoryPath), data.error().message);
    const QString path = absolutePath(repositoryPath);
    QDir().mkpath(QFileInfo(path).path());
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(*data) != data->size())
        return QCoreApplication::translate("rd::slicing", "cannot write %1").arg(path);
    m_written.insert(repositoryPath);
    *content = std::move(data).value();
    return {};
}

QList<QByteArray> SourceSnapshot::resolveInclude(const QByteArray &includer, const QByteArray &spelled)
{
    // Next to the includer first (#include "x.h"), then any repository path
    // that ends with what is written; its prefix becomes an include folder.
    const QByteArray sibling = QFile::encodeName(QDir::cleanPath(QFile::decodeName(folderOf(includer) + '/' + spelled))).mid(folderOf(includer).isEmpty() ? 1 : 0);
    if (m_blobs.contains(sibling))
        return {sibling};
    QList<QByteArray> out;
    const QByteArray suffix = '/' + spelled;
    for (const QByteArray &candidate : m_byName.value(fileNameOf(spelled))) {
        if (candidate != spelled && !candidate.endsWith(suffix))
            continue;
        out.append(candidate);
        const QByteArray prefix = candidate.left(candidate.size() - spelled.size());
        m_includeDirectories.insert(prefix.isEmpty() ? root() : absolutePath(prefix.chopped(1)));
        if (out.size() == 8) // a name in many folders: the first few are enough
            break;
    }
    return out;
}

QString SourceSnapshot::prepare(const QByteArray &repositoryPath, QStringList *unreadable)
{
    QMutexLocker lock(&m_mutex);
    QList<QByteArray> pending{repositoryPath};
    while (!pending.isEmpty()) {
        const QByteArray path = pending.takeLast();
        if (m_scanned.contains(path))
            continue;
        m_scanned.insert(path);
        QByteArray content;
        const QString error = write(path, &content);
        if (!error.isEmpty()) {
            if (path == repositoryPath)
                return error;
            if (unreadable)
                unreadable->append(error);
            continue;
        }
        for (const QByteArray &spelled : includesOf(content))
            for (const QByteArray &header : resolveInclude(path, spelled))
                if (!m_scanned.contains(header))
                    pending.append(header);
    }
    return {};
}

QStringList SourceSnapshot::includeDirectories() const
{
    QMutexLocker lock(&m_mutex);
    QStringList out(m_includeDirectories.begin(), m_includeDirectories.end());
    out.sort();
    return out;
}

int SourceSnapshot::writtenFiles() const
{
    QMutexLocker lock(&m_mutex);
    return static_cast<int>(m_written.size());
}

SourceLanguage SourceSnapshot::guessLanguage(const QByteArray &repositoryPath) const
{
    if (repositoryPath.endsWith(".c"))
        return SourceLanguage::C;
    if (!isHeaderPath(repositoryPath) || !repositoryPath.endsWith(".h"))
        return SourceLanguage::Cpp;
    // foo.h next to foo.c or foo.cpp says what it is written in.
    const QByteArray stem = repositoryPath.chopped(2);
    if (m_blobs.contains(stem + ".c"))
        return SourceLanguage::C;
    for (const char *suffix : {".cpp", ".cc", ".cxx", ".c++"})
        if (m_blobs.contains(stem + suffix))
            return SourceLanguage::Cpp;
    return m_cSources > m_cppSources ? SourceLanguage::C : SourceLanguage::Cpp;
}

QString SourceSnapshot::absolutePath(const QByteArray &repositoryPath) const
{
    return root() + QLatin1Char('/') + QFile::decodeName(repositoryPath);
}

QByteArray SourceSnapshot::repositoryPath(const QString &absolutePath) const
{
    const QString clean = QDir::cleanPath(absolutePath);
    const QString prefix = QDir::cleanPath(root()) + QLatin1Char('/');
    if (!clean.startsWith(prefix))
        return {};
    return QFile::encodeName(clean.mid(prefix.size()));
}

QStringList SourceSnapshot::fileLines(const QByteArray &repositoryPath, int from, int to)
{
    {
        QMutexLocker lock(&m_mutex);
        if (!m_written.contains(repositoryPath)) {
            QByteArray ignored;
            if (!write(repositoryPath, &ignored).isEmpty())
                return {};
        }
    }
    QFile file(absolutePath(repositoryPath));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QList<QByteArray> lines = file.readAll().split('\n');
    QStringList out;
    for (int n = from; n <= to && n - 1 < lines.size(); ++n)
        out << QString::fromUtf8(lines[n - 1]).remove(QLatin1Char('\r'));
    return out;
}

namespace {

// "a b 'c d'" -> [a, b, c d], as a shell would split a compile command.
QStringList splitCommand(const QString &command)
{
    QStringList out;
    QString current;
    QChar quote;
    bool any = false;
    for (qsizetype i = 0; i < command.size(); ++i) {
        const QChar c = command[i];
        if (!quote.isNull()) {
            if (c == quote)
                quote = QChar();
            else if (c == u'\\' && quote == u'"' && i + 1 < command.size())
                current += command[++i];
            else
                current += c;
        } else if (c == u'"' || c == u'\'') {
            quote = c;
            any = true;
        } else if (c == u'\\' && i + 1 < command.size()) {
            current += command[++i];
            any = true;
        } else if (c.isSpace()) {
            if (any || !current.isEmpty())
                out << current;
            current.clear();
            any = false;
        } else {
            current += c;
        }
    }
    if (any || !current.isEmpty())
        out << current;
    return out;
}

} // namespace

Result<CompileFlags> CompileFlags::load(const QString &compileCommands, const QString &workTree)
{
    CompileFlags flags;
    flags.m_workTree = QDir::cleanPath(workTree);
    QString path = compileCommands;
    if (path.isEmpty() && !workTree.isEmpty())
        for (const QString &candidate : QStringList{workTree + QStringLiteral("/compile_commands.json"), workTree + QStringLiteral("/build/compile_commands.json")})
            if (QFileInfo::exists(candidate))
                path = candidate;
    if (path.isEmpty())
        return flags;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::slicing", "cannot read %1").arg(path)};
    const nlohmann::json db = nlohmann::json::parse(file.readAll().toStdString(), nullptr, false);
    if (db.is_discarded() || !db.is_array())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::slicing", "%1 is not a compilation database (a JSON array)").arg(path)};
    int number = 0;
    for (const auto &entry : db) {
        ++number;
        if (!entry.is_object() || !entry.contains("file"))
            continue;
        // Every field the entry has must be of its documented type.
        const auto isString = [](const nlohmann::json &v) { return v.is_string(); };
        const bool typed = entry["file"].is_string() && (!entry.contains("directory") || entry["directory"].is_string())
                           && (!entry.contains("command") || entry["command"].is_string())
                           && (!entry.contains("arguments")
                               || (entry["arguments"].is_array() && std::all_of(entry["arguments"].begin(), entry["arguments"].end(), isString)));
        if (!typed)
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::slicing", "%1: entry %2 is not a compile command (\"file\", \"directory\" and \"command\" are strings, \"arguments\" a list of strings)")
                                                 .arg(path)
                                                 .arg(number)};
        const QString directory = entry.contains("directory") ? QString::fromStdString(entry["directory"].get<std::string>()) : QString();
        QString source = QString::fromStdString(entry["file"].get<std::string>());
        if (QFileInfo(source).isRelative())
            source = directory + QLatin1Char('/') + source;
        source = QDir::cleanPath(source);
        if (!flags.m_workTree.isEmpty() && !source.startsWith(flags.m_workTree + QLatin1Char('/')))
            continue;
        QStringList arguments;
        if (entry.contains("arguments") && entry["arguments"].is_array())
            for (const auto &a : entry["arguments"])
                arguments << QString::fromStdString(a.get<std::string>());
        else if (entry.contains("command") && entry["command"].is_string())
            arguments = splitCommand(QString::fromStdString(entry["command"].get<std::string>()));
        // Keep what changes the meaning of the code; make relative paths absolute.
        QStringList kept;
        std::optional<SourceLanguage> language;
        if (source.endsWith(QLatin1String(".c")))
            language = SourceLanguage::C;
        for (qsizetype i = 1; i < arguments.size(); ++i) {
            QString a = arguments[i];
            auto absolute = [&directory](const QString &p) { return QFileInfo(p).isRelative() ? QDir::cleanPath(directory + QLatin1Char('/') + p) : p; };
            if ((a == QLatin1String("-I") || a == QLatin1String("-isystem") || a == QLatin1String("-iquote") || a == QLatin1String("-include")) && i + 1 < arguments.size()) {
                kept << a << absolute(arguments[++i]);
            } else if (a.startsWith(QLatin1String("-I"))) {
                kept << QStringLiteral("-I") + absolute(a.mid(2));
            } else if (a.startsWith(QLatin1String("-D")) || a.startsWith(QLatin1String("-U")) || a.startsWith(QLatin1String("-std="))) {
                kept << a;
                if (a.startsWith(QLatin1String("-std=")))
                    language = a.startsWith(QLatin1String("-std=c++")) || a.startsWith(QLatin1String("-std=gnu++")) ? SourceLanguage::Cpp : SourceLanguage::C;
            } else if (a == QLatin1String("-x") && i + 1 < arguments.size()) {
                const QString x = arguments[++i];
                language = x.startsWith(QLatin1String("c++")) ? SourceLanguage::Cpp : SourceLanguage::C;
            }
        }
        flags.m_entries[QFile::encodeName(source.mid(flags.m_workTree.size() + 1))] = {kept, language};
    }
    return flags;
}

SourceLanguage CompileFlags::languageOf(const QByteArray &repositoryPath, const SourceSnapshot &snapshot) const
{
    const auto it = m_entries.find(repositoryPath);
    if (it != m_entries.end() && it->second.language)
        return *it->second.language;
    return snapshot.guessLanguage(repositoryPath);
}

QStringList CompileFlags::flagsFor(const QByteArray &repositoryPath, const SourceSnapshot &snapshot) const
{
    QStringList flags;
    const bool c = languageOf(repositoryPath, snapshot) == SourceLanguage::C;
    flags << QStringLiteral("-x") << (c ? QStringLiteral("c") : QStringLiteral("c++"));
    auto it = m_entries.find(repositoryPath);
    if (it != m_entries.end()) {
        // Paths into the work tree now point into the snapshot of the commit.
        for (QString a : it->second.arguments) {
            if (!m_workTree.isEmpty())
                a.replace(m_workTree, snapshot.root());
            flags << a;
        }
        if (!it->second.arguments.join(QLatin1Char(' ')).contains(QLatin1String("-std=")))
            flags << (c ? QStringLiteral("-std=c17") : QStringLiteral("-std=c++20"));
    } else {
        flags << (c ? QStringLiteral("-std=c17") : QStringLiteral("-std=c++20"));
    }
    for (const QString &dir : snapshot.includeDirectories())
        flags << QStringLiteral("-I") + dir;
    return flags;
}

} // namespace rd
