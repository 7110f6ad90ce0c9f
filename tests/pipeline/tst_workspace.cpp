// The workspace store and the session on top of it: the schema, migrations
// from every earlier version, each judging action, undo across reopening,
// the files a workspace must refuse, and the comment list model. Every test
// runs on SQLite and on PostgreSQL (the throwaway server of scripts/test.sh).

#include "RawDb.h"
#include "SessionFixture.h"

#include <CommentListModel.h>
#include <JudgingService.h>
#include <ReviewSession.h>
#include <SqlWorkspaceStore.h>
#include <TeamAnnotation.h>
#include <TestPostgres.h>
#include <WorkspaceJson.h>
#include <WorkspaceSchema.h>

#include <QAbstractItemModelTester>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>
#include <QtConcurrent>

using namespace rd;
using rd::test::RawDb;

namespace {

ReviewComment makeComment(const QString &id, const QString &file, int line, int severity, bool kept = true)
{
    ReviewComment c;
    c.id = id;
    c.file = file;
    c.lineStart = line;
    c.lineEnd = line + 1;
    c.issue = QStringLiteral("Issue %1 in %2").arg(id, file);
    c.rootCause = QStringLiteral("cause");
    c.fix = QStringLiteral("fix");
    c.category = QStringLiteral("Code Defect");
    c.q1Nitpick = 6;
    c.q2Fake = 6;
    c.q3Severity = severity;
    c.reviewers = {1, 2};
    c.history = {{QStringLiteral("reviewer"), 6, 6, severity}};
    if (!kept)
        c.drop(QStringLiteral("coarse"));
    return c;
}

std::unique_ptr<SqlWorkspaceStore> openStore(const QString &path, SqlWorkspaceStore::Mode mode = SqlWorkspaceStore::Mode::CreateIfMissing)
{
    auto store = SqlWorkspaceStore::open(path, mode);
    if (!store)
        qWarning("%s", qPrintable(store.error().message));
    return store ? std::move(store).value() : nullptr;
}

// One merge request with one run of three comments; returns the comment ids.
QList<qint64> fill(WorkspaceStore &store, qint64 *mrId = nullptr)
{
    MergeRequestEntry mr;
    mr.repository = QStringLiteral("/repo");
    mr.base = QStringLiteral("main");
    mr.head = QStringLiteral("feature");
    mr.title = QStringLiteral("Add a cache");
    const qint64 id = *store.addMergeRequest(mr);
    if (mrId)
        *mrId = id;
    StoredRun run;
    run.mergeRequest = id;
    run.model = QStringLiteral("qwen");
    run.label = QStringLiteral("left · qwen × 3");
    run.record = "{\"run\":{},\"comments\":[]}";
    store.addRun(run, {makeComment(QStringLiteral("c1"), QStringLiteral("a.cpp"), 10, 6), makeComment(QStringLiteral("c2"), QStringLiteral("a.cpp"), 30, 3, false),
                       makeComment(QStringLiteral("c3"), QStringLiteral("b.cpp"), 5, 5)});
    QList<qint64> ids;
    const auto comments = store.comments();
    for (const StoredComment &c : *comments)
        ids << c.id;
    return ids;
}

// The disagreements as the window computed them before the store counted
// them (TeamService, issue 11): every judgement read, grouped per comment,
// finalLabel() on each; blind, a comment of the viewer's merge requests only
// once nothing of it is hidden from the viewer.
QList<qint64> disagreementsByFinalLabel(const WorkspaceStore &store, bool withAdjudicated, const QString &blindViewer)
{
    const auto adjudications = store.adjudications();
    const auto judgements = store.judgements();
    const auto assignments = store.assignments();
    const auto comments = store.comments();
    if (!adjudications || !judgements || !assignments || !comments)
        return {};
    QSet<qint64> adjudicated;
    for (const Adjudication &a : *adjudications)
        adjudicated.insert(a.comment);
    QMap<qint64, QList<Judgement>> byComment;
    for (const Judgement &j : *judgements)
        byComment[j.comment].append(j);
    QSet<qint64> viewersMergeRequests;
    for (const Assignment &a : *assignments)
        if (a.annotator == blindViewer)
            viewersMergeRequests.insert(a.mergeRequest);
    QHash<qint64, qint64> mergeRequestOf;
    for (const StoredComment &c : *comments)
        mergeRequestOf.insert(c.id, c.mergeRequest);
    QList<qint64> out;
    for (auto it = byComment.cbegin(); it != byComment.cend(); ++it) {
        if (!withAdjudicated && adjudicated.contains(it.key()))
            continue;
        if (!blindViewer.isEmpty() && viewersMergeRequests.contains(mergeRequestOf.value(it.key())) && hiddenJudgementCount(*it, blindViewer, true) > 0)
            continue;
        if (finalLabel(*it).status == FinalLabel::Status::Disagreement)
            out << it.key();
    }
    return out;
}

} // namespace

class WorkspaceTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void newWorkspaceHasTheCurrentSchema();
    void migratesFromEveryEarlierVersion_data();
    void migratesFromEveryEarlierVersion();
    void refusesWhatIsNotAUsableWorkspace_data();
    void refusesWhatIsNotAUsableWorkspace();
    void mergeRequestIsAddedOnceAndRunsKeepTheirComments();
    void mergeRequestRepositoryIsSetButNeverOntoAnotherMergeRequestsCommits();
    void judgementFieldsMergeAndClear();
    void invalidJudgementsAreRefusedAndNothingIsStored();
    void editKeepsTheFirstOriginal();
    void translatedCommentKeepsItsOriginalTextThroughTheWorkspace();
    void humanCommentsCanBeRemovedAndBroughtBack();
    void undoAndRedoSurviveReopening();
    void newStepAfterUndoDropsTheRedo();
    void placeIsRestoredAfterReopening();
    void progressAndDecisionDurations();
    void commentQueryFilters();
    void judgementLinesAreParsedStrictly_data();
    void judgementLinesAreParsedStrictly();
    void exportsNameEveryJudgement();
    void sessionJudgesUndoesAndRestoresItsPlace();
    void commentListModelFollowsTheSession();
    // Team scale (issue 14)
    void concurrentEditsOfACommentAreRefusedNotOverwritten();
    void othersJudgementsReachTheSessionWithoutReloading();
    // Live sharing and row versions (issue 25)
    void anotherConnectionsCommitsReachTheWatcher();
    void othersRunsAndJudgementsReachTheSessionWithItsPlaceKept();
    void staleJudgementIsRefusedAndTheNewerOneStays();
    void windowsStaleJudgementShowsTheNewerOneAndCanBeAppliedOnTop();
    void twoClientsMigratingAtOnceMigrateOnce();
    void claimsAreTakenOnceAndAgainAfterTheLease();
    // Scale in the window (issue 25)
    void progressCommentsAreIndexedByRemovedAfterUpgrading();
    void storesDisagreementsAreTheFinalLabelsDisagreements_data();
    void storesDisagreementsAreTheFinalLabelsDisagreements();
    void disagreementsFollowEveryJudgementWrite();
    void disagreementsAreCountedWhenUpgradingFromVersion6();
    void integrityCheckTellsDamageFromAFileItCannotRead();
    // The judge loop (issue 23)
    void judgeEvaluationsAreKeptWithTheirReportAndAnswers();
    // Code hosts (issue 24)
    void remoteCommentsKeepOneHostIdPerCommentAndPullRequest();
    void hostCommentsAreImportedOncePerHostIdAsPeoplesComments();

private:
    // A filled workspace open in `session` as alice on its merge request,
    // looking for others' commits every `pollMs` (issue 25's tests).
    void openAsAlice(ReviewSession &session, int pollMs, qint64 &mr, QList<qint64> &ids)
    {
        {
            auto store = openStore(path());
            QVERIFY(store);
            ids = fill(*store, &mr);
        }
        session.setChangePollInterval(pollMs);
        QVERIFY(session.openWorkspace(path()));
        QVERIFY(session.setAnnotator(QStringLiteral("alice")));
        QVERIFY(session.openMergeRequest(mr));
    }
    // The workspace: a file in a temporary folder, or a new database on the
    // PostgreSQL server. Another name on the server is a database that
    // does not exist.
    QString path(const QString &name = QStringLiteral("w.rdw")) const
    {
        if (m_server.isEmpty())
            return m_dir->filePath(name);
        if (name == QLatin1String("w.rdw"))
            return m_server;
        QUrl url(m_server);
        url.setPath(QStringLiteral("/rd_no_such_database"));
        return url.toString();
    }
    bool onServer() const { return !m_server.isEmpty(); }
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_server;
};

void WorkspaceTest::initTestCase_data()
{
    testpg::addBackendRows();
}

void WorkspaceTest::init()
{
    RD_INIT_BACKEND(m_dir, m_server);
}

void WorkspaceTest::newWorkspaceHasTheCurrentSchema()
{
    {
        auto store = openStore(path());
        QVERIFY(store);
        QCOMPARE(store->openedAtVersion(), 0);
        QCOMPARE(store->onServer(), onServer());
    }
    RawDb raw(path());
    QCOMPARE(raw.schemaVersion(), SqlWorkspaceStore::SchemaVersion);
    if (!onServer())
        QCOMPARE(raw.value(QStringLiteral("PRAGMA journal_mode")).toString(), QStringLiteral("wal"));
    for (const char *table : {"merge_requests", "runs", "comments", "annotators", "judgements", "history", "places", "workspace_info", "team_claims",
                              "mr_labels", "comment_labels", "judges", "judged_reviews", "judge_verdicts", "judge_matches", "judge_audit_decisions"})
        QVERIFY2(raw.hasTable(QLatin1String(table)), table);
    // Opening again does not migrate again.
    auto again = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(again);
    QCOMPARE(again->openedAtVersion(), SqlWorkspaceStore::SchemaVersion);
}

void WorkspaceTest::migratesFromEveryEarlierVersion_data()
{
    QTest::addColumn<int>("version");
    for (int v = 1; v < SqlWorkspaceStore::SchemaVersion; ++v)
        QTest::addRow("version %d", v) << v;
}

