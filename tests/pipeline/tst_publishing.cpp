// Publishing a review to a code host: which comments go, each host's
// request bodies field by field (GitHub review, GitLab discussions, Gerrit
// review), suggestions and provenance, idempotence (nothing twice, edits
// updated), comments outside the diff held back, and a failure part-way
// followed by a run that sends only the rest.

#include "CommentMarkdown.h"
#include "FakeCodeHost.h"
#include "FakeReviewHosts.h"
#include "HostReviewRequests.h"
#include "PublishFixture.h"
#include "ReviewPublisher.h"
#include "FixtureRepo.h"
#include "MergeRequestRevisions.h"

#include <SqlWorkspaceStore.h>

#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace rd;
using rd::test::FakeCodeHost;
using rd::test::PublishFixture;

namespace {

const QString GitHubUrl = QStringLiteral("https://github.com/acme/cache/pull/7");
const QString GitLabUrl = QStringLiteral("https://gitlab.example.com/acme/tools/cache/-/merge_requests/7");
const QString GerritUrl = QStringLiteral("https://review.example.com/c/acme/cache/+/7");

QProcessEnvironment tokens()
{
    QProcessEnvironment environment;
    environment.insert(QStringLiteral("GITHUB_TOKEN"), QStringLiteral("gh-test-token"));
    environment.insert(QStringLiteral("GITLAB_TOKEN"), QStringLiteral("gl-test-token"));
    environment.insert(QStringLiteral("GERRIT_HTTP_CREDENTIALS"), QStringLiteral("alice:gerrit-test-password"));
    return environment;
}

struct Published
{
    ReviewPublication plan;
    PublishOutcome outcome;
};

// Plans and publishes alice's review as the CLI does, against `host`.
Published publish(const PublishFixture &f, const FakeCodeHost &host, PublishSettings settings = {})
{
    auto store = SqlWorkspaceStore::open(f.workspace, SqlWorkspaceStore::Mode::OpenExisting);
    if (!store)
        qFatal("%s", qPrintable(store.error().message));
    settings.mergeRequest = f.mergeRequest;
    settings.annotator = QStringLiteral("alice");
    settings.apiBase = QUrl(host.origin());
    auto plan = planReviewPublication(**store, settings);
    if (!plan)
        qFatal("%s", qPrintable(plan.error().message));
    WorkspaceStore &s = **store;
    const PublishOutcome outcome = publishReview(*plan, [&](const RemoteComment &r) { return s.setRemoteComment(r); }, {}, tokens());
    return {*plan, outcome};
}

QList<RemoteComment> recorded(const PublishFixture &f)
{
    auto store = SqlWorkspaceStore::open(f.workspace, SqlWorkspaceStore::Mode::OpenExisting);
    auto list = (*store)->remoteComments(f.mergeRequest);
    return list ? *list : QList<RemoteComment>{};
}

QJsonObject bodyOf(const FakeCodeHost::Request &request)
{
    return FakeCodeHost::bodyOf(request).object();
}

} // namespace

