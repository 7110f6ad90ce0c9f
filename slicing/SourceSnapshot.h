#pragma once

#include <GitRepository.h>

#include <QSet>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>

namespace rd {

bool isCppPath(const QByteArray &path);

// The C and C++ files of one commit written to a temporary directory, so that
// libclang follows #includes as they were at that commit (the paper's
// "checkout"), whatever the work tree holds.
class SourceSnapshot
{
public:
    static Result<std::shared_ptr<SourceSnapshot>> create(const GitRepository &repository, const ObjectId &commit);

    QString root() const { return m_dir.path(); }
    QString absolutePath(const QByteArray &repositoryPath) const;
    // The repository path of a file inside the snapshot, or empty.
    QByteArray repositoryPath(const QString &absolutePath) const;
    bool contains(const QByteArray &repositoryPath) const { return m_files.contains(repositoryPath); }
    // Include paths guessed from the tree: the root and every folder that holds headers.
    QStringList guessedIncludeDirectories() const { return m_headerDirectories; }
    QStringList fileLines(const QByteArray &repositoryPath, int from, int to) const;

private:
    QTemporaryDir m_dir;
    QSet<QByteArray> m_files;
    QStringList m_headerDirectories;
};

// Compiler flags for one file: from a compile_commands.json when there is
// one (paths under the work tree are moved into the snapshot), otherwise
// the guessed include paths and a recent language standard.
class CompileFlags
{
public:
    // `compileCommands`: a compile_commands.json, or empty to look in the
    // work tree's root and build/ folder.
    static Result<CompileFlags> load(const QString &compileCommands, const QString &workTree);
    QStringList flagsFor(const QByteArray &repositoryPath, const SourceSnapshot &snapshot) const;
    bool fromDatabase() const { return !m_entries.empty(); }

private:
    struct Entry
    {
        QStringList arguments;
    };
    std::map<QByteArray, Entry> m_entries; // repository path -> arguments
    QString m_workTree;
};

} // namespace rd
