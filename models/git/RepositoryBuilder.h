#pragma once

#include "FileDiff.h"
#include "GitRepository.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <map>
#include <memory>
#include <optional>

namespace rd {

// Writes commits with libgit2 from whole trees given as path -> entry: the
// demo merge request and the test fixtures are made this way. Commit times
// advance one minute per commit from a fixed start, so the same input always
// gives the same object names.
class RepositoryBuilder
{
public:
    struct Entry
    {
        QByteArray content;          // for a submodule: the commit id in hex
        quint32 mode = FileMode::Regular;
    };
    using Tree = std::map<QByteArray, Entry>;

    static Result<RepositoryBuilder> init(const QString &directory, bool bare = false);

    QString gitDir() const;

    // Commits `tree` on refs/heads/<branch> (created or moved). Parents
    // default to the branch's current tip, if it has one.
    Result<ObjectId> commit(const QByteArray &branch, const Tree &tree, const QByteArray &message,
                            const std::optional<QList<ObjectId>> &parents = std::nullopt);
    Result<bool> setReference(const QByteArray &name, const ObjectId &commit);
    Result<bool> annotatedTag(const QByteArray &name, const ObjectId &commit, const QByteArray &message);
    Result<bool> setHead(const QByteArray &branch);
    Result<ObjectId> writeBlob(const QByteArray &content);
    std::optional<ObjectId> tip(const QByteArray &branch) const;

    void setAuthor(const QString &name, const QString &email) { m_authorName = name, m_authorEmail = email; }

    struct Private;

private:
    std::shared_ptr<Private> d;
    QString m_authorName = QStringLiteral("ReviewDesk");
    QString m_authorEmail = QStringLiteral("reviewdesk@example.com");
    int m_clock = 0;
};

} // namespace rd
