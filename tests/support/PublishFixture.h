#pragma once

// A workspace to publish from, for the publishing tests (pipeline, CLI and
// window): a repository whose topic branch changes src/cache.cpp lines
// 10-12 and deletes old line 20, its merge request with a code-host URL,
// one run's comments and alice's judgements of them:
//   "range"    new 10-12, example replaces the lines (a suggestion), edited by alice, accepted
//   "single"   new 11, example that is no replacement, accepted
//   "old"      old 19-20 (the deleted line and the one above), accepted
//   "outside"  new 28, outside the diff, accepted (held back)
//   "unplaced" not placed at lines, accepted (held back)
//   "rejected" new 12, rejected by alice (not selected)
//   "human"    new 13 (an unchanged line; old 13 too), written by alice
//   "bob"      new 14, written by bob (not selected)

#include <QHash>
#include <QString>

namespace rd::test {

struct PublishFixture
{
    QString workspace;  // the workspace file
    QString repository;
    qint64 mergeRequest = 0;
    QString headSha;
    QString baseSha;    // main's tip: the target
    QString diffBaseSha; // the merge base
    QHash<QString, qint64> comments; // by the names above
    qint64 id(const char *name) const { return comments.value(QString::fromLatin1(name)); }

    // Makes everything under `directory`; `url` is the merge request's page.
    // Fails the current test (and returns an empty fixture) when a step fails.
    static PublishFixture make(const QString &directory, const QString &url);
    // Alice edits a comment's issue text (as Shift+E does).
    bool edit(qint64 comment, const QString &issue) const;
};

} // namespace rd::test
