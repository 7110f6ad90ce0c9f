#include "DatasetExport.h"

#include "WorkspaceStore.h"

#include <QCoreApplication>
#include <QDir>
#include <QProcessEnvironment>
#include <QSet>

#include <algorithm>

namespace rd {

const QList<ExportFormat> &exportFormats()
{
    // One line per format; later formats (aacr-generated, ...) are added here.
    static const QList<ExportFormat> formats = {
        {QStringLiteral("aacr-positive"), QStringLiteral("json"), QCoreApplication::translate("rd::models", "AACR-Bench positive samples: the accepted and ground-truth comments"), exportAacrPositive},
        {QStringLiteral("aacr-negative"), QStringLiteral("json"), QCoreApplication::translate("rd::models", "AACR-Bench negative samples: the rejected comments"), exportAacrNegative},
        {QStringLiteral("trl-sft"), QStringLiteral("jsonl"), QCoreApplication::translate("rd::models", "TRL SFT (JSON Lines, messages): diff and comment, then the annotator's verdict and critique"), exportTrlSft},
        {QStringLiteral("trl-dpo"), QStringLiteral("jsonl"), QCoreApplication::translate("rd::models", "TRL DPO (JSON Lines, prompt/chosen/rejected, rule): pairs by CQS Algorithm 1 on the judge's scores, or by people's judgements"), exportTrlDpo},
        {QStringLiteral("trl-kto"), QStringLiteral("jsonl"), QCoreApplication::translate("rd::models", "TRL KTO (JSON Lines, prompt/completion/label): each judged comment"), exportTrlKto},
        {QStringLiteral("sarif"), QStringLiteral("sarif"), QCoreApplication::translate("rd::models", "SARIF 2.1.0: one result per kept or accepted comment"), exportSarif},
        {QStringLiteral("rdjson"), QStringLiteral("json"), QCoreApplication::translate("rd::models", "reviewdog diagnostic format (rdjson)"), exportRdjson},
        {QStringLiteral("csv"), QStringLiteral("csv"), QCoreApplication::translate("rd::models", "CSV: one row per comment and annotator"), exportCsv},
        {QStringLiteral("votes"), QStringLiteral("jsonl"), QCoreApplication::translate("rd::models", "Pairwise votes on whole reviews (JSON Lines: merge request, runs a and b, winner, annotator)"), exportVotes},
        {QStringLiteral("audit-decisions"), QStringLiteral("jsonl"), QCoreApplication::translate("rd::models", "People's audit of the benchmark judges' matches (JSON Lines: comment, reference, same/different/unsure, annotator)"), exportAuditDecisions},
        {QStringLiteral("errata"), QStringLiteral("json"), QCoreApplication::translate("rd::models", "Errata of imported ground truth: the references gold-gap triage added, with their provenance, as AACR-Bench and Code Review Bench entries"), exportErrata},
    };
    return formats;
}

const ExportFormat *findExportFormat(const QString &name)
{
    for (const ExportFormat &f : exportFormats())
        if (f.name == name)
            return &f;
    return nullptr;
}

QString ExportData::clean(const QString &text) const
{
    QString out = text;
    for (const auto &[from, to] : replacements)
        if (out.contains(from))
            out.replace(from, to);
    return out;
}

const MergeRequestEntry *ExportData::mergeRequest(qint64 id) const
{
    for (const MergeRequestEntry &mr : mergeRequests)
        if (mr.id == id)
            return &mr;
    return nullptr;
}

QList<const Judgement *> ExportData::judgementsOf(qint64 comment) const
{
    return byComment.value(comment);
}

void ExportData::index()
{
    byComment.clear();
    for (const Judgement &j : judgements)
        byComment[j.comment].append(&j);
}

namespace {

// Longest first, so that a clone inside the home folder loses its whole path.
QList<std::pair<QString, QString>> replacementsFor(const QList<MergeRequestEntry> &mergeRequests)
{
    QList<std::pair<QString, QString>> out;
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const QString &name : env.keys()) {
        const QString upper = name.toUpper();
        const QString value = env.value(name);
        if (value.size() >= 8
            && (upper.endsWith(QLatin1String("_KEY")) || upper.contains(QLatin1String("API_KEY")) || upper.endsWith(QLatin1String("_TOKEN"))
                || upper.endsWith(QLatin1String("_SECRET")) || upper.contains(QLatin1String("PASSWORD"))))
            out.append({value, QStringLiteral("[redacted]")});
    }
    QList<std::pair<QString, QString>> paths;
    for (const MergeRequestEntry &mr : mergeRequests)
        if (QDir::isAbsolutePath(mr.repository) && mr.repository.size() > 1) {
            QString path = QDir::cleanPath(mr.repository);
            paths.append({path, repositoryName(mr)});
        }
    const QString home = QDir::homePath();
    if (home.size() > 1)
        paths.append({home, QStringLiteral("~")});
    std::sort(paths.begin(), paths.end(), [](const auto &a, const auto &b) { return a.first.size() > b.first.size(); });
    out += paths;
    return out;
}

} // namespace

