#pragma once

// The line under a dialog's field that says whether what was typed is
// usable: "✓ …" in green or "✗ …" in red (OpenMergeRequestDialog,
// OpenPullRequestDialog).

#include <QColor>
#include <QLabel>
#include <QPalette>

namespace rd {

inline QLabel *inputStatusLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    return label;
}

inline void showInputStatus(QLabel *label, bool ok, const QString &text)
{
    label->setText((ok ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + text);
    QPalette p = label->palette();
    p.setColor(QPalette::WindowText, ok ? QColor(0x1a7f37) : QColor(0xcf222e));
    label->setPalette(p);
}

} // namespace rd
