#pragma once

#include <QString>

namespace rd {

class WorkspaceStore;

// Where the session's services work: the workspace that is open and the
// annotator working in it. Both change under a service (another workspace
// opened, another annotator chosen), so a service asks each time.
class SessionContext
{
public:
    virtual WorkspaceStore *store() const = 0; // null: no workspace is open
    virtual QString annotator() const = 0;     // empty: none chosen yet

protected:
    ~SessionContext() = default;
};

} // namespace rd
