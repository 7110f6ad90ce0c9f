#pragma once

// Pairwise votes as JSON: one line of `reviewdesk-cli prefer`, and a vote as
// the workspace's `votes` export writes it. One spelling for the CLI and exports.

#include "PairwiseVote.h"
#include "Result.h"

#include <QByteArray>

namespace rd {

// {"merge_request": ID, "a": RUN, "b": RUN, "winner": "a"|"b"|"tie"}, with
// "a" the review shown first; optionally "seed" (the draw that ordered them)
// and "time_spent_ms". A missing or unknown field, a wrong type or value is
// a Usage error naming the field. The annotator is the caller's.
Result<PairwiseVote> parseVoteLine(const QByteArray &line);

// A vote as one compact JSON object (no newline): the fields of a `prefer`
// line plus "id", "annotator" and "updated" (ISO 8601, UTC).
QByteArray voteToJson(const PairwiseVote &vote);

} // namespace rd