class TestPublishing : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void init();
    void theAnnotatorsAcceptedAndOwnCommentsAreSelected();
    void githubReviewFollowsTheSchema();
    void provenanceOffLeavesNoFooter();
    void gitlabDiscussionsFollowTheSchema();
    void gitlabApproveAndSummaryNoteFollowTheComments();
    void gerritReviewFollowsTheSchema();
    void gerritRequestChangesVotesMinusOne();
    void commentsOutsideTheDiffAreHeldBackWithTheirReason();
    void outdatedCommentsAreHeldBackNamingTheRevision();
    void secondPublishSendsNothing();
    void editedCommentIsPatchedOnGitHub();
    void editedCommentIsPutOnGitLabWithoutRepeatingSummaryOrApproval();
    void commentWhoseHostIdIsUnknownIsNotEditedBlindly();
    void editedCommentRepliesToItselfOnGerrit();
    void partialFailureKeepsWhatWentAndRetrySendsTheRest();
    void gitlabHeadElsewhereIsRefusedBeforeAnyWrite();
    void dryRunTextNamesEveryRequestWithItsBody();
    void suggestionRuleTakesOnlyReplacements_data();
    void suggestionRuleTakesOnlyReplacements();

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestPublishing::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void TestPublishing::theAnnotatorsAcceptedAndOwnCommentsAreSelected()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitHubUrl);
    auto store = SqlWorkspaceStore::open(f.workspace, SqlWorkspaceStore::Mode::OpenExisting);
    QVERIFY(store);
    PublishSettings settings;
    settings.mergeRequest = f.mergeRequest;
    settings.annotator = QStringLiteral("alice");
    auto plan = planReviewPublication(**store, settings);
    QVERIFY2(plan, plan ? "" : qPrintable(plan.error().message));
    QList<qint64> going;
    for (const OutgoingComment &c : plan->fresh)
        going << c.comment;
    // By file, side and line: new 10-12, new 11, new 13, then old 19-20.
    QCOMPARE(going, (QList<qint64>{f.id("range"), f.id("single"), f.id("human"), f.id("old")}));
    QCOMPARE(plan->headSha, f.headSha);
    // The edited text goes, not the first one.
    QVERIFY(plan->fresh.first().body.startsWith(QStringLiteral("size may be zero here, and value_10 then divides by it")));

    settings.verdict = Verdict::Reject;
    plan = planReviewPublication(**store, settings);
    QVERIFY(plan);
    going.clear();
    for (const OutgoingComment &c : plan->fresh)
        going << c.comment;
    QCOMPARE(going, (QList<qint64>{f.id("rejected"), f.id("human")}));
}

void TestPublishing::githubReviewFollowsTheSchema()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitHubUrl);
    FakeCodeHost host;
    auto state = rd::test::serveGitHubReviews(host, QStringLiteral("acme/cache"), 7);
    const Published result = publish(f, host);
    QVERIFY2(result.outcome.ok(), qPrintable(result.outcome.failure ? result.outcome.failure->message : QString()));

    const auto reviews = host.requestsTo("POST", QStringLiteral("/repos/acme/cache/pulls/7/reviews"));
    QCOMPARE(reviews.size(), 1);
    QCOMPARE(rd::test::writesTo(host).size(), 1);
    QCOMPARE(reviews.first().headers.value("authorization"), QByteArray("Bearer gh-test-token"));
    const QJsonObject review = bodyOf(reviews.first());
    QCOMPARE(review.value(QStringLiteral("commit_id")).toString(), f.headSha);
    QCOMPARE(review.value(QStringLiteral("event")).toString(), QStringLiteral("COMMENT"));
    QCOMPARE(review.value(QStringLiteral("body")).toString(), QStringLiteral("Review by alice with ReviewDesk: 4 comments."));
    const QJsonArray comments = review.value(QStringLiteral("comments")).toArray();
    QCOMPARE(comments.size(), 4);

    const QJsonObject range = comments.at(0).toObject();
    QCOMPARE(range.value(QStringLiteral("path")).toString(), QStringLiteral("src/cache.cpp"));
    QCOMPARE(range.value(QStringLiteral("start_line")).toInt(), 10);
    QCOMPARE(range.value(QStringLiteral("line")).toInt(), 12);
    QCOMPARE(range.value(QStringLiteral("side")).toString(), QStringLiteral("RIGHT"));
    QCOMPARE(range.value(QStringLiteral("start_side")).toString(), QStringLiteral("RIGHT"));
    QCOMPARE(range.value(QStringLiteral("body")).toString(),
             QStringLiteral("size may be zero here, and value_10 then divides by it\n\n"
                            "**Root cause:** size comes from the request unchecked\n\n"
                            "**Fix:** check it once\n\n"
                            "```suggestion\n"
                            "int value_10 = checked(size) * 10;\nint value_11 = checked(size) * 11;\nint value_12 = checked(size) * 12;\n"
                            "```\n\n"
                            "<sub>ReviewDesk: run “left · qwen-test × 3”, model qwen-test</sub>"));

    const QJsonObject single = comments.at(1).toObject();
    QCOMPARE(single.value(QStringLiteral("line")).toInt(), 11);
    QVERIFY(!single.contains(QStringLiteral("start_line")));
    QVERIFY(!single.contains(QStringLiteral("start_side")));
    QCOMPARE(single.value(QStringLiteral("side")).toString(), QStringLiteral("RIGHT"));
    // Example code that does not replace the lines stays a plain code block.
    QVERIFY(single.value(QStringLiteral("body")).toString().contains(QStringLiteral("\n```\nif (size > limit) return;\n```\n")));
    QVERIFY(!single.value(QStringLiteral("body")).toString().contains(QStringLiteral("suggestion")));

    const QJsonObject human = comments.at(2).toObject();
    QCOMPARE(human.value(QStringLiteral("line")).toInt(), 13);
    QVERIFY(human.value(QStringLiteral("body")).toString().endsWith(QStringLiteral("<sub>ReviewDesk: written by alice</sub>")));

    const QJsonObject old = comments.at(3).toObject();
    QCOMPARE(old.value(QStringLiteral("start_line")).toInt(), 19);
    QCOMPARE(old.value(QStringLiteral("line")).toInt(), 20);
    QCOMPARE(old.value(QStringLiteral("side")).toString(), QStringLiteral("LEFT"));
    QCOMPARE(old.value(QStringLiteral("start_side")).toString(), QStringLiteral("LEFT"));

    // Each comment's record holds the id GitHub gave it, in the review's thread.
    const QList<RemoteComment> records = recorded(f);
    QCOMPARE(records.size(), 4);
    for (const RemoteComment &r : records) {
        const auto onHost = std::find_if(state->comments.cbegin(), state->comments.cend(), [&](const auto &c) { return c.id == r.remoteId; });
        QVERIFY2(onHost != state->comments.cend(), qPrintable(r.remoteId));
        QCOMPARE(r.thread, onHost->thread);
        QCOMPARE(r.direction, RemoteComment::Direction::Published);
        QCOMPARE(r.pullRequest, GitHubUrl);
        QCOMPARE(r.revision, f.headSha);
    }
}

