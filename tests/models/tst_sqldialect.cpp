// SqlDialect: what the workspace store does differently on SQLite and on
// PostgreSQL. Each test that needs a database runs on both (the PostgreSQL
// rows on scripts/test.sh's throwaway server; skipped without one, failed
// in CI).

#include "SqlDialect.h"
#include "SqlWorkspaceStorePrivate.h"
#include "TestPostgres.h"

#include <QSqlDriver>
#include <QSqlError>
#include <QTemporaryDir>
#include <QTest>

#include <memory>

using namespace rd;
using namespace rd::sqlstore;

class SqlDialectTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void serverLocationsArePostgresAndEverythingElseAFile_data();
    void serverLocationsArePostgresAndEverythingElseAFile();
    void errorsSayWhatTheUserCanDo_data();
    void errorsSayWhatTheUserCanDo();

    void createAtVersionOneHasExactlyTheFirstSchemasTablesInOrder_data() { backends(); }
    void createAtVersionOneHasExactlyTheFirstSchemasTablesInOrder();
    void columnsAreTheTablesColumnsInOrder_data() { backends(); }
    void columnsAreTheTablesColumnsInOrder();
    void insertReturnsEachNewRowsId_data() { backends(); }
    void insertReturnsEachNewRowsId();
    void execBindsValuesButLeavesQuestionMarksInQuotedText_data() { backends(); }
    void execBindsValuesButLeavesQuestionMarksInQuotedText();
    void beginWriteStartsATransactionThatRollsBack_data() { backends(); }
    void beginWriteStartsATransactionThatRollsBack();
    void aClaimsLockedSelectRunsInAClaimTransaction_data() { backends(); }
    void aClaimsLockedSelectRunsInAClaimTransaction();
    void restartIdsNumbersNewRowsAfterCopiedIds_data() { backends(); }
    void restartIdsNumbersNewRowsAfterCopiedIds();
    void noticesReachAListeningClientOnlyOnAServer_data() { backends(); }
    void noticesReachAListeningClientOnlyOnAServer();

private:
    static void backends();
    // A new workspace of `version` (0: the newest) at m_location.
    std::unique_ptr<SqlWorkspaceStore::Private> open(int version);
    // Another connection to the workspace open() made.
    std::unique_ptr<SqlWorkspaceStore::Private> openAgain();

    std::unique_ptr<QTemporaryDir> m_dir;
    QString m_location;
};

void SqlDialectTest::backends()
{
    QTest::addColumn<QString>("backend");
    QTest::newRow("sqlite") << QStringLiteral("sqlite");
    QTest::newRow("postgresql") << QStringLiteral("postgresql");
}

std::unique_ptr<SqlWorkspaceStore::Private> SqlDialectTest::open(int version)
{
    auto d = std::make_unique<SqlWorkspaceStore::Private>(SqlDialect::forLocation(m_location));
    auto opened = d->dialect->open(*d, m_location, SqlWorkspaceStore::Mode::CreateIfMissing, version);
    if (!opened) {
        qWarning("%s", qPrintable(opened.error().message));
        return nullptr;
    }
    return d;
}

std::unique_ptr<SqlWorkspaceStore::Private> SqlDialectTest::openAgain()
{
    auto d = std::make_unique<SqlWorkspaceStore::Private>(SqlDialect::forLocation(m_location));
    auto opened = d->dialect->open(*d, m_location, SqlWorkspaceStore::Mode::OpenExisting, 0);
    if (!opened) {
        qWarning("%s", qPrintable(opened.error().message));
        return nullptr;
    }
    return d;
}

// A new workspace `d` of the row's backend (of `version`, 0: the newest);
// the PostgreSQL row skips (fails, in CI) without a server.
#define RD_OPEN(d, version)                                                                                                                  \
    QFETCH(QString, backend);                                                                                                                \
    m_dir = std::make_unique<QTemporaryDir>();                                                                                               \
    QVERIFY(m_dir->isValid());                                                                                                               \
    m_location = m_dir->filePath(QStringLiteral("w.rdw"));                                                                                   \
    if (backend == QLatin1String("postgresql"))                                                                                              \
        RD_REQUIRE_POSTGRES(m_location);                                                                                                     \
    auto d = open(version);                                                                                                                  \
    QVERIFY2(d, "the workspace did not open")