Result<ExportData> loadExportData(const WorkspaceStore &store, std::optional<qint64> mergeRequest, std::optional<qint64> run)
{
    ExportData data;
    if (mergeRequest) {
        auto mr = store.mergeRequest(*mergeRequest);
        if (!mr)
            return mr.error();
        data.mergeRequests.append(*mr);
    } else {
        auto all = store.mergeRequests();
        if (!all)
            return all.error();
        data.mergeRequests = *all;
    }
    if (run) {
        auto r = store.run(*run);
        if (!r)
            return r.error();
        if (mergeRequest && r->mergeRequest != *mergeRequest)
            return Error{Error::Kind::Usage, QCoreApplication::translate("rd::models", "run %1 is not a run of merge request %2").arg(*run).arg(*mergeRequest)};
    }
    for (const MergeRequestEntry &mr : std::as_const(data.mergeRequests)) {
        auto runs = store.runs(mr.id);
        if (!runs)
            return runs.error();
        data.runs += *runs;
    }
    CommentQuery query;
    query.mergeRequest = mergeRequest;
    query.run = run;
    auto comments = store.comments(query);
    if (!comments)
        return comments.error();
    data.comments = *comments;
    std::sort(data.comments.begin(), data.comments.end(), [](const StoredComment &a, const StoredComment &b) { return a.id < b.id; });
    auto judgements = store.judgements(mergeRequest);
    if (!judgements)
        return judgements.error();
    data.judgements = *judgements;
    auto adjudications = store.adjudications(mergeRequest);
    if (!adjudications)
        return adjudications.error();
    for (const Adjudication &a : std::as_const(*adjudications))
        data.adjudications.insert(a.comment, a);
    auto votes = store.votes(mergeRequest);
    if (!votes)
        return votes.error();
    for (const PairwiseVote &v : std::as_const(*votes))
        if (!run || v.runA == *run || v.runB == *run)
            data.votes.append(v);
    auto audit = store.auditDecisions();
    if (!audit)
        return audit.error();
    QSet<qint64> ofRun;
    if (run)
        for (const StoredComment &c : std::as_const(data.comments))
            ofRun.insert(c.id);
    for (const JudgeAuditDecision &d : std::as_const(*audit))
        if ((!mergeRequest || d.mergeRequest == *mergeRequest) && (!run || ofRun.contains(d.comment)))
            data.auditDecisions.append(d);
    auto triaged = triagedReferencesOf(store);
    if (!triaged)
        return triaged.error();
    for (const TriagedReference &t : std::as_const(*triaged))
        if ((!mergeRequest || t.item.mergeRequest == *mergeRequest) && (!run || t.item.run == *run))
            data.triaged.append(t);
    auto records = store.exchangeRecords();
    if (!records)
        return records.error();
    for (const ExchangeRecord &r : std::as_const(*records))
        if (!mergeRequest || r.mergeRequest == *mergeRequest)
            data.records.append(r);
    if (run) { // only the merge request of the run
        QSet<qint64> used;
        for (const StoredComment &c : std::as_const(data.comments))
            used.insert(c.mergeRequest);
        data.mergeRequests.removeIf([&](const MergeRequestEntry &mr) { return !used.contains(mr.id); });
        data.records.removeIf([&](const ExchangeRecord &r) { return !used.contains(r.mergeRequest); });
    }
    data.replacements = replacementsFor(data.mergeRequests);
    data.index();
    return data;
}

