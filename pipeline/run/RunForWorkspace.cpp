#include "RunForWorkspace.h"

#include <Slice.h>

#include <QCryptographicHash>
#include <QDir>

namespace rd {

StoredRun storedRunFor(qint64 mergeRequest, const RunRecord &record)
{
    StoredRun run;
    run.mergeRequest = mergeRequest;
    run.model = record.config.reviewer.model;
    run.label = QStringLiteral("%1 · %2 × %3").arg(algorithmName(record.config.slicing), run.model).arg(record.config.reviewers);
    if (record.config.pipeline != PipelineKind::Defect) {
        // The other pipelines: named by pipeline (and context) and the first role's model.
        const auto roles = record.config.profiles();
        run.model = roles.isEmpty() ? QString() : roles.first().second->model;
        const QString pipeline = pipelineName(record.config.pipeline)
                                 + (record.config.context.isEmpty() ? QString() : QLatin1Char('/') + record.config.context);
        run.label = QStringLiteral("%1 · %2").arg(pipeline, run.model);
    }
    run.configHash = configHashOf(record.config);
    run.started = record.started;
    run.finished = record.finished;
    run.record = record.toJson();
    if (record.coverage.recorded)
        run.coverage = record.coverage.toJson();
    run.revisionFrom = record.revisionFrom;
    run.revisionTo = record.revisionTo;
    return run;
}

QString configHashOf(const RunConfig &config)
{
    // A price changes what a run cost, never what it said: runs that differ
    // only in their roles' prices are one configuration.
    RunConfig unpriced = config;
    for (const auto &[role, profile] : unpriced.profiles())
        profile->price.reset();
    return QString::fromLatin1(QCryptographicHash::hash(unpriced.toJson(), QCryptographicHash::Sha256).toHex().left(16));
}

MergeRequestEntry mergeRequestEntryFor(const MergeRequest &mr, const QString &repositoryPath)
{
    MergeRequestEntry e;
    e.repository = QDir::cleanPath(QDir(repositoryPath).absolutePath());
    e.base = mr.baseRevision;
    e.head = mr.headRevision;
    e.twoDot = mr.options.twoDot;
    e.title = mr.title;
    e.description = mr.description;
    return e;
}

void markReviewedRevisions(RunRecord &run, int from, int to)
{
    run.revisionFrom = from;
    run.revisionTo = to;
    if (from == 0)
        return;
    for (ReviewComment &c : run.comments)
        if (c.side == QLatin1String("old") && c.lineValid) {
            c.lineValid = false;
            c.errors << QStringLiteral("on the old side of the incremental review (revision %1's head), not of the merge request: placed at no line")
                            .arg(from);
        }
}

} // namespace rd
