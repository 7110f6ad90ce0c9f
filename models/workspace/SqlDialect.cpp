#include "SqlDialect.h"

#include "SqlWorkspaceStorePrivate.h"

#include <QSqlError>

#include <atomic>

namespace rd::sqlstore {

QString newConnectionName()
{
    static std::atomic<int> counter{0};
    return QStringLiteral("reviewdesk-workspace-%1").arg(counter.fetch_add(1));
}

bool SqlDialect::isServerLocation(const QString &location)
{
    return location.startsWith(QLatin1String("postgresql://")) || location.startsWith(QLatin1String("postgres://"));
}

std::unique_ptr<SqlDialect> SqlDialect::forLocation(const QString &location)
{
    return isServerLocation(location) ? postgresDialect() : sqliteDialect();
}

Result<QSqlQuery> SqlDialect::exec(const SqlWorkspaceStore::Private &d, const QString &sql, const QVariantList &values, const QString &doing) const
{
    QSqlQuery q(d.db);
    q.setForwardOnly(true);
    if (!q.prepare(sql))
        return d.error(q.lastError(), doing);
    for (const QVariant &v : values)
        q.addBindValue(bindable(v));
    if (!q.exec())
        return d.error(q.lastError(), doing);
    return q;
}

} // namespace rd::sqlstore
