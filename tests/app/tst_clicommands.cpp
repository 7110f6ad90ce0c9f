// reviewdesk-cli's command table (app/cli/CommandTable.cpp) as a user meets
// it: --help lists every command of the table, every command of the table
// reaches its own entry point (in the program or in the analysis module),
// and a name the table does not have is an error, never a review.

#include <CommandTable.h>
#include <RunProcess.h>

#include <QList>
#include <QTest>

#include <algorithm>

using namespace rd::test;
using rd::cli::Command;
using rd::cli::commands;

class CliCommandsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void unknownCommandExitsTwoNamingIt_data();
    void unknownCommandExitsTwoNamingIt();
    void helpListsEveryCommandOfTheTableAndNothingElse();
    void everyCommandOfTheTableAnswersItsOwnHelp_data();
    void everyCommandOfTheTableAnswersItsOwnHelp();
};

void CliCommandsTest::unknownCommandExitsTwoNamingIt_data()
{
    QTest::addColumn<QStringList>("arguments");
    // Names the analysis module's dispatch once sent on to `review`, and
    // near misses of real commands.
    QTest::newRow("misspelt review") << QStringList{QStringLiteral("reveiw"), QStringLiteral("--all-mrs")};
    QTest::newRow("capitalised") << QStringList{QStringLiteral("Review")};
    QTest::newRow("subcommand as a command") << QStringList{QStringLiteral("copy"), QStringLiteral("a.rdw"), QStringLiteral("b.rdw")};
    QTest::newRow("joined subcommand") << QStringList{QStringLiteral("mr-add")};
    QTest::newRow("an option first") << QStringList{QStringLiteral("--workspace"), QStringLiteral("w.rdw")};
}

void CliCommandsTest::unknownCommandExitsTwoNamingIt()
{
    QFETCH(QStringList, arguments);
    const GitOutput out = runCli(arguments);
    QCOMPARE(out.exitCode, 2);
    QCOMPARE(out.err, QByteArray("reviewdesk-cli: unknown command '" + arguments.constFirst().toUtf8() + "' (try --help)\n"));
    QVERIFY2(out.out.isEmpty(), out.out.constData());
}

void CliCommandsTest::helpListsEveryCommandOfTheTableAndNothingElse()
{
    const GitOutput help = runCli({QStringLiteral("--help")});
    QCOMPARE(help.exitCode, 0);
    const QList<QByteArray> lines = help.out.split('\n');
    const qsizetype first = lines.indexOf("Commands:") + 1;
    QVERIFY2(first > 0, help.out.constData());
    qsizetype listed = 0;
    while (first + listed < lines.size() && !lines.at(first + listed).isEmpty())
        ++listed;
    QCOMPARE(listed, qsizetype(commands().size()));
    for (const Command &c : commands()) {
        const auto line = std::find_if(lines.cbegin() + first, lines.cbegin() + first + listed, [&c](const QByteArray &l) {
            return l.simplified().startsWith(QByteArray(QByteArray(c.name) + ' '));
        });
        QVERIFY2(line != lines.cbegin() + first + listed, c.name);
        QCOMPARE(line->simplified(), QByteArray(QByteArray(c.name) + ' ' + c.help).simplified());
    }
}

void CliCommandsTest::everyCommandOfTheTableAnswersItsOwnHelp_data()
{
    QTest::addColumn<QString>("name");
    for (const Command &c : commands())
        QTest::newRow(c.name) << QString::fromLatin1(c.name);
}

void CliCommandsTest::everyCommandOfTheTableAnswersItsOwnHelp()
{
    // Each command's --help is its own usage: the table's entry point for it
    // was reached, and no other command's.
    QFETCH(QString, name);
    const GitOutput help = runCli({name, QStringLiteral("--help")});
    QVERIFY2(help.exitCode == 0, help.err.constData());
    QVERIFY2(help.out.startsWith(QByteArray("Usage: reviewdesk-cli " + name.toUtf8() + ' ')), help.out.constData());
}

QTEST_GUILESS_MAIN(CliCommandsTest)
#include "tst_clicommands.moc"
