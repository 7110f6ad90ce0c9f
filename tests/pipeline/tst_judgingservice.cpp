// JudgingService: the current annotator's judgements, edits and human
// comments on the session's open merge request, each one workspace
// transaction with its undo step, and the signals that show them.

#include <JudgingService.h>
#include <ReviewSession.h>

#include "SessionFixture.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;

namespace {

ReviewComment generated(const QString &issue, int line)
{
    return test::commentAt(QStringLiteral("a.cpp"), line, issue);
}

} // namespace

class JudgingServiceTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    // A session on a new workspace with one merge request of two unrelated
    // comments, open, judged by `annotator` (none when empty).
    std::unique_ptr<ReviewSession> openSession(const QString &annotator = QStringLiteral("alice"))
    {
        auto session = std::make_unique<ReviewSession>();
        if (!session->openWorkspace(m_dir.filePath(QStringLiteral("j%1.rdw").arg(++m_files)), true))
            return nullptr;
        const qint64 mr = test::addReviewedMergeRequest(*session->store(), QStringLiteral("feature"),
                                                        {generated(QStringLiteral("Buffer overflow in parse"), 10), generated(QStringLiteral("Leaked file handle"), 40)});
        if (!annotator.isEmpty() && !session->setAnnotator(annotator))
            return nullptr;
        if (!mr || !session->openMergeRequest(mr))
            return nullptr;
        return session;
    }

