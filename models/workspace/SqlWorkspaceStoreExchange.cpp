// The workspace's part of dataset exchange (issue 11): an imported file is
// stored in one transaction, and the records it came from are kept for
// lossless export.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>

namespace rd {

namespace {

QString doingImport()
{
    return QCoreApplication::translate("rd::models", "import the file");
}

// The stored merge request this one is: by pull-request address first (the
// same PR from two files of a dataset), else by what it compares.
Result<std::optional<qint64>> existingMergeRequest(const SqlWorkspaceStore::Private &d, const MergeRequestEntry &e)
{
    if (!e.url.isEmpty()) {
        auto byUrl = d.scalar("SELECT id FROM merge_requests WHERE url = ? ORDER BY id LIMIT 1", {e.url}, doingImport());
        if (!byUrl)
            return byUrl.error();
        if (byUrl->isValid())
            return std::optional<qint64>(byUrl->toLongLong());
    }
    auto byRevisions = d.scalar("SELECT id FROM merge_requests WHERE repository = ? AND base = ? AND head = ? AND two_dot = ?",
                                {e.repository, e.base, e.head, e.twoDot ? 1 : 0}, doingImport());
    if (!byRevisions)
        return byRevisions.error();
    if (!byRevisions->isValid())
        return std::optional<qint64>();
    return std::optional<qint64>(byRevisions->toLongLong());
}

} // namespace

Result<ImportSummary> SqlWorkspaceStore::importDataset(const DatasetImport &import)
{
    const QString doing = doingImport();
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    ImportSummary summary;
    const qint64 now = nowMs();
    auto imported = d->insert("INSERT INTO exchange_imports (format, source, kind, annotator, imported) VALUES (?, ?, ?, ?, ?)",
                            {import.format, import.source, import.kind, import.annotator, now}, doing);
    if (!imported)
        return imported.error();
    summary.importId = *imported;

    std::optional<qint64> annotator;
    for (const ImportedMergeRequest &mr : import.mergeRequests) {
        if (mr.entry.repository.isEmpty() || mr.entry.base.isEmpty() || mr.entry.head.isEmpty())
            return usage(QCoreApplication::translate("rd::models", "a merge request needs a repository, a base and a head"));
        auto existing = existingMergeRequest(*d, mr.entry);
        if (!existing)
            return existing.error();
        qint64 id = 0;
        if (*existing) {
            id = **existing;
        } else {
            const MergeRequestEntry &e = mr.entry;
            auto q = d->insert("INSERT INTO merge_requests (repository, base, head, two_dot, title, description, created, language, pr_category,"
                             " url, code_linked) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             {e.repository, e.base, e.head, e.twoDot ? 1 : 0, e.title, e.description, now, e.language, e.prCategory, e.url,
                              e.codeLinked ? 1 : 0},
                             doing);
            if (!q)
                return q.error();
            id = *q;
            ++summary.newMergeRequests;
            if (!e.codeLinked)
                ++summary.withoutCode;
        }
        ++summary.mergeRequests;
        if (!mr.dataset.isEmpty()) {
            auto before = d->scalar("SELECT i.source FROM exchange_records r JOIN exchange_imports i ON i.id = r.import_id"
                                    " WHERE r.merge_request = ? AND r.dataset = ?",
                                    {id, mr.dataset}, doing);
            if (!before)
                return before.error();
            if (before->isValid())
                return usage(QCoreApplication::translate("rd::models", "%1 is already in this workspace from %2 (%3); nothing was imported")
                                 .arg(mr.entry.url.isEmpty() ? mr.entry.repository : mr.entry.url, before->toString(), mr.dataset));
            auto q = d->exec("INSERT INTO exchange_records (merge_request, dataset, import_id, position, record) VALUES (?, ?, ?, ?, ?)",
                             {id, mr.dataset, summary.importId, mr.position, QString::fromUtf8(mr.record)}, doing);
            if (!q)
                return q.error();
        }
        std::optional<qint64> run;
        if (mr.run) {
            const StoredRun &r = *mr.run;
            auto q = d->insert("INSERT INTO runs (merge_request, label, model, config_hash, started, finished, record) VALUES (?, ?, ?, ?, ?, ?, ?)",
                             {id, r.label, r.model, r.configHash, timeValue(r.started), timeValue(r.finished), QString::fromUtf8(r.record)}, doing);
            if (!q)
                return q.error();
            run = *q;
        }
        for (const ImportedComment &c : mr.comments) {
            auto cid = d->insertComment(id, run, run ? CommentOrigin::Generated : CommentOrigin::Imported, c.author, c.comment, now);
            if (!cid)
                return cid.error();
            if (c.reference || !c.exchange.isEmpty()) {
                auto q = d->exec("UPDATE comments SET is_reference = ?, exchange_record = ? WHERE id = ?",
                                 {c.reference ? 1 : 0, QString::fromUtf8(c.exchange), *cid}, doing);
                if (!q)
                    return q.error();
            }
            ++summary.comments;
            if (!c.verdict && !c.category && !c.context)
                continue;
            if (!annotator) {
                auto a = d->ensureAnnotator(import.annotator);
                if (!a)
                    return a.error();
                annotator = *a;
            }
            Judgement j;
            j.comment = *cid;
            j.annotator = import.annotator;
            j.verdict = c.verdict;
            j.category = c.category;
            j.context = c.context;
            if (const QString problem = judgementProblem(j); !problem.isEmpty())
                return usage(problem);
            if (auto written = d->writeJudgement(*cid, *annotator, j); !written)
                return written.error();
            ++summary.judgements;
        }
    }
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return summary;
}

Result<QList<ExchangeRecord>> SqlWorkspaceStore::exchangeRecords() const
{
    auto q = d->exec("SELECT merge_request, dataset, import_id, position, record FROM exchange_records ORDER BY import_id, position", {},
                     QCoreApplication::translate("rd::models", "read the imported records"));
    return allRows<ExchangeRecord>(std::move(q), [](QSqlQuery &row) {
        return ExchangeRecord{row.value(0).toLongLong(), row.value(1).toString(), row.value(2).toLongLong(), row.value(3).toInt(),
                              row.value(4).toString().toUtf8()};
    });
}

} // namespace rd
