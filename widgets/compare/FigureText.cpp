#include "FigureText.h"

#include <QLocale>
#include <QTableWidgetItem>

namespace rd {

QString percentText(double value)
{
    return QLocale().toString(value, 'f', 1);
}

QString intervalText(std::optional<double> low, std::optional<double> high, bool lowOpen, bool highOpen, int decimals)
{
    if (!(low || lowOpen) || !(high || highOpen))
        return {};
    const QString dash = QStringLiteral("—");
    return QStringLiteral("%1%2, %3%4")
        .arg(low ? QStringLiteral("[") : QStringLiteral("("), low ? QLocale().toString(*low, 'f', decimals) : dash,
             high ? QLocale().toString(*high, 'f', decimals) : dash, high ? QStringLiteral("]") : QStringLiteral(")"));
}

QString estimateText(const compare::Estimate &e)
{
    if (!e.value)
        return QStringLiteral("—");
    const QString interval = intervalText(e.low, e.high, e.lowOpen(), e.highOpen());
    return interval.isEmpty() ? percentText(*e.value) : QStringLiteral("%1 %2").arg(percentText(*e.value), interval);
}

QString pValueText(std::optional<double> p, int resamples)
{
    if (p && *p == 0 && resamples > 0)
        return QStringLiteral("< %1").arg(QLocale().toString(1.0 / resamples, 'g', 2));
    return p ? QLocale().toString(*p, 'g', 3) : QStringLiteral("—");
}

bool toldApart(std::optional<double> pAdjusted, double level)
{
    // 1 - 0.95 is 0.05000000000000004 in binary: a p of 0.05 must not pass below it.
    return pAdjusted && *pAdjusted < (1 - level) - 1e-12;
}

QTableWidgetItem *figureCell(const QString &text, Qt::Alignment alignment)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(alignment);
    item->setFlags(item->flags() & ~Qt::ItemIsEditable);
    return item;
}

} // namespace rd
