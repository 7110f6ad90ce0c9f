#include "WorkspaceActions.h"

#include "ServerWorkspaceDialog.h"

#include <ReviewSession.h>
#include <WorkspaceOpening.h>

#include <QAction>
#include <QCryptographicHash>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QUrl>
#include <QWidget>

namespace rd {

namespace {
constexpr int MaxRecentWorkspaces = 10;
const QString RecentKey = QStringLiteral("workspaces/recent");
} // namespace

WorkspaceActions::WorkspaceActions(ReviewSession *session, QWidget *window) : QObject(window), m_session(session), m_window(window)
{
    m_new = new QAction(tr("&New Workspace…"), window);
    m_new->setObjectName(QStringLiteral("newWorkspace"));
    m_new->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_N));
    window->addAction(m_new);
    connect(m_new, &QAction::triggered, this, [this] {
        QString path = QFileDialog::getSaveFileName(m_window, tr("New Workspace"), QDir::homePath() + QStringLiteral("/review.rdw"), fileFilter());
        if (path.isEmpty())
            return;
        if (QFileInfo(path).suffix().isEmpty())
            path += QStringLiteral(".rdw");
        if (QFileInfo::exists(path)) {
            // The save dialog asked before overwriting; a workspace is never overwritten, so open it instead.
            QMessageBox::information(m_window, tr("New Workspace"), tr("%1 exists already; it is opened, not replaced.").arg(QDir::toNativeSeparators(path)));
        }
        open(path, true);
    });
    m_open = new QAction(tr("Open &Workspace…"), window);
    m_open->setObjectName(QStringLiteral("openWorkspace"));
    m_open->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O));
    window->addAction(m_open);
    connect(m_open, &QAction::triggered, this, [this] {
        const QString path = QFileDialog::getOpenFileName(m_window, tr("Open Workspace"), QFileInfo(lastOrDefault()).absolutePath(), fileFilter());
        if (!path.isEmpty())
            open(path, false);
    });
    m_recent = new QMenu(tr("Recent Wor&kspaces"), window);
    updateRecent();
    m_server = new QAction(tr("Open Workspace on a &Server…"), window);
    m_server->setObjectName(QStringLiteral("openServerWorkspace"));
    window->addAction(m_server);
    connect(m_server, &QAction::triggered, this, [this] {
        auto *dialog = new ServerWorkspaceDialog(m_window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        for (const QString &used : recent())
            if (used.startsWith(QLatin1String("postgresql://"))) {
                dialog->setLocation(used);
                break;
            }
        connect(dialog, &QDialog::accepted, this, [this, dialog] { open(dialog->location(), dialog->createIfEmpty()); });
        dialog->open();
    });
    // The damage check runs after the window is usable; damage found closes the workspace.
    connect(session, &ReviewSession::workspaceDamaged, this, [this](const QString &message) {
        m_lastError = message;
        tellCannotOpen(tr("ReviewDesk closed the workspace: it is damaged."), message)->setObjectName(QStringLiteral("workspaceDamaged"));
    });
}

QMessageBox *WorkspaceActions::tellCannotOpen(const QString &text, const QString &reason)
{
    auto *box = new QMessageBox(QMessageBox::Critical, tr("Cannot Open Workspace"), text, QMessageBox::Ok, m_window);
    box->setInformativeText(reason);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    return box;
}

QString WorkspaceActions::fileFilter()
{
    return tr("ReviewDesk workspaces (*.rdw);;All files (*)");
}

bool WorkspaceActions::open(const QString &path, bool create)
{
    const auto result = m_session->openWorkspace(path, create);
    m_lastError = result ? QString() : result.error().message;
    if (!result) {
        tellCannotOpen(tr("ReviewDesk could not open the workspace %1.").arg(QDir::toNativeSeparators(path)), result.error().message);
        return false;
    }
    remember(path);
    Q_EMIT opened();
    return true;
}

QStringList WorkspaceActions::recent()
{
    return QSettings().value(RecentKey).toStringList();
}

QString WorkspaceActions::recentMergeRequestKey(const QString &location)
{
    const QString where = isServerLocation(location) ? QUrl(location).toString(QUrl::RemovePassword) : QFileInfo(location).absoluteFilePath();
    // A hash: settings keys cannot hold every character a path or an address can.
    return QStringLiteral("workspaces/lastMergeRequest/")
        + QString::fromLatin1(QCryptographicHash::hash(where.toUtf8(), QCryptographicHash::Sha1).toHex());
}

QString WorkspaceActions::demoWorkspace()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/demo.rdw");
}

QString WorkspaceActions::lastOrDefault()
{
    const QStringList list = recent();
    for (const QString &path : list)
        if (path != demoWorkspace() && QFileInfo::exists(path))
            return path;
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/workspace.rdw");
}

void WorkspaceActions::remember(const QString &path)
{
    QSettings settings;
    QStringList list = recent();
    // A server's address is kept as it is (it never holds a password).
    const QString absolute = isServerLocation(path) ? path : QFileInfo(path).absoluteFilePath();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > MaxRecentWorkspaces)
        list.removeLast();
    settings.setValue(RecentKey, list);
    updateRecent();
}

void WorkspaceActions::updateRecent()
{
    m_recent->clear();
    const QStringList list = recent();
    for (const QString &path : list)
        m_recent->addAction(QDir::toNativeSeparators(path), this, [this, path] { open(path, false); });
    m_recent->setEnabled(!list.isEmpty());
}

} // namespace rd
