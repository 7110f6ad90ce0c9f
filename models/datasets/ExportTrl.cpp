// Training sets in the shapes Hugging Face TRL's trainers read (JSON Lines):
// SFT conversations for an LLM judge (CQS §3.4.2: the comment in, the
// person's verdict and critique out), DPO preference pairs (CQS Algorithm 1, PreferencePairs.cpp)
// and KTO's unpaired labels for the reviewer.

#include "DatasetExport.h"
#include "ExportText.h"

#include <nlohmann/json.hpp>

namespace rd {

namespace {

using Json = nlohmann::ordered_json;

QString linesText(const ReviewComment &c)
{
    const QString side = c.side == QLatin1String("old") ? QStringLiteral("old file") : QStringLiteral("new file");
    if (c.lineStart == c.lineEnd || c.lineEnd == 0)
        return QStringLiteral("line %1 of the %2").arg(c.lineStart).arg(side);
    return QStringLiteral("lines %1-%2 of the %3").arg(c.lineStart).arg(c.lineEnd).arg(side);
}

// The change a reviewer looks at: the merge request and the diff around the comment.
QString changeText(const ExportData &data, const ExportOptions &options, const MergeRequestEntry &mr, const StoredComment &c)
{
    QString text = QStringLiteral("Repository: %1\n").arg(repositoryName(mr));
    if (!mr.title.isEmpty())
        text += QStringLiteral("Title: %1\n").arg(mr.title);
    if (!mr.language.isEmpty())
        text += QStringLiteral("Language: %1\n").arg(mr.language);
    text += QStringLiteral("File: %1\n").arg(c.comment.file);
    const QString diff = options.diffContext ? options.diffContext(mr, c) : QString();
    if (diff.isEmpty())
        text += QStringLiteral("(The diff is not available: the code of this merge request is not linked to the workspace.)\n");
    else
        text += QStringLiteral("```diff\n") + diff + (diff.endsWith(QLatin1Char('\n')) ? QString() : QStringLiteral("\n")) + QStringLiteral("```\n");
    return data.clean(text);
}

QString commentText(const ExportData &data, const StoredComment &c, const ExportLabel &label)
{
    const ReviewComment &r = c.comment;
    QString text = QStringLiteral("%1, %2").arg(r.file, linesText(r));
    const QString category = label.category.value_or(r.category);
    if (!category.isEmpty())
        text += QStringLiteral(" [%1]").arg(category);
    // The annotators' tag, else the one the model gave (CQS's issue tag).
    if (const QString tag = label.tag.value_or(r.tag); !tag.isEmpty())
        text += QStringLiteral(" (tag: %1)").arg(tag);
    text += QStringLiteral(":\n") + commentNote(r);
    return data.clean(text);
}

QByteArray line(const Json &j)
{
    return QByteArray::fromStdString(j.dump(-1, ' ', false, Json::error_handler_t::replace)) + '\n';
}

const char *judgeSystemPrompt =
    "You judge code review comments. Read the change and the comment, then answer with a verdict "
    "(accept: a real problem worth raising; reject: wrong, irrelevant or a nitpick) and a one-sentence critique.";

const char *reviewerPrompt = "Review this change and point out one defect, with its location.\n\n";

} // namespace

Result<QByteArray> exportTrlSft(const ExportData &data, const ExportOptions &options)
{
    QByteArray out;
    for (const StoredComment &c : data.comments) {
        const MergeRequestEntry *mr = data.mergeRequest(c.mergeRequest);
        if (!mr)
            continue;
        const ExportLabel label = data.labelOf(c);
        QString user;
        for (const Judgement *j : data.judgementsOf(c.id)) {
            if (!j->verdict || *j->verdict == Verdict::Unsure)
                continue;
            if (user.isEmpty())
                user = changeText(data, options, *mr, c) + QStringLiteral("\nReview comment: ") + commentText(data, c, label);
            QString answer = QStringLiteral("Verdict: %1").arg(verdictName(*j->verdict));
            if (j->critique && !j->critique->trimmed().isEmpty())
                answer += QStringLiteral("\nCritique: ") + data.clean(j->critique->trimmed());
            Json messages = Json::array({{{"role", "system"}, {"content", judgeSystemPrompt}},
                                         {{"role", "user"}, {"content", utf8(user)}},
                                         {{"role", "assistant"}, {"content", utf8(answer)}}});
            out += line(Json{{"messages", messages}});
        }
    }
    return out;
}

Result<QByteArray> exportTrlKto(const ExportData &data, const ExportOptions &options)
{
    QByteArray out;
    for (const StoredComment &c : data.comments) {
        const MergeRequestEntry *mr = data.mergeRequest(c.mergeRequest);
        if (!mr)
            continue;
        const ExportLabel label = data.labelOf(c);
        if (!label.verdict || *label.verdict == Verdict::Unsure)
            continue;
        out += line(Json{{"prompt", utf8(QString::fromLatin1(reviewerPrompt) + changeText(data, options, *mr, c))},
                         {"completion", utf8(commentText(data, c, label))},
                         {"label", *label.verdict == Verdict::Accept}});
    }
    return out;
}

Result<QByteArray> exportTrlDpo(const ExportData &data, const ExportOptions &options)
{
    QHash<qint64, const StoredComment *> byId;
    for (const StoredComment &c : data.comments)
        byId.insert(c.id, &c);
    QByteArray out;
    const auto score = [](const std::optional<double> &s) { return s ? Json(*s) : Json(nullptr); };
    for (const PreferencePair &p : preferencePairs(data, options.delta, options.pairs)) {
        const StoredComment *chosen = byId.value(p.chosen);
        const StoredComment *rejected = byId.value(p.rejected);
        const MergeRequestEntry *mr = data.mergeRequest(chosen->mergeRequest);
        if (!mr)
            continue;
        QString prompt = QString::fromLatin1(reviewerPrompt) + changeText(data, options, *mr, *chosen);
        if (rejected->comment.file != chosen->comment.file || rejected->comment.side != chosen->comment.side
            || rejected->comment.lineStart != chosen->comment.lineStart)
            prompt += QLatin1Char('\n') + changeText(data, options, *mr, *rejected);
        out += line(Json{{"prompt", utf8(prompt)},
                         {"chosen", utf8(commentText(data, *chosen, data.labelOf(*chosen)))},
                         {"rejected", utf8(commentText(data, *rejected, data.labelOf(*rejected)))},
                         // Which rule made the pair and the scores it compared, for a trainer to filter on.
                         {"rule", utf8(p.rule)},
                         {"chosen_score", score(p.chosenScore)},
                         {"rejected_score", score(p.rejectedScore)}});
    }
    return out;
}

} // namespace rd
