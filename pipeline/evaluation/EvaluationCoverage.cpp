// Coverage per configuration (docs/comparing.md, "Coverage"): how many of the
// changed lines its runs showed a model, and the references it did not find
// told apart — missed (a model saw their lines) or unreviewed (none did).

#include "Evaluation.h"

#include <QCoreApplication>

namespace rd::eval {

Table Evaluation::coverageTable() const
{
    const auto coverageCell = [](const QString &text, const QList<qint64> &comments = {}) { return Cell{text, comments}; };
    static const char *const columns[] = {
        QT_TRANSLATE_NOOP("rd::pipeline", "Configuration"), QT_TRANSLATE_NOOP("rd::pipeline", "Runs"),
        QT_TRANSLATE_NOOP("rd::pipeline", "Runs with coverage"), QT_TRANSLATE_NOOP("rd::pipeline", "Changed lines"),
        QT_TRANSLATE_NOOP("rd::pipeline", "Reviewed lines"), QT_TRANSLATE_NOOP("rd::pipeline", "Coverage"),
        QT_TRANSLATE_NOOP("rd::pipeline", "References"), QT_TRANSLATE_NOOP("rd::pipeline", "Found"),
        QT_TRANSLATE_NOOP("rd::pipeline", "Missed"), QT_TRANSLATE_NOOP("rd::pipeline", "Unreviewed")};
    Table t{QStringLiteral("coverage"),
            QCoreApplication::translate("rd::pipeline", "Coverage: changed lines a model saw, and references missed or unreviewed (last stage)"), {}, {}};
    for (const char *column : columns)
        t.columns << QCoreApplication::translate("rd::pipeline", column);
    const int last = StageCount - 1;
    for (const QString &g : groups) {
        int runCount = 0, recorded = 0, changed = 0, reviewed = 0;
        QList<qint64> references, found, missed, unreviewed;
        for (const RunEvaluation &r : runs) {
            if (r.group != g)
                continue;
            ++runCount;
            if (r.coverage.recorded) {
                ++recorded;
                changed += r.coverage.changedLines();
                reviewed += r.coverage.reviewedLines();
            }
            for (const Item &i : r.references)
                references << i.id;
            found << r.stages[last].found;
            missed << r.stages[last].missed;
            unreviewed << r.stages[last].unreviewed;
        }
        const QString ratio = recorded == 0 ? QCoreApplication::translate("rd::pipeline", "not recorded")
                                            : percentText(changed > 0 ? std::optional<double>(100.0 * reviewed / changed) : std::nullopt);
        t.rows << QList<Cell>{coverageCell(g), coverageCell(QString::number(runCount)), coverageCell(QString::number(recorded)),
                              coverageCell(QString::number(changed)), coverageCell(QString::number(reviewed)), coverageCell(ratio),
                              coverageCell(QString::number(references.size()), references), coverageCell(QString::number(found.size()), found),
                              coverageCell(QString::number(missed.size()), missed), coverageCell(QString::number(unreviewed.size()), unreviewed)};
    }
    return t;
}

} // namespace rd::eval
