#pragma once

#include "Result.h"
#include "Workspace.h"

#include <QString>

#include <functional>

namespace rd {

// Where a workspace lives and what happens on its connection (team scale,
// issue 14): a file or a database server shared with others, changes other
// connections commit, and connecting again after the server went away. A role
// of WorkspaceStore (WorkspaceStore.h).
class WorkspaceConnection
{
public:
    // Where the workspace lives (a file for SQLite), for titles and messages.
    virtual QString location() const = 0;
    // True when the workspace is on a database server shared with others.
    virtual bool onServer() const = 0;
    // Calls `onChange` (on the store's thread, from its event loop) for
    // changes other connections commit (another window, reviewdesk-cli
    // judge or review, another annotator), never for this store's own.
    // PostgreSQL: every change as its notification names it (judgement,
    // comment, comments, run). SQLite, which has no notifications: every
    // `pollMs` the store asks PRAGMA data_version, and when another
    // connection committed since, calls once with what "workspace" (which
    // rows is unknown: reload what is shown). False when it cannot watch.
    static constexpr int DefaultChangePollMs = 750;
    virtual bool watchChanges(std::function<void(const WorkspaceChange &)> onChange, int pollMs = DefaultChangePollMs) = 0;
    // After a change failed with a fault it may outlive (Error::retryable):
    // connects again to a server that went away (its watchChanges go on),
    // so the change can be tried again; nothing to do for a file. An error
    // when the server is still away.
    virtual Result<bool> reconnect() = 0;

protected:
    ~WorkspaceConnection() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
