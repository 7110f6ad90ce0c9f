#include "AacrPrAgent.h"

#include "AacrHunkReview.h"
#include "AacrOutput.h"
#include "AgentToolLoop.h"
#include "Prompts.h"
#include "RepositoryTools.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMutex>
#include <QThreadPool>
#include <QtConcurrent>

#include <optional>

namespace rd {
namespace {

// The pull request's diff as the agent is shown it: each changed file's
// hunks under its unified-diff header.
QString pullRequestDiff(const QList<AacrHunkPlace> &places, const QByteArray &onlyPath = {})
{
    QString out;
    QByteArray current;
    bool first = true;
    for (const AacrHunkPlace &p : places) {
        if (!onlyPath.isEmpty() && p.path != onlyPath)
            continue;
        if (first || p.path != current)
            out += QStringLiteral("--- a/%1\n+++ b/%1\n").arg(QString::fromUtf8(p.path));
        first = false;
        current = p.path;
        out += hunkDiffText(p.hunk) + QLatin1Char('\n');
    }
    return out.trimmed();
}

QStringList changedFiles(const QList<AacrHunkPlace> &places)
{
    QStringList files;
    for (const AacrHunkPlace &p : places)
        files << QString::fromUtf8(p.path);
    files.removeDuplicates();
    return files;
}

// One finding's validation sub-agent, run in parallel with the others.
struct Validation
{
    ReviewComment finding;
    FindingVerdict verdict;
    QList<Exchange> exchanges;
    QStringList errors;
};

class PrAgent
{
public:
    PrAgent(LlmClient &client, const MergeRequest &mr, const AacrRunConfig &config, RepositoryTools &tools, const std::atomic<bool> *cancel)
        : m_client(client), m_mr(mr), m_config(config), m_tools(tools), m_cancel(cancel), m_places(aacrHunkPlaces(mr))
    {
    }

    const QList<AacrHunkPlace> &places() const { return m_places; }

    // Fig. 18 step 1 (and Fig. 19's task): the findings, or nothing with
    // the reason in the record.
    std::optional<QList<ReviewComment>> explore(RunRecord &record)
    {
        const AacrOptions &o = m_config.options;
        const QHash<QString, QString> values = {{QStringLiteral("pr_title"), m_mr.title},
                                                {QStringLiteral("pr_description"), m_mr.description},
                                                {QStringLiteral("base_commit"), QString::fromLatin1(m_mr.diffBase().toHex())},
                                                {QStringLiteral("head_commit"), QString::fromLatin1(m_mr.head.toHex())},
                                                {QStringLiteral("files"), changedFiles(m_places).join(QStringLiteral(", "))},
                                                {QStringLiteral("diff"), pullRequestDiff(m_places)}};
        const QString label = QStringLiteral("aacr agent-pr, explore");
        const AgentSetup setup{m_client, m_config.reviewer, m_tools, {o.prMaxTurns, o.prTokenBudget}, label, QStringLiteral("review"), m_cancel};
        const AgentAnswer answer = converseWithTools(setup, buildPrompt(QStringLiteral("aacr/pr_agent"), values), record.prAgent.explore);
        record.exchanges += answer.exchanges;
        record.errors += answer.errors;
        if (answer.ending == AgentAnswer::Ending::KeptCallingTools)
            record.errors << QCoreApplication::translate("rd::pipeline", "%1: the model kept calling tools after its budget (%2); the pull request has no findings").arg(label, record.prAgent.explore.stopReason);
        if (!answer.answered())
            return std::nullopt;
        const AacrParsed parsed = parseAacrPrReview(answer.reply, m_places);
        if (!parsed.error.isEmpty()) {
            ReviewComment unparsed;
            unparsed.id = QStringLiteral("pr-unparsed");
            unparsed.lineValid = false; // an unread reply names no lines
            unparsed.raw = answer.reply;
            unparsed.issue = parsed.error;
            unparsed.reviewers = {1};
            unparsed.pipeline = QStringLiteral("aacr");
            unparsed.history.append({QStringLiteral("aacr_reviewer"), 0, 0, 0, parsed.error});
            unparsed.drop(QStringLiteral("unparsed"));
            record.comments.append(unparsed);
            record.errors << QCoreApplication::translate("rd::pipeline", "%1: %2 (the reply is kept in %3)").arg(label, parsed.error, unparsed.id);
            return std::nullopt;
        }
        QList<ReviewComment> findings;
        for (qsizetype i = 0; i < parsed.comments.size(); ++i) {
            ReviewComment c = parsed.comments[i];
            c.id = QStringLiteral("pr-c%1").arg(i + 1);
            c.reviewers = {1};
            c.pipeline = QStringLiteral("aacr"); // provenance: which reviewer system wrote it
            if (c.history.last().note.isEmpty())
                c.history.last().note = QStringLiteral("context agent-pr");
            findings.append(c);
        }
        return findings;
    }

