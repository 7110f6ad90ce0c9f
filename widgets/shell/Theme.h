#pragma once

#include <QColor>
#include <QPalette>
#include <QString>

namespace rd {

enum class Theme { System, Light, Dark };

Theme themeFromName(const QString &name); // "light", "dark", anything else: System
QString themeName(Theme theme);
// Fusion style with a light or dark palette; System keeps the platform's.
void applyTheme(Theme theme);
bool isDark(const QPalette &palette);

// The diff's own colours, chosen to keep syntax colours readable on them.
struct DiffColors
{
    QColor base, text, gutter, gutterText, divider;
    QColor added, addedChange, addedGutter;
    QColor deleted, deletedChange, deletedGutter;
    QColor filler, gap, gapText, findMatch, current;
    QColor unreviewed; // changed lines no model saw: the gutter's hatching
};
DiffColors diffColors(const QPalette &palette);

} // namespace rd
