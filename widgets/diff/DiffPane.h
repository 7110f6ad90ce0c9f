#pragma once

#include "DiffDocument.h"

#include <MergeRequest.h>

#include <QFutureWatcher>
#include <QTimer>
#include <QWidget>

#include <memory>

class QLabel;
class QProgressBar;
class QStackedWidget;

namespace rd {

class DiffView;

// One file of a merge request: its header line and its diff. The diff
// document is built on a worker thread; a progress bar with a cancel button
// appears when that takes more than a moment.
class DiffPane : public QWidget
{
    Q_OBJECT

public:
    explicit DiffPane(QWidget *parent = nullptr);
    ~DiffPane() override;

    void showFile(std::shared_ptr<const MergeRequest> mr, int fileIndex);
    void showMessage(const QString &message);
    // The message shown instead of a diff, or empty while a diff is shown.
    QString message() const;
    DiffView *view() const { return m_view; }
    int fileIndex() const { return m_fileIndex; }
    bool isBuilding() const { return m_building; }
    void cancel();

    static QString describe(const FileDiff &file);

Q_SIGNALS:
    void documentShown(int fileIndex);

private:
    struct Built
    {
        std::shared_ptr<DiffDocument> document;
        QString error;
    };
    void finished();

    QLabel *m_header = nullptr;
    QStackedWidget *m_stack = nullptr;
    DiffView *m_view = nullptr;
    QWidget *m_progressPage = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_message = nullptr;
    QFutureWatcher<Built> m_watcher;
    QTimer m_progressDelay;
    std::shared_ptr<const MergeRequest> m_mr;
    int m_fileIndex = -1;
    bool m_building = false; // set before the worker starts, so no race with it
};

} // namespace rd
