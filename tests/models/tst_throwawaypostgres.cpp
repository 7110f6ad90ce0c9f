// scripts/pg-throwaway.sh, the PostgreSQL server every store test and fault
// test runs against: it must start even when the port it chose is taken by
// the time the server binds it, and choose where no test's own listener or
// outgoing connection can take the port (below the ephemeral range).

#include "TestPostgres.h"

#include <QFile>
#include <QTest>
#include <QUrl>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

class ThrowawayPostgresTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cleanup() { qunsetenv("REVIEWDESK_PG_PORTS"); }
    void aPortTakenWhenTheServerBindsIsGivenUpForTheNext();
    void thePortChosenIsBelowTheEphemeralRange();
};

namespace {

// A TCP socket bound to 127.0.0.1 at a port the kernel picks, not listening:
// a connection to the port is refused (the script's check passes) but the
// server's bind fails, as when another program takes the port in between.
class BoundPort
{
public:
    BoundPort()
    {
        m_fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof address;
        if (m_fd >= 0 && ::bind(m_fd, reinterpret_cast<sockaddr *>(&address), length) == 0
            && ::getsockname(m_fd, reinterpret_cast<sockaddr *>(&address), &length) == 0)
            m_port = ntohs(address.sin_port);
    }
    ~BoundPort()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    BoundPort(const BoundPort &) = delete;
    BoundPort &operator=(const BoundPort &) = delete;
    int port() const { return m_port; }

private:
    int m_fd = -1;
    int m_port = 0;
};

int firstEphemeralPort()
{
    QFile range(QStringLiteral("/proc/sys/net/ipv4/ip_local_port_range"));
    if (!range.open(QIODevice::ReadOnly))
        return 0;
    return QString::fromLatin1(range.readAll()).simplified().section(QLatin1Char(' '), 0, 0).toInt();
}

} // namespace

void ThrowawayPostgresTest::aPortTakenWhenTheServerBindsIsGivenUpForTheNext()
{
    const BoundPort taken;
    QVERIFY(taken.port() > 0);
    // The next port: one the kernel handed out and took back, free now.
    int next = 0;
    {
        const BoundPort released;
        next = released.port();
    }
    QVERIFY(next > 0 && next != taken.port());
    qputenv("REVIEWDESK_PG_PORTS", QByteArray(QByteArray::number(taken.port()) + ' ' + QByteArray::number(next)));

    rd::testpg::OwnServer server;
    RD_REQUIRE_OWN_POSTGRES(server);
    QCOMPARE(QUrl(server.address()).port(), next);
    QVERIFY2(!server.freshDatabase().isEmpty(), qPrintable(server.why()));
}

void ThrowawayPostgresTest::thePortChosenIsBelowTheEphemeralRange()
{
    const int ephemeral = firstEphemeralPort();
    // Linux's default is 32768; a kernel tuned to start its ephemeral ports
    // at 1124 or lower leaves no range below them, and the script then takes
    // any unprivileged port: there is nothing of this case to check.
    if (ephemeral <= 1124)
        QSKIP("this kernel's ephemeral ports start at 1124 or lower: no range below them for the server");
    // Several starts: a port chosen from anywhere would land in the range
    // (32768 and up, on Linux's defaults) most of the time.
    for (int i = 0; i < 3; ++i) {
        rd::testpg::OwnServer server;
        RD_REQUIRE_OWN_POSTGRES(server);
        const int port = QUrl(server.address()).port();
        QVERIFY2(port >= 1024 && port < ephemeral, qPrintable(QStringLiteral("port %1, ephemeral ports from %2").arg(port).arg(ephemeral)));
    }
}

QTEST_GUILESS_MAIN(ThrowawayPostgresTest)
#include "tst_throwawaypostgres.moc"
