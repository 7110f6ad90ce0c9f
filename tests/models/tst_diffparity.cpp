// Parity with the git CLI: for every fixture, `reviewdesk-cli diff --format
// patch` must print what `git diff -M` prints, byte for byte (index lines may
// abbreviate differently), and the JSON must agree with `git diff --numstat`.

#include <FixtureRepo.h>
#include <Scenarios.h>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <memory>

using namespace rd::test;

class DiffParityTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void patchMatchesGit_data();
    void patchMatchesGit();
    void jsonMatchesNumstat_data();
    void jsonMatchesNumstat();
    void workTreeAttributesApply();

private:
    void addRows();
    QTemporaryDir m_root;
    std::map<QByteArray, QString> m_repos;
};

void DiffParityTest::initTestCase()
{
    QVERIFY(m_root.isValid());
    QVERIFY2(runGit(m_root.path(), {QStringLiteral("--version")}).exitCode == 0, "the git CLI is needed as the test oracle");
    m_repos = buildScenarios(m_root.path());
}

// Each row: scenario, our extra options, git's equivalent options, and the
// range git is asked for.
void DiffParityTest::addRows()
{
    QTest::addColumn<QByteArray>("scenario");
    QTest::addColumn<QStringList>("ours");
    QTest::addColumn<QStringList>("theirs");
    const QString threeDot = QStringLiteral("main...feature");
    for (const Scenario &s : scenarios()) {
        QTest::addRow("%s three-dot", s.name.constData()) << s.name << QStringList{} << QStringList{threeDot};
        QTest::addRow("%s two-dot", s.name.constData())
            << s.name << QStringList{QStringLiteral("--two-dot")} << QStringList{QStringLiteral("main"), QStringLiteral("feature")};
    }
    for (const QByteArray name : {"modified", "many-files", "no-newline", "function-context"}) {
        QTest::addRow("%s -U0", name.constData()) << name << QStringList{QStringLiteral("--context"), QStringLiteral("0")}
                                                  << QStringList{QStringLiteral("-U0"), threeDot};
        QTest::addRow("%s -U10", name.constData()) << name << QStringList{QStringLiteral("--context"), QStringLiteral("10")}
                                                   << QStringList{QStringLiteral("-U10"), threeDot};
    }
    for (const QByteArray name : {"copies", "renames", "modified"})
        QTest::addRow("%s -C", name.constData()) << name << QStringList{QStringLiteral("--find-copies")}
                                                 << QStringList{QStringLiteral("-C"), threeDot};
    QTest::addRow("many-files one thread") << QByteArray("many-files") << QStringList{QStringLiteral("--threads"), QStringLiteral("1")}
                                           << QStringList{threeDot};
    QTest::addRow("many-files eight threads") << QByteArray("many-files") << QStringList{QStringLiteral("--threads"), QStringLiteral("8")}
                                              << QStringList{threeDot};
    QTest::addRow("modified -w") << QByteArray("modified") << QStringList{QStringLiteral("--ignore-whitespace")}
                                 << QStringList{QStringLiteral("-w"), threeDot};
}

void DiffParityTest::patchMatchesGit_data() { addRows(); }

void DiffParityTest::patchMatchesGit()
{
    QFETCH(QByteArray, scenario);
    QFETCH(QStringList, ours);
    QFETCH(QStringList, theirs);
    const QString repo = m_repos.at(scenario);

    const GitOutput git = runGit(repo, QStringList{QStringLiteral("diff"), QStringLiteral("-M")} + theirs);
    QCOMPARE(git.exitCode, 0);
    const GitOutput cli = runCli(QStringList{QStringLiteral("diff"), QStringLiteral("--repo"), repo, QStringLiteral("--base"),
                                             QStringLiteral("main"), QStringLiteral("--head"), QStringLiteral("feature"),
                                             QStringLiteral("--format"), QStringLiteral("patch")} + ours);
    QVERIFY2(cli.exitCode == 0, cli.err.constData());
    QVERIFY(cli.err.isEmpty());

    const QByteArray expected = normalizeIndexLines(git.out);
    const QByteArray actual = normalizeIndexLines(cli.out);
    if (actual != expected) {
        // Point at the first differing line so the failure reads well.
        const QList<QByteArray> a = actual.split('\n'), e = expected.split('\n');
        for (qsizetype i = 0; i < std::max(a.size(), e.size()); ++i) {
            const QByteArray al = a.value(i), el = e.value(i);
            if (al != el)
                QFAIL(qPrintable(QStringLiteral("line %1 differs:\n  ours: %2\n  git:  %3")
                                     .arg(i + 1)
                                     .arg(QString::fromLatin1(al.left(200)), QString::fromLatin1(el.left(200)))));
        }
    }
    QCOMPARE(actual.size(), expected.size());
    if (scenario != "empty-diff")
        QVERIFY(!expected.isEmpty());
}

void DiffParityTest::jsonMatchesNumstat_data() { addRows(); }

namespace {

QByteArray pathOf(const QJsonObject &file, const QString &key)
{
    const QJsonValue exact = file.value(key + QStringLiteral("_base64"));
    if (exact.isString())
        return QByteArray::fromBase64(exact.toString().toLatin1());
    return file.value(key).toString().toUtf8();
}

} // namespace