private Q_SLOTS:
    void aVerdictIsStoredThenShownAsJudgementProgressAndUndoStep()
    {
        auto session = openSession();
        QVERIFY(session);
        JudgingService *judging = session->judging();
        const qint64 first = session->comments().at(0).id;
        QSignalSpy judged(session->document(), &MergeRequestDocument::judgementChanged);
        QSignalSpy progress(judging, &JudgingService::progressChanged);
        QSignalSpy undoState(judging, &JudgingService::undoStateChanged);
        // The store has it when the first signal arrives.
        std::optional<Verdict> storedWhenSignalled;
        connect(session->document(), &MergeRequestDocument::judgementChanged, this, [&](qint64 comment) {
            const auto stored = session->store()->judgements(session->currentMergeRequestId());
            if (stored)
                for (const Judgement &j : *stored)
                    if (j.comment == comment)
                        storedWhenSignalled = j.verdict;
        });

        QVERIFY(judging->setVerdict(first, Verdict::Accept));
        QCOMPARE(storedWhenSignalled, std::optional<Verdict>(Verdict::Accept));
        QCOMPARE(judged.count(), 1);
        QCOMPARE(judged.first().first().toLongLong(), first);
        QCOMPARE(progress.count(), 1);
        QCOMPARE(undoState.count(), 1);
        QCOMPARE(session->judgement(first)->verdict, std::optional<Verdict>(Verdict::Accept));
        QCOMPARE(judging->mergeRequestProgress().judged, 1);
        QCOMPARE(judging->mergeRequestProgress().total, 2);
        QVERIFY(judging->canUndo());
        QVERIFY(!judging->canRedo());
        QCOMPARE(judging->undoText(), QStringLiteral("Verdict"));
    }

    void undoTakesTheVerdictBackAndRedoGivesItAgain()
    {
        auto session = openSession();
        QVERIFY(session);
        JudgingService *judging = session->judging();
        const qint64 first = session->comments().at(0).id;
        QVERIFY(judging->setVerdict(first, Verdict::Reject));
        QSignalSpy judged(session->document(), &MergeRequestDocument::judgementChanged);
        QSignalSpy progress(judging, &JudgingService::progressChanged);

        QVERIFY(judging->undo());
        QVERIFY(!session->judgement(first));
        QCOMPARE(judging->mergeRequestProgress().judged, 0);
        QVERIFY(!judging->canUndo());
        QCOMPARE(judging->redoText(), QStringLiteral("Verdict"));
        QCOMPARE(judged.count(), 1);
        QCOMPARE(progress.count(), 1);

        QVERIFY(judging->redo());
        QCOMPARE(session->judgement(first)->verdict, std::optional<Verdict>(Verdict::Reject));
        QVERIFY(!judging->canRedo());
        QCOMPARE(judged.count(), 2);
        // Nothing left to redo: no step, no signal.
        const auto none = judging->redo();
        QVERIFY(none);
        QVERIFY(!*none);
        QCOMPARE(judged.count(), 2);
    }

    void clearingACritiqueKeepsTheVerdict()
    {
        auto session = openSession();
        QVERIFY(session);
        JudgingService *judging = session->judging();
        const qint64 first = session->comments().at(0).id;
        Judgement change;
        change.comment = first;
        change.verdict = Verdict::Accept;
        change.critique = QStringLiteral("Real and severe");
        QVERIFY(judging->judge(change));
        QCOMPARE(judging->undoText(), QStringLiteral("Judgement"));
        QVERIFY(judging->clearJudgementFields(first, {JudgementField::Critique}));
        QCOMPARE(session->judgement(first)->verdict, std::optional<Verdict>(Verdict::Accept));
        QVERIFY(!session->judgement(first)->critique);
        QCOMPARE(judging->undoText(), QStringLiteral("Clear Judgement"));
    }

    void anEditReplacesTheCommentAndIsUndoable()
    {
        auto session = openSession();
        QVERIFY(session);
        JudgingService *judging = session->judging();
        const qint64 first = session->comments().at(0).id;
        QSignalSpy edited(session->document(), &MergeRequestDocument::commentChanged);
        CommentEdit edit;
        edit.issue = QStringLiteral("Buffer overflow in parse() when the header is empty");
        QVERIFY(judging->editComment(first, edit));
        QCOMPARE(edited.count(), 1);
        QCOMPARE(session->comment(first)->comment.issue, *edit.issue);
        QCOMPARE(judging->undoText(), QStringLiteral("Edit Comment"));
        QVERIFY(judging->undo());
        QCOMPARE(session->comment(first)->comment.issue, QStringLiteral("Buffer overflow in parse"));
    }

    void aHumanCommentIsAddedAndRemovedAsUndoableSteps()
    {
        auto session = openSession();
        QVERIFY(session);
        JudgingService *judging = session->judging();
        QSignalSpy listed(session->document(), &MergeRequestDocument::commentsChanged);
        const auto added = judging->addHumanComment(generated(QStringLiteral("Missing lock around the cache"), 70));
        QVERIFY2(added, added ? "" : qPrintable(added.error().message));
        QCOMPARE(session->comments().size(), 3);
        QCOMPARE(session->comment(*added)->author, QStringLiteral("alice"));
        QCOMPARE(listed.count(), 1);
        QCOMPARE(judging->undoText(), QStringLiteral("Add Comment"));
        session->setCurrentComment(*added);
        QSignalSpy current(session->document(), &MergeRequestDocument::currentCommentChanged);
        QVERIFY(judging->removeHumanComment(*added));
        QCOMPARE(session->comments().size(), 2);
        QCOMPARE(session->currentComment(), 0); // the removed comment is no longer selected
        QCOMPARE(current.count(), 1);
        QCOMPARE(judging->undoText(), QStringLiteral("Remove Comment"));
    }

    void judgingWithoutAnAnnotatorIsRefusedAndChangesNothing()
    {
        auto session = openSession(QString());
        QVERIFY(session);
        JudgingService *judging = session->judging();
        const qint64 first = session->comments().at(0).id;
        QSignalSpy progress(judging, &JudgingService::progressChanged);
        const auto refused = judging->setVerdict(first, Verdict::Accept);
        QVERIFY(!refused);
        QCOMPARE(refused.error().kind, Error::Kind::Usage);
        QVERIFY(session->store()->judgements(session->currentMergeRequestId())->isEmpty());
        QVERIFY(progress.isEmpty());
        QVERIFY(!judging->canUndo());
        QVERIFY(!judging->medianDecisionMs());
    }

    void theUndoHistoryIsTheAnnotatorsOwn()
    {
        auto session = openSession();
        QVERIFY(session);
        JudgingService *judging = session->judging();
        QVERIFY(judging->setVerdict(session->comments().at(0).id, Verdict::Accept));
        QVERIFY(judging->canUndo());
        QSignalSpy undoState(judging, &JudgingService::undoStateChanged);
        QVERIFY(session->setAnnotator(QStringLiteral("bob")));
        QVERIFY(!judging->canUndo()); // bob has judged nothing
        QCOMPARE(undoState.count(), 1);
        QCOMPARE(judging->workspaceProgress().judged, 0);
    }
};

QTEST_GUILESS_MAIN(JudgingServiceTest)
#include "tst_judgingservice.moc"
