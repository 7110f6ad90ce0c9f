#include "ReviewRunner.h"

#include "LlmClient.h"
#include "ReviewPipeline.h"
#include "RunJournal.h"

#include <QCoreApplication>
#include <QtConcurrent>

#include <algorithm>

namespace rd {

Result<std::unique_ptr<ReviewRunner>> ReviewRunner::prepare(RunConfig config, const AnswerSource &answers)
{
    // A recording answers for every role, whatever endpoints the
    // configuration names: its answers are keyed by "replay:".
    if (answers.replays())
        for (const auto &[role, profile] : config.profiles())
            profile->endpoint = QStringLiteral("replay:");
    // A key variable that is not set is the configuration's fault, named
    // before anything is asked.
    if (const auto missing = config.checkApiKeys())
        return *missing;
    std::unique_ptr<ReviewRunner> runner(new ReviewRunner);
    runner->m_client = makeLlmClient(config.clientOptions(), answers);
    runner->m_replays = answers.replays();
    runner->m_config = std::move(config);
    return runner;
}

ReviewRunner::~ReviewRunner() = default;

void ReviewRunner::keepJournal(std::shared_ptr<RunJournal> journal)
{
    m_client->setJournal(std::move(journal));
}

QList<Slice> ReviewRunner::slicesOf(const QList<Slice> &sliced) const
{
    QList<Slice> slices;
    for (const Slice &slice : sliced)
        if (slice.algorithm == m_config.slicing)
            slices.append(slice);
    return slices;
}

RunRecord ReviewRunner::run(const MergeRequest &mr, const QList<Slice> &slices, const std::function<void(const RunProgress &)> &progress,
                            const std::atomic<bool> *cancel)
{
    return runPipeline(*m_client, mr, slices, m_config, progress, cancel);
}

Result<RunRecord> ReviewRunner::review(const QString &repository, const QString &base, const QString &head, const DiffOptions &diff,
                                       const QString &compileCommands)
{
    const auto mr = MergeRequest::open(repository, base, head, diff);
    if (!mr)
        return mr.error();
    const auto slicing = slicingFor({m_config}, compileCommands);
    if (!slicing)
        return slicing.error();
    QList<Slice> slices;
    if (*slicing) {
        const auto sliced = sliceMergeRequest(*mr, **slicing);
        if (!sliced)
            return sliced.error();
        slices = sliced->slices;
    }
    return run(*mr, slices);
}

Result<std::shared_ptr<RunJournal>> ReviewRunner::startJournal(const ReviewInvocation &invocation, const QString &folder, const QString &file)
{
    return file.isEmpty() ? newJournal(folder, invocation) : RunJournal::create(file, invocation.toJson());
}

Result<std::optional<SliceOptions>> slicingFor(const QList<RunConfig> &configs, const QString &compileCommands)
{
    SliceOptions options;
    options.algorithms.clear();
    options.compileCommands = compileCommands;
    std::optional<int> budget;
    for (const RunConfig &c : configs) {
        if (c.pipeline != PipelineKind::Defect)
            continue;
        if (budget && *budget != c.tokenBudget)
            return Error{Error::Kind::Usage, QStringLiteral("the defect configurations slice with different token budgets (%1, %2); run them one at a time")
                                                 .arg(*budget)
                                                 .arg(c.tokenBudget)};
        budget = c.tokenBudget;
        if (!options.algorithms.contains(c.slicing))
            options.algorithms.append(c.slicing);
    }
    if (!budget)
        return std::optional<SliceOptions>();
    options.tokenBudget = *budget;
    return std::optional<SliceOptions>(options);
}

QList<RunRecord> runSideBySide(const QList<ReviewRunner *> &runners, const MergeRequest &mr, const QList<Slice> &slices,
                               const std::function<void(qsizetype run, const RunProgress &)> &progress)
{
    QList<QFuture<RunRecord>> runs;
    for (qsizetype n = 0; n < runners.size(); ++n) {
        ReviewRunner *runner = runners[n];
        runs.append(QtConcurrent::run([runner, &mr, &slices, &progress, n] {
            return runner->run(mr, slices, [&progress, n](const RunProgress &p) {
                if (progress)
                    progress(n, p);
            });
        }));
    }
    // The pipelines block on answers that this thread's event loop delivers.
    while (std::any_of(runs.begin(), runs.end(), [](const QFuture<RunRecord> &f) { return !f.isFinished(); }))
        QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    QList<RunRecord> records;
    for (const QFuture<RunRecord> &run : runs)
        records << run.result();
    return records;
}

} // namespace rd