void DiffParityTest::jsonMatchesNumstat()
{
    QFETCH(QByteArray, scenario);
    QFETCH(QStringList, ours);
    QFETCH(QStringList, theirs);
    const QString repo = m_repos.at(scenario);

    // -U<n> would switch git to patch output; counts do not depend on it.
    theirs.removeIf([](const QString &arg) { return arg.startsWith(QLatin1String("-U")); });
    const GitOutput git = runGit(repo, QStringList{QStringLiteral("diff"), QStringLiteral("--numstat"), QStringLiteral("-z"),
                                                   QStringLiteral("-M")} + theirs);
    QCOMPARE(git.exitCode, 0);
    const GitOutput cli = runCli(QStringList{QStringLiteral("diff"), QStringLiteral("--repo"), repo, QStringLiteral("--base"),
                                             QStringLiteral("main"), QStringLiteral("--head"), QStringLiteral("feature"),
                                             QStringLiteral("--format"), QStringLiteral("json")} + ours);
    QVERIFY2(cli.exitCode == 0, cli.err.constData());
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(cli.out, &error);
    QVERIFY2(!doc.isNull(), qPrintable(error.errorString()));

    // numstat -z: "added\tdeleted\tpath\0" or, for renames and copies,
    // "added\tdeleted\t\0old\0new\0"; binary counts are "-".
    QStringList expected;
    const QList<QByteArray> fields = git.out.split('\0');
    for (qsizetype i = 0; i + 1 < fields.size();) {
        // Split at the first two tabs only: a path may hold tabs itself.
        const qsizetype tab1 = fields[i].indexOf('\t'), tab2 = fields[i].indexOf('\t', tab1 + 1);
        QVERIFY(tab1 > 0 && tab2 > tab1);
        const QByteArrayList counts{fields[i].left(tab1), fields[i].mid(tab1 + 1, tab2 - tab1 - 1), fields[i].mid(tab2 + 1)};
        QByteArray oldPath = counts[2], newPath = counts[2];
        ++i;
        if (counts[2].isEmpty()) {
            oldPath = fields[i++];
            newPath = fields[i++];
        }
        expected << QString::fromLatin1(counts[0] + ' ' + counts[1] + ' ' + oldPath + " -> " + newPath);
    }

    QStringList actual;
    int totalAdd = 0, totalDel = 0;
    for (const QJsonValue &v : doc.object().value(QStringLiteral("files")).toArray()) {
        const QJsonObject f = v.toObject();
        const bool binary = f.value(QStringLiteral("binary")).toBool();
        const QString status = f.value(QStringLiteral("status")).toString();
        const QByteArray oldPath = f.value(QStringLiteral("old_path")).isNull() ? pathOf(f, QStringLiteral("new_path")) : pathOf(f, QStringLiteral("old_path"));
        const QByteArray newPath = f.value(QStringLiteral("new_path")).isNull() ? oldPath : pathOf(f, QStringLiteral("new_path"));
        const int add = f.value(QStringLiteral("additions")).toInt(), del = f.value(QStringLiteral("deletions")).toInt();
        totalAdd += add;
        totalDel += del;
        // Hunk line counts agree with the per-file totals and headers.
        int hunkAdd = 0, hunkDel = 0;
        for (const QJsonValue &h : f.value(QStringLiteral("hunks")).toArray()) {
            int oldCount = 0, newCount = 0;
            for (const QJsonValue &l : h.toObject().value(QStringLiteral("lines")).toArray()) {
                const QString kind = l.toObject().value(QStringLiteral("kind")).toString();
                hunkAdd += kind == QLatin1String("add");
                hunkDel += kind == QLatin1String("del");
                oldCount += kind != QLatin1String("add");
                newCount += kind != QLatin1String("del");
                QCOMPARE(l.toObject().value(QStringLiteral("old")).isNull(), kind == QLatin1String("add"));
                QCOMPARE(l.toObject().value(QStringLiteral("new")).isNull(), kind == QLatin1String("del"));
            }
            QCOMPARE(oldCount, h.toObject().value(QStringLiteral("old_lines")).toInt());
            QCOMPARE(newCount, h.toObject().value(QStringLiteral("new_lines")).toInt());
        }
        QCOMPARE(hunkAdd, add);
        QCOMPARE(hunkDel, del);
        QVERIFY(QStringList({QStringLiteral("added"), QStringLiteral("deleted"), QStringLiteral("modified"), QStringLiteral("renamed"),
                             QStringLiteral("copied"), QStringLiteral("typechange")}).contains(status));
        const QByteArray counts = binary ? QByteArray("- -") : QByteArray::number(add) + ' ' + QByteArray::number(del);
        actual << QString::fromLatin1(counts + ' ' + oldPath + " -> " + newPath);
    }
    QCOMPARE(actual, expected);
    QCOMPARE(doc.object().value(QStringLiteral("additions")).toInt(), totalAdd);
    QCOMPARE(doc.object().value(QStringLiteral("deletions")).toInt(), totalDel);
}

// git reads .gitattributes from the work tree even for commit-to-commit
// diffs; a `-diff` attribute turns a text file into "Binary files differ".
void DiffParityTest::workTreeAttributesApply()
{
    QTemporaryDir dir;
    FixtureRepo repo(dir.path());
    scenario("modified").build(repo);
    QFile attributes(dir.filePath(QStringLiteral(".gitattributes")));
    QVERIFY(attributes.open(QIODevice::WriteOnly));
    attributes.write("*.cpp -diff\n");
    attributes.close();
    const QStringList args{QStringLiteral("diff"), QStringLiteral("--repo"), dir.path(), QStringLiteral("--base"),
                           QStringLiteral("main"), QStringLiteral("--head"), QStringLiteral("feature")};
    const GitOutput git = runGit(dir.path(), {QStringLiteral("diff"), QStringLiteral("-M"), QStringLiteral("main...feature")});
    const GitOutput ours = runCli(args);
    QVERIFY(git.out.contains("Binary files a/src/compute.cpp and b/src/compute.cpp differ"));
    QCOMPARE(normalizeIndexLines(ours.out), normalizeIndexLines(git.out));
}

QTEST_GUILESS_MAIN(DiffParityTest)
#include "tst_diffparity.moc"