    // Fig. 18 step 2: a sub-agent with its own conversation judges one finding.
    void validate(Validation &v)
    {
        const AacrOptions &o = m_config.options;
        const ReviewComment &f = v.finding;
        const QString diff = pullRequestDiff(m_places, f.file.toUtf8());
        const QHash<QString, QString> values = {
            {QStringLiteral("pr_title"), m_mr.title},
            {QStringLiteral("pr_description"), m_mr.description},
            {QStringLiteral("file"), f.file.isEmpty() ? QStringLiteral("(no file named)") : f.file},
            {QStringLiteral("side"), f.side == QLatin1String("old") ? QStringLiteral("left") : QStringLiteral("right")},
            {QStringLiteral("lines"), f.located() ? QStringLiteral("%1-%2").arg(f.lineStart).arg(f.lineEnd) : QStringLiteral("not given")},
            {QStringLiteral("note"), f.issue},
            {QStringLiteral("diff"), diff.isEmpty() ? QStringLiteral("(the pull request does not change this file)") : diff}};
        const QString label = QStringLiteral("aacr agent-pr, validate %1").arg(f.id);
        v.verdict.commentId = f.id;
        const AgentSetup setup{m_client, m_config.reviewer, m_tools, {o.validatorMaxTurns, o.validatorTokenBudget}, label, QStringLiteral("verdict"), m_cancel};
        const AgentAnswer answer = converseWithTools(setup, buildPrompt(QStringLiteral("aacr/pr_validator"), values), v.verdict.trace);
        v.exchanges = answer.exchanges;
        v.errors = answer.errors;
        switch (answer.ending) {
        case AgentAnswer::Ending::Answered: {
            const AacrVerdict read = parseAacrVerdict(answer.reply);
            if (read.answered) {
                v.verdict.verdict = read.confirmed ? QStringLiteral("confirm") : QStringLiteral("drop");
                v.verdict.reason = read.reason;
            } else {
                v.verdict.error = read.error;
                v.verdict.reason = answer.reply; // kept, to see what it said
            }
            break;
        }
        case AgentAnswer::Ending::KeptCallingTools:
            v.verdict.error = QCoreApplication::translate("rd::pipeline", "the sub-agent kept calling tools after its budget (%1)").arg(v.verdict.trace.stopReason);
            break;
        case AgentAnswer::Ending::Cancelled: v.verdict.error = QCoreApplication::translate("rd::pipeline", "cancelled before a verdict"); break;
        case AgentAnswer::Ending::Failed: v.verdict.error = QCoreApplication::translate("rd::pipeline", "its request failed (%1)").arg(answer.errors.join(QStringLiteral("; "))); break;
        }
        // A request cut short by cancelling fails like any other: the run's cancel says which it was.
        const bool cancelled = answer.ending == AgentAnswer::Ending::Cancelled || (m_cancel && m_cancel->load() && !answer.answered());
        if (cancelled)
            v.verdict.error = QCoreApplication::translate("rd::pipeline", "cancelled before a verdict");
        ReviewComment &c = v.finding;
        if (v.verdict.verdict == QLatin1String("confirm")) {
            c.history.append({QStringLiteral("aacr_validator"), 0, 0, 0, QStringLiteral("confirm: %1").arg(v.verdict.reason)});
        } else if (v.verdict.verdict == QLatin1String("drop")) {
            c.history.append({QStringLiteral("aacr_validator"), 0, 0, 0, QStringLiteral("drop: %1").arg(v.verdict.reason)});
            c.drop(QStringLiteral("validator"));
        } else {
            // Unjudged: not posted (the paper posts validated issues only), and said so.
            c.history.append({QStringLiteral("aacr_validator"), 0, 0, 0, QStringLiteral("no verdict: %1").arg(v.verdict.error)});
            c.errors << QStringLiteral("aacr_validator: %1").arg(v.verdict.error);
            c.drop(cancelled ? QStringLiteral("cancelled") : QStringLiteral("validator"));
            if (!cancelled)
                v.errors << QCoreApplication::translate("rd::pipeline", "%1: %2; the finding is dropped unvalidated").arg(label, v.verdict.error);
        }
    }

private:
    LlmClient &m_client;
    const MergeRequest &m_mr;
    const AacrRunConfig &m_config;
    RepositoryTools &m_tools;
    const std::atomic<bool> *m_cancel;
    QList<AacrHunkPlace> m_places;
};

void account(RunProgress &state, const QList<Exchange> &exchanges)
{
    for (const Exchange &e : exchanges) {
        ++state.requests;
        state.failedRequests += !e.ok();
        state.promptTokens += e.promptTokens;
        state.completionTokens += e.completionTokens;
    }
}

} // namespace

RunRecord runAacrPrAgent(LlmClient &client, const MergeRequest &mr, const AacrRunConfig &config, const std::function<void(const RunProgress &)> &progress,
                         const std::atomic<bool> *cancel)
{
    RunRecord record = RunRecord::startingNow(config.toRunConfig(), mr);
    QElapsedTimer clock;
    clock.start();
    const auto cancelled = [cancel] { return cancel && cancel->load(); };
    // The agent's unit is the whole pull request: its exploration shows it every hunk.
    CoverageTally coverage(mr);
    const auto finish = [&] {
        record.coverage = coverage.result();
        record.cancelled = cancelled();
        record.finished = QDateTime::currentDateTimeUtc();
        return record;
    };
    RunProgress state;
    state.slicesTotal = 1; // the exploration; each validation is added once its finding is known
    state.stage = QCoreApplication::translate("rd::pipeline", "preparing the %1 context").arg(aacrContextName(config.context));
    if (progress)
        progress(state);

    auto tools = openAgentTools(mr, config.options, &record.bm25IndexBuilt, cancel);
    if (!tools) {
        record.errors << tools.error().message;
        if (!cancelled())
            record.errors << QCoreApplication::translate("rd::pipeline", "the agent-pr context could not be prepared: the pull request was not reviewed");
        coverage.addWholeChange(QStringLiteral("diff"), QStringLiteral("agent-pr, explore"), false, record.errors.join(QStringLiteral("; ")));
        return finish();
    }
    PrAgent agent(client, mr, config, **tools, cancel);
    if (agent.places().isEmpty())
        return finish(); // no text change to review, as a hunk run with no hunks

    const std::optional<QList<ReviewComment>> findings = agent.explore(record);
    coverage.addWholeChange(QStringLiteral("diff"), QStringLiteral("agent-pr, explore"), findings.has_value(),
                            record.errors.isEmpty() ? QCoreApplication::translate("rd::pipeline", "the run was cancelled before the exploration answered") : record.errors.last());
    account(state, record.exchanges);
    state.slicesDone = 1;
    state.elapsedMs = clock.elapsed();
    state.stage = QCoreApplication::translate("rd::pipeline", "explored the pull request: %1 findings").arg(findings ? findings->size() : 0);
    if (progress)
        progress(state);
    if (!findings)
        return finish();

    QList<Validation> validations;
    for (const ReviewComment &f : *findings) {
        if (validations.size() < config.options.maxFindings) {
            validations.append({f, {}, {}, {}});
            continue;
        }
        ReviewComment c = f;
        c.history.append({QStringLiteral("aacr_validator"), 0, 0, 0,
                          QStringLiteral("not validated: more than aacr.max_findings (%1) findings").arg(config.options.maxFindings)});
        c.drop(QStringLiteral("validator"));
        record.comments.append(c);
    }
    if (findings->size() > config.options.maxFindings)
        record.errors << QCoreApplication::translate("rd::pipeline", "the agent reported %1 findings; the %2 after the first %3 (aacr.max_findings) were dropped unvalidated")
                             .arg(findings->size())
                             .arg(findings->size() - config.options.maxFindings)
                             .arg(config.options.maxFindings);
    state.slicesTotal += static_cast<int>(validations.size());
    if (progress)
        progress(state);

    QMutex lock;
    QThreadPool pool;
    pool.setMaxThreadCount(std::max(1, config.concurrency));
    QtConcurrent::blockingMap(&pool, validations, [&](Validation &v) {
        agent.validate(v);
        QMutexLocker locker(&lock);
        ++state.slicesDone;
        account(state, v.exchanges);
        state.elapsedMs = clock.elapsed();
        state.stage = QCoreApplication::translate("rd::pipeline", "validated %1: %2").arg(v.finding.id, v.verdict.verdict.isEmpty() ? QCoreApplication::translate("rd::pipeline", "no verdict") : v.verdict.verdict);
        if (progress)
            progress(state);
    });
    // In the findings' order, whatever order the sub-agents finished in.
    QList<ReviewComment> validated;
    for (const Validation &v : std::as_const(validations)) {
        record.exchanges += v.exchanges;
        record.errors += v.errors;
        record.prAgent.verdicts.append(v.verdict);
        validated.append(v.finding);
    }
    record.comments = validated + record.comments;
    return finish();
}

} // namespace rd
