// Times the arena (issue 35): Bradley–Terry fitted to 100,000 generated votes
// over 20 run configurations on 2,000 merge requests (strengths spread from
// −1.5 to 1.5, one vote in ten a tie), from the list of votes to the ranked
// configurations, without and with 1,000 bootstrap resamples; and `arena` on
// a workspace holding the same votes (reading them and the runs, then
// fitting). The reference in the same run is the plain way: Hunter's (2004)
// minorization-maximization iterated over every vote (no aggregation) to
// the same optimum, which it must reach within 1e-4. Goal (issue 35): the
// fit of 100,000 votes under a second.
//
//   bench_arena [--votes N] [--configurations N] [--mrs N] [--repeat N]

#include <Arena.h>
#include <Resampling.h>
#include <RunRecord.h>
#include <SqlWorkspaceStore.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <random>

using namespace rd;

namespace {

struct GeneratedVote
{
    int mergeRequest;
    int a; // configurations
    int b;
    PairWinner winner;
};

// The plain way from the same input to the same strengths: each vote's two
// runs looked up and their configurations numbered as they come (by name),
// then Hunter's (2004) MM, p_i <- W_i / Σ_votes 1 / (p_i + p_j), every vote
// visited on every iteration, until no p moves by 1e-10 relative; log p,
// centred; by configuration name.
QHash<QString, double> plainMinorizationMaximization(const QList<ArenaComparison> &comparisons, const QHash<qint64, ArenaRun> &runs, int &iterations)
{
    struct Vote
    {
        int a;
        int b;
        double aWins;
    };
    QHash<QString, int> numberOf;
    QStringList names;
    std::vector<Vote> votes;
    votes.reserve(std::size_t(comparisons.size()));
    const auto number = [&](qint64 run) {
        const QString &name = runs.constFind(run)->configuration;
        const auto known = numberOf.constFind(name);
        if (known != numberOf.cend())
            return *known;
        numberOf.insert(name, int(names.size()));
        names << name;
        return int(names.size()) - 1;
    };
    for (const ArenaComparison &c : comparisons)
        votes.push_back({number(c.runA), number(c.runB), c.winner == PairWinner::A ? 1.0 : c.winner == PairWinner::B ? 0.0 : 0.5});
    const std::size_t players = std::size_t(names.size());
    std::vector<double> wins(players, 0.0);
    for (const Vote &v : votes) {
        wins[std::size_t(v.a)] += v.aWins;
        wins[std::size_t(v.b)] += 1.0 - v.aWins;
    }
    std::vector<double> p(players, 1.0);
    for (iterations = 1; iterations <= 100000; ++iterations) {
        std::vector<double> denominator(players, 0.0);
        for (const Vote &v : votes) {
            const double d = 1.0 / (p[std::size_t(v.a)] + p[std::size_t(v.b)]);
            denominator[std::size_t(v.a)] += d;
            denominator[std::size_t(v.b)] += d;
        }
        double logMean = 0;
        std::vector<double> next(players);
        for (std::size_t i = 0; i < players; ++i) {
            next[i] = wins[i] / denominator[i];
            logMean += std::log(next[i]);
        }
        logMean /= double(players);
        double change = 0;
        for (std::size_t i = 0; i < players; ++i) {
            next[i] /= std::exp(logMean);
            change = std::max(change, std::abs(next[i] - p[i]) / p[i]);
        }
        p = next;
        if (change < 1e-10)
            break;
    }
    QHash<QString, double> theta;
    for (std::size_t i = 0; i < players; ++i)
        theta.insert(names[qsizetype(i)], std::log(p[i]));
    return theta;
}

double median(QList<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption votesOption(QStringLiteral("votes"), QStringLiteral("Votes."), QStringLiteral("N"), QStringLiteral("100000"));
    const QCommandLineOption configurationsOption(QStringLiteral("configurations"), QStringLiteral("Run configurations."), QStringLiteral("N"), QStringLiteral("20"));
    const QCommandLineOption mrsOption(QStringLiteral("mrs"), QStringLiteral("Merge requests."), QStringLiteral("N"), QStringLiteral("2000"));
    const QCommandLineOption repeatOption(QStringLiteral("repeat"), QStringLiteral("Timed rounds (the median is shown)."), QStringLiteral("N"), QStringLiteral("5"));
    parser.addHelpOption();
    parser.addOptions({votesOption, configurationsOption, mrsOption, repeatOption});
    parser.process(app);
    const int voteCount = std::max(1, parser.value(votesOption).toInt());
    const int players = std::clamp(parser.value(configurationsOption).toInt(), 2, 20); // 4 slicings × 5 reviewer counts
    const int mrCount = std::max(1, parser.value(mrsOption).toInt());
    const int rounds = std::max(1, parser.value(repeatOption).toInt());

    // The votes, from known strengths.
    std::mt19937_64 random(35);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<GeneratedVote> generated;
    generated.reserve(std::size_t(voteCount));
    for (int k = 0; k < voteCount; ++k) {
        const int a = int(stats::indexBelow(random, quint64(players)));
        int b = int(stats::indexBelow(random, quint64(players - 1)));
        if (b >= a)
            ++b;
        const double thetaA = -1.5 + 3.0 * a / (players - 1);
        const double thetaB = -1.5 + 3.0 * b / (players - 1);
        const double u = unit(random);
        const PairWinner winner = u < 0.1 ? PairWinner::Tie : unit(random) < winProbability(thetaA, thetaB) ? PairWinner::A : PairWinner::B;
        generated.push_back({int(stats::indexBelow(random, quint64(mrCount))), a, b, winner});
    }

    // The same in a workspace: one run per merge request and configuration
    // (a real run record each, so configurations are told apart as `eval`
    // tells them), written in one transaction with plain SQL.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("arena.rdw"));
    {
        auto store = SqlWorkspaceStore::open(path, SqlWorkspaceStore::Mode::CreateIfMissing);
        if (!store) {
            std::fprintf(stderr, "bench_arena: %s\n", qPrintable(store.error().message));
            return 1;
        }
    }
    QList<QByteArray> records;
    for (int c = 0; c < players; ++c) {
        RunRecord record;
        record.config.slicing = SliceAlgorithm(c % 4);
        record.config.reviewers = 1 + c / 4;
        record.config.minAgreement = 1;
        record.config.reviewer.endpoint = QStringLiteral("http://127.0.0.1:1/v1");
        record.config.reviewer.model = QStringLiteral("bench");
        records << record.toJson();
    }
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("bench"));
        db.setDatabaseName(path);
        if (!db.open() || !db.transaction()) {
            std::fprintf(stderr, "bench_arena: cannot open %s\n", qPrintable(path));
            return 1;
        }
        QSqlQuery q(db);
        bool ok = q.exec(QStringLiteral("INSERT INTO annotators (id, name, created) VALUES (1, 'bench', 0)"));
        q.prepare(QStringLiteral("INSERT INTO merge_requests (id, repository, base, head, created) VALUES (?, '/bench', 'main', ?, 0)"));
        for (int m = 0; m < mrCount && ok; ++m) {
            q.addBindValue(m + 1);
            q.addBindValue(QStringLiteral("topic-%1").arg(m));
            ok = q.exec();
        }
        q.prepare(QStringLiteral("INSERT INTO runs (id, merge_request, label, model, config_hash, record) VALUES (?, ?, ?, 'bench', ?, ?)"));
        for (int m = 0; m < mrCount && ok; ++m)
            for (int c = 0; c < players && ok; ++c) {
                q.addBindValue(m * players + c + 1);
                q.addBindValue(m + 1);
                q.addBindValue(QStringLiteral("configuration %1").arg(c));
                q.addBindValue(QStringLiteral("hash-%1").arg(c));
                q.addBindValue(QString::fromUtf8(records[c]));
                ok = q.exec();
            }
        // One vote per annotator, runs and order (the table's key): the k-th
        // vote on the same runs in the same order is annotator k's.
        q.prepare(QStringLiteral("INSERT INTO pairwise_votes (merge_request, run_a, run_b, winner, annotator, updated) VALUES (?, ?, ?, ?, ?, 0)"));
        QHash<qint64, int> repeats; // by merge request, a and b
        int annotators = 1;
        for (const GeneratedVote &v : generated) {
            if (!ok)
                break;
            const int runA = v.mergeRequest * players + v.a + 1;
            const int runB = v.mergeRequest * players + v.b + 1;
            const int annotator = ++repeats[(qint64(v.mergeRequest) * players + v.a) * players + v.b];
            for (; annotators < annotator && ok; ++annotators)
                ok = QSqlQuery(db).exec(QStringLiteral("INSERT INTO annotators (id, name, created) VALUES (%1, 'bench %1', 0)").arg(annotators + 1));
            q.addBindValue(v.mergeRequest + 1);
            q.addBindValue(runA);
            q.addBindValue(runB);
            q.addBindValue(pairWinnerName(v.winner));
            q.addBindValue(annotator);
            ok = q.exec();
        }
        if (!ok || !db.commit()) {
            std::fprintf(stderr, "bench_arena: cannot write the workspace: %s\n", qPrintable(q.lastError().text()));
            return 1;
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("bench"));
    auto opened = SqlWorkspaceStore::open(path);
    if (!opened) {
        std::fprintf(stderr, "bench_arena: %s\n", qPrintable(opened.error().message));
        return 1;
    }
    SqlWorkspaceStore &store = **opened;

