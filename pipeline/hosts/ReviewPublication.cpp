#include "ReviewPublication.h"

#include "CommentMarkdown.h"
#include "DiffCoverage.h"

#include <DatasetExport.h>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QSet>

#include <algorithm>
#include <tuple>

namespace rd {

namespace {

Side sideOf(const ReviewComment &comment)
{
    return comment.side == QLatin1String("old") ? Side::Old : Side::New;
}

QString whereOf(const ReviewComment &c)
{
    const QString side = c.side == QLatin1String("old") ? QStringLiteral("old") : QStringLiteral("new");
    if (!c.located())
        return QStringLiteral("%1 (%2)").arg(c.file, side);
    if (c.lineEnd > c.lineStart)
        return QStringLiteral("%1:%2-%3 (%4)").arg(c.file).arg(c.lineStart).arg(c.lineEnd).arg(side);
    return QStringLiteral("%1:%2 (%3)").arg(c.file).arg(c.lineStart).arg(side);
}

// The annotator's selection: comments judged with `verdict`, and the human
// comments they wrote that they did not judge otherwise.
bool selected(const StoredComment &c, const Judgement *own, const PublishSettings &settings)
{
    if (own && own->verdict)
        return *own->verdict == settings.verdict;
    return c.origin == CommentOrigin::Human && c.author == settings.annotator;
}

// What the host shows as the review's own text, in English like the
// comments' "Root cause" and "Fix" (the host's readers, not this window's).
QString generatedSummary(const PublishSettings &settings, qsizetype comments)
{
    const QString counted = comments == 1 ? QStringLiteral("1 comment") : QStringLiteral("%1 comments").arg(comments);
    if (settings.provenance)
        return QStringLiteral("Review by %1 with ReviewDesk: %2.").arg(settings.annotator, counted);
    return QStringLiteral("Review: %1.").arg(counted);
}

} // namespace

QString reviewEventName(ReviewEvent event)
{
    switch (event) {
    case ReviewEvent::Comment: return QStringLiteral("COMMENT");
    case ReviewEvent::RequestChanges: return QStringLiteral("REQUEST_CHANGES");
    case ReviewEvent::Approve: return QStringLiteral("APPROVE");
    }
    return {};
}

std::optional<ReviewEvent> reviewEventFromName(const QString &name)
{
    for (const ReviewEvent event : {ReviewEvent::Comment, ReviewEvent::RequestChanges, ReviewEvent::Approve})
        if (name.compare(reviewEventName(event), Qt::CaseInsensitive) == 0)
            return event;
    return std::nullopt;
}

QString OutgoingComment::where() const
{
    const QString sideWord = side == Side::Old ? QStringLiteral("old") : QStringLiteral("new");
    if (lastLine > firstLine)
        return QStringLiteral("%1:%2-%3 (%4)").arg(file).arg(firstLine).arg(lastLine).arg(sideWord);
    return QStringLiteral("%1:%2 (%3)").arg(file).arg(firstLine).arg(sideWord);
}

QString whyHeldBack(const StoredComment &stored, const DiffCoverage &coverage)
{
    const ReviewComment &c = stored.comment;
    if (c.issue.trimmed().isEmpty())
        return QCoreApplication::translate("rd::hosts", "it has no text");
    // Before located(): an outdated comment has no lines on purpose, and the
    // person deciding what to send needs to know the new commits did that.
    if (stored.outdated)
        return QCoreApplication::translate("rd::hosts", "it is outdated: revision %1 changed the lines it was made on").arg(stored.outdatedIn);
    if (!c.located())
        return QCoreApplication::translate("rd::hosts", "it is not placed at lines of its file");
    // A comment whose lines left the diff (the merge request moved on, or
    // the lines were never changed here) would land elsewhere or be refused.
    return coverage.whyNotCovered(c.file, sideOf(c), std::min(c.lineStart, c.lineEnd), std::max(c.lineStart, c.lineEnd));
}

Result<ReviewPublication> planReviewPublication(const WorkspaceStore &store, const PublishSettings &settings)
{
    ReviewPublication plan;
    plan.settings = settings;
    auto data = loadExportData(store, settings.mergeRequest);
    if (!data)
        return data.error();
    if (data->mergeRequests.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::hosts", "the workspace has no merge request %1").arg(settings.mergeRequest)};
    plan.mergeRequest = data->mergeRequests.first();
    if (plan.mergeRequest.url.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::hosts", "merge request %1 has no address on a code host (its URL is empty), so there is "
                                            "nowhere to publish it").arg(plan.mergeRequest.id)};
    auto locator = PullRequestLocator::parse(plan.mergeRequest.url, settings.apiBase);
    if (!locator)
        return locator.error();
    plan.locator = *locator;
    auto annotators = store.annotators();
    if (!annotators)
        return annotators.error();
    if (std::none_of(annotators->cbegin(), annotators->cend(), [&](const Annotator &a) { return a.name == settings.annotator; }))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::hosts", "the workspace has no annotator %1").arg(settings.annotator)};

    auto coverage = DiffCoverage::of(plan.mergeRequest);
    if (!coverage)
        return coverage.error();
    plan.headSha = coverage->headSha;
    plan.baseSha = coverage->baseSha;
    plan.diffBaseSha = coverage->diffBaseSha;

    auto remote = store.remoteComments(plan.mergeRequest.id);
    if (!remote)
        return remote.error();
    QHash<qint64, RemoteComment> sent;
    QSet<qint64> imported;
    for (const RemoteComment &r : std::as_const(*remote)) {
        if (r.pullRequest != plan.mergeRequest.url)
            continue;
        if (r.direction == RemoteComment::Direction::Published)
            sent.insert(r.comment, r);
        else
            imported.insert(r.comment);
    }

    QHash<qint64, QString> runLabels;
    QHash<qint64, QString> runModels;
    for (const StoredRun &run : std::as_const(data->runs)) {
        runLabels.insert(run.id, run.label);
        runModels.insert(run.id, run.model);
    }

    const bool gerrit = plan.locator.kind == CodeHostKind::Gerrit;
    CommentMarkdownOptions markdown;
    markdown.suggestions = !gerrit;
    markdown.suggestionOffsets = plan.locator.kind == CodeHostKind::GitLab;
    markdown.htmlFooter = !gerrit;

    // By file, side and line: the order a reader meets them in the diff.
    QList<StoredComment> inOrder = data->comments;
    std::stable_sort(inOrder.begin(), inOrder.end(), [](const StoredComment &a, const StoredComment &b) {
        return std::tuple(a.comment.file, a.comment.side, a.comment.lineStart) < std::tuple(b.comment.file, b.comment.side, b.comment.lineStart);
    });
    for (const StoredComment &stored : std::as_const(inOrder)) {
        const Judgement *own = nullptr;
        for (const Judgement *j : data->judgementsOf(stored.id))
            if (j->annotator == settings.annotator)
                own = j;
        if (!selected(stored, own, settings))
            continue;
        const ReviewComment &c = stored.comment;
        if (imported.contains(stored.id)) {
            plan.heldBack.append({stored.id, whereOf(c), QCoreApplication::translate("rd::hosts", "it came from this pull request's own comments on the host")});
            continue;
        }
        if (const QString why = whyHeldBack(stored, *coverage); !why.isEmpty()) {
            plan.heldBack.append({stored.id, whereOf(c), why});
            continue;
        }
        OutgoingComment out;
        out.comment = stored.id;
        out.file = c.file;
        out.side = sideOf(c);
        out.firstLine = std::min(c.lineStart, c.lineEnd);
        out.lastLine = std::max(c.lineStart, c.lineEnd);
        const QStringList lines = coverage->linesAt(c.file, out.side, out.firstLine, out.lastLine);
        out.lastLineText = lines.value(lines.size() - 1);
        const QString other = coverage->counterpartPath(c.file, out.side);
        out.oldPath = out.side == Side::Old ? c.file : other;
        out.newPath = out.side == Side::New ? c.file : other;
        out.lastLineCounterpart = coverage->counterpartLine(c.file, out.side, out.lastLine);
        if (settings.provenance)
            markdown.provenance = data->clean(provenanceNote(stored, stored.run ? runLabels.value(*stored.run) : QString(),
                                                             stored.run ? runModels.value(*stored.run) : QString()));
        else
            markdown.provenance.clear();
        ReviewComment text = c;
        // Text leaves the machine: local paths and secrets in it are cleaned as every export cleans them.
        text.issue = data->clean(c.issue);
        text.rootCause = data->clean(c.rootCause);
        text.fix = data->clean(c.fix);
        text.example = data->clean(c.example);
        const CommentMarkdown body = commentMarkdown(text, lines, markdown);
        out.body = body.body;
        out.suggestion = body.suggestion;
        out.bodyHash = QString::fromLatin1(QCryptographicHash::hash(out.body.toUtf8(), QCryptographicHash::Sha256).toHex());
        const auto before = sent.constFind(stored.id);
        if (before == sent.cend()) {
            plan.fresh.append(out);
        } else if (before->bodyHash == out.bodyHash) {
            out.published = *before;
            plan.unchanged.append(out);
        } else if (before->remoteId == UnknownRemoteId) {
            // Published, but the host's answer did not say under which id.
            plan.heldBack.append({stored.id, whereOf(c), QCoreApplication::translate("rd::hosts", "it was edited since it was published, and its id on the host is "
                                                            "unknown, so the edit cannot be sent; edit it on the host")});
        } else {
            out.published = *before;
            plan.edited.append(out);
        }
    }
    plan.summary = settings.summary.trimmed();
    if (plan.summary.isEmpty() && plan.locator.kind != CodeHostKind::GitLab)
        plan.summary = generatedSummary(settings, plan.fresh.size() + plan.edited.size());
    return plan;
}

} // namespace rd
