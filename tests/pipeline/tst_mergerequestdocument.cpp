// MergeRequestDocument: the open merge request the session's services
// change and its views observe. A change made through a service (a verdict,
// an edit, a stored run, a new place) reaches an observer through the
// document's own signal, once, naming what changed, with the change in the
// document when the signal arrives; the document alone sends only what differs.

#include <JudgingService.h>
#include <MergeRequestDocument.h>
#include <ReviewSession.h>
#include <RunRecord.h>
#include <RunService.h>

#include "SessionFixture.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using namespace rd::test;

namespace {

// Every signal of a document, counted.
struct DocumentSpies
{
    explicit DocumentSpies(const MergeRequestDocument *document)
        : mergeRequest(document, &MergeRequestDocument::mergeRequestChanged), runs(document, &MergeRequestDocument::runsChanged),
          comments(document, &MergeRequestDocument::commentsChanged), comment(document, &MergeRequestDocument::commentChanged),
          judgement(document, &MergeRequestDocument::judgementChanged), file(document, &MergeRequestDocument::currentFileChanged),
          current(document, &MergeRequestDocument::currentCommentChanged), place(document, &MergeRequestDocument::placeChanged)
    {
    }
    int total() const
    {
        return static_cast<int>(mergeRequest.count() + runs.count() + comments.count() + comment.count() + judgement.count() + file.count()
                                + current.count() + place.count());
    }

    QSignalSpy mergeRequest, runs, comments, comment, judgement, file, current, place;
};

StoredComment storedComment(qint64 id, const QString &file, const QString &issue, int version = 1)
{
    StoredComment c;
    c.id = id;
    c.mergeRequest = 1;
    c.version = version;
    c.comment = commentAt(file, 10, issue);
    return c;
}

} // namespace

class MergeRequestDocumentTest : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    // A session on a new workspace with one merge request of two unrelated
    // comments (a.cpp, b.cpp), open and judged by alice.
    std::unique_ptr<ReviewSession> openSession()
    {
        auto session = std::make_unique<ReviewSession>();
        if (!session->openWorkspace(m_dir.filePath(QStringLiteral("d%1.rdw").arg(++m_files)), true))
            return nullptr;
        const qint64 mr = addReviewedMergeRequest(*session->store(), QStringLiteral("feature"),
                                                  {commentAt(QStringLiteral("a.cpp"), 10, QStringLiteral("Buffer overflow in parse")),
                                                   commentAt(QStringLiteral("b.cpp"), 40, QStringLiteral("Leaked file handle"))});
        if (!mr || !session->setAnnotator(QStringLiteral("alice")) || !session->openMergeRequest(mr))
            return nullptr;
        return session;
    }

