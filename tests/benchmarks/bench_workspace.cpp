// Times the workspace on a generated 200-merge-request, 10,000-comment file:
// opening it, switching merge request, a filter change and a judgement's
// commit, each beside a reference done with plain Qt SQL in the same run.
// Goals (issue 8): open < 1 s, filter < 50 ms, commit p99 < 20 ms.
//
//   bench_workspace [--mrs N] [--comments-per-mr N] [--commits N] [--dir DIR]

#include <GeneratedWorkspace.h>
#include <JudgingService.h>
#include <ReviewSession.h>
#include <SqlWorkspaceStore.h>

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace rd;

namespace {

struct Stats
{
    double p50 = 0, p99 = 0, max = 0;
};

Stats stats(QList<double> ms)
{
    std::sort(ms.begin(), ms.end());
    if (ms.isEmpty())
        return {};
    const auto at = [&ms](double q) { return ms[std::min<qsizetype>(ms.size() - 1, static_cast<qsizetype>(q * ms.size()))]; };
    return {at(0.5), at(0.99), ms.last()};
}

QList<double> timeEach(int n, const std::function<void(int)> &f)
{
    QList<double> out;
    QElapsedTimer t;
    for (int i = 0; i < n; ++i) {
        t.start();
        f(i);
        out << t.nsecsElapsed() / 1e6;
    }
    return out;
}

void row(const char *what, const Stats &ours, const Stats &reference, const char *goal, bool met)
{
    std::printf("%-28s %9.2f %9.2f %9.2f %9.2f %7.2fx  %-14s %s\n", what, ours.p50, ours.p99, reference.p50, reference.p99,
                reference.p50 > 0 ? ours.p50 / reference.p50 : 0.0, goal, met ? "met" : "MISSED");
}

// Plain Qt SQL on the same file: the least any store could do.
class Raw
{
public:
    explicit Raw(const QString &path)
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
        db.setDatabaseName(path);
        db.open();
        QSqlQuery q(db);
        q.exec(QStringLiteral("PRAGMA journal_mode = WAL"));
        q.exec(QStringLiteral("PRAGMA synchronous = FULL"));
    }
    ~Raw()
    {
        {
            QSqlDatabase db = QSqlDatabase::database(QStringLiteral("raw"));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
    }
    QSqlDatabase db() const { return QSqlDatabase::database(QStringLiteral("raw")); }
};

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption mrsOption(QStringLiteral("mrs"), QStringLiteral("Merge requests."), QStringLiteral("N"), QStringLiteral("200"));
    const QCommandLineOption perMrOption(QStringLiteral("comments-per-mr"), QStringLiteral("Comments per merge request."), QStringLiteral("N"),
                                         QStringLiteral("50"));
    const QCommandLineOption commitsOption(QStringLiteral("commits"), QStringLiteral("Judgements to time."), QStringLiteral("N"), QStringLiteral("1000"));
    const QCommandLineOption dirOption(QStringLiteral("dir"), QStringLiteral("Where to write the workspace (default: a temporary folder)."),
                                       QStringLiteral("DIR"));
    parser.addOptions({mrsOption, perMrOption, commitsOption, dirOption});
    parser.addHelpOption();
    parser.process(app);
    const int mrs = parser.value(mrsOption).toInt();
    const int perMr = parser.value(perMrOption).toInt();
    const int commits = parser.value(commitsOption).toInt();
    QTemporaryDir temp(parser.isSet(dirOption) ? parser.value(dirOption) + QStringLiteral("/bench-workspace-XXXXXX") : QString());

    // Generate: one run per merge request; a third of the comments filtered
    // out; every other comment judged by one annotator.
    QElapsedTimer clock;
    clock.start();
    test::WorkspaceShape shape;
    shape.mergeRequests = mrs;
    shape.comments = mrs * perMr;
    auto generated = test::generateWorkspace(temp.path(), shape);
    if (!generated) {
        std::fprintf(stderr, "%s\n", qPrintable(generated.error().message));
        return 1;
    }
    const QString path = generated->path;
    const QList<qint64> mrIds = generated->mergeRequests;
    std::printf("Generated %d merge requests, %d comments (%d judged) in %.1f s; file %.1f MB\n", mrs, generated->comments, generated->judgements,
                clock.elapsed() / 1000.0, QFileInfo(path).size() / 1e6);
    std::printf("\n%-28s %9s %9s %9s %9s %8s  %-14s\n", "ms", "p50", "p99", "ref p50", "ref p99", "ratio", "goal");

