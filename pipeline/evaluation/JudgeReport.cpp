// A judge evaluation written out: JSON for scripts and comparisons, Markdown
// for people.

#include "JudgeEvaluation.h"

#include <nlohmann/json.hpp>

namespace rd {

namespace {

using Json = nlohmann::ordered_json;

Json number(const std::optional<double> &v)
{
    return v ? Json(std::round(*v * 10000.0) / 10000.0) : Json();
}

Json accuracyJson(const JudgeAccuracy &a)
{
    return Json{{"items", a.items}, {"correct", a.correct}, {"accuracy", number(a.accuracy())}, {"balanced_accuracy", number(a.balancedAccuracy())}};
}

Json breakdown(const QList<std::pair<QString, JudgeAccuracy>> &rows)
{
    Json out = Json::object();
    for (const auto &[key, a] : rows)
        out[key.toStdString()] = accuracyJson(a);
    return out;
}

QString judgePercent(const std::optional<double> &v)
{
    return v ? QString::number(*v * 100.0, 'f', 1) + QStringLiteral(" %") : QStringLiteral("—");
}

QString labelSourceName(const JudgeLabelSource &s)
{
    return s.annotator.isEmpty() ? QStringLiteral("final") : QStringLiteral("annotator:") + s.annotator;
}

} // namespace

QByteArray judgeEvaluationJson(const JudgeEvaluationSettings &settings, const JudgeSample &sample, const JudgeMetrics &metrics)
{
    Json items = Json::array();
    for (const JudgeItem &item : sample.items) {
        Json answers = Json::array();
        for (const JudgeItem::Answer &a : item.answers)
            answers.push_back(Json{{"seed", a.seed},
                                   {"valid", a.valid ? Json(*a.valid) : Json()},
                                   {"score", a.score ? Json(*a.score) : Json()},
                                   {"reason", a.reason.toStdString()},
                                   {"error", a.error.isEmpty() ? Json() : Json(a.error.toStdString())}});
        items.push_back(Json{{"comment", item.comment},
                             {"merge_request", item.mergeRequest},
                             {"file", item.file.toStdString()},
                             {"line", item.line},
                             {"category", item.category.toStdString()},
                             {"tag", item.tag.toStdString()},
                             {"human", item.humanAccepted ? "accepted" : "rejected"},
                             {"answers", answers},
                             {"flipped", item.flipped()},
                             {"flip_rate", number(item.flipRate())}});
    }
    Json perRepeat = Json::array();
    for (const JudgeAccuracy &a : metrics.perRepeat)
        perRepeat.push_back(accuracyJson(a));
    Json calibration = Json::array();
    for (const JudgeCalibrationBucket &b : metrics.calibration)
        calibration.push_back(Json{{"score", b.score},
                                   {"answers", b.answers},
                                   {"accepted", b.accepted},
                                   {"share_accepted", number(b.answers > 0 ? std::optional<double>(double(b.accepted) / b.answers) : std::nullopt)}});
    Json disagreements = {{"judge_valid_people_rejected", metrics.judgeValidPeopleRejected},
                          {"judge_invalid_people_accepted", metrics.judgeInvalidPeopleAccepted}};
    Json settingsJson = {{"judge", settings.judge.toStdString()},
                         {"judge_model", settings.judgeModel.toStdString()},
                         {"judge_endpoint", settings.judgeEndpoint.toStdString()},
                         {"temperature", settings.temperature},
                         {"seed", settings.seed},
                         {"repeats", settings.repeats},
                         {"balanced", settings.balanced},
                         {"min_score", settings.minScore},
                         {"labels", labelSourceName(settings.labels).toStdString()}};
    Json sampleJson = {{"accepted", sample.positives}, {"rejected", sample.negatives}, {"requested_per_class", sample.requestedPerClass},
                       {"short", sample.shortBy.isEmpty() ? Json() : Json(sample.shortBy.toStdString())}};
    const Json out = {{"settings", settingsJson},
                      {"sample", sampleJson},
                      {"items", items},
                      {"accuracy", number(metrics.accuracy)},
                      {"accuracy_per_repeat", perRepeat},
                      {"accuracy_spread", number(metrics.accuracySpread)},
                      {"balanced_accuracy", number(metrics.balancedAccuracy)},
                      {"kappa", number(metrics.kappa)},
                      {"kappa_undefined", metrics.kappaUndefined.isEmpty() ? Json() : Json(metrics.kappaUndefined.toStdString())},
                      {"per_category", breakdown(metrics.perCategory)},
                      {"per_tag", breakdown(metrics.perTag)},
                      {"calibration", calibration},
                      {"flip_rate", number(metrics.flipRate)},
                      {"unanswered", metrics.unanswered},
                      {"disagreements", disagreements}};
    return QByteArray::fromStdString(out.dump(2)) + '\n';
}

QSet<qint64> judgeEvaluationItems(const QByteArray &report)
{
    QSet<qint64> ids;
    const Json doc = Json::parse(report.toStdString(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("items") || !doc["items"].is_array())
        return ids;
    for (const Json &item : doc["items"])
        if (item.is_object() && item.contains("comment") && item["comment"].is_number_integer())
            ids.insert(item["comment"].get<qint64>());
    return ids;
}

QByteArray judgeEvaluationMarkdown(const JudgeEvaluationSettings &settings, const JudgeSample &sample, const JudgeMetrics &metrics)
{
    QString md = QStringLiteral("# Judge evaluation: %1\n\n").arg(settings.judgeModel);
    md += QStringLiteral("Labels: %1 · items: %2 (%3 accepted, %4 rejected)%5 · repeats: %6 · seed %7 · temperature %8\n\n")
              .arg(labelSourceName(settings.labels))
              .arg(sample.items.size())
              .arg(sample.positives)
              .arg(sample.negatives)
              .arg(sample.shortBy.isEmpty() ? QString() : QStringLiteral(" (fewer than asked: %1)").arg(sample.shortBy))
              .arg(settings.repeats)
              .arg(settings.seed)
              .arg(settings.temperature);
    md += QStringLiteral("| measure | value |\n|---|---|\n");
    md += QStringLiteral("| accuracy (mean over repeats) | %1 |\n").arg(judgePercent(metrics.accuracy));
    md += QStringLiteral("| accuracy spread (max − min) | %1 |\n").arg(judgePercent(metrics.accuracySpread));
    md += QStringLiteral("| balanced accuracy (mean of the two classes' recalls, mean over repeats) | %1 |\n").arg(judgePercent(metrics.balancedAccuracy));
    md += QStringLiteral("| Cohen's kappa | %1 |\n").arg(metrics.kappa ? QString::number(*metrics.kappa, 'f', 3) : QStringLiteral("— (%1)").arg(metrics.kappaUndefined));
    md += QStringLiteral("| flip rate | %1 |\n").arg(judgePercent(metrics.flipRate));
    md += QStringLiteral("| unreadable answers | %1 |\n").arg(metrics.unanswered);
    md += QStringLiteral("| judge valid, people rejected | %1 |\n").arg(metrics.judgeValidPeopleRejected.size());
    md += QStringLiteral("| judge invalid, people accepted | %1 |\n").arg(metrics.judgeInvalidPeopleAccepted.size());
    for (const auto &[title, rows] : {std::pair{QStringLiteral("Category"), &metrics.perCategory}, std::pair{QStringLiteral("Tag"), &metrics.perTag}}) {
        md += QStringLiteral("\n| %1 | answers | correct | accuracy |\n|---|---:|---:|---:|\n").arg(title);
        for (const auto &[key, a] : *rows)
            md += QStringLiteral("| %1 | %2 | %3 | %4 |\n").arg(key).arg(a.items).arg(a.correct).arg(judgePercent(a.accuracy()));
    }
    md += QStringLiteral("\n| judge score | answers | accepted by people | share accepted |\n|---:|---:|---:|---:|\n");
    for (const JudgeCalibrationBucket &b : metrics.calibration)
        md += QStringLiteral("| %1 | %2 | %3 | %4 |\n").arg(b.score).arg(b.answers).arg(b.accepted).arg(judgePercent(double(b.accepted) / b.answers));
    return md.toUtf8();
}

} // namespace rd
