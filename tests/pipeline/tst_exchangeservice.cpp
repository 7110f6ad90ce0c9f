// ExchangeService: dataset import and export through the session's
// workspace. An import is stored before imported() and the session's views
// hear of what it added; an export of the open merge request needs one.

#include <ExchangeService.h>
#include <ReviewSession.h>

#include "Scenarios.h"
#include "SessionFixture.h"

#include <QDir>

#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

namespace {

// One AACR-Bench pull request with one reference comment, no local clone.
const char *aacrSample =
    "[{\"change_line_count\": 2, \"project_main_language\": \"Go\", \"source_commit\": \"1111\", \"target_commit\": \"2222\",\n"
    "  \"githubPrUrl\": \"https://github.com/example/go/pull/7\", \"comments\": [\n"
    "  {\"is_ai_comment\": false, \"note\": \"The error of Close is dropped.\", \"path\": \"cmd/main.go\", \"side\": \"right\", \"source_model\": \"\",\n"
    "   \"from_line\": 10, \"to_line\": 12, \"category\": \"Code Defect\", \"context\": \"File Level\"}], \"category\": \"Bug Fix\"}]";

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

MergeRequestEntry withoutCode(const QString &base, const QString &head)
{
    MergeRequestEntry e;
    e.repository = QStringLiteral("https://github.com/example/app");
    e.url = QStringLiteral("https://github.com/example/app/pull/3");
    e.base = base;
    e.head = head;
    e.codeLinked = false;
    return e;
}

} // namespace

class ExchangeServiceTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

