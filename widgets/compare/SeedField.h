#pragma once

// The bootstrap's seed as the window takes it: any whole number from 0 to
// 18446744073709551615, as `--seed` takes it (a 64-bit seed of
// std::mt19937_64, Resampling.h); a QSpinBox stops at 2^31 - 1. Typing
// anything else is refused as typed; an empty field is not a seed and
// changes nothing.

#include <QLineEdit>

namespace rd {

class SeedField : public QLineEdit
{
    Q_OBJECT

public:
    explicit SeedField(QWidget *parent = nullptr);

    quint64 seed() const { return m_seed; }
    // Shows `seed`; no seedChanged().
    void setSeed(quint64 seed);

Q_SIGNALS:
    // A new seed was entered (Return, or the field left with another number).
    void seedChanged(quint64 seed);

private:
    void entered();

    quint64 m_seed = 0;
};

} // namespace rd
