#include "HostReviewRequests.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QUrl>

namespace rd {

namespace {

QByteArray compact(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

QString githubRepository(const PullRequestLocator &locator)
{
    return QStringLiteral("/repos/") + locator.project;
}

QString gitlabMergeRequestPath(const PullRequestLocator &locator)
{
    // Concatenated, not arg()-ed: the escaped project holds "%2F".
    return QStringLiteral("/projects/") + gitlabProjectId(locator) + QStringLiteral("/merge_requests/") + QString::number(locator.number);
}

QList<PlannedHostRequest> githubRequests(const ReviewPublication &p)
{
    QList<PlannedHostRequest> requests;
    if (!p.fresh.isEmpty()) {
        PlannedHostRequest review;
        QJsonArray comments;
        for (int i = 0; i < p.fresh.size(); ++i) {
            const OutgoingComment &c = p.fresh.at(i);
            const QString side = c.side == Side::Old ? QStringLiteral("LEFT") : QStringLiteral("RIGHT");
            QJsonObject comment{{QStringLiteral("path"), c.newPath},
                                {QStringLiteral("body"), c.body},
                                {QStringLiteral("line"), c.lastLine},
                                {QStringLiteral("side"), side}};
            if (c.lastLine > c.firstLine) {
                comment.insert(QStringLiteral("start_line"), c.firstLine);
                comment.insert(QStringLiteral("start_side"), side);
            }
            comments.append(comment);
            review.fresh << i;
        }
        review.request.verb = "POST";
        review.request.path = githubRepository(p.locator) + QStringLiteral("/pulls/%1/reviews").arg(p.locator.number);
        review.request.body = compact({{QStringLiteral("commit_id"), p.headSha},
                                       {QStringLiteral("body"), p.summary},
                                       {QStringLiteral("event"), reviewEventName(p.settings.event)},
                                       {QStringLiteral("comments"), comments}});
        review.what = QCoreApplication::translate("rd::hosts", "the review with %1 comment(s)").arg(p.fresh.size());
        requests << review;
    }
    for (int i = 0; i < p.edited.size(); ++i) {
        const OutgoingComment &c = p.edited.at(i);
        PlannedHostRequest edit;
        edit.request.verb = "PATCH";
        edit.request.path = githubRepository(p.locator) + QStringLiteral("/pulls/comments/") + c.published->remoteId;
        edit.request.body = compact({{QStringLiteral("body"), c.body}});
        edit.edited << i;
        edit.what = QCoreApplication::translate("rd::hosts", "the edit of comment %1 (%2)").arg(c.comment).arg(c.where());
        requests << edit;
    }
    return requests;
}

QJsonObject gitlabPosition(const OutgoingComment &c, const GitLabDiffRefs &refs)
{
    QJsonObject position{{QStringLiteral("position_type"), QStringLiteral("text")},
                         {QStringLiteral("base_sha"), refs.baseSha},
                         {QStringLiteral("start_sha"), refs.startSha},
                         {QStringLiteral("head_sha"), refs.headSha},
                         {QStringLiteral("old_path"), c.oldPath},
                         {QStringLiteral("new_path"), c.newPath}};
    // GitLab places a range's comment at its last line (a suggestion
    // reaches up with :-N); an unchanged line needs both numbers.
    position.insert(c.side == Side::Old ? QStringLiteral("old_line") : QStringLiteral("new_line"), c.lastLine);
    if (c.lastLineCounterpart > 0)
        position.insert(c.side == Side::Old ? QStringLiteral("new_line") : QStringLiteral("old_line"), c.lastLineCounterpart);
    return position;
}

QList<PlannedHostRequest> gitlabRequests(const ReviewPublication &p, const GitLabDiffRefs &refs)
{
    QList<PlannedHostRequest> requests;
    const QString mr = gitlabMergeRequestPath(p.locator);
    for (int i = 0; i < p.fresh.size(); ++i) {
        const OutgoingComment &c = p.fresh.at(i);
        PlannedHostRequest discussion;
        discussion.request.verb = "POST";
        discussion.request.path = mr + QStringLiteral("/discussions");
        discussion.request.body = compact({{QStringLiteral("body"), c.body}, {QStringLiteral("position"), gitlabPosition(c, refs)}});
        discussion.fresh << i;
        discussion.what = QCoreApplication::translate("rd::hosts", "comment %1 (%2)").arg(c.comment).arg(c.where());
        requests << discussion;
    }
    for (int i = 0; i < p.edited.size(); ++i) {
        const OutgoingComment &c = p.edited.at(i);
        PlannedHostRequest edit;
        edit.request.verb = "PUT";
        edit.request.path = mr + QStringLiteral("/discussions/") + c.published->thread + QStringLiteral("/notes/") + c.published->remoteId;
        edit.request.body = compact({{QStringLiteral("body"), c.body}});
        edit.edited << i;
        edit.what = QCoreApplication::translate("rd::hosts", "the edit of comment %1 (%2)").arg(c.comment).arg(c.where());
        requests << edit;
    }
    // The review's own note and approval go with new comments, not again with each later edit.
    if (p.fresh.isEmpty())
        return requests;
    QString note = p.summary;
    if (p.settings.event == ReviewEvent::RequestChanges && note.isEmpty())
        note = QStringLiteral("Changes requested: see the comments on the diff.");
    if (!note.isEmpty()) {
        PlannedHostRequest summary;
        summary.request.verb = "POST";
        summary.request.path = mr + QStringLiteral("/notes");
        summary.request.body = compact({{QStringLiteral("body"), note}});
        summary.what = QCoreApplication::translate("rd::hosts", "the review's summary note");
        requests << summary;
    }
    if (p.settings.event == ReviewEvent::Approve) {
        PlannedHostRequest approve;
        approve.request.verb = "POST";
        approve.request.path = mr + QStringLiteral("/approve");
        // Approves only the version the comments were made on.
        approve.request.body = compact({{QStringLiteral("sha"), refs.headSha}});
        approve.what = QCoreApplication::translate("rd::hosts", "the approval");
        requests << approve;
    }
    return requests;
}

QJsonObject gerritComment(const OutgoingComment &c)
{
    QJsonObject comment{{QStringLiteral("message"), c.body}, {QStringLiteral("unresolved"), true}};
    if (c.lastLine > c.firstLine)
        comment.insert(QStringLiteral("range"), QJsonObject{{QStringLiteral("start_line"), c.firstLine},
                                                           {QStringLiteral("start_character"), 0},
                                                           {QStringLiteral("end_line"), c.lastLine},
                                                           {QStringLiteral("end_character"), int(c.lastLineText.size())}});
    else
        comment.insert(QStringLiteral("line"), c.lastLine);
    if (c.side == Side::Old)
        comment.insert(QStringLiteral("side"), QStringLiteral("PARENT"));
    if (c.published)
        comment.insert(QStringLiteral("in_reply_to"), c.published->remoteId);
    return comment;
}

QList<PlannedHostRequest> gerritRequests(const ReviewPublication &p)
{
    PlannedHostRequest review;
    QJsonObject byPath;
    const auto add = [&](const OutgoingComment &c) {
        QJsonArray list = byPath.value(c.newPath).toArray();
        list.append(gerritComment(c));
        byPath.insert(c.newPath, list);
    };
    for (int i = 0; i < p.fresh.size(); ++i) {
        add(p.fresh.at(i));
        review.fresh << i;
    }
    for (int i = 0; i < p.edited.size(); ++i) {
        add(p.edited.at(i));
        review.edited << i;
    }
    QJsonObject body{{QStringLiteral("message"), p.summary}, {QStringLiteral("comments"), byPath}};
    // The Code-Review label every Gerrit project has; -1 / +1 leave -2 / +2
    // (veto, submit) to people.
    if (p.settings.event == ReviewEvent::RequestChanges)
        body.insert(QStringLiteral("labels"), QJsonObject{{QStringLiteral("Code-Review"), -1}});
    else if (p.settings.event == ReviewEvent::Approve)
        body.insert(QStringLiteral("labels"), QJsonObject{{QStringLiteral("Code-Review"), 1}});
    review.request.verb = "POST";
    review.request.path = QStringLiteral("/changes/") + gerritChangeId(p.locator) + QStringLiteral("/revisions/") + p.headSha + QStringLiteral("/review");
    review.request.body = compact(body);
    review.what = QCoreApplication::translate("rd::hosts", "the review with %1 comment(s)").arg(p.fresh.size() + p.edited.size());
    return {review};
}

} // namespace

QString gitlabProjectId(const PullRequestLocator &locator)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(locator.project));
}

