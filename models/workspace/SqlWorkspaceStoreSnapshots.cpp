// The reference snapshots of the SQL workspace store (schema 12): named,
// frozen sets of reference issues that `eval --references NAME` reads.

#include "SqlWorkspaceStorePrivate.h"

#include <QCoreApplication>
#include <QHash>

namespace rd {

using namespace sqlstore;

namespace {

QVariant optionalText(const std::optional<QString> &v)
{
    return v ? QVariant(*v) : QVariant(QMetaType::fromType<QString>());
}

// The snapshot's own row (id, name, reference_set, author, created, fingerprint).
ReferenceSnapshot snapshotRowFrom(const QSqlQuery &row)
{
    ReferenceSnapshot s;
    s.id = row.value(0).toLongLong();
    s.name = row.value(1).toString();
    s.referenceSet = row.value(2).toString();
    s.author = row.value(3).toString();
    s.created = timeFrom(row.value(4));
    s.fingerprint = row.value(5).toString();
    return s;
}

const char *const snapshotRowColumns = "id, name, reference_set, author, created, fingerprint";

} // namespace

Result<qint64> SqlWorkspaceStore::addReferenceSnapshot(const ReferenceSnapshot &snapshot)
{
    const QString name = snapshot.name.trimmed();
    if (name.isEmpty())
        return usage(QCoreApplication::translate("rd::models", "a reference snapshot needs a name"));
    const QString doing = QCoreApplication::translate("rd::models", "store the reference snapshot");
    WriteTransaction t(*d);
    if (auto begun = t.begin(doing); !begun)
        return begun.error();
    auto taken = d->scalar("SELECT id FROM reference_snapshots WHERE name = ?", {name}, doing);
    if (!taken)
        return taken.error();
    if (taken->isValid())
        return usage(QCoreApplication::translate("rd::models", "a reference snapshot named '%1' exists already; a snapshot is never replaced, so freeze under another name")
                         .arg(name));
    auto id = d->insert("INSERT INTO reference_snapshots (name, reference_set, author, created, fingerprint) VALUES (?, ?, ?, ?, ?)",
                        {name, snapshot.referenceSet, snapshot.author.trimmed(), snapshot.created.isValid() ? timeValue(snapshot.created) : QVariant(nowMs()),
                         snapshot.fingerprint},
                        doing);
    if (!id)
        return id.error();
    for (const ReferenceSnapshot::MergeRequestState &m : snapshot.mergeRequests)
        if (auto q = d->exec("INSERT INTO reference_snapshot_merge_requests (snapshot, merge_request, pending_key_bugs) VALUES (?, ?, ?)",
                             {*id, m.mergeRequest, m.pendingKeyBugs}, doing);
            !q)
            return q.error();
    for (const ReferenceIssue &r : snapshot.references) {
        if (auto q = d->exec("INSERT INTO reference_snapshot_items (snapshot, merge_request, comment, key_bug, file, side, line_from, line_to, text, translated_text,"
                             " category, context, tag) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                             {*id, r.mergeRequest, r.comment, r.keyBug ? 1 : 0, bindable(r.file), bindable(r.side), r.lineFrom, r.lineTo, bindable(r.text),
                              bindable(r.translatedText), optionalText(r.category), optionalText(r.context), optionalText(r.tag)},
                             doing);
            !q)
            return q.error();
        for (qint64 member : r.members)
            if (auto q = d->exec("INSERT INTO reference_snapshot_members (snapshot, comment, reference_comment) VALUES (?, ?, ?)", {*id, member, r.comment}, doing);
                !q)
                return q.error();
    }
    if (auto committed = t.commit(doing); !committed)
        return committed.error();
    return *id;
}

Result<QList<ReferenceSnapshot>> SqlWorkspaceStore::referenceSnapshots() const
{
    const QString doing = QCoreApplication::translate("rd::models", "read the reference snapshots");
    auto snapshots = allRows<ReferenceSnapshot>(d->exec(QStringLiteral("SELECT %1 FROM reference_snapshots ORDER BY id").arg(QLatin1String(snapshotRowColumns)), QVariantList(), doing),
                                                snapshotRowFrom);
    if (!snapshots)
        return snapshots.error();
    QHash<qint64, qsizetype> index;
    for (qsizetype i = 0; i < snapshots->size(); ++i)
        index.insert(snapshots->at(i).id, i);
    auto states = d->exec("SELECT snapshot, merge_request, pending_key_bugs FROM reference_snapshot_merge_requests ORDER BY snapshot, merge_request", {}, doing);
    if (!states)
        return states.error();
    while (states->next())
        if (const auto i = index.constFind(states->value(0).toLongLong()); i != index.cend())
            (*snapshots)[*i].mergeRequests.append({states->value(1).toLongLong(), states->value(2).toInt()});
    auto counts = d->exec("SELECT snapshot, COUNT(*) FROM reference_snapshot_items GROUP BY snapshot", {}, doing);
    if (!counts)
        return counts.error();
    while (counts->next())
        if (const auto i = index.constFind(counts->value(0).toLongLong()); i != index.cend())
            (*snapshots)[*i].referenceCount = counts->value(1).toInt();
    return snapshots;
}

Result<std::optional<ReferenceSnapshot>> SqlWorkspaceStore::referenceSnapshot(const QString &name) const
{
    const QString doing = QCoreApplication::translate("rd::models", "read the reference snapshot");
    auto row = d->exec(QStringLiteral("SELECT %1 FROM reference_snapshots WHERE name = ?").arg(QLatin1String(snapshotRowColumns)), QVariantList{name.trimmed()}, doing);
    if (!row)
        return row.error();
    if (!row->next())
        return std::optional<ReferenceSnapshot>();
    ReferenceSnapshot s = snapshotRowFrom(*row);
    auto states = d->exec("SELECT merge_request, pending_key_bugs FROM reference_snapshot_merge_requests WHERE snapshot = ? ORDER BY merge_request", {s.id}, doing);
    if (!states)
        return states.error();
    while (states->next())
        s.mergeRequests.append({states->value(0).toLongLong(), states->value(1).toInt()});
    auto items = d->exec("SELECT merge_request, comment, key_bug, file, side, line_from, line_to, text, translated_text, category, context, tag"
                         " FROM reference_snapshot_items WHERE snapshot = ? ORDER BY merge_request, comment",
                         {s.id}, doing);
    if (!items)
        return items.error();
    QHash<qint64, qsizetype> index;
    while (items->next()) {
        ReferenceIssue r;
        r.mergeRequest = items->value(0).toLongLong();
        r.comment = items->value(1).toLongLong();
        r.keyBug = items->value(2).toInt() != 0;
        r.file = items->value(3).toString();
        r.side = items->value(4).toString();
        r.lineFrom = items->value(5).toInt();
        r.lineTo = items->value(6).toInt();
        r.text = items->value(7).toString();
        r.translatedText = items->value(8).toString();
        r.category = optionalFrom<QString>(items->value(9));
        r.context = optionalFrom<QString>(items->value(10));
        r.tag = optionalFrom<QString>(items->value(11));
        index.insert(r.comment, s.references.size());
        s.references.append(r);
    }
    s.referenceCount = static_cast<int>(s.references.size());
    auto members = d->exec("SELECT comment, reference_comment FROM reference_snapshot_members WHERE snapshot = ? ORDER BY comment", {s.id}, doing);
    if (!members)
        return members.error();
    while (members->next())
        if (const auto i = index.constFind(members->value(1).toLongLong()); i != index.cend())
            s.references[*i].members.append(members->value(0).toLongLong());
    return std::optional<ReferenceSnapshot>(std::move(s));
}

} // namespace rd
