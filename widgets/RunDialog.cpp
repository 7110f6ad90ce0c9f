#include "RunDialog.h"

#include "SlicePanel.h"

#include <LlmClient.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace rd {

RunDialog::RunDialog(LlmClient &client, bool demoAvailable, QWidget *parent) : QDialog(parent), m_client(client)
{
    setWindowTitle(tr("Run Review"));
    auto *form = new QFormLayout(this);
    m_preset = new QComboBox(this);
    m_preset->addItem(tr("Paper's best: Left Flow, 3 reviewers, top-5, meta-reviewer, validator"), static_cast<int>(Preset::PaperBest));
    m_preset->addItem(tr("Quick: one reviewer"), static_cast<int>(Preset::Quick));
    if (demoAvailable)
        m_preset->addItem(tr("Demo: replay of recorded answers (offline)"), static_cast<int>(Preset::DemoReplay));
    form->addRow(tr("&Preset:"), m_preset);

    m_endpoint = new QLineEdit(this);
    m_endpoint->setPlaceholderText(QStringLiteral("http://localhost:11434/v1"));
    form->addRow(tr("&Endpoint:"), m_endpoint);
    m_model = new QLineEdit(this);
    m_model->setPlaceholderText(QStringLiteral("qwen2.5-coder:32b"));
    form->addRow(tr("&Model:"), m_model);
    m_keyVariable = new QLineEdit(this);
    m_keyVariable->setPlaceholderText(tr("e.g. OPENAI_API_KEY (the key itself is never stored)"));
    form->addRow(tr("API key &variable:"), m_keyVariable);
    m_temperature = new QDoubleSpinBox(this);
    m_temperature->setRange(0, 2);
    m_temperature->setSingleStep(0.1);
    form->addRow(tr("&Temperature:"), m_temperature);
    auto *testRow = new QHBoxLayout;
    auto *test = new QPushButton(tr("Test Connection"), this);
    testRow->addWidget(test);
    m_connection = new QLabel(this);
    m_connection->setWordWrap(true);
    testRow->addWidget(m_connection, 1);
    form->addRow(QString(), testRow);

    m_slicing = new QComboBox(this);
    for (SliceAlgorithm a : AllAlgorithms)
        m_slicing->addItem(SlicePanel::titleOf(a), algorithmName(a));
    form->addRow(tr("&Slicing:"), m_slicing);
    m_estimate = new QLabel(this);
    m_estimate->setObjectName(QStringLiteral("sliceEstimate"));
    form->addRow(QString(), m_estimate);
    connect(m_slicing, &QComboBox::currentIndexChanged, this, &RunDialog::showEstimate);
    // Another budget slices the merge request again before the run.
    m_tokenBudget = new QSpinBox(this);
    m_tokenBudget->setObjectName(QStringLiteral("tokenBudget"));
    m_tokenBudget->setRange(500, 1000000);
    m_tokenBudget->setSingleStep(500);
    m_tokenBudget->setToolTip(tr("Estimated tokens a slice may hold; a larger slice keeps the context nearest to its changes."));
    form->addRow(tr("Token &budget:"), m_tokenBudget);
    showEstimate();
    m_reviewers = new QSpinBox(this);
    m_reviewers->setRange(1, 16);
    form->addRow(tr("&Reviewers:"), m_reviewers);
    m_topK = new QSpinBox(this);
    m_topK->setRange(1, 100);
    form->addRow(tr("Top-&k per reviewer:"), m_topK);
    m_meta = new QCheckBox(tr("Meta-reviewer merges and keeps what two reviewers agree on"), this);
    form->addRow(QString(), m_meta);
    m_validator = new QCheckBox(tr("Validator re-checks every comment"), this);
    form->addRow(QString(), m_validator);
    m_cot = new QCheckBox(tr("Chain-of-thought prompts"), this);
    form->addRow(QString(), m_cot);
    m_language = new QLineEdit(this);
    m_language->setPlaceholderText(tr("empty: no translation"));
    form->addRow(tr("Translate &into:"), m_language);
    auto *load = new QPushButton(tr("Load Configuration…"), this);
    m_loaded = new QLabel(this);
    auto *loadRow = new QHBoxLayout;
    loadRow->addWidget(load);
    loadRow->addWidget(m_loaded, 1);
    form->addRow(QString(), loadRow);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Run"));
    form->addRow(buttons);

    connect(m_preset, &QComboBox::currentIndexChanged, this, [this] { applyPreset(static_cast<Preset>(m_preset->currentData().toInt())); });
    connect(test, &QPushButton::clicked, this, &RunDialog::testConnection);
    connect(load, &QPushButton::clicked, this, &RunDialog::loadConfiguration);
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        QSettings settings;
        settings.setValue(QStringLiteral("review/endpoint"), m_endpoint->text());
        settings.setValue(QStringLiteral("review/model"), m_model->text());
        settings.setValue(QStringLiteral("review/apiKeyEnv"), m_keyVariable->text());
        settings.setValue(QStringLiteral("review/tokenBudget"), m_tokenBudget->value());
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    QSettings settings;
    m_endpoint->setText(settings.value(QStringLiteral("review/endpoint"), QStringLiteral("http://localhost:11434/v1")).toString());
    m_model->setText(settings.value(QStringLiteral("review/model")).toString());
    m_keyVariable->setText(settings.value(QStringLiteral("review/apiKeyEnv")).toString());
    m_tokenBudget->setValue(settings.value(QStringLiteral("review/tokenBudget"), DefaultSliceTokenBudget).toInt());
    applyPreset(demoAvailable ? Preset::DemoReplay : Preset::PaperBest);
    m_preset->setCurrentIndex(m_preset->findData(static_cast<int>(demoAvailable ? Preset::DemoReplay : Preset::PaperBest)));
}

