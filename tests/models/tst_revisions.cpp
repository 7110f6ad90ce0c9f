// Following a merge request across revisions (issue 24): the line map of a
// diff, comments re-anchored from one head to the next on hand-built
// revisions (moved up and down, edited, deleted, a range partly edited,
// renamed, renamed and edited, deleted files, the old side with and without
// the base moving), judgements kept, and the upgrade of a version-9
// workspace. Every test runs on SQLite and on PostgreSQL.

#include "FixtureRepo.h"
#include "RawDb.h"
#include "SessionFixture.h"

#include <DatasetExport.h>
#include <LineMap.h>
#include <MergeRequest.h>
#include <MergeRequestRevisions.h>
#include <SqlWorkspaceStore.h>
#include <TestPostgres.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

namespace {

// Lines "<prefix>1" .. "<prefix>N", one a line.
QByteArray numbered(const char *prefix, int count)
{
    QByteArray out;
    for (int i = 1; i <= count; ++i)
        out += prefix + QByteArray::number(i) + " = compute(" + QByteArray::number(i * 7) + ");\n";
    return out;
}

QByteArray withLine(QByteArray text, int line, const QByteArray &replacement)
{
    QList<QByteArray> lines = text.split('\n');
    lines[line - 1] = replacement;
    return lines.join('\n');
}

QByteArray withoutLines(QByteArray text, int first, int count)
{
    QList<QByteArray> lines = text.split('\n');
    lines.remove(first - 1, count);
    return lines.join('\n');
}

QByteArray withInserted(QByteArray text, int before, const QByteArray &inserted)
{
    QList<QByteArray> lines = text.split('\n');
    lines.insert(before - 1, inserted);
    return lines.join('\n');
}

ReviewComment on(const QString &file, int first, int last, const QString &issue, const QString &side = QStringLiteral("new"))
{
    ReviewComment c = commentAt(file, first, issue);
    c.lineEnd = last;
    c.side = side;
    return c;
}

std::unique_ptr<SqlWorkspaceStore> openStore(const QString &location)
{
    auto store = SqlWorkspaceStore::open(location, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        qWarning("%s", qPrintable(store.error().message));
    return store ? std::move(store).value() : nullptr;
}

} // namespace

class RevisionsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase_data();
    void init();
    void lineMapFollowsShiftsAndRefusesChangedLines();
    void commentsFollowTheNewHeadOrAreOutdated();
    void oldSideCommentsFollowAMovedBase();
    void sameHeadRecordsNothing();
    void version9WorkspaceUpgradesAndTakesItsFirstRevisionFromTheNewestRun();
    void copyKeepsRevisionsAndOutdatedComments();
    void addressedAnswersArePerAnnotator();
    void sarifPlacesNoOutdatedCommentAtALine();

private:
    QString workspace(const QString &name = QStringLiteral("w.rdw")) const { return m_server.isEmpty() ? m_dir->filePath(name) : m_server; }
    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_server;
};

void RevisionsTest::initTestCase_data()
{
    testpg::addBackendRows();
}

void RevisionsTest::init()
{
    RD_INIT_BACKEND(m_dir, m_server);
}

void RevisionsTest::lineMapFollowsShiftsAndRefusesChangedLines()
{
    FixtureRepo repo(m_dir->filePath(QStringLiteral("repo")));
    const QByteArray before = numbered("a", 30);
    // Two lines in at the top, line 15 edited, line 25 deleted.
    QByteArray after = withoutLines(withLine(before, 15, "a15 = edited();"), 25, 1);
    after = withInserted(after, 1, "// one\n// two");
    const QByteArray one = repo.commit("main", {{"a.cpp", file(before)}}, "one\n");
    const QByteArray two = repo.commit("main", {{"a.cpp", file(after)}}, "two\n");
    DiffOptions options;
    options.twoDot = true;
    auto diff = MergeRequest::open(repo.path(), QString::fromLatin1(one), QString::fromLatin1(two), options);
    QVERIFY(diff);
    const LineMap map(diff->files);
    const auto moved = map.map(QStringLiteral("a.cpp"), 3, 4);
    QCOMPARE(moved.outcome, AnchorMapping::Outcome::Moved);
    QCOMPARE(moved.lineStart, 5);
    QCOMPARE(moved.lineEnd, 6);
    QCOMPARE(map.map(QStringLiteral("a.cpp"), 15, 15).outcome, AnchorMapping::Outcome::Outdated);
    QCOMPARE(map.map(QStringLiteral("a.cpp"), 14, 16).outcome, AnchorMapping::Outcome::Outdated);
    QCOMPARE(map.map(QStringLiteral("a.cpp"), 25, 25).outcome, AnchorMapping::Outcome::Outdated);
    // Below the deleted line: two in, one out.
    const auto below = map.map(QStringLiteral("a.cpp"), 28, 28);
    QCOMPARE(below.outcome, AnchorMapping::Outcome::Moved);
    QCOMPARE(below.lineStart, 29);
    // A range with lines deleted between its own.
    QCOMPARE(map.map(QStringLiteral("a.cpp"), 24, 26).outcome, AnchorMapping::Outcome::Outdated);
    const auto untouched = map.map(QStringLiteral("b.cpp"), 3, 3);
    QCOMPARE(untouched.outcome, AnchorMapping::Outcome::Unchanged);
    QCOMPARE(untouched.lineStart, 3);
}

