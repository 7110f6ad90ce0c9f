// `reviewdesk-cli review --workspace W --all-mrs`: every merge request of a
// workspace reviewed with one configuration, each run stored as it finishes.
// Resumable (a merge request with a run of the same configuration is
// skipped) and fanned out by the user's own scheduler: a static --shard I/N,
// or --claim, where workers take merge requests from the shared store one at
// a time under a lease.

#include "CliCommand.h"

#include <MergeRequest.h>
#include <ResponseStore.h>
#include <ReviewRunner.h>
#include <RunConfig.h>
#include <RunForWorkspace.h>
#include <WorkspaceOpening.h>

#include <QCoreApplication>
#include <QFile>
#include <QFutureWatcher>
#include <QSet>
#include <QSysInfo>
#include <QtConcurrent>

#include <cstdio>
#include <unistd.h>

namespace rd::cli {

namespace {

// FNV-1a: the same shard for the same merge request on every machine and
// every run (qHash is seeded per process).
quint64 stableHash(const QByteArray &bytes)
{
    quint64 h = 1469598103934665603ULL;
    for (char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ULL;
    }
    return h;
}

struct Shard
{
    int index = 0;
    int count = 1;
};

// "I/N", or "N" with I from the scheduler: Slurm array jobs and Kubernetes
// indexed Jobs number their tasks from 0 in these variables.
Result<Shard> parseShard(const QString &text)
{
    const auto bad = [&text](const QString &why) {
        return Error{Error::Kind::Usage, QStringLiteral("--shard is I/N (0 <= I < N) or N with SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX set, not '%1': %2").arg(text, why)};
    };
    Shard s;
    QString indexText;
    const qsizetype slash = text.indexOf(QLatin1Char('/'));
    const QString countText = slash >= 0 ? text.mid(slash + 1) : text;
    if (slash >= 0) {
        indexText = text.left(slash);
    } else {
        for (const char *variable : {"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"})
            if (qEnvironmentVariableIsSet(variable)) {
                indexText = qEnvironmentVariable(variable);
                break;
            }
        if (indexText.isEmpty())
            return bad(QStringLiteral("no shard index given and none in the environment"));
    }
    bool okIndex = false;
    bool okCount = false;
    s.index = indexText.toInt(&okIndex);
    s.count = countText.toInt(&okCount);
    if (!okIndex || !okCount || s.count < 1 || s.index < 0 || s.index >= s.count)
        return bad(QStringLiteral("the numbers do not fit"));
    return s;
}

// --where KEY=VALUE,...: the merge requests to review. Conditions on
// different keys must all hold; the same key given twice accepts either
// value (language=C,language=C++).
using Condition = std::pair<QString, QString>;

const QStringList &whereKeys()
{
    static const QStringList keys{QStringLiteral("repository"), QStringLiteral("id"), QStringLiteral("title"), QStringLiteral("language"),
                                  QStringLiteral("category")};
    return keys;
}

Result<QList<Condition>> parseWhere(const QString &text)
{
    QList<Condition> out;
    for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const qsizetype eq = part.indexOf(QLatin1Char('='));
        const QString key = part.left(eq).trimmed();
        if (eq <= 0 || key.isEmpty())
            return Error{Error::Kind::Usage, QStringLiteral("--where takes KEY=VALUE pairs separated by commas, not '%1'").arg(part)};
        if (!whereKeys().contains(key))
            return Error{Error::Kind::Usage, QStringLiteral("--where: unknown key '%1' (known: %2)").arg(key, whereKeys().join(QStringLiteral(", ")))};
        const QString value = part.mid(eq + 1).trimmed();
        if (value.isEmpty())
            return Error{Error::Kind::Usage, QStringLiteral("--where: '%1' has no value").arg(key)};
        out.append({key, value});
    }
    if (out.isEmpty())
        return Error{Error::Kind::Usage, QStringLiteral("--where: no condition given")};
    return out;
}

bool holds(const MergeRequestEntry &e, const QString &key, const QString &value)
{
    if (key == QLatin1String("repository"))
        return e.repository == value;
    if (key == QLatin1String("id"))
        return QString::number(e.id) == value;
    if (key == QLatin1String("title"))
        return e.title.contains(value, Qt::CaseInsensitive);
    // Dataset labels are written by people ("C", "c", "Security"): matched
    // without regard to case, but whole.
    if (key == QLatin1String("language"))
        return e.language.compare(value, Qt::CaseInsensitive) == 0;
    if (key == QLatin1String("category"))
        return e.prCategory.compare(value, Qt::CaseInsensitive) == 0;
    return false;
}

bool matches(const MergeRequestEntry &e, const QList<Condition> &where)
{
    QSet<QString> keys;
    for (const auto &condition : where)
        keys.insert(condition.first);
    return std::all_of(keys.begin(), keys.end(), [&](const QString &key) {
        return std::any_of(where.begin(), where.end(), [&](const Condition &c) { return c.first == key && holds(e, key, c.second); });
    });
}

// A bar on a terminal, one line per merge request otherwise (logs of
// scheduled jobs).
class Progress
{
public:
    explicit Progress(int total) : m_total(total), m_terminal(isatty(fileno(stderr)) != 0) {}

