#pragma once

// The commands of a panel in a dock (issue 44): the one a person reaches for
// ("show me the slices", Ctrl+Shift+S) brings the panel in front of its tab
// group and gives it the keyboard, every time; hiding it is another,
// explicit command (the dock's own toggle, in View > Panels). A dock's
// toggle action alone hid a panel that was ticked but behind another tab.

#include <QKeySequence>
#include <QString>

class QAction;
class QDockWidget;
class QWidget;

namespace rd {

// Shows the dock, raises it in front of its tab group and gives the keyboard
// to the panel's first widget that takes focus (the panel itself when none does).
void bringPanelForward(QDockWidget *dock);

// The command bringing `dock` forward, named `name` (the shortcut settings
// key) with `text` and `shortcut`, added to `window` so its shortcut works
// while menus are closed. The dock's toggle is renamed `toggleName` and has
// no shortcut.
QAction *addPanelCommand(QDockWidget *dock, const QString &name, const QString &text, const QKeySequence &shortcut, QWidget *window,
                         const QString &toggleName);

} // namespace rd
