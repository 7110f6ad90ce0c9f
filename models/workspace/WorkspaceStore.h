#pragma once

#include "BenchmarkStore.h"
#include "ClaimStore.h"
#include "ExchangeStore.h"
#include "HostCommentStore.h"
#include "JudgeAuditStore.h"
#include "JudgeEvaluationStore.h"
#include "JudgingStore.h"
#include "ReferenceSnapshotStore.h"
#include "ReferenceStore.h"
#include "RevisionStore.h"
#include "RunStore.h"
#include "SuggestionStore.h"
#include "TeamStore.h"
#include "TriageStore.h"
#include "VoteStore.h"
#include "WorkspaceConnection.h"

namespace rd {

// The workspace's storage, one implementation per database (SQLite files and
// PostgreSQL servers, with the same schema: SqlWorkspaceStore, reached through
// openWorkspaceStore in WorkspaceStoreOpening.h). Every call that changes
// something is one transaction, committed before the call returns: there is
// no Save, and a crash loses nothing a caller was told is stored.
//
// It is all of the roles its users need, each in a header of its own; code
// that uses one or two of them takes those (a RunStore &, a JudgingStore &),
// and whoever owns a whole workspace keeps this one object.
class WorkspaceStore : public WorkspaceConnection,
                       public RunStore,
                       public ClaimStore,
                       public JudgingStore,
                       public TeamStore,
                       public ReferenceStore,
                       public ReferenceSnapshotStore,
                       public JudgeEvaluationStore,
                       public ExchangeStore,
                       public RevisionStore,
                       public HostCommentStore,
                       public SuggestionStore,
                       public VoteStore,
                       public BenchmarkStore,
                       public JudgeAuditStore,
                       public TriageStore
{
public:
    virtual ~WorkspaceStore() = default;
};

} // namespace rd
