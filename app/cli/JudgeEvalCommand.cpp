// `judge-eval`: a judge measured against the labels people gave in a
// workspace (pipeline's JudgeEvaluationJob, as Review ▸ Evaluate Judge…
// runs it); each evaluation is kept in the workspace unless --no-store.

#include "CliCommand.h"

#include <JudgeEvaluationJob.h>
#include <ResponseStore.h>
#include <WorkspaceOpening.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <cstdio>

namespace rd::cli {

namespace {

struct JudgeEvalOptions
{
    QString workspace;
    JudgeEvaluationRequest request;
    bool markdown = false;
    bool store = true;
    bool list = false;
    std::optional<qint64> show;
    std::optional<QString> out;
    std::optional<QString> record;
};

std::optional<qint64> evaluationId(const QString &text)
{
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    return ok && id > 0 ? std::optional<qint64>(id) : std::nullopt;
}

int parseJudgeEval(const QStringList &arguments, JudgeEvalOptions &options)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Measure an LLM judge against the labels people gave: accuracy, Cohen's kappa, per category and tag, "
                                                    "calibration and flip rate (docs/judge-loop.md)."));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace whose labelled comments the judge is asked about."), QStringLiteral("W"));
    const QCommandLineOption config(QStringLiteral("config"), QStringLiteral("Run configuration naming the judge: roles.judge, else the validator, else the reviewer."),
                                    QStringLiteral("FILE"));
    const QCommandLineOption judge(QStringLiteral("judge"),
                                   QStringLiteral("cqs (default: CQS's issue judge, App. A) or aacr-semantic (AACR-Bench's Fig. 9 judge: valid when the comment says what a reference "
                                                  "issue of its merge request says)."),
                                   QStringLiteral("KIND"), QStringLiteral("cqs"));
    const QCommandLineOption annotator(QStringLiteral("annotator"), QStringLiteral("Compare with this annotator's labels."), QStringLiteral("NAME"));
    const QCommandLineOption final(QStringLiteral("final"), QStringLiteral("Compare with the team's final labels (adjudicated, or agreed)."));
    const QCommandLineOption balanced(QStringLiteral("balanced"), QStringLiteral("A seeded random N accepted and N rejected comments (CQS §4: 100 each); default: every labelled one."),
                                      QStringLiteral("N"), QStringLiteral("0"));
    const QCommandLineOption repeats(QStringLiteral("repeats"), QStringLiteral("Ask each item K times, seed S, S+1, ... (flip rate); default 1."), QStringLiteral("K"), QStringLiteral("1"));
    const QCommandLineOption seed(QStringLiteral("seed"), QStringLiteral("Seed of the sample and of the judge's first ask; default 0."), QStringLiteral("S"), QStringLiteral("0"));
    const QCommandLineOption minScore(QStringLiteral("min-score"), QStringLiteral("A \"valid\" answer scoring less counts as invalid (0-10); default 1."), QStringLiteral("N"),
                                      QStringLiteral("1"));
    const QCommandLineOption sameItems(QStringLiteral("same-items-as"), QStringLiteral("Ask about the items of this stored evaluation (see --list)."), QStringLiteral("ID"));
    const QCommandLineOption replayOf(QStringLiteral("replay-of"), QStringLiteral("Answer from this stored evaluation's answers; nothing is asked."), QStringLiteral("ID"));
    const QCommandLineOption list(QStringLiteral("list"), QStringLiteral("Print the stored evaluations (JSON) and stop."));
    const QCommandLineOption show(QStringLiteral("show"), QStringLiteral("Print this stored evaluation's report and stop."), QStringLiteral("ID"));
    const QCommandLineOption noStore(QStringLiteral("no-store"), QStringLiteral("Do not keep this evaluation in the workspace."));
    const QCommandLineOption format(QStringLiteral("format"), QStringLiteral("json (default) or md."), QStringLiteral("FORMAT"), QStringLiteral("json"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("Write here instead of standard output."), QStringLiteral("FILE"));
    const QCommandLineOption cache(QStringLiteral("cache"), QStringLiteral("Response cache folder (default: the user's cache folder)."), QStringLiteral("DIR"));
    const QCommandLineOption noCache(QStringLiteral("no-cache"), QStringLiteral("Ask the judge again even for requests answered before."));
    const QCommandLineOption replay(QStringLiteral("replay"), QStringLiteral("Answer every request from this recording."), QStringLiteral("FILE"));
    const QCommandLineOption record(QStringLiteral("record"), QStringLiteral("Also write the judge's answers as a recording for --replay."), QStringLiteral("FILE"));
    parser.addOptions({workspace, config, judge, annotator, final, balanced, repeats, seed, minScore, sameItems, replayOf, list, show, noStore, format, out, cache, noCache, replay, record});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;

    if (!parser.isSet(workspace))
        return fail(ExitUsage, QStringLiteral("judge-eval: --workspace is required"));
    options.workspace = parser.value(workspace);
    options.list = parser.isSet(list);
    if (parser.isSet(show)) {
        options.show = evaluationId(parser.value(show));
        if (!options.show)
            return fail(ExitUsage, QStringLiteral("judge-eval: --show %1 is not an evaluation id").arg(parser.value(show)));
    }
    if (options.list && options.show)
        return fail(ExitUsage, QStringLiteral("judge-eval: give --list or --show, not both"));
    const QString outputFormat = parser.value(format);
    if (outputFormat != QLatin1String("json") && outputFormat != QLatin1String("md"))
        return fail(ExitUsage, QStringLiteral("judge-eval: --format must be json or md"));
    options.markdown = outputFormat == QLatin1String("md");
    if (parser.isSet(out))
        options.out = parser.value(out);
    if (options.list || options.show) {
        if (options.markdown)
            return fail(ExitUsage, QStringLiteral("judge-eval: --list and --show print JSON"));
        return -1;
    }

    if (!parser.isSet(config))
        return fail(ExitUsage, QStringLiteral("judge-eval: --config judge.json is required (the judge's endpoint and model)"));
    if (parser.isSet(annotator) == parser.isSet(final))
        return fail(ExitUsage, QStringLiteral("judge-eval: give either --annotator NAME or --final (whose labels the judge is compared with)"));
    JudgeEvaluationRequest &r = options.request;
    const auto kind = judgeKindFromName(parser.value(judge));
    if (!kind)
        return fail(ExitUsage, QStringLiteral("judge-eval: --judge must be cqs or aacr-semantic, not '%1'").arg(parser.value(judge)));
    r.kind = *kind;
    r.configPath = parser.value(config);
    r.labels.annotator = parser.value(annotator).trimmed();
    if (parser.isSet(annotator) && r.labels.annotator.isEmpty())
        return fail(ExitUsage, QStringLiteral("judge-eval: --annotator needs a name"));
    bool ok = false;
    r.balanced = parser.value(balanced).toInt(&ok);
    if (!ok || r.balanced < 0 || r.balanced > 100000)
        return fail(ExitUsage, QStringLiteral("judge-eval: --balanced must be a number of comments per class from 0 to 100000"));
    r.repeats = parser.value(repeats).toInt(&ok);
    if (!ok || r.repeats < 1 || r.repeats > 20)
        return fail(ExitUsage, QStringLiteral("judge-eval: --repeats must be from 1 to 20"));
    r.seed = parser.value(seed).toUInt(&ok);
    if (!ok || r.seed > 1000000000u)
        return fail(ExitUsage, QStringLiteral("judge-eval: --seed must be a number from 0 to 1000000000"));
    r.minScore = parser.value(minScore).toInt(&ok);
    if (!ok || r.minScore < 0 || r.minScore > 10)
        return fail(ExitUsage, QStringLiteral("judge-eval: --min-score must be from 0 to 10"));
    for (const auto &[option, into] : {std::pair{&sameItems, &r.sameItemsAs}, std::pair{&replayOf, &r.replayOf}})
        if (parser.isSet(*option)) {
            *into = evaluationId(parser.value(*option));
            if (!*into)
                return fail(ExitUsage, QStringLiteral("judge-eval: --%1 %2 is not an evaluation id").arg(option->names().constFirst(), parser.value(*option)));
        }
    if (parser.isSet(replay) && r.replayOf)
        return fail(ExitUsage, QStringLiteral("judge-eval: give --replay or --replay-of, not both"));
    r.replay = parser.value(replay);
    if (r.replay.isEmpty() && !r.replayOf && !parser.isSet(noCache))
        r.cache = parser.isSet(cache) ? parser.value(cache) : ResponseStore::userCacheFolder();
    options.store = !parser.isSet(noStore);
    if (parser.isSet(record))
        options.record = parser.value(record);
    return -1;
}