void RunDialog::applyPreset(Preset preset)
{
    m_fromFile.reset();
    m_loaded->clear();
    RunConfig c; // the paper's defaults
    c.reviewer.endpoint = m_endpoint->text();
    c.reviewer.model = m_model->text();
    c.reviewer.apiKeyEnv = m_keyVariable->text();
    c.tokenBudget = m_tokenBudget->value();
    c.metaReviewer = c.reviewer;
    c.validator = c.reviewer;
    if (preset == Preset::Quick) {
        c.reviewers = 1;
        c.metaReviewer.reset();
        c.validator.reset();
    }
    setConfig(c);
    const bool replay = preset == Preset::DemoReplay;
    for (QWidget *w : std::initializer_list<QWidget *>{m_endpoint, m_model, m_keyVariable, m_temperature, m_slicing, m_tokenBudget, m_reviewers, m_topK, m_meta,
                                                       m_validator, m_cot, m_language})
        w->setEnabled(!replay);
    if (replay)
        m_connection->setText(tr("The demo's recorded answers are replayed; no model is called."));
}

void RunDialog::setConfig(const RunConfig &c)
{
    m_temperature->setValue(c.reviewer.temperature);
    m_slicing->setCurrentIndex(m_slicing->findData(algorithmName(c.slicing)));
    m_tokenBudget->setValue(c.tokenBudget);
    m_reviewers->setValue(c.reviewers);
    m_topK->setValue(c.topK);
    m_meta->setChecked(c.metaReviewer.has_value());
    m_validator->setChecked(c.validator.has_value());
    m_cot->setChecked(c.cot);
    m_language->setText(c.language);
}

bool RunDialog::isReplay() const
{
    return static_cast<Preset>(m_preset->currentData().toInt()) == Preset::DemoReplay && !m_fromFile;
}

RunConfig RunDialog::config() const
{
    if (m_fromFile)
        return *m_fromFile;
    RunConfig c;
    if (isReplay()) {
        QFile file(QStringLiteral(":/replays/demo-review-config.json"));
        if (file.open(QIODevice::ReadOnly))
            if (auto replay = RunConfig::fromJson(file.readAll()))
                return *replay;
    }
    EndpointProfile profile;
    profile.endpoint = m_endpoint->text().trimmed();
    profile.model = m_model->text().trimmed();
    profile.apiKeyEnv = m_keyVariable->text().trimmed();
    profile.temperature = m_temperature->value();
    c.reviewer = profile;
    if (m_meta->isChecked())
        c.metaReviewer = profile;
    if (m_validator->isChecked())
        c.validator = profile;
    c.language = m_language->text().trimmed();
    if (!c.language.isEmpty())
        c.translator = profile;
    c.slicing = algorithmFromName(m_slicing->currentData().toString()).value_or(SliceAlgorithm::LeftFlow);
    c.tokenBudget = m_tokenBudget->value();
    c.reviewers = m_reviewers->value();
    c.topK = m_topK->value();
    c.cot = m_cot->isChecked();
    return c;
}

void RunDialog::setSliceEstimates(const std::map<SliceAlgorithm, SliceEstimate> &estimates)
{
    m_estimates = estimates;
    showEstimate();
}

void RunDialog::showEstimate()
{
    const auto algorithm = algorithmFromName(m_slicing->currentData().toString());
    if (!m_estimates || !algorithm) {
        m_estimate->setText(tr("The slices are still being computed."));
        return;
    }
    const auto it = m_estimates->find(*algorithm);
    const SliceEstimate e = it == m_estimates->end() ? SliceEstimate{} : it->second;
    m_estimate->setText(tr("%n slice(s) to review, about %1 tokens of code", nullptr, e.slices).arg(QLocale().toString(e.tokens)));
}

void RunDialog::testConnection()
{
    EndpointProfile profile;
    profile.endpoint = m_endpoint->text().trimmed();
    profile.apiKeyEnv = m_keyVariable->text().trimmed();
    m_connection->setText(tr("Asking %1 for its models…").arg(profile.endpoint));
    auto *watcher = new QFutureWatcher<QStringList>(this);
    connect(watcher, &QFutureWatcher<QStringList>::finished, this, [this, watcher] {
        const QStringList models = watcher->result();
        watcher->deleteLater();
        if (models.isEmpty())
            m_connection->setText(tr("Connected, but the endpoint lists no models."));
        else if (models.first().startsWith(QLatin1String("error: ")))
            m_connection->setText(tr("Cannot connect: %1").arg(models.first().mid(7)));
        else
            m_connection->setText(tr("Connected; models: %1").arg(models.join(QStringLiteral(", "))));
    });
    watcher->setFuture(m_client.listModels(profile));
}

void RunDialog::loadConfiguration()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Load Run Configuration"), QString(), tr("Run configuration (*.json)"));
    if (path.isEmpty())
        return;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        m_loaded->setText(tr("Cannot read %1").arg(path));
        return;
    }
    auto config = RunConfig::fromJson(file.readAll());
    if (!config) {
        m_loaded->setText(config.error().message);
        return;
    }
    m_fromFile = *config;
    setConfig(*config);
    m_loaded->setText(tr("Using %1 (per-role endpoints)").arg(QFileInfo(path).fileName()));
}

} // namespace rd