void SqlDialectTest::serverLocationsArePostgresAndEverythingElseAFile_data()
{
    QTest::addColumn<QString>("location");
    QTest::addColumn<bool>("onServer");
    QTest::newRow("postgresql scheme") << QStringLiteral("postgresql://ann@db.example:5432/reviews") << true;
    QTest::newRow("postgres scheme") << QStringLiteral("postgres://db.example/reviews") << true;
    QTest::newRow("absolute file") << QStringLiteral("/home/ann/reviews.rdw") << false;
    QTest::newRow("relative file") << QStringLiteral("reviews.rdw") << false;
    QTest::newRow("folder named postgresql") << QStringLiteral("postgresql/reviews.rdw") << false;
    QTest::newRow("scheme without slashes") << QStringLiteral("postgresql:reviews") << false;
}

void SqlDialectTest::serverLocationsArePostgresAndEverythingElseAFile()
{
    QFETCH(QString, location);
    QFETCH(bool, onServer);
    QCOMPARE(SqlDialect::isServerLocation(location), onServer);
    QCOMPARE(SqlDialect::forLocation(location)->onServer(), onServer);
}

void SqlDialectTest::errorsSayWhatTheUserCanDo_data()
{
    QTest::addColumn<bool>("postgres");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("says");
    // The faults a change may outlive (kept and stored later) against the rest.
    QTest::addColumn<Error::Fault>("fault");
    using F = Error::Fault;
    // SQLite's extended codes: the low byte is the primary one.
    QTest::newRow("sqlite busy") << false << QStringLiteral("5") << QStringLiteral("is locked by another program that is using it (for more than 5 s)") << F::None;
    QTest::newRow("sqlite busy snapshot") << false << QStringLiteral("517") << QStringLiteral("is locked by another program") << F::None;
    QTest::newRow("sqlite read-only") << false << QStringLiteral("8") << QStringLiteral("is read-only") << F::ReadOnly;
    QTest::newRow("sqlite corrupt") << false << QStringLiteral("11") << QStringLiteral("is damaged") << F::None;
    QTest::newRow("sqlite full") << false << QStringLiteral("13") << QStringLiteral("the disk is full") << F::DiskFull;
    QTest::newRow("sqlite other") << false << QStringLiteral("1") << QStringLiteral("cannot store the run in ") << F::None;
    QTest::newRow("postgres connection") << true << QStringLiteral("08006") << QStringLiteral("the connection to the server failed") << F::ServerLost;
    // What a session's next statement meets when the server was shut down under it.
    QTest::newRow("postgres shut down") << true << QStringLiteral("57P01") << QStringLiteral("the connection to the server failed") << F::ServerLost;
    QTest::newRow("postgres no SQLSTATE") << true << QString() << QStringLiteral("the connection to the server failed") << F::ServerLost;
    QTest::newRow("postgres deadlock") << true << QStringLiteral("40P01") << QStringLiteral("another client's change got in the way") << F::None;
    QTest::newRow("postgres lock time-out") << true << QStringLiteral("55P03") << QStringLiteral("another client held the workspace too long") << F::None;
    QTest::newRow("postgres no right") << true << QStringLiteral("42501") << QStringLiteral("the server's user has no right to") << F::None;
    QTest::newRow("postgres full") << true << QStringLiteral("53100") << QStringLiteral("the server's disk is full") << F::DiskFull;
}

void SqlDialectTest::errorsSayWhatTheUserCanDo()
{
    QFETCH(bool, postgres);
    QFETCH(QString, code);
    QFETCH(QString, says);
    QFETCH(Error::Fault, fault);
    const auto dialect = postgres ? postgresDialect() : sqliteDialect();
    const QSqlError e(QStringLiteral("driver"), QStringLiteral("database"), QSqlError::StatementError, code);
    const Error error = dialect->error(e, QStringLiteral("store the run"), QStringLiteral("/tmp/w.rdw"));
    QCOMPARE(error.kind, Error::Kind::Workspace);
    QVERIFY2(error.message.contains(says), qPrintable(error.message));
    QCOMPARE(error.fault, fault);
}

