// The pairwise votes of the SQL workspace store (schema 13, issue 35): whole
// reviews of one merge request compared two at a time.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>

namespace rd {

using namespace sqlstore;

namespace {

const char *const voteColumns = "v.id, v.merge_request, v.run_a, v.run_b, v.winner, a.name, v.order_seed, v.time_spent, v.updated";

PairwiseVote voteFrom(const QSqlQuery &row)
{
    PairwiseVote v;
    v.id = row.value(0).toLongLong();
    v.mergeRequest = row.value(1).toLongLong();
    v.runA = row.value(2).toLongLong();
    v.runB = row.value(3).toLongLong();
    // The column holds only what addVote wrote (a CHECK would not survive
    // every backend's ALTER); anything else reads as a tie rather than a win.
    v.winner = pairWinnerFromName(row.value(4).toString()).value_or(PairWinner::Tie);
    v.annotator = row.value(5).toString();
    v.orderSeed = optionalFrom<qint64>(row.value(6));
    v.timeSpentMs = optionalFrom<qint64>(row.value(7));
    v.updated = timeFrom(row.value(8));
    return v;
}

} // namespace

Result<StoredVote> SqlWorkspaceStore::addVote(const PairwiseVote &vote)
{
    const QString doing = QCoreApplication::translate("rd::models", "store the vote");
    if (vote.runA == vote.runB)
        return usage(QCoreApplication::translate("rd::models", "run %1 is named as both A and B: a vote compares two different runs").arg(vote.runA));
    if (vote.annotator.trimmed().isEmpty())
        return usage(QCoreApplication::translate("rd::models", "the annotator's name is empty"));
    if (vote.timeSpentMs && *vote.timeSpentMs < 0)
        return usage(QCoreApplication::translate("rd::models", "the time spent on a vote cannot be negative"));
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    if (auto known = d->requireMergeRequest(vote.mergeRequest); !known)
        return known.error();
    for (const qint64 run : {vote.runA, vote.runB}) {
        auto of = d->scalar("SELECT merge_request FROM runs WHERE id = ?", {run}, doing);
        if (!of)
            return of.error();
        if (!of->isValid())
            return usage(QCoreApplication::translate("rd::models", "no run %1 in this workspace").arg(run));
        if (of->toLongLong() != vote.mergeRequest)
            return usage(QCoreApplication::translate("rd::models", "run %1 is a run of merge request %2, not of merge request %3")
                             .arg(run)
                             .arg(of->toLongLong())
                             .arg(vote.mergeRequest));
    }
    auto annotator = d->ensureAnnotator(vote.annotator);
    if (!annotator)
        return annotator.error();
    StoredVote out;
    auto earlier = d->exec(QStringLiteral("SELECT %1 FROM pairwise_votes v JOIN annotators a ON a.id = v.annotator"
                                          " WHERE v.annotator = ? AND v.run_a = ? AND v.run_b = ?")
                               .arg(QLatin1String(voteColumns)),
                           {*annotator, vote.runA, vote.runB}, doing);
    if (!earlier)
        return earlier.error();
    if (earlier->next())
        out.replaced = voteFrom(*earlier);
    earlier->finish();
    const QVariantList values{vote.mergeRequest, pairWinnerName(vote.winner), nullable(vote.orderSeed), nullable(vote.timeSpentMs), nowMs()};
    if (out.replaced) {
        // In place: the vote keeps its id, so a later undo or export names the same row.
        if (auto q = d->exec(QStringLiteral("UPDATE pairwise_votes SET merge_request = ?, winner = ?, order_seed = ?, time_spent = ?, updated = ? WHERE id = ?"),
                             values + QVariantList{out.replaced->id}, doing);
            !q)
            return q.error();
        out.id = out.replaced->id;
    } else {
        auto id = d->insert(QStringLiteral("INSERT INTO pairwise_votes (merge_request, winner, order_seed, time_spent, updated, run_a, run_b, annotator)"
                                           " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"),
                            values + QVariantList{vote.runA, vote.runB, *annotator}, doing);
        if (!id)
            return id.error();
        out.id = *id;
    }
    // No change notice: a vote changes nothing an open merge request shows
    // (the session would reload it whole for an unknown change).
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return out;
}

Result<QList<PairwiseVote>> SqlWorkspaceStore::votes(std::optional<qint64> mergeRequest) const
{
    QString sql = QStringLiteral("SELECT %1 FROM pairwise_votes v JOIN annotators a ON a.id = v.annotator").arg(QLatin1String(voteColumns));
    QVariantList values;
    if (mergeRequest) {
        sql += QStringLiteral(" WHERE v.merge_request = ?");
        values << *mergeRequest;
    }
    sql += QStringLiteral(" ORDER BY v.id");
    auto q = d->exec(sql, values, QCoreApplication::translate("rd::models", "read the votes"));
    return allRows<PairwiseVote>(std::move(q), [](QSqlQuery &row) { return voteFrom(row); });
}

Result<bool> SqlWorkspaceStore::removeVote(const QString &annotator, qint64 runA, qint64 runB)
{
    return d->removeAnnotatorsRow(annotator, "pairwise_votes", "run_a = ? AND run_b = ?", {runA, runB},
                                  QCoreApplication::translate("rd::models", "take back the vote"));
}

} // namespace rd
