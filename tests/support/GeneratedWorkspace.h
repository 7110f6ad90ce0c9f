#pragma once

#include <Result.h>

#include <QList>
#include <QString>
#include <QStringList>

namespace rd::test {

// What a generated workspace holds. The defaults are bench_workspace's
// 200-merge-request, 10,000-comment file; bench_window asks for issue 25's
// 1,000 / 200,000 with three annotators, assignments and a repository.
struct WorkspaceShape
{
    int mergeRequests = 200;
    int comments = 10000; // in all, spread evenly over the merge requests
    // One merge request (the first) has this many of them (0: none stands out).
    int largeMergeRequestComments = 0;
    // Every Nth merge request was imported without its code (codeLinked=false);
    // 0: all have code.
    int withoutCodeEvery = 0;
    // Who judged what: annotator i judged every judgedEvery[i]-th comment
    // (alice every 2nd: half of them). Written in one transaction, not one
    // durable commit per judgement, or 200,000 comments would take minutes.
    QStringList annotators = {QStringLiteral("alice")};
    QList<int> judgedEvery = {2};
    // Each merge request assigned to two of the annotators (round robin).
    bool assignments = false;
    // A git repository (libgit2) beside the workspace in which each merge
    // request with code is a small base..head diff of three files, so that
    // opening one in the window really loads a diff. Without it the merge
    // requests name /work/repoN, which does not exist.
    bool repository = false;
    qsizetype runRecordBytes = 20000; // about a real run record's size
    // Several runs per merge request, one per record here (each a run
    // configuration's run.json, which models/ cannot write: the caller's),
    // the merge request's comments shared out among them; empty: one run
    // whose record is runRecordBytes of filler.
    QList<QByteArray> runRecords = {};
    // Reference issues (imported ground truth) per merge request, on lines
    // that some of each run's comments hit and others miss.
    int referencesPerMergeRequest = 0;
};

struct GeneratedWorkspace
{
    QString path;       // the .rdw file
    QString repository; // the git repository, when asked for
    QList<qint64> mergeRequests;
    QList<bool> codeLinked; // per merge request, in the same order
    qint64 largeMergeRequest = 0;
    int comments = 0;
    int judgements = 0;
};

// Writes the workspace (and repository) into `directory`.
Result<GeneratedWorkspace> generateWorkspace(const QString &directory, const WorkspaceShape &shape);
// A workspace generateWorkspace() wrote into `directory` earlier, read back
// (comments and judgements not counted: 0), to time it again without
// generating it: the large merge request is the first one, as written.
Result<GeneratedWorkspace> readGeneratedWorkspace(const QString &directory);

} // namespace rd::test