void SqlDialectTest::createAtVersionOneHasExactlyTheFirstSchemasTablesInOrder()
{
    RD_OPEN(d, 1);
    auto tables = d->dialect->tables(*d);
    QVERIFY2(tables, tables ? "" : qPrintable(tables.error().message));
    QCOMPARE(*tables, (QStringList{QStringLiteral("workspace_info"), QStringLiteral("merge_requests"), QStringLiteral("runs"),
                                   QStringLiteral("comments"), QStringLiteral("annotators"), QStringLiteral("judgements")}));
}

void SqlDialectTest::columnsAreTheTablesColumnsInOrder()
{
    RD_OPEN(d, 0);
    auto columns = d->dialect->columns(*d, QStringLiteral("annotators"));
    QVERIFY2(columns, columns ? "" : qPrintable(columns.error().message));
    QCOMPARE(*columns, (QStringList{QStringLiteral("id"), QStringLiteral("name"), QStringLiteral("created")}));
    auto none = d->dialect->columns(*d, QStringLiteral("no_such_table"));
    QVERIFY2(none, none ? "" : qPrintable(none.error().message));
    QCOMPARE(*none, QStringList());
}

void SqlDialectTest::insertReturnsEachNewRowsId()
{
    RD_OPEN(d, 0);
    const QString doing = QStringLiteral("add an annotator");
    auto first = d->insert("INSERT INTO annotators (name, created) VALUES (?, ?)", {QStringLiteral("ann"), 1}, doing);
    QVERIFY2(first, first ? "" : qPrintable(first.error().message));
    auto second = d->insert("INSERT INTO annotators (name, created) VALUES (?, ?)", {QStringLiteral("bob"), 2}, doing);
    QVERIFY2(second, second ? "" : qPrintable(second.error().message));
    QCOMPARE(*first, 1);
    QCOMPARE(*second, 2);
    auto name = d->scalar("SELECT name FROM annotators WHERE id = ?", {*second}, doing);
    QVERIFY2(name, name ? "" : qPrintable(name.error().message));
    QCOMPARE(name->toString(), QStringLiteral("bob"));
}

void SqlDialectTest::execBindsValuesButLeavesQuestionMarksInQuotedText()
{
    RD_OPEN(d, 0);
    // PostgreSQL writes the values into the statement: a `?` inside a quoted
    // literal, or inside a value, is no place for one.
    auto q = d->exec("SELECT 'why?', ?, ?", {QStringLiteral("it's ?"), QString()}, QStringLiteral("read"));
    QVERIFY2(q, q ? "" : qPrintable(q.error().message));
    QVERIFY(q->next());
    QCOMPARE(q->value(0).toString(), QStringLiteral("why?"));
    QCOMPARE(q->value(1).toString(), QStringLiteral("it's ?"));
    // A null QString is bound as '' (NOT NULL columns), not as NULL.
    QVERIFY(!q->value(2).isNull());
    QCOMPARE(q->value(2).toString(), QString());
}

void SqlDialectTest::beginWriteStartsATransactionThatRollsBack()
{
    RD_OPEN(d, 0);
    QSqlQuery q(d->db);
    QVERIFY2(q.exec(d->dialect->beginWrite()), qPrintable(q.lastError().text()));
    auto added = d->insert("INSERT INTO annotators (name, created) VALUES (?, ?)", {QStringLiteral("ann"), 1}, QStringLiteral("add"));
    QVERIFY2(added, added ? "" : qPrintable(added.error().message));
    QVERIFY2(q.exec(QStringLiteral("ROLLBACK")), qPrintable(q.lastError().text()));
    auto count = d->scalar("SELECT COUNT(*) FROM annotators", {}, QStringLiteral("count"));
    QVERIFY2(count, count ? "" : qPrintable(count.error().message));
    QCOMPARE(count->toInt(), 0);
}

