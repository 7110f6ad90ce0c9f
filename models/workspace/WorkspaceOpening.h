#pragma once

// Opening a workspace without naming its implementation: the one place that
// knows every workspace is a SqlWorkspaceStore (a SQLite file, or a database
// on a PostgreSQL server), so the window, the CLI and the jobs hold a
// WorkspaceStore and use its roles.

#include "Result.h"
#include "WorkspaceStore.h"

#include <QString>

#include <memory>
#include <optional>

namespace rd {

enum class WorkspaceOpenMode { OpenExisting, CreateIfMissing };
// When a workspace file is checked for damage (PRAGMA quick_check, which
// reads every page: a third of a second on 120 MB). Later: the caller runs
// checkWorkspaceIntegrity() itself, off its thread (the window).
enum class IntegrityCheck { Now, Later };

// The workspace at `location`: a file, or "postgresql://user@host:port/dbname"
// (see isServerLocation). Refuses, with an Error of kind Workspace that says
// why, one that is newer than this program, not a workspace, damaged,
// read-only or locked by another live process; never an empty workspace in
// place of one it could not read. One instance per thread.
Result<std::unique_ptr<WorkspaceStore>> openWorkspaceStore(const QString &location, WorkspaceOpenMode mode = WorkspaceOpenMode::OpenExisting,
                                                           IntegrityCheck check = IntegrityCheck::Now);

// The damage check opening does with IntegrityCheck::Now, on a connection of
// its own (callable from any thread): the message naming the damage, none
// when the file is whole (a server's workspace: none); an error when the
// check could not be made (the file could not be read).
Result<std::optional<QString>> checkWorkspaceIntegrity(const QString &location);

// True for a workspace on a database server ("postgresql://…"), false for a file.
bool isServerLocation(const QString &location);

// Every row of the workspace at `from` into the one at `to` (made when
// missing; it must hold no merge requests, annotators or runs), with ids,
// times, history and places as they are, in one transaction. Returns the
// number of rows copied.
Result<qint64> copyWorkspace(const QString &from, const QString &to);

} // namespace rd
