#pragma once

// Review ▸ Evaluate: pick runs, a reference set and line or semantic
// matching (an LLM judge named by a run configuration), see the papers'
// tables (each exportable as CSV, Markdown or LaTeX) and charts (the filter
// funnel, precision-recall over the filter settings, recall per category and
// per context level), tune the thresholds. The figures come from pipeline's
// EvaluationJob (the one `reviewdesk-cli eval` runs), computed off the GUI
// thread on its own connection to the workspace; this window only shows them. Clicking a number — in a table
// or a chart — lists the comments behind it. Errors are shown in a dialog.

#include <EvalTable.h>
#include <Evaluation.h>
#include <EvaluationJob.h>
#include <LlmTypes.h>
#include <ThresholdTuning.h>

#include <QHash>
#include <QPointer>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace rd {

class EvaluationCharts;
class WorkspaceStore;

class EvaluationWindow : public QWidget
{
    Q_OBJECT

public:
    // `store` lists the runs (on this thread); `workspacePath` is opened
    // again on the worker that evaluates.
    EvaluationWindow(WorkspaceStore &store, const QString &workspacePath, QWidget *parent = nullptr);
    ~EvaluationWindow() override;

    // Re-reads the runs of the workspace into the run list (all checked),
    // and the reference sets (the live ones, then every snapshot).
    void reloadRuns();
    void reloadReferenceSets();
    // Chooses the reference set: all, aacr, key-bugs or a snapshot's name;
    // false when the list has no such set.
    bool setReferenceSet(const QString &set);
    // Starts the evaluation of the checked runs; evaluated() when done.
    void evaluate();
    bool isEvaluating() const;
    const eval::Evaluation *evaluation() const { return m_evaluation.get(); }
    const eval::TuningResult &tuning() const { return m_tuning; }

    QTableWidget *table(const QString &id) const;
    QListWidget *behindList() const { return m_behind; }
    QTabWidget *tabs() const { return m_tabs; }
    // Shows the comments behind a table cell (what a click does).
    void showBehind(const QString &tableId, int row, int column);
    Result<bool> exportTable(const QString &tableId, eval::TableFormat format, const QString &path) const;
    Result<bool> writeBestSetting(const QString &configPath) const;

    // Semantic matching: the judge is the validator (else the reviewer) of
    // the run configuration at `configPath`, asked `votes` times per pair.
    // Empty path: line match only.
    void setSemanticJudge(const QString &configPath, int votes = 1);
    // Where the judge's answers are cached (default: the user's cache folder,
    // as for review runs).
    void setJudgeCacheDirectory(const QString &directory) { m_judgeCache = directory; }
    // The judge's exchanges of the last semantic evaluation, and a recording
    // of them that `eval --replay` and the review runs' replay read.
    const QList<Exchange> &judgeExchanges() const { return m_judgeExchanges; }
    Result<bool> saveJudgeRecording(const QString &path) const;
    // What a click on a chart does: funnel (set = configuration, index =
    // stage), pr (index = tuning point), categories and contexts (set =
    // configuration, index = bar).
    void showBehindChart(const QString &chart, int set, int index);
    // What the context menu of the comments list does: a human's reference
    // added by hand, an explicit "this comment finds reference R". Both are
    // stored at once and count from the next evaluation on.
    Result<bool> markReference(qint64 comment, bool reference);
    Result<bool> linkToReference(qint64 comment, qint64 reference);
    // What the Triage queue tab's "Queue for Triage…" does with the rows
    // chosen: puts these comments (of the triage candidates shown) in the
    // queue, to be answered by `annotators` (empty: anyone); their Queue
    // cells say "open". How many were new to the queue.
    Result<int> queueForTriage(const QList<qint64> &comments, const QStringList &annotators);

Q_SIGNALS:
    void evaluated();
    void failed(const QString &message);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showOutcome(const EvaluationOutcome &outcome);
    void showError(const QString &message);
    void showBehindIds(const QList<qint64> &ids);
    void fillTables();
    void syncTableChooser(); // the Table list follows the tables shown
    void fillCharts();
    void fillTuning();
    void fillTriage(const QList<eval::TriageCandidate> &candidates);
    void askToQueueForTriage();
    QWidget *tablePage(const eval::Table &table);
    void behindMenu(const QPoint &at);

    WorkspaceStore &m_store;
    QString m_path;
    QListWidget *m_runs = nullptr;
    QComboBox *m_references = nullptr;
    QLabel *m_referencesUsed = nullptr; // the set the figures shown were measured against
    QComboBox *m_goal = nullptr;
    QSpinBox *m_distance = nullptr;
    QComboBox *m_matching = nullptr;
    QLineEdit *m_judgeConfig = nullptr;
    QSpinBox *m_votes = nullptr;
    QPushButton *m_saveRecording = nullptr;
    QString m_judgeCache;
    QList<Exchange> m_judgeExchanges;
    QList<eval::TuningRun> m_tuningRuns;
    QPushButton *m_evaluate = nullptr;
    QLabel *m_status = nullptr;
    QTabWidget *m_tabs = nullptr;
    QComboBox *m_tableChooser = nullptr; // the tables by name: the tab bar is hidden

    QListWidget *m_behind = nullptr;
    QLabel *m_best = nullptr;
    QPushButton *m_writeBest = nullptr;
    QPointer<EvaluationCharts> m_chartsPage; // of the evaluation shown
    std::unique_ptr<eval::Evaluation> m_evaluation;
    eval::TuningResult m_tuning;
    QList<eval::Table> m_tables;
    QHash<QString, QTableWidget *> m_tableWidgets;
    QHash<qint64, QString> m_commentText; // id -> "file:line  text"
    QHash<qint64, qint64> m_mergeRequestOf; // comment id -> merge request, for links
    QList<eval::TriageCandidate> m_triage; // of the evaluation shown, in the Triage queue's row order
    QTableWidget *m_triageTable = nullptr;
    QLabel *m_triageQueued = nullptr; // what the last "Queue for Triage…" did
    EvaluationJob m_job;
};

} // namespace rd