void RevisionsTest::commentsFollowTheNewHeadOrAreOutdated()
{
    FixtureRepo repo(m_dir->filePath(QStringLiteral("repo")));
    const QByteArray a = numbered("a", 20), r = numbered("r", 20), e = numbered("e", 20), d = numbered("d", 10), m = numbered("m", 20),
                     u = numbered("u", 10);
    FixtureRepo::Tree base{{"a.cpp", file(a)}, {"r.cpp", file(r)}, {"e.cpp", file(e)}, {"d.cpp", file(d)}, {"m.cpp", file(m)}, {"u.cpp", file(u)}};
    const QByteArray root = repo.commit("main", base, "base\n");
    FixtureRepo::Tree head1 = base;
    head1["a.cpp"] = file(withLine(a, 10, "a10 = changed_by_the_merge_request();"));
    head1["u.cpp"] = file(withLine(u, 3, "u3 = changed();"));
    repo.commit("feature", head1, "first\n", {root});
    FixtureRepo::Tree head2 = head1;
    // a.cpp: two lines in at the top, line 15 edited, line 18 deleted.
    QByteArray a2 = withLine(withLine(a, 10, "a10 = changed_by_the_merge_request();"), 15, "a15 = edited();");
    a2 = withInserted(withoutLines(a2, 18, 1), 1, "#include <one>\n#include <two>");
    head2["a.cpp"] = file(a2);
    head2.erase("r.cpp");
    head2["r2.cpp"] = file(r);
    head2.erase("e.cpp");
    head2["e2.cpp"] = file(withLine(e, 5, "e5 = edited();"));
    head2.erase("d.cpp");
    head2["m.cpp"] = file(withoutLines(m, 1, 3));

    auto store = openStore(workspace());
    QVERIFY(store);
    MergeRequestEntry entry;
    entry.repository = repo.path();
    entry.base = QStringLiteral("main");
    entry.head = QStringLiteral("feature");
    const auto mr = store->addMergeRequest(entry);
    QVERIFY(mr);
    struct Case
    {
        ReviewComment comment;
        bool outdated;
        QString file;
        int lineStart, lineEnd;
        QString oldText;
    };
    const QList<Case> cases = {
        {on(QStringLiteral("a.cpp"), 10, 10, QStringLiteral("moved down")), false, QStringLiteral("a.cpp"), 12, 12, {}},
        {on(QStringLiteral("a.cpp"), 5, 6, QStringLiteral("range moved down")), false, QStringLiteral("a.cpp"), 7, 8, {}},
        {on(QStringLiteral("a.cpp"), 15, 15, QStringLiteral("edited")), true, QStringLiteral("a.cpp"), 15, 15, QStringLiteral("a15 = compute(105);")},
        {on(QStringLiteral("a.cpp"), 18, 18, QStringLiteral("deleted")), true, QStringLiteral("a.cpp"), 18, 18, QStringLiteral("a18 = compute(126);")},
        {on(QStringLiteral("a.cpp"), 13, 16, QStringLiteral("range partly edited")), true, QStringLiteral("a.cpp"), 13, 16,
         QStringLiteral("a13 = compute(91);\na14 = compute(98);\na15 = compute(105);\na16 = compute(112);")},
        {on(QStringLiteral("r.cpp"), 4, 4, QStringLiteral("renamed")), false, QStringLiteral("r2.cpp"), 4, 4, {}},
        {on(QStringLiteral("e.cpp"), 10, 11, QStringLiteral("renamed and edited elsewhere")), false, QStringLiteral("e2.cpp"), 10, 11, {}},
        {on(QStringLiteral("e.cpp"), 5, 5, QStringLiteral("renamed and edited here")), true, QStringLiteral("e.cpp"), 5, 5, QStringLiteral("e5 = compute(35);")},
        {on(QStringLiteral("d.cpp"), 3, 3, QStringLiteral("file deleted")), true, QStringLiteral("d.cpp"), 3, 3, QStringLiteral("d3 = compute(21);")},
        {on(QStringLiteral("m.cpp"), 10, 10, QStringLiteral("moved up")), false, QStringLiteral("m.cpp"), 7, 7, {}},
        {on(QStringLiteral("u.cpp"), 3, 3, QStringLiteral("untouched")), false, QStringLiteral("u.cpp"), 3, 3, {}},
        {on(QStringLiteral("a.cpp"), 10, 10, QStringLiteral("old side, base did not move"), QStringLiteral("old")), false, QStringLiteral("a.cpp"), 10, 10, {}},
    };
    QList<qint64> ids;
    for (const Case &c : cases) {
        const auto id = store->importComment(*mr, c.comment, QStringLiteral("dataset"));
        QVERIFY(id);
        ids << *id;
    }
    // Judged before the update: every judgement must still be there after.
    for (qsizetype i = 0; i < ids.size(); ++i)
        QVERIFY(store->judge(verdictOf(ids[i], QStringLiteral("ann"), i % 2 ? Verdict::Accept : Verdict::Reject)));

    const auto first = followedRevisions(*store, *mr);
    QVERIFY2(first, first ? "" : qPrintable(first.error().message));
    QCOMPARE(first->size(), 1);
    QCOMPARE(first->first().source, QStringLiteral("initial"));
    QCOMPARE(first->first().headSha, QString::fromLatin1(repo.tip("feature")));

    const QByteArray newHead = repo.commit("feature", head2, "second\n");
    const auto update = updateMergeRequest(*store, *mr);
    QVERIFY2(update, update ? "" : qPrintable(update.error().message));
    QVERIFY(update->recorded);
    QCOMPARE(update->current.number, 2);
    QCOMPARE(update->current.headSha, QString::fromLatin1(newHead));
    QCOMPARE(update->reanchoring.outdated.size(), 5);
    QCOMPARE(update->reanchoring.moved.size(), 5);
    QCOMPARE(update->reanchoring.unchanged.size(), 2);

    for (qsizetype i = 0; i < cases.size(); ++i) {
        const Case &expected = cases[i];
        const auto stored = store->comment(ids[i]);
        QVERIFY(stored);
        const QString what = expected.comment.issue;
        QVERIFY2(stored->outdated == expected.outdated, qPrintable(what));
        QVERIFY2(stored->comment.file == expected.file, qPrintable(what + QStringLiteral(": ") + stored->comment.file));
        QVERIFY2(stored->comment.lineStart == expected.lineStart, qPrintable(what + QStringLiteral(": %1").arg(stored->comment.lineStart)));
        QVERIFY2(stored->comment.lineEnd == expected.lineEnd, qPrintable(what));
        QCOMPARE(stored->outdatedText, expected.oldText);
        QCOMPARE(stored->revision, expected.outdated ? 1 : 2);
        QCOMPARE(stored->outdatedIn, expected.outdated ? 2 : 0);
        // An outdated comment is placed at no line of the new code (exports, diff, matching).
        QCOMPARE(stored->comment.located(), !expected.outdated);
        const auto judged = store->judgement(ids[i], QStringLiteral("ann"));
        QVERIFY(judged && judged->has_value());
        QCOMPARE((*judged)->verdict, i % 2 ? Verdict::Accept : Verdict::Reject);
    }
    const auto asked = outdatedBy(*store, *mr, 2);
    QVERIFY(asked);
    QCOMPARE(asked->size(), 5);
    // A new comment is of the current revision.
    const auto fresh = store->importComment(*mr, on(QStringLiteral("a.cpp"), 1, 1, QStringLiteral("new")), QStringLiteral("dataset"));
    QVERIFY(fresh);
    QCOMPARE(store->comment(*fresh)->revision, 2);
}

