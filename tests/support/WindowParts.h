#pragma once

// The main window's parts, for the tests that look at them. MainWindow hands
// out none of its children (only its session): a test finds the part it
// checks by the object name the window gives it, as a user finds a panel by
// its title. A part that is not there ends the test at once, naming it.
//
// For tests that link rd_widgets (the header includes its panels).

#include "DiffPane.h"
#include "FileTreeModel.h"
#include "JudgingWorkbench.h"
#include "MergeRequestBrowser.h"
#include "PipelinePanel.h"
#include "RetrievalPanel.h"
#include "RevisionsPanel.h"
#include "RunsPanel.h"
#include "SlicePanel.h"
#include "TeamWorkbench.h"

#include <QAction>
#include <QObject>
#include <QTreeView>

namespace rd::test {

template <typename Part>
Part *windowPart(const QObject &window, const QString &name)
{
    Part *part = window.findChild<Part *>(name);
    if (!part)
        qFatal("the window has no %s named \"%s\"", Part::staticMetaObject.className(), qPrintable(name));
    return part;
}

// A command of the window by its name (the names the shortcut settings save).
inline QAction *windowAction(const QObject &window, const QString &name)
{
    return windowPart<QAction>(window, name);
}

inline DiffPane *diffPane(const QObject &window)
{
    return windowPart<DiffPane>(window, QStringLiteral("diffPane"));
}

inline FileTreeModel *fileModel(const QObject &window)
{
    return windowPart<FileTreeModel>(window, QStringLiteral("fileModel"));
}

inline QTreeView *fileTree(const QObject &window)
{
    return windowPart<QTreeView>(window, QStringLiteral("fileTree"));
}

inline SlicePanel *slicePanel(const QObject &window)
{
    return windowPart<SlicePanel>(window, QStringLiteral("slicePanel"));
}

inline PipelinePanel *pipelinePanel(const QObject &window)
{
    return windowPart<PipelinePanel>(window, QStringLiteral("pipelinePanel"));
}

inline RetrievalPanel *retrievalPanel(const QObject &window)
{
    return windowPart<RetrievalPanel>(window, QStringLiteral("retrievalPanel"));
}

inline RunsPanel *runsPanel(const QObject &window)
{
    return windowPart<RunsPanel>(window, QStringLiteral("runsPanel"));
}

inline RevisionsPanel *revisionsPanel(const QObject &window)
{
    return windowPart<RevisionsPanel>(window, QStringLiteral("revisionsPanel"));
}

// Judging in the window: the cards, the Comments panel, the bar, the keys.
inline JudgingWorkbench *judging(const QObject &window)
{
    return windowPart<JudgingWorkbench>(window, QStringLiteral("judging"));
}

// Ground truth by a team: blind mode, agreement, adjudication.
inline TeamWorkbench *team(const QObject &window)
{
    return windowPart<TeamWorkbench>(window, QStringLiteral("team"));
}

// The Merge Requests dock.
inline MergeRequestBrowser *browser(const QObject &window)
{
    return windowPart<MergeRequestBrowser>(window, QStringLiteral("mergeRequestBrowser"));
}

} // namespace rd::test
