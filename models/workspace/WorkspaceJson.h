#pragma once

// The workspace's values as JSON: comments (the fields RunRecord::toJson
// writes), judgements (the fields `reviewdesk-cli judge` reads), and the
// `comments` export. One spelling for the store, the CLI and exports.

#include "Result.h"
#include "Workspace.h"

#include <QByteArray>
#include <QList>

namespace rd {

QByteArray reviewCommentToJson(const ReviewComment &comment);
QByteArray scoreHistoryToJson(const QList<ScoreRecord> &history);
QList<ScoreRecord> scoreHistoryFromJson(const QByteArray &json); // empty for anything unreadable
Result<ReviewComment> reviewCommentFromJson(const QByteArray &json);

// Only the fields that are set, plus comment and annotator.
QByteArray judgementToJson(const Judgement &judgement);
Result<Judgement> judgementFromJson(const QByteArray &json);

// One line of `reviewdesk-cli judge`: {"comment": ID, "verdict": …}. Every
// field but `comment` is optional; null clears a field; an unknown field,
// a wrong type or a value out of range is an error naming the field.
struct JudgementInput
{
    Judgement change;                // annotator left empty
    QList<JudgementField> clear;     // fields given as null
};
Result<JudgementInput> parseJudgementLine(const QByteArray &line);

// Every comment with its provenance and every annotator's judgement, as
// `reviewdesk-cli comments` prints them. Judgements are matched by comment id.
QByteArray commentsToJson(const QList<StoredComment> &comments, const QList<Judgement> &judgements,
                          const QList<MergeRequestEntry> &mergeRequests, const QList<StoredRun> &runs);
QByteArray commentsToCsv(const QList<StoredComment> &comments, const QList<Judgement> &judgements, const QList<StoredRun> &runs);

} // namespace rd