void RevisionsTest::oldSideCommentsFollowAMovedBase()
{
    FixtureRepo repo(m_dir->filePath(QStringLiteral("repo")));
    const QByteArray b = numbered("b", 12);
    const QByteArray root = repo.commit("main", {{"b.cpp", file(b)}, {"f.cpp", file(numbered("f", 5))}}, "base\n");
    repo.commit("feature", {{"b.cpp", file(withLine(b, 8, "b8 = feature();"))}, {"f.cpp", file(numbered("f", 5))}}, "feature\n", {root});
    auto store = openStore(workspace());
    QVERIFY(store);
    MergeRequestEntry entry{0, repo.path(), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}, {}};
    const auto mr = store->addMergeRequest(entry);
    QVERIFY(mr);
    const auto shifted = store->importComment(*mr, on(QStringLiteral("b.cpp"), 8, 8, QStringLiteral("old line 8"), QStringLiteral("old")), QStringLiteral("x"));
    const auto edited = store->importComment(*mr, on(QStringLiteral("b.cpp"), 3, 3, QStringLiteral("old line 3"), QStringLiteral("old")), QStringLiteral("x"));
    QVERIFY(shifted && edited);
    QVERIFY(followedRevisions(*store, *mr));
    // main moves (a line in at the top, line 3 edited) and the feature is rebased onto it.
    const QByteArray movedBase = withInserted(withLine(b, 3, "b3 = main();"), 1, "// main");
    const QByteArray newRoot = repo.commit("main", {{"b.cpp", file(movedBase)}, {"f.cpp", file(numbered("f", 5))}}, "main moves\n");
    repo.commit("feature", {{"b.cpp", file(withLine(movedBase, 9, "b8 = feature();"))}, {"f.cpp", file(numbered("f", 5))}}, "rebased\n", {newRoot});
    const auto update = updateMergeRequest(*store, *mr);
    QVERIFY2(update, update ? "" : qPrintable(update.error().message));
    QVERIFY(update->recorded);
    const auto s = store->comment(*shifted);
    QVERIFY(!s->outdated);
    QCOMPARE(s->comment.lineStart, 9);
    QCOMPARE(s->comment.side, QStringLiteral("old"));
    const auto e = store->comment(*edited);
    QVERIFY(e->outdated);
    QCOMPARE(e->outdatedText, QStringLiteral("b3 = compute(21);"));
}

