#include "ReferenceSnapshots.h"

#include "EvaluationEvidence.h"

#include <WorkspaceStore.h>

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QLocale>
#include <QStringList>

#include <algorithm>

namespace rd::eval {

namespace {

QString sha256Hex(const QString &text)
{
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha256).toHex());
}

// One reference as its fingerprint reads it (tabs between the fields).
QString fingerprintLine(const ReferenceIssue &r)
{
    QStringList members;
    for (qint64 m : r.members)
        members << QString::number(m);
    members.sort();
    return QStringList{QString::number(r.mergeRequest),
                       QString::number(r.comment),
                       r.keyBug ? QStringLiteral("key-bug") : QStringLiteral("marked"),
                       r.file,
                       r.side,
                       QString::number(r.lineFrom),
                       QString::number(r.lineTo),
                       sha256Hex(r.text),
                       sha256Hex(r.translatedText),
                       r.category.value_or(QString()),
                       r.context.value_or(QString()),
                       r.tag.value_or(QString()),
                       members.join(QLatin1Char(','))}
        .join(QLatin1Char('\t'));
}

} // namespace

QString referenceFingerprint(const QList<ReferenceIssue> &references)
{
    QStringList lines;
    lines.reserve(references.size());
    for (const ReferenceIssue &r : references)
        lines << fingerprintLine(r);
    lines.sort();
    return sha256Hex(lines.join(QLatin1Char('\n'))).left(12);
}

// Counts as "name: n", so the line reads the same without a translator
// (the command line has none to make plurals).
QString ReferenceSetUsed::describe() const
{
    QString text = isLive() ? QCoreApplication::translate("rd::pipeline", "References: the live set '%1'; references: %2, merge requests: %3, fingerprint: %4")
                                  .arg(referenceSetName(set))
                                  .arg(references)
                                  .arg(mergeRequests)
                                  .arg(fingerprint)
                            : QCoreApplication::translate("rd::pipeline", "References: snapshot '%1' (set '%2', frozen by %3 on %4); references: %5, merge requests: %6, fingerprint: %7")
                                  .arg(snapshot, referenceSetName(set), author, created.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")))
                                  .arg(references)
                                  .arg(mergeRequests)
                                  .arg(fingerprint);
    if (pendingKeyBugs > 0)
        text += QCoreApplication::translate("rd::pipeline", "; key-bug flags disputed and not adjudicated (no reference until decided): %1").arg(pendingKeyBugs);
    if (!isLive() && liveFingerprint != fingerprint)
        text += QCoreApplication::translate("rd::pipeline", "; the live set has moved since (references: %1, fingerprint: %2)").arg(liveReferences).arg(liveFingerprint);
    return text;
}

bool isReservedSnapshotName(const QString &name)
{
    const QString n = name.trimmed();
    return referenceSetFromName(n).has_value() || n == QLatin1String("live");
}

ReferenceSetUsed referenceSetUsed(const std::optional<ReferenceSnapshot> &snapshot, const QHash<qint64, MergeRequestEvidence> &mergeRequests, ReferenceSet live)
{
    ReferenceSetUsed used;
    used.set = live;
    if (snapshot) {
        used.snapshot = snapshot->name;
        used.set = referenceSetFromName(snapshot->referenceSet).value_or(ReferenceSet::All);
        used.author = snapshot->author;
        used.created = snapshot->created;
    }
    QList<ReferenceIssue> references, liveReferences;
    for (const MergeRequestEvidence &mr : mergeRequests) {
        references << mr.references;
        liveReferences << mr.liveReferences;
        used.pendingKeyBugs += mr.pendingKeyBugs;
    }
    used.mergeRequests = static_cast<int>(mergeRequests.size());
    used.references = static_cast<int>(references.size());
    used.fingerprint = referenceFingerprint(references);
    if (snapshot) {
        used.liveReferences = static_cast<int>(liveReferences.size());
        used.liveFingerprint = referenceFingerprint(liveReferences);
    }
    return used;
}

Result<ReferenceSnapshot> freezeReferences(WorkspaceStore &store, const FreezeRequest &request)
{
    ReferenceSnapshot snapshot;
    snapshot.name = request.name.trimmed();
    snapshot.author = request.author.trimmed();
    snapshot.referenceSet = referenceSetName(request.set);
    if (snapshot.name.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "a reference snapshot needs a name")};
    if (isReservedSnapshotName(snapshot.name))
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "'%1' names a live reference set (all, aacr, key-bugs, live); give the snapshot another name")
                                             .arg(snapshot.name)};
    if (snapshot.author.isEmpty())
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "a reference snapshot needs the name of who freezes it")};
    // Before reading the whole workspace: a name is never taken twice.
    auto existing = store.referenceSnapshot(snapshot.name);
    if (!existing)
        return existing.error();
    if (*existing)
        return Error{Error::Kind::Usage, QCoreApplication::translate("rd::pipeline", "a reference snapshot named '%1' exists already (frozen by %2 on %3); "
                                                                                     "a snapshot is never replaced, so freeze under another name")
                                             .arg(snapshot.name, (*existing)->author, (*existing)->created.toUTC().toString(Qt::ISODate))};
    auto mergeRequests = store.mergeRequests();
    if (!mergeRequests)
        return mergeRequests.error();
    QList<qint64> ids;
    for (const MergeRequestEntry &mr : *mergeRequests)
        ids << mr.id;
    auto live = readLiveEvidence(store, ids, request.set);
    if (!live)
        return live.error();
    for (qint64 id : std::as_const(ids)) {
        const auto mr = live->constFind(id);
        if (mr == live->cend())
            continue; // read with the others: never
        snapshot.mergeRequests.append({id, mr->pendingKeyBugs});
        snapshot.references << mr->references;
    }
    snapshot.referenceCount = static_cast<int>(snapshot.references.size());
    snapshot.fingerprint = referenceFingerprint(snapshot.references);
    snapshot.created = QDateTime::currentDateTimeUtc();
    auto id = store.addReferenceSnapshot(snapshot);
    if (!id)
        return id.error();
    snapshot.id = *id;
    return snapshot;
}

} // namespace rd::eval
