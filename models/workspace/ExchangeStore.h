#pragma once

#include "DatasetImport.h"
#include "Result.h"

#include <QList>

namespace rd {

// Dataset exchange (issue 11): whole dataset files in, and the records they
// came with kept for exporting them again. A role of WorkspaceStore
// (WorkspaceStore.h).
class ExchangeStore
{
public:
    // Everything one file holds, in one transaction: when any part fails,
    // nothing of the file is stored. A pull request that already has a
    // record of the same dataset is refused (it was imported before).
    virtual Result<ImportSummary> importDataset(const DatasetImport &import) = 0;
    // Every imported pull request's record, ordered by import and position.
    virtual Result<QList<ExchangeRecord>> exchangeRecords() const = 0;

protected:
    ~ExchangeStore() = default; // owned as a whole WorkspaceStore, never through a role
};

} // namespace rd