void WorkspaceTest::migratesFromEveryEarlierVersion()
{
    QFETCH(int, version);
    QVERIFY(SqlWorkspaceStore::createAtVersion(path(), version));
    {
        // What a program of that version wrote, in its own schema.
        RawDb raw(path());
        QCOMPARE(raw.schemaVersion(), version);
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO merge_requests (id, repository, base, head, two_dot, title, description, created)"
                                        " VALUES (1, '/repo', 'main', 'topic', 0, 'Old MR', '', 0)")));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO comments (id, merge_request, origin, author, file, line_start, line_end, issue, created)"
                                        " VALUES (7, 1, 'imported', 'dataset', 'x.c', 3, 3, 'old issue', 0)")));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO annotators (id, name, created) VALUES (1, 'ann', 0)")));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO judgements (comment, annotator, verdict, q3, updated) VALUES (7, 1, 'reject', 2, 5)")));
    }
    auto store = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store);
    QCOMPARE(store->openedAtVersion(), version);
    {
        RawDb raw(path());
        QCOMPARE(raw.schemaVersion(), SqlWorkspaceStore::SchemaVersion);
    }
    // The old data reads through the new schema...
    const auto comments = store->comments();
    QVERIFY(comments);
    QCOMPARE(comments->size(), 1);
    QCOMPARE(comments->first().comment.issue, QStringLiteral("old issue"));
    QVERIFY(comments->first().comment.issueOriginal.isEmpty()); // never translated
    QVERIFY(comments->first().comment.translationLanguage.isEmpty());
    QCOMPARE(comments->first().comment.judgeScore, -1); // not judged (version 9's default)
    QVERIFY(comments->first().comment.tag.isEmpty());
    auto old = store->judgement(7, QStringLiteral("ann"));
    QVERIFY(old && *old);
    QCOMPARE((*old)->verdict, std::optional<Verdict>(Verdict::Reject));
    QCOMPARE((*old)->q3Severity, std::optional<int>(2));
    // ...and what version 2 added works on it: undo history and places.
    QVERIFY(store->judge(test::verdictOf(7, QStringLiteral("ann"), Verdict::Accept)));
    QVERIFY(store->setPlace({QStringLiteral("ann"), 1, QStringLiteral("x.c"), 7, {}}));
    auto undone = store->undo(QStringLiteral("ann"));
    QVERIFY(undone && *undone);
    QCOMPARE((*store->judgement(7, QStringLiteral("ann")))->verdict, std::optional<Verdict>(Verdict::Reject));
    QCOMPARE((*store->lastPlace(QStringLiteral("ann")))->comment, std::optional<qint64>(7));
}

void WorkspaceTest::refusesWhatIsNotAUsableWorkspace_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing") << "missing" << "no workspace at";
    QTest::newRow("newer") << "newer" << "newer ReviewDesk";
    QTest::newRow("not sqlite") << "text" << "not an SQLite database";
    QTest::newRow("empty file") << "empty" << "empty file";
    QTest::newRow("other program's database") << "foreign" << "not a ReviewDesk workspace";
    QTest::newRow("damaged") << "damaged" << "damaged";
    QTest::newRow("read-only") << "readonly" << "read-only";
    QTest::newRow("folder") << "folder" << "is a folder";
}

void WorkspaceTest::refusesWhatIsNotAUsableWorkspace()
{
    QFETCH(QString, kind);
    QFETCH(QString, message);
    const QString file = path();
    if (onServer()) {
        // A database on a server can be empty, newer or another program's;
        // the rest are a file's problems.
        if (kind == QLatin1String("missing"))
            message = QStringLiteral("no workspace in the database");
        else if (kind == QLatin1String("foreign"))
            message = QStringLiteral("holds other tables");
        else if (kind != QLatin1String("newer"))
            QSKIP("PostgreSQL row: this kind (not SQLite, empty, damaged, read-only, a folder) is a property of a file, which a server database does not have");
    }
    if (kind == QLatin1String("newer")) {
        QVERIFY(openStore(file));
        QVERIFY(RawDb(file).setSchemaVersion(99));
    } else if (kind == QLatin1String("text")) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("these are my notes, not a workspace\n");
    } else if (kind == QLatin1String("empty")) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
    } else if (kind == QLatin1String("foreign")) {
        RawDb(file).exec(QStringLiteral("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)"));
    } else if (kind == QLatin1String("damaged")) {
        {
            auto store = openStore(file);
            QVERIFY(store);
            for (int i = 0; i < 20; ++i)
                fill(*store);
        }
        {
            RawDb raw(file);
            QCOMPARE(raw.value(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")).toInt(), 0);
        }
        // Scribble over every page after the first (the header stays SQLite's).
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadWrite));
        const qint64 size = f.size();
        QVERIFY(size > 8192);
        for (qint64 at = 4096; at < size; at += 4096) {
            f.seek(at);
            f.write(QByteArray(16, '\xa5'));
        }
    } else if (kind == QLatin1String("readonly")) {
        QVERIFY(openStore(file));
        QVERIFY(QFile::setPermissions(file, QFileDevice::ReadOwner | QFileDevice::ReadGroup));
    } else if (kind == QLatin1String("folder")) {
        QVERIFY(QDir().mkpath(file));
    }
    const QByteArray before = QFile::exists(file) && QFileInfo(file).isFile() ? [&file] {
        QFile f(file);
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }() : QByteArray();

    auto store = SqlWorkspaceStore::open(file, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(!store);
    QCOMPARE(store.error().kind, Error::Kind::Workspace);
    QVERIFY2(store.error().message.contains(message), qPrintable(store.error().message));
    QVERIFY(!store.error().message.contains(QLatin1Char('\n')));
    // Creating is refused the same way: never a silent empty workspace in its place.
    if (kind != QLatin1String("missing") && kind != QLatin1String("empty")) {
        auto created = SqlWorkspaceStore::open(file, SqlWorkspaceStore::Mode::CreateIfMissing);
        QVERIFY(!created);
        QCOMPARE(created.error().kind, Error::Kind::Workspace);
    }
    if (QFileInfo(file).isFile() && kind != QLatin1String("newer") && kind != QLatin1String("readonly")) {
        QFile f(file);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), before); // refused files are left as they were
    }
    QFile::setPermissions(file, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

// Fetch code…: a merge request imported without its code gets its clone; the
// workspace keeps one merge request per repository and commits.
void WorkspaceTest::mergeRequestRepositoryIsSetButNeverOntoAnotherMergeRequestsCommits()
{
    auto store = openStore(path());
    QVERIFY(store);
    MergeRequestEntry imported;
    imported.repository = QStringLiteral("https://github.com/example/app");
    imported.base = QStringLiteral("1111");
    imported.head = QStringLiteral("2222");
    imported.url = QStringLiteral("https://github.com/example/app/pull/3");
    imported.codeLinked = false;
    const qint64 id = *store->addMergeRequest(imported);
    MergeRequestEntry local = imported;
    local.repository = QStringLiteral("/clones/app");
    local.codeLinked = true;
    const qint64 other = *store->addMergeRequest(local);
    QVERIFY(other != id);

    QVERIFY(store->setMergeRequestRepository(id, QStringLiteral("/clones/app-copy"), true));
    auto linked = store->mergeRequest(id);
    QCOMPARE(linked->repository, QStringLiteral("/clones/app-copy"));
    QVERIFY(linked->codeLinked);
    QCOMPARE(linked->url, imported.url); // the rest stays

    const auto refused = store->setMergeRequestRepository(id, QStringLiteral("/clones/app"), true);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::Conflict);
    QVERIFY2(refused.error().message.contains(QString::number(other)), qPrintable(refused.error().message));
    QCOMPARE(store->mergeRequest(id)->repository, QStringLiteral("/clones/app-copy"));
    QVERIFY(!store->setMergeRequestRepository(id + other + 100, QStringLiteral("/clones/x"), true));
}

void WorkspaceTest::mergeRequestIsAddedOnceAndRunsKeepTheirComments()
{
    auto store = openStore(path());
    QVERIFY(store);
    qint64 mr = 0;
    const QList<qint64> ids = fill(*store, &mr);
    QCOMPARE(ids.size(), 3);
    MergeRequestEntry same;
    same.repository = QStringLiteral("/repo");
    same.base = QStringLiteral("main");
    same.head = QStringLiteral("feature");
    QCOMPARE(*store->addMergeRequest(same), mr);
    QCOMPARE(store->mergeRequests()->size(), 1);
    QCOMPARE(store->mergeRequest(mr)->title, QStringLiteral("Add a cache")); // an empty title does not overwrite
    same.twoDot = true;
    QVERIFY(*store->addMergeRequest(same) != mr);

    const auto runs = store->runs(mr);
    QVERIFY(runs);
    QCOMPARE(runs->size(), 1);
    QVERIFY(runs->first().record.isEmpty()); // listed without the record
    QCOMPARE(store->run(runs->first().id)->record, QByteArray("{\"run\":{},\"comments\":[]}"));

    const auto comments = store->comments();
    QVERIFY(comments);
    const StoredComment &first = comments->first();
    QCOMPARE(first.origin, CommentOrigin::Generated);
    QCOMPARE(first.author, QStringLiteral("qwen"));
    QCOMPARE(first.run, std::optional<qint64>(runs->first().id));
    QCOMPARE(first.comment.id, QStringLiteral("c1"));
    QCOMPARE(first.comment.reviewers, (QList<int>{1, 2}));
    QCOMPARE(first.comment.history.size(), 1);
    QCOMPARE(first.comment.history.first().q3Severity, 6);
    const StoredComment &dropped = comments->at(1);
    QVERIFY(!dropped.comment.kept);
    QCOMPARE(dropped.comment.droppedAt, QStringLiteral("coarse"));

    QVERIFY(!store->addRun(StoredRun{0, 999, {}, {}, {}, {}, {}, "{}"}, {}));
}

