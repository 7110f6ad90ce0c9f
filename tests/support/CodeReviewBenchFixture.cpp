#include "CodeReviewBenchFixture.h"

#include <CodeReviewBench.h>
#include <SqlWorkspaceStore.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace rd::test {

namespace {

Result<bool> copyBenchFile(const QString &from, const QString &to, const QByteArray &replacement = {})
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    QByteArray bytes = replacement;
    if (bytes.isEmpty()) {
        QFile in(from);
        if (!in.open(QIODevice::ReadOnly))
            return Error{Error::Kind::Path, QStringLiteral("cannot read %1").arg(from)};
        bytes = in.readAll();
    }
    QFile out(to);
    if (!out.open(QIODevice::WriteOnly | QIODevice::Truncate) || out.write(bytes) != bytes.size())
        return Error{Error::Kind::Path, QStringLiteral("cannot write %1").arg(to)};
    return true;
}

} // namespace

// The first judge's verdicts with every true positive of augment's made a
// false negative (and its candidate a false positive).
QByteArray augmentFindsNothing(const QJsonObject &first)
{
    QJsonObject evaluations = first;
    for (auto pr = evaluations.begin(); pr != evaluations.end(); ++pr) {
        QJsonObject tools = pr->toObject();
        QJsonObject augment = tools.value(QLatin1String("augment")).toObject();
        QJsonArray fps = augment.value(QLatin1String("false_positives")).toArray();
        QJsonArray fns = augment.value(QLatin1String("false_negatives")).toArray();
        QSet<QString> seen;
        for (const QJsonValue &fp : std::as_const(fps))
            seen.insert(fp.toObject().value(QLatin1String("candidate")).toString());
        for (const QJsonValue &tp : augment.value(QLatin1String("true_positives")).toArray()) {
            const QJsonObject t = tp.toObject();
            fns.append(QJsonObject{{QStringLiteral("golden_comment"), t.value(QLatin1String("golden_comment"))}, {QStringLiteral("severity"), t.value(QLatin1String("severity"))}});
            const QString candidate = t.value(QLatin1String("matched_candidate")).toString();
            if (!seen.contains(candidate)) {
                seen.insert(candidate);
                fps.append(QJsonObject{{QStringLiteral("candidate"), candidate}});
            }
        }
        augment[QStringLiteral("true_positives")] = QJsonArray();
        augment[QStringLiteral("false_positives")] = fps;
        augment[QStringLiteral("false_negatives")] = fns;
        augment[QStringLiteral("tp")] = 0;
        augment[QStringLiteral("fp")] = fps.size();
        augment[QStringLiteral("fn")] = fns.size();
        tools[QStringLiteral("augment")] = augment;
        *pr = tools;
    }
    return QJsonDocument(evaluations).toJson(QJsonDocument::Compact);
}

QString codeReviewBenchDir()
{
    return QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/code-review-bench");
}

QString codeReviewBenchJudge()
{
    return QStringLiteral("openai_gpt-5.2");
}

QString secondBenchJudge()
{
    return QStringLiteral("second");
}

Result<bool> importCodeReviewBench(const QString &workspace, const QString &scratch, bool withSecondJudge)
{
    QString folder = codeReviewBenchDir();
    if (withSecondJudge) {
        folder = QDir(scratch).filePath(QStringLiteral("code-review-bench"));
        const QString judge = QStringLiteral("results/") + codeReviewBenchJudge();
        for (const QString &relative : QStringList{QStringLiteral("golden_comments/cal_dot_com.json"), QStringLiteral("golden_comments/discourse.json"),
                                        QStringLiteral("golden_comments/grafana.json"), QStringLiteral("golden_comments/keycloak.json"),
                                        QStringLiteral("golden_comments/sentry.json"), QStringLiteral("results/pr_labels.json"),
                                        judge + QStringLiteral("/candidates.json"), judge + QStringLiteral("/evaluations.json")})
            if (auto copied = copyBenchFile(QDir(codeReviewBenchDir()).filePath(relative), QDir(folder).filePath(relative)); !copied)
                return copied.error();
        const QString second = QStringLiteral("results/") + secondBenchJudge();
        if (auto copied = copyBenchFile(QDir(folder).filePath(judge + QStringLiteral("/candidates.json")), QDir(folder).filePath(second + QStringLiteral("/candidates.json"))); !copied)
            return copied.error();
        QFile first(QDir(folder).filePath(judge + QStringLiteral("/evaluations.json")));
        if (!first.open(QIODevice::ReadOnly))
            return Error{Error::Kind::Path, QStringLiteral("cannot read %1").arg(first.fileName())};
        const QByteArray evaluations = augmentFindsNothing(QJsonDocument::fromJson(first.readAll()).object());
        if (auto written = copyBenchFile({}, QDir(folder).filePath(second + QStringLiteral("/evaluations.json")), evaluations); !written)
            return written.error();
    }
    auto read = codereviewbench::readFolder(folder);
    if (!read)
        return read.error();
    auto store = SqlWorkspaceStore::open(workspace, SqlWorkspaceStore::Mode::CreateIfMissing);
    if (!store)
        return store.error();
    auto imported = (*store)->importBenchmark(read->import);
    if (!imported)
        return imported.error();
    return true;
}

} // namespace rd::test
