#pragma once

#include "Result.h"
#include "Workspace.h"

#include <QDateTime>
#include <QList>
#include <QString>

#include <optional>

namespace rd {

// One reference issue of a merge request as the evaluation reads it: a
// comment marked as reference (imported ground truth, or marked by hand),
// or the comment that stands for a group of key-bug comments. A snapshot
// keeps it as it was when frozen: its place, its text and its decided
// labels, so later edits, judgements and runs do not move it.
struct ReferenceIssue
{
    qint64 mergeRequest = 0;
    qint64 comment = 0;   // the comment that stands for the issue
    bool keyBug = false;  // a key-bug issue; else a comment marked as reference
    QString file;
    QString side;
    int lineFrom = 0;     // 0: no line (the comment could not be placed)
    int lineTo = 0;
    QString text;           // what the semantic judge reads: the reviewer's own words
    QString translatedText; // a translated comment's translation; else the same as text
    std::optional<QString> category; // decided (TeamAnnotation.h's decidedLabels), else the comment's own
    std::optional<QString> context;  // "Diff Level", "File Level", "Repo Level"
    std::optional<QString> tag;      // CQS tag
    // The key-bug comments of its issue (itself included when it is one):
    // each of them finds it, in whichever run it was raised.
    QList<qint64> members;
};

// A named, frozen set of reference issues (issue 33): `reviewdesk-cli
// references freeze`, read by `eval --references NAME`.
struct ReferenceSnapshot
{
    qint64 id = 0;
    QString name;
    QString referenceSet; // which references were frozen: all, aacr, key-bugs
    QString author;       // who froze it
    QDateTime created;
    QString fingerprint;  // referenceFingerprint() of its references
    // Every merge request it covers (those of the workspace when frozen),
    // with the key-bug flags that were disputed and not adjudicated then.
    struct MergeRequestState
    {
        qint64 mergeRequest = 0;
        int pendingKeyBugs = 0;
    };
    QList<MergeRequestState> mergeRequests;
    QList<ReferenceIssue> references;
    int referenceCount = 0; // the references' number, also when they were not read

    int pendingKeyBugs() const
    {
        int n = 0;
        for (const MergeRequestState &m : mergeRequests)
            n += m.pendingKeyBugs;
        return n;
    }
};

// The snapshots of a workspace. A role of WorkspaceStore (WorkspaceStore.h).
class ReferenceSnapshotStore
{
public:
    // Stores a new snapshot with everything it holds, in one transaction;
    // its id. A name already taken is refused (Usage): a snapshot is never
    // replaced, or a published figure would silently change.
    virtual Result<qint64> addReferenceSnapshot(const ReferenceSnapshot &snapshot) = 0;
    // Every snapshot, oldest first, with its merge requests and the number
    // of its references but not the references themselves.
    virtual Result<QList<ReferenceSnapshot>> referenceSnapshots() const = 0;
    // One snapshot whole; empty when no snapshot has that name.
    virtual Result<std::optional<ReferenceSnapshot>> referenceSnapshot(const QString &name) const = 0;

protected:
    ~ReferenceSnapshotStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
