#pragma once

#include "Result.h"
#include "Workspace.h"

#include <QList>
#include <QString>

#include <optional>

namespace rd {

// What evaluation scores runs against: which comments are reference issues
// (ground truth), and the generated comments annotators matched to them. A
// role of WorkspaceStore (WorkspaceStore.h).
class ReferenceStore
{
public:
    // Marks a comment as a reference issue or not.
    virtual Result<bool> setReference(qint64 comment, bool reference) = 0;
    // Links a generated comment to the reference it finds (an annotator's
    // explicit match, which outranks every automatic one).
    virtual Result<bool> linkToReference(qint64 comment, qint64 reference, const QString &annotator) = 0;
    virtual Result<bool> unlinkFromReference(qint64 comment, qint64 reference) = 0;
    virtual Result<QList<ReferenceLink>> referenceLinks(std::optional<qint64> mergeRequest = {}) const = 0;

protected:
    ~ReferenceStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