void TestPublishing::provenanceOffLeavesNoFooter()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitHubUrl);
    FakeCodeHost host;
    rd::test::serveGitHubReviews(host, QStringLiteral("acme/cache"), 7);
    PublishSettings settings;
    settings.provenance = false;
    QVERIFY(publish(f, host, settings).outcome.ok());
    const QJsonObject review = bodyOf(host.requestsTo("POST", QStringLiteral(".*/reviews")).first());
    QCOMPARE(review.value(QStringLiteral("body")).toString(), QStringLiteral("Review: 4 comments."));
    for (const QJsonValue c : review.value(QStringLiteral("comments")).toArray()) {
        QVERIFY(!c.toObject().value(QStringLiteral("body")).toString().contains(QStringLiteral("ReviewDesk")));
        QVERIFY(!c.toObject().value(QStringLiteral("body")).toString().contains(QStringLiteral("<sub>")));
    }
}

void TestPublishing::gitlabDiscussionsFollowTheSchema()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitLabUrl);
    FakeCodeHost host;
    auto state = rd::test::serveGitLabReviews(host, QStringLiteral("acme/tools/cache"), 7, f.headSha, f.diffBaseSha, f.baseSha);
    const Published result = publish(f, host);
    QVERIFY2(result.outcome.ok(), qPrintable(result.outcome.failure ? result.outcome.failure->message : QString()));
    const auto discussions = host.requestsTo("POST", QStringLiteral("/projects/acme%2Ftools%2Fcache/merge_requests/7/discussions"));
    QCOMPARE(discussions.size(), 4);
    QCOMPARE(rd::test::writesTo(host).size(), 4); // no summary note without a summary, no approval for COMMENT
    QCOMPARE(discussions.first().headers.value("private-token"), QByteArray("gl-test-token"));
    for (const auto &request : discussions) {
        const QJsonObject position = bodyOf(request).value(QStringLiteral("position")).toObject();
        QCOMPARE(position.value(QStringLiteral("position_type")).toString(), QStringLiteral("text"));
        QCOMPARE(position.value(QStringLiteral("base_sha")).toString(), f.diffBaseSha);
        QCOMPARE(position.value(QStringLiteral("start_sha")).toString(), f.baseSha);
        QCOMPARE(position.value(QStringLiteral("head_sha")).toString(), f.headSha);
        QCOMPARE(position.value(QStringLiteral("old_path")).toString(), QStringLiteral("src/cache.cpp"));
        QCOMPARE(position.value(QStringLiteral("new_path")).toString(), QStringLiteral("src/cache.cpp"));
    }
    // A range sits at its last line; its suggestion reaches two lines up.
    const QJsonObject range = bodyOf(discussions.at(0));
    QCOMPARE(range.value(QStringLiteral("position")).toObject().value(QStringLiteral("new_line")).toInt(), 12);
    QVERIFY(!range.value(QStringLiteral("position")).toObject().contains(QStringLiteral("old_line"))); // an added line
    QVERIFY(range.value(QStringLiteral("body")).toString().contains(QStringLiteral("```suggestion:-2+0\nint value_10 = checked(size) * 10;")));
    // An unchanged line carries both numbers.
    const QJsonObject human = bodyOf(discussions.at(2)).value(QStringLiteral("position")).toObject();
    QCOMPARE(human.value(QStringLiteral("new_line")).toInt(), 13);
    QCOMPARE(human.value(QStringLiteral("old_line")).toInt(), 13);
    // A deleted line only its old number.
    const QJsonObject old = bodyOf(discussions.at(3)).value(QStringLiteral("position")).toObject();
    QCOMPARE(old.value(QStringLiteral("old_line")).toInt(), 20);
    QVERIFY(!old.contains(QStringLiteral("new_line")));

    // Records: the note id, in its discussion.
    const QList<RemoteComment> records = recorded(f);
    QCOMPARE(records.size(), 4);
    for (const RemoteComment &r : records)
        QVERIFY(std::any_of(state->comments.cbegin(), state->comments.cend(), [&](const auto &c) { return c.id == r.remoteId && c.thread == r.thread; }));
}

