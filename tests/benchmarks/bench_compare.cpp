// Times `compare` (issue 34, pipeline/comparison) beside a plain pass over
// the same rows in the same run:
//
//  1. Code Review Bench imported with three judges: the real one of
//     tests/data/code-review-bench and two synthetic ones made here from it
//     by perturbing its decisions (seeded); 50 merge requests, 12 tools,
//     2,000 resamples. Goal: under 2 s. Reference: opening the workspace and
//     reading every judge's verdicts and the references, summing tp, fp, fn
//     per judge and tool (the leaderboard without intervals).
//  2. The generated workspace of 1,000 merge requests and 200,000 comments
//     (tests/support/GeneratedWorkspace, bench_window's shape) with five run
//     configurations (one run of each per merge request) and five references
//     per merge request, people as the judge. Goal: under 10 s. Reference:
//     opening the workspace and reading every comment in one query,
//     counting them per run (what any comparison of runs must read).
//  3. The statistics alone on (2)'s evidence, for resamples x merge requests:
//     time per resample and merge request, which is constant when the work
//     is linear in both.
//
//   bench_compare [--resamples N] [--repeat N] [--keep DIR | --workspace DIR] [--skip-large]

#include <CodeReviewBench.h>
#include <ComparisonEvidence.h>
#include <GeneratedWorkspace.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QSet>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>

using namespace rd;