void RevisionsTest::sameHeadRecordsNothing()
{
    FixtureRepo repo(m_dir->filePath(QStringLiteral("repo")));
    const QByteArray root = repo.commit("main", {{"a.cpp", file(numbered("a", 5))}}, "base\n");
    repo.commit("feature", {{"a.cpp", file(numbered("x", 5))}}, "feature\n", {root});
    auto store = openStore(workspace());
    QVERIFY(store);
    const auto mr = store->addMergeRequest({0, repo.path(), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}, {}});
    QVERIFY(mr);
    const auto update = updateMergeRequest(*store, *mr);
    QVERIFY(update);
    QVERIFY(!update->recorded);
    QCOMPARE(store->revisions(*mr)->size(), 1);
    // A revision that does not resolve is an error naming it, and records nothing.
    const auto bad = updateMergeRequest(*store, *mr, QStringLiteral("no-such-branch"));
    QVERIFY(!bad);
    QVERIFY2(bad.error().message.contains(QLatin1String("no-such-branch")), qPrintable(bad.error().message));
    QCOMPARE(store->revisions(*mr)->size(), 1);
}

void RevisionsTest::version9WorkspaceUpgradesAndTakesItsFirstRevisionFromTheNewestRun()
{
    FixtureRepo repo(m_dir->filePath(QStringLiteral("repo")));
    const QByteArray root = repo.commit("main", {{"a.cpp", file(numbered("a", 5))}}, "base\n");
    const QByteArray reviewed = repo.commit("feature", {{"a.cpp", file(numbered("x", 5))}}, "feature\n", {root});
    // The branch moved on after the review, before the upgrade.
    const QByteArray later = repo.commit("feature", {{"a.cpp", file(numbered("y", 5))}}, "later\n");
    QVERIFY(SqlWorkspaceStore::createAtVersion(workspace(), 9));
    {
        RawDb raw(workspace());
        QCOMPARE(raw.schemaVersion(), 9);
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO merge_requests (id, repository, base, head, two_dot, title, description, created)"
                                        " VALUES (1, '%1', 'main', 'feature', 0, 'Old MR', '', 0)").arg(repo.path())));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO runs (id, merge_request, label, record) VALUES (1, 1, 'old run',"
                                        " '{\"run\": {\"base\": \"%1\", \"head\": \"%2\", \"merge_base\": \"%1\"}, \"comments\": []}')")
                             .arg(QString::fromLatin1(root), QString::fromLatin1(reviewed))));
        QVERIFY(raw.exec(QStringLiteral("INSERT INTO comments (id, merge_request, run, origin, author, file, line_start, line_end, issue, created)"
                                        " VALUES (7, 1, 1, 'generated', 'model', 'a.cpp', 3, 3, 'old issue', 0)")));
    }
    auto store = openStore(workspace());
    QVERIFY(store);
    QCOMPARE(store->openedAtVersion(), 9);
    {
        RawDb raw(workspace());
        QCOMPARE(raw.schemaVersion(), SqlWorkspaceStore::SchemaVersion);
        QVERIFY(raw.hasTable(QStringLiteral("mr_revisions")));
        QVERIFY(raw.hasTable(QStringLiteral("comment_addressed")));
        QVERIFY(raw.hasTable(QStringLiteral("suggestion_outcomes")));
    }
    QVERIFY(store->revisions(1)->isEmpty());
    const auto old = store->comment(7);
    QVERIFY(old);
    QCOMPARE(old->revision, 1);
    QVERIFY(!old->outdated);
    QCOMPARE(store->runs(1)->first().revisionTo, 0);
    QVERIFY(store->runs(1)->first().coverage.isEmpty()); // recorded before coverage was
    const auto revisions = followedRevisions(*store, 1);
    QVERIFY2(revisions, revisions ? "" : qPrintable(revisions.error().message));
    QCOMPARE(revisions->size(), 1);
    // What the comments were made on, not where the branch is now.
    QCOMPARE(revisions->first().headSha, QString::fromLatin1(reviewed));
    QCOMPARE(revisions->first().mergeBaseSha, QString::fromLatin1(root));
    const auto update = updateMergeRequest(*store, 1);
    QVERIFY(update && update->recorded);
    QCOMPARE(update->current.headSha, QString::fromLatin1(later));
    QVERIFY(store->comment(7)->outdated);
    QCOMPARE(store->comment(7)->outdatedText, QStringLiteral("x3 = compute(21);"));
}

