#pragma once

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLineEdit;
class QTreeView;

namespace rd {

class MergeRequestFilter;
class MergeRequestListModel;
class ReviewSession;

// The Merge Requests panel (issue 25): every merge request of the session's
// workspace with its counts, progress bars and state, a search field and
// filters, sortable on every column; the session's open merge request in
// bold. Activating a row (double-click, Enter) asks for it to be opened; the
// window opens it as File ▸ Open from Workspace does. The rows are the
// session's (MergeRequestListModel); this only shows and filters them.
class MergeRequestBrowser : public QWidget
{
    Q_OBJECT

public:
    explicit MergeRequestBrowser(ReviewSession *session, QWidget *parent = nullptr);

    MergeRequestListModel *model() const { return m_model; }
    // The rows in the order shown: what Next / Previous Merge Request walk.
    MergeRequestFilter *filter() const { return m_filter; }
    QTreeView *view() const { return m_view; }
    QLineEdit *search() const { return m_search; }
    // Keyboard in the search field (a workspace opened with no place to go back to).
    void focusSearch();

Q_SIGNALS:
    void openRequested(qint64 mergeRequest);
    void problem(const QString &message); // the workspace refused to list the merge requests

private:
    void fillChoices();
    void showCurrent();

    MergeRequestListModel *m_model;
    MergeRequestFilter *m_filter;
    QLineEdit *m_search;
    QComboBox *m_language;
    QComboBox *m_category;
    QComboBox *m_state;
    QComboBox *m_code;
    QCheckBox *m_assignedToMe;
    QCheckBox *m_needsAdjudication;
    QTreeView *m_view;
};

} // namespace rd
