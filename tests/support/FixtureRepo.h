#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <RepositoryBuilder.h>

#include "RunProcess.h"

namespace rd::test {

// A git repository written with libgit2 (RepositoryBuilder) for one test
// case, with object names in hex and failures thrown: tests read better.
class FixtureRepo
{
public:
    using Entry = RepositoryBuilder::Entry;
    using Tree = RepositoryBuilder::Tree;

    // Creates a repository in `directory` (bare: the directory is the git dir).
    FixtureRepo(const QString &directory, bool bare = false);

    QString path() const { return m_path; }
    QString gitDir() const;

    // Commits `tree` on refs/heads/<branch> (created or moved) with the given
    // parents (default: the branch's current tip, if any) and returns its id.
    QByteArray commit(const QByteArray &branch, const Tree &tree, const QByteArray &message,
                      const QList<QByteArray> &parents = {{"<tip>"}});
    void setReference(const QByteArray &name, const QByteArray &commitHex);
    void annotatedTag(const QByteArray &name, const QByteArray &commitHex, const QByteArray &message);
    QByteArray blobId(const QByteArray &content) const;
    QByteArray tip(const QByteArray &branch) const;
    // Deletes a loose object, as a damaged mirror or a partial clone lacks it;
    // returns the object id (hex) of `path` in `commitish`'s tree.
    QByteArray removeObject(const QByteArray &commitish, const QByteArray &path) const;

private:
    QString m_path;
    RepositoryBuilder m_builder;
};

// Tree helpers: text files, an executable, a symlink, a submodule.
FixtureRepo::Entry file(const QByteArray &content);
FixtureRepo::Entry executable(const QByteArray &content);
FixtureRepo::Entry symlink(const QByteArray &target);
FixtureRepo::Entry submodule(const QByteArray &commitHex);

// Runs git with default settings only (no user or system configuration):
// the oracle the tests compare against. Bounded like runCli().
GitOutput runGit(const QString &repository, const QStringList &arguments);

// `index abc..def` lines may abbreviate differently; everything else must match.
QByteArray normalizeIndexLines(const QByteArray &patch);

} // namespace rd::test
