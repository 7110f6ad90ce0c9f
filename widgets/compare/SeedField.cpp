#include "SeedField.h"

#include <Resampling.h>

#include <QValidator>

namespace rd {

namespace {

// Digits only (as --seed reads them, base 10), up to the largest 64-bit number.
class SeedValidator : public QValidator
{
public:
    using QValidator::QValidator;

    State validate(QString &input, int &) const override
    {
        if (input.isEmpty())
            return Intermediate;
        for (const QChar c : input)
            if (c < QLatin1Char('0') || c > QLatin1Char('9'))
                return Invalid;
        bool ok = false;
        (void)input.toULongLong(&ok, 10);
        return ok ? Acceptable : Invalid;
    }
};

} // namespace

SeedField::SeedField(QWidget *parent)
    : QLineEdit(parent)
{
    setValidator(new SeedValidator(this));
    // Room for the 20 digits of the largest seed.
    setMinimumWidth(fontMetrics().horizontalAdvance(QStringLiteral("18446744073709551615")) + 16);
    setSeed(stats::DefaultSeed);
    connect(this, &QLineEdit::editingFinished, this, &SeedField::entered);
}

void SeedField::setSeed(quint64 seed)
{
    m_seed = seed;
    setText(QString::number(seed));
}

void SeedField::entered()
{
    bool ok = false;
    const quint64 seed = text().toULongLong(&ok, 10);
    if (!ok || seed == m_seed)
        return;
    m_seed = seed;
    Q_EMIT seedChanged(seed);
}

} // namespace rd