void SqlDialectTest::aClaimsLockedSelectRunsInAClaimTransaction()
{
    RD_OPEN(d, 0);
    auto mr = d->insert("INSERT INTO merge_requests (repository, base, head, two_dot, title, description, created) VALUES (?, ?, ?, 0, '', '', 0)",
                        {QStringLiteral("/r"), QStringLiteral("a"), QStringLiteral("b")}, QStringLiteral("add"));
    QVERIFY2(mr, mr ? "" : qPrintable(mr.error().message));
    auto claim = d->exec("INSERT INTO team_claims (merge_request, config_hash) VALUES (?, 'h')", {*mr}, QStringLiteral("claim"));
    QVERIFY2(claim, claim ? "" : qPrintable(claim.error().message));
    for (bool skipLocked : {true, false}) {
        QSqlQuery q(d->db);
        QVERIFY2(q.exec(d->dialect->beginClaim()), qPrintable(q.lastError().text()));
        auto row = d->exec(QStringLiteral("SELECT merge_request FROM team_claims WHERE config_hash = ?") + d->dialect->lockRows(skipLocked),
                           {QStringLiteral("h")}, QStringLiteral("claim"));
        QVERIFY2(row, row ? "" : qPrintable(row.error().message));
        QVERIFY(row->next());
        QCOMPARE(row->value(0).toLongLong(), *mr);
        row->finish();
        QVERIFY2(q.exec(QStringLiteral("COMMIT")), qPrintable(q.lastError().text()));
    }
}

void SqlDialectTest::restartIdsNumbersNewRowsAfterCopiedIds()
{
    RD_OPEN(d, 0);
    // As copyWorkspace writes them: with the ids they had.
    auto copied = d->exec("INSERT INTO annotators (id, name, created) VALUES (41, 'ann', 1)", {}, QStringLiteral("copy"));
    QVERIFY2(copied, copied ? "" : qPrintable(copied.error().message));
    auto restarted = d->dialect->restartIds(*d, QStringLiteral("annotators"));
    QVERIFY2(restarted, restarted ? "" : qPrintable(restarted.error().message));
    auto next = d->insert("INSERT INTO annotators (name, created) VALUES (?, ?)", {QStringLiteral("bob"), 2}, QStringLiteral("add"));
    QVERIFY2(next, next ? "" : qPrintable(next.error().message));
    QCOMPARE(*next, 42);
}

void SqlDialectTest::noticesReachAListeningClientOnlyOnAServer()
{
    RD_OPEN(sender, 0);
    auto listener = openAgain();
    QVERIFY(listener);
    const QString channel = QStringLiteral("reviewdesk_test");
    const auto notice = sender->dialect->notice(sender->db, channel, QStringLiteral("it's {\"what\": \"?\"}"));
    bool listening = false;
    if (!sender->dialect->onServer()) {
        QVERIFY(!notice);
        QVERIFY(!listener->dialect->listen(listener->db, channel));
        listener->dialect->waitForNotice(listener->db, channel, 0, listening);
        QVERIFY(!listening);
        return;
    }
    QVERIFY(notice);
    QStringList channels;
    QStringList payloads;
    connect(listener->db.driver(), &QSqlDriver::notification, this, [&](const QString &name, QSqlDriver::NotificationSource, const QVariant &payload) {
        channels << name;
        payloads << payload.toString();
    });
    QVERIFY(listener->dialect->listen(listener->db, channel));
    listening = true;
    QSqlQuery q(sender->db);
    QVERIFY2(q.exec(QStringLiteral("BEGIN; %1; COMMIT").arg(*notice)), qPrintable(q.lastError().text()));
    // Ends at the notice; the bound only keeps a lost one from hanging the test.
    for (int i = 0; i < 10 && channels.isEmpty(); ++i)
        listener->dialect->waitForNotice(listener->db, channel, 5000, listening);
    QCOMPARE(channels, QStringList{channel});
    QCOMPARE(payloads, QStringList{QStringLiteral("it's {\"what\": \"?\"}")});
}

QTEST_GUILESS_MAIN(SqlDialectTest)
#include "tst_sqldialect.moc"
