#pragma once

#include <Agreement.h>
#include <Workspace.h>

#include <QDialog>

class QComboBox;
class QLabel;
class QTableWidget;

namespace rd {

class TeamService;

// Review ▸ Agreement: two annotators' agreement per label (Cohen's kappa,
// percent agreement, items both judged, why kappa is undefined), overall or
// for one merge request, and the confusion matrix of the selected label.
class AgreementDialog : public QDialog
{
    Q_OBJECT

public:
    // `mergeRequests`: the workspace's, to choose one from.
    AgreementDialog(TeamService *team, const QList<MergeRequestEntry> &mergeRequests, QWidget *parent = nullptr);

    void setAnnotators(const QString &first, const QString &second);
    // 0: all merge requests.
    void setMergeRequest(qint64 id);
    void selectLabel(TeamLabel label);
    const AgreementReport &report() const { return m_report; }
    QTableWidget *labelsTable() const { return m_labels; }
    QTableWidget *matrixTable() const { return m_matrix; }

    static QString degeneracyText(const LabelAgreement &agreement);

public Q_SLOTS:
    void refresh();

private:
    void showLabels();
    void showMatrix();
    const QList<LabelAgreement> *shownLabels() const;

    TeamService *m_team;
    QComboBox *m_first = nullptr;
    QComboBox *m_second = nullptr;
    QComboBox *m_scope = nullptr;
    QTableWidget *m_labels = nullptr;
    QTableWidget *m_matrix = nullptr;
    QLabel *m_matrixTitle = nullptr;
    AgreementReport m_report;
};

} // namespace rd
