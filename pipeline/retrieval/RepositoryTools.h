#pragma once

#include "Bm25Index.h"

#include <GitRepository.h>

#include <QHash>
#include <QMutex>

#include <optional>

namespace rd {

// The agent's view of the repository: four tools answered from the head
// commit's tree through libgit2, never from the work tree (README, "agent").
class RepositoryTools
{
public:
    struct Outcome
    {
        QString result;       // what the model is told
        bool refused = false; // a path that leaves the repository, an unknown tool
    };

    // `index` answers find_definition outside C/C++ (and narrows it inside).
    RepositoryTools(const GitRepository &repository, const ObjectId &commit, const Bm25Index &index, int resultChars);
    Result<bool> load(); // reads the tree's entries

    // The OpenAI "tools" array: read_file, search, list_dir, find_definition.
    static QString definitions();
    Outcome call(const QString &name, const QString &argumentsJson);

    // A repository-relative path from what a model wrote, or nothing when it
    // would leave the repository (absolute, "..", a drive letter, a NUL).
    static std::optional<QByteArray> repositoryPath(const QString &path);

private:
    Outcome readFile(const QByteArray &path, int from, int to);
    Outcome search(const QString &text);
    Outcome listDir(const QByteArray &path);
    Outcome findDefinition(const QString &symbol);
    std::optional<QByteArray> content(const QByteArray &path);
    QString cut(QString text) const;
    QList<std::pair<QByteArray, QByteArray>> headers();

    GitRepository m_repository;
    ObjectId m_commit;
    Bm25Index m_index;
    int m_resultChars;
    QList<TreeEntry> m_entries;
    QHash<QByteArray, int> m_byPath;
    QHash<QByteArray, QByteArray> m_contents; // read on demand
    QList<std::pair<QByteArray, QByteArray>> m_headers;
    bool m_headersRead = false;
    QMutex m_headersLock; // hunks are reviewed in parallel
    QMutex m_lock;
};

} // namespace rd
