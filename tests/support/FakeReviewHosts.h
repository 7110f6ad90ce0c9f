#pragma once

// Code hosts that take reviews, on a FakeCodeHost: each keeps the comments
// it is sent and answers the reads that follow in the host's own shape
// (GitHub: review, its comments, comment edits; GitLab: the merge request's
// diff_refs, discussions, note edits, notes, approval; Gerrit: the review
// and the revision's comments). `failWith` makes a chosen write fail.

#include "FakeCodeHost.h"

#include <QJsonObject>
#include <QList>
#include <QString>

#include <memory>

namespace rd::test {

struct ReviewHostState
{
    struct Comment
    {
        QString id;
        QString thread; // GitHub review, GitLab discussion
        QString path;
        int line = 0;
        QString body;
    };
    QList<Comment> comments;
    int nextId = 1000;
    // The write of this number (1-based, counting the host's comment writes:
    // reviews, discussions, edits) answers `failStatus` instead.
    int failAt = 0;
    int failStatus = 422;
    int writes = 0;
    QString headSha; // GitLab: the merge request's head on the host
    QString baseSha;
    QString startSha;
};

// Routes for pull request OWNER/REPO#number, project GROUP/PROJECT!number, change PROJECT~number.
std::shared_ptr<ReviewHostState> serveGitHubReviews(FakeCodeHost &host, const QString &project, int number);
std::shared_ptr<ReviewHostState> serveGitLabReviews(FakeCodeHost &host, const QString &project, int number, const QString &headSha,
                                                    const QString &baseSha, const QString &startSha);
std::shared_ptr<ReviewHostState> serveGerritReviews(FakeCodeHost &host, const QString &project, int number, const QString &revision);

// The writes a host was sent (not GETs).
QList<FakeCodeHost::Request> writesTo(const FakeCodeHost &host);

} // namespace rd::test
