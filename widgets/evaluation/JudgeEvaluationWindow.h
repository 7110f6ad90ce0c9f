#pragma once

// Review ▸ Evaluate Judge…: a judge measured against the labels people gave
// in the workspace (pipeline's JudgeEvaluationJob, as `reviewdesk-cli
// judge-eval` runs it). The figures, the calibration, and the comments the
// judge and people disagree on, each one double-click from the diff. Every
// evaluation is kept in the workspace; earlier ones are shown from there.

#include <QJsonObject>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTreeWidget;

namespace rd {

class JudgeEvaluationJob;
class WorkspaceStore;

class JudgeEvaluationWindow : public QWidget
{
    Q_OBJECT
public:
    JudgeEvaluationWindow(WorkspaceStore &store, QWidget *parent = nullptr);
    ~JudgeEvaluationWindow() override;

    // For tests and scripts: the judge's configuration, then evaluate().
    void setConfigPath(const QString &path);
    void setRepeats(int repeats);
    // Annotator name, or empty for the team's final labels.
    void setLabels(const QString &annotator);
    void evaluate();
    // Shows a stored evaluation's report.
    void showStored(qint64 id);
    const QJsonObject &report() const { return m_report; }
    void reloadStored();
    // The workspace went away: any evaluation stops unkept, the window closes.
    void abandon();

Q_SIGNALS:
    void commentChosen(qint64 mergeRequest, qint64 comment);
    void evaluated(qint64 storedAs);
    void failed(const QString &message);

private:
    void finishEvaluation();
    void showReport(const QJsonObject &report);
    void fail(const QString &message);
    void fillAnnotators();

    WorkspaceStore &m_store;
    std::unique_ptr<JudgeEvaluationJob> m_job;
    QJsonObject m_report;
    QLineEdit *m_config = nullptr;
    QComboBox *m_kind = nullptr;
    QComboBox *m_labels = nullptr;
    QSpinBox *m_balanced = nullptr;
    QSpinBox *m_repeats = nullptr;
    QSpinBox *m_seed = nullptr;
    QSpinBox *m_minScore = nullptr;
    QPushButton *m_evaluate = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QComboBox *m_stored = nullptr;
    QLabel *m_summary = nullptr;
    QTreeWidget *m_disagreements = nullptr;
    QTableWidget *m_categories = nullptr;
    QTableWidget *m_calibration = nullptr;
};

} // namespace rd
