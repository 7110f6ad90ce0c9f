#include "PanelCommand.h"

#include <QAction>
#include <QDockWidget>

namespace rd {

void bringPanelForward(QDockWidget *dock)
{
    dock->show();
    dock->raise();
    QWidget *panel = dock->widget();
    if (!panel)
        return;
    // The first widget of the panel that a person could tab to.
    for (QWidget *w = panel->nextInFocusChain(); w && w != panel; w = w->nextInFocusChain())
        if (panel->isAncestorOf(w) && (w->focusPolicy() & Qt::TabFocus) && w->isVisibleTo(panel) && w->isEnabled()) {
            w->setFocus(Qt::ShortcutFocusReason);
            return;
        }
    panel->setFocus(Qt::ShortcutFocusReason);
}

QAction *addPanelCommand(QDockWidget *dock, const QString &name, const QString &text, const QKeySequence &shortcut, QWidget *window,
                         const QString &toggleName)
{
    auto *show = new QAction(text, window);
    show->setObjectName(name);
    show->setShortcut(shortcut);
    window->addAction(show);
    QObject::connect(show, &QAction::triggered, dock, [dock] { bringPanelForward(dock); });
    dock->toggleViewAction()->setObjectName(toggleName);
    dock->toggleViewAction()->setShortcut({});
    return show;
}

} // namespace rd
