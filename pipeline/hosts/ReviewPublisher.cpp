#include "ReviewPublisher.h"

#include "HostReviewRequests.h"

#include <ServerPassword.h>

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace rd {

namespace {

// An id as the host wrote it: GitHub and GitLab numbers, Gerrit strings.
QString idText(const QJsonValue &value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(qint64(value.toDouble()));
    return {};
}

// A comment the host lists after publishing, to learn the id it gave ours.
struct ListedComment
{
    QString path;
    int line = 0;
    QString text;
    QString id;
    bool used = false;
};

// The listed comment that is `c`: same path and text, else same path and
// line (a host may normalise the text); nullptr when none is.
ListedComment *matching(QList<ListedComment> &listed, const OutgoingComment &c)
{
    for (ListedComment &l : listed)
        if (!l.used && l.path == c.newPath && l.text == c.body)
            return &l;
    for (ListedComment &l : listed)
        if (!l.used && l.path == c.newPath && l.line == c.lastLine)
            return &l;
    return nullptr;
}

} // namespace

ReviewPublisher::ReviewPublisher(Recorder recorder, HostClient &client) : m_recorder(std::move(recorder)), m_client(client)
{
}

PublishOutcome publishReview(const ReviewPublication &publication, const ReviewPublisher::Recorder &recorder,
                             const QString &tokenVariable, const QProcessEnvironment &environment,
                             const std::function<void(const QString &)> &notice)
{
    if (publication.nothingToSend())
        return {};
    const HostToken token = host_token::lookUp(publication.locator.kind, publication.locator.server, tokenVariable, environment,
                                               server_password::keyring());
    HostClient client(publication.locator, token);
    if (notice)
        client.setWaitNotice(notice);
    ReviewPublisher publisher(recorder, client);
    return publisher.publish(publication);
}

PublishOutcome ReviewPublisher::publish(const ReviewPublication &publication)
{
    PublishOutcome outcome;
    if (publication.nothingToSend())
        return outcome;
    switch (publication.locator.kind) {
    case CodeHostKind::GitHub: publishGitHub(publication, outcome); break;
    case CodeHostKind::GitLab: publishGitLab(publication, outcome); break;
    case CodeHostKind::Gerrit: publishGerrit(publication, outcome); break;
    }
    leaveOut(publication.fresh, outcome);
    leaveOut(publication.edited, outcome);
    return outcome;
}

bool ReviewPublisher::recordEdits(const ReviewPublication &p, const QList<int> &edited, PublishOutcome &outcome)
{
    for (const int i : edited) {
        const OutgoingComment &c = p.edited.at(i);
        if (!record(p, c, c.published->remoteId, c.published->thread, outcome))
            return false;
    }
    return true;
}

bool ReviewPublisher::record(const ReviewPublication &p, const OutgoingComment &comment, const QString &remoteId,
                             const QString &thread, PublishOutcome &outcome)
{
    RemoteComment remote;
    remote.comment = comment.comment;
    remote.pullRequest = p.mergeRequest.url;
    remote.remoteId = remoteId.isEmpty() ? UnknownRemoteId : remoteId;
    remote.thread = thread;
    remote.direction = RemoteComment::Direction::Published;
    remote.bodyHash = comment.bodyHash;
    remote.revision = p.headSha;
    if (auto stored = m_recorder(remote); !stored) {
        outcome.failure = Error{stored.error().kind,
                                QCoreApplication::translate("rd::hosts", "comment %1 went to the host but the workspace could not record it (%2); publishing again "
                                   "would send it twice: delete it on the host first")
                                    .arg(comment.comment)
                                    .arg(stored.error().message)};
        return false;
    }
    (comment.published ? outcome.updated : outcome.published) << comment.comment;
    return true;
}

void ReviewPublisher::leaveOut(const QList<OutgoingComment> &comments, PublishOutcome &outcome)
{
    for (const OutgoingComment &c : comments)
        if (!outcome.published.contains(c.comment) && !outcome.updated.contains(c.comment) && !outcome.notSent.contains(c.comment))
            outcome.notSent << c.comment;
}

void ReviewPublisher::publishGitHub(const ReviewPublication &p, PublishOutcome &outcome)
{
    for (const PlannedHostRequest &planned : reviewRequests(p, {})) {
        auto answer = m_client.json(planned.request);
        if (!answer) {
            outcome.failure = answer.error();
            break;
        }
        outcome.sent << planned.what;
        if (!planned.fresh.isEmpty()) {
            // The review's answer names the review, not its comments: list them.
            const qint64 review = qint64(answer->object().value(QStringLiteral("id")).toDouble());
            QList<ListedComment> listed;
            auto comments = m_client.all(publishedCommentsRequest(p.locator, p.headSha, review));
            if (comments) {
                for (const QJsonValue v : std::as_const(*comments)) {
                    const QJsonObject o = v.toObject();
                    listed.append({o.value(QStringLiteral("path")).toString(), o.value(QStringLiteral("line")).toInt(),
                                   o.value(QStringLiteral("body")).toString(), idText(o.value(QStringLiteral("id")))});
                }
            } else {
                outcome.warnings << QCoreApplication::translate("rd::hosts", "the review went, but its comments' ids could not be read (%1): a later edit of them "
                                       "cannot update them").arg(comments.error().message);
            }
            for (const int i : planned.fresh) {
                ListedComment *found = matching(listed, p.fresh.at(i));
                if (found)
                    found->used = true;
                if (!record(p, p.fresh.at(i), found ? found->id : QString(), QString::number(review), outcome))
                    break;
            }
        }
        if (outcome.failure || !recordEdits(p, planned.edited, outcome))
            break;
    }
}

void ReviewPublisher::publishGitLab(const ReviewPublication &p, PublishOutcome &outcome)
{
    auto mergeRequest = m_client.json(gitlabMergeRequestRequest(p.locator));
    if (!mergeRequest) {
        outcome.failure = mergeRequest.error();
    } else {
        const QJsonObject refsJson = mergeRequest->object().value(QStringLiteral("diff_refs")).toObject();
        const GitLabDiffRefs refs{refsJson.value(QStringLiteral("base_sha")).toString(), refsJson.value(QStringLiteral("start_sha")).toString(),
                                  refsJson.value(QStringLiteral("head_sha")).toString()};
        if (refs.headSha.isEmpty()) {
            outcome.failure = Error{Error::Kind::Service, QCoreApplication::translate("rd::hosts", "%1: the merge request's answer has no diff_refs.head_sha").arg(m_client.hostLabel())};
        } else if (refs.headSha != p.headSha) {
            // Positions on another version would put the comments on other lines.
            outcome.failure = Error{Error::Kind::Repository,
                                    QCoreApplication::translate("rd::hosts", "%1 is at commit %2 on the host, the workspace compares %3: its comments' lines may not "
                                       "match; review the new head (or update the workspace's merge request) first")
                                        .arg(p.locator.displayName(), refs.headSha.left(12), p.headSha.left(12))};
        } else {
            for (const PlannedHostRequest &planned : reviewRequests(p, refs)) {
                auto answer = m_client.json(planned.request);
                if (!answer) {
                    outcome.failure = answer.error();
                    break;
                }
                outcome.sent << planned.what;
                // One discussion per comment: its first note is the comment.
                const QJsonObject discussion = answer->object();
                const QString note = idText(discussion.value(QStringLiteral("notes")).toArray().first().toObject().value(QStringLiteral("id")));
                for (const int i : planned.fresh)
                    record(p, p.fresh.at(i), note, idText(discussion.value(QStringLiteral("id"))), outcome);
                if (outcome.failure || !recordEdits(p, planned.edited, outcome))
                    break;
            }
        }
    }
}

void ReviewPublisher::publishGerrit(const ReviewPublication &p, PublishOutcome &outcome)
{
    const QList<PlannedHostRequest> requests = reviewRequests(p, {});
    for (const PlannedHostRequest &planned : requests) {
        auto answer = m_client.json(planned.request);
        if (!answer) {
            outcome.failure = answer.error();
            break;
        }
        outcome.sent << planned.what;
        // Gerrit's answer holds the labels, not the comments: list the revision's.
        QHash<QString, QList<ListedComment>> listed;
        auto comments = m_client.json(publishedCommentsRequest(p.locator, p.headSha));
        if (comments && comments->isObject()) {
            const QJsonObject byPath = comments->object();
            for (auto it = byPath.begin(); it != byPath.end(); ++it)
                for (const QJsonValue v : it.value().toArray()) {
                    const QJsonObject o = v.toObject();
                    const int line = o.contains(QStringLiteral("range"))
                                         ? o.value(QStringLiteral("range")).toObject().value(QStringLiteral("end_line")).toInt()
                                         : o.value(QStringLiteral("line")).toInt();
                    listed[it.key()].append({it.key(), line, o.value(QStringLiteral("message")).toString(), idText(o.value(QStringLiteral("id")))});
                }
        } else {
            outcome.warnings << QCoreApplication::translate("rd::hosts", "the review went, but its comments' ids could not be read (%1): a later edit of them "
                                   "cannot reply to them").arg(comments ? QCoreApplication::translate("rd::hosts", "the answer is not an object") : comments.error().message);
        }
        for (const int i : planned.fresh) {
            const OutgoingComment &c = p.fresh.at(i);
            ListedComment *found = matching(listed[c.newPath], c);
            if (found)
                found->used = true;
            if (!record(p, c, found ? found->id : QString(), found ? found->id : QString(), outcome))
                break;
        }
        for (const int i : planned.edited) {
            const OutgoingComment &c = p.edited.at(i);
            ListedComment *found = outcome.failure ? nullptr : matching(listed[c.newPath], c);
            if (found)
                found->used = true;
            // The reply is the comment now: a later edit replies to it, in the same thread.
            if (outcome.failure || !record(p, c, found ? found->id : c.published->remoteId, c.published->thread, outcome))
                break;
        }
    }
}

namespace {

// One line of a report: the text, indented when it belongs to the line above.
void line(QString &text, const QString &said, bool indented = false)
{
    if (indented)
        text += QStringLiteral("  ");
    text += said + QLatin1Char('\n');
}

} // namespace

QString publicationSummary(const ReviewPublication &p)
{
    QString text;
    line(text, QCoreApplication::translate("rd::hosts", "%1 (merge request %2), annotator %3, verdict %4:")
                   .arg(p.locator.displayName())
                   .arg(p.mergeRequest.id)
                   .arg(p.settings.annotator, verdictName(p.settings.verdict)));
    line(text, QCoreApplication::translate("rd::hosts", "%1 new, %2 edited since published, %3 already published unchanged, %4 held back")
                   .arg(p.fresh.size())
                   .arg(p.edited.size())
                   .arg(p.unchanged.size())
                   .arg(p.heldBack.size()),
         true);
    for (const HeldBackComment &h : p.heldBack)
        line(text, QCoreApplication::translate("rd::hosts", "not sent: comment %1 at %2: %3").arg(h.comment).arg(h.where, h.reason), true);
    return text;
}

QString publishReport(const ReviewPublication &p, const PublishOutcome &outcome)
{
    QString text = publicationSummary(p);
    if (p.nothingToSend()) {
        line(text, QCoreApplication::translate("rd::hosts", "Nothing new to publish: every selected comment is on the host as it reads now."));
        return text;
    }
    for (const QString &what : outcome.sent)
        line(text, QCoreApplication::translate("rd::hosts", "sent: %1").arg(what), true);
    line(text, QCoreApplication::translate("rd::hosts", "Published %1 new and updated %2 edited comment(s).").arg(outcome.published.size()).arg(outcome.updated.size()));
    for (const QString &warning : outcome.warnings)
        line(text, QCoreApplication::translate("rd::hosts", "warning: %1").arg(warning), true);
    if (outcome.failure) {
        QStringList left;
        for (const qint64 id : outcome.notSent)
            left << QString::number(id);
        line(text, QCoreApplication::translate("rd::hosts", "Not sent: %1 comment(s) (%2); what went is recorded, so publishing again sends only these.")
                       .arg(outcome.notSent.size())
                       .arg(left.join(QStringLiteral(", "))));
    }
    return text;
}

} // namespace rd
