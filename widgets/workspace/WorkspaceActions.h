#pragma once

#include <QObject>
#include <QString>

class QAction;
class QMenu;
class QMessageBox;
class QWidget;

namespace rd {

class ReviewSession;

// File ▸ New Workspace, Open Workspace and the recent workspaces. A
// workspace that cannot be opened (newer than the program, damaged,
// locked, read-only) is named in a dialog and the session keeps the one it had.
class WorkspaceActions : public QObject
{
    Q_OBJECT

public:
    WorkspaceActions(ReviewSession *session, QWidget *window);

    QAction *newAction() const { return m_new; }
    QAction *openAction() const { return m_open; }
    QMenu *recentMenu() const { return m_recent; }
    // Team scale: File ▸ Open Workspace on a Server… (PostgreSQL).
    QAction *serverAction() const { return m_server; }

    // Opens (or creates) a workspace; on failure a dialog, and false.
    bool open(const QString &path, bool create);
    // Why the last open() failed.
    QString lastError() const { return m_lastError; }
    static QStringList recent();
    // Where the workspace used last is, or the default one.
    static QString lastOrDefault();
    static QString demoWorkspace();
    static QString fileFilter();
    // The setting that keeps the merge request last opened in the workspace
    // at `location` (a file or a server's address): one per workspace, so
    // that opening one never shows another's merge request. Derived from the
    // location without any password it might carry.
    static QString recentMergeRequestKey(const QString &location);

Q_SIGNALS:
    void opened(); // a workspace was opened: the window shows its merge request

private:
    QMessageBox *tellCannotOpen(const QString &text, const QString &reason);
    void remember(const QString &path);
    void updateRecent();

    ReviewSession *m_session;
    QWidget *m_window;
    QAction *m_new = nullptr;
    QAction *m_open = nullptr;
    QMenu *m_recent = nullptr;
    QAction *m_server = nullptr;
    QString m_lastError;
};

} // namespace rd
