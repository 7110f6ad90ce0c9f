#pragma once

#include <GitRepository.h>

#include <QHash>
#include <QMutex>
#include <QSet>
#include <QStringList>
#include <QTemporaryDir>

#include <map>
#include <memory>
#include <optional>

namespace rd {

bool isCppPath(const QByteArray &path);

// The language a C/C++ file is parsed as.
enum class SourceLanguage { C, Cpp };
QString languageName(SourceLanguage language); // "c", "c++"

// The C and C++ files of one commit that a parse needs, written on demand to
// a temporary directory so that libclang follows #includes as they were at
// that commit (the paper's "checkout"), whatever the work tree holds. Only
// the files asked for and the repository headers they include (found by
// reading their #include lines) are read: the cost follows the change, not
// the size of the repository, and a blob missing elsewhere (a partial clone)
// does not matter. Safe to use from several threads.
class SourceSnapshot
{
public:
    static Result<std::shared_ptr<SourceSnapshot>> create(const GitRepository &repository, const ObjectId &commit);

    QString root() const { return m_dir.path(); }
    QString absolutePath(const QByteArray &repositoryPath) const;
    // The repository path of a file inside the snapshot, or empty.
    QByteArray repositoryPath(const QString &absolutePath) const;
    bool contains(const QByteArray &repositoryPath) const { return m_blobs.contains(repositoryPath); }

    // Writes `repositoryPath` and, transitively, the repository headers it
    // includes. Fails only when the file itself cannot be read; headers whose
    // blob cannot be read are left out and named in `unreadable`. Returns
    // the error message, empty on success.
    QString prepare(const QByteArray &repositoryPath, QStringList *unreadable = nullptr);
    // Folders that make the #include lines read so far resolve, and the root.
    QStringList includeDirectories() const;
    QStringList fileLines(const QByteArray &repositoryPath, int from, int to);
    // Files written so far (for tests and the benchmark).
    int writtenFiles() const;

    // C for .c files; for headers: a sibling source of the same name, else
    // the repository's mix of C and C++ sources.
    SourceLanguage guessLanguage(const QByteArray &repositoryPath) const;

private:
    QString write(const QByteArray &repositoryPath, QByteArray *content); // under m_mutex
    QList<QByteArray> resolveInclude(const QByteArray &includer, const QByteArray &spelled);

    GitRepository m_repository;
    QTemporaryDir m_dir;
    QHash<QByteArray, ObjectId> m_blobs;             // C/C++ files of the commit
    QHash<QByteArray, QList<QByteArray>> m_byName;   // file name -> paths
    int m_cSources = 0, m_cppSources = 0;
    mutable QMutex m_mutex;                          // guards what follows
    QSet<QByteArray> m_written;
    QSet<QByteArray> m_scanned;
    QSet<QString> m_includeDirectories;
};

// Compiler flags for one file: from a compile_commands.json when there is
// one (paths under the work tree are moved into the snapshot), otherwise
// the include folders found while preparing the snapshot and a recent
// language standard.
class CompileFlags
{
public:
    // `compileCommands`: a compile_commands.json, or empty to look in the
    // work tree's root and build/ folder.
    static Result<CompileFlags> load(const QString &compileCommands, const QString &workTree);
    QStringList flagsFor(const QByteArray &repositoryPath, const SourceSnapshot &snapshot) const;
    // From the database entry, else SourceSnapshot::guessLanguage().
    SourceLanguage languageOf(const QByteArray &repositoryPath, const SourceSnapshot &snapshot) const;
    bool fromDatabase() const { return !m_entries.empty(); }

private:
    struct Entry
    {
        QStringList arguments;
        std::optional<SourceLanguage> language;
    };
    std::map<QByteArray, Entry> m_entries; // repository path -> arguments
    QString m_workTree;
};

} // namespace rd
