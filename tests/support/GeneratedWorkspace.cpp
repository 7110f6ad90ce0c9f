#include "GeneratedWorkspace.h"

#include <RepositoryBuilder.h>
#include <SqlWorkspaceStore.h>
#include <WorkspaceSchema.h>

#include <QCryptographicHash>
#include <QDateTime>
#include <QDir>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>

#include <algorithm>

namespace rd::test {
namespace {

constexpr int RepositoryFiles = 24;
constexpr int LinesPerFile = 120;
constexpr int FilesPerMergeRequest = 3;

QByteArray filePath(int file)
{
    return QStringLiteral("src/module%1/file%2.cpp").arg(file / 8).arg(file % 8).toUtf8();
}

QByteArray fileContent(int file, int mergeRequest)
{
    // mergeRequest < 0: the base version; otherwise every 12th line differs.
    QByteArray text;
    for (int line = 1; line <= LinesPerFile; ++line) {
        if (mergeRequest >= 0 && line % 12 == 5)
            text += "    int value" + QByteArray::number(line) + " = recompute(" + QByteArray::number(mergeRequest) + ", buffer);\n";
        else
            text += "    int value" + QByteArray::number(line) + " = compute(" + QByteArray::number(file) + ", " + QByteArray::number(line) + ");\n";
    }
    return text;
}

// The three files merge request `m` changes.
QList<int> filesOf(int m)
{
    return {m % RepositoryFiles, (m + 5) % RepositoryFiles, (m + 11) % RepositoryFiles};
}

Error failure(const QString &what, const QString &why)
{
    return Error{Error::Kind::Workspace, what + QStringLiteral(": ") + why};
}

// The base on main and one branch topic/<m> per merge request with code.
Result<bool> writeRepository(const QString &directory, const QList<bool> &codeLinked)
{
    auto builder = RepositoryBuilder::init(directory);
    if (!builder)
        return builder.error();
    RepositoryBuilder::Tree base;
    for (int f = 0; f < RepositoryFiles; ++f)
        base[filePath(f)] = {fileContent(f, -1), FileMode::Regular};
    auto root = builder->commit("main", base, "Base of every generated merge request");
    if (!root)
        return root.error();
    for (int m = 0; m < codeLinked.size(); ++m) {
        if (!codeLinked[m])
            continue;
        RepositoryBuilder::Tree head = base;
        for (int f : filesOf(m))
            head[filePath(f)] = {fileContent(f, m), FileMode::Regular};
        if (auto c = builder->commit("topic/" + QByteArray::number(m), head, "Merge request " + QByteArray::number(m), QList<ObjectId>{*root}); !c)
            return c.error();
    }
    return builder->setHead("main");
}

// Comment i of merge request m (a run's comments are shifted by `shift`, so
// that runs of different configurations differ).
ReviewComment commentFor(int m, int i, int shift = 0)
{
    ReviewComment c;
    c.id = QStringLiteral("c%1").arg(i);
    c.file = QString::fromUtf8(filePath(filesOf(m)[i % FilesPerMergeRequest]));
    c.lineStart = 1 + (i * 7 + shift) % (LinesPerFile - 3);
    c.lineEnd = c.lineStart + i % 3;
    c.issue = QStringLiteral("Possible %1 when the buffer of request %2 is reused after release.")
                  .arg(i % 4 == 0 ? QStringLiteral("overflow") : QStringLiteral("leak"))
                  .arg(i);
    c.rootCause = QStringLiteral("The size is read before the lock is taken.");
    c.fix = QStringLiteral("Take the lock first.");
    c.category = QStringLiteral("Code Defect");
    c.q1Nitpick = 5 + i % 3;
    c.q2Fake = 5 + i % 3;
    c.q3Severity = 1 + i % 7;
    c.reviewers = {1, 2};
    c.history = {{QStringLiteral("reviewer"), 6, 6, c.q3Severity}};
    if (i % 3 == 0)
        c.drop(QStringLiteral("coarse"));
    return c;
}

// Annotator i judges every judgedEvery[i]-th comment, all in one statement
// per annotator and one transaction: the store's judge() commits durably
// each time, which is what the benchmarks measure, not how to fill a file.
Result<int> writeJudgements(const QString &path, const WorkspaceShape &shape)
{
    const QString connection = QStringLiteral("generated-workspace");
    int written = 0;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
        db.setDatabaseName(path);
        if (!db.open())
            return failure(QStringLiteral("open ") + path, db.lastError().text());
        QSqlQuery q(db);
        db.transaction();
        for (qsizetype a = 0; a < shape.annotators.size() && a < shape.judgedEvery.size(); ++a) {
            q.prepare(QStringLiteral("INSERT INTO judgements (comment, annotator, verdict, q1, q2, q3, time_spent, updated)"
                                     " SELECT c.id, (SELECT id FROM annotators WHERE name = ?), CASE WHEN (c.id + ?) % 3 = 0 THEN ? ELSE ? END,"
                                     " 6, 6, 1 + c.id % 7, 3000, ? FROM comments c WHERE (c.id + ?) % ? = 0"));
            q.addBindValue(shape.annotators[a]);
            q.addBindValue(a);
            q.addBindValue(verdictName(Verdict::Reject));
            q.addBindValue(verdictName(Verdict::Accept));
            q.addBindValue(QDateTime::currentMSecsSinceEpoch());
            q.addBindValue(a);
            q.addBindValue(std::max(1, shape.judgedEvery[a]));
            if (!q.exec())
                return failure(QStringLiteral("write judgements"), q.lastError().text());
            written += q.numRowsAffected();
        }
        // What the store keeps as it writes each judgement (schema 7).
        if (!q.exec(workspace_schema::recountDisagreements()))
            return failure(QStringLiteral("count the disagreements"), q.lastError().text());
        if (!db.commit())
            return failure(QStringLiteral("commit judgements"), db.lastError().text());
        q = QSqlQuery();
        db.close();
    }
    QSqlDatabase::removeDatabase(connection);
    return written;
}

} // namespace

