// Public benchmarks and their judges (schema 14): a benchmark folder stored
// in one transaction, idempotently; labels, judges and their verdicts read back.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>
#include <QHash>
#include <QSet>

namespace rd {

using namespace sqlstore;

QString candidateVerdictName(CandidateVerdict verdict)
{
    switch (verdict) {
    case CandidateVerdict::Matched: return QStringLiteral("matched");
    case CandidateVerdict::Unmatched: return QStringLiteral("unmatched");
    case CandidateVerdict::Superseded: return QStringLiteral("superseded");
    }
    return {};
}

std::optional<CandidateVerdict> candidateVerdictFromName(const QString &name)
{
    for (CandidateVerdict v : {CandidateVerdict::Matched, CandidateVerdict::Unmatched, CandidateVerdict::Superseded})
        if (candidateVerdictName(v) == name)
            return v;
    return std::nullopt;
}

namespace {

QString doingBenchmarkImport()
{
    return QCoreApplication::translate("rd::models", "import the benchmark");
}

// The comments a benchmark stored on one merge request before: references
// by text, each reviewer's comments by (author, text). Only imported
// comments count, so a person's or a run's comment is never taken for one.
struct KnownComments
{
    QHash<QString, qint64> references;
    QHash<QPair<QString, QString>, qint64> byAuthor;
};

Result<KnownComments> knownComments(const SqlWorkspaceStore::Private &d, qint64 mergeRequest)
{
    auto q = d.exec("SELECT id, author, issue, is_reference FROM comments WHERE merge_request = ? AND origin = ? AND removed = 0 ORDER BY id",
                    {mergeRequest, commentOriginName(CommentOrigin::Imported)}, doingBenchmarkImport());
    if (!q)
        return q.error();
    KnownComments known;
    while (q->next()) {
        const qint64 id = q->value(0).toLongLong();
        if (q->value(3).toInt() != 0)
            known.references.insert(q->value(2).toString(), id);
        else
            known.byAuthor.insert({q->value(1).toString(), q->value(2).toString()}, id);
    }
    return known;
}

Result<qint64> ensureJudge(SqlWorkspaceStore::Private &d, const QString &name, const QString &source, qint64 now)
{
    auto known = d.scalar("SELECT id FROM judges WHERE name = ?", {name}, doingBenchmarkImport());
    if (!known)
        return known.error();
    if (known->isValid())
        return known->toLongLong();
    return d.insert("INSERT INTO judges (name, kind, source, created) VALUES (?, 'imported', ?, ?)", {name, source, now}, doingBenchmarkImport());
}

} // namespace

Result<BenchmarkImportSummary> SqlWorkspaceStore::importBenchmark(const BenchmarkImport &import)
{
    const QString doing = doingBenchmarkImport();
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    BenchmarkImportSummary summary;
    const qint64 now = nowMs();
    auto imported = d->insert("INSERT INTO exchange_imports (format, source, kind, annotator, imported) VALUES (?, ?, 'benchmark', '', ?)",
                              {import.format, import.source, now}, doing);
    if (!imported)
        return imported.error();
    QHash<QString, qint64> judgeIds;
    for (const QString &judge : import.judges) {
        auto id = ensureJudge(*d, judge, import.format, now);
        if (!id)
            return id.error();
        judgeIds.insert(judge, *id);
    }
    summary.judges = int(judgeIds.size());

    for (const BenchmarkPullRequest &pr : import.pullRequests) {
        const MergeRequestEntry &e = pr.entry;
        if (e.url.isEmpty() || e.repository.isEmpty() || e.base.isEmpty() || e.head.isEmpty())
            return usage(QCoreApplication::translate("rd::models", "a benchmark's merge request needs its address, a repository, a base and a head"));
        auto existing = d->scalar("SELECT id FROM merge_requests WHERE url = ? ORDER BY id LIMIT 1", {e.url}, doing);
        if (!existing)
            return existing.error();
        qint64 mr = 0;
        if (existing->isValid()) {
            mr = existing->toLongLong();
        } else {
            auto q = d->insert("INSERT INTO merge_requests (repository, base, head, two_dot, title, description, created, language, pr_category,"
                               " url, code_linked) VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)",
                               {e.repository, e.base, e.head, e.title, e.description, now, e.language, e.prCategory, e.url, e.codeLinked ? 1 : 0},
                               doing);
            if (!q)
                return q.error();
            mr = *q;
            ++summary.newMergeRequests;
        }
        ++summary.mergeRequests;
        // The golden record: replaced, so the workspace holds the last file's.
        if (auto q = d->exec("DELETE FROM exchange_records WHERE merge_request = ? AND dataset = ?", {mr, import.format}, doing); !q)
            return q.error();
        if (auto q = d->exec("INSERT INTO exchange_records (merge_request, dataset, import_id, position, record) VALUES (?, ?, ?, ?, ?)",
                             {mr, import.format, *imported, pr.position, QString::fromUtf8(pr.record)}, doing);
            !q)
            return q.error();
        if (!pr.labelsRecord.isEmpty()) {
            const QString labelsDataset = import.format + QStringLiteral("-labels");
            if (auto q = d->exec("DELETE FROM exchange_records WHERE merge_request = ? AND dataset = ?", {mr, labelsDataset}, doing); !q)
                return q.error();
            if (auto q = d->exec("INSERT INTO exchange_records (merge_request, dataset, import_id, position, record) VALUES (?, ?, ?, ?, ?)",
                                 {mr, labelsDataset, *imported, pr.position, QString::fromUtf8(pr.labelsRecord)}, doing);
                !q)
                return q.error();
        }
        if (auto q = d->exec("DELETE FROM mr_labels WHERE merge_request = ?", {mr}, doing); !q)
            return q.error();
        for (const Label &label : pr.labels)
            if (auto q = d->exec("INSERT INTO mr_labels (merge_request, name, value) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", {mr, label.first, label.second}, doing); !q)
                return q.error();

        auto known = knownComments(*d, mr);
        if (!known)
            return known.error();
        QHash<QString, qint64> references;
        for (const BenchmarkReference &r : pr.references) {
            qint64 id = known->references.value(r.text);
            if (id == 0) {
                ReviewComment c; // no file, no lines: the benchmark compares by meaning
                c.issue = r.text;
                auto stored = d->insertComment(mr, std::nullopt, CommentOrigin::Imported, import.format, c, now);
                if (!stored)
                    return stored.error();
                id = *stored;
                if (auto q = d->exec("UPDATE comments SET is_reference = 1, exchange_record = ? WHERE id = ?", {QString::fromUtf8(r.record), id}, doing); !q)
                    return q.error();
                known->references.insert(r.text, id);
                ++summary.newReferences;
            }
            references.insert(r.text, id);
            ++summary.references;
            if (!r.severity.isEmpty()) {
                if (auto q = d->exec("DELETE FROM comment_labels WHERE comment = ? AND name = 'severity'", {id}, doing); !q)
                    return q.error();
                if (auto q = d->exec("INSERT INTO comment_labels (comment, name, value) VALUES (?, 'severity', ?)", {id, r.severity}, doing); !q)
                    return q.error();
            }
        }
        // Each judge's verdicts on this pull request are the file's, whatever it held before.
        for (auto j = judgeIds.cbegin(); j != judgeIds.cend(); ++j) {
            for (const char *sql : {"DELETE FROM judge_matches WHERE judge = ? AND comment IN (SELECT id FROM comments WHERE merge_request = ?)",
                                    "DELETE FROM judge_verdicts WHERE judge = ? AND comment IN (SELECT id FROM comments WHERE merge_request = ?)",
                                    "DELETE FROM judged_reviews WHERE judge = ? AND merge_request = ?"})
                if (auto q = d->exec(sql, {j.value(), mr}, doing); !q)
                    return q.error();
        }
        QSet<qint64> counted;
        for (const BenchmarkReview &review : pr.reviews) {
            const auto judge = judgeIds.constFind(review.judge);
            if (judge == judgeIds.cend())
                return usage(QCoreApplication::translate("rd::models", "the review of %1 by %2 names a judge the import does not list").arg(review.reviewer, review.judge));
            if (auto q = d->exec("INSERT INTO judged_reviews (judge, merge_request, reviewer, skipped, errors, position, record) VALUES (?, ?, ?, ?, ?, ?, ?)",
                                 {*judge, mr, review.reviewer, review.skipped ? 1 : 0, review.errors, review.position, QString::fromUtf8(review.record)}, doing);
                !q)
                return q.error();
            ++summary.reviews;
            QHash<QString, qint64> candidates;
            for (const BenchmarkCandidate &c : review.candidates) {
                qint64 id = known->byAuthor.value({review.reviewer, c.text});
                if (id == 0) {
                    ReviewComment comment;
                    comment.issue = c.text;
                    comment.file = c.file;
                    comment.lineStart = c.line;
                    comment.lineEnd = c.line;
                    auto stored = d->insertComment(mr, std::nullopt, CommentOrigin::Imported, review.reviewer, comment, now);
                    if (!stored)
                        return stored.error();
                    id = *stored;
                    if (!c.record.isEmpty())
                        if (auto q = d->exec("UPDATE comments SET exchange_record = ? WHERE id = ?", {QString::fromUtf8(c.record), id}, doing); !q)
                            return q.error();
                    known->byAuthor.insert({review.reviewer, c.text}, id);
                    ++summary.newComments;
                }
                if (!counted.contains(id)) {
                    counted.insert(id);
                    ++summary.comments;
                }
                candidates.insert(c.text, id);
                if (auto q = d->exec("INSERT INTO judge_verdicts (judge, comment, verdict, position, record) VALUES (?, ?, ?, ?, ?)",
                                     {*judge, id, candidateVerdictName(c.verdict), c.position, QString::fromUtf8(c.record)}, doing);
                    !q)
                    return q.error();
                ++summary.verdicts;
            }
            for (const BenchmarkMatch &m : review.matches) {
                const qint64 comment = candidates.value(m.candidate);
                const qint64 reference = references.value(m.reference);
                if (comment == 0 || reference == 0)
                    return usage(QCoreApplication::translate("rd::models", "%1's match on %2 by %3 names a candidate or a reference the pull request does not have")
                                     .arg(review.judge, e.url, review.reviewer));
                if (auto q = d->exec("INSERT INTO judge_matches (judge, comment, reference_comment, confidence, reasoning) VALUES (?, ?, ?, ?, ?)",
                                     {*judge, comment, reference, nullable(m.confidence), m.reasoning}, doing);
                    !q)
                    return q.error();
                ++summary.matches;
            }
        }
        d->notifyChange({QStringLiteral("comments"), 0, mr, QString()});
    }
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return summary;
}

Result<QList<JudgeEntry>> SqlWorkspaceStore::judges() const
{
    auto q = d->exec("SELECT id, name, kind, source FROM judges ORDER BY name", {}, QCoreApplication::translate("rd::models", "read the judges"));
    return allRows<JudgeEntry>(std::move(q), [](QSqlQuery &row) {
        return JudgeEntry{row.value(0).toLongLong(), row.value(1).toString(), row.value(2).toString(), row.value(3).toString()};
    });
}

Result<QList<JudgedReview>> SqlWorkspaceStore::judgedReviews(const QString &judge) const
{
    const QString doing = QCoreApplication::translate("rd::models", "read the judges' verdicts");
    const QString only = judge.isEmpty() ? QString() : QStringLiteral(" WHERE j.name = ?");
    const QVariantList values = judge.isEmpty() ? QVariantList() : QVariantList{judge};
    auto reviews = d->exec(QStringLiteral("SELECT j.name, r.merge_request, r.reviewer, r.skipped, r.errors, r.position, r.record FROM judged_reviews r"
                                          " JOIN judges j ON j.id = r.judge")
                               + only + QStringLiteral(" ORDER BY j.name, r.merge_request, r.position, r.reviewer"),
                           values, doing);
    if (!reviews)
        return reviews.error();
    QList<JudgedReview> out;
    // (judge, merge request, reviewer) -> its place in `out`
    QHash<QString, qsizetype> index;
    const auto key = [](const QString &j, qint64 mr, const QString &reviewer) -> QString {
        return j + QChar(0) + QString::number(mr) + QChar(0) + reviewer;
    };
    while (reviews->next()) {
        JudgedReview r;
        r.judge = reviews->value(0).toString();
        r.mergeRequest = reviews->value(1).toLongLong();
        r.reviewer = reviews->value(2).toString();
        r.skipped = reviews->value(3).toInt() != 0;
        r.errors = reviews->value(4).toInt();
        r.position = reviews->value(5).toInt();
        r.record = reviews->value(6).toString().toUtf8();
        index.insert(key(r.judge, r.mergeRequest, r.reviewer), out.size());
        out << r;
    }
    auto verdicts = d->exec(QStringLiteral("SELECT j.name, c.merge_request, c.author, v.comment, v.verdict, v.position, v.record FROM judge_verdicts v"
                                           " JOIN judges j ON j.id = v.judge JOIN comments c ON c.id = v.comment")
                                + only + QStringLiteral(" ORDER BY j.name, c.merge_request, v.position, v.comment"),
                            values, doing);
    if (!verdicts)
        return verdicts.error();
    while (verdicts->next()) {
        const auto at = index.constFind(key(verdicts->value(0).toString(), verdicts->value(1).toLongLong(), verdicts->value(2).toString()));
        const auto verdict = candidateVerdictFromName(verdicts->value(4).toString());
        if (at == index.cend() || !verdict)
            return workspaceError(QCoreApplication::translate("rd::models", "comment %1 has a judge's verdict ('%2') outside any judged review")
                                      .arg(verdicts->value(3).toLongLong())
                                      .arg(verdicts->value(4).toString()));
        out[*at].candidates << JudgedCandidate{verdicts->value(3).toLongLong(), *verdict, verdicts->value(5).toInt(), verdicts->value(6).toString().toUtf8()};
    }
    auto matches = d->exec(QStringLiteral("SELECT j.name, c.merge_request, c.author, m.comment, m.reference_comment, m.confidence, m.reasoning FROM judge_matches m"
                                          " JOIN judges j ON j.id = m.judge JOIN comments c ON c.id = m.comment")
                               + only + QStringLiteral(" ORDER BY j.name, c.merge_request, m.reference_comment, m.comment"),
                           values, doing);
    if (!matches)
        return matches.error();
    while (matches->next()) {
        const auto at = index.constFind(key(matches->value(0).toString(), matches->value(1).toLongLong(), matches->value(2).toString()));
        if (at == index.cend())
            return workspaceError(QCoreApplication::translate("rd::models", "comment %1 has a judge's match outside any judged review").arg(matches->value(3).toLongLong()));
        out[*at].matches << JudgeMatch{matches->value(3).toLongLong(), matches->value(4).toLongLong(), optionalFrom<double>(matches->value(5)),
                                       matches->value(6).toString()};
    }
    return out;
}

Result<QList<MergeRequestLabel>> SqlWorkspaceStore::mergeRequestLabels() const
{
    auto q = d->exec("SELECT merge_request, name, value FROM mr_labels ORDER BY merge_request, name, value", {},
                     QCoreApplication::translate("rd::models", "read the merge requests' labels"));
    return allRows<MergeRequestLabel>(std::move(q), [](QSqlQuery &row) {
        return MergeRequestLabel{row.value(0).toLongLong(), row.value(1).toString(), row.value(2).toString()};
    });
}

Result<QList<CommentLabel>> SqlWorkspaceStore::commentLabels(std::optional<qint64> mergeRequest) const
{
    const QString doing = QCoreApplication::translate("rd::models", "read the comments' labels");
    auto q = mergeRequest ? d->exec("SELECT l.comment, l.name, l.value FROM comment_labels l JOIN comments c ON c.id = l.comment"
                                    " WHERE c.merge_request = ? ORDER BY l.comment, l.name",
                                    {*mergeRequest}, doing)
                          : d->exec("SELECT comment, name, value FROM comment_labels ORDER BY comment, name", {}, doing);
    return allRows<CommentLabel>(std::move(q), [](QSqlQuery &row) {
        return CommentLabel{row.value(0).toLongLong(), row.value(1).toString(), row.value(2).toString()};
    });
}

} // namespace rd
