#pragma once

#include <MergeRequest.h>

#include <QList>
#include <QWidget>

#include <memory>

class QLineEdit;
class QTreeView;

namespace rd {

class FileFilterModel;
class FileTreeModel;

// The merge request's changed files beside the diff: a filter field over
// their folder tree, each file with its "viewed" check box. The tree's
// current file is the one the window shows; this panel only says when the
// annotator moves it (currentFileChanged) and knows nothing of the diff.
class FileListPanel : public QWidget
{
    Q_OBJECT

public:
    explicit FileListPanel(QWidget *parent = nullptr);

    // Another merge request's files (none: nothing listed), folders open.
    void setMergeRequest(std::shared_ptr<const MergeRequest> mr);
    // Makes the file the tree's current one and scrolls to it; false when
    // the filter hides it.
    bool select(int fileIndex);
    // Files in the order the tree shows them (filtered ones left out).
    QList<int> visibleFileOrder() const;
    // The panel's width that shows every listed name and count whole
    // ("report.cpp → reporting.cpp", indented in its folder).
    int widthForNames() const;
    bool isViewed(int fileIndex) const;
    void setViewed(int fileIndex, bool viewed);

Q_SIGNALS:
    // The tree's current row moved: to a file, or to a folder (-1).
    void currentFileChanged(int fileIndex);
    void viewedChanged();

private:
    FileTreeModel *m_model = nullptr;
    FileFilterModel *m_filterModel = nullptr;
    QLineEdit *m_filter = nullptr;
    QTreeView *m_tree = nullptr;
};

} // namespace rd