    // The comparisons as the arena gets them (run ids), and its runs.
    const auto data = loadArenaData(store);
    if (!data || data->votes.size() != voteCount) {
        std::fprintf(stderr, "bench_arena: the workspace holds %lld votes, not %d\n", data ? static_cast<long long>(data->votes.size()) : -1LL, voteCount);
        return 1;
    }
    const QList<ArenaComparison> comparisons = comparisonsOf(data->votes);

    QList<double> fitMs, bootstrapMs, plainMs, workspaceMs;
    QList<double> fitCpu, bootstrapCpu, plainCpu, workspaceCpu;
    const auto cpuMs = [] { return 1000.0 * double(std::clock()) / CLOCKS_PER_SEC; };
    ArenaRanking ranking;
    QHash<QString, double> plain;
    int plainIterations = 0;
    for (int round = 0; round < rounds; ++round) {
        QElapsedTimer t;
        double cpu = cpuMs();
        t.start();
        ranking = rankConfigurations(comparisons, data->runs, {0, 0, 0.95});
        fitMs << t.nsecsElapsed() / 1e6;
        fitCpu << cpuMs() - cpu;
        cpu = cpuMs();
        t.start();
        plain = plainMinorizationMaximization(comparisons, data->runs, plainIterations);
        plainMs << t.nsecsElapsed() / 1e6;
        plainCpu << cpuMs() - cpu;
        cpu = cpuMs();
        t.start();
        const ArenaRanking withIntervals = rankConfigurations(comparisons, data->runs, {1000, 1, 0.95});
        bootstrapMs << t.nsecsElapsed() / 1e6;
        bootstrapCpu << cpuMs() - cpu;
        if (!withIntervals.noInterval.isEmpty()) {
            std::fprintf(stderr, "bench_arena: no intervals: %s\n", qPrintable(withIntervals.noInterval));
            return 1;
        }
        cpu = cpuMs();
        t.start();
        const auto read = loadArenaData(store);
        const ArenaRanking fromStore = rankConfigurations(comparisonsOf(read->votes), read->runs, {1000, 1, 0.95});
        workspaceMs << t.nsecsElapsed() / 1e6;
        workspaceCpu << cpuMs() - cpu;
        if (fromStore.votes != voteCount)
            return 1;
    }
    if (!ranking.finite) {
        std::fprintf(stderr, "bench_arena: %s\n", qPrintable(ranking.notFinite));
        return 1;
    }
    // The same optimum.
    double largest = 0;
    for (const ArenaReviewer &r : ranking.reviewers)
        largest = std::max(largest, std::abs(*r.strength - plain.value(r.label, 1e9)));
    const double ours = median(fitMs);
    const double reference = median(plainMs);
    const double oursCpu = median(fitCpu);
    const double referenceCpu = median(plainCpu);
    std::printf("%d votes (%d ties), %d configurations, %d merge requests; median of %d rounds\n", voteCount,
                int(std::count_if(generated.cbegin(), generated.cend(), [](const GeneratedVote &v) { return v.winner == PairWinner::Tie; })), players, mrCount, rounds);
    std::printf("%-66s %10s %10s\n", "", "median ms", "CPU ms");
    std::printf("%-66s %10.1f %10.1f\n", "fit: votes to ranked configurations (Newton, no intervals)", ours, oursCpu);
    std::printf("%-66s %10.1f %10.1f\n", "reference: Hunter's MM iterated over every vote (plain)", reference, referenceCpu);
    std::printf("%-66s %10.1f %10.1f\n", "fit with 1,000 bootstrap resamples of the merge requests", median(bootstrapMs), median(bootstrapCpu));
    std::printf("%-66s %10.1f %10.1f\n", "arena on the workspace: read votes and runs, fit, 1,000 resamples", median(workspaceMs), median(workspaceCpu));
    std::printf("ratio fit / reference %.2f (CPU %.2f); Newton %d iterations, MM %d; largest difference of a strength %.2g; goal < 1000 ms: %s\n",
                reference > 0 ? ours / reference : 0.0, referenceCpu > 0 ? oursCpu / referenceCpu : 0.0, ranking.iterations, plainIterations, largest,
                ours < 1000 ? "met" : "MISSED");
    return largest < 1e-4 ? 0 : 1;
}