void WorkspaceTest::judgementFieldsMergeAndClear()
{
    auto store = openStore(path());
    const QList<qint64> ids = fill(*store);
    const QString ann = QStringLiteral("alice");
    QVERIFY(store->judge(test::verdictOf(ids[0], ann, Verdict::Accept)));
    Judgement more;
    more.comment = ids[0];
    more.annotator = ann;
    more.q3Severity = 7;
    more.category = QStringLiteral("security vulnerability"); // any case
    more.context = ContextLevel::Repo;
    more.keyBug = true;
    more.tag = QStringLiteral(" ResourceLeak ");
    more.thumbs = Thumbs::Down;
    more.critique = QStringLiteral("Right bug, wrong line.");
    auto stored = store->judge(more);
    QVERIFY(stored);
    auto j = store->judgement(ids[0], ann);
    QVERIFY(j && *j);
    QCOMPARE((*j)->verdict, std::optional<Verdict>(Verdict::Accept)); // kept from the first step
    QCOMPARE((*j)->q3Severity, std::optional<int>(7));
    QCOMPARE((*j)->category, std::optional<QString>(QStringLiteral("Security Vulnerability")));
    QCOMPARE((*j)->context, std::optional<ContextLevel>(ContextLevel::Repo));
    QCOMPARE((*j)->keyBug, std::optional<bool>(true));
    QCOMPARE((*j)->tag, std::optional<QString>(QStringLiteral("ResourceLeak")));
    QCOMPARE((*j)->thumbs, std::optional<Thumbs>(Thumbs::Down));
    QVERIFY(!(*j)->q1Nitpick);

    Judgement none;
    none.comment = ids[0];
    none.annotator = ann;
    QVERIFY(store->judge(none, {JudgementField::Verdict, JudgementField::KeyBug}));
    j = store->judgement(ids[0], ann);
    QVERIFY(!(*j)->verdict);
    QVERIFY(!(*j)->keyBug);
    QCOMPARE((*j)->q3Severity, std::optional<int>(7));
    QCOMPARE((*store->nextUndo(ann))->action, HistoryAction::ClearJudgement);
    QCOMPARE((*store->nextUndo(ann))->fields, (QStringList{QStringLiteral("verdict"), QStringLiteral("key_bug")}));
    // Another annotator's judgement is their own.
    QVERIFY(store->judge(test::verdictOf(ids[0], QStringLiteral("bob"), Verdict::Reject)));
    QCOMPARE(store->judgements(std::nullopt, {})->size(), 2);
    QVERIFY(!(*store->judgement(ids[0], ann))->verdict);
}

void WorkspaceTest::invalidJudgementsAreRefusedAndNothingIsStored()
{
    auto store = openStore(path());
    const QList<qint64> ids = fill(*store);
    Judgement bad = test::verdictOf(ids[0], QStringLiteral("alice"), Verdict::Accept);
    bad.q1Nitpick = 9;
    auto r = store->judge(bad);
    QVERIFY(!r);
    QCOMPARE(r.error().kind, Error::Kind::Usage);
    QVERIFY2(r.error().message.contains(QStringLiteral("q1")), qPrintable(r.error().message));
    bad.q1Nitpick.reset();
    bad.category = QStringLiteral("Style");
    QVERIFY(!store->judge(bad));
    bad.category.reset();
    bad.comment = 424242;
    r = store->judge(bad);
    QVERIFY(!r);
    QVERIFY(r.error().message.contains(QStringLiteral("no comment 424242")));
    bad.comment = ids[0];
    bad.annotator = QStringLiteral("   ");
    QVERIFY(!store->judge(bad));
    QCOMPARE(store->judgements()->size(), 0);
    QVERIFY(!*store->nextUndo(QStringLiteral("alice")));
}

// Issue 21, item 3: the translator's text and the reviewer's own are both
// stored, read back, searched and exported.
void WorkspaceTest::translatedCommentKeepsItsOriginalTextThroughTheWorkspace()
{
    auto store = openStore(path());
    QVERIFY(store);
    MergeRequestEntry e;
    e.repository = QStringLiteral("/repo");
    e.base = QStringLiteral("main");
    e.head = QStringLiteral("topic");
    const qint64 mr = *store->addMergeRequest(e);
    ReviewComment c;
    c.id = QStringLiteral("s0-m1");
    c.file = QStringLiteral("a.c");
    c.lineStart = c.lineEnd = 4;
    c.issue = QStringLiteral("le total peut déborder");
    c.rootCause = QStringLiteral("multiplication sans borne");
    c.fix = QStringLiteral("utiliser int64_t");
    c.issueOriginal = QStringLiteral("total can overflow");
    c.rootCauseOriginal = QStringLiteral("unbounded multiplication");
    c.fixOriginal = QStringLiteral("use int64_t");
    c.translationLanguage = QStringLiteral("French");
    StoredRun r;
    r.mergeRequest = mr;
    r.label = QStringLiteral("run");
    r.record = "{\"run\":{}}";
    QVERIFY(store->addRun(r, {c}));
    const auto all = store->comments();
    QVERIFY(all);
    QCOMPARE(all->size(), 1);
    const ReviewComment &back = all->first().comment;
    QCOMPARE(back.issue, c.issue);
    QCOMPARE(back.issueOriginal, c.issueOriginal);
    QCOMPARE(back.rootCauseOriginal, c.rootCauseOriginal);
    QCOMPARE(back.fixOriginal, c.fixOriginal);
    QCOMPARE(back.translationLanguage, QStringLiteral("French"));
    // Found by a word of either language.
    for (const QString &word : {QStringLiteral("déborder"), QStringLiteral("OVERFLOW"), QStringLiteral("unbounded")}) {
        CommentQuery q;
        q.text = word;
        const auto found = store->comments(q);
        QVERIFY(found);
        QVERIFY2(found->size() == 1, qPrintable(word));
    }
    CommentQuery none;
    none.text = QStringLiteral("underflow");
    QCOMPARE(store->comments(none)->size(), 0);
    // Exported with both texts, named as such.
    const QString json = QString::fromUtf8(commentsToJson(*store->comments(), *store->judgements(), *store->mergeRequests(), *store->runs(mr)));
    QVERIFY2(json.contains(QStringLiteral("\"issue_original\": \"total can overflow\"")), qPrintable(json));
    QVERIFY(json.contains(QStringLiteral("\"translation_language\": \"French\"")));
    const QString csv = QString::fromUtf8(commentsToCsv(*store->comments(), *store->judgements(), *store->runs(mr)));
    QVERIFY2(csv.section(QStringLiteral("\r\n"), 0, 0).contains(QStringLiteral("issue_original")), qPrintable(csv));
    QVERIFY(csv.contains(QStringLiteral("unbounded multiplication")));
}

void WorkspaceTest::editKeepsTheFirstOriginal()
{
    auto store = openStore(path());
    const QList<qint64> ids = fill(*store);
    const QString firstText = store->comment(ids[0])->comment.issue;
    CommentEdit edit;
    edit.issue = QStringLiteral("Clearer text");
    edit.lineStart = 11;
    edit.lineEnd = 12;
    auto edited = store->editComment(ids[0], QStringLiteral("alice"), edit);
    QVERIFY(edited);
    QCOMPARE(edited->comment.issue, QStringLiteral("Clearer text"));
    QCOMPARE(edited->comment.lineStart, 11);
    QVERIFY(edited->original);
    QCOMPARE(edited->original->issue, firstText);
    QCOMPARE(edited->original->lineStart, 10);
    CommentEdit again;
    again.issue = QStringLiteral("Third text");
    QCOMPARE(store->editComment(ids[0], QStringLiteral("alice"), again)->original->issue, firstText);
    CommentEdit badLines;
    badLines.lineStart = 20;
    badLines.lineEnd = 3;
    QVERIFY(!store->editComment(ids[0], QStringLiteral("alice"), badLines));
    // Undo twice: the text and lines as first stored, and no original any more.
    QVERIFY(*store->undo(QStringLiteral("alice")));
    QCOMPARE(store->comment(ids[0])->comment.issue, QStringLiteral("Clearer text"));
    QVERIFY(*store->undo(QStringLiteral("alice")));
    const StoredComment back = *store->comment(ids[0]);
    QCOMPARE(back.comment.issue, firstText);
    QCOMPARE(back.comment.lineStart, 10);
    QVERIFY(!back.original);
}

void WorkspaceTest::humanCommentsCanBeRemovedAndBroughtBack()
{
    auto store = openStore(path());
    qint64 mr = 0;
    const QList<qint64> ids = fill(*store, &mr);
    ReviewComment c;
    c.file = QStringLiteral("a.cpp");
    c.side = QStringLiteral("old");
    c.lineStart = 4;
    c.lineEnd = 6;
    c.issue = QStringLiteral("The lock is released twice.");
    auto id = store->addHumanComment(mr, QStringLiteral("carol"), c);
    QVERIFY(id);
    StoredComment human = *store->comment(*id);
    QCOMPARE(human.origin, CommentOrigin::Human);
    QCOMPARE(human.author, QStringLiteral("carol"));
    QCOMPARE(human.comment.side, QStringLiteral("old"));
    QVERIFY(store->judge(test::verdictOf(*id, QStringLiteral("alice"), Verdict::Accept)));
    QVERIFY(!store->removeHumanComment(ids[0], QStringLiteral("carol"))); // generated ones stay
    QVERIFY(store->removeHumanComment(*id, QStringLiteral("carol")));
    QCOMPARE(store->comments()->size(), 3);
    QCOMPARE(store->judgements()->size(), 0); // hidden with its comment
    QVERIFY(*store->undo(QStringLiteral("carol")));
    QCOMPARE(store->comments()->size(), 4);
    QCOMPARE(store->judgements()->size(), 1);
    QVERIFY(*store->undo(QStringLiteral("carol"))); // the adding itself
    QCOMPARE(store->comments()->size(), 3);
    QVERIFY(*store->redo(QStringLiteral("carol")));
    QCOMPARE(store->comments()->size(), 4);
    c.issue.clear();
    QVERIFY(!store->addHumanComment(mr, QStringLiteral("carol"), c));
}

void WorkspaceTest::undoAndRedoSurviveReopening()
{
    const QString ann = QStringLiteral("alice");
    QList<qint64> ids;
    {
        auto store = openStore(path());
        ids = fill(*store);
        QVERIFY(store->judge(test::verdictOf(ids[0], ann, Verdict::Accept)));
        QVERIFY(store->judge(test::verdictOf(ids[0], ann, Verdict::Reject)));
        QVERIFY(store->judge(test::verdictOf(ids[1], ann, Verdict::Unsure)));
    }
    {
        auto store = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
        QVERIFY(store);
        auto step = store->undo(ann);
        QVERIFY(step && *step);
        QCOMPARE((*step)->comment, ids[1]);
        QVERIFY(!*store->judgement(ids[1], ann)); // there was no judgement before
        QVERIFY(*store->undo(ann));
        QCOMPARE((*store->judgement(ids[0], ann))->verdict, std::optional<Verdict>(Verdict::Accept));
    }
    {
        auto store = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
        QCOMPARE((*store->nextRedo(ann))->comment, ids[0]);
        QVERIFY(*store->redo(ann));
        QCOMPARE((*store->judgement(ids[0], ann))->verdict, std::optional<Verdict>(Verdict::Reject));
        QVERIFY(*store->redo(ann));
        QCOMPARE((*store->judgement(ids[1], ann))->verdict, std::optional<Verdict>(Verdict::Unsure));
        QVERIFY(!*store->redo(ann));
        // Each annotator undoes only their own steps.
        QVERIFY(!*store->undo(QStringLiteral("bob")));
        QVERIFY(*store->undo(ann));
        QVERIFY(*store->undo(ann));
        QVERIFY(*store->undo(ann));
        QVERIFY(!*store->undo(ann));
        QCOMPARE(store->judgements()->size(), 0);
    }
}