private Q_SLOTS:
    void aVerdictMadeThroughTheJudgingIsSeenOnceAsThatCommentsJudgementChanged()
    {
        auto session = openSession();
        QVERIFY(session);
        const MergeRequestDocument *document = session->document();
        const qint64 first = document->comments().at(0).id;
        DocumentSpies spies(document);
        std::optional<Verdict> heldWhenSignalled;
        connect(document, &MergeRequestDocument::judgementChanged, this, [&](qint64 comment) {
            if (const auto j = document->judgementOf(comment, QStringLiteral("alice")))
                heldWhenSignalled = j->verdict;
        });

        QVERIFY(session->judging()->setVerdict(first, Verdict::Accept));

        QCOMPARE(spies.judgement.count(), 1);
        QCOMPARE(spies.judgement.first().first().toLongLong(), first);
        QCOMPARE(heldWhenSignalled, std::optional<Verdict>(Verdict::Accept));
        QCOMPARE(spies.total(), 1); // nothing else of the document changed
    }

    void aRunStoredThroughTheRunsIsSeenOnceAsRunsThenCommentsChanged()
    {
        auto session = openSession();
        QVERIFY(session);
        const MergeRequestDocument *document = session->document();
        DocumentSpies spies(document);
        QList<int> order; // 1 runs, 2 comments
        qsizetype runsWhenListed = -1, commentsWhenListed = -1;
        connect(document, &MergeRequestDocument::runsChanged, this, [&] { order << 1; });
        connect(document, &MergeRequestDocument::commentsChanged, this, [&] {
            order << 2;
            runsWhenListed = document->runs().size();
            commentsWhenListed = document->comments().size();
        });
        RunRecord record;
        record.config.reviewer.model = QStringLiteral("qwen");
        record.comments = {commentAt(QStringLiteral("a.cpp"), 12, QStringLiteral("Unchecked return of read"))};

        const auto id = session->reviewing()->storeRun(record);

        QVERIFY2(id, id ? "" : qPrintable(id.error().message));
        QCOMPARE(spies.runs.count(), 1);
        QCOMPARE(spies.comments.count(), 1);
        QCOMPARE(order, (QList<int>{1, 2}));
        QCOMPARE(runsWhenListed, 2);
        QCOMPARE(commentsWhenListed, 3);
        QCOMPARE(document->runs().constLast().id, *id);
        QCOMPARE(spies.total(), 2);
    }

    void anEditMadeThroughTheJudgingIsSeenOnceAsThatCommentChanged()
    {
        auto session = openSession();
        QVERIFY(session);
        const MergeRequestDocument *document = session->document();
        const qint64 second = document->comments().at(1).id;
        DocumentSpies spies(document);
        CommentEdit edit;
        edit.issue = QStringLiteral("Leaked file handle on the error path");

        QVERIFY(session->judging()->editComment(second, edit));

        QCOMPARE(spies.comment.count(), 1);
        QCOMPARE(spies.comment.first().first().toLongLong(), second);
        QCOMPARE(document->comment(second)->comment.issue, *edit.issue);
        QCOMPARE(spies.total(), 1);
    }

    void movingToACommentInAnotherFileSaysFileCommentAndPlaceOnceAndTheWorkspaceKeepsIt()
    {
        auto session = openSession();
        QVERIFY(session);
        MergeRequestDocument *document = session->document();
        const qint64 second = document->comments().at(1).id;
        DocumentSpies spies(document);

        document->setCurrentComment(second);

        QCOMPARE(spies.file.count(), 1);
        QCOMPARE(spies.file.first().first().toString(), QStringLiteral("b.cpp"));
        QCOMPARE(spies.current.count(), 1);
        QCOMPARE(spies.current.first().first().toLongLong(), second);
        QCOMPARE(spies.place.count(), 1);
        const auto stored = session->store()->place(QStringLiteral("alice"), document->id());
        QVERIFY(stored && *stored);
        QCOMPARE((*stored)->comment, std::optional<qint64>(second));
        QCOMPARE((*stored)->file, QStringLiteral("b.cpp"));
        // The same place again changes nothing, and says nothing.
        document->setCurrentComment(second);
        QCOMPARE(spies.total(), 3);
    }

    void closingTheWorkspaceLetsGoOfTheMergeRequestOnce()
    {
        auto session = openSession();
        QVERIFY(session);
        const MergeRequestDocument *document = session->document();
        DocumentSpies spies(document);

        session->closeWorkspace();

        QCOMPARE(spies.mergeRequest.count(), 1);
        QCOMPARE(spies.runs.count(), 1);
        QCOMPARE(spies.comments.count(), 1);
        QVERIFY(!document->entry());
        QVERIFY(document->comments().isEmpty());
        QVERIFY(document->runs().isEmpty());
    }

    // Without a session: what others committed, read again, is told by what differs.
    void aRefreshSaysOnlyWhatDiffers()
    {
        MergeRequestDocument document;
        MergeRequestEntry entry;
        entry.id = 1;
        MergeRequestContent content;
        content.comments = {storedComment(11, QStringLiteral("a.cpp"), QStringLiteral("one")), storedComment(12, QStringLiteral("a.cpp"), QStringLiteral("two"))};
        document.open(entry, content, QStringLiteral("a.cpp"), 12);
        QCOMPARE(document.currentComment(), 12);

        // Another annotator's verdict on 11, and an edit of 12.
        MergeRequestContent later = content;
        Judgement bob = verdictOf(11, QStringLiteral("bob"), Verdict::Reject);
        bob.version = 1;
        later.judgements = {bob};
        later.comments[1] = storedComment(12, QStringLiteral("a.cpp"), QStringLiteral("two, reworded"), 2);
        DocumentSpies spies(&document);
        document.refresh(later);
        QCOMPARE(spies.judgement.count(), 1);
        QCOMPARE(spies.judgement.first().first().toLongLong(), 11);
        QCOMPARE(spies.comment.count(), 1);
        QCOMPARE(spies.comment.first().first().toLongLong(), 12);
        QCOMPARE(spies.total(), 2); // no list reset: selection, scroll and edits stay
        QCOMPARE(document.judgementOf(11, QStringLiteral("bob"))->verdict, std::optional<Verdict>(Verdict::Reject));

        // The same again: nothing differs, nothing is said.
        document.refresh(later);
        QCOMPARE(spies.total(), 2);

        // The current comment removed elsewhere: one list reset, and the place is let go.
        MergeRequestContent removed = later;
        removed.comments.removeLast();
        document.refresh(removed);
        QCOMPARE(spies.comments.count(), 1);
        QCOMPARE(spies.current.count(), 1);
        QCOMPARE(spies.current.last().first().toLongLong(), 0);
        QCOMPARE(spies.place.count(), 1);
        QCOMPARE(document.currentComment(), 0);
    }
};

QTEST_GUILESS_MAIN(MergeRequestDocumentTest)
#include "tst_mergerequestdocument.moc"
