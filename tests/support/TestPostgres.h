#pragma once

#include <QString>

// The throwaway PostgreSQL server of scripts/pg-throwaway.sh, which
// scripts/test.sh starts and names in REVIEWDESK_TEST_PG (a maintenance
// address, postgresql://reviewdesk@127.0.0.1:PORT/postgres).
namespace rd::testpg {

// Empty when no server was given; then `why` says so.
QString server(QString *why = nullptr);
// In CI (CI=true) a missing server is a failure, elsewhere a skip.
bool required();
// A new, empty database on the server, as a workspace address; empty (and
// `why` set) when that failed.
QString freshDatabase(QString *why = nullptr);

} // namespace rd::testpg

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
