#pragma once

#include <RunConfig.h>

#include <QDialog>

#include <map>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QFormLayout;
class QLineEdit;
class QSpinBox;
class QGroupBox;
class QTableWidget;

namespace rd {

class LlmClient;

// Configure a review run: a preset, the endpoint profile (tested with one
// click), the pipeline's knobs; or load a run.json for per-role endpoints.
class RunDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Preset {
        PaperBest, Quick, DemoReplay, Cqs, CodeAgent, DemoCqs, DemoCodeAgent,
        // The AACR-Bench hunk review with each context, live and replayed.
        AacrNone, AacrBm25, AacrEmbedding, AacrAgent, DemoAacrNone, DemoAacrBm25, DemoAacrEmbedding, DemoAacrAgent
    };

    RunDialog(LlmClient &client, bool demoAvailable, QWidget *parent = nullptr);

    void applyPreset(Preset preset);
    RunConfig config() const;
    bool isReplay() const;
    // The demo's recorded answers for a pipeline's replay preset.
    // `context`: the AACR context (none, bm25, embedding, agent); each has its own.
    static QString demoReplayFile(PipelineKind pipeline, const QString &context = {});
    static QString demoConfigFile(PipelineKind pipeline, const QString &context = {});
    // What each algorithm would send to the reviewers: slices and their
    // estimated tokens, shown under the algorithm before the run starts.
    struct SliceEstimate
    {
        int slices = 0;
        qint64 tokens = 0;
    };
    void setSliceEstimates(const std::map<SliceAlgorithm, SliceEstimate> &estimates);

private:
    void testConnection();
    void loadConfiguration();
    void setConfig(const RunConfig &config);
    void showEstimate();
    void showPipeline(PipelineKind pipeline);
    void showAacrContext();
    void setRules(const QList<CqsTagRule> &rules);
    QList<CqsTagRule> rules() const;
    PipelineKind currentPipeline() const;

    LlmClient &m_client;
    QComboBox *m_preset = nullptr;
    QLineEdit *m_endpoint = nullptr;
    QLineEdit *m_model = nullptr;
    QLineEdit *m_keyVariable = nullptr;
    QDoubleSpinBox *m_temperature = nullptr;
    QLabel *m_connection = nullptr;
    QComboBox *m_slicing = nullptr;
    QLabel *m_estimate = nullptr;
    QSpinBox *m_tokenBudget = nullptr;
    std::optional<std::map<SliceAlgorithm, SliceEstimate>> m_estimates;
    QSpinBox *m_reviewers = nullptr;
    QSpinBox *m_topK = nullptr;
    QCheckBox *m_meta = nullptr;
    QCheckBox *m_validator = nullptr;
    QCheckBox *m_cot = nullptr;
    QLineEdit *m_language = nullptr;
    QLabel *m_loaded = nullptr;
    QFormLayout *m_form = nullptr;
    QComboBox *m_pipeline = nullptr;
    // CQS: the judge's threshold and the per-tag rules.
    QGroupBox *m_cqs = nullptr;
    QSpinBox *m_cqsThreshold = nullptr;
    QTableWidget *m_rules = nullptr;
    // CodeAgent: the tasks, τ and the turn limit of the QA-Checker.
    QGroupBox *m_codeAgent = nullptr;
    QList<QCheckBox *> m_tasks;
    QDoubleSpinBox *m_tau = nullptr;
    QSpinBox *m_maxTurns = nullptr;
    QCheckBox *m_qaChecker = nullptr;
    QLineEdit *m_codeAgentEmbeddingModel = nullptr; // the QA-Checker's relevance (embeddings)
    // AACR: the context, top-k, the agent's turns and the embedding model.
    QGroupBox *m_aacr = nullptr;
    QComboBox *m_aacrContext = nullptr;
    QSpinBox *m_aacrTopK = nullptr;
    QSpinBox *m_aacrTurns = nullptr;
    QLineEdit *m_embeddingModel = nullptr;
    QString m_demoContext; // the AACR context of the replay preset shown
    std::optional<RunConfig> m_fromFile;
};

} // namespace rd