int save(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return fail(ExitInternal, QStringLiteral("judge-eval: cannot write %1").arg(path));
    return ExitOk;
}

int write(const JudgeEvalOptions &options, const QByteArray &bytes)
{
    if (options.out)
        return save(*options.out, bytes);
    return writeStdout(bytes) ? ExitOk : ExitInternal;
}

int listStored(const JudgeEvalOptions &options, const JudgeEvaluationStore &store)
{
    if (options.show) {
        const auto e = store.judgeEvaluation(*options.show);
        return e ? write(options, e->report) : fail(e.error());
    }
    const auto all = store.judgeEvaluations();
    if (!all)
        return fail(all.error());
    QJsonArray list;
    for (const StoredJudgeEvaluation &e : *all)
        list.append(QJsonObject{{QStringLiteral("id"), e.id},
                                {QStringLiteral("created"), e.created.toUTC().toString(Qt::ISODate)},
                                {QStringLiteral("judge_model"), e.judgeModel},
                                {QStringLiteral("labels"), e.labels},
                                {QStringLiteral("items"), e.items},
                                {QStringLiteral("accuracy"), e.accuracy ? QJsonValue(*e.accuracy) : QJsonValue()}});
    return write(options, QJsonDocument(list).toJson());
}

int runJudgeEval(const JudgeEvalOptions &options)
{
    auto opened = openWorkspaceStore(options.workspace, WorkspaceOpenMode::OpenExisting);
    if (!opened)
        return fail(exitCodeFor(opened.error()), QStringLiteral("judge-eval: %1").arg(opened.error().message));
    WorkspaceStore &store = **opened;
    if (options.list || options.show)
        return listStored(options, store);

    JudgeEvaluationJob job;
    JudgeEvaluationRequest request = options.request;
    request.workspace = options.workspace;
    if (auto ready = job.prepare(request); !ready)
        return fail(exitCodeFor(ready.error()), QStringLiteral("judge-eval: %1").arg(ready.error().message));
    // Said once the items are chosen (on this thread: run() blocks), before the judge is asked.
    QObject::connect(&job, &JudgeEvaluationJob::sampled, [](int, const QString &shortBy) {
        if (!shortBy.isEmpty())
            std::fprintf(stderr, "judge-eval: fewer items than asked: %s\n", qPrintable(shortBy));
    });
    const JudgeEvaluationOutcome &outcome = job.run();
    if (outcome.error)
        return fail(exitCodeFor(*outcome.error), QStringLiteral("judge-eval: %1").arg(outcome.error->message));
    const StoredJudgeEvaluation kept = outcome.stored();
    if (options.record)
        if (const int saved = save(*options.record, kept.recording); saved != ExitOk)
            return saved;
    for (const QString &e : outcome.errors.mid(0, 5))
        std::fprintf(stderr, "judge-eval: %s\n", qPrintable(e));
    if (outcome.errors.size() > 5)
        std::fprintf(stderr, "judge-eval: ... and %lld more\n", static_cast<long long>(outcome.errors.size() - 5));
    // Requests nobody answered would make other figures: none are written.
    // Answers that came but could not be read are the judge's own failing,
    // counted as "unanswered" in the figures.
    if (outcome.failedRequests > 0)
        return fail(ExitService, QStringLiteral("judge-eval: %1 of %2 judge requests got no answer; no figures written").arg(outcome.failedRequests).arg(outcome.exchanges.size()));
    const JudgeMetrics &m = outcome.metrics;
    std::fprintf(stderr, "judge-eval: %d items (%d accepted, %d rejected) × %d, accuracy %s, balanced accuracy %s, kappa %s, flip rate %s\n", m.items,
                 outcome.sample.positives, outcome.sample.negatives, m.repeats, m.accuracy ? qPrintable(QString::number(*m.accuracy, 'f', 3)) : "—",
                 m.balancedAccuracy ? qPrintable(QString::number(*m.balancedAccuracy, 'f', 3)) : "—",
                 m.kappa ? qPrintable(QString::number(*m.kappa, 'f', 3)) : "—", m.flipRate ? qPrintable(QString::number(*m.flipRate, 'f', 3)) : "—");
    if (options.store) {
        const auto id = store.addJudgeEvaluation(kept);
        if (!id)
            return fail(exitCodeFor(id.error()), QStringLiteral("judge-eval: %1").arg(id.error().message));
        std::fprintf(stderr, "judge-eval: stored as judge evaluation %lld\n", static_cast<long long>(*id));
    }
    return write(options, options.markdown ? judgeEvaluationMarkdown(outcome.settings, outcome.sample, m)
                                           : judgeEvaluationJson(outcome.settings, outcome.sample, m));
}

} // namespace

int runJudgeEval(const QStringList &arguments)
{
    JudgeEvalOptions options;
    if (const int done = parseJudgeEval(arguments, options); done >= 0)
        return done;
    return runJudgeEval(options);
}

} // namespace rd::cli
