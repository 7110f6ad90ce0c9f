#include "SourceSnapshot.h"

#include <QCoreApplication>
#include <QDir>
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

namespace {

bool isHeaderPath(const QByteArray &path)
{
    for (const char *suffix : {".h", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp", ".tpp", ".cuh"})
        if (path.endsWith(suffix))
            return true;
    return false;
}

} // namespace

Result<std::shared_ptr<SourceSnapshot>> SourceSnapshot::create(const GitRepository &repository, const ObjectId &commit)
{
    auto entries = repository.treeEntries(commit);
    if (!entries)
        return entries.error();
    auto snapshot = std::make_shared<SourceSnapshot>();
    if (!snapshot->m_dir.isValid())
        return Error{Error::Kind::Path, QCoreApplication::translate("rd::slicing", "cannot create a temporary directory")};
    QSet<QString> headerDirs{snapshot->root()};
    for (const TreeEntry &entry : entries.value()) {
        if (!isCppPath(entry.path) || entry.mode == 0120000)
            continue;
        auto content = repository.blob(entry.blob);
        if (!content)
            return content.error();
        const QString path = snapshot->absolutePath(entry.path);
        QDir().mkpath(QFileInfo(path).path());
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) || file.write(*content) != content->size())
            return Error{Error::Kind::Path, QCoreApplication::translate("rd::slicing", "cannot write %1").arg(path)};
        snapshot->m_files.insert(entry.path);
        if (isHeaderPath(entry.path)) {
            // Both the header's folder and its parents up to the root serve
            // #include "dir/header.h" forms.
            QString dir = QFileInfo(path).path();
            while (dir.size() > snapshot->root().size()) {
                headerDirs.insert(dir);
                dir = QFileInfo(dir).path();
            }
        }
    }
    snapshot->m_headerDirectories = QStringList(headerDirs.begin(), headerDirs.end());
    snapshot->m_headerDirectories.sort();
    return snapshot;
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

QStringList SourceSnapshot::fileLines(const QByteArray &repositoryPath, int from, int to) const
{
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
    for (const auto &entry : db) {
        if (!entry.is_object() || !entry.contains("file"))
            continue;
        const QString directory = QString::fromStdString(entry.value("directory", std::string()));
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
        for (qsizetype i = 1; i < arguments.size(); ++i) {
            QString a = arguments[i];
            auto absolute = [&directory](const QString &p) { return QFileInfo(p).isRelative() ? QDir::cleanPath(directory + QLatin1Char('/') + p) : p; };
            if ((a == QLatin1String("-I") || a == QLatin1String("-isystem") || a == QLatin1String("-iquote") || a == QLatin1String("-include")) && i + 1 < arguments.size()) {
                kept << a << absolute(arguments[++i]);
            } else if (a.startsWith(QLatin1String("-I"))) {
                kept << QStringLiteral("-I") + absolute(a.mid(2));
            } else if (a.startsWith(QLatin1String("-D")) || a.startsWith(QLatin1String("-U")) || a.startsWith(QLatin1String("-std="))) {
                kept << a;
            }
        }
        flags.m_entries[QFile::encodeName(source.mid(flags.m_workTree.size() + 1))] = {kept};
    }
    return flags;
}

QStringList CompileFlags::flagsFor(const QByteArray &repositoryPath, const SourceSnapshot &snapshot) const
{
    QStringList flags;
    const bool c = repositoryPath.endsWith(".c");
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
    for (const QString &dir : snapshot.guessedIncludeDirectories())
        flags << QStringLiteral("-I") + dir;
    return flags;
}

} // namespace rd
