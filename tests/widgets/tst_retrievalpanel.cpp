// The retrieved context of each hunk of an AACR run, in the window: chunks
// with their scores (BM25), the agent's tool calls with refusals marked, the
// whole-PR agent's exploration and sub-agents with their verdicts, the
// selected one's text; screenshots of each.

#include <AacrHunkReview.h>
#include <FakeLlmServer.h>
#include <FixtureRepo.h>
#include <LlmClient.h>
#include <RetrievalPanel.h>
#include <WaitFor.h>

#include <QApplication>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent>

using namespace rd;
using namespace rd::test;

namespace {

// The panel at a size a person reads it, showing `record`.
bool showRun(RetrievalPanel &panel, std::shared_ptr<const RunRecord> record)
{
    panel.resize(760, 520);
    panel.setRun(std::move(record));
    panel.show();
    return QTest::qWaitForWindowExposed(&panel);
}

} // namespace

class RetrievalPanelTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void emptyPanelSaysWhatItIsFor();
    void bm25ChunksAreListedWithScores();
    void agentToolCallsAreListedWithRefusals();
    void agentPrListsTheExplorationAndEachSubAgentWithItsVerdict();

private:
    std::shared_ptr<const RunRecord> run(FakeLlmServer &server, const QString &context);
    void screenshot(QWidget &w, const QString &name);

    QTemporaryDir m_dir;
    std::shared_ptr<MergeRequest> m_mr;
};

void RetrievalPanelTest::initTestCase()
{
    FixtureRepo repo(m_dir.filePath(QStringLiteral("repo")));
    FixtureRepo::Tree base{{"src/buffer.cpp", file("#include \"buffer.h\"\n\nvoid Buffer::append(const char *data, int size)\n{\n    grow(size);\n"
                                                   "    copy(data, size);\n}\n")},
                           {"src/buffer.h", file("struct Buffer\n{\n    void append(const char *data, int size);\n    void grow(int size);\n    char *data = nullptr;\n"
                                                 "    int capacity = 0;\n};\n")},
                           {"src/grow.cpp", file("#include \"buffer.h\"\n\nvoid Buffer::grow(int size)\n{\n    capacity += size;\n}\n")},
                           {"README.md", file("Buffers grow by the size appended.\n")},
                           {"src/socket.cpp", file("int Socket::open(int port)\n{\n    return connect_to(port);\n}\n")},
                           {"src/log.cpp", file("void log_line(const char *text)\n{\n    write_out(text);\n}\n")},
                           {"src/config.cpp", file("Config load_config(const char *path)\n{\n    return parse_file(path);\n}\n")},
                           {"src/timer.cpp", file("void Timer::start(int interval)\n{\n    schedule(interval);\n}\n")},
                           {"src/hash.cpp", file("unsigned hash_bytes(const char *bytes, int length)\n{\n    return fold(bytes, length);\n}\n")},
                           {"tests/test_buffer.cpp", file("void test_append()\n{\n    Buffer b;\n    b.append(\"ab\", 2);\n}\n")}};
    const QByteArray root = repo.commit("main", base, "Initial\n");
    FixtureRepo::Tree head = base;
    head["src/buffer.cpp"] = file("#include \"buffer.h\"\n\nvoid Buffer::append(const char *data, int size)\n{\n    if (size > capacity)\n        grow(size);\n"
                                  "    copy(data, size);\n}\n");
    repo.commit("feature", head, "Grow only when needed\n\nAppending no longer grows a buffer that has room.\n", {root});
    auto mr = MergeRequest::open(m_dir.filePath(QStringLiteral("repo")), QStringLiteral("main"), QStringLiteral("feature"));
    QVERIFY(mr);
    m_mr = std::make_shared<MergeRequest>(std::move(mr).value());
}

std::shared_ptr<const RunRecord> RetrievalPanelTest::run(FakeLlmServer &server, const QString &context)
{
    const QByteArray json = QStringLiteral("{\"pipeline\":\"aacr\",\"context\":\"%1\",\"retries\":0,\"roles\":{\"reviewer\":{\"endpoint\":\"%2\",\"model\":\"m\"}},"
                                           "\"aacr\":{\"cache_dir\":\"%3\"}}")
                                .arg(context, server.endpoint(), m_dir.filePath(QStringLiteral("cache")))
                                .toUtf8();
    auto config = AacrRunConfig::fromJson(json);
    if (!config)
        qFatal("%s", qPrintable(config.error().message));
    LlmClient client;
    const AacrRunConfig c = *config;
    auto mr = m_mr;
    return std::make_shared<const RunRecord>(waitFor(QtConcurrent::run([&client, mr, c] { return runAacrReview(client, *mr, c); })));
}

