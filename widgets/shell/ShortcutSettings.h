#pragma once

#include <QDialog>
#include <QKeySequence>

class QLabel;
class QTreeWidget;
class QDialogButtonBox;

namespace rd {

// Settings ▸ Keyboard Shortcuts: every named action of the window with its
// key, editable; a key that another action already uses is refused with
// the other action named. Saved in the settings and applied at start.
class ShortcutSettings : public QDialog
{
    Q_OBJECT

public:
    explicit ShortcutSettings(QWidget *window, QWidget *parent = nullptr);

    // Sets an action's key in the dialog (as editing does); false, with
    // problem() saying why, when it collides.
    bool setShortcut(const QString &action, const QKeySequence &key);
    QString problem() const;
    // Writes the keys to the actions and the settings.
    void apply();

    // The saved keys, applied to the window's actions (at start).
    static void applySaved(QWidget *window);
    // Actions whose key is taken by another one: the pairs' names.
    static QList<std::pair<QString, QString>> collisions(const QWidget *window);

private:
    void fill();
    QString collisionWith(const QString &action, const QKeySequence &key) const;

    QWidget *m_window;
    QTreeWidget *m_list = nullptr;
    QLabel *m_problem = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QHash<QString, QKeySequence> m_keys; // action name -> key being edited
};

} // namespace rd
