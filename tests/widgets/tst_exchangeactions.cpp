// ExchangeActions without a window: its actions belong to the widget it was
// given, and opening a stored merge request is reported by signals, the diff
// for one whose code is linked, a note for one imported without code.

#include <ExchangeActions.h>
#include <ReviewSession.h>

#include <QAction>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

class ExchangeActionsTest : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void cleanup();
    void actionsBelongToTheDialogParentAndFillTheMenuInOrder();
    void linkedMergeRequestIsChosenForItsDiff();
    void mergeRequestWithoutCodeComesWithTheNote();

private:
    QTemporaryDir m_dir;
    ReviewSession *m_session = nullptr;
    QWidget *m_parent = nullptr;
    ExchangeActions *m_actions = nullptr;
    qint64 m_linked = 0;
    qint64 m_withoutCode = 0;
};

void ExchangeActionsTest::init()
{
    m_session = new ReviewSession;
    QVERIFY(m_session->openWorkspace(m_dir.filePath(QStringLiteral("ws-%1.rdw").arg(QString::fromLatin1(QTest::currentTestFunction()))), true));
    MergeRequestEntry linked;
    linked.repository = QStringLiteral("/repos/inventory");
    linked.base = QStringLiteral("main");
    linked.head = QStringLiteral("feature");
    linked.twoDot = true;
    linked.title = QStringLiteral("Fix the total");
    linked.description = QStringLiteral("Counts the last item.");
    m_linked = *m_session->addMergeRequest(linked);
    MergeRequestEntry imported;
    imported.repository = QStringLiteral("/repos/go");
    imported.base = QStringLiteral("1111");
    imported.head = QStringLiteral("2222");
    imported.title = QStringLiteral("Close the file");
    imported.url = QStringLiteral("https://github.com/example/go/pull/7");
    imported.codeLinked = false;
    m_withoutCode = *m_session->addMergeRequest(imported);
    QVERIFY(m_linked != m_withoutCode);
    m_parent = new QWidget;
    m_actions = new ExchangeActions(m_session, m_parent);
}

void ExchangeActionsTest::cleanup()
{
    delete m_parent; // and the actions with it
    delete m_session;
}

void ExchangeActionsTest::actionsBelongToTheDialogParentAndFillTheMenuInOrder()
{
    QCOMPARE(m_actions->parent(), m_parent);
    QMenu menu;
    m_actions->addTo(&menu);
    QStringList names;
    for (QAction *a : menu.actions()) {
        QCOMPARE(a->parent(), m_parent); // the window's shortcut settings find them
        names << a->objectName();
    }
    QCOMPARE(names, (QStringList{QStringLiteral("openStored"), QStringLiteral("import"), QStringLiteral("export")}));
}

void ExchangeActionsTest::linkedMergeRequestIsChosenForItsDiff()
{
    QList<MergeRequestRequest> chosen;
    int withoutCode = 0;
    connect(m_actions, &ExchangeActions::mergeRequestChosen, this, [&](const MergeRequestRequest &r) { chosen << r; });
    connect(m_actions, &ExchangeActions::mergeRequestWithoutCode, this, [&] { ++withoutCode; });
    m_actions->openStored(m_linked);
    QCOMPARE(chosen.size(), 1);
    QCOMPARE(chosen[0].repository, QStringLiteral("/repos/inventory"));
    QCOMPARE(chosen[0].base, QStringLiteral("main"));
    QCOMPARE(chosen[0].head, QStringLiteral("feature"));
    QVERIFY(chosen[0].twoDot);
    QCOMPARE(chosen[0].title, QStringLiteral("Fix the total"));
    QCOMPARE(chosen[0].description, QStringLiteral("Counts the last item."));
    QCOMPARE(withoutCode, 0);
    QVERIFY(!m_session->currentMergeRequest()); // the window opens it, not the actions
}

void ExchangeActionsTest::mergeRequestWithoutCodeComesWithTheNote()
{
    int chosen = 0;
    QList<std::pair<qint64, QString>> withoutCode;
    connect(m_actions, &ExchangeActions::mergeRequestChosen, this, [&] { ++chosen; });
    connect(m_actions, &ExchangeActions::mergeRequestWithoutCode, this,
            [&](const MergeRequestEntry &entry, const QString &note) { withoutCode.append({entry.id, note}); });
    m_actions->openStored(m_withoutCode);
    QCOMPARE(chosen, 0);
    QCOMPARE(withoutCode.size(), 1);
    QCOMPARE(withoutCode[0].first, m_withoutCode);
    QCOMPARE(withoutCode[0].second, ExchangeActions::withoutCodeMessage(QStringLiteral("https://github.com/example/go/pull/7")));
    QCOMPARE(m_session->currentMergeRequestId(), m_withoutCode);
}

QTEST_MAIN(ExchangeActionsTest)
#include "tst_exchangeactions.moc"