void WorkspaceTest::newStepAfterUndoDropsTheRedo()
{
    auto store = openStore(path());
    const QList<qint64> ids = fill(*store);
    const QString ann = QStringLiteral("alice");
    QVERIFY(store->judge(test::verdictOf(ids[0], ann, Verdict::Accept)));
    QVERIFY(store->judge(test::verdictOf(ids[1], ann, Verdict::Accept)));
    QVERIFY(*store->undo(ann));
    QVERIFY(*store->nextRedo(ann));
    QVERIFY(store->judge(test::verdictOf(ids[2], ann, Verdict::Reject)));
    QVERIFY(!*store->nextRedo(ann));
    QCOMPARE((*store->nextUndo(ann))->comment, ids[2]);
}

void WorkspaceTest::placeIsRestoredAfterReopening()
{
    qint64 mr = 0;
    QList<qint64> ids;
    {
        auto store = openStore(path());
        ids = fill(*store, &mr);
        QVERIFY(store->setPlace({QStringLiteral("alice"), mr, QStringLiteral("a.cpp"), ids[1], {}}));
        QVERIFY(store->setPlace({QStringLiteral("alice"), mr, QStringLiteral("b.cpp"), ids[2], {}})); // moved on
        QVERIFY(store->setPlace({QStringLiteral("bob"), mr, QStringLiteral("a.cpp"), std::nullopt, {}}));
        QVERIFY(!store->setPlace({QStringLiteral("bob"), 999, QString(), std::nullopt, {}}));
    }
    auto store = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    auto alice = store->lastPlace(QStringLiteral("alice"));
    QVERIFY(alice && *alice);
    QCOMPARE((*alice)->file, QStringLiteral("b.cpp"));
    QCOMPARE((*alice)->comment, std::optional<qint64>(ids[2]));
    QCOMPARE((*store->lastPlace({}))->annotator, QStringLiteral("bob"));
    QVERIFY(!(*store->place(QStringLiteral("bob"), mr))->comment);
    QVERIFY(!*store->lastPlace(QStringLiteral("nobody")));
}

void WorkspaceTest::progressAndDecisionDurations()
{
    auto store = openStore(path());
    qint64 mr = 0;
    const QList<qint64> ids = fill(*store, &mr);
    MergeRequestEntry other{0, QStringLiteral("/repo"), QStringLiteral("main"), QStringLiteral("other"), false, {}, {}, {}};
    const qint64 mr2 = *store->addMergeRequest(other);
    QVERIFY(store->importComment(mr2, makeComment(QStringLiteral("d1"), QStringLiteral("c.cpp"), 1, 4), QStringLiteral("dataset")));
    Judgement a = test::verdictOf(ids[0], QStringLiteral("alice"), Verdict::Accept);
    a.timeSpentMs = 4000;
    QVERIFY(store->judge(a));
    Judgement b = test::verdictOf(ids[1], QStringLiteral("alice"), Verdict::Reject);
    b.timeSpentMs = 1000;
    QVERIFY(store->judge(b));
    Judgement onlyScore;
    onlyScore.comment = ids[2];
    onlyScore.annotator = QStringLiteral("alice");
    onlyScore.q3Severity = 2; // scored, not decided
    QVERIFY(store->judge(onlyScore));
    const JudgingProgress inMr = *store->progress(QStringLiteral("alice"), mr);
    QCOMPARE(inMr.judged, 2);
    QCOMPARE(inMr.total, 3);
    const JudgingProgress everywhere = *store->progress(QStringLiteral("alice"));
    QCOMPARE(everywhere.judged, 2);
    QCOMPARE(everywhere.total, 4);
    QCOMPARE(store->progress(QStringLiteral("bob"))->judged, 0);
    QCOMPARE(*store->recentDecisionDurations(QStringLiteral("alice")), (QList<qint64>{1000, 4000}));
}

void WorkspaceTest::commentQueryFilters()
{
    auto store = openStore(path());
    qint64 mr = 0;
    const QList<qint64> ids = fill(*store, &mr);
    QVERIFY(store->judge(test::verdictOf(ids[2], QStringLiteral("alice"), Verdict::Reject)));
    const auto count = [&store](const CommentQuery &q) { return static_cast<int>(store->comments(q)->size()); };
    CommentQuery q;
    q.mergeRequest = mr;
    QCOMPARE(count(q), 3);
    q.kept = false;
    QCOMPARE(count(q), 1);
    q = {};
    q.droppedAt = QStringLiteral("coarse");
    QCOMPARE(count(q), 1);
    q = {};
    q.file = QStringLiteral("b.cpp");
    QCOMPARE(count(q), 1);
    q = {};
    q.text = QStringLiteral("ISSUE C2"); // case-insensitive
    QCOMPARE(count(q), 1);
    q.text = QStringLiteral("100%_");    // wildcards are literal
    QCOMPARE(count(q), 0);
    q = {};
    q.minSeverity = 5;
    QCOMPARE(count(q), 2);
    q = {};
    q.annotator = QStringLiteral("alice");
    q.judged = true;
    QCOMPARE(count(q), 1);
    q.judged = false;
    QCOMPARE(count(q), 2);
    q.judged.reset();
    q.verdict = Verdict::Reject;
    QCOMPARE(store->comments(q)->first().id, ids[2]);
    q = {};
    q.origin = CommentOrigin::Human;
    QCOMPARE(count(q), 0);
}

void WorkspaceTest::judgementLinesAreParsedStrictly_data()
{
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<QString>("problem"); // empty: fine
    QTest::newRow("every field") << QByteArray(R"({"comment": 3, "verdict": "accept", "q1": 1, "q2": 7, "q3": 4, "category": "Performance",)"
                                               R"( "context": "File Level", "key_bug": false, "tag": "Typo", "thumbs": "up", "critique": "ok"})")
                                 << QString();
    QTest::newRow("only the comment") << QByteArray(R"({"comment": 3})") << QString();
    QTest::newRow("null clears") << QByteArray(R"({"comment": 3, "verdict": null})") << QString();
    QTest::newRow("not json") << QByteArray("{comment: 3") << QStringLiteral("not JSON");
    QTest::newRow("array") << QByteArray("[1]") << QStringLiteral("not a JSON object");
    QTest::newRow("no comment") << QByteArray(R"({"verdict": "accept"})") << QStringLiteral("\"comment\" is missing");
    QTest::newRow("comment as text") << QByteArray(R"({"comment": "3"})") << QStringLiteral("positive comment id");
    QTest::newRow("bad verdict") << QByteArray(R"({"comment": 3, "verdict": "yes"})") << QStringLiteral("\"verdict\"");
    QTest::newRow("score out of range") << QByteArray(R"({"comment": 3, "q2": 8})") << QStringLiteral("\"q2\" must be an integer from 1 to 7");
    QTest::newRow("score as float") << QByteArray(R"({"comment": 3, "q3": 2.5})") << QStringLiteral("\"q3\"");
    QTest::newRow("bad category") << QByteArray(R"({"comment": 3, "category": "Style"})") << QStringLiteral("\"category\" must be one of");
    QTest::newRow("bad context") << QByteArray(R"({"comment": 3, "context": "Diff"})") << QStringLiteral("\"context\"");
    QTest::newRow("key bug as text") << QByteArray(R"({"comment": 3, "key_bug": "yes"})") << QStringLiteral("\"key_bug\" must be true or false");
    QTest::newRow("bad thumbs") << QByteArray(R"({"comment": 3, "thumbs": 1})") << QStringLiteral("\"thumbs\"");
    QTest::newRow("unknown field") << QByteArray(R"({"comment": 3, "verdit": "accept"})") << QStringLiteral("unknown field \"verdit\"");
    QTest::newRow("annotator is the option's") << QByteArray(R"({"comment": 3, "annotator": "x"})") << QStringLiteral("unknown field \"annotator\"");
}

void WorkspaceTest::judgementLinesAreParsedStrictly()
{
    QFETCH(QByteArray, line);
    QFETCH(QString, problem);
    const auto parsed = parseJudgementLine(line);
    if (problem.isEmpty()) {
        QVERIFY2(parsed, parsed ? "" : qPrintable(parsed.error().message));
        QCOMPARE(parsed->change.comment, 3);
        return;
    }
    QVERIFY(!parsed);
    QVERIFY2(parsed.error().message.contains(problem), qPrintable(parsed.error().message));
}

void WorkspaceTest::exportsNameEveryJudgement()
{
    auto store = openStore(path());
    qint64 mr = 0;
    const QList<qint64> ids = fill(*store, &mr);
    Judgement a = test::verdictOf(ids[0], QStringLiteral("alice"), Verdict::Accept);
    a.critique = QStringLiteral("Real, \"severe\", and clear");
    QVERIFY(store->judge(a));
    QVERIFY(store->judge(test::verdictOf(ids[0], QStringLiteral("bob"), Verdict::Reject)));
    const QByteArray json = commentsToJson(*store->comments(), *store->judgements(), *store->mergeRequests(), *store->runs(mr));
    const QJsonObject root = QJsonDocument::fromJson(json).object();
    const QJsonArray comments = root.value(QStringLiteral("comments")).toArray();
    QCOMPARE(comments.size(), 3);
    const QJsonObject first = comments.at(0).toObject();
    QCOMPARE(first.value(QStringLiteral("id")).toInteger(), ids[0]);
    QCOMPARE(first.value(QStringLiteral("merge_request")).toInteger(), mr);
    QCOMPARE(first.value(QStringLiteral("line_start")).toInt(), 10);
    QCOMPARE(first.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("model")).toString(), QStringLiteral("qwen"));
    QCOMPARE(first.value(QStringLiteral("provenance")).toObject().value(QStringLiteral("origin")).toString(), QStringLiteral("generated"));
    const QJsonArray judgements = first.value(QStringLiteral("judgements")).toArray();
    QCOMPARE(judgements.size(), 2);
    QCOMPARE(judgements.at(0).toObject().value(QStringLiteral("annotator")).toString(), QStringLiteral("alice"));
    QCOMPARE(judgements.at(1).toObject().value(QStringLiteral("verdict")).toString(), QStringLiteral("reject"));
    QCOMPARE(root.value(QStringLiteral("merge_requests")).toArray().at(0).toObject().value(QStringLiteral("title")).toString(), QStringLiteral("Add a cache"));

    const QByteArray csv = commentsToCsv(*store->comments(), *store->judgements(), *store->runs(mr));
    const QList<QByteArray> lines = csv.split('\n');
    QCOMPARE(lines.size(), 1 + 4 + 1); // header, 2 rows for the judged comment, one each for the others, trailing newline
    QVERIFY(lines.at(0).startsWith("comment,merge_request,file"));
    QVERIFY(csv.contains("\"Real, \"\"severe\"\", and clear\""));
}

