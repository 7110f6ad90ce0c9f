#pragma once

// What publishing an annotator's review of a merge request would send to
// its code host, worked out before anything is sent (docs/publishing.md):
// the comments that go (new ones, and ones edited since they went), the
// ones already there unchanged, and the ones held back with the reason.
// reviewdesk-cli publish --dry-run prints it; ReviewPublisher sends it.

#include "CodeHost.h"
#include "Side.h"
#include "WorkspaceStore.h"

#include <QList>
#include <QString>
#include <QUrl>

#include <optional>

namespace rd {

// What the review says as a whole: GitHub's review events; GitLab approves
// for Approve; Gerrit votes Code-Review -1 / +1 (docs/publishing.md).
enum class ReviewEvent { Comment, RequestChanges, Approve };
QString reviewEventName(ReviewEvent event); // COMMENT, REQUEST_CHANGES, APPROVE
std::optional<ReviewEvent> reviewEventFromName(const QString &name);

struct PublishSettings
{
    qint64 mergeRequest = 0;
    QString annotator;
    Verdict verdict = Verdict::Accept; // the annotator's verdict that selects a comment
    ReviewEvent event = ReviewEvent::Comment;
    bool provenance = true; // the footer naming run and model, or the author
    QString summary;        // the review's own text; empty: a generated line (GitHub, Gerrit), none (GitLab)
    QUrl apiBase;           // replaces the API address derived from the merge request's URL
};

// One comment as it will be sent.
struct OutgoingComment
{
    qint64 comment = 0;
    QString file;
    Side side = Side::New;
    int firstLine = 0;
    int lastLine = 0;
    QString lastLineText; // Gerrit ranges end at its last character
    QString oldPath;      // the file's paths on both sides (a renamed file's differ)
    QString newPath;
    // The last line's number on the other side when it is an unchanged
    // line (GitLab wants both numbers then); 0 for a changed line.
    int lastLineCounterpart = 0;
    QString body;         // Markdown, as the host will show it
    QString bodyHash;     // SHA-256 of body (hex): what was sent, to see later edits
    bool suggestion = false;
    // Set for a comment published before whose text changed since: the
    // record of what was sent then (its remote id is updated or replied to).
    std::optional<RemoteComment> published;

    // "src/cache.cpp:40-42 (new)".
    QString where() const;
};

// The remote id recorded for a comment the host took without saying under
// which id (its list of comments could not be read afterwards): recorded all
// the same, so it is never sent twice; an edit of it is held back.
inline const QString UnknownRemoteId = QStringLiteral("unknown");

struct HeldBackComment
{
    qint64 comment = 0;
    QString where;
    QString reason;
};

struct ReviewPublication
{
    MergeRequestEntry mergeRequest;
    PullRequestLocator locator;
    PublishSettings settings;
    // The commits the comments' lines refer to (hex), from the workspace's
    // repository: head, the target as resolved, where the diff starts.
    QString headSha;
    QString baseSha;
    QString diffBaseSha;
    QString summary; // the review's text as sent (settings.summary or generated)
    QList<OutgoingComment> fresh;  // not on the host yet
    QList<OutgoingComment> edited; // on the host, with other text now
    QList<OutgoingComment> unchanged; // on the host as they read now
    QList<HeldBackComment> heldBack;

    bool nothingToSend() const { return fresh.isEmpty() && edited.isEmpty(); }
};

// Reads the merge request, its diff (libgit2, from the workspace's
// repository), the annotator's comments and what was published before.
// Errors: Usage for a merge request without a host URL or an unknown
// annotator, Repository when its code cannot be read.
Result<ReviewPublication> planReviewPublication(const WorkspaceStore &store, const PublishSettings &settings);

// Whether the host takes a comment at these lines of the diff; the check
// every comment passes before it goes. Empty when it may go.
class DiffCoverage;
QString whyHeldBack(const StoredComment &comment, const DiffCoverage &coverage);

} // namespace rd
