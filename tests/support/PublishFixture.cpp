#include "PublishFixture.h"

#include "FixtureRepo.h"

#include <SqlWorkspaceStore.h>

#include <QTest>

namespace rd::test {

namespace {

QByteArray lines(const std::function<QByteArray(int)> &line, int count)
{
    QByteArray text;
    for (int n = 1; n <= count; ++n)
        text += line(n);
    return text;
}

ReviewComment at(const QString &side, int first, int last, const QString &issue)
{
    ReviewComment c;
    c.file = QStringLiteral("src/cache.cpp");
    c.side = side;
    c.lineStart = first;
    c.lineEnd = last;
    c.issue = issue;
    c.q1Nitpick = 6;
    c.q2Fake = 6;
    c.q3Severity = 5;
    return c;
}

} // namespace

PublishFixture PublishFixture::make(const QString &directory, const QString &url)
{
    PublishFixture f;
    const auto failed = [&](const char *step, const QString &why) {
        QTest::qFail(qPrintable(QStringLiteral("publish fixture: %1: %2").arg(QString::fromLatin1(step), why)), __FILE__, __LINE__);
        return PublishFixture{};
    };
    FixtureRepo repo(directory + QStringLiteral("/repo"));
    const QByteArray base = lines([](int n) -> QByteArray { return QByteArray("int value_") + QByteArray::number(n) + " = " + QByteArray::number(n) + ";\n"; }, 30);
    QByteArray head;
    for (int n = 1; n <= 30; ++n) {
        if (n == 20)
            continue;
        const QByteArray scale = n >= 10 && n <= 12 ? QByteArray("size * ") : QByteArray();
        head += QByteArray("int value_") + QByteArray::number(n) + " = " + scale + QByteArray::number(n) + ";\n";
    }
    f.baseSha = QString::fromLatin1(repo.commit("main", {{"src/cache.cpp", file(base)}}, "cache"));
    f.headSha = QString::fromLatin1(repo.commit("topic", {{"src/cache.cpp", file(head)}}, "scale values by size", {f.baseSha.toLatin1()}));
    f.diffBaseSha = f.baseSha;
    f.repository = repo.path();

    f.workspace = directory + QStringLiteral("/publish.rdw");
    auto opened = SqlWorkspaceStore::open(f.workspace, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!opened)
        return failed("workspace", opened.error().message);
    WorkspaceStore &store = **opened;
    MergeRequestEntry mr;
    mr.repository = f.repository;
    mr.base = QStringLiteral("main");
    mr.head = QStringLiteral("topic");
    mr.title = QStringLiteral("Scale values by size");
    mr.url = url;
    auto mrId = store.addMergeRequest(mr);
    if (!mrId)
        return failed("merge request", mrId.error().message);
    f.mergeRequest = *mrId;

    ReviewComment range = at(QStringLiteral("new"), 10, 12, QStringLiteral("size may be zero here"));
    range.id = QStringLiteral("range");
    range.rootCause = QStringLiteral("size comes from the request unchecked");
    range.fix = QStringLiteral("check it once");
    range.example = QStringLiteral("int value_10 = checked(size) * 10;\nint value_11 = checked(size) * 11;\nint value_12 = checked(size) * 12;");
    ReviewComment single = at(QStringLiteral("new"), 11, 11, QStringLiteral("value_11 overflows for large sizes"));
    single.id = QStringLiteral("single");
    single.example = QStringLiteral("if (size > limit) return;");
    ReviewComment old = at(QStringLiteral("old"), 19, 20, QStringLiteral("value_20 was still read by the loader"));
    old.id = QStringLiteral("old");
    ReviewComment outside = at(QStringLiteral("new"), 28, 28, QStringLiteral("an unchanged line far from the change"));
    outside.id = QStringLiteral("outside");
    ReviewComment unplaced = at(QStringLiteral("new"), 0, 0, QStringLiteral("somewhere in this file"));
    unplaced.id = QStringLiteral("unplaced");
    unplaced.lineValid = false;
    ReviewComment rejected = at(QStringLiteral("new"), 12, 12, QStringLiteral("a false alarm"));
    rejected.id = QStringLiteral("rejected");
    StoredRun run;
    run.mergeRequest = f.mergeRequest;
    run.label = QStringLiteral("left · qwen-test × 3");
    run.model = QStringLiteral("qwen-test");
    run.record = "{}";
    auto runId = store.addRun(run, {range, single, old, outside, unplaced, rejected});
    if (!runId)
        return failed("run", runId.error().message);
    CommentQuery query;
    query.run = *runId;
    const auto stored = store.comments(query);
    if (!stored)
        return failed("comments", stored.error().message);
    for (const StoredComment &c : *stored)
        f.comments.insert(c.comment.id, c.id);

    auto human = store.addHumanComment(f.mergeRequest, QStringLiteral("alice"), at(QStringLiteral("new"), 13, 13, QStringLiteral("name this constant")));
    auto bob = store.addHumanComment(f.mergeRequest, QStringLiteral("bob"), at(QStringLiteral("new"), 14, 14, QStringLiteral("bob's remark")));
    if (!human || !bob)
        return failed("human comments", (human ? bob.error() : human.error()).message);
    f.comments.insert(QStringLiteral("human"), *human);
    f.comments.insert(QStringLiteral("bob"), *bob);

    for (const char *name : {"range", "single", "old", "outside", "unplaced", "rejected"}) {
        Judgement j;
        j.comment = f.comments.value(QString::fromLatin1(name));
        j.annotator = QStringLiteral("alice");
        j.verdict = qstrcmp(name, "rejected") == 0 ? Verdict::Reject : Verdict::Accept;
        if (auto judged = store.judge(j); !judged)
            return failed("judgement", judged.error().message);
    }
    if (!f.edit(f.comments.value(QStringLiteral("range")), QStringLiteral("size may be zero here, and value_10 then divides by it")))
        return failed("edit", QStringLiteral("editComment failed"));
    return f;
}

bool PublishFixture::edit(qint64 comment, const QString &issue) const
{
    auto opened = SqlWorkspaceStore::open(workspace, SqlWorkspaceStore::Mode::OpenExisting);
    if (!opened)
        return false;
    CommentEdit change;
    change.issue = issue;
    return bool((*opened)->editComment(comment, QStringLiteral("alice"), change));
}

} // namespace rd::test
