#pragma once

#include <RunConfig.h>

#include <QDialog>

#include <map>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace rd {

class LlmClient;

// Configure a review run: a preset, the endpoint profile (tested with one
// click), the pipeline's knobs; or load a run.json for per-role endpoints.
class RunDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Preset { PaperBest, Quick, DemoReplay };

    RunDialog(LlmClient &client, bool demoAvailable, QWidget *parent = nullptr);

    void applyPreset(Preset preset);
    RunConfig config() const;
    bool isReplay() const;
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
    std::optional<RunConfig> m_fromFile;
};

} // namespace rd
