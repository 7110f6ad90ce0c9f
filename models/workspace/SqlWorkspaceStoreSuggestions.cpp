// Suggested code applied or not when a revision outdated its comment (schema 14).

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>

namespace rd {

using namespace sqlstore;

Result<QList<SuggestionOutcome>> SqlWorkspaceStore::suggestionOutcomes(std::optional<qint64> mergeRequest) const
{
    const QString doing = QCoreApplication::translate("rd::models", "read which suggestions were applied");
    auto q = mergeRequest ? d->exec("SELECT s.comment, s.revision, s.applied FROM suggestion_outcomes s JOIN comments c ON c.id = s.comment"
                                    " WHERE c.merge_request = ? ORDER BY s.comment",
                                    {*mergeRequest}, doing)
                          : d->exec("SELECT comment, revision, applied FROM suggestion_outcomes ORDER BY comment", {}, doing);
    if (!q)
        return q.error();
    QList<SuggestionOutcome> out;
    while (q->next())
        out.append({q->value(0).toLongLong(), q->value(1).toInt(), q->value(2).toInt() != 0});
    return out;
}

} // namespace rd
