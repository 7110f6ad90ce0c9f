#pragma once

#include <MergeRequestLoader.h>
#include <Workspace.h>

#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace rd {

class ReviewSession;

// File ▸ Import…, Export… and Open from Workspace… (the workspace's merge
// requests, imported ones included). A merge request imported without its
// code opens with its comments only, and the diff area says why.
//
// It knows the session and a parent for its dialogs, not the window: what
// the window shows as a result it learns from the signals, so the actions can
// sit in any window (and be tested without one).
class ExchangeActions : public QObject
{
    Q_OBJECT

public:
    // `dialogParent` also owns the actions, so the window's shortcuts see them.
    ExchangeActions(ReviewSession *session, QWidget *dialogParent);

    void addTo(QMenu *menu) const;
    // Opens a workspace merge request: its diff when the code is linked
    // (mergeRequestChosen), otherwise its comments with a note in place of the
    // diff (mergeRequestWithoutCode once the session has it).
    void openStored(qint64 id);

    // The note shown for a merge request without code.
    static QString withoutCodeMessage(const QString &where);

Q_SIGNALS:
    // A merge request whose code is linked: the window opens its diff.
    void mergeRequestChosen(const MergeRequestRequest &request);
    // The session's merge request has no code: nothing of another merge
    // request's diff may stay on screen, and `note` takes the diff's place.
    void mergeRequestWithoutCode(const MergeRequestEntry &entry, const QString &note);
    // A passing outcome (an export written) for the status bar.
    void statusMessage(const QString &text);

private:
    void showImport();
    void showExport();
    void showOpenStored();
    void mergeRequestChanged();

    ReviewSession *m_session;
    QWidget *m_dialogParent;
    QAction *m_import;
    QAction *m_export;
    QAction *m_openStored;
};

} // namespace rd
