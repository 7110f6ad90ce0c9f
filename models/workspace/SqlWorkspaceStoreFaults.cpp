// The SQL workspace store after a fault it may outlive (Error::retryable):
// connecting again to a server that went away, and the test hooks that make
// a full disk or a read-only file without a file system to fill.

#include "SqlWorkspaceStorePrivate.h"


namespace rd {

Result<bool> SqlWorkspaceStore::reconnect()
{
    return d->dialect->reconnect(*d);
}

namespace {

// SQLite's default max_page_count, the cap lifted.
constexpr qint64 NoPageLimit = 4294967294;

} // namespace

Result<bool> SqlWorkspaceStore::setPageLimitForTesting(qint64 pages)
{
    if (d->dialect->onServer())
        return usage(QStringLiteral("a page limit is for an SQLite workspace"));
    // A PRAGMA takes no bound values.
    auto q = d->exec(QStringLiteral("PRAGMA max_page_count = %1").arg(pages > 0 ? pages : NoPageLimit), QVariantList{},
                     QStringLiteral("limit the file's size"));
    if (!q)
        return q.error();
    return true;
}

Result<bool> SqlWorkspaceStore::setReadOnlyForTesting(bool readOnly)
{
    if (d->dialect->onServer())
        return usage(QStringLiteral("read-only is for an SQLite workspace"));
    auto q = d->exec(QStringLiteral("PRAGMA query_only = %1").arg(readOnly ? 1 : 0), QVariantList{}, QStringLiteral("make the file read-only"));
    if (!q)
        return q.error();
    return true;
}

} // namespace rd