Result<GeneratedWorkspace> generateWorkspace(const QString &directory, const WorkspaceShape &shape)
{
    GeneratedWorkspace out;
    out.path = QDir(directory).filePath(QStringLiteral("bench.rdw"));
    for (int m = 0; m < shape.mergeRequests; ++m)
        out.codeLinked << !(shape.withoutCodeEvery > 0 && m % shape.withoutCodeEvery == shape.withoutCodeEvery - 1);
    if (shape.repository) {
        out.repository = QDir(directory).filePath(QStringLiteral("repository"));
        if (auto written = writeRepository(out.repository, out.codeLinked); !written)
            return written.error();
    }

    // The large merge request's comments come out of the others' share.
    const int large = shape.largeMergeRequestComments > 0 ? std::min(shape.largeMergeRequestComments, shape.comments) : 0;
    const int others = std::max(1, shape.mergeRequests - (large > 0 ? 1 : 0));
    const int rest = shape.comments - large;
    {
        auto store = SqlWorkspaceStore::open(out.path, SqlWorkspaceStore::Mode::CreateIfMissing);
        if (!store)
            return store.error();
        for (const QString &name : shape.annotators)
            if (auto added = (*store)->addAnnotator(name); !added)
                return added.error();
        for (int m = 0; m < shape.mergeRequests; ++m) {
            MergeRequestEntry e;
            e.repository = shape.repository ? out.repository : QStringLiteral("/work/repo%1").arg(m % 7);
            e.base = QStringLiteral("main");
            e.head = out.codeLinked[m] ? QStringLiteral("topic/%1").arg(m) : QStringLiteral("pull/%1/head").arg(m);
            e.title = QStringLiteral("Merge request %1").arg(m);
            e.language = m % 4 == 0 ? QStringLiteral("Python") : QStringLiteral("C++");
            e.prCategory = m % 3 == 0 ? QStringLiteral("Performance") : QStringLiteral("Bug Fix");
            e.codeLinked = out.codeLinked[m];
            if (!e.codeLinked)
                e.url = QStringLiteral("https://example.com/project/pull/%1").arg(m);
            auto id = (*store)->addMergeRequest(e);
            if (!id)
                return id.error();
            out.mergeRequests << *id;
            const int index = large > 0 ? m - 1 : m;
            const int count = large > 0 && m == 0 ? large : rest / others + (index < rest % others ? 1 : 0);
            if (large > 0 && m == 0)
                out.largeMergeRequest = *id;
            for (int r = 0; r < shape.referencesPerMergeRequest; ++r) {
                // Where comment 5r + m % 7 of the first run points: runs
                // and merge requests find different shares of them.
                ReviewComment reference = commentFor(m, 5 * r + m % 7);
                reference.id.clear();
                reference.issue = QStringLiteral("Reference issue %1 of merge request %2.").arg(r).arg(m);
                auto ref = (*store)->importComment(*id, reference, QStringLiteral("ground truth"));
                if (!ref)
                    return ref.error();
                if (auto marked = (*store)->setReference(*ref, true); !marked)
                    return marked.error();
            }
            const int runs = std::max<int>(1, int(shape.runRecords.size()));
            for (int r = 0; r < runs; ++r) {
                const int own = count / runs + (r < count % runs ? 1 : 0);
                QList<ReviewComment> comments;
                comments.reserve(own);
                for (int i = 0; i < own; ++i)
                    comments << commentFor(m, i, 2 * r + (m * r) % 5);
                StoredRun run;
                run.mergeRequest = *id;
                run.model = QStringLiteral("model-%1").arg(shape.runRecords.isEmpty() ? m % 3 : r);
                run.label = QStringLiteral("left · %1 × 3").arg(run.model);
                run.record = shape.runRecords.isEmpty() ? QByteArray(shape.runRecordBytes, 'x') : shape.runRecords[r];
                if (!shape.runRecords.isEmpty()) // as a stored run names its configuration
                    run.configHash = QString::fromLatin1(QCryptographicHash::hash(run.record, QCryptographicHash::Sha256).toHex().left(16));
                if (auto added = (*store)->addRun(run, comments); !added)
                    return added.error();
            }
            out.comments += count;
            if (shape.assignments && shape.annotators.size() >= 2) {
                const qsizetype n = shape.annotators.size();
                if (auto assigned = (*store)->assign(*id, {shape.annotators[m % n], shape.annotators[(m + 1) % n]}); !assigned)
                    return assigned.error();
            }
        }
    }
    auto judged = writeJudgements(out.path, shape);
    if (!judged)
        return judged.error();
    out.judgements = *judged;
    return out;
}

Result<GeneratedWorkspace> readGeneratedWorkspace(const QString &directory)
{
    GeneratedWorkspace out;
    out.path = QDir(directory).filePath(QStringLiteral("bench.rdw"));
    if (QDir(directory).exists(QStringLiteral("repository")))
        out.repository = QDir(directory).filePath(QStringLiteral("repository"));
    auto store = SqlWorkspaceStore::open(out.path);
    if (!store)
        return store.error();
    const auto entries = (*store)->mergeRequests();
    if (!entries)
        return entries.error();
    for (const MergeRequestEntry &e : *entries) {
        out.mergeRequests << e.id;
        out.codeLinked << e.codeLinked;
    }
    if (!out.mergeRequests.isEmpty())
        out.largeMergeRequest = out.mergeRequests.first();
    return out;
}

} // namespace rd::test