void TestPublishing::gitlabApproveAndSummaryNoteFollowTheComments()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitLabUrl);
    FakeCodeHost host;
    rd::test::serveGitLabReviews(host, QStringLiteral("acme/tools/cache"), 7, f.headSha, f.diffBaseSha, f.baseSha);
    PublishSettings settings;
    settings.event = ReviewEvent::Approve;
    settings.summary = QStringLiteral("Looks right after these.");
    QVERIFY(publish(f, host, settings).outcome.ok());
    const auto writes = rd::test::writesTo(host);
    QCOMPARE(writes.size(), 6);
    QCOMPARE(FakeCodeHost::pathOf(writes.at(4)), QStringLiteral("/projects/acme%2Ftools%2Fcache/merge_requests/7/notes"));
    QCOMPARE(bodyOf(writes.at(4)).value(QStringLiteral("body")).toString(), QStringLiteral("Looks right after these."));
    QCOMPARE(FakeCodeHost::pathOf(writes.at(5)), QStringLiteral("/projects/acme%2Ftools%2Fcache/merge_requests/7/approve"));
    QCOMPARE(bodyOf(writes.at(5)).value(QStringLiteral("sha")).toString(), f.headSha);
}

void TestPublishing::gerritReviewFollowsTheSchema()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GerritUrl);
    FakeCodeHost host;
    auto state = rd::test::serveGerritReviews(host, QStringLiteral("acme/cache"), 7, f.headSha);
    const Published result = publish(f, host);
    QVERIFY2(result.outcome.ok(), qPrintable(result.outcome.failure ? result.outcome.failure->message : QString()));
    const auto reviews = rd::test::writesTo(host);
    QCOMPARE(reviews.size(), 1);
    // Authenticated Gerrit calls live under /a/.
    QCOMPARE(FakeCodeHost::pathOf(reviews.first()), QStringLiteral("/a/changes/acme%2Fcache~7/revisions/%1/review").arg(f.headSha));
    const QJsonObject review = bodyOf(reviews.first());
    QCOMPARE(review.value(QStringLiteral("message")).toString(), QStringLiteral("Review by alice with ReviewDesk: 4 comments."));
    QVERIFY(!review.contains(QStringLiteral("labels")));
    const QJsonArray comments = review.value(QStringLiteral("comments")).toObject().value(QStringLiteral("src/cache.cpp")).toArray();
    QCOMPARE(comments.size(), 4);
    const QJsonObject range = comments.at(0).toObject();
    QVERIFY(!range.contains(QStringLiteral("line")));
    QCOMPARE(range.value(QStringLiteral("range")).toObject(),
             (QJsonObject{{QStringLiteral("start_line"), 10}, {QStringLiteral("start_character"), 0},
                          {QStringLiteral("end_line"), 12}, {QStringLiteral("end_character"), int(QStringLiteral("int value_12 = size * 12;").size())}}));
    QVERIFY(!range.contains(QStringLiteral("side")));
    // Gerrit applies no suggestion blocks: the example is a code block, the footer plain text.
    const QString rangeText = range.value(QStringLiteral("message")).toString();
    QVERIFY(rangeText.contains(QStringLiteral("```\nint value_10 = checked(size) * 10;")));
    QVERIFY(!rangeText.contains(QStringLiteral("suggestion")));
    QVERIFY(rangeText.endsWith(QStringLiteral("\n\n— ReviewDesk: run “left · qwen-test × 3”, model qwen-test")));
    const QJsonObject single = comments.at(1).toObject();
    QCOMPARE(single.value(QStringLiteral("line")).toInt(), 11);
    QVERIFY(!single.contains(QStringLiteral("range")));
    const QJsonObject old = comments.at(3).toObject();
    QCOMPARE(old.value(QStringLiteral("side")).toString(), QStringLiteral("PARENT"));
    QCOMPARE(old.value(QStringLiteral("range")).toObject().value(QStringLiteral("start_line")).toInt(), 19);
    QCOMPARE(old.value(QStringLiteral("range")).toObject().value(QStringLiteral("end_line")).toInt(), 20);

    const QList<RemoteComment> records = recorded(f);
    QCOMPARE(records.size(), 4);
    for (const RemoteComment &r : records)
        QVERIFY2(r.remoteId.startsWith(QLatin1Char('g')), qPrintable(r.remoteId));
}

