#include "FixtureRepo.h"

#include <QDir>
#include <QProcess>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <git2.h>

#include <stdexcept>

namespace rd::test {
namespace {

void check(int rc, const char *what)
{
    if (rc < 0) {
        const git_error *e = git_error_last();
        throw std::runtime_error(std::string(what) + ": " + (e ? e->message : "unknown libgit2 error"));
    }
}

QByteArray hex(const git_oid &oid)
{
    char buf[GIT_OID_HEXSZ + 1];
    git_oid_tostr(buf, sizeof buf, &oid);
    return QByteArray(buf);
}

git_oid oidFromHex(const QByteArray &text)
{
    git_oid oid;
    check(git_oid_fromstr(&oid, text.constData()), "parse object id");
    return oid;
}

} // namespace

FixtureRepo::FixtureRepo(const QString &directory, bool bare) : m_path(directory)
{
    git_libgit2_init();
    QDir().mkpath(directory);
    check(git_repository_init(&m_repo, QFile::encodeName(directory).constData(), bare ? 1 : 0), "init repository");
}

FixtureRepo::~FixtureRepo()
{
    git_repository_free(m_repo);
    git_libgit2_shutdown();
}

QString FixtureRepo::gitDir() const
{
    return QDir::cleanPath(QFile::decodeName(git_repository_path(m_repo)));
}

QByteArray FixtureRepo::blobId(const QByteArray &content) const
{
    git_oid oid;
    check(git_blob_create_from_buffer(&oid, m_repo, content.constData(), static_cast<size_t>(content.size())), "write blob");
    return hex(oid);
}

QByteArray FixtureRepo::tip(const QByteArray &branch) const
{
    git_oid oid;
    if (git_reference_name_to_id(&oid, m_repo, QByteArray("refs/heads/" + branch).constData()) < 0)
        return {};
    return hex(oid);
}

QByteArray FixtureRepo::commit(const QByteArray &branch, const Tree &tree, const QByteArray &message,
                               const QList<QByteArray> &parents)
{
    git_index *index = nullptr;
    check(git_index_new(&index), "new index");
    for (const auto &[path, entry] : tree) {
        git_index_entry e{};
        e.path = path.constData();
        e.mode = entry.mode;
        if (entry.mode == GIT_FILEMODE_COMMIT)
            e.id = oidFromHex(entry.content);
        else
            check(git_blob_create_from_buffer(&e.id, m_repo, entry.content.constData(), static_cast<size_t>(entry.content.size())),
                  "write blob");
        check(git_index_add(index, &e), "add entry");
    }
    git_oid treeId;
    check(git_index_write_tree_to(&treeId, index, m_repo), "write tree");
    git_index_free(index);

    git_tree *treeObject = nullptr;
    check(git_tree_lookup(&treeObject, m_repo, &treeId), "look up tree");
    QList<QByteArray> parentIds = parents;
    if (parentIds.size() == 1 && parentIds.first() == "<tip>") {
        parentIds.clear();
        if (const QByteArray current = tip(branch); !current.isEmpty())
            parentIds.append(current);
    }
    std::vector<git_commit *> parentCommits;
    for (const QByteArray &p : parentIds) {
        const git_oid oid = oidFromHex(p);
        git_commit *c = nullptr;
        check(git_commit_lookup(&c, m_repo, &oid), "look up parent");
        parentCommits.push_back(c);
    }
    git_signature *sig = nullptr;
    check(git_signature_new(&sig, "Fixture Author", "author@example.com", 1700000000 + 60 * (++m_clock), 0), "signature");
    git_oid commitId;
    const QByteArray ref = "refs/heads/" + branch;
    std::vector<const git_commit *> constParents(parentCommits.begin(), parentCommits.end());
    check(git_commit_create(&commitId, m_repo, nullptr, sig, sig, nullptr, message.constData(), treeObject,
                            constParents.size(), constParents.data()),
          "create commit");
    git_reference *out = nullptr;
    check(git_reference_create(&out, m_repo, ref.constData(), &commitId, 1, "fixture"), "update branch");
    git_reference_free(out);
    git_signature_free(sig);
    for (git_commit *c : parentCommits)
        git_commit_free(c);
    git_tree_free(treeObject);
    return hex(commitId);
}

void FixtureRepo::setReference(const QByteArray &name, const QByteArray &commitHex)
{
    const git_oid oid = oidFromHex(commitHex);
    git_reference *out = nullptr;
    check(git_reference_create(&out, m_repo, name.constData(), &oid, 1, "fixture"), "create reference");
    git_reference_free(out);
}

void FixtureRepo::annotatedTag(const QByteArray &name, const QByteArray &commitHex, const QByteArray &message)
{
    const git_oid oid = oidFromHex(commitHex);
    git_object *target = nullptr;
    check(git_object_lookup(&target, m_repo, &oid, GIT_OBJECT_COMMIT), "look up tag target");
    git_signature *sig = nullptr;
    check(git_signature_new(&sig, "Fixture Tagger", "tagger@example.com", 1700000000, 0), "signature");
    git_oid tagId;
    check(git_tag_create(&tagId, m_repo, name.constData(), target, sig, message.constData(), 1), "create tag");
    git_signature_free(sig);
    git_object_free(target);
}

FixtureRepo::Entry file(const QByteArray &content) { return {content, GIT_FILEMODE_BLOB}; }
FixtureRepo::Entry executable(const QByteArray &content) { return {content, GIT_FILEMODE_BLOB_EXECUTABLE}; }
FixtureRepo::Entry symlink(const QByteArray &target) { return {target, GIT_FILEMODE_LINK}; }
FixtureRepo::Entry submodule(const QByteArray &commitHex) { return {commitHex, GIT_FILEMODE_COMMIT}; }

namespace {

GitOutput run(const QString &program, const QString &workDir, const QStringList &arguments, const QProcessEnvironment &env)
{
    QProcess process;
    process.setProcessEnvironment(env);
    if (!workDir.isEmpty())
        process.setWorkingDirectory(workDir);
    process.start(program, arguments);
    GitOutput result;
    if (!process.waitForFinished(300000)) {
        result.err = "did not finish: " + program.toUtf8();
        return result;
    }
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

} // namespace

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
    return run(QStringLiteral("git"), repository, QStringList{QStringLiteral("--no-pager")} + arguments, env);
}

GitOutput runCli(const QStringList &arguments)
{
    return run(QStringLiteral(REVIEWDESK_CLI), QString(), arguments, QProcessEnvironment::systemEnvironment());
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