void WorkspaceTest::sessionJudgesUndoesAndRestoresItsPlace()
{
    qint64 mr = 0;
    QList<qint64> ids;
    {
        auto store = openStore(path());
        ids = fill(*store, &mr);
    }
    {
        ReviewSession session;
        QVERIFY(session.openWorkspace(path()));
        QVERIFY(session.setAnnotator(QStringLiteral("alice")));
        QVERIFY(session.openMergeRequest(mr));
        QCOMPARE(session.comments().size(), 3);
        QSignalSpy judged(session.document(), &MergeRequestDocument::judgementChanged);
        QSignalSpy current(session.document(), &MergeRequestDocument::currentCommentChanged);
        QSignalSpy undoState(session.judging(), &JudgingService::undoStateChanged);
        QVERIFY(session.selectNext());
        QCOMPARE(session.currentComment(), ids[0]);
        QVERIFY(session.judging()->setVerdict(ids[0], Verdict::Accept));
        QCOMPARE(judged.count(), 1);
        QCOMPARE(judged.first().first().toLongLong(), ids[0]);
        QVERIFY(session.judgement(ids[0])->timeSpentMs.has_value()); // measured from the selection
        QVERIFY(session.judging()->canUndo());
        QCOMPARE(session.judging()->undoText(), QStringLiteral("Verdict"));
        QVERIFY(undoState.count() >= 1);
        // Next skipping what a filter hides.
        QVERIFY(session.selectNext([](const StoredComment &c) { return c.comment.file == QLatin1String("b.cpp"); }));
        QCOMPARE(session.currentComment(), ids[2]);
        QCOMPARE(session.currentFile(), QStringLiteral("b.cpp"));
        QVERIFY(!session.selectNext());
        QCOMPARE(current.count(), 2);
        QVERIFY(session.judging()->undo());
        QVERIFY(!session.judgement(ids[0]));
        QVERIFY(session.judging()->canRedo());
        QVERIFY(session.judging()->redo());
        QCOMPARE(session.judgement(ids[0])->verdict, std::optional<Verdict>(Verdict::Accept));
        QCOMPARE(session.judging()->mergeRequestProgress().judged, 1);
        QVERIFY(session.judging()->medianDecisionMs().has_value());

        ReviewComment mine;
        mine.file = QStringLiteral("a.cpp");
        mine.lineStart = 2;
        mine.lineEnd = 2;
        mine.issue = QStringLiteral("Off by one.");
        QSignalSpy listed(session.document(), &MergeRequestDocument::commentsChanged);
        auto added = session.judging()->addHumanComment(mine);
        QVERIFY(added);
        QCOMPARE(listed.count(), 1);
        QCOMPARE(session.comments().size(), 4);
        QCOMPARE(session.comment(*added)->author, QStringLiteral("alice"));
    }
    // A new session in the same workspace: the annotator, MR, file and comment come back; undo still works.
    ReviewSession session;
    QVERIFY(session.openWorkspace(path()));
    QCOMPARE(session.lastAnnotator(), QStringLiteral("alice"));
    QVERIFY(session.setAnnotator(session.lastAnnotator()));
    QCOMPARE(session.lastMergeRequest(), std::optional<qint64>(mr));
    QVERIFY(session.openMergeRequest(mr));
    QCOMPARE(session.currentComment(), ids[2]);
    QCOMPARE(session.currentFile(), QStringLiteral("b.cpp"));
    QCOMPARE(session.comments().size(), 4);
    QCOMPARE(session.judging()->undoText(), QStringLiteral("Add Comment"));
    QVERIFY(session.judging()->undo());
    QCOMPARE(session.comments().size(), 3);
    QVERIFY(session.judging()->undo());
    QVERIFY(!session.judgement(ids[0]));

    QVERIFY(!session.openWorkspace(path(QStringLiteral("missing.rdw"))));
    QCOMPARE(session.workspacePath(), path()); // a failed open keeps the workspace
}

void WorkspaceTest::commentListModelFollowsTheSession()
{
    qint64 mr = 0;
    QList<qint64> ids;
    {
        auto store = openStore(path());
        ids = fill(*store, &mr);
    }
    ReviewSession session;
    CommentListModel model(&session);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    QVERIFY(session.openWorkspace(path()));
    QVERIFY(session.setAnnotator(QStringLiteral("alice")));
    QVERIFY(session.openMergeRequest(mr));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.columnCount(), int(CommentListModel::ColumnCount));
    const int row = model.rowOf(ids[1]);
    QCOMPARE(row, 1);
    QCOMPARE(model.index(row, CommentListModel::LocationColumn).data().toString(), QStringLiteral("a.cpp:30-31"));
    QCOMPARE(model.index(row, 0).data(CommentListModel::KeptRole).toBool(), false);
    QCOMPARE(model.index(row, 0).data(CommentListModel::DroppedAtRole).toString(), QStringLiteral("coarse"));
    QCOMPARE(model.index(row, 0).data(CommentListModel::ModelRole).toString(), QStringLiteral("qwen"));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    QVERIFY(session.judging()->setVerdict(ids[1], Verdict::Reject));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.first().first().toModelIndex().row(), row);
    QCOMPARE(model.index(row, CommentListModel::VerdictColumn).data().toString(), QStringLiteral("reject"));
    ReviewComment mine;
    mine.file = QStringLiteral("a.cpp");
    mine.lineStart = 1;
    mine.lineEnd = 1;
    mine.issue = QStringLiteral("Mine");
    QVERIFY(session.judging()->addHumanComment(mine));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.index(0, CommentListModel::SourceColumn).data().toString(), QStringLiteral("alice"));
    session.closeWorkspace();
    QCOMPARE(model.rowCount(), 0);
}

// ---------------------------------------------------------------------------
// Team scale (issue 14)

void WorkspaceTest::concurrentEditsOfACommentAreRefusedNotOverwritten()
{
    auto alice = openStore(path());
    QVERIFY(alice);
    const QList<qint64> ids = fill(*alice);
    auto bob = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(bob);
    // Both open the editor on the same version of the comment.
    const qint64 seen = alice->comment(ids[0])->version;
    QCOMPARE(bob->comment(ids[0])->version, seen);
    CommentEdit bobs;
    bobs.issue = QStringLiteral("Bob's wording");
    bobs.expectedVersion = seen;
    auto first = bob->editComment(ids[0], QStringLiteral("bob"), bobs);
    QVERIFY2(first, first ? "" : qPrintable(first.error().message));
    QCOMPARE(first->version, seen + 1);
    CommentEdit alices;
    alices.issue = QStringLiteral("Alice's wording");
    alices.expectedVersion = seen;
    auto second = alice->editComment(ids[0], QStringLiteral("alice"), alices);
    QVERIFY(!second);
    QCOMPARE(second.error().kind, Error::Kind::Conflict);
    QVERIFY2(second.error().message.contains(QStringLiteral("changed by someone else")), qPrintable(second.error().message));
    QCOMPARE(alice->comment(ids[0])->comment.issue, QStringLiteral("Bob's wording"));
    // Asked, she edits again from what is there now.
    alices.expectedVersion = alice->comment(ids[0])->version;
    QVERIFY(alice->editComment(ids[0], QStringLiteral("alice"), alices));
    QCOMPARE(bob->comment(ids[0])->comment.issue, QStringLiteral("Alice's wording"));
    // Undoing an edit is a change too: an editor opened before it is refused.
    const qint64 beforeUndo = bob->comment(ids[0])->version;
    QVERIFY(alice->undo(QStringLiteral("alice")));
    bobs.expectedVersion = beforeUndo;
    auto stale = bob->editComment(ids[0], QStringLiteral("bob"), bobs);
    QVERIFY(!stale);
    QCOMPARE(stale.error().kind, Error::Kind::Conflict);
}

void WorkspaceTest::othersJudgementsReachTheSessionWithoutReloading()
{
    qint64 mr = 0;
    QList<qint64> ids;
    {
        auto store = openStore(path());
        ids = fill(*store, &mr);
    }
    ReviewSession session;
    QVERIFY(session.openWorkspace(path()));
    QVERIFY(session.setAnnotator(QStringLiteral("alice")));
    QVERIFY(session.openMergeRequest(mr));
    QSignalSpy others(&session, &ReviewSession::othersJudgementChanged);
    auto bob = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(bob);
    if (!onServer()) // a file cannot say which row changed: anotherConnectionsCommitsReachTheWatcher and the next tests
        QSKIP("SQLite sends no per-row notifications; its polled data_version is tested by anotherConnectionsCommitsReachTheWatcher and othersRunsAndJudgementsReachTheSessionWithItsPlaceKept");
    QVERIFY(session.judging()->setVerdict(ids[1], Verdict::Accept)); // her own: no notification back
    QVERIFY(bob->judge(test::verdictOf(ids[0], QStringLiteral("bob"), Verdict::Reject)));
    QVERIFY(others.wait(10000));
    QCOMPARE(others.count(), 1);
    QCOMPARE(others.first().at(0).toLongLong(), ids[0]);
    QCOMPARE(others.first().at(1).toString(), QStringLiteral("bob"));
    const QList<Judgement> seen = session.judgementsOf(ids[0]);
    QCOMPARE(seen.size(), 1);
    QCOMPARE(seen.first().annotator, QStringLiteral("bob"));
    QCOMPARE(seen.first().verdict, std::optional<Verdict>(Verdict::Reject));
    // An edit of the text shows too.
    QSignalSpy edited(session.document(), &MergeRequestDocument::commentChanged);
    CommentEdit edit;
    edit.issue = QStringLiteral("Reworded by bob");
    QVERIFY(bob->editComment(ids[2], QStringLiteral("bob"), edit));
    QVERIFY(edited.wait(10000));
    QCOMPARE(session.comment(ids[2])->comment.issue, QStringLiteral("Reworded by bob"));
}