    void step(const QString &line)
    {
        if (!m_terminal) {
            std::fprintf(stderr, "review: %s\n", qPrintable(line));
            std::fflush(stderr);
            return;
        }
        const int width = 30;
        const int done = m_total > 0 ? std::min(width, (reviewed + skipped + failed) * width / m_total) : width;
        std::fprintf(stderr, "\r[%s%s] %d/%d reviewed, %d skipped, %d failed  ", QByteArray(done, '#').constData(),
                     QByteArray(width - done, '.').constData(), reviewed + skipped + failed, m_total, skipped, failed);
        std::fflush(stderr);
    }
    void setTotal(int total) { m_total = total; }
    void finish()
    {
        if (m_terminal)
            std::fprintf(stderr, "\n");
    }

    int reviewed = 0;
    int skipped = 0;
    int failed = 0;

private:
    int m_total;
    bool m_terminal;
};

struct BatchOptions
{
    QString workspace;
    QString configHash;
    QList<Condition> where;
    std::optional<Shard> shard;
    bool claim = false;
    int leaseSeconds = 300;
    QString worker;
    QString compileCommands;
};

// One merge request opened, sliced and reviewed by the run. An error when
// it could not be reviewed at all (nothing to store).
Result<RunRecord> reviewOne(ReviewRunner &runner, const MergeRequestEntry &entry, const BatchOptions &options)
{
    DiffOptions diffOptions;
    diffOptions.twoDot = entry.twoDot;
    auto record = runner.review(entry.repository, entry.base, entry.head, diffOptions, options.compileCommands);
    if (!record)
        return record.error();
    if (!record->exchanges.isEmpty() && record->failedRequests() == record->exchanges.size())
        return Error{Error::Kind::Internal, QStringLiteral("no endpoint answered: %1").arg(record->errors.value(0))};
    return record;
}

QString describe(const MergeRequestEntry &e)
{
    return QStringLiteral("merge request %1 (%2 %3..%4)").arg(e.id).arg(e.repository, e.base, e.head);
}

// The whole batch, on a thread of its own: the store's connection belongs
// to it, while the main thread's event loop runs the run's LLM client.
int runBatch(ReviewRunner &runner, const BatchOptions &options)
{
    auto opened = openWorkspaceStore(options.workspace, WorkspaceOpenMode::OpenExisting);
    if (!opened)
        return fail(exitCodeFor(opened.error()), QStringLiteral("review: %1").arg(opened.error().message));
    WorkspaceStore &store = **opened;
    auto all = store.mergeRequests();
    if (!all)
        return fail(exitCodeFor(all.error()), QStringLiteral("review: %1").arg(all.error().message));
    QList<MergeRequestEntry> chosen;
    for (const MergeRequestEntry &e : std::as_const(*all)) {
        if (!matches(e, options.where))
            continue;
        if (options.shard && stableHash(QByteArray::number(e.id)) % quint64(options.shard->count) != quint64(options.shard->index))
            continue;
        chosen.append(e);
    }
    QHash<qint64, MergeRequestEntry> byId;
    QList<qint64> ids;
    for (const MergeRequestEntry &e : std::as_const(chosen)) {
        byId.insert(e.id, e);
        ids << e.id;
    }
    Progress progress(static_cast<int>(chosen.size()));
    std::fprintf(stderr, "review: %lld merge requests to review with configuration %s%s\n", static_cast<long long>(chosen.size()),
                 qPrintable(options.configHash), options.claim ? qPrintable(QStringLiteral(" as worker %1").arg(options.worker)) : "");

    if (!options.claim) {
        for (const MergeRequestEntry &e : std::as_const(chosen)) {
            auto runs = store.runs(e.id);
            if (!runs)
                return fail(exitCodeFor(runs.error()), QStringLiteral("review: %1").arg(runs.error().message));
            if (std::any_of(runs->begin(), runs->end(), [&](const StoredRun &r) { return r.configHash == options.configHash; })) {
                ++progress.skipped;
                progress.step(QStringLiteral("%1: reviewed before with this configuration, skipped").arg(describe(e)));
                continue;
            }
            auto record = reviewOne(runner, e, options);
            if (!record) {
                ++progress.failed;
                progress.step(QStringLiteral("%1: %2").arg(describe(e), record.error().message));
                continue;
            }
            auto run = store.addRun(storedRunFor(e.id, *record), record->comments);
            if (!run)
                return fail(exitCodeFor(run.error()), QStringLiteral("review: %1").arg(run.error().message));
            ++progress.reviewed;
            progress.step(QStringLiteral("%1: %2 comments, stored as run %3").arg(describe(e)).arg(record->comments.size()).arg(*run));
        }
    } else {
        auto left = store.prepareClaims(options.configHash, ids);
        if (!left)
            return fail(exitCodeFor(left.error()), QStringLiteral("review: %1").arg(left.error().message));
        progress.skipped = static_cast<int>(ids.size()) - *left;
        // Merge requests this worker could not review: left to the others
        // (each tries once), never retried here in a loop.
        QList<qint64> mine = ids;
        for (;;) {
            auto claimed = store.claimNext(options.configHash, options.worker, options.leaseSeconds, mine);
            if (!claimed)
                return fail(exitCodeFor(claimed.error()), QStringLiteral("review: %1").arg(claimed.error().message));
            if (!*claimed) {
                auto counts = store.claimCounts(options.configHash, mine);
                if (!counts)
                    return fail(exitCodeFor(counts.error()), QStringLiteral("review: %1").arg(counts.error().message));
                if (counts->open + counts->leased == 0)
                    break;
                // Others hold the rest: wait for one of them to finish
                // (woken by the store, not a fixed nap that would keep every
                // idle worker — and so the whole batch — running up to a
                // second after the last run is stored) or for a lease to run
                // out (a worker that was killed).
                const qint64 untilLease = counts->nextLeaseEnd - QDateTime::currentMSecsSinceEpoch();
                store.waitForClaims(static_cast<int>(std::clamp<qint64>(untilLease + 1, 1, 1000)));
                continue;
            }
            const MergeRequestEntry &e = byId[**claimed];
            std::fprintf(stdout, "claimed %lld\n", static_cast<long long>(e.id));
            std::fflush(stdout);
            auto record = reviewOne(runner, e, options);
            if (!record) {
                ++progress.failed;
                mine.removeAll(e.id);
                progress.step(QStringLiteral("%1: %2").arg(describe(e), record.error().message));
                continue;
            }
            auto run = store.completeClaim(options.configHash, options.worker, storedRunFor(e.id, *record), record->comments);
            if (!run) {
                if (run.error().kind != Error::Kind::Conflict)
                    return fail(exitCodeFor(run.error()), QStringLiteral("review: %1").arg(run.error().message));
                progress.step(QStringLiteral("%1: %2").arg(describe(e), run.error().message));
                continue;
            }
            ++progress.reviewed;
            std::fprintf(stdout, "stored %lld\n", static_cast<long long>(e.id));
            std::fflush(stdout);
            progress.step(QStringLiteral("%1: %2 comments, stored as run %3").arg(describe(e)).arg(record->comments.size()).arg(*run));
        }
    }
    progress.finish();
    std::fprintf(stderr, "review: %d reviewed, %d skipped (reviewed before), %d failed\n", progress.reviewed, progress.skipped, progress.failed);
    return progress.failed > 0 ? ExitService : ExitOk;
}

} // namespace

