#pragma once

#include <QObject>

class QAction;
class QMenu;

namespace rd {

class MainWindow;
class ReviewSession;

// File ▸ Import…, Export… and Open from Workspace… (the workspace's merge
// requests, imported ones included). A merge request imported without its
// code opens with its comments only, and the diff area says why.
class ExchangeActions : public QObject
{
    Q_OBJECT

public:
    ExchangeActions(ReviewSession *session, MainWindow *window);

    void addTo(QMenu *menu) const;
    // Opens a workspace merge request: its diff when the code is linked,
    // otherwise its comments with a note in place of the diff.
    void openStored(qint64 id);

    // The note shown for a merge request without code.
    static QString withoutCodeMessage(const QString &where);

private:
    void showImport();
    void showExport();
    void showOpenStored();
    void mergeRequestChanged();

    ReviewSession *m_session;
    MainWindow *m_window;
    QAction *m_import;
    QAction *m_export;
    QAction *m_openStored;
};

} // namespace rd
