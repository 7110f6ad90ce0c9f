// AACR-Bench samples files. A pull request or comment imported from such a
// file is written back from the record it was read from: the same fields in
// the same order, unknown ones included; the values ReviewDesk knows (the
// comment's text, lines, category, context) are the workspace's current ones.

#include "AacrLines.h"
#include "ExportAacrJson.h"
#include "DatasetExport.h"
#include "ExportText.h"

#include <QSet>

#include <nlohmann/json.hpp>

namespace rd {

namespace {

using Json = nlohmann::ordered_json;

Json parsedRecord(const QByteArray &record)
{
    if (record.isEmpty())
        return Json();
    Json j = Json::parse(record.constBegin(), record.constEnd(), nullptr, false);
    return j.is_object() ? j : Json();
}

Json commentObject(const ExportData &data, const StoredComment &c, const ExportLabel &label)
{
    Json record = parsedRecord(c.exchange);
    if (record.is_null())
        record = Json::object({{"is_ai_comment", c.origin == CommentOrigin::Generated},
                               {"note", ""},
                               {"path", ""},
                               {"side", ""},
                               {"source_model", c.origin == CommentOrigin::Generated ? utf8(data.clean(c.author)) : std::string()},
                               {"from_line", 0},
                               {"to_line", 0},
                               {"category", ""},
                               {"context", ""}});
    const ReviewComment &r = c.comment;
    record["note"] = utf8(data.clean(commentNote(r)));
    if (!r.translationLanguage.isEmpty()) { // only then: an untranslated record stays as AACR-Bench has it
        record["note_original"] = utf8(data.clean(originalNote(r)));
        record["translation_language"] = utf8(r.translationLanguage);
    }
    record["path"] = utf8(r.file);
    record["side"] = r.side == QLatin1String("old") ? "left" : "right";
    // An unlocated comment at kAacrUnlocatedLine: 0-0 would be a wildcard to
    // the released evaluator (AacrLines.h).
    const AacrLineRange lines = aacrLineRange(r);
    record["from_line"] = lines.from;
    record["to_line"] = lines.to;
    record["category"] = utf8(label.category.value_or(r.category));
    if (label.context)
        record["context"] = utf8(contextLevelName(*label.context));
    else if (!record.contains("context"))
        record["context"] = "";
    return record;
}

Json pullRequestObject(const ExportData &data, const MergeRequestEntry &mr, const ExchangeRecord *stored)
{
    Json record = stored ? parsedRecord(stored->record) : Json();
    if (record.is_null())
        record = Json::object({{"change_line_count", 0},
                               {"project_main_language", utf8(mr.language)},
                               {"source_commit", utf8(mr.base)},
                               {"target_commit", utf8(mr.head)},
                               {"githubPrUrl", utf8(mr.url.isEmpty() ? repositoryName(mr) : mr.url)},
                               {"comments", nullptr},
                               {"category", utf8(mr.prCategory)}});
    record["comments"] = Json::array();
    (void)data;
    return record;
}

Result<QByteArray> exportAacr(const ExportData &data, Verdict wanted, const QString &dataset)
{
    // Comments per merge request, in the order they were stored.
    QHash<qint64, QList<Json>> selected;
    QList<qint64> withComments;
    for (const StoredComment &c : data.comments) {
        const ExportLabel label = data.labelOf(c);
        const bool take = wanted == Verdict::Accept ? label.verdict == Verdict::Accept : (label.verdict == Verdict::Reject && !c.reference);
        if (!take)
            continue;
        if (!selected.contains(c.mergeRequest))
            withComments.append(c.mergeRequest);
        selected[c.mergeRequest].append(commentObject(data, c, label));
    }
    // Pull requests in the order of the file they came from, then the others.
    Json out = Json::array();
    QSet<qint64> written;
    const auto write = [&](qint64 id, const ExchangeRecord *record) {
        const MergeRequestEntry *mr = data.mergeRequest(id);
        if (!mr || written.contains(id))
            return;
        written.insert(id);
        Json pr = pullRequestObject(data, *mr, record);
        for (Json &c : selected[id])
            pr["comments"].push_back(std::move(c));
        out.push_back(std::move(pr));
    };
    for (const ExchangeRecord &r : data.records)
        if (r.dataset == dataset)
            write(r.mergeRequest, &r);
    for (qint64 id : std::as_const(withComments)) {
        const ExchangeRecord *other = nullptr; // the pull request's fields from another file of the dataset
        for (const ExchangeRecord &r : data.records)
            if (r.mergeRequest == id && r.dataset.startsWith(QLatin1String("aacr-")))
                other = &r;
        write(id, other);
    }
    // Python's json.dumps(indent=2, ensure_ascii=False), as the dataset is written.
    return QByteArray::fromStdString(out.dump(2, ' ', false, Json::error_handler_t::replace));
}

} // namespace

Result<QByteArray> exportAacrReferences(const ExportData &data, const QList<ReferenceIssue> &references)
{
    QHash<qint64, const StoredComment *> byId;
    for (const StoredComment &c : data.comments)
        byId.insert(c.id, &c);
    QHash<qint64, QList<Json>> selected;
    QList<qint64> order;
    for (const ReferenceIssue &r : references) {
        const StoredComment *c = byId.value(r.comment);
        if (!c)
            return Error{Error::Kind::Workspace, QStringLiteral("reference %1 of the snapshot is not a comment of this workspace").arg(r.comment)};
        // The comment's own record (an imported one writes back its fields),
        // with what the snapshot froze in place of what it reads now.
        ExportLabel label;
        label.category = r.category;
        if (r.context)
            label.context = contextLevelFromName(*r.context);
        StoredComment frozen = *c;
        frozen.comment.file = r.file;
        frozen.comment.side = r.side;
        frozen.comment.lineStart = r.lineFrom;
        frozen.comment.lineEnd = r.lineTo;
        frozen.comment.lineValid = r.lineFrom > 0;
        Json record = commentObject(data, frozen, label);
        record["note"] = utf8(data.clean(r.text));
        if (!label.category)
            record["category"] = "";
        if (!selected.contains(r.mergeRequest))
            order.append(r.mergeRequest);
        selected[r.mergeRequest].append(std::move(record));
    }
    Json out = Json::array();
    for (qint64 id : std::as_const(order)) {
        const MergeRequestEntry *mr = data.mergeRequest(id);
        if (!mr)
            return Error{Error::Kind::Workspace, QStringLiteral("merge request %1 of the snapshot is not in this workspace").arg(id)};
        const ExchangeRecord *stored = nullptr; // the pull request's fields from a file it was imported from
        for (const ExchangeRecord &rec : data.records)
            if (rec.mergeRequest == id && rec.dataset.startsWith(QLatin1String("aacr-")))
                stored = &rec;
        Json pr = pullRequestObject(data, *mr, stored);
        for (Json &c : selected[id])
            pr["comments"].push_back(std::move(c));
        out.push_back(std::move(pr));
    }
    return QByteArray::fromStdString(out.dump(2, ' ', false, Json::error_handler_t::replace));
}

nlohmann::ordered_json aacrCommentJson(const ExportData &data, const StoredComment &comment, const ExportLabel &label)
{
    return commentObject(data, comment, label);
}

nlohmann::ordered_json aacrPullRequestJson(const ExportData &data, const MergeRequestEntry &mr)
{
    const ExchangeRecord *stored = nullptr; // the pull request's fields from a file it was imported from
    for (const ExchangeRecord &rec : data.records)
        if (rec.mergeRequest == mr.id && rec.dataset.startsWith(QLatin1String("aacr-")))
            stored = &rec;
    return pullRequestObject(data, mr, stored);
}

Result<QByteArray> exportAacrPositive(const ExportData &data, const ExportOptions &)
{
    return exportAacr(data, Verdict::Accept, QStringLiteral("aacr-positive"));
}

Result<QByteArray> exportAacrNegative(const ExportData &data, const ExportOptions &)
{
    return exportAacr(data, Verdict::Reject, QStringLiteral("aacr-negative"));
}

} // namespace rd