int runBatchReview(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Review every merge request of a workspace with one configuration and store each run.\n"
        "A merge request already reviewed with the same configuration is skipped, so a batch can be\n"
        "run again after a stop. Fan out with --shard (static) or --claim (workers take the next\n"
        "merge request from the shared workspace)."));
    const QCommandLineOption workspace(QStringLiteral("workspace"), QStringLiteral("The workspace: a file or postgresql://USER@HOST:PORT/DATABASE."), QStringLiteral("W"));
    const QCommandLineOption allMrs(QStringLiteral("all-mrs"), QStringLiteral("Review every merge request of the workspace (those --where and --shard keep)."));
    const QCommandLineOption where(QStringLiteral("where"), QStringLiteral("Only merge requests with KEY=VALUE,... (keys: repository, id, title, language, category; a key given twice takes either value)."), QStringLiteral("CONDITIONS"));
    const QCommandLineOption config(QStringLiteral("config"), QStringLiteral("The run configuration (JSON, see README)."), QStringLiteral("FILE"));
    const QCommandLineOption shard(QStringLiteral("shard"), QStringLiteral("Only shard I of N (by a stable hash of the merge request id); N alone takes I from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX."), QStringLiteral("I/N"));
    const QCommandLineOption claim(QStringLiteral("claim"), QStringLiteral("Take merge requests one at a time from the workspace, with a lease, beside other workers."));
    const QCommandLineOption lease(QStringLiteral("lease"), QStringLiteral("With --claim: seconds after which a claimed merge request is given to another worker (default 300)."), QStringLiteral("SECONDS"), QStringLiteral("300"));
    const QCommandLineOption worker(QStringLiteral("worker"), QStringLiteral("With --claim: this worker's name (default HOST:PID)."), QStringLiteral("NAME"));
    const QCommandLineOption cache(QStringLiteral("cache"), QStringLiteral("Response cache folder (default: the user's cache folder)."), QStringLiteral("DIR"));
    const QCommandLineOption noCache(QStringLiteral("no-cache"), QStringLiteral("Ask the models again even for requests seen before."));
    const QCommandLineOption compileCommands(QStringLiteral("compile-commands"), QStringLiteral("A compile_commands.json for slicing."), QStringLiteral("PATH"));
    parser.addOptions({workspace, allMrs, where, config, shard, claim, lease, worker, cache, noCache, compileCommands});
    if (const int done = parseCommandLine(parser, arguments); done >= 0)
        return done;
    if (const int missing = requireOptions(parser, QStringLiteral("review --all-mrs"), {&workspace, &config}); missing >= 0)
        return missing;

    BatchOptions options;
    options.workspace = parser.value(workspace);
    options.claim = parser.isSet(claim);
    options.compileCommands = parser.value(compileCommands);
    bool leaseOk = false;
    options.leaseSeconds = parser.value(lease).toInt(&leaseOk);
    if (!leaseOk || options.leaseSeconds < 1)
        return fail(ExitUsage, QStringLiteral("review: --lease is a number of seconds (1 or more), not '%1'").arg(parser.value(lease)));
    if (parser.isSet(lease) && !options.claim)
        return fail(ExitUsage, QStringLiteral("review: --lease goes with --claim"));
    options.worker = parser.isSet(worker) ? parser.value(worker) : QStringLiteral("%1:%2").arg(QSysInfo::machineHostName()).arg(QCoreApplication::applicationPid());
    if (parser.isSet(where)) {
        auto parsed = parseWhere(parser.value(where));
        if (!parsed)
            return fail(ExitUsage, QStringLiteral("review: %1").arg(parsed.error().message));
        options.where = *parsed;
    }
    if (parser.isSet(shard)) {
        auto parsed = parseShard(parser.value(shard));
        if (!parsed)
            return fail(ExitUsage, QStringLiteral("review: %1").arg(parsed.error().message));
        options.shard = *parsed;
    }

    QFile configFile(parser.value(config));
    if (!configFile.open(QIODevice::ReadOnly))
        return fail(ExitUsage, QStringLiteral("review: cannot read %1").arg(parser.value(config)));
    auto runConfig = RunConfig::fromJson(configFile.readAll());
    if (!runConfig)
        return fail(ExitUsage, QStringLiteral("review: %1: %2").arg(parser.value(config), runConfig.error().message));
    // The run every merge request gets (ReviewRunner.h), its key variables
    // checked before anything is asked.
    AnswerSource answers;
    if (!parser.isSet(noCache))
        answers.cacheFolder = parser.isSet(cache) ? parser.value(cache) : ResponseStore::userCacheFolder();
    auto runner = ReviewRunner::prepare(*runConfig, answers);
    if (!runner)
        return fail(ExitUsage, QStringLiteral("review: %1").arg(runner.error().message));
    options.configHash = configHashOf((*runner)->config());

    QFutureWatcher<int> watcher;
    QObject::connect(&watcher, &QFutureWatcher<int>::finished, QCoreApplication::instance(), &QCoreApplication::quit);
    watcher.setFuture(QtConcurrent::run([run = runner->get(), options] { return runBatch(*run, options); }));
    QCoreApplication::exec();
    return watcher.result();
}

} // namespace rd::cli
