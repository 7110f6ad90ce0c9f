#pragma once

// Repository objects no well-behaved git writes, for the hostile-input tests:
// trees with names git refuses ("..", "a/b"), a 2 GiB blob written in a few
// megabytes of disk, damaged objects, a shallow boundary. Written with
// libgit2's object database directly (no validation on the way in).

#include <QByteArray>
#include <QList>
#include <QString>

namespace rd::test {

struct RawTreeEntry
{
    QByteArray mode; // "100644", "40000", "120000", "160000"
    QByteArray name;
    QByteArray idHex;
};

// Each returns the new object's id in hex, or throws.
QByteArray writeRawBlob(const QString &repository, const QByteArray &content);
QByteArray writeRawTree(const QString &repository, const QList<RawTreeEntry> &entries);
QByteArray writeRawCommit(const QString &repository, const QByteArray &treeHex, const QList<QByteArray> &parents, const QByteArray &message,
                          const QByteArray &author = "Hostile <h@example.com>");
// A loose blob of `size` zero bytes, stored compressed (a few MiB for 2 GiB);
// its id is computed over every byte, so the object is valid.
QByteArray writeZeroBlob(const QString &repository, qint64 size);
// Overwrites a loose object's file with bytes that do not inflate.
void damageObject(const QString &gitDir, const QByteArray &idHex);

} // namespace rd::test
