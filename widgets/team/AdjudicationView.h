#pragma once

#include <TeamAnnotation.h>
#include <Workspace.h>

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTreeWidget;

namespace rd {

class DiffPane;
class ReviewSession;

// Review ▸ Adjudication: the comments whose annotators disagree, each beside
// its code (the diff with the comment's card, as in the window) and the
// annotators' judgements side by side with the disputed labels marked; the
// adjudicator's label, stored with a reason, is final.
class AdjudicationView : public QDialog
{
    Q_OBJECT

public:
    explicit AdjudicationView(ReviewSession *session, QWidget *parent = nullptr);

    // Shows the item (a comment id); false when it is not in the list.
    bool selectItem(qint64 comment);
    qint64 currentItem() const { return m_current; }
    QList<qint64> items() const;
    void setShowAdjudicated(bool show);
    DiffPane *diffPane() const { return m_pane; }
    QTableWidget *comparison() const { return m_comparison; }
    QLineEdit *reasonEdit() const { return m_reason; }
    QComboBox *verdictBox() const { return m_verdict; }
    QPushButton *saveButton() const { return m_save; }

public Q_SLOTS:
    void refresh();
    // Stores the form as the item's final label; a problem is shown in the view.
    bool saveFinalLabel();

Q_SIGNALS:
    // The item is in a merge request the window has not open.
    void openMergeRequestRequested(qint64 mergeRequest, qint64 comment);

private:
    void showItem();
    void showCode();
    void fillForm(const QList<Judgement> &judgements, const std::optional<Adjudication> &adjudication);

    ReviewSession *m_session;
    QTreeWidget *m_list = nullptr;
    QCheckBox *m_showAdjudicated = nullptr;
    DiffPane *m_pane = nullptr;
    QLabel *m_codeNote = nullptr;
    QPushButton *m_open = nullptr;
    QTableWidget *m_comparison = nullptr;
    QComboBox *m_verdict = nullptr;
    QComboBox *m_category = nullptr;
    QComboBox *m_context = nullptr;
    QSpinBox *m_severity = nullptr;
    QComboBox *m_keyBug = nullptr;
    QLineEdit *m_reason = nullptr;
    QPushButton *m_save = nullptr;
    QLabel *m_problem = nullptr;
    qint64 m_current = 0;
};

} // namespace rd
