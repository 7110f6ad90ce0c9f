// Exports for tools and code hosts: SARIF 2.1.0 (OASIS), reviewdog's
// diagnostic format (rdjson) and CSV for spreadsheets.

#include "DatasetExport.h"
#include "ExportText.h"

#include <QSet>
#include <QUrl>

#include <nlohmann/json.hpp>

namespace rd {

namespace {

using Json = nlohmann::ordered_json;

QByteArray dumped(const Json &j)
{
    return QByteArray::fromStdString(j.dump(2, ' ', false, Json::error_handler_t::replace)) + '\n';
}

// What a tool should show: accepted comments, and comments the pipeline
// kept that nobody has rejected.
bool shown(const StoredComment &c, const ExportLabel &label)
{
    if (label.verdict == Verdict::Accept)
        return true;
    return c.comment.kept && label.verdict != Verdict::Reject;
}

// 0 for a comment that is not located (ReviewComment::located()).
int firstLine(const ReviewComment &c)
{
    return c.located() ? std::min(c.lineStart, c.lineEnd > 0 ? c.lineEnd : c.lineStart) : 0;
}

int lastLine(const ReviewComment &c)
{
    return c.located() ? std::max(c.lineStart, c.lineEnd) : 0;
}

int severity(const StoredComment &c, const QList<const Judgement *> &judgements)
{
    int q3 = c.comment.q3Severity;
    for (const Judgement *j : judgements)
        if (j->q3Severity)
            q3 = *j->q3Severity;
    return q3;
}

QString ruleId(const QString &category)
{
    if (category.isEmpty())
        return QStringLiteral("review-comment");
    QString id = category.toLower();
    id.replace(QLatin1String(" and "), QLatin1String("-")).replace(QLatin1Char(' '), QLatin1Char('-')).replace(QLatin1Char('&'), QLatin1Char('-'));
    return id;
}

} // namespace

Result<QByteArray> exportSarif(const ExportData &data, const ExportOptions &)
{
    Json runs = Json::array();
    for (const MergeRequestEntry &mr : data.mergeRequests) {
        Json results = Json::array();
        Json rules = Json::array();
        QSet<QString> ruleIds;
        for (const StoredComment &c : data.comments) {
            if (c.mergeRequest != mr.id)
                continue;
            const auto judgements = data.judgementsOf(c.id);
            const ExportLabel label = data.labelOf(c);
            if (!shown(c, label))
                continue;
            const QString category = label.category.value_or(c.comment.category);
            const QString rule = ruleId(category);
            if (!ruleIds.contains(rule)) {
                ruleIds.insert(rule);
                rules.push_back({{"id", utf8(rule)}, {"name", utf8(category.isEmpty() ? QStringLiteral("Review comment") : category)},
                                 {"shortDescription", {{"text", utf8(category.isEmpty() ? QStringLiteral("Review comment") : category)}}}});
            }
            const int q3 = severity(c, judgements);
            Json location = {{"physicalLocation",
                              {{"artifactLocation", {{"uri", QUrl::toPercentEncoding(c.comment.file, "/").toStdString()}, {"uriBaseId", "SRCROOT"}}}}}};
            if (firstLine(c.comment) >= 1)
                location["physicalLocation"]["region"] = {{"startLine", firstLine(c.comment)}, {"endLine", lastLine(c.comment)}};
            Json properties = {{"reviewdesk/comment", c.id},
                               {"reviewdesk/side", utf8(c.comment.side)},
                               {"reviewdesk/origin", utf8(commentOriginName(c.origin))},
                               {"reviewdesk/author", utf8(data.clean(c.author))}};
            if (label.verdict)
                properties["reviewdesk/verdict"] = utf8(verdictName(*label.verdict));
            if (label.context)
                properties["reviewdesk/context"] = utf8(contextLevelName(*label.context));
            if (q3 > 0)
                properties["reviewdesk/severity"] = q3;
            if (!c.comment.translationLanguage.isEmpty()) { // message.text is the translation
                properties["reviewdesk/originalText"] = utf8(data.clean(originalNote(c.comment)));
                properties["reviewdesk/translationLanguage"] = utf8(c.comment.translationLanguage);
            }
            results.push_back({{"ruleId", utf8(rule)},
                               {"level", q3 >= 6 ? "error" : (q3 >= 3 || q3 == 0) ? "warning" : "note"},
                               {"message", {{"text", utf8(data.clean(commentNote(c.comment)))}}},
                               {"locations", Json::array({location})},
                               {"properties", properties}});
        }
        Json run = {{"tool", {{"driver", {{"name", "ReviewDesk"}, {"version", REVIEWDESK_MODELS_VERSION}, {"rules", rules}}}}},
                    {"originalUriBaseIds", {{"SRCROOT", {{"description", {{"text", "The root of the repository the merge request changes."}}}}}}},
                    {"results", results},
                    {"properties", {{"reviewdesk/mergeRequest", mr.id}, {"reviewdesk/title", utf8(data.clean(mr.title))},
                                    {"reviewdesk/repository", utf8(repositoryName(mr))}, {"reviewdesk/base", utf8(mr.base)},
                                    {"reviewdesk/head", utf8(mr.head)}}}};
        if (!mr.url.isEmpty()) {
            QString repository = mr.url;
            if (const qsizetype pull = repository.indexOf(QLatin1String("/pull/")); pull > 0)
                repository = repository.left(pull);
            run["versionControlProvenance"] = Json::array({{{"repositoryUri", utf8(repository)}, {"revisionId", utf8(mr.head)}}});
        }
        runs.push_back(std::move(run));
    }
    return dumped(Json{{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", runs}});
}

Result<QByteArray> exportRdjson(const ExportData &data, const ExportOptions &)
{
    Json diagnostics = Json::array();
    for (const StoredComment &c : data.comments) {
        const auto judgements = data.judgementsOf(c.id);
        const ExportLabel label = data.labelOf(c);
        if (!shown(c, label))
            continue;
        const int q3 = severity(c, judgements);
        QString message = data.clean(commentNote(c.comment));
        Json location = {{"path", utf8(c.comment.file)}};
        // reviewdog places diagnostics on the new file only: a comment on
        // deleted lines names them in its text instead.
        if (c.comment.side == QLatin1String("old") && firstLine(c.comment) >= 1)
            message = QStringLiteral("[old file, lines %1-%2] ").arg(firstLine(c.comment)).arg(lastLine(c.comment)) + message;
        else if (c.comment.side != QLatin1String("old") && firstLine(c.comment) >= 1)
            location["range"] = {{"start", {{"line", firstLine(c.comment)}}}, {"end", {{"line", lastLine(c.comment)}}}};
        const QString category = label.category.value_or(c.comment.category);
        Json d = {{"message", utf8(message)},
                  {"location", location},
                  {"severity", q3 >= 6 ? "ERROR" : (q3 >= 3 || q3 == 0) ? "WARNING" : "INFO"}};
        if (!category.isEmpty())
            d["code"] = {{"value", utf8(category)}};
        d["source"] = {{"name", utf8(c.origin == CommentOrigin::Generated ? data.clean(c.author) : QStringLiteral("ReviewDesk"))}};
        diagnostics.push_back(std::move(d));
    }
    return dumped(Json{{"source", {{"name", "ReviewDesk"}}}, {"diagnostics", diagnostics}});
}

namespace {

QString csvField(const QString &value)
{
    if (!value.contains(QLatin1Char(',')) && !value.contains(QLatin1Char('"')) && !value.contains(QLatin1Char('\n')) && !value.contains(QLatin1Char('\r')))
        return value;
    QString quoted = value;
    quoted.replace(QLatin1Char('"'), QLatin1String("\"\""));
    return QLatin1Char('"') + quoted + QLatin1Char('"');
}

template <typename T>
QString optionalText(const std::optional<T> &v)
{
    if (!v)
        return {};
    if constexpr (std::is_same_v<T, QString>)
        return *v;
    else if constexpr (std::is_same_v<T, bool>)
        return *v ? QStringLiteral("true") : QStringLiteral("false");
    else
        return QString::number(*v);
}

} // namespace

Result<QByteArray> exportCsv(const ExportData &data, const ExportOptions &)
{
    QString out = QStringLiteral(
        "comment,merge_request,pull_request,repository,file,side,line_start,line_end,origin,author,run,kept,dropped_at,reference,"
        "category,q1,q2,q3,note,note_original,translation_language,final_verdict,annotator,verdict,annotator_q1,annotator_q2,annotator_q3,annotator_category,context,"
        "key_bug,tag,thumbs,critique,time_spent_ms\r\n");
    for (const StoredComment &c : data.comments) {
        const MergeRequestEntry *mr = data.mergeRequest(c.mergeRequest);
        const auto judgements = data.judgementsOf(c.id);
        const ExportLabel label = data.labelOf(c);
        const ReviewComment &r = c.comment;
        const QStringList common = {QString::number(c.id), QString::number(c.mergeRequest), mr ? mr->url : QString(), mr ? repositoryName(*mr) : QString(),
                                    r.file, r.side, r.located() ? QString::number(r.lineStart) : QString(), r.located() ? QString::number(r.lineEnd) : QString(), commentOriginName(c.origin),
                                    data.clean(c.author), c.run ? QString::number(*c.run) : QString(), r.kept ? QStringLiteral("true") : QStringLiteral("false"),
                                    r.droppedAt, c.reference ? QStringLiteral("true") : QStringLiteral("false"), r.category,
                                    QString::number(r.q1Nitpick), QString::number(r.q2Fake), QString::number(r.q3Severity),
                                    data.clean(commentNote(r)), data.clean(originalNote(r)), r.translationLanguage, label.verdict ? verdictName(*label.verdict) : QString()};
        const auto row = [&](const Judgement *j) {
            QStringList fields = common;
            if (j)
                fields << j->annotator << (j->verdict ? verdictName(*j->verdict) : QString()) << optionalText(j->q1Nitpick)
                       << optionalText(j->q2Fake) << optionalText(j->q3Severity) << optionalText(j->category)
                       << (j->context ? contextLevelName(*j->context) : QString()) << optionalText(j->keyBug) << optionalText(j->tag)
                       << (j->thumbs ? thumbsName(*j->thumbs) : QString()) << data.clean(j->critique.value_or(QString()))
                       << optionalText(j->timeSpentMs);
            else
                for (int i = 0; i < 12; ++i)
                    fields << QString();
            for (QString &f : fields)
                f = csvField(f);
            out += fields.join(QLatin1Char(',')) + QStringLiteral("\r\n");
        };
        if (judgements.isEmpty())
            row(nullptr);
        for (const Judgement *j : judgements)
            row(j);
    }
    return out.toUtf8();
}

} // namespace rd