ExportLabel exportLabel(const StoredComment &comment, const QList<const Judgement *> &judgements,
                        const std::optional<Adjudication> &adjudication)
{
    QList<Judgement> copies;
    for (const Judgement *j : judgements)
        copies.append(*j);
    const FinalLabel team = finalLabel(copies, adjudication);
    ExportLabel f;
    if (comment.reference)
        f.verdict = Verdict::Accept;
    else if (team.isFinal() || team.status == FinalLabel::Status::Single) // one annotator's dataset is final too
        f.verdict = team.verdict;
    f.category = team.category;
    f.context = team.context;
    // The tag is not a team label (CQS feedback): the one every annotator who set it agrees on.
    for (const Judgement *j : judgements) {
        if (!j->tag)
            continue;
        if (f.tag && *f.tag != *j->tag) {
            f.tag.reset();
            break;
        }
        f.tag = j->tag;
    }
    return f;
}

ExportLabel ExportData::labelOf(const StoredComment &comment) const
{
    const auto adjudication = adjudications.constFind(comment.id);
    return exportLabel(comment, judgementsOf(comment.id),
                       adjudication == adjudications.cend() ? std::nullopt : std::optional<Adjudication>(*adjudication));
}

QString commentNote(const ReviewComment &c)
{
    QString note = c.issue;
    if (!c.rootCause.isEmpty())
        note += QStringLiteral("\n\nRoot cause: ") + c.rootCause;
    if (!c.fix.isEmpty())
        note += QStringLiteral("\n\nFix: ") + c.fix;
    if (!c.example.isEmpty())
        note += QStringLiteral("\n\n```\n") + c.example + QStringLiteral("\n```");
    return note;
}

QString originalNote(const ReviewComment &c)
{
    if (c.translationLanguage.isEmpty())
        return {};
    ReviewComment original = c;
    original.issue = c.issueOriginal;
    original.rootCause = c.rootCauseOriginal;
    original.fix = c.fixOriginal;
    return commentNote(original);
}

QString repositoryName(const MergeRequestEntry &mr)
{
    QString source = mr.url.isEmpty() ? mr.repository : mr.url;
    if (const qsizetype pull = source.indexOf(QLatin1String("/pull/")); pull > 0)
        source = source.left(pull);
    if (source.startsWith(QLatin1String("https://")) || source.startsWith(QLatin1String("http://"))) {
        const QStringList parts = source.split(QLatin1Char('/'), Qt::SkipEmptyParts);
        if (parts.size() >= 4)
            return parts.at(parts.size() - 2) + QLatin1Char('/') + parts.last();
        return parts.value(parts.size() - 1);
    }
    QString path = QDir::cleanPath(source);
    if (path.endsWith(QLatin1String("/.git")))
        path.chop(5);
    QString name = path.section(QLatin1Char('/'), -1);
    if (name.endsWith(QLatin1String(".git")))
        name.chop(4);
    return name;
}

std::optional<double> judgedScore(const StoredComment &comment, const QList<const Judgement *> &judgements)
{
    double sum = 0;
    int count = 0;
    for (const Judgement *j : judgements) {
        if (!j->verdict)
            continue;
        ++count;
        if (*j->verdict == Verdict::Reject)
            continue; // scores 0: the issue is wrong
        const int q1 = j->q1Nitpick.value_or(comment.comment.q1Nitpick);
        const int q2 = j->q2Fake.value_or(comment.comment.q2Fake);
        const int q3 = j->q3Severity.value_or(comment.comment.q3Severity);
        if (q1 < 1 || q2 < 1 || q3 < 1) // no scores at all: an acceptance is full marks
            sum += *j->verdict == Verdict::Accept ? 10.0 : 5.0;
        else
            sum += (q1 + q2 + q3 - 3) * 10.0 / 18.0;
    }
    if (count == 0)
        return std::nullopt;
    return sum / count;
}

} // namespace rd
