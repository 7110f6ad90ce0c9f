#pragma once

#include "CommentsModel.h"

#include <QWidget>

class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeView;

namespace rd {

class ReviewSession;

// All comments of the merge request in a list, with filters (verdict,
// judged, kept or filtered and by which stage, category, context level,
// severity, file, run, model, author, text, outdated by a new revision), an
// order, and counts; for an outdated comment, the "addressed?" answer.
// Selecting a row makes that comment the session's current one.
class CommentsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit CommentsPanel(ReviewSession *session, QWidget *parent = nullptr);

    CommentsModel *model() const { return m_model; }
    CommentFilterModel *filterModel() const { return m_filter; }
    QTreeView *view() const { return m_view; }
    QString countsText() const;
    // Widgets by name, for tests: "verdict", "judged", "kept", "category",
    // "context", "severity", "file", "run", "model", "author", "order".
    QComboBox *combo(const QString &name) const;
    QLineEdit *textFilter() const { return m_text; }
    // Between the kept comments (the default) and kept and filtered ones.
    void toggleFilteredComments();
    // The current comment's "addressed?" answer buttons ("addressedYes", "addressedNo").
    QPushButton *addressedButton(bool yes) const { return yes ? m_addressedYes : m_addressedNo; }
    QString addressedNote() const;

Q_SIGNALS:
    void filterChanged();

private:
    void rebuildChoices();
    void applyFilter();
    void updateCounts();
    void selectCurrent();
    void updateAddressed();
    QComboBox *addCombo(const QString &name, const QString &label, QGridLayout *grid, int row, int column);

    ReviewSession *m_session;
    CommentsModel *m_model;
    CommentFilterModel *m_filter;
    QTreeView *m_view = nullptr;
    QLineEdit *m_text = nullptr;
    QLabel *m_counts = nullptr;
    QLabel *m_addressed = nullptr;
    QPushButton *m_addressedYes = nullptr;
    QPushButton *m_addressedNo = nullptr;
    QHash<QString, QComboBox *> m_combos;
    bool m_selecting = false;
};

} // namespace rd
