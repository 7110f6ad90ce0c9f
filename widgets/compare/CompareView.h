#pragma once

// Review ▸ Compare Reviewers…: which reviewer finds more, by how much, at
// what cost, per judge. The leaderboard of the chosen judge (each figure
// with its 95 % interval) and the chosen figure's intervals as a chart;
// precision against recall; cost against accepted findings with the Pareto
// front; the paired differences; the judges' agreement; and a place for
// the audit list. Filters on merge-request labels (as --mr-filter), the
// judge switch, the bootstrap's resamples and seed. The figures come from
// ComparisonJob, computed on a worker thread with its own connection to the
// workspace; this view only shows them.

#include <Comparison.h>
#include <ComparisonJob.h>
#include <MergeRequestLabels.h>

#include <QWidget>

#include <optional>

class QChartView;
class QComboBox;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QSpinBox;
class QStackedWidget;
class QTabWidget;
class QTableView;
class QTableWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace rd {

class DifferencesTable;
class LeaderboardModel;
class SeedField;
class WorkspaceStore;

class CompareView : public QWidget
{
    Q_OBJECT

public:
    // `store` lists the merge requests' labels (on this thread);
    // `workspacePath` is opened again on the worker that compares.
    CompareView(WorkspaceStore &store, const QString &workspacePath, QWidget *parent = nullptr);
    ~CompareView() override;

    // Reads the labels again and compares again (the workspace changed).
    void reload();
    // Compares with the filters and settings shown; comparisonShown() or
    // comparisonFailed() when done (a later call wins over an earlier one).
    void compare();
    bool isComparing() const { return m_job.isRunning(); }
    // The workspace went away: the work ends, the view closes.
    void abandon();

    // The filters as --mr-filter takes them: each label with its chosen values.
    QList<compare::LabelFilter> labelFilters() const;
    // Chooses exactly these values of `label` (none: no filter on it); compares again.
    bool setLabelFilter(const QString &label, const QStringList &values);
    void setBootstrap(int resamples, quint64 seed);
    // Shows `comparison` as if computed here (one made elsewhere, e.g. from
    // the CLI's figures); what the worker computes is shown through it too.
    void showComparison(const compare::Comparison &comparison);
    // Shows this judge's board; false when the comparison has no such judge.
    bool setJudge(const QString &judge);
    QString judge() const;
    // The figure the interval chart and the differences show.
    bool setMetric(compare::Metric metric);

    // The audit list (another widget: judges' disagreements for people to
    // decide) in its own tab, "Audit".
    void setAuditList(QWidget *auditList);

    const std::optional<compare::Comparison> &comparison() const { return m_shown; }
    const compare::JudgeBoard *board() const;
    QTabWidget *tabs() const { return m_tabs; }
    QTableView *leaderboard() const { return m_table; }
    QChartView *intervalChart() const { return m_intervals; }
    QChartView *precisionRecallChart() const { return m_precisionRecall; }
    QChartView *costChart() const { return m_cost; }
    QLabel *costMissing() const { return m_costMissing; }
    QTableWidget *differences() const;
    QTableWidget *agreement() const { return m_agreement; }
    QLabel *status() const { return m_status; }

Q_SIGNALS:
    void comparisonShown();
    void comparisonFailed(const QString &message);

protected:
    void changeEvent(QEvent *event) override;

private:
    void fillLabelTree();
    void labelChosen(QTreeWidgetItem *item);
    void updatePassing();
    void jobCompared();
    void clearFigures(const QString &why);
    void showFailure(const QString &message);
    void showBoard();
    void drawCharts();
    void fillDifferences();
    void fillAgreement();
    void showProgress(qint64 done, qint64 total);
    compare::Metric metric() const;

    WorkspaceStore &m_store;
    QString m_path;
    std::optional<compare::MergeRequestLabels> m_labels;
    compare::ComparisonJob m_job;
    std::optional<compare::Comparison> m_shown;
    bool m_fillingTree = false;

    QComboBox *m_judges = nullptr;
    QComboBox *m_metrics = nullptr;
    QSpinBox *m_resamples = nullptr;
    SeedField *m_seed = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QTreeWidget *m_labelTree = nullptr;
    QLabel *m_passing = nullptr;
    QLabel *m_summary = nullptr;
    QLabel *m_bootstrapSummary = nullptr;
    QTabWidget *m_tabs = nullptr;
    QTableView *m_table = nullptr;
    LeaderboardModel *m_model = nullptr;
    QSortFilterProxyModel *m_sorted = nullptr;
    QChartView *m_intervals = nullptr;
    QChartView *m_precisionRecall = nullptr;
    QStackedWidget *m_costPage = nullptr;
    QChartView *m_cost = nullptr;
    QLabel *m_costMissing = nullptr;
    DifferencesTable *m_pairs = nullptr;
    QTableWidget *m_agreement = nullptr;
};

} // namespace rd
