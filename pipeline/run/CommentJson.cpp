#include "CommentJson.h"

namespace rd {

using Json = nlohmann::ordered_json;

Json commentJson(const ReviewComment &c, bool full)
{
    Json j = Json::object();
    j["id"] = c.id.toStdString();
    j["file"] = c.file.toStdString();
    j["side"] = c.side.toStdString();
    j["line_start"] = c.lineStart;
    j["line_end"] = c.lineEnd;
    j["issue"] = c.issue.toStdString();
    j["root_cause"] = c.rootCause.toStdString();
    j["fix"] = c.fix.toStdString();
    j["example"] = c.example.toStdString();
    j["category"] = c.category.toStdString();
    j["q1_nitpick"] = c.q1Nitpick;
    j["q2_fake"] = c.q2Fake;
    j["q3_severity"] = c.q3Severity;
    Json reviewers = Json::array();
    for (int r : c.reviewers)
        reviewers.push_back(r);
    j["reviewers"] = reviewers;
    if (!full)
        return j;
    j["kept"] = c.kept;
    j["dropped_at"] = c.droppedAt.isEmpty() ? Json(nullptr) : Json(c.droppedAt.toStdString());
    if (!c.mergedInto.isEmpty())
        j["merged_into"] = c.mergedInto.toStdString();
    j["line_valid"] = c.lineValid;
    j["slice"] = c.slice;
    if (!c.raw.isEmpty())
        j["raw"] = c.raw.toStdString();
    if (!c.translationLanguage.isEmpty()) { // issue/root_cause/fix are the translation; the reviewer's text beside it
        j["issue_original"] = c.issueOriginal.toStdString();
        j["root_cause_original"] = c.rootCauseOriginal.toStdString();
        j["fix_original"] = c.fixOriginal.toStdString();
        j["translation_language"] = c.translationLanguage.toStdString();
    }
    Json history = Json::array();
    for (const ScoreRecord &h : c.history) {
        Json entry = {{"stage", h.stage.toStdString()}, {"q1_nitpick", h.q1Nitpick}, {"q2_fake", h.q2Fake}, {"q3_severity", h.q3Severity}};
        if (!h.note.isEmpty())
            entry["note"] = h.note.toStdString();
        history.push_back(entry);
    }
    j["history"] = history;
    // Fields of the other pipelines, only when set: a defect record reads as before.
    if (!c.pipeline.isEmpty())
        j["pipeline"] = c.pipeline.toStdString();
    if (!c.tag.isEmpty())
        j["tag"] = c.tag.toStdString();
    if (!c.function.isEmpty())
        j["function"] = c.function.toStdString();
    if (c.judgeScore >= 0)
        j["judge_score"] = c.judgeScore;
    if (!c.judgeReason.isEmpty())
        j["judge_reason"] = c.judgeReason.toStdString();
    if (!c.errors.isEmpty()) {
        Json errors = Json::array();
        for (const QString &e : c.errors)
            errors.push_back(e.toStdString());
        j["errors"] = errors;
    }
    return j;
}

} // namespace rd