void WorkspaceTest::anotherConnectionsCommitsReachTheWatcher()
{
    auto alice = openStore(path());
    QVERIFY(alice);
    const QList<qint64> ids = fill(*alice);
    auto bob = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(bob);
    QList<WorkspaceChange> seen;
    QVERIFY(alice->watchChanges([&seen](const WorkspaceChange &change) { seen.append(change); }, 50));
    QVERIFY(bob->judge(test::verdictOf(ids[0], QStringLiteral("bob"), Verdict::Reject)));
    QTRY_VERIFY_WITH_TIMEOUT(!seen.isEmpty(), 10000);
    // A server names the row; a file says only that something changed.
    QCOMPARE(seen.first().what, onServer() ? QStringLiteral("judgement") : QStringLiteral("workspace"));
    if (onServer())
        QCOMPARE(seen.first().comment, ids[0]);
}

void WorkspaceTest::othersRunsAndJudgementsReachTheSessionWithItsPlaceKept()
{
    qint64 mr = 0;
    QList<qint64> ids;
    ReviewSession session;
    openAsAlice(session, 50, mr, ids);
    if (QTest::currentTestFailed())
        return;
    session.setCurrentComment(ids[2]);
    QSignalSpy elsewhere(&session, &ReviewSession::workspaceChangedElsewhere);
    QSignalSpy runs(session.document(), &MergeRequestDocument::runsChanged);
    QSignalSpy listReset(session.document(), &MergeRequestDocument::commentsChanged);
    auto cli = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(cli);
    // The same annotator judging from the CLI while the window is open.
    QVERIFY(cli->judge(test::verdictOf(ids[1], QStringLiteral("alice"), Verdict::Reject)));
    QVERIFY(elsewhere.wait(10000));
    QCOMPARE(session.judgement(ids[1])->verdict, std::optional<Verdict>(Verdict::Reject));
    QVERIFY(session.judging()->canUndo()); // the CLI's step is hers to undo
    QCOMPARE(listReset.count(), 0);       // only judgements changed: no list reset
    QCOMPARE(session.currentComment(), ids[2]);
    // A run stored by `review --workspace` shows in the Runs list, the place kept.
    elsewhere.clear();
    StoredRun run;
    run.mergeRequest = mr;
    run.model = QStringLiteral("other");
    run.record = "{}";
    QVERIFY(cli->addRun(run, {makeComment(QStringLiteral("n1"), QStringLiteral("c.cpp"), 1, 4)}));
    QTRY_VERIFY_WITH_TIMEOUT(session.runs().size() == 2, 10000);
    QVERIFY(runs.count() >= 1);
    QCOMPARE(session.comments().size(), 4);
    QCOMPARE(session.currentComment(), ids[2]);
    QVERIFY(!elsewhere.isEmpty());
}

void WorkspaceTest::staleJudgementIsRefusedAndTheNewerOneStays()
{
    auto window = openStore(path());
    QVERIFY(window);
    const QList<qint64> ids = fill(*window);
    auto cli = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(cli);
    const QString alice = QStringLiteral("alice");
    auto first = window->judge(test::verdictOf(ids[0], alice, Verdict::Accept));
    QVERIFY(first);
    QCOMPARE(first->version, 1);
    // The CLI changes it, from the version it read.
    Judgement newer = test::verdictOf(ids[0], alice, Verdict::Reject);
    newer.expectedVersion = 1;
    auto second = cli->judge(newer);
    QVERIFY(second);
    QCOMPARE(second->version, 2);
    // The window's change made from version 1 is refused, naming who and when.
    Judgement stale = test::verdictOf(ids[0], alice, Verdict::Unsure);
    stale.expectedVersion = 1;
    auto refused = window->judge(stale);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::Conflict);
    QVERIFY2(refused.error().message.contains(QStringLiteral("changed elsewhere")) && refused.error().message.contains(alice)
                 && refused.error().message.contains(second->updated.toUTC().toString(Qt::ISODate)),
             qPrintable(refused.error().message));
    auto kept = window->judgement(ids[0], alice);
    QCOMPARE((*kept)->verdict, std::optional<Verdict>(Verdict::Reject));
    QCOMPARE((*kept)->version, 2);
    // Made from "no judgement" while there is one: refused too.
    stale.expectedVersion = 0;
    QCOMPARE(window->judge(stale).error().kind, Error::Kind::Conflict);
    // From the version it has now, it is applied on top; undo still works.
    stale.expectedVersion = 2;
    auto onTop = window->judge(stale);
    QVERIFY(onTop);
    QCOMPARE(onTop->version, 3);
    QVERIFY(window->undo(alice));
    QCOMPARE((*window->judgement(ids[0], alice))->verdict, std::optional<Verdict>(Verdict::Reject));
    QCOMPARE((*window->judgement(ids[0], alice))->version, 4); // undoing is a change too
}

void WorkspaceTest::windowsStaleJudgementShowsTheNewerOneAndCanBeAppliedOnTop()
{
    qint64 mr = 0;
    QList<qint64> ids;
    ReviewSession session;
    openAsAlice(session, 60 * 60 * 1000, mr, ids); // the conflict comes before the session has looked
    if (QTest::currentTestFailed())
        return;
    QVERIFY(session.judging()->setVerdict(ids[0], Verdict::Accept));
    auto cli = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(cli);
    QVERIFY(cli->judge(test::verdictOf(ids[0], QStringLiteral("alice"), Verdict::Reject)));
    QSignalSpy changed(session.document(), &MergeRequestDocument::judgementChanged);
    auto refused = session.judging()->setVerdict(ids[0], Verdict::Unsure);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::Conflict);
    // The window shows the newer judgement, never silently its own.
    QCOMPARE(session.judgement(ids[0])->verdict, std::optional<Verdict>(Verdict::Reject));
    QVERIFY(changed.contains(QVariantList{ids[0]}));
    // Asked, the person applies theirs on top of it.
    QVERIFY(session.judging()->setVerdict(ids[0], Verdict::Unsure));
    QCOMPARE((*cli->judgement(ids[0], QStringLiteral("alice")))->verdict, std::optional<Verdict>(Verdict::Unsure));
    QVERIFY(session.judging()->undo());
    QCOMPARE((*cli->judgement(ids[0], QStringLiteral("alice")))->verdict, std::optional<Verdict>(Verdict::Reject));
}

void WorkspaceTest::twoClientsMigratingAtOnceMigrateOnce()
{
    QVERIFY(SqlWorkspaceStore::createAtVersion(path(), 1));
    const QString location = path();
    // Each client on its own thread and connection, opening (and so
    // migrating) the same old workspace at the same moment.
    auto openOnce = [location] {
        auto store = SqlWorkspaceStore::open(location, SqlWorkspaceStore::Mode::OpenExisting);
        return store ? QStringLiteral("version %1").arg(store.value()->openedAtVersion()) : store.error().message;
    };
    QFuture<QString> a = QtConcurrent::run(openOnce);
    QFuture<QString> b = QtConcurrent::run(openOnce);
    QStringList opened{a.result(), b.result()};
    opened.sort();
    // One migrated from version 1; the other waited and found it done.
    QCOMPARE(opened, (QStringList{QStringLiteral("version 1"), QStringLiteral("version %1").arg(SqlWorkspaceStore::SchemaVersion)}));
    QCOMPARE(RawDb(location).schemaVersion(), SqlWorkspaceStore::SchemaVersion);
}

void WorkspaceTest::claimsAreTakenOnceAndAgainAfterTheLease()
{
    auto store = openStore(path());
    QVERIFY(store);
    qint64 mr = 0;
    fill(*store, &mr);
    QList<qint64> mrs{mr};
    for (const char *head : {"topic-2", "topic-3"}) {
        MergeRequestEntry e;
        e.repository = QStringLiteral("/repo");
        e.base = QStringLiteral("main");
        e.head = QLatin1String(head);
        mrs << *store->addMergeRequest(e);
    }
    const QString hash = QStringLiteral("cafe");
    // The first merge request has a run of this configuration already: done.
    StoredRun earlier{0, mrs[0], {}, QStringLiteral("m"), hash, {}, {}, "{}"};
    QVERIFY(store->addRun(earlier, {}));
    QCOMPARE(*store->prepareClaims(hash, mrs), 2);
    QCOMPARE(*store->prepareClaims(hash, mrs), 2); // preparing again changes nothing

    auto other = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    auto first = store->claimNext(hash, QStringLiteral("w1"), 3600, mrs);
    QVERIFY(first && *first);
    QCOMPARE(**first, mrs[1]);
    auto second = other->claimNext(hash, QStringLiteral("w2"), 3600, mrs);
    QVERIFY(second && *second);
    QCOMPARE(**second, mrs[2]); // not the one w1 holds
    auto none = other->claimNext(hash, QStringLiteral("w3"), 3600, mrs);
    QVERIFY(none);
    QVERIFY(!*none);
    QCOMPARE(store->claimCounts(hash, mrs)->leased, 2);

    StoredRun run{0, mrs[1], {}, QStringLiteral("m"), hash, {}, {}, "{}"};
    QVERIFY(store->completeClaim(hash, QStringLiteral("w1"), run, {makeComment(QStringLiteral("x"), QStringLiteral("a.cpp"), 1, 5)}));
    // w4's lease is over at once (a worker killed long ago): w5 takes the merge request again...
    QVERIFY(store->completeClaim(hash, QStringLiteral("w2"), StoredRun{0, mrs[2], {}, QStringLiteral("m"), hash, {}, {}, "{}"}, {}));
    QVERIFY(store->addMergeRequest(MergeRequestEntry{0, QStringLiteral("/repo"), QStringLiteral("main"), QStringLiteral("topic-4"), false, {}, {}, {}}));
    const qint64 fourth = store->mergeRequests()->last().id;
    mrs << fourth;
    QCOMPARE(*store->prepareClaims(hash, mrs), 1);
    auto stale = store->claimNext(hash, QStringLiteral("w4"), -1, mrs);
    QVERIFY(stale && *stale);
    auto again = other->claimNext(hash, QStringLiteral("w5"), 3600, mrs);
    QVERIFY(again && *again);
    QCOMPARE(**again, fourth);
    // ...and the killed worker's late result is not stored twice.
    const StoredRun late{0, fourth, {}, QStringLiteral("m"), hash, {}, {}, "{}"};
    auto refused = store->completeClaim(hash, QStringLiteral("w4"), late, {});
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::Conflict);
    QVERIFY(other->completeClaim(hash, QStringLiteral("w5"), late, {}));
    const ClaimCounts counts = *store->claimCounts(hash, mrs);
    QCOMPARE(counts.done, 4);
    QCOMPARE(counts.open + counts.leased, 0);
    QCOMPARE(store->runs(fourth)->size(), 1);
    QCOMPARE(store->comments(CommentQuery{})->size(), 4); // fill's three and w1's one
}

