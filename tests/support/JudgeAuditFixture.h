#pragma once

// Code Review Bench with two judges, for people's audit of the judges
// (issue 34): the shared test data's judge (openai_gpt-5.2) and a second
// judge, "second", whose files are the first's with augment's matches
// turned down on every other pull request (in key order). The pairs they
// disagree on are exactly those matches, counted from the file here.
// Needs REVIEWDESK_SOURCE_DIR (the test's compile definition).

#include <CodeReviewBench.h>
#include <WorkspaceStore.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace rd::test {

inline QString auditBenchmarkSource()
{
    return QStringLiteral(REVIEWDESK_SOURCE_DIR "/tests/data/code-review-bench");
}

struct TwoJudgeBenchmark
{
    QString folder;
    int disagreements = 0; // (candidate, golden comment) pairs the first judge matched and the second did not
};

inline bool copyAuditFile(const QString &from, const QString &to)
{
    QDir().mkpath(QFileInfo(to).absolutePath());
    QFile::remove(to);
    return QFile::copy(from, to);
}

// The shared data (one judge), copied to `to`; with `secondJudge`, the
// second judge beside it.
inline TwoJudgeBenchmark writeAuditBenchmark(const QString &to, bool secondJudge)
{
    TwoJudgeBenchmark out;
    out.folder = to;
    const QDir source(auditBenchmarkSource());
    for (const QString &relative : {QStringLiteral("golden_comments/cal_dot_com.json"), QStringLiteral("golden_comments/discourse.json"),
                                    QStringLiteral("golden_comments/grafana.json"), QStringLiteral("golden_comments/keycloak.json"),
                                    QStringLiteral("golden_comments/sentry.json"), QStringLiteral("results/pr_labels.json"),
                                    QStringLiteral("results/openai_gpt-5.2/candidates.json"), QStringLiteral("results/openai_gpt-5.2/evaluations.json")})
        if (!copyAuditFile(source.filePath(relative), QDir(to).filePath(relative)))
            qFatal("cannot copy %s", qPrintable(relative));
    if (!secondJudge)
        return out;
    copyAuditFile(source.filePath(QStringLiteral("results/openai_gpt-5.2/candidates.json")), QDir(to).filePath(QStringLiteral("results/second/candidates.json")));
    QFile in(source.filePath(QStringLiteral("results/openai_gpt-5.2/evaluations.json")));
    if (!in.open(QIODevice::ReadOnly))
        qFatal("cannot read the evaluations");
    QJsonObject evaluations = QJsonDocument::fromJson(in.readAll()).object();
    int index = 0;
    for (const QString &key : evaluations.keys()) {
        if (index++ % 2 != 0)
            continue;
        QJsonObject tools = evaluations.value(key).toObject();
        if (!tools.contains(QLatin1String("augment")))
            continue;
        QJsonObject augment = tools.value(QLatin1String("augment")).toObject();
        if (augment.value(QLatin1String("skipped")).toBool())
            continue;
        QJsonArray fps = augment.value(QLatin1String("false_positives")).toArray();
        QJsonArray fns = augment.value(QLatin1String("false_negatives")).toArray();
        QSet<QString> seen;
        for (const QJsonValue &fp : std::as_const(fps))
            seen.insert(fp.toObject().value(QLatin1String("candidate")).toString());
        QSet<std::pair<QString, QString>> pairs;
        for (const QJsonValue &tp : augment.value(QLatin1String("true_positives")).toArray()) {
            const QJsonObject t = tp.toObject();
            const QString candidate = t.value(QLatin1String("matched_candidate")).toString();
            pairs.insert({candidate, t.value(QLatin1String("golden_comment")).toString()});
            fns.append(QJsonObject{{QStringLiteral("golden_comment"), t.value(QLatin1String("golden_comment"))}, {QStringLiteral("severity"), t.value(QLatin1String("severity"))}});
            if (!seen.contains(candidate)) {
                seen.insert(candidate);
                fps.append(QJsonObject{{QStringLiteral("candidate"), candidate}});
            }
        }
        out.disagreements += int(pairs.size());
        augment[QStringLiteral("true_positives")] = QJsonArray();
        augment[QStringLiteral("false_positives")] = fps;
        augment[QStringLiteral("false_negatives")] = fns;
        augment[QStringLiteral("tp")] = 0;
        augment[QStringLiteral("fp")] = fps.size();
        augment[QStringLiteral("fn")] = fns.size();
        tools[QStringLiteral("augment")] = augment;
        evaluations[key] = tools;
    }
    QFile outFile(QDir(to).filePath(QStringLiteral("results/second/evaluations.json")));
    if (!outFile.open(QIODevice::WriteOnly | QIODevice::Truncate))
        qFatal("cannot write the second judge");
    outFile.write(QJsonDocument(evaluations).toJson(QJsonDocument::Compact));
    return out;
}

// Reads the folder and imports it; an empty string, or the problem.
inline QString importAuditBenchmark(WorkspaceStore &store, const QString &folder)
{
    auto read = codereviewbench::readFolder(folder);
    if (!read)
        return read.error().message;
    auto imported = store.importBenchmark(read->import);
    return imported ? QString() : imported.error().message;
}

} // namespace rd::test
