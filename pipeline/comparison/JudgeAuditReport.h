#pragma once

// The audit items as `reviewdesk-cli audit --list` writes them: JSON (every
// field of every item) or Markdown (one table row a pair).

#include "JudgeAuditItems.h"

#include <QByteArray>

namespace rd::compare {

QByteArray auditItemsToJson(const AuditItems &items, const AuditSelection &selection);
QByteArray auditItemsToMarkdown(const AuditItems &items, const AuditSelection &selection);

} // namespace rd::compare
