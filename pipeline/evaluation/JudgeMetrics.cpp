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

void count(JudgeAccuracy &a, bool humanAccepted, bool correct)
{
    ++a.items;
    a.correct += correct ? 1 : 0;
    a.accepted += humanAccepted ? 1 : 0;
    (humanAccepted ? a.acceptedCorrect : a.rejectedCorrect) += correct ? 1 : 0;
}

void count(QMap<QString, JudgeAccuracy> &into, const QString &key, bool humanAccepted, bool correct)
{
    count(into[key.isEmpty() ? QStringLiteral("(none)") : key], humanAccepted, correct);
}

std::optional<double> meanOf(const QList<double> &values)
{
    if (values.isEmpty())
        return std::nullopt;
    double sum = 0;
    for (double v : values)
        sum += v;
    return sum / values.size();
}

} // namespace

std::optional<double> JudgeAccuracy::balancedAccuracy() const
{
    QList<double> recalls;
    if (accepted > 0)
        recalls << double(acceptedCorrect) / accepted;
    if (items - accepted > 0)
        recalls << double(rejectedCorrect) / (items - accepted);
    if (recalls.isEmpty())
        return std::nullopt;
    double sum = 0;
    for (double r : std::as_const(recalls))
        sum += r;
    return sum / recalls.size();
}

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
            count(m.perRepeat[k], item.humanAccepted, correct);
            count(perCategory, item.category, item.humanAccepted, correct);
            count(perTag, item.tag, item.humanAccepted, correct);
            if (a.score) {
                JudgeCalibrationBucket &b = calibration[*a.score];
                b.score = *a.score;
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
    QList<double> accuracies, balanced;
    for (const JudgeAccuracy &a : std::as_const(m.perRepeat)) {
        if (a.accuracy())
            accuracies << *a.accuracy();
        if (a.balancedAccuracy())
            balanced << *a.balancedAccuracy();
    }
    m.accuracy = meanOf(accuracies);
    m.balancedAccuracy = meanOf(balanced);
    if (!accuracies.isEmpty()) {
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
