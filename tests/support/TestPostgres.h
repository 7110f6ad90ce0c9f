#pragma once

#include <QString>

// The throwaway PostgreSQL server of scripts/pg-throwaway.sh, which
// scripts/test.sh starts and names in REVIEWDESK_TEST_PG (a maintenance
// address, postgresql://reviewdesk@127.0.0.1:PORT/postgres).
namespace rd::testpg {

// initTestCase_data of a test that runs against both backends: the global
// column "backend", rows "sqlite" and "postgresql" (the latter skipped, or
// failed in CI, without a server: RD_REQUIRE_POSTGRES in init()).
void addBackendRows();

// Empty when no server was given; then `why` says so.
QString server(QString *why = nullptr);
// In CI (CI=true) a missing server is a failure, elsewhere a skip.
bool required();
// A new, empty database on the server, as a workspace address; empty (and
// `why` set) when that failed.
QString freshDatabase(QString *why = nullptr);

// A throwaway server of the test's own (scripts/pg-throwaway.sh start), for
// the fault tests that take it away and bring it back under a client: the
// shared server of REVIEWDESK_TEST_PG serves tests running in parallel.
// Stopped and removed with the object.
class OwnServer
{
public:
    OwnServer();
    ~OwnServer();
    OwnServer(const OwnServer &) = delete;
    OwnServer &operator=(const OwnServer &) = delete;

    // Empty when the server did not start; then `why` says why.
    QString address() const { return m_address; }
    QString why() const { return m_why; }
    // A new, empty database on it, as a workspace address.
    QString freshDatabase();
    // A fast shutdown (every session is ended) and a start on the same port
    // and data; each returns once pg_ctl has waited for it.
    bool down();
    bool up();

private:
    bool script(const QStringList &arguments, QByteArray *out = nullptr);

    QString m_dir;
    QString m_address;
    QString m_why;
};

} // namespace rd::testpg

// Skips the test (fails it in CI) when the test's own server did not start.
#define RD_REQUIRE_OWN_POSTGRES(own)                                                                                                         \
    do {                                                                                                                                     \
        if ((own).address().isEmpty()) {                                                                                                     \
            if (rd::testpg::required())                                                                                                      \
                QFAIL(qPrintable(QStringLiteral("CI needs the PostgreSQL fault tests: ") + (own).why()));                                   \
            QSKIP(qPrintable((own).why()));                                                                                                  \
        }                                                                                                                                    \
    } while (false)

// Skips the test (fails it in CI) when there is no PostgreSQL server.
#define RD_REQUIRE_POSTGRES(server)                                                                                                          \
    do {                                                                                                                                     \
        QString rdWhy_;                                                                                                                      \
        server = rd::testpg::freshDatabase(&rdWhy_);                                                                                         \
        if (server.isEmpty()) {                                                                                                              \
            if (rd::testpg::required())                                                                                                      \
                QFAIL(qPrintable(QStringLiteral("CI needs the PostgreSQL rows: ") + rdWhy_));                                               \
            QSKIP(qPrintable(rdWhy_));                                                                                                       \
        }                                                                                                                                    \
    } while (false)

// init() of a test on both backends (addBackendRows): a fresh temporary
// folder in `dir` (a std::unique_ptr<QTemporaryDir>) and, on the "postgresql"
// row, a fresh database's address in `server` (else empty).
#define RD_INIT_BACKEND(dir, server)                                                                                                         \
    do {                                                                                                                                     \
        dir = std::make_unique<QTemporaryDir>();                                                                                             \
        QVERIFY(dir->isValid());                                                                                                             \
        server.clear();                                                                                                                      \
        QFETCH_GLOBAL(QString, backend);                                                                                                     \
        if (backend == QLatin1String("postgresql"))                                                                                          \
            RD_REQUIRE_POSTGRES(server);                                                                                                     \
    } while (false)