void TestPublishing::gerritRequestChangesVotesMinusOne()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GerritUrl);
    FakeCodeHost host;
    rd::test::serveGerritReviews(host, QStringLiteral("acme/cache"), 7, f.headSha);
    PublishSettings settings;
    settings.event = ReviewEvent::RequestChanges;
    QVERIFY(publish(f, host, settings).outcome.ok());
    QCOMPARE(bodyOf(rd::test::writesTo(host).first()).value(QStringLiteral("labels")).toObject(),
             (QJsonObject{{QStringLiteral("Code-Review"), -1}}));
}

void TestPublishing::commentsOutsideTheDiffAreHeldBackWithTheirReason()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitHubUrl);
    FakeCodeHost host;
    rd::test::serveGitHubReviews(host, QStringLiteral("acme/cache"), 7);
    const Published result = publish(f, host);
    QCOMPARE(result.plan.heldBack.size(), 2);
    QCOMPARE(result.plan.heldBack.at(0).comment, f.id("unplaced"));
    QCOMPARE(result.plan.heldBack.at(0).reason, QStringLiteral("it is not placed at lines of its file"));
    QCOMPARE(result.plan.heldBack.at(1).comment, f.id("outside"));
    QCOMPARE(result.plan.heldBack.at(1).reason, QStringLiteral("line 28 of the new file is not in the merge request's diff"));
    for (const QJsonValue c : bodyOf(host.requestsTo("POST", QStringLiteral(".*/reviews")).first()).value(QStringLiteral("comments")).toArray())
        QVERIFY(c.toObject().value(QStringLiteral("line")).toInt() != 28);
    const QString report = publishReport(result.plan, result.outcome);
    QVERIFY2(report.contains(QStringLiteral("not sent: comment %1 at src/cache.cpp:28 (new): line 28").arg(f.id("outside"))), qPrintable(report));
}

void TestPublishing::secondPublishSendsNothing()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitHubUrl);
    FakeCodeHost host;
    rd::test::serveGitHubReviews(host, QStringLiteral("acme/cache"), 7);
    QVERIFY(publish(f, host).outcome.ok());
    const qsizetype requests = host.requests().size();
    const Published again = publish(f, host);
    QVERIFY(again.plan.nothingToSend());
    QCOMPARE(again.plan.unchanged.size(), 4);
    QCOMPARE(host.requests().size(), requests);
    QVERIFY(publishReport(again.plan, again.outcome).contains(QStringLiteral("Nothing new to publish")));
}

