#include "CqsPipeline.h"

#include "DiffText.h"
#include "PipelineOutput.h"
#include "Prompts.h"

#include <QCoreApplication>
#include <QFile>
#include <QFuture>

#include <nlohmann/json.hpp>

namespace rd {
namespace {

// "Name: text" lines of a resource file.
QList<std::pair<QString, QString>> namedLines(const QString &resource)
{
    QFile file(resource);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("prompt file %s is missing from the resources", qPrintable(resource));
    QList<std::pair<QString, QString>> out;
    for (const QByteArray &line : file.readAll().split('\n')) {
        const qsizetype colon = line.indexOf(':');
        if (colon > 0)
            out.append({QString::fromUtf8(line.left(colon)).trimmed(), QString::fromUtf8(line.mid(colon + 1)).trimmed()});
    }
    return out;
}

QString ruleName(const CqsTagRule &rule)
{
    return rule.language.isEmpty() ? QStringLiteral("rule:%1").arg(rule.tag) : QStringLiteral("rule:%1/%2").arg(rule.tag, rule.language);
}

// One issue as the judge reads it: the paper's Function/Rationale/File/Line/Tag.
QString issueForJudge(const ReviewComment &c)
{
    nlohmann::ordered_json j = {{"Function", c.function.toStdString()},
                                {"Rationale", c.issue.toStdString()},
                                {"File", c.file.toStdString()},
                                {"Line", c.lineStart},
                                {"Tag", c.tag.toStdString()}};
    return QString::fromStdString(j.dump(2));
}

struct FileJob
{
    const FileDiff *file = nullptr;
    QString path;
    QString diff;
    QList<int> lines;
};

} // namespace

QList<ChatMessage> cqsJudgePrompt(const ReviewComment &comment, const QString &diff)
{
    static const QHash<QString, QString> guidance = [] {
        QHash<QString, QString> byTag;
        for (const auto &[name, text] : namedLines(QStringLiteral(":/prompts/cqs/guidance.txt")))
            byTag.insert(name.toLower(), text);
        return byTag;
    }();
    const QString tag = comment.tag.toLower();
    return buildPrompt(QStringLiteral("cqs/judge"), {{QStringLiteral("diff"), diff},
                                                     {QStringLiteral("issue"), issueForJudge(comment)},
                                                     {QStringLiteral("guidance"), guidance.contains(tag) ? QStringLiteral("\n%1\n").arg(guidance.value(tag)) : QString()}});
}

QStringList cqsTags(const QStringList &extra)
{
    QStringList tags;
    for (const auto &[name, criterion] : namedLines(QStringLiteral(":/prompts/cqs/tags.txt")))
        tags << name;
    for (const QString &t : extra)
        if (!tags.contains(t))
            tags << t;
    return tags;
}

const CqsTagRule *cqsRuleFor(const CqsOptions &options, const QString &tag, const QString &language)
{
    const CqsTagRule *general = nullptr;
    for (const CqsTagRule &rule : options.rules) {
        if (rule.tag.compare(tag, Qt::CaseInsensitive) != 0)
            continue;
        if (rule.language.isEmpty())
            general = &rule;
        else if (rule.language.compare(language, Qt::CaseInsensitive) == 0)
            return &rule;
    }
    return general;
}

void applyCqsRules(QList<ReviewComment> &comments, const CqsOptions &options)
{
    for (ReviewComment &c : comments) {
        if (!c.kept || c.judgeScore < 0)
            continue;
        const QString language = languageOfPath(c.file);
        const CqsTagRule *rule = cqsRuleFor(options, c.tag, language);
        if (rule && !rule->enabled) {
            c.drop(ruleName(*rule));
            c.history.append({QStringLiteral("post"), 0, 0, 0, QStringLiteral("%1 is switched off%2").arg(rule->tag,
                              rule->language.isEmpty() ? QString() : QStringLiteral(" for %1").arg(rule->language))});
            continue;
        }
        const int minimum = rule && rule->minScore ? *rule->minScore : options.threshold;
        if (c.judgeScore < minimum) {
            c.drop(rule && rule->minScore ? ruleName(*rule) : QStringLiteral("threshold"));
            c.history.append({QStringLiteral("post"), 0, 0, 0, QStringLiteral("judge score %1 is below %2").arg(c.judgeScore).arg(minimum)});
        }
    }
}

RunRecord CqsPipeline::run(const PipelineContext &context)
{
    RunRecord record = context.newRecord();
    const RunConfig &config = context.config;
    const CqsOptions &options = config.cqs;
    const EndpointProfile *collector = config.role(QStringLiteral("collector"));
    const EndpointProfile *judge = config.role(QStringLiteral("judge"));
    if (!collector || !judge) {
        record.errors << QCoreApplication::translate("rd::pipeline", "cqs: roles.collector and roles.judge are needed");
        return record;
    }

    QString tagList;
    QHash<QString, QString> criteria;
    for (const auto &[name, criterion] : namedLines(QStringLiteral(":/prompts/cqs/tags.txt"))) {
        tagList += QStringLiteral("- %1: %2\n").arg(name, criterion);
        criteria.insert(name, criterion);
    }
    for (const QString &extra : options.extraTags)
        if (!criteria.contains(extra))
            tagList += QStringLiteral("- %1\n").arg(extra);

    QList<FileJob> files;
    for (const FileDiff &f : context.mr.files)
        if (f.isReadable() && !f.isBinary() && !f.hunks.isEmpty())
            files.append({&f, QString::fromUtf8(f.displayPath()), snippetDiff(f, options.contextLines), shownNewLines(f, options.contextLines)});
    ProgressTally tally(context, static_cast<int>(files.size()));

    // The collector, one request per file, all at once (the client keeps the
    // endpoint's concurrency limit).
    QList<QFuture<Exchange>> asked;
    for (const FileJob &job : files) {
        const QHash<QString, QString> values = {{QStringLiteral("tags"), tagList.trimmed()},
                                                {QStringLiteral("diff"), job.diff},
                                                {QStringLiteral("title"), context.mr.title},
                                                {QStringLiteral("description"), context.mr.description}};
        ChatRequest request{*collector, buildPrompt(QStringLiteral("cqs/collector"), values), QStringLiteral("collector, %1").arg(job.path)};
        request.role = QStringLiteral("collector");
        asked.append(context.client.send(request));
    }
    QList<ReviewComment> comments;
    QList<int> fileOf; // comments[i] was collected from files[fileOf[i]]
    // The collector's unit is a file: its changed lines reached a model when its answer was read.
    CoverageTally coverage(context.mr);
    for (qsizetype n = 0; n < files.size(); ++n) {
        const Exchange e = asked[n].result();
        record.exchanges.append(e);
        tally.exchange(e);
        const FileJob &job = files[n];
        if (!e.ok()) {
            if (!context.cancelled())
                record.errors << QStringLiteral("%1: %2").arg(e.request.label, e.error);
            coverage.addFile(QStringLiteral("file"), job.path, job.path, false, QStringLiteral("%1: %2").arg(e.request.label, e.error));
            tally.unitDone(e.request.label);
            continue;
        }
        const ParsedIssues parsed = parseCqsIssues(e.response);
        coverage.addFile(QStringLiteral("file"), job.path, job.path, parsed.error.isEmpty(),
                         QStringLiteral("%1: the answer could not be read (%2)").arg(e.request.label, parsed.error));
        if (!parsed.error.isEmpty()) {
            ReviewComment unparsed;
            unparsed.id = QStringLiteral("cqs-f%1-unparsed").arg(n + 1);
            unparsed.pipeline = QStringLiteral("cqs");
            unparsed.file = job.path;
            unparsed.issue = parsed.error;
            unparsed.raw = e.response;
            unparsed.lineValid = false;
            unparsed.drop(QStringLiteral("unparsed"));
            comments.append(unparsed);
            fileOf.append(static_cast<int>(n));
            record.errors << QStringLiteral("%1: %2 (the reply is kept in %3)").arg(e.request.label, parsed.error, unparsed.id);
        }
        int number = 0;
        for (const CqsIssue &issue : parsed.issues) {
            ReviewComment c;
            c.id = QStringLiteral("cqs-f%1-%2").arg(n + 1).arg(++number);
            c.pipeline = QStringLiteral("cqs");
            c.file = issue.file.isEmpty() ? job.path : issue.file;
            c.lineStart = c.lineEnd = issue.line;
            c.function = issue.function;
            c.issue = issue.rationale;
            c.tag = issue.tag.isEmpty() ? QStringLiteral("Untagged") : issue.tag;
            c.category = c.tag;
            // A line outside what the collector was shown is flagged, never moved.
            c.lineValid = c.file == job.path && job.lines.contains(c.lineStart);
            c.history.append({QStringLiteral("collector"), 0, 0, 0,
                              criteria.contains(c.tag) ? QString() : QStringLiteral("a tag the model added: %1").arg(c.tag)});
            comments.append(c);
            fileOf.append(static_cast<int>(n));
        }
        tally.addTotal(number);
        tally.unitDone(e.request.label);
    }

    // The judge, one request per issue.
    QList<std::pair<int, QFuture<Exchange>>> judged;
    for (qsizetype i = 0; i < comments.size(); ++i) {
        if (!comments[i].kept)
            continue;
        if (context.cancelled()) {
            comments[i].drop(QStringLiteral("cancelled"));
            comments[i].history.append({QStringLiteral("cancelled"), 0, 0, 0, QStringLiteral("the run was cancelled before the judge")});
            continue;
        }
        const ReviewComment &c = comments[i];
        ChatRequest request{*judge, cqsJudgePrompt(c, files[fileOf[i]].diff), QStringLiteral("judge, %1").arg(c.id)};
        request.role = QStringLiteral("judge");
        judged.append({static_cast<int>(i), context.client.send(request)});
    }
    for (auto &[i, future] : judged) {
        const Exchange e = future.result();
        record.exchanges.append(e);
        tally.exchange(e);
        ReviewComment &c = comments[i];
        if (!e.ok()) {
            c.drop(context.cancelled() ? QStringLiteral("cancelled") : QStringLiteral("judge"));
            c.history.append({QStringLiteral("judge"), 0, 0, 0, QStringLiteral("not judged: %1").arg(e.error)});
            if (!context.cancelled())
                record.errors << QStringLiteral("%1: %2").arg(e.request.label, e.error);
            tally.unitDone(e.request.label);
            continue;
        }
        const JudgeVerdict verdict = parseJudgeVerdict(e.response);
        if (!verdict.error.isEmpty()) {
            // No score, no pass: the issue is kept in the record with the reply.
            c.drop(QStringLiteral("judge"));
            c.raw = e.response;
            c.history.append({QStringLiteral("judge"), 0, 0, 0, QStringLiteral("not judged: %1").arg(verdict.error)});
            c.errors << QStringLiteral("judge: %1").arg(verdict.error);
            record.errors << QStringLiteral("%1: %2 (the reply is kept with the comment)").arg(e.request.label, verdict.error);
        } else {
            // The prompt asks for 0 for an incorrect issue; a model that says
            // "invalid" with a higher score is taken at its word on validity,
            // and so is the trained judge's -1 (App. C), its "invalid".
            c.judgeScore = verdict.valid ? verdict.score : 0;
            c.judgeReason = verdict.reason;
            c.history.append({QStringLiteral("judge"), 0, 0, 0,
                              verdict.valid ? QStringLiteral("score %1").arg(verdict.score)
                                            : QStringLiteral("invalid (the judge's score %1 counts as 0)").arg(verdict.score)});
        }
        // App. A.4's "Line_matching": an issue at a line the diff does not
        // number so is dropped, whatever its score (§3.4.2 post-processing).
        if (verdict.error.isEmpty() && verdict.lineMatches == false) {
            c.drop(QStringLiteral("line_matching"));
            c.history.append({QStringLiteral("judge"), 0, 0, 0, QStringLiteral("the judge says line %1 does not match the diff's line numbers").arg(c.lineStart)});
        }
        tally.unitDone(e.request.label);
    }
    applyCqsRules(comments, options);
    record.coverage = coverage.result();
    record.comments = comments;
    record.cancelled = context.cancelled();
    return record;
}

} // namespace rd