void RevisionsTest::copyKeepsRevisionsAndOutdatedComments()
{
    FixtureRepo repo(m_dir->filePath(QStringLiteral("repo")));
    const QByteArray root = repo.commit("main", {{"a.cpp", file(numbered("a", 5))}}, "base\n");
    repo.commit("feature", {{"a.cpp", file(numbered("x", 5))}}, "feature\n", {root});
    const QString from = m_dir->filePath(QStringLiteral("from.rdw"));
    {
        auto store = openStore(from);
        QVERIFY(store);
        const auto mr = store->addMergeRequest({0, repo.path(), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}, {}});
        // A comment whose suggestion the next revision does not take verbatim (schema 15).
        ReviewComment suggesting = on(QStringLiteral("a.cpp"), 2, 2, QStringLiteral("c"));
        suggesting.fix = QStringLiteral("```suggestion\nx2 = checked(14);\n```");
        QVERIFY(store->importComment(*mr, suggesting, QStringLiteral("x")));
        QVERIFY(followedRevisions(*store, *mr));
        repo.commit("feature", {{"a.cpp", file(numbered("y", 5))}}, "later\n");
        QVERIFY(updateMergeRequest(*store, *mr));
        QVERIFY(store->setAddressed(1, QStringLiteral("ann"), true));
        // A run with its coverage beside its record (schema 15).
        StoredRun run;
        run.mergeRequest = *mr;
        run.record = "{}";
        run.coverage = R"({"changed_lines":2,"reviewed_lines":1,"units":[],"files":[]})";
        QVERIFY(store->addRun(run, {}));
    }
    // From a file to a file, or (the postgresql row) to the server.
    const QString to = workspace(QStringLiteral("to.rdw"));
    const auto copied = SqlWorkspaceStore::copyWorkspace(from, to);
    QVERIFY2(copied, copied ? "" : qPrintable(copied.error().message));
    auto store = openStore(to);
    QVERIFY(store);
    QCOMPARE(store->revisions(1)->size(), 2);
    QVERIFY(store->comment(1)->outdated);
    QCOMPARE(store->comment(1)->outdatedText, QStringLiteral("x2 = compute(14);"));
    QCOMPARE(store->addressedAnswers(1)->size(), 1);
    const auto outcomes = store->suggestionOutcomes(1);
    QVERIFY(outcomes);
    QCOMPARE(outcomes->size(), 1);
    QCOMPARE(outcomes->first().comment, 1);
    QCOMPARE(outcomes->first().revision, 2);
    QVERIFY(!outcomes->first().applied);
    QCOMPARE(store->runs(1)->first().coverage, QByteArray(R"({"changed_lines":2,"reviewed_lines":1,"units":[],"files":[]})"));
}