void TestPublishing::editedCommentIsPatchedOnGitHub()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitHubUrl);
    FakeCodeHost host;
    auto state = rd::test::serveGitHubReviews(host, QStringLiteral("acme/cache"), 7);
    QVERIFY(publish(f, host).outcome.ok());
    const qint64 single = f.id("single");
    const QString remoteId = [&] {
        for (const RemoteComment &r : recorded(f))
            if (r.comment == single)
                return r.remoteId;
        return QString();
    }();
    QVERIFY(!remoteId.isEmpty());
    QVERIFY(f.edit(single, QStringLiteral("value_11 overflows once size passes 2^27")));
    const Published again = publish(f, host);
    QVERIFY(again.outcome.ok());
    QCOMPARE(again.outcome.updated, QList<qint64>{single});
    QVERIFY(again.outcome.published.isEmpty());
    QCOMPARE(host.requestsTo("POST", QStringLiteral(".*/reviews")).size(), 1); // no second review
    const auto patches = host.requestsTo("PATCH", QStringLiteral("/repos/acme/cache/pulls/comments/") + remoteId);
    QCOMPARE(patches.size(), 1);
    QVERIFY(bodyOf(patches.first()).value(QStringLiteral("body")).toString().startsWith(QStringLiteral("value_11 overflows once size passes 2^27")));
    QCOMPARE(state->comments.size(), 4);
    QVERIFY(publish(f, host).plan.nothingToSend()); // the new text is recorded
}

void TestPublishing::commentWhoseHostIdIsUnknownIsNotEditedBlindly()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitHubUrl);
    FakeCodeHost host;
    rd::test::serveGitHubReviews(host, QStringLiteral("acme/cache"), 7);
    // The review goes, but listing its comments is refused.
    host.answer("GET", QStringLiteral("/repos/acme/cache/pulls/7/reviews/\\d+/comments"), QJsonObject{{QStringLiteral("message"), QStringLiteral("no")}}, 403);
    const Published first = publish(f, host);
    QVERIFY(first.outcome.ok());
    QCOMPARE(first.outcome.warnings.size(), 1);
    QVERIFY(first.outcome.warnings.first().contains(QStringLiteral("HTTP 403")));
    QCOMPARE(recorded(f).size(), 4); // recorded all the same: never sent twice
    QVERIFY(f.edit(f.id("single"), QStringLiteral("value_11 overflows once size passes 2^27")));
    const qsizetype requests = host.requests().size();
    const Published again = publish(f, host);
    QVERIFY(again.plan.nothingToSend());
    const auto held = std::find_if(again.plan.heldBack.cbegin(), again.plan.heldBack.cend(),
                                   [&](const HeldBackComment &h) { return h.comment == f.id("single"); });
    QVERIFY(held != again.plan.heldBack.cend());
    QVERIFY2(held->reason.contains(QStringLiteral("its id on the host is unknown")), qPrintable(held->reason));
    QCOMPARE(host.requests().size(), requests);
}

void TestPublishing::editedCommentIsPutOnGitLabWithoutRepeatingSummaryOrApproval()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitLabUrl);
    FakeCodeHost host;
    auto state = rd::test::serveGitLabReviews(host, QStringLiteral("acme/tools/cache"), 7, f.headSha, f.diffBaseSha, f.baseSha);
    PublishSettings settings;
    settings.summary = QStringLiteral("Four things.");
    settings.event = ReviewEvent::Approve;
    QVERIFY(publish(f, host, settings).outcome.ok());
    QVERIFY(f.edit(f.id("human"), QStringLiteral("name this constant kValue13")));
    QVERIFY(publish(f, host, settings).outcome.ok());
    // The summary note and the approval went with the new comments only.
    QCOMPARE(host.requestsTo("POST", QStringLiteral(".*/notes")).size(), 1);
    QCOMPARE(host.requestsTo("POST", QStringLiteral(".*/approve")).size(), 1);
    const auto puts = host.requestsTo("PUT", QStringLiteral("/projects/acme%2Ftools%2Fcache/merge_requests/7/discussions/d\\d+/notes/\\d+"));
    QCOMPARE(puts.size(), 1);
    QVERIFY(bodyOf(puts.first()).value(QStringLiteral("body")).toString().startsWith(QStringLiteral("name this constant kValue13")));
    QCOMPARE(host.requestsTo("POST", QStringLiteral(".*/discussions")).size(), 4);
    QCOMPARE(state->comments.size(), 4);
}

