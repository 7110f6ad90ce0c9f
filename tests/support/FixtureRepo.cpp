#include "FixtureRepo.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>


#include <stdexcept>

namespace rd::test {
namespace {

template <typename T>
T check(Result<T> result, const char *what)
{
    if (!result)
        throw std::runtime_error(std::string(what) + ": " + result.error().message.toStdString());
    return std::move(result).value();
}

ObjectId id(const QByteArray &hex)
{
    const ObjectId parsed = ObjectId::fromHex(hex);
    if (parsed.isNull())
        throw std::runtime_error("not an object id: " + hex.toStdString());
    return parsed;
}

} // namespace

FixtureRepo::FixtureRepo(const QString &directory, bool bare)
    : m_path(directory), m_builder(check(RepositoryBuilder::init(directory, bare), "init repository"))
{
    m_builder.setAuthor(QStringLiteral("Fixture Author"), QStringLiteral("author@example.com"));
}

QString FixtureRepo::gitDir() const
{
    return m_builder.gitDir();
}

QByteArray FixtureRepo::blobId(const QByteArray &content) const
{
    return check(const_cast<RepositoryBuilder &>(m_builder).writeBlob(content), "write blob").toHex();
}

QByteArray FixtureRepo::tip(const QByteArray &branch) const
{
    const auto current = m_builder.tip(branch);
    return current ? current->toHex() : QByteArray();
}

QByteArray FixtureRepo::commit(const QByteArray &branch, const Tree &tree, const QByteArray &message,
                               const QList<QByteArray> &parents)
{
    std::optional<QList<ObjectId>> parentIds;
    if (!(parents.size() == 1 && parents.first() == "<tip>")) {
        parentIds.emplace();
        for (const QByteArray &p : parents)
            parentIds->append(id(p));
    }
    return check(m_builder.commit(branch, tree, message, parentIds), "commit").toHex();
}

QByteArray FixtureRepo::removeObject(const QByteArray &commitish, const QByteArray &path) const
{
    const GitOutput id = runGit(m_path, {QStringLiteral("rev-parse"), QString::fromUtf8(commitish + ':' + path)});
    const QByteArray hex = id.out.trimmed();
    if (id.exitCode != 0 || hex.size() != 40)
        throw std::runtime_error("no object for " + path.toStdString());
    const QString object = gitDir() + QStringLiteral("/objects/") + QString::fromLatin1(hex.left(2)) + QLatin1Char('/') + QString::fromLatin1(hex.mid(2));
    if (!QFile::remove(object))
        throw std::runtime_error("cannot remove " + object.toStdString());
    return hex;
}

void FixtureRepo::setReference(const QByteArray &name, const QByteArray &commitHex)
{
    check(m_builder.setReference(name, id(commitHex)), "set reference");
}

void FixtureRepo::annotatedTag(const QByteArray &name, const QByteArray &commitHex, const QByteArray &message)
{
    check(m_builder.annotatedTag(name, id(commitHex), message), "create tag");
}

FixtureRepo::Entry file(const QByteArray &content) { return {content, FileMode::Regular}; }
FixtureRepo::Entry executable(const QByteArray &content) { return {content, FileMode::Executable}; }
FixtureRepo::Entry symlink(const QByteArray &target) { return {target, FileMode::Symlink}; }
FixtureRepo::Entry submodule(const QByteArray &commitHex) { return {commitHex, FileMode::Gitlink}; }


GitOutput runGit(const QString &repository, const QStringList &arguments)
{
    static QTemporaryDir home;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_EXTERNAL_DIFF",
                             "GIT_DIFF_OPTS", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT"})
        env.remove(QString::fromLatin1(name));
    env.insert(QStringLiteral("HOME"), home.path());
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.path());
    env.insert(QStringLiteral("GIT_CONFIG_NOSYSTEM"), QStringLiteral("1"));
    env.insert(QStringLiteral("GIT_CONFIG_GLOBAL"), QStringLiteral("/dev/null"));
    env.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));
    ProcessRun run;
    run.environment = env;
    run.workingDirectory = repository;
    return runProcess(QStringLiteral("git"), QStringList{QStringLiteral("--no-pager")} + arguments, run);
}

QByteArray normalizeIndexLines(const QByteArray &patch)
{
    static const QRegularExpression index(QStringLiteral("^index [0-9a-f]+\\.\\.[0-9a-f]+"), QRegularExpression::MultilineOption);
    // Latin-1 round trip keeps every byte as one character.
    QString text = QString::fromLatin1(patch);
    text.replace(index, QStringLiteral("index <old>..<new>"));
    return text.toLatin1();
}

} // namespace rd::test