namespace {

struct Timing
{
    double wallMs = 0;
    double cpuMs = 0;
};

double cpuNowMs()
{
    return 1000.0 * double(std::clock()) / CLOCKS_PER_SEC;
}

// The median of `rounds` runs of `work`.
Timing median(int rounds, const std::function<void()> &work)
{
    QList<double> wall, cpu;
    for (int i = 0; i < rounds; ++i) {
        QElapsedTimer t;
        t.start();
        const double c = cpuNowMs();
        work();
        wall << t.nsecsElapsed() / 1e6;
        cpu << cpuNowMs() - c;
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

void row(const char *what, const Timing &t)
{
    std::printf("  %-58s %10.1f %10.1f\n", what, t.wallMs, t.cpuMs);
}

void ratio(const Timing &ours, const Timing &reference, double goalMs)
{
    std::printf("  ratio %.1fx (CPU %.1fx); goal < %.0f ms: %s\n", ours.wallMs / std::max(reference.wallMs, 1e-9), ours.cpuMs / std::max(reference.cpuMs, 1e-9),
                goalMs, ours.wallMs < goalMs ? "met" : "MISSED");
}

bool copyFile(const QString &from, const QString &to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    QFile::remove(to);
    return QFile::copy(from, to);
}

// A judge that decides differently: each match undone with probability 0.15
// (its golden comment missed, its candidate unmatched unless it matches
// another), each missed golden comment matched to one of the unmatched
// candidates with probability 0.1.
QJsonObject perturbed(const QJsonObject &evaluations, quint32 seed)
{
    QRandomGenerator random(seed);
    QJsonObject out;
    for (auto pr = evaluations.begin(); pr != evaluations.end(); ++pr) {
        QJsonObject tools = pr->toObject();
        for (auto tool = tools.begin(); tool != tools.end(); ++tool) {
            QJsonObject e = tool->toObject();
            if (e.value(QLatin1String("skipped")).toBool())
                continue;
            QJsonArray tps, fps = e.value(QLatin1String("false_positives")).toArray(), fns = e.value(QLatin1String("false_negatives")).toArray();
            const QJsonArray oldTps = e.value(QLatin1String("true_positives")).toArray();
            QList<bool> keep;
            for (qsizetype i = 0; i < oldTps.size(); ++i)
                keep << (random.bounded(100) >= 15);
            for (qsizetype i = 0; i < oldTps.size(); ++i) {
                const QJsonObject tp = oldTps[i].toObject();
                if (keep[i]) {
                    tps.append(tp);
                    continue;
                }
                fns.append(QJsonObject{{QStringLiteral("golden_comment"), tp.value(QLatin1String("golden_comment"))}, {QStringLiteral("severity"), tp.value(QLatin1String("severity"))}});
                const QString candidate = tp.value(QLatin1String("matched_candidate")).toString();
                bool stillMatched = false;
                for (qsizetype j = 0; j < oldTps.size(); ++j)
                    stillMatched = stillMatched || (keep[j] && oldTps[j].toObject().value(QLatin1String("matched_candidate")).toString() == candidate);
                if (!stillMatched)
                    fps.append(QJsonObject{{QStringLiteral("candidate"), candidate}});
            }
            QJsonArray missed;
            for (const QJsonValue &fn : std::as_const(fns)) {
                if (!fps.isEmpty() && random.bounded(100) < 10) {
                    const qsizetype pick = random.bounded(int(fps.size()));
                    const QString candidate = fps.takeAt(pick).toObject().value(QLatin1String("candidate")).toString();
                    tps.append(QJsonObject{{QStringLiteral("golden_comment"), fn.toObject().value(QLatin1String("golden_comment"))},
                                           {QStringLiteral("severity"), fn.toObject().value(QLatin1String("severity"))},
                                           {QStringLiteral("matched_candidate"), candidate},
                                           {QStringLiteral("confidence"), 0.7},
                                           {QStringLiteral("reasoning"), QStringLiteral("synthetic judge")}});
                } else {
                    missed.append(fn);
                }
            }
            e[QStringLiteral("true_positives")] = tps;
            e[QStringLiteral("false_positives")] = fps;
            e[QStringLiteral("false_negatives")] = missed;
            e[QStringLiteral("tp")] = tps.size();
            e[QStringLiteral("fp")] = fps.size();
            e[QStringLiteral("fn")] = missed.size();
            *tool = e;
        }
        out.insert(pr.key(), tools);
    }
    return out;
}

// The benchmark folder with the real judge and two synthetic ones.
bool writeBenchmark(const QString &to)
{
    const QString from = QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/code-review-bench");
    for (const char *f : {"golden_comments/cal_dot_com.json", "golden_comments/discourse.json", "golden_comments/grafana.json", "golden_comments/keycloak.json",
                          "golden_comments/sentry.json", "results/pr_labels.json", "results/openai_gpt-5.2/candidates.json", "results/openai_gpt-5.2/evaluations.json"})
        if (!copyFile(QDir(from).filePath(QLatin1String(f)), QDir(to).filePath(QLatin1String(f))))
            return false;
    QFile real(QDir(from).filePath(QStringLiteral("results/openai_gpt-5.2/evaluations.json")));
    if (!real.open(QIODevice::ReadOnly))
        return false;
    const QJsonObject evaluations = QJsonDocument::fromJson(real.readAll()).object();
    for (quint32 seed : {1u, 2u}) {
        const QString judge = QStringLiteral("results/synthetic-%1/").arg(seed);
        if (!copyFile(QDir(from).filePath(QStringLiteral("results/openai_gpt-5.2/candidates.json")), QDir(to).filePath(judge + QStringLiteral("candidates.json"))))
            return false;
        QFile out(QDir(to).filePath(judge + QStringLiteral("evaluations.json")));
        if (!out.open(QIODevice::WriteOnly) || out.write(QJsonDocument(perturbed(evaluations, seed)).toJson(QJsonDocument::Compact)) < 0)
            return false;
    }
    return true;
}

int failed(const QString &what)
{
    std::fprintf(stderr, "bench_compare: %s\n", qPrintable(what));
    return 1;
}

QList<QByteArray> fiveConfigurations()
{
    QList<QByteArray> records;
    for (int reviewers = 1; reviewers <= 5; ++reviewers) {
        RunRecord record;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("bench");
        record.config.reviewers = reviewers;
        record.config.minAgreement = 1;
        records << record.toJson();
    }
    return records;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption resamplesOption(QStringLiteral("resamples"), QStringLiteral("Bootstrap resamples (default 2000)."), QStringLiteral("N"), QStringLiteral("2000"));
    const QCommandLineOption repeat(QStringLiteral("repeat"), QStringLiteral("Timed rounds; the median is shown (default 5)."), QStringLiteral("N"), QStringLiteral("5"));
    const QCommandLineOption keep(QStringLiteral("keep"), QStringLiteral("Generate the large workspace into DIR and keep it."), QStringLiteral("DIR"));
    const QCommandLineOption reuse(QStringLiteral("workspace"), QStringLiteral("Time a large workspace --keep left in DIR."), QStringLiteral("DIR"));
    const QCommandLineOption skipLarge(QStringLiteral("skip-large"), QStringLiteral("Only Code Review Bench."));
    parser.addHelpOption();
    parser.addOptions({resamplesOption, repeat, keep, reuse, skipLarge});
    parser.process(app);
    const int resamples = std::max(1, parser.value(resamplesOption).toInt());
    const int rounds = std::max(1, parser.value(repeat).toInt());
    QTemporaryDir dir;

    // 1. Code Review Bench, three judges.
    const QString folder = dir.filePath(QStringLiteral("code-review-bench"));
    if (!writeBenchmark(folder))
        return failed(QStringLiteral("cannot write the benchmark folder"));
    const QString benchWorkspace = dir.filePath(QStringLiteral("crb.rdw"));
    {
        auto read = codereviewbench::readFolder(folder);
        if (!read)
            return failed(read.error().message);
        auto store = SqlWorkspaceStore::open(benchWorkspace, SqlWorkspaceStore::Mode::CreateIfMissing);
        if (!store)
            return failed(store.error().message);
        QElapsedTimer t;
        t.start();
        auto imported = (*store)->importBenchmark(read->import);
        if (!imported)
            return failed(imported.error().message);
        std::printf("Code Review Bench: %d merge requests, %d judges, %d reviews, %d verdicts, %d matches (stored in %.0f ms)\n", imported->mergeRequests,
                    imported->judges, imported->reviews, imported->verdicts, imported->matches, t.nsecsElapsed() / 1e6);
    }
    compare::ComparisonRequest request;
    request.settings.resamples = resamples;
    int boards = 0, reviewers = 0;
    const Timing ours = median(rounds, [&] {
        auto c = compare::compareWorkspace(benchWorkspace, request);
        if (!c) {
            failed(c.error().message);
            std::exit(1);
        }
        boards = int(c->judges.size());
        reviewers = boards > 0 ? int(c->judges.first().reviewers.size()) : 0;
    });
    qint64 checksum = 0;
    const Timing reference = median(rounds, [&] {
        auto store = SqlWorkspaceStore::open(benchWorkspace);
        QHash<QString, qint64> sums;
        CommentQuery references;
        references.reference = true;
        QHash<qint64, int> referencesOf;
        const auto referenceComments = (*store)->comments(references);
        for (const StoredComment &c : *referenceComments)
            ++referencesOf[c.mergeRequest];
        const auto reviews = (*store)->judgedReviews();
        for (const JudgedReview &r : *reviews) {
            QSet<qint64> found;
            for (const JudgeMatch &m : r.matches)
                found.insert(m.reference);
            const auto fp = std::count_if(r.candidates.cbegin(), r.candidates.cend(), [](const JudgedCandidate &c) { return c.verdict == CandidateVerdict::Unmatched; });
            sums[r.judge + r.reviewer] += found.size() * 1000000 + fp * 1000 + (referencesOf.value(r.mergeRequest) - found.size());
        }
        checksum = sums.size();
    });
    std::printf("  %d judges x %d tools, %d resamples; %lld (judge, tool) sums in the reference\n", boards, reviewers, resamples, static_cast<long long>(checksum));
    std::printf("  %-58s %10s %10s\n", "", "median ms", "CPU ms");
    row("compare (open, read, 3 leaderboards, pairs, kappa)", ours);
    row("reference: open, read the verdicts, sum tp/fp/fn", reference);
    ratio(ours, reference, 2000);
    if (parser.isSet(skipLarge))
        return 0;

    // 2. The generated 1,000-merge-request workspace, five configurations.
    QString large;
    if (parser.isSet(reuse)) {
        large = QDir(parser.value(reuse)).filePath(QStringLiteral("bench.rdw"));
    } else {
        const QString into = parser.isSet(keep) ? parser.value(keep) : dir.filePath(QStringLiteral("large"));
        QDir().mkpath(into);
        test::WorkspaceShape shape;
        shape.mergeRequests = 1000;
        shape.comments = 200000;
        shape.runRecords = fiveConfigurations();
        shape.referencesPerMergeRequest = 5;
        QElapsedTimer t;
        t.start();
        auto generated = test::generateWorkspace(into, shape);
        if (!generated)
            return failed(generated.error().message);
        large = generated->path;
        std::printf("\nGenerated %s: %d merge requests, %d comments in 5 runs each, %d judgements (%.0f s)\n", qPrintable(large), shape.mergeRequests,
                    generated->comments, generated->judgements, t.nsecsElapsed() / 1e9);
    }
    compare::Comparison last;
    const Timing oursLarge = median(rounds, [&] {
        auto c = compare::compareWorkspace(large, request);
        if (!c) {
            failed(c.error().message);
            std::exit(1);
        }
        last = *c;
    });
    int rows = 0;
    const Timing referenceLarge = median(rounds, [&] {
        auto store = SqlWorkspaceStore::open(large);
        QHash<qint64, int> perRun;
        const auto all = (*store)->comments();
        for (const StoredComment &c : *all)
            ++perRun[c.run.value_or(0)];
        rows = int(all->size());
    });
    std::printf("\nGenerated workspace: %d comment rows; people judge %d configurations on %d merge requests (%d references), %d resamples\n", rows,
                last.judges.isEmpty() ? 0 : int(last.judges.first().reviewers.size()), last.judges.isEmpty() ? 0 : last.judges.first().mergeRequests,
                last.judges.isEmpty() ? 0 : last.judges.first().references, resamples);
    std::printf("  %-58s %10s %10s\n", "", "median ms", "CPU ms");
    row("compare (open, evaluate every run, leaderboard, pairs)", oursLarge);
    row("reference: open, read every comment, count per run", referenceLarge);
    ratio(oursLarge, referenceLarge, 10000);

    // 3. Where the time goes, and the statistics' growth with B x N.
    auto store = SqlWorkspaceStore::open(large);
    compare::Evidence evidence;
    const Timing reading = median(rounds, [&] { evidence = *compare::readComparisonEvidence(**store, request); });
    const Timing statistics = median(rounds, [&] { compare::compareEvidence(evidence, request); });
    std::printf("  %-58s %10.1f %10.1f\n", "  of which reading and evaluating (readComparisonEvidence)", reading.wallMs, reading.cpuMs);
    std::printf("  %-58s %10.1f %10.1f\n", "  of which the statistics (compareEvidence)", statistics.wallMs, statistics.cpuMs);
    std::printf("\nStatistics alone (compareEvidence), CPU ms and ns per resample x merge request x configuration:\n");
    std::printf("  %10s %10s %10s %12s\n", "resamples", "MRs", "CPU ms", "ns per unit");
    for (const auto &[b, n] : {std::pair{500, 1000}, std::pair{1000, 1000}, std::pair{2000, 1000}, std::pair{4000, 1000}, std::pair{2000, 250}, std::pair{2000, 500}}) {
        compare::Evidence part = evidence;
        for (compare::JudgeEvidence &j : part.judges) {
            j.mergeRequests = j.mergeRequests.mid(0, n);
            j.references = j.references.mid(0, n);
            for (compare::ReviewerEvidence &r : j.reviewers)
                r.reviews = r.reviews.mid(0, n);
        }
        compare::ComparisonRequest r = request;
        r.settings.resamples = b;
        const Timing t = median(rounds, [&] { compare::compareEvidence(part, r); });
        const int configurations = part.judges.isEmpty() ? 1 : int(part.judges.first().reviewers.size());
        std::printf("  %10d %10d %10.1f %12.1f\n", b, n, t.cpuMs, t.cpuMs * 1e6 / (double(b) * n * configurations));
    }
    return 0;
}
