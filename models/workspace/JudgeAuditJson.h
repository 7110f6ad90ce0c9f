#pragma once

// People's audit decisions as JSON: one line of `reviewdesk-cli audit
// --annotator NAME`, and a decision as the workspace's `audit-decisions`
// export writes it (which `audit` reads back). One spelling for the CLI and
// exports.

#include "JudgeAuditStore.h"
#include "Result.h"

#include <QByteArray>

namespace rd {

// {"comment": ID, "reference": ID, "decision": "same"|"different"|"unsure"};
// "decision": null takes the annotator's decision on the pair back.
// Optional: "merge_request" (checked against the comments'), "annotator"
// (must be the caller's), "updated" (ISO 8601, kept: an export read back
// keeps its times). A missing or unknown field, a wrong type or value is a
// Usage error naming the field.
struct AuditLine
{
    JudgeAuditDecision decision; // annotator: the line's, or empty
    bool remove = false;         // "decision": null
};
Result<AuditLine> parseAuditLine(const QByteArray &line);

// A decision as one compact JSON object (no newline): merge_request,
// comment, reference, decision, annotator, updated (ISO 8601, UTC).
QByteArray auditDecisionToJson(const JudgeAuditDecision &decision);

} // namespace rd