QTEST_GUILESS_MAIN(WorkspaceTest)
void WorkspaceTest::progressCommentsAreIndexedByRemovedAfterUpgrading()
{
    QVERIFY(SqlWorkspaceStore::createAtVersion(path(), 5));
    {
        auto store = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
        QVERIFY(store);
        QCOMPARE(store->openedAtVersion(), 5);
    }
    RawDb raw(path());
    const QString indexed = onServer() ? QStringLiteral("SELECT COUNT(*) FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'comments_by_removed'")
                                       : QStringLiteral("SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name = 'comments_by_removed'");
    QCOMPARE(raw.value(indexed).toInt(), 1);
    if (!onServer()) {
        // The workspace-wide progress reads that index, not the comments with their texts.
        const QString plan = raw.plan(QStringLiteral("SELECT COUNT(*) FROM comments c WHERE c.removed = 0"));
        QVERIFY2(plan.contains(QLatin1String("COVERING INDEX comments_by_removed")), qPrintable(plan));
    }
}

void WorkspaceTest::storesDisagreementsAreTheFinalLabelsDisagreements_data()
{
    QTest::addColumn<bool>("withAdjudicated");
    QTest::addColumn<QString>("blindViewer");
    QTest::addColumn<QList<int>>("expected"); // indexes into the fixture's comments
    // 0 verdicts differ, 1 categories differ, 2 severities 2 apart, 3 key bug
    // differs, 4 context differs (adjudicated), 5 severities 1 apart (agree),
    // 6 one category unset (agree), 7 the second judge gave no verdict,
    // 8 on the second merge request, bob and carol differ (alice assigned,
    // not judged), 9 removed (bob and carol differ).
    QTest::newRow("pending, blind off") << false << QString() << QList<int>{0, 1, 2, 3, 8};
    QTest::newRow("all, blind off") << true << QString() << QList<int>{0, 1, 2, 3, 4, 8};
    QTest::newRow("pending, blind, alice") << false << QStringLiteral("alice") << QList<int>{0, 1, 2, 3};
    QTest::newRow("all, blind, alice") << true << QStringLiteral("alice") << QList<int>{0, 1, 2, 3, 4};
    QTest::newRow("pending, blind, the adjudicator") << false << QStringLiteral("dana") << QList<int>{0, 1, 2, 3, 8};
}

void WorkspaceTest::storesDisagreementsAreTheFinalLabelsDisagreements()
{
    QFETCH(bool, withAdjudicated);
    QFETCH(QString, blindViewer);
    QFETCH(QList<int>, expected);
    auto store = openStore(path());
    QVERIFY(store);
    QList<ReviewComment> first;
    for (int i = 0; i < 8; ++i)
        first << makeComment(QStringLiteral("c%1").arg(i), QStringLiteral("a.cpp"), 10 * i + 1, 5);
    const qint64 mr1 = test::addReviewedMergeRequest(*store, QStringLiteral("one"), first);
    const qint64 mr2 = test::addReviewedMergeRequest(*store, QStringLiteral("two"), {makeComment(QStringLiteral("d0"), QStringLiteral("b.cpp"), 3, 5)});
    QVERIFY(mr1 && mr2);
    QVERIFY(store->assign(mr1, {QStringLiteral("alice"), QStringLiteral("bob")}));
    QVERIFY(store->assign(mr2, {QStringLiteral("alice"), QStringLiteral("bob"), QStringLiteral("carol")}));
    QList<qint64> ids;
    const auto comments = store->comments();
    QVERIFY(comments);
    for (const StoredComment &c : *comments)
        ids << c.id;
    auto human = store->addHumanComment(mr2, QStringLiteral("carol"), makeComment(QStringLiteral("h"), QStringLiteral("b.cpp"), 9, 5));
    QVERIFY(human);
    ids << *human;
    QCOMPARE(ids.size(), 10);
    const auto judge = [&](int index, const QString &who, Verdict v, auto &&set) {
        Judgement j = test::verdictOf(ids[index], who, v);
        set(j);
        return bool(store->judge(j));
    };
    const auto none = [](Judgement &) {};
    const QString alice = QStringLiteral("alice"), bob = QStringLiteral("bob"), carol = QStringLiteral("carol");
    QVERIFY(judge(0, alice, Verdict::Accept, none));
    QVERIFY(judge(0, bob, Verdict::Reject, none));
    QVERIFY(judge(1, alice, Verdict::Accept, [](Judgement &j) { j.category = QStringLiteral("Code Defect"); }));
    QVERIFY(judge(1, bob, Verdict::Accept, [](Judgement &j) { j.category = QStringLiteral("Security Vulnerability"); }));
    QVERIFY(judge(2, alice, Verdict::Accept, [](Judgement &j) { j.q3Severity = 3; }));
    QVERIFY(judge(2, bob, Verdict::Accept, [](Judgement &j) { j.q3Severity = 5; }));
    QVERIFY(judge(3, alice, Verdict::Accept, [](Judgement &j) { j.keyBug = true; }));
    QVERIFY(judge(3, bob, Verdict::Accept, [](Judgement &j) { j.keyBug = false; }));
    QVERIFY(judge(4, alice, Verdict::Accept, [](Judgement &j) { j.context = ContextLevel::Diff; }));
    QVERIFY(judge(4, bob, Verdict::Accept, [](Judgement &j) { j.context = ContextLevel::Repo; }));
    QVERIFY(judge(5, alice, Verdict::Accept, [](Judgement &j) { j.q3Severity = 3; }));
    QVERIFY(judge(5, bob, Verdict::Accept, [](Judgement &j) { j.q3Severity = 4; }));
    QVERIFY(judge(6, alice, Verdict::Accept, [](Judgement &j) { j.category = QStringLiteral("Code Defect"); }));
    QVERIFY(judge(6, bob, Verdict::Accept, none));
    QVERIFY(judge(7, alice, Verdict::Accept, none));
    Judgement noVerdict;
    noVerdict.comment = ids[7];
    noVerdict.annotator = bob;
    noVerdict.critique = QStringLiteral("not sure yet");
    QVERIFY(store->judge(noVerdict));
    QVERIFY(judge(8, bob, Verdict::Accept, none));
    QVERIFY(judge(8, carol, Verdict::Reject, none));
    QVERIFY(judge(9, bob, Verdict::Accept, none));
    QVERIFY(judge(9, carol, Verdict::Reject, none));
    QVERIFY(store->removeHumanComment(ids[9], carol));
    Adjudication a;
    a.comment = ids[4];
    a.adjudicator = QStringLiteral("dana");
    a.verdict = Verdict::Accept;
    a.reason = QStringLiteral("the diff is enough");
    QVERIFY(store->adjudicate(a));

    QList<qint64> want;
    for (int index : expected)
        want << ids[index];
    const auto counted = store->disagreements(withAdjudicated, blindViewer);
    QVERIFY2(counted, counted ? "" : qPrintable(counted.error().message));
    QCOMPARE(*counted, want);
    QCOMPARE(*counted, disagreementsByFinalLabel(*store, withAdjudicated, blindViewer));
}

// gt_disagreements is kept as judgements are written: a verdict changed,
// undone, redone, cleared, and a severity changed each move the comment in
// or out, as finalLabel() decides over the judgements then stored.
void WorkspaceTest::disagreementsFollowEveryJudgementWrite()
{
    auto store = openStore(path());
    QVERIFY(store);
    const qint64 mr = test::addReviewedMergeRequest(*store, QStringLiteral("one"), {makeComment(QStringLiteral("c"), QStringLiteral("a.cpp"), 1, 5)});
    QVERIFY(mr);
    const qint64 comment = store->comments()->first().id;
    const QString alice = QStringLiteral("alice"), bob = QStringLiteral("bob");
    const auto pending = [&] { return *store->disagreements(false, QString()); };
    const QList<qint64> none, it{comment};
    QVERIFY(store->judge(test::verdictOf(comment, alice, Verdict::Accept)));
    QVERIFY(store->judge(test::verdictOf(comment, bob, Verdict::Accept)));
    QCOMPARE(pending(), none);
    QVERIFY(store->judge(test::verdictOf(comment, bob, Verdict::Reject)));
    QCOMPARE(pending(), it);
    QVERIFY(store->undo(bob));
    QCOMPARE(pending(), none);
    QVERIFY(store->redo(bob));
    QCOMPARE(pending(), it);
    Judgement cleared;
    cleared.comment = comment;
    cleared.annotator = bob;
    QVERIFY(store->judge(cleared, {JudgementField::Verdict}));
    QCOMPARE(pending(), none);
    Judgement severe = test::verdictOf(comment, bob, Verdict::Accept);
    severe.q3Severity = 5;
    QVERIFY(store->judge(severe));
    Judgement mild = test::verdictOf(comment, alice, Verdict::Accept);
    mild.q3Severity = 2;
    QVERIFY(store->judge(mild));
    QCOMPARE(pending(), it);
    QCOMPARE(pending(), disagreementsByFinalLabel(*store, false, QString()));
}