void TestPublishing::editedCommentRepliesToItselfOnGerrit()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GerritUrl);
    FakeCodeHost host;
    auto state = rd::test::serveGerritReviews(host, QStringLiteral("acme/cache"), 7, f.headSha);
    QVERIFY(publish(f, host).outcome.ok());
    const qint64 single = f.id("single");
    QString first;
    for (const RemoteComment &r : recorded(f))
        if (r.comment == single)
            first = r.remoteId;
    QVERIFY(f.edit(single, QStringLiteral("value_11 overflows once size passes 2^27")));
    QVERIFY(publish(f, host).outcome.ok());
    const auto reviews = rd::test::writesTo(host);
    QCOMPARE(reviews.size(), 2);
    const QJsonArray second = bodyOf(reviews.at(1)).value(QStringLiteral("comments")).toObject().value(QStringLiteral("src/cache.cpp")).toArray();
    QCOMPARE(second.size(), 1);
    QCOMPARE(second.first().toObject().value(QStringLiteral("in_reply_to")).toString(), first);
    QCOMPARE(second.first().toObject().value(QStringLiteral("line")).toInt(), 11);
    // The record now names the reply, in the first comment's thread.
    for (const RemoteComment &r : recorded(f))
        if (r.comment == single) {
            QVERIFY(r.remoteId != first);
            QCOMPARE(r.thread, first);
        }
}

void TestPublishing::partialFailureKeepsWhatWentAndRetrySendsTheRest()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitLabUrl);
    FakeCodeHost host;
    auto state = rd::test::serveGitLabReviews(host, QStringLiteral("acme/tools/cache"), 7, f.headSha, f.diffBaseSha, f.baseSha);
    state->failAt = 2;
    const Published first = publish(f, host);
    QVERIFY(!first.outcome.ok());
    QCOMPARE(first.outcome.failure->kind, Error::Kind::Service);
    QVERIFY2(first.outcome.failure->message.contains(QStringLiteral("HTTP 422")), qPrintable(first.outcome.failure->message));
    QCOMPARE(first.outcome.published, QList<qint64>{f.id("range")});
    QCOMPARE(first.outcome.notSent, (QList<qint64>{f.id("single"), f.id("human"), f.id("old")}));
    QCOMPARE(recorded(f).size(), 1);
    const QString report = publishReport(first.plan, first.outcome);
    QVERIFY2(report.contains(QStringLiteral("Not sent: 3 comment(s)")), qPrintable(report));

    state->failAt = 0;
    const Published retry = publish(f, host);
    QVERIFY(retry.outcome.ok());
    QCOMPARE(retry.plan.fresh.size(), 3);
    QCOMPARE(retry.outcome.published, (QList<qint64>{f.id("single"), f.id("human"), f.id("old")}));
    QCOMPARE(state->comments.size(), 4); // each once on the host
    QCOMPARE(recorded(f).size(), 4);
}

void TestPublishing::gitlabHeadElsewhereIsRefusedBeforeAnyWrite()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitLabUrl);
    FakeCodeHost host;
    rd::test::serveGitLabReviews(host, QStringLiteral("acme/tools/cache"), 7, QString(40, QLatin1Char('e')), f.diffBaseSha, f.baseSha);
    const Published result = publish(f, host);
    QVERIFY(!result.outcome.ok());
    QCOMPARE(result.outcome.failure->kind, Error::Kind::Repository);
    QVERIFY(result.outcome.failure->message.contains(QStringLiteral("eeeeeeeeeeee")));
    QVERIFY(rd::test::writesTo(host).isEmpty());
    QVERIFY(recorded(f).isEmpty());
}

void TestPublishing::dryRunTextNamesEveryRequestWithItsBody()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitLabUrl);
    auto store = SqlWorkspaceStore::open(f.workspace, SqlWorkspaceStore::Mode::OpenExisting);
    PublishSettings settings;
    settings.mergeRequest = f.mergeRequest;
    settings.annotator = QStringLiteral("alice");
    auto plan = planReviewPublication(**store, settings);
    QVERIFY(plan);
    const QString text = dryRunText(reviewRequests(*plan, localDiffRefs(*plan)), plan->locator);
    QCOMPARE(text.count(QStringLiteral("POST https://gitlab.example.com/api/v4/projects/acme%2Ftools%2Fcache/merge_requests/7/discussions\n")), 4);
    QVERIFY(text.contains(QStringLiteral("\"head_sha\": \"%1\"").arg(f.headSha)));
    QVERIFY(text.contains(QStringLiteral("\"start_sha\": \"%1\"").arg(f.baseSha)));
}

