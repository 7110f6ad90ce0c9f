#pragma once

#include <Agreement.h>
#include <TeamAgreement.h>
#include <TeamService.h>
#include <Workspace.h>

#include <QDialog>
#include <QFutureWatcher>

class QComboBox;
class QLabel;
class QTableWidget;
class QTabWidget;

namespace rd {

// Review ▸ Agreement, overall or for one merge request. "All annotators":
// Krippendorff's alpha per label over every annotator who gave a verdict
// (units and values it rests on, bootstrap interval, why it is undefined)
// and the matrix of Cohen's kappa of every pair for the selected label.
// "Two annotators": one pair's agreement per label (Cohen's kappa, percent
// agreement, items both judged, why kappa is undefined) and the confusion
// matrix of the selected label; a double-click on the kappa matrix opens it.
// Alpha, kappa and the counts are computed at once; the bootstrap intervals
// (1000 resamples per label, a second or more on thousands of comments) on a
// worker thread, shown when done.
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
    // Selects the label in the alpha table; the kappa matrix follows (Q1 and Q2 have no kappa: it keeps its label).
    void selectAlphaLabel(AlphaLabel label);
    // The pair tab with these two and the kappa matrix's label.
    void showPair(const QString &first, const QString &second);
    const AgreementReport &report() const { return m_report; }
    const TeamAgreementReport &teamReport() const { return m_teamReport; }
    QTableWidget *labelsTable() const { return m_labels; }
    QTableWidget *matrixTable() const { return m_matrix; }
    QTableWidget *alphaTable() const { return m_alpha; }
    QTableWidget *pairsTable() const { return m_pairs; }
    QTabWidget *tabs() const { return m_tabs; }
    // Whether the bootstrap intervals of the figures shown are still being computed.
    bool intervalsPending() const { return m_intervalsPending; }

    static QString degeneracyText(const LabelAgreement &agreement);
    static QString degeneracyText(const LabelAlpha &alpha);
    static QString alphaLabelText(AlphaLabel label); // "verdict", "Q1 nitpick", translated
    static QString alphaMetricText(AlphaMetric metric); // "nominal", "ordinal", "interval", translated
    static QString valueText(const QString &value);  // a label's value ("accept", "file", "yes", "Code Defect"), translated

public Q_SLOTS:
    void refresh();

Q_SIGNALS:
    void intervalsShown();

private:
    void computeIntervals();
    void intervalsComputed();
    void showScope();
    void showAlpha();
    void showPairs();
    void showLabels();
    void showMatrix();
    const QList<LabelAgreement> *shownLabels() const;
    const QList<LabelAgreement> *shownLabelsOf(const AgreementReport &report) const;
    const QList<LabelAlpha> *shownAlpha() const;

    TeamService *m_team;
    QComboBox *m_first = nullptr;
    QComboBox *m_second = nullptr;
    QComboBox *m_scope = nullptr;
    QTabWidget *m_tabs = nullptr;
    QLabel *m_alphaTitle = nullptr;
    QTableWidget *m_alpha = nullptr;
    QLabel *m_pairsTitle = nullptr;
    QTableWidget *m_pairs = nullptr;
    QTableWidget *m_labels = nullptr;
    QTableWidget *m_matrix = nullptr;
    QLabel *m_matrixTitle = nullptr;
    TeamLabel m_pairLabel = TeamLabel::Verdict; // the kappa matrix's label
    AgreementReport m_report;
    TeamAgreementReport m_teamReport;
    TeamService::AgreementData m_data; // what m_teamReport was computed from
    QFutureWatcher<TeamAgreementReport> *m_intervals = nullptr;
    bool m_intervalsPending = false;
    bool m_intervalsStale = false; // the data changed while the intervals were computed
};

} // namespace rd