// Judgements a version-6 program wrote are counted by the upgrade.
void WorkspaceTest::disagreementsAreCountedWhenUpgradingFromVersion6()
{
    QVERIFY(SqlWorkspaceStore::createAtVersion(path(), 6));
    {
        RawDb raw(path());
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO merge_requests (id, repository, base, head, two_dot, title, description, created)"
                                        " VALUES (1, '/repo', 'main', 'topic', 0, 'Old MR', '', 0)")));
        for (int id : {7, 8})
            QVERIFY(raw.exec(QStringLiteral("INSERT INTO comments (id, merge_request, origin, author, file, line_start, line_end, issue, created)"
                                            " VALUES (%1, 1, 'imported', 'dataset', 'x.c', 3, 3, 'old issue', 0)").arg(id)));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO annotators (id, name, created) VALUES (1, 'ann', 0), (2, 'bob', 0)")));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO judgements (comment, annotator, verdict, updated) VALUES"
                                        " (7, 1, 'reject', 5), (7, 2, 'accept', 5), (8, 1, 'accept', 5), (8, 2, 'accept', 5)")));
    }
    auto store = openStore(path(), SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store);
    QCOMPARE(store->openedAtVersion(), 6);
    QCOMPARE(*store->disagreements(false, QString()), QList<qint64>{7});
    const auto summaries = store->mergeRequestSummaries(QStringLiteral("ann"));
    QVERIFY(summaries && summaries->size() == 1);
    QCOMPARE(summaries->first().disagreements, 1);
}

// The window's damage check after opening (SqlWorkspaceStore::Check::Later):
// a whole file has no damage, a scribbled one names it, and a file gone
// meanwhile is a check that could not be made (and is not created).
void WorkspaceTest::integrityCheckTellsDamageFromAFileItCannotRead()
{
    if (onServer()) {
        const auto whole = SqlWorkspaceStore::checkIntegrity(path());
        QVERIFY(whole && !*whole); // the server keeps its own files
        return;
    }
    {
        auto store = openStore(path());
        QVERIFY(store);
        for (int i = 0; i < 20; ++i)
            fill(*store);
    }
    auto whole = SqlWorkspaceStore::checkIntegrity(path());
    QVERIFY2(whole, whole ? "" : qPrintable(whole.error().message));
    QVERIFY(!*whole);
    {
        RawDb raw(path());
        QCOMPARE(raw.value(QStringLiteral("PRAGMA wal_checkpoint(TRUNCATE)")).toInt(), 0);
    }
    QFile f(path());
    QVERIFY(f.open(QIODevice::ReadWrite));
    const qint64 size = f.size();
    QVERIFY(size > 8192);
    QVERIFY(f.seek(4096));
    QVERIFY(f.write(QByteArray(size - 4096, '\x5a')) == size - 4096);
    f.close();
    const auto damaged = SqlWorkspaceStore::checkIntegrity(path());
    QVERIFY2(damaged, damaged ? "" : qPrintable(damaged.error().message));
    QVERIFY(damaged->has_value());
    QVERIFY2((*damaged)->contains(QLatin1String("is damaged")), qPrintable(**damaged));
    const QString gone = m_dir->filePath(QStringLiteral("gone.rdw"));
    QVERIFY(!SqlWorkspaceStore::checkIntegrity(gone));
    QVERIFY(!QFileInfo::exists(gone));
}

// Schema 8: each judge evaluation's report and answers, and its accuracy
// empty when no answer could be read — on both backends.
void WorkspaceTest::judgeEvaluationsAreKeptWithTheirReportAndAnswers()
{
    auto store = openStore(path());
    QVERIFY(store);
    StoredJudgeEvaluation first;
    first.judgeModel = QStringLiteral("judge-a");
    first.labels = QStringLiteral("final");
    first.items = 200;
    first.accuracy = 0.62;
    first.report = "{\"items\": []}";
    first.recording = "{\"exchanges\": []}";
    const auto a = store->addJudgeEvaluation(first);
    QVERIFY(a);
    StoredJudgeEvaluation second = first;
    second.judgeModel = QStringLiteral("judge-b");
    second.labels = QStringLiteral("annotator:ann");
    second.accuracy.reset();
    const auto b = store->addJudgeEvaluation(second);
    QVERIFY(b);
    QVERIFY(*b > *a);
    const auto list = store->judgeEvaluations();
    QVERIFY(list);
    QCOMPARE(list->size(), 2);
    QCOMPARE(list->at(0).judgeModel, QStringLiteral("judge-a"));
    QCOMPARE(list->at(0).items, 200);
    QCOMPARE(*list->at(0).accuracy, 0.62);
    QVERIFY(list->at(0).created.isValid());
    QVERIFY(!list->at(1).accuracy);
    QCOMPARE(list->at(1).labels, QStringLiteral("annotator:ann"));
    const auto whole = store->judgeEvaluation(*a);
    QVERIFY(whole);
    QCOMPARE(whole->report, first.report);
    QCOMPARE(whole->recording, first.recording);
    const auto missing = store->judgeEvaluation(*b + 10);
    QVERIFY(!missing);
    QCOMPARE(missing.error().message, QStringLiteral("no judge evaluation %1 in this workspace").arg(*b + 10));
}

void WorkspaceTest::remoteCommentsKeepOneHostIdPerCommentAndPullRequest()
{
    auto store = openStore(path());
    QVERIFY(store);
    qint64 mr = 0;
    const QList<qint64> ids = fill(*store, &mr);
    const QString pull = QStringLiteral("https://github.com/o/r/pull/7");
    RemoteComment sent;
    sent.comment = ids.at(0);
    sent.pullRequest = pull;
    sent.remoteId = QStringLiteral("1001");
    sent.bodyHash = QStringLiteral("h1");
    sent.revision = QStringLiteral("abc");
    QVERIFY(store->setRemoteComment(sent));
    RemoteComment read = sent;
    read.comment = ids.at(2);
    read.remoteId = QStringLiteral("2002");
    read.thread = QStringLiteral("1001");
    read.direction = RemoteComment::Direction::Imported;
    QVERIFY(store->setRemoteComment(read));
    // Published again after an edit: the same record, with the new body's hash.
    sent.bodyHash = QStringLiteral("h2");
    sent.remoteId = QStringLiteral("1003");
    QVERIFY(store->setRemoteComment(sent));

    const auto remote = store->remoteComments(mr);
    QVERIFY2(remote, remote ? "" : qPrintable(remote.error().message));
    QCOMPARE(remote->size(), 2);
    QCOMPARE(remote->at(0).comment, ids.at(0));
    QCOMPARE(remote->at(0).remoteId, QStringLiteral("1003"));
    QCOMPARE(remote->at(0).bodyHash, QStringLiteral("h2"));
    QCOMPARE(remote->at(0).direction, RemoteComment::Direction::Published);
    QVERIFY(remote->at(0).updated.isValid());
    QCOMPARE(remote->at(1).thread, QStringLiteral("1001"));
    QCOMPARE(remote->at(1).direction, RemoteComment::Direction::Imported);
    QVERIFY(store->remoteComments(mr + 1)->isEmpty());

    RemoteComment nameless = sent;
    nameless.remoteId.clear();
    const auto refused = store->setRemoteComment(nameless);
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::Usage);
}

void WorkspaceTest::hostCommentsAreImportedOncePerHostIdAsPeoplesComments()
{
    auto store = openStore(path());
    QVERIFY(store);
    qint64 mr = 0;
    fill(*store, &mr);
    const QString pull = QStringLiteral("https://github.com/o/r/pull/7");
    const auto hostComment = [&](const QString &remoteId, const QString &thread, const QString &author, const QString &text) {
        HostCommentImport c;
        c.comment = makeComment(remoteId, QStringLiteral("a.cpp"), 3, 4);
        c.comment.issue = text;
        c.author = author;
        c.remote.pullRequest = pull;
        c.remote.remoteId = remoteId;
        c.remote.thread = thread;
        c.remote.bodyHash = QStringLiteral("hash-") + remoteId;
        c.remote.revision = QStringLiteral("abc");
        return c;
    };
    const int before = int(store->comments()->size());
    const auto first = store->importHostComments(mr, {hostComment(QStringLiteral("101"), QStringLiteral("101"), QStringLiteral("alice (GitHub)"), QStringLiteral("a leak")),
                                                      hostComment(QStringLiteral("102"), QStringLiteral("101"), QStringLiteral("bob (GitHub)"), QStringLiteral("agreed"))});
    QVERIFY2(first, first ? "" : qPrintable(first.error().message));
    QCOMPARE(first->size(), 2);
    QVERIFY(first->at(0) > 0 && first->at(1) > first->at(0));
    const auto stored = store->comment(first->at(0));
    QVERIFY(stored);
    QCOMPARE(stored->origin, CommentOrigin::Human);
    QCOMPARE(stored->author, QStringLiteral("alice (GitHub)"));
    QCOMPARE(stored->comment.issue, QStringLiteral("a leak"));
    QVERIFY2(!store->nextUndo(QStringLiteral("alice (GitHub)"))->has_value(), "a host comment is no annotator's undo step");

    // Opened again, with one new reply: only the reply is stored.
    const auto again = store->importHostComments(mr, {hostComment(QStringLiteral("101"), QStringLiteral("101"), QStringLiteral("alice (GitHub)"), QStringLiteral("a leak")),
                                                      hostComment(QStringLiteral("103"), QStringLiteral("101"), QStringLiteral("carol (GitHub)"), QStringLiteral("fixed"))});
    QVERIFY2(again, again ? "" : qPrintable(again.error().message));
    QCOMPARE(again->at(0), qint64(0));
    QVERIFY(again->at(1) > first->at(1));
    QCOMPARE(int(store->comments()->size()), before + 3);
    const auto remote = store->remoteComments(mr);
    QVERIFY(remote);
    QCOMPARE(remote->size(), 3);
    QCOMPARE(remote->at(2).remoteId, QStringLiteral("103"));
    QCOMPARE(remote->at(2).thread, QStringLiteral("101"));
    QCOMPARE(remote->at(2).direction, RemoteComment::Direction::Imported);

    // A record without the host's id is refused before anything is stored.
    HostCommentImport nameless = hostComment(QString(), QString(), QStringLiteral("dan (GitHub)"), QStringLiteral("x"));
    const auto refused = store->importHostComments(mr, {hostComment(QStringLiteral("104"), QString(), QStringLiteral("dan (GitHub)"), QStringLiteral("y")), nameless});
    QVERIFY(!refused);
    QCOMPARE(refused.error().kind, Error::Kind::Usage);
    QCOMPARE(int(store->comments()->size()), before + 3);
}

#include "tst_workspace.moc"
