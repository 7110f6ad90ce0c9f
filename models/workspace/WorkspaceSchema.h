#pragma once

#include <QStringList>

namespace rd::workspace_schema {

// The newest schema; SqlWorkspaceStore::SchemaVersion repeats it.
constexpr int Latest = 17;

// The statements that bring a workspace from `version - 1` to `version`
// (1 creates it). Portable SQL for SQLite and PostgreSQL: TEXT, INTEGER,
// BIGINT only, times as milliseconds since 1970 UTC, booleans as 0/1.
// `idColumn` is the backend's auto-numbered primary key column type
// (SqlDialect::idColumn()).
QStringList migrationTo(int version, const QString &idColumn);

// gt_disagreements (version 7) for one comment after its judgements changed:
// two statements, each bound to the comment's id.
QStringList recountDisagreement();
// gt_disagreements filled from every judgement (after rows were written
// without the store, as the migration does).
QString recountDisagreements();

} // namespace rd::workspace_schema
