#include "ShortcutSettings.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequenceEdit>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rd {

namespace {
const QString Group = QStringLiteral("shortcuts/");

// The window's remappable actions: named ones that have or had a key.
QList<QAction *> namedActions(const QWidget *window)
{
    QList<QAction *> out;
    for (QAction *a : window->findChildren<QAction *>())
        if (!a->objectName().isEmpty() && !a->isSeparator() && !a->menu()
            && (!a->shortcut().isEmpty() || a->property("defaultShortcut").isValid()))
            out.append(a);
    std::sort(out.begin(), out.end(), [](QAction *x, QAction *y) { return x->text().remove(QLatin1Char('&')) < y->text().remove(QLatin1Char('&')); });
    return out;
}

QString plain(const QAction *a)
{
    return a->text().remove(QLatin1Char('&')).remove(QStringLiteral("…"));
}
} // namespace

ShortcutSettings::ShortcutSettings(QWidget *window, QWidget *parent) : QDialog(parent), m_window(window)
{
    setWindowTitle(tr("Keyboard Shortcuts"));
    resize(560, 620);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("Select a command and press its new key. A key can belong to one command only."), this));
    m_list = new QTreeWidget(this);
    m_list->setHeaderLabels({tr("Command"), tr("Key")});
    m_list->setRootIsDecorated(false);
    m_list->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_list->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    layout->addWidget(m_list, 1);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("shortcutProblem"));
    m_problem->setStyleSheet(QStringLiteral("color:#cf222e"));
    m_problem->setWordWrap(true);
    layout->addWidget(m_problem);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    layout->addWidget(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        apply();
        accept();
    });
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this, [this] {
        for (QAction *a : namedActions(m_window))
            m_keys[a->objectName()] = a->property("defaultShortcut").value<QKeySequence>();
        m_problem->clear();
        fill();
    });
    for (QAction *a : namedActions(m_window))
        m_keys.insert(a->objectName(), a->shortcut());
    fill();
}

void ShortcutSettings::fill()
{
    m_list->clear();
    for (QAction *a : namedActions(m_window)) {
        auto *item = new QTreeWidgetItem(m_list, {plain(a)});
        item->setData(0, Qt::UserRole, a->objectName());
        auto *edit = new QKeySequenceEdit(m_keys.value(a->objectName()), m_list);
        edit->setObjectName(a->objectName());
        m_list->setItemWidget(item, 1, edit);
        const QString name = a->objectName();
        connect(edit, &QKeySequenceEdit::editingFinished, this, [this, edit, name] {
            // One key, not a chord: a decision is at most two keys.
            QKeySequence key = edit->keySequence();
            if (key.count() > 1)
                key = QKeySequence(key[0]);
            if (!setShortcut(name, key))
                edit->setKeySequence(m_keys.value(name));
        });
    }
}

QString ShortcutSettings::collisionWith(const QString &action, const QKeySequence &key) const
{
    if (key.isEmpty())
        return {};
    for (auto it = m_keys.constBegin(); it != m_keys.constEnd(); ++it)
        if (it.key() != action && it.value() == key)
            if (auto *other = m_window->findChild<QAction *>(it.key()))
                return plain(other);
    // Keys that are not remappable here (a second shortcut, like ? for the sheet).
    for (QAction *a : m_window->findChildren<QAction *>())
        if (a->objectName() != action)
            for (qsizetype i = 1; i < a->shortcuts().size(); ++i)
                if (a->shortcuts()[i] == key)
                    return plain(a);
    return {};
}

bool ShortcutSettings::setShortcut(const QString &action, const QKeySequence &key)
{
    const QString other = collisionWith(action, key);
    if (!other.isEmpty()) {
        m_problem->setText(tr("%1 is already the key of “%2”. Choose another key, or change that command first.")
                               .arg(key.toString(QKeySequence::NativeText), other));
        return false;
    }
    m_problem->clear();
    m_keys[action] = key;
    if (auto *edit = m_list->findChild<QKeySequenceEdit *>(action); edit && edit->keySequence() != key)
        edit->setKeySequence(key);
    return true;
}

QString ShortcutSettings::problem() const
{
    return m_problem->text();
}

void ShortcutSettings::apply()
{
    QSettings settings;
    for (QAction *a : namedActions(m_window)) {
        const QKeySequence key = m_keys.value(a->objectName(), a->shortcut());
        QList<QKeySequence> keys = a->shortcuts();
        if (keys.isEmpty())
            keys.append(key);
        else
            keys[0] = key;
        a->setShortcuts(keys);
        const QKeySequence standard = a->property("defaultShortcut").value<QKeySequence>();
        if (key == standard)
            settings.remove(Group + a->objectName());
        else
            settings.setValue(Group + a->objectName(), key.toString(QKeySequence::PortableText));
    }
}

void ShortcutSettings::applySaved(QWidget *window)
{
    QSettings settings;
    for (QAction *a : namedActions(window)) {
        if (!a->property("defaultShortcut").isValid())
            a->setProperty("defaultShortcut", a->shortcut());
        if (!settings.contains(Group + a->objectName()))
            continue;
        QList<QKeySequence> keys = a->shortcuts();
        const QKeySequence key = QKeySequence::fromString(settings.value(Group + a->objectName()).toString(), QKeySequence::PortableText);
        if (keys.isEmpty())
            keys.append(key);
        else
            keys[0] = key;
        a->setShortcuts(keys);
    }
}

QList<std::pair<QString, QString>> ShortcutSettings::collisions(const QWidget *window)
{
    QList<std::pair<QString, QString>> out;
    QHash<QKeySequence, QString> owner;
    for (QAction *a : window->findChildren<QAction *>())
        for (const QKeySequence &key : a->shortcuts()) {
            if (key.isEmpty() || a->objectName().isEmpty())
                continue;
            if (owner.contains(key) && owner.value(key) != a->objectName())
                out.append({owner.value(key), a->objectName()});
            else
                owner.insert(key, a->objectName());
        }
    return out;
}

} // namespace rd