private Q_SLOTS:
    void anImportIsStoredThenAnnouncedWithItsSummary()
    {
        ReviewSession session;
        QVERIFY(session.openWorkspace(m_dir.filePath(QStringLiteral("import.rdw")), true));
        const QString file = m_dir.filePath(QStringLiteral("go-positive.json"));
        QVERIFY(writeFile(file, aacrSample));
        QSignalSpy imported(session.exchange(), &ExchangeService::imported);
        QSignalSpy listed(&session, &ReviewSession::mergeRequestsChanged);
        int mergeRequestsWhenAnnounced = -1;
        connect(session.exchange(), &ExchangeService::imported, this,
                [&] { mergeRequestsWhenAnnounced = static_cast<int>(session.mergeRequests().size()); });
        AacrImportOptions options;
        options.kind = QStringLiteral("ground-truth");
        const auto outcome = session.exchange()->importAacr(file, options);
        QVERIFY2(outcome, outcome ? "" : qPrintable(outcome.error().message));
        QCOMPARE(outcome->summary.comments, 1);
        QCOMPARE(outcome->summary.newMergeRequests, 1);
        QCOMPARE(imported.count(), 1);
        QCOMPARE(listed.count(), 1);
        QCOMPARE(mergeRequestsWhenAnnounced, 1);
        QCOMPARE(session.mergeRequests().constFirst().url, QStringLiteral("https://github.com/example/go/pull/7"));
    }

    void theOpenMergeRequestStaysOpenAndIsReloadedAfterAnImport()
    {
        ReviewSession session;
        QVERIFY(session.openWorkspace(m_dir.filePath(QStringLiteral("reload.rdw")), true));
        const qint64 open = test::addReviewedMergeRequest(*session.store(), QStringLiteral("feature"));
        QVERIFY(session.openMergeRequest(open));
        const QString file = m_dir.filePath(QStringLiteral("again-positive.json"));
        QVERIFY(writeFile(file, aacrSample));
        QSignalSpy listed(session.document(), &MergeRequestDocument::commentsChanged);
        QSignalSpy reopened(session.document(), &MergeRequestDocument::mergeRequestChanged);
        AacrImportOptions options;
        options.kind = QStringLiteral("ground-truth");
        QVERIFY(session.exchange()->importAacr(file, options));
        QCOMPARE(session.currentMergeRequestId(), open);
        QCOMPARE(session.mergeRequests().size(), 2);
        QCOMPARE(listed.count(), 1);
        QCOMPARE(reopened.count(), 1);
    }

    void aFailedImportIsNotAnnounced()
    {
        ReviewSession session;
        QVERIFY(session.openWorkspace(m_dir.filePath(QStringLiteral("failed.rdw")), true));
        const QString file = m_dir.filePath(QStringLiteral("broken-positive.json"));
        QVERIFY(writeFile(file, "[{\"comments\": 7"));
        QSignalSpy imported(session.exchange(), &ExchangeService::imported);
        AacrImportOptions options;
        options.kind = QStringLiteral("ground-truth");
        const auto outcome = session.exchange()->importAacr(file, options);
        QVERIFY(!outcome);
        QVERIFY2(outcome.error().message.contains(file), qPrintable(outcome.error().message));
        QVERIFY(imported.isEmpty());
        QVERIFY(session.mergeRequests().isEmpty());
    }

    // Fetch code…: the open merge request imported without code is linked to
    // a clone holding its commits, stored, and reopened with its code linked.
    void linkingCodeToACloneHoldingTheCommitsStoresItAndReopensIt()
    {
        QTemporaryDir repos;
        test::buildScenarios(repos.path(), {"modified"});
        ReviewSession session;
        QVERIFY(session.openWorkspace(m_dir.filePath(QStringLiteral("link.rdw")), true));
        const qint64 id = *session.addMergeRequest(withoutCode(QStringLiteral("main"), QStringLiteral("feature")));
        QVERIFY(session.openMergeRequest(id));
        QSignalSpy listed(&session, &ReviewSession::mergeRequestsChanged);
        const QString clone = repos.filePath(QStringLiteral("modified"));
        const auto linked = session.exchange()->linkCode(id, clone + QStringLiteral("/."));
        QVERIFY2(linked, linked ? "" : qPrintable(linked.error().message));
        QCOMPARE(linked->repository, QDir::cleanPath(clone)); // as the diff's loader names it
        QVERIFY(linked->codeLinked);
        QCOMPARE(session.store()->mergeRequest(id)->repository, QDir::cleanPath(clone));
        QVERIFY(session.currentMergeRequest()->codeLinked);
        QCOMPARE(listed.count(), 1);
    }

    void aCloneLackingACommitChangesNothingAndTheErrorNamesTheRevision()
    {
        QTemporaryDir repos;
        test::buildScenarios(repos.path(), {"modified"});
        ReviewSession session;
        QVERIFY(session.openWorkspace(m_dir.filePath(QStringLiteral("lacking.rdw")), true));
        const QString missing = QStringLiteral("0123456789abcdef0123456789abcdef01234567");
        const qint64 id = *session.addMergeRequest(withoutCode(QStringLiteral("main"), missing));
        QSignalSpy listed(&session, &ReviewSession::mergeRequestsChanged);
        const auto refused = session.exchange()->linkCode(id, repos.filePath(QStringLiteral("modified")));
        QVERIFY(!refused);
        QCOMPARE(refused.error().kind, Error::Kind::Revision);
        QVERIFY2(refused.error().message.contains(missing.left(12)), qPrintable(refused.error().message));
        const auto entry = session.store()->mergeRequest(id);
        QCOMPARE(entry->repository, QStringLiteral("https://github.com/example/app"));
        QVERIFY(!entry->codeLinked);
        QVERIFY(listed.isEmpty());
    }

    void exportingOnlyTheOpenMergeRequestNeedsOneOpen()
    {
        ReviewSession session;
        QVERIFY(!session.exchange()->exportDataset(QStringLiteral("csv"), m_dir.filePath(QStringLiteral("none.csv")), false, 0.0)); // no workspace
        QVERIFY(session.openWorkspace(m_dir.filePath(QStringLiteral("export.rdw")), true));
        const qint64 mr = test::addReviewedMergeRequest(*session.store(), QStringLiteral("feature"));
        QVERIFY(!session.exchange()->hasOpenMergeRequest());
        const QString out = m_dir.filePath(QStringLiteral("open.csv"));
        const auto refused = session.exchange()->exportDataset(QStringLiteral("csv"), out, true, 0.0);
        QVERIFY(!refused);
        QCOMPARE(refused.error().kind, Error::Kind::Usage);
        QVERIFY(!QFile::exists(out));
        QVERIFY(session.openMergeRequest(mr));
        QVERIFY(session.exchange()->hasOpenMergeRequest());
        const auto written = session.exchange()->exportDataset(QStringLiteral("csv"), out, true, 0.0);
        QVERIFY2(written, written ? "" : qPrintable(written.error().message));
        QCOMPARE(*written, out);
        QVERIFY(QFile::exists(out));
    }
};

QTEST_GUILESS_MAIN(ExchangeServiceTest)
#include "tst_exchangeservice.moc"
