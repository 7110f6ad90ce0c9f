#include "Theme.h"

#include <QApplication>
#include <QStyleFactory>

namespace rd {

Theme themeFromName(const QString &name)
{
    if (name.compare(QLatin1String("light"), Qt::CaseInsensitive) == 0)
        return Theme::Light;
    if (name.compare(QLatin1String("dark"), Qt::CaseInsensitive) == 0)
        return Theme::Dark;
    return Theme::System;
}

QString themeName(Theme theme)
{
    switch (theme) {
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::System: break;
    }
    return QStringLiteral("system");
}

bool isDark(const QPalette &palette)
{
    return palette.color(QPalette::Base).lightness() < 128;
}

void applyTheme(Theme theme)
{
    static const QPalette systemPalette = QApplication::palette();
    if (theme == Theme::System) {
        QApplication::setPalette(systemPalette);
        return;
    }
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QPalette p;
    if (theme == Theme::Dark) {
        p.setColor(QPalette::Window, QColor(0x25292e));
        p.setColor(QPalette::WindowText, QColor(0xe6edf3));
        p.setColor(QPalette::Base, QColor(0x0d1117));
        p.setColor(QPalette::AlternateBase, QColor(0x161b22));
        p.setColor(QPalette::Text, QColor(0xe6edf3));
        p.setColor(QPalette::Button, QColor(0x30363d));
        p.setColor(QPalette::ButtonText, QColor(0xe6edf3));
        p.setColor(QPalette::Highlight, QColor(0x1f6feb));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::ToolTipBase, QColor(0x30363d));
        p.setColor(QPalette::ToolTipText, QColor(0xe6edf3));
        p.setColor(QPalette::PlaceholderText, QColor(0x8b949e));
        p.setColor(QPalette::Link, QColor(0x58a6ff));
        p.setColor(QPalette::Mid, QColor(0x484f58));
        p.setColor(QPalette::Dark, QColor(0x161b22));
        p.setColor(QPalette::Light, QColor(0x484f58));
    } else {
        p.setColor(QPalette::Window, QColor(0xf6f8fa));
        p.setColor(QPalette::WindowText, QColor(0x1f2328));
        p.setColor(QPalette::Base, Qt::white);
        p.setColor(QPalette::AlternateBase, QColor(0xf6f8fa));
        p.setColor(QPalette::Text, QColor(0x1f2328));
        p.setColor(QPalette::Button, QColor(0xf3f4f6));
        p.setColor(QPalette::ButtonText, QColor(0x1f2328));
        p.setColor(QPalette::Highlight, QColor(0x0969da));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::PlaceholderText, QColor(0x6e7781));
        p.setColor(QPalette::Link, QColor(0x0969da));
    }
    // Disabled fields look disabled: a fill of their own and dimmer text and
    // placeholder (in dark, Run Review's disabled fields had the enabled
    // ones' black fill and grey placeholder; in light, nothing changed).
    const QColor disabledFill = theme == Theme::Dark ? QColor(0x21262d) : QColor(0xeaeef2);
    const QColor disabledText = theme == Theme::Dark ? QColor(0x6e7681) : QColor(0x8c959f);
    for (QPalette::ColorRole role : {QPalette::Base, QPalette::Button})
        p.setColor(QPalette::Disabled, role, disabledFill);
    for (QPalette::ColorRole role : {QPalette::Text, QPalette::WindowText, QPalette::ButtonText, QPalette::PlaceholderText})
        p.setColor(QPalette::Disabled, role, disabledText);
    QApplication::setPalette(p);
}

DiffColors diffColors(const QPalette &palette)
{
    DiffColors c;
    c.base = palette.color(QPalette::Base);
    c.text = palette.color(QPalette::Text);
    if (isDark(palette)) {
        c.gutter = c.base.lighter(115);
        c.gutterText = QColor(0x6e7681);
        c.divider = QColor(0x30363d);
        c.added = QColor(0x12261e);
        c.addedChange = QColor(0x1f5a31);
        c.addedGutter = QColor(0x1b4721);
        c.deleted = QColor(0x25171c);
        c.deletedChange = QColor(0x6e2a2f);
        c.deletedGutter = QColor(0x542426);
        c.filler = QColor(0x161b22);
        c.gap = QColor(0x1c2a3f);
        c.gapText = QColor(0x8b949e);
        c.findMatch = QColor(0x9e6a03);
        c.current = QColor(0x1f6feb);
        c.unreviewed = QColor(0xd29922);
    } else {
        c.gutter = QColor(0xf6f8fa);
        c.gutterText = QColor(0x6e7781);
        c.divider = QColor(0xd0d7de);
        c.added = QColor(0xe6ffec);
        c.addedChange = QColor(0xabf2bc);
        c.addedGutter = QColor(0xccffd8);
        c.deleted = QColor(0xffebe9);
        c.deletedChange = QColor(0xffb3ad);
        c.deletedGutter = QColor(0xffd7d5);
        c.filler = QColor(0xf3f4f6);
        c.gap = QColor(0xddf4ff);
        c.gapText = QColor(0x57606a);
        c.findMatch = QColor(0xfff8c5);
        c.current = QColor(0x0969da);
        c.unreviewed = QColor(0xbf8700);
    }
    return c;
}

} // namespace rd