void TestPublishing::suggestionRuleTakesOnlyReplacements_data()
{
    QTest::addColumn<QString>("side");
    QTest::addColumn<QString>("example");
    QTest::addColumn<bool>("suggestion");
    QTest::newRow("replacement") << "new" << "int total = checked(count) * size;" << true;
    QTest::newRow("fenced replacement") << "new" << "```cpp\nint total = checked(count) * size;\n```" << true;
    QTest::newRow("old side") << "old" << "int total = checked(count) * size;" << false;
    QTest::newRow("unrelated code") << "new" << "if (limit > 4) return;" << false;
    QTest::newRow("diff") << "new" << "-int total = count * size;\n+int total = checked(count) * size;" << false;
    QTest::newRow("elided") << "new" << "int total = checked(count) * size;\n// ..." << false;
    QTest::newRow("much longer") << "new" << QString(QStringLiteral("int total = count * size;\n")).repeated(9) << false;
}

void TestPublishing::suggestionRuleTakesOnlyReplacements()
{
    QFETCH(QString, side);
    QFETCH(QString, example);
    QFETCH(bool, suggestion);
    ReviewComment c;
    c.side = side;
    c.lineStart = c.lineEnd = 5;
    c.issue = QStringLiteral("count may overflow");
    c.example = example;
    const CommentMarkdown markdown = commentMarkdown(c, {QStringLiteral("int total = count * size;")}, {});
    QCOMPARE(markdown.suggestion, suggestion);
    QCOMPARE(markdown.body.contains(QStringLiteral("```suggestion\n")), suggestion);
}

QTEST_GUILESS_MAIN(TestPublishing)
void TestPublishing::outdatedCommentsAreHeldBackNamingTheRevision()
{
    const PublishFixture f = PublishFixture::make(m_dir->path(), GitHubUrl);
    {
        // The revision the comments were made on, as opening it records it.
        auto store = SqlWorkspaceStore::open(f.workspace, SqlWorkspaceStore::Mode::OpenExisting);
        QVERIFY(store);
        QVERIFY(followedRevisions(**store, f.mergeRequest));
    }
    // The author pushes again: line 11 changes, so the comments made on it are outdated.
    QByteArray next;
    for (int n = 1; n <= 30; ++n) {
        if (n == 20)
            continue;
        const QByteArray scale = n == 11 ? QByteArray("checked(size) * ") : n >= 10 && n <= 12 ? QByteArray("size * ") : QByteArray();
        next += QByteArray("int value_") + QByteArray::number(n) + " = " + scale + QByteArray::number(n) + ";\n";
    }
    rd::test::FixtureRepo repo(f.repository);
    repo.commit("topic", {{"src/cache.cpp", rd::test::file(next)}}, "check size");
    {
        auto store = SqlWorkspaceStore::open(f.workspace, SqlWorkspaceStore::Mode::OpenExisting);
        QVERIFY(store);
        const auto updated = updateMergeRequest(**store, f.mergeRequest);
        QVERIFY2(updated, updated ? "" : qPrintable(updated.error().message));
        QVERIFY(updated->recorded);
        QCOMPARE(updated->current.number, 2);
    }
    FakeCodeHost host;
    rd::test::serveGitHubReviews(host, QStringLiteral("acme/cache"), 7);
    const Published result = publish(f, host);
    const QString why = QStringLiteral("it is outdated: revision 2 changed the lines it was made on");
    QStringList reasons;
    for (const auto &held : result.plan.heldBack)
        if (held.comment == f.id("single") || held.comment == f.id("range"))
            reasons << held.reason;
    QCOMPARE(reasons, (QStringList{why, why}));
    for (const QJsonValue c : bodyOf(host.requestsTo("POST", QStringLiteral(".*/reviews")).first()).value(QStringLiteral("comments")).toArray())
        QVERIFY(c.toObject().value(QStringLiteral("line")).toInt() != 11 && c.toObject().value(QStringLiteral("line")).toInt() != 12);
}

#include "tst_publishing.moc"
