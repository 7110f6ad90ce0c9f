// The figures of a judge evaluation (docs/judge-loop.md defines each).

#include "Agreement.h"
#include "JudgeEvaluation.h"

#include <QMap>

#include <algorithm>

namespace rd {

QList<bool> JudgeItem::verdicts() const
{
    QList<bool> out;
    for (const Answer &a : answers)
        if (a.valid)
            out << *a.valid;
    return out;
}

bool JudgeItem::flipped() const
{
    const QList<bool> v = verdicts();
    return std::any_of(v.cbegin(), v.cend(), [&](bool b) { return b != v.constFirst(); });
}

namespace {

// The judge's verdict on an item over its repeats: the majority, "valid" on a tie.
std::optional<bool> majority(const JudgeItem &item)
{
    const QList<bool> v = item.verdicts();
    if (v.isEmpty())
        return std::nullopt;
    const auto valid = std::count(v.cbegin(), v.cend(), true);
    return 2 * valid >= v.size();
}

void count(QMap<QString, JudgeAccuracy> &into, const QString &key, bool correct)
{
    JudgeAccuracy &a = into[key.isEmpty() ? QStringLiteral("(none)") : key];
    ++a.items;
    a.correct += correct ? 1 : 0;
}

} // namespace

double JudgeItem::flipRate() const
{
    const QList<bool> v = verdicts();
    if (v.isEmpty())
        return 0;
    const bool side = *majority(*this);
    return double(std::count(v.cbegin(), v.cend(), !side)) / v.size();
}

JudgeMetrics judgeMetrics(const QList<JudgeItem> &items)
{
    JudgeMetrics m;
    m.items = static_cast<int>(items.size());
    for (const JudgeItem &item : items)
        m.repeats = std::max(m.repeats, static_cast<int>(item.answers.size()));
    m.perRepeat.resize(m.repeats);
    QMap<QString, JudgeAccuracy> perCategory;
    QMap<QString, JudgeAccuracy> perTag;
    QMap<int, JudgeCalibrationBucket> calibration;
    // [judge valid?][people accepted?], judge's majority verdict.
    QList<QList<int>> confusion = {{0, 0}, {0, 0}};
    int judged = 0;
    int flipped = 0;
    for (const JudgeItem &item : items) {
        for (qsizetype k = 0; k < item.answers.size(); ++k) {
            const JudgeItem::Answer &a = item.answers[k];
            if (!a.valid) {
                ++m.unanswered;
                continue;
            }
            const bool correct = *a.valid == item.humanAccepted;
            ++m.perRepeat[k].items;
            m.perRepeat[k].correct += correct ? 1 : 0;
            count(perCategory, item.category, correct);
            count(perTag, item.tag, correct);
            if (a.score >= 0) {
                JudgeCalibrationBucket &b = calibration[a.score];
                b.score = a.score;
                ++b.answers;
                b.accepted += item.humanAccepted ? 1 : 0;
            }
        }
        const std::optional<bool> verdict = majority(item);
        if (!verdict)
            continue;
        ++judged;
        flipped += item.flipped() ? 1 : 0;
        ++confusion[*verdict ? 0 : 1][item.humanAccepted ? 0 : 1];
        if (*verdict && !item.humanAccepted)
            m.judgeValidPeopleRejected << item.comment;
        else if (!*verdict && item.humanAccepted)
            m.judgeInvalidPeopleAccepted << item.comment;
    }
    QList<double> accuracies;
    for (const JudgeAccuracy &a : std::as_const(m.perRepeat))
        if (a.accuracy())
            accuracies << *a.accuracy();
    if (!accuracies.isEmpty()) {
        double sum = 0;
        for (double a : std::as_const(accuracies))
            sum += a;
        m.accuracy = sum / accuracies.size();
        const auto [low, high] = std::minmax_element(accuracies.cbegin(), accuracies.cend());
        m.accuracySpread = *high - *low;
    }
    if (judged > 0) {
        m.flipRate = double(flipped) / judged;
        const LabelAgreement agreement = kappaFromConfusion(TeamLabel::Verdict, {QStringLiteral("valid"), QStringLiteral("invalid")}, confusion);
        m.kappa = agreement.kappa;
        if (!m.kappa)
            m.kappaUndefined = QStringLiteral("the judge and people gave every item the same label (%1): chance agreement is 1").arg(agreement.usedValues.join(QStringLiteral(", ")));
    } else {
        m.kappaUndefined = QStringLiteral("no item has a readable answer");
    }
    for (auto it = perCategory.cbegin(); it != perCategory.cend(); ++it)
        m.perCategory.append({it.key(), it.value()});
    for (auto it = perTag.cbegin(); it != perTag.cend(); ++it)
        m.perTag.append({it.key(), it.value()});
    for (const JudgeCalibrationBucket &b : std::as_const(calibration))
        m.calibration << b;
    return m;
}

} // namespace rd