QString gerritChangeId(const PullRequestLocator &locator)
{
    return QString::fromLatin1(QUrl::toPercentEncoding(locator.project)) + QLatin1Char('~') + QString::number(locator.number);
}

GitLabDiffRefs localDiffRefs(const ReviewPublication &publication)
{
    return {publication.diffBaseSha, publication.baseSha, publication.headSha};
}

QList<PlannedHostRequest> reviewRequests(const ReviewPublication &publication, const GitLabDiffRefs &refs)
{
    if (publication.nothingToSend())
        return {};
    switch (publication.locator.kind) {
    case CodeHostKind::GitHub: return githubRequests(publication);
    case CodeHostKind::GitLab: return gitlabRequests(publication, refs);
    case CodeHostKind::Gerrit: return gerritRequests(publication);
    }
    return {};
}

HostRequest publishedCommentsRequest(const PullRequestLocator &locator, const QString &headSha, qint64 githubReview)
{
    HostRequest request;
    if (locator.kind == CodeHostKind::GitHub)
        request.path = githubRepository(locator) + QStringLiteral("/pulls/%1/reviews/%2/comments").arg(locator.number).arg(githubReview);
    else
        request.path = QStringLiteral("/changes/") + gerritChangeId(locator) + QStringLiteral("/revisions/") + headSha + QStringLiteral("/comments");
    return request;
}

HostRequest gitlabMergeRequestRequest(const PullRequestLocator &locator)
{
    HostRequest request;
    request.path = gitlabMergeRequestPath(locator);
    return request;
}

QString dryRunText(const QList<PlannedHostRequest> &requests, const PullRequestLocator &locator)
{
    QString text;
    const QString base = locator.apiBase.toString(QUrl::StripTrailingSlash);
    for (const PlannedHostRequest &planned : requests) {
        text += QStringLiteral("%1 %2%3\n").arg(QString::fromLatin1(planned.request.verb), base, planned.request.path);
        text += QString::fromUtf8(QJsonDocument::fromJson(planned.request.body).toJson(QJsonDocument::Indented));
        text += QLatin1Char('\n');
    }
    return text;
}

} // namespace rd