void RetrievalPanelTest::screenshot(QWidget &w, const QString &name)
{
    const QString path = QStringLiteral(QT_TESTCASE_BUILDDIR "/screenshot-retrieval-%1.png").arg(name);
    QVERIFY(w.grab().toImage().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void RetrievalPanelTest::emptyPanelSaysWhatItIsFor()
{
    RetrievalPanel panel;
    QCOMPARE(panel.hunkCount(), 0);
    QCOMPARE(panel.rowCount(0), 0);
    QVERIFY(panel.shownText().isEmpty());
}

void RetrievalPanelTest::bm25ChunksAreListedWithScores()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &) { return FakeLlmServer::completion(QStringLiteral("<end />")); });
    const auto record = run(server, QStringLiteral("bm25"));
    QVERIFY2(record->errors.isEmpty(), qPrintable(record->errors.join(QLatin1Char('\n'))));
    RetrievalPanel panel;
    QVERIFY(showRun(panel, record));
    QCOMPARE(panel.hunkCount(), 1);
    const QList<RetrievedChunk> &chunks = record->retrieval[0].chunks;
    QCOMPARE(panel.rowCount(0), chunks.size());
    QCOMPARE(chunks.size(), 3);
    for (int r = 0; r < chunks.size(); ++r)
        QCOMPARE(panel.rowText(0, r), QStringLiteral("%1 | %2-%3 | %4")
                                          .arg(QString::fromUtf8(chunks[r].path))
                                          .arg(chunks[r].lineStart)
                                          .arg(chunks[r].lineEnd)
                                          .arg(chunks[r].score, 0, 'g', 4));
    panel.selectRow(0, 0);
    QVERIFY(panel.shownText().startsWith(QString::fromUtf8(chunks[0].path)));
    QVERIFY(panel.shownText().contains(chunks[0].text.trimmed()));
    screenshot(panel, QStringLiteral("bm25"));
}

void RetrievalPanelTest::agentToolCallsAreListedWithRefusals()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &request) {
        if (FakeLlmServer::toolResults(request).isEmpty())
            return FakeLlmServer::toolCalls({{QStringLiteral("a"), QStringLiteral("find_definition"), QStringLiteral("{\"symbol\":\"Buffer::grow\"}")},
                                             {QStringLiteral("b"), QStringLiteral("read_file"), QStringLiteral("{\"path\":\"../secrets.txt\"}")},
                                             {QStringLiteral("c"), QStringLiteral("search"), QStringLiteral("{\"text\":\"capacity\"}")}});
        return FakeLlmServer::completion(QStringLiteral("<end />"));
    });
    const auto record = run(server, QStringLiteral("agent"));
    RetrievalPanel panel;
    QVERIFY(showRun(panel, record));
    QCOMPARE(panel.rowCount(0), 3);
    QVERIFY(panel.rowText(0, 1).endsWith(QStringLiteral("| turn 1 | refused")));
    QVERIFY(panel.rowText(0, 0).endsWith(QStringLiteral("| turn 1 | ")));
    panel.selectRow(0, 0);
    QVERIFY2(panel.shownText().contains(QStringLiteral("src/grow.cpp:3-6")), qPrintable(panel.shownText()));
    screenshot(panel, QStringLiteral("agent"));
}

void RetrievalPanelTest::agentPrListsTheExplorationAndEachSubAgentWithItsVerdict()
{
    FakeLlmServer server;
    server.setResponder([](const FakeLlmServer::Request &request) {
        const bool validator = request.body.contains("You are a validation agent");
        if (FakeLlmServer::toolResults(request).isEmpty())
            return FakeLlmServer::toolCalls({{QStringLiteral("a"), QStringLiteral("search"), QStringLiteral("{\"text\":\"capacity\"}")}});
        if (!validator)
            return FakeLlmServer::completion(QStringLiteral("<path>src/buffer.cpp</path><side>right</side><from>5</from><to>6</to>"
                                                            "<note>grow(size) adds size to capacity: data is never reallocated</note><notesplit />"));
        return FakeLlmServer::completion(QStringLiteral("<verdict>drop</verdict><reason>grow.cpp only counts; copy() is not shown</reason>"));
    });
    const auto record = run(server, QStringLiteral("agent-pr"));
    QVERIFY2(record->errors.isEmpty(), qPrintable(record->errors.join(QLatin1Char('\n'))));
    RetrievalPanel panel;
    QVERIFY(showRun(panel, record));
    QCOMPARE(panel.hunkCount(), 2); // the exploration, one sub-agent
    QCOMPARE(panel.rowCount(0), 1);
    QCOMPARE(panel.rowCount(1), 1);
    QVERIFY(panel.rowText(0, 0).startsWith(QStringLiteral("search(")));
    panel.selectRow(1, -1);
    QVERIFY2(panel.shownText().startsWith(QStringLiteral("pr-c1: drop")), qPrintable(panel.shownText()));
    QVERIFY(panel.shownText().contains(QStringLiteral("grow.cpp only counts")));
    panel.selectRow(1, 0);
    QVERIFY2(panel.shownText().contains(QStringLiteral("src/grow.cpp:5:")), qPrintable(panel.shownText()));
    screenshot(panel, QStringLiteral("agent-pr"));
}

QTEST_MAIN(RetrievalPanelTest)
#include "tst_retrievalpanel.moc"