    // Open: the store (checks, quick_check, migration probe) and the first
    // screen's query, against a raw connection reading the version.
    const QList<double> opens = timeEach(10, [&path](int) {
        auto store = SqlWorkspaceStore::open(path);
        if (store)
            (*store)->mergeRequests();
    });
    const QList<double> rawOpens = timeEach(10, [&path](int) {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("open"));
        db.setDatabaseName(path);
        db.open();
        QSqlQuery q(db);
        q.exec(QStringLiteral("PRAGMA user_version"));
        q.next();
        q = QSqlQuery();
        db.close();
        db = QSqlDatabase();
        QSqlDatabase::removeDatabase(QStringLiteral("open"));
    });
    const Stats open = stats(opens);
    row("open workspace", open, stats(rawOpens), "< 1000 ms", open.max < 1000);

    ReviewSession session;
    if (auto opened = session.openWorkspace(path); !opened) {
        std::fprintf(stderr, "%s\n", qPrintable(opened.error().message));
        return 1;
    }
    session.setAnnotator(QStringLiteral("alice"));
    Raw raw(path);
    QRandomGenerator random(42);
    QList<qint64> order;
    for (int i = 0; i < 100; ++i)
        order << mrIds[random.bounded(static_cast<int>(mrIds.size()))];

    // Switching merge request: runs, comments, judgements, place.
    const QList<double> switches = timeEach(100, [&](int i) { session.openMergeRequest(order[i]); });
    const QList<double> rawSwitches = timeEach(100, [&](int i) {
        QSqlQuery q(raw.db());
        q.setForwardOnly(true);
        q.prepare(QStringLiteral("SELECT * FROM comments WHERE merge_request = ?"));
        q.addBindValue(order[i]);
        q.exec();
        while (q.next())
            q.value(0);
    });
    const Stats switched = stats(switches);
    row("switch merge request", switched, stats(rawSwitches), "(none)", true);

    // A filter change: the comments of an MR that are unjudged, kept and mention a word.
    const QList<double> filters = timeEach(100, [&](int i) {
        CommentQuery q;
        q.mergeRequest = order[i];
        q.annotator = QStringLiteral("alice");
        q.judged = i % 2 == 0;
        q.kept = true;
        q.text = i % 3 == 0 ? QStringLiteral("overflow") : QString();
        session.store()->comments(q);
    });
    const Stats filtered = stats(filters);
    row("filter change (one MR)", filtered, stats(rawSwitches), "< 50 ms", filtered.max < 50);
    const QList<double> wide = timeEach(10, [&](int i) {
        CommentQuery q;
        q.annotator = QStringLiteral("alice");
        q.judged = i % 2 == 0;
        q.text = QStringLiteral("overflow");
        session.store()->comments(q);
    });
    const QList<double> rawWide = timeEach(10, [&](int) {
        QSqlQuery q(raw.db());
        q.setForwardOnly(true);
        q.exec(QStringLiteral("SELECT * FROM comments"));
        while (q.next())
            q.value(0);
    });
    const Stats wideStats = stats(wide);
    // Informational: the comments panel filters one merge request; this is
    // every comment of the workspace (an export), against reading all rows.
    row("filter, whole workspace", wideStats, stats(rawWide), "(none)", true);

    // A judgement's commit, as the window does it, against a bare
    // BEGIN IMMEDIATE / INSERT / COMMIT on the same file and settings.
    session.openMergeRequest(mrIds.first());
    const QList<StoredComment> comments = session.comments();
    const QList<double> judged = timeEach(commits, [&](int i) {
        session.judging()->setVerdict(comments[i % comments.size()].id, i % 2 ? Verdict::Reject : Verdict::Accept);
    });
    QSqlQuery(raw.db()).exec(QStringLiteral("CREATE TABLE IF NOT EXISTS bench_reference (id INTEGER PRIMARY KEY, comment BIGINT, verdict TEXT, updated BIGINT)"));
    const QList<double> rawCommits = timeEach(commits, [&](int i) {
        QSqlQuery q(raw.db());
        q.exec(QStringLiteral("BEGIN IMMEDIATE"));
        q.prepare(QStringLiteral("INSERT INTO bench_reference (comment, verdict, updated) VALUES (?, ?, ?)"));
        q.addBindValue(i);
        q.addBindValue(QStringLiteral("accept"));
        q.addBindValue(QDateTime::currentMSecsSinceEpoch());
        q.exec();
        q.exec(QStringLiteral("COMMIT"));
    });
    const Stats commit = stats(judged);
    row("judgement commit", commit, stats(rawCommits), "p99 < 20 ms", commit.p99 < 20);
    const QList<double> undos = timeEach(std::min(commits, 100), [&](int) { session.judging()->undo(); });
    row("undo (committed)", stats(undos), stats(rawCommits), "(none)", true);

    std::printf("\nRatios are ours / plain Qt SQL on the same file. Commits are durable (WAL, synchronous=FULL).\n");
    return 0;
}