void RevisionsTest::addressedAnswersArePerAnnotator()
{
    auto store = openStore(workspace());
    QVERIFY(store);
    const auto mr = store->addMergeRequest({0, QStringLiteral("/repo"), QStringLiteral("main"), QStringLiteral("topic"), false, {}, {}, {}});
    const auto id = store->importComment(*mr, on(QStringLiteral("a.cpp"), 2, 2, QStringLiteral("c")), QStringLiteral("x"));
    QVERIFY(id);
    QVERIFY(store->setAddressed(*id, QStringLiteral("alice"), true));
    QVERIFY(store->setAddressed(*id, QStringLiteral("bob"), false));
    QVERIFY(store->setAddressed(*id, QStringLiteral("bob"), true));
    auto answers = store->addressedAnswers(*mr);
    QVERIFY(answers);
    QCOMPARE(answers->size(), 2);
    QCOMPARE(answers->at(1).annotator, QStringLiteral("bob"));
    QVERIFY(answers->at(1).addressed);
    QVERIFY(store->setAddressed(*id, QStringLiteral("alice"), std::nullopt));
    answers = store->addressedAnswers(*mr);
    QCOMPARE(answers->size(), 1);
    QVERIFY(!store->setAddressed(9999, QStringLiteral("alice"), true));
}

// Exports must not put an outdated comment at lines it no longer points at.
void RevisionsTest::sarifPlacesNoOutdatedCommentAtALine()
{
    FixtureRepo repo(m_dir->filePath(QStringLiteral("repo")));
    const QByteArray root = repo.commit("main", {{"a.cpp", file(numbered("a", 8))}}, "base\n");
    repo.commit("feature", {{"a.cpp", file(numbered("x", 8))}}, "feature\n", {root});
    auto store = openStore(workspace());
    QVERIFY(store);
    const auto mr = store->addMergeRequest({0, repo.path(), QStringLiteral("main"), QStringLiteral("feature"), false, {}, {}, {}});
    QVERIFY(store->importComment(*mr, on(QStringLiteral("a.cpp"), 2, 2, QStringLiteral("on an edited line")), QStringLiteral("x")));
    QVERIFY(store->importComment(*mr, on(QStringLiteral("a.cpp"), 6, 6, QStringLiteral("on a moved line")), QStringLiteral("x")));
    QVERIFY(followedRevisions(*store, *mr));
    repo.commit("feature", {{"a.cpp", file(withInserted(withLine(numbered("x", 8), 2, "x2 = edited();"), 1, "// top"))}}, "second\n");
    QVERIFY(updateMergeRequest(*store, *mr));
    const auto data = loadExportData(*store, *mr);
    QVERIFY(data);
    const auto sarif = exportSarif(*data, {});
    QVERIFY(sarif);
    const QJsonArray results = QJsonDocument::fromJson(*sarif).object().value(QLatin1String("runs")).toArray().at(0).toObject().value(QLatin1String("results")).toArray();
    QCOMPARE(results.size(), 2);
    for (const QJsonValue &result : results) {
        const QString text = result.toObject().value(QLatin1String("message")).toObject().value(QLatin1String("text")).toString();
        const QJsonObject location = result.toObject().value(QLatin1String("locations")).toArray().at(0).toObject().value(QLatin1String("physicalLocation")).toObject();
        if (text.contains(QLatin1String("edited")))
            QVERIFY2(!location.contains(QLatin1String("region")), qPrintable(text));
        else
            QCOMPARE(location.value(QLatin1String("region")).toObject().value(QLatin1String("startLine")).toInt(), 7);
    }
}

QTEST_GUILESS_MAIN(RevisionsTest)
#include "tst_revisions.moc"
