#include "RunDialog.h"

#include "SlicePanel.h"

#include <AacrRunConfig.h>
#include <LlmClient.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHeaderView>
#include <QTableWidget>
#include <QFutureWatcher>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace rd {

namespace {

bool isReplayPreset(RunDialog::Preset preset)
{
    using P = RunDialog::Preset;
    for (P p : {P::DemoReplay, P::DemoCqs, P::DemoCodeAgent, P::DemoAacrNone, P::DemoAacrBm25, P::DemoAacrEmbedding, P::DemoAacrAgent})
        if (p == preset)
            return true;
    return false;
}

// The AACR context a preset names; empty for the other pipelines' presets.
QString aacrContextOf(RunDialog::Preset preset)
{
    using P = RunDialog::Preset;
    switch (preset) {
    case P::AacrNone:
    case P::DemoAacrNone: return QStringLiteral("none");
    case P::AacrBm25:
    case P::DemoAacrBm25: return QStringLiteral("bm25");
    case P::AacrEmbedding:
    case P::DemoAacrEmbedding: return QStringLiteral("embedding");
    case P::AacrAgent:
    case P::DemoAacrAgent: return QStringLiteral("agent");
    default: return {};
    }
}

} // namespace

RunDialog::RunDialog(LlmClient &client, bool demoAvailable, QWidget *parent) : QDialog(parent), m_client(client)
{
    setWindowTitle(tr("Run Review"));
    auto *form = new QFormLayout(this);
    m_form = form;
    m_preset = new QComboBox(this);
    m_preset->setObjectName(QStringLiteral("preset"));
    m_preset->addItem(tr("Paper's best: Left Flow, 3 reviewers, top-5, meta-reviewer, validator"), static_cast<int>(Preset::PaperBest));
    m_preset->addItem(tr("Quick: one reviewer"), static_cast<int>(Preset::Quick));
    m_preset->addItem(tr("CQS: issue collector and judge, threshold and per-tag rules"), static_cast<int>(Preset::Cqs));
    m_preset->addItem(tr("CodeAgent: four tasks supervised by the QA-Checker"), static_cast<int>(Preset::CodeAgent));
    if (demoAvailable) {
        m_preset->addItem(tr("Demo: replay of recorded answers (offline)"), static_cast<int>(Preset::DemoReplay));
        m_preset->addItem(tr("Demo: CQS replay (offline)"), static_cast<int>(Preset::DemoCqs));
        m_preset->addItem(tr("Demo: CodeAgent replay (offline)"), static_cast<int>(Preset::DemoCodeAgent));
    }
    m_preset->addItem(tr("AACR-Bench: hunk review, no context"), static_cast<int>(Preset::AacrNone));
    m_preset->addItem(tr("AACR-Bench: hunk review, BM25 top-3 context"), static_cast<int>(Preset::AacrBm25));
    m_preset->addItem(tr("AACR-Bench: hunk review, embedding top-3 context"), static_cast<int>(Preset::AacrEmbedding));
    m_preset->addItem(tr("AACR-Bench: hunk review, agent with repository tools"), static_cast<int>(Preset::AacrAgent));
    if (demoAvailable) {
        m_preset->addItem(tr("Demo: AACR replay, no context (offline)"), static_cast<int>(Preset::DemoAacrNone));
        m_preset->addItem(tr("Demo: AACR replay, BM25 context (offline)"), static_cast<int>(Preset::DemoAacrBm25));
        m_preset->addItem(tr("Demo: AACR replay, embedding context (offline)"), static_cast<int>(Preset::DemoAacrEmbedding));
        m_preset->addItem(tr("Demo: AACR replay, agent context (offline)"), static_cast<int>(Preset::DemoAacrAgent));
    }
    form->addRow(tr("&Preset:"), m_preset);
    m_pipeline = new QComboBox(this);
    m_pipeline->setObjectName(QStringLiteral("pipeline"));
    m_pipeline->addItem(tr("Defect-focused: reviewers, meta-reviewer, validator"), static_cast<int>(PipelineKind::Defect));
    m_pipeline->addItem(tr("CQS: issue collector and issue judge"), static_cast<int>(PipelineKind::Cqs));
    m_pipeline->addItem(tr("CodeAgent: role conversations with the QA-Checker"), static_cast<int>(PipelineKind::CodeAgent));
    m_pipeline->addItem(tr("AACR-Bench: one review per hunk, with retrieved context"), static_cast<int>(PipelineKind::Aacr));
    form->addRow(tr("P&ipeline:"), m_pipeline);

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

    // CQS: what post-processing keeps (code-quality-score-cqs.txt §3.4).
    m_cqs = new QGroupBox(tr("CQS post-processing"), this);
    m_cqs->setObjectName(QStringLiteral("cqsOptions"));
    auto *cqsForm = new QFormLayout(m_cqs);
    m_cqsThreshold = new QSpinBox(m_cqs);
    m_cqsThreshold->setObjectName(QStringLiteral("cqsThreshold"));
    m_cqsThreshold->setRange(0, 10);
    m_cqsThreshold->setToolTip(tr("Issues the judge scores below this (0 to 10) are dropped."));
    cqsForm->addRow(tr("Judge score &threshold:"), m_cqsThreshold);
    m_rules = new QTableWidget(0, 4, m_cqs);
    m_rules->setObjectName(QStringLiteral("cqsRules"));
    m_rules->setHorizontalHeaderLabels({tr("Tag"), tr("Language"), tr("On"), tr("Min. score")});
    m_rules->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_rules->verticalHeader()->hide();
    m_rules->setMinimumHeight(120);
    m_rules->setToolTip(tr("Per-tag rules: a tag can be switched off or need a higher score, in every language or in one "
                           "(cpp, c, python, java, go, ...). A rule naming the language wins."));
    cqsForm->addRow(m_rules);
    auto *ruleButtons = new QHBoxLayout;
    auto *addRule = new QPushButton(tr("Add Rule"), m_cqs);
    auto *removeRule = new QPushButton(tr("Remove Rule"), m_cqs);
    ruleButtons->addWidget(addRule);
    ruleButtons->addWidget(removeRule);
    ruleButtons->addStretch(1);
    cqsForm->addRow(ruleButtons);
    connect(addRule, &QPushButton::clicked, this, [this] {
        QList<CqsTagRule> list = rules();
        list.append({QStringLiteral("Typo"), {}, true, {}});
        setRules(list);
    });
    connect(removeRule, &QPushButton::clicked, this, [this] {
        if (m_rules->currentRow() >= 0)
            m_rules->removeRow(m_rules->currentRow());
    });
    form->addRow(m_cqs);

    // CodeAgent: the tasks and the QA-Checker loop (codeagent.txt §2.4).
    m_codeAgent = new QGroupBox(tr("CodeAgent"), this);
    m_codeAgent->setObjectName(QStringLiteral("codeAgentOptions"));
    auto *agentForm = new QFormLayout(m_codeAgent);
    auto *taskRow = new QHBoxLayout;
    const std::pair<QString, QString> taskNames[] = {{QStringLiteral("consistency"), tr("Commit message consistency")},
                                                     {QStringLiteral("vulnerability"), tr("Vulnerability")},
                                                     {QStringLiteral("format"), tr("Format")},
                                                     {QStringLiteral("revision"), tr("Code revision")}};
    for (const auto &[name, title] : taskNames) {
        auto *box = new QCheckBox(title, m_codeAgent);
        box->setProperty("task", name);
        taskRow->addWidget(box);
        m_tasks.append(box);
    }
    agentForm->addRow(tr("Tasks:"), taskRow);
    m_qaChecker = new QCheckBox(tr("The QA-Checker supervises the Code Review and Code Alignment conversations"), m_codeAgent);
    agentForm->addRow(QString(), m_qaChecker);
    m_tau = new QDoubleSpinBox(m_codeAgent);
    m_tau->setObjectName(QStringLiteral("tau"));
    m_tau->setRange(0, 10);
    m_tau->setSingleStep(0.5);
    m_tau->setDecimals(1);
    m_tau->setToolTip(tr("An answer the QA-Checker scores below τ (0 to 10) is asked again with its additional instruction."));
    agentForm->addRow(tr("Threshold &τ:"), m_tau);
    m_maxTurns = new QSpinBox(m_codeAgent);
    m_maxTurns->setObjectName(QStringLiteral("maxTurns"));
    m_maxTurns->setRange(1, 50);
    m_maxTurns->setToolTip(tr("Turns of each conversation (an instruction and its answer); the paper's limit is 10."));
    agentForm->addRow(tr("Max. &turns:"), m_maxTurns);
    m_codeAgentEmbeddingModel = new QLineEdit(m_codeAgent);
    m_codeAgentEmbeddingModel->setObjectName(QStringLiteral("codeAgentEmbeddingModel"));
    m_codeAgentEmbeddingModel->setPlaceholderText(QStringLiteral("nomic-embed-text"));
    m_codeAgentEmbeddingModel->setToolTip(tr("The embeddings model, asked at the endpoint above: the QA-Checker's relevance is the cosine similarity of the question's and the answer's embeddings."));
    agentForm->addRow(tr("QA-Checker &embeddings:"), m_codeAgentEmbeddingModel);
    connect(m_qaChecker, &QCheckBox::toggled, this, [this](bool on) {
        m_tau->setEnabled(on && m_qaChecker->isEnabled());
        m_codeAgentEmbeddingModel->setEnabled(on && m_qaChecker->isEnabled());
    });
    form->addRow(m_codeAgent);

    // AACR-Bench: where each hunk's context comes from (aacr-bench.txt §4.1).
    m_aacr = new QGroupBox(tr("AACR-Bench hunk review"), this);
    m_aacr->setObjectName(QStringLiteral("aacrOptions"));
    auto *aacrForm = new QFormLayout(m_aacr);
    m_aacrContext = new QComboBox(m_aacr);
    m_aacrContext->setObjectName(QStringLiteral("aacrContext"));
    m_aacrContext->addItem(tr("None: the PR title, description and hunk only"), QStringLiteral("none"));
    m_aacrContext->addItem(tr("BM25: top chunks of the head revision (SQLite FTS5)"), QStringLiteral("bm25"));
    m_aacrContext->addItem(tr("Embedding: nearest chunks by /v1/embeddings vectors"), QStringLiteral("embedding"));
    m_aacrContext->addItem(tr("Agent: the model reads, searches and lists the repository itself"), QStringLiteral("agent"));
    m_aacrContext->addItem(tr("Agent over the whole pull request: explores, then a sub-agent confirms or drops each finding"), QStringLiteral("agent-pr"));
    aacrForm->addRow(tr("C&ontext:"), m_aacrContext);
    m_aacrTopK = new QSpinBox(m_aacr);
    m_aacrTopK->setObjectName(QStringLiteral("aacrTopK"));
    m_aacrTopK->setRange(1, 50);
    aacrForm->addRow(tr("Chunks per &hunk:"), m_aacrTopK);
    m_aacrTurns = new QSpinBox(m_aacr);
    m_aacrTurns->setObjectName(QStringLiteral("aacrTurns"));
    m_aacrTurns->setRange(1, 100);
    m_aacrTurns->setToolTip(tr("Requests per hunk in which the agent may call tools; then it must answer."));
    aacrForm->addRow(tr("Agent t&urns:"), m_aacrTurns);
    m_embeddingModel = new QLineEdit(m_aacr);
    m_embeddingModel->setObjectName(QStringLiteral("embeddingModel"));
    m_embeddingModel->setPlaceholderText(QStringLiteral("nomic-embed-text"));
    m_embeddingModel->setToolTip(tr("The embeddings model, asked at the endpoint above."));
    aacrForm->addRow(tr("Embedding mo&del:"), m_embeddingModel);
    connect(m_aacrContext, &QComboBox::currentIndexChanged, this, &RunDialog::showAacrContext);
    form->addRow(m_aacr);
    connect(m_pipeline, &QComboBox::currentIndexChanged, this, [this] { showPipeline(currentPipeline()); });
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
    const bool replay = isReplayPreset(preset);
    m_demoContext = aacrContextOf(preset);
    RunConfig c; // the paper's defaults
    EndpointProfile profile;
    profile.endpoint = m_endpoint->text();
    profile.model = m_model->text();
    profile.apiKeyEnv = m_keyVariable->text();
    c.tokenBudget = m_tokenBudget->value();
    if (replay && preset != Preset::DemoReplay) {
        const PipelineKind kind = preset == Preset::DemoCqs ? PipelineKind::Cqs : preset == Preset::DemoCodeAgent ? PipelineKind::CodeAgent : PipelineKind::Aacr;
        QFile file(demoConfigFile(kind, m_demoContext));
        if (file.open(QIODevice::ReadOnly))
            if (auto recorded = RunConfig::fromJson(file.readAll()))
                c = *recorded;
    } else if (!m_demoContext.isEmpty()) {
        c.pipeline = PipelineKind::Aacr;
        c.context = m_demoContext;
        c.concurrency = 4;
        c.roles[QStringLiteral("reviewer")] = profile;
        if (m_demoContext == QLatin1String("embedding")) {
            EndpointProfile embedding = profile;
            embedding.model = m_embeddingModel->text().isEmpty() ? QStringLiteral("nomic-embed-text") : m_embeddingModel->text();
            c.roles[QStringLiteral("embedding")] = embedding;
        }
    } else if (preset == Preset::Cqs) {
        c.pipeline = PipelineKind::Cqs;
        c.roles[QStringLiteral("collector")] = profile;
        c.roles[QStringLiteral("judge")] = profile;
        // Examples of the paper's per-tag, per-language filters; edit freely.
        c.cqs.rules = {{QStringLiteral("Documentation"), {}, true, 7}, {QStringLiteral("DivisionByZero"), QStringLiteral("python"), true, 8}};
    } else if (preset == Preset::CodeAgent) {
        c.pipeline = PipelineKind::CodeAgent;
        c.roles[QStringLiteral("agent")] = profile;
        c.roles[QStringLiteral("qa_checker")] = profile;
        EndpointProfile embedding = profile;
        embedding.model = m_codeAgentEmbeddingModel->text().isEmpty() ? QStringLiteral("nomic-embed-text") : m_codeAgentEmbeddingModel->text();
        c.roles[QStringLiteral("embedding")] = embedding;
    } else {
        c.reviewer = profile;
        c.metaReviewer = c.reviewer;
        c.validator = c.reviewer;
        if (preset == Preset::Quick) {
            c.reviewers = 1;
            c.metaReviewer.reset();
            c.validator.reset();
        }
    }
    setConfig(c);
    QList<QWidget *> editable{m_endpoint, m_model, m_keyVariable, m_temperature, m_slicing, m_tokenBudget, m_reviewers, m_topK, m_meta,
                              m_validator, m_cot, m_language, m_pipeline, m_cqsThreshold, m_rules, m_tau, m_maxTurns, m_qaChecker,
                              m_codeAgentEmbeddingModel, m_aacrContext, m_aacrTopK, m_aacrTurns, m_embeddingModel};
    for (QCheckBox *box : m_tasks)
        editable.append(box);
    for (QWidget *w : editable)
        w->setEnabled(!replay);
    for (QPushButton *button : m_cqs->findChildren<QPushButton *>())
        button->setEnabled(!replay);
    m_rules->setEditTriggers(replay ? QAbstractItemView::NoEditTriggers : QAbstractItemView::AllEditTriggers);
    if (replay)
        m_connection->setText(tr("The demo's recorded answers are replayed; no model is called."));
    else
        m_connection->clear(); // what a replay preset said does not hold for the endpoint
    showAacrContext();
}

void RunDialog::showAacrContext()
{
    const QString context = m_aacrContext->currentData().toString();
    m_aacrTopK->setEnabled(m_aacrContext->isEnabled() && (context == QLatin1String("bm25") || context == QLatin1String("embedding")));
    m_aacrTurns->setEnabled(m_aacrContext->isEnabled() && context == QLatin1String("agent"));
    m_embeddingModel->setEnabled(m_aacrContext->isEnabled() && context == QLatin1String("embedding"));
}

QString RunDialog::demoReplayFile(PipelineKind pipeline, const QString &context)
{
    switch (pipeline) {
    case PipelineKind::Aacr: return QStringLiteral(":/replays/demo-aacr-%1.json").arg(context.isEmpty() ? QStringLiteral("none") : context);
    case PipelineKind::Cqs: return QStringLiteral(":/replays/demo-cqs.json");
    case PipelineKind::CodeAgent: return QStringLiteral(":/replays/demo-codeagent.json");
    default: return QStringLiteral(":/replays/demo-review.json");
    }
}

QString RunDialog::demoConfigFile(PipelineKind pipeline, const QString &context)
{
    switch (pipeline) {
    case PipelineKind::Aacr: return QStringLiteral(":/replays/demo-aacr-%1-config.json").arg(context.isEmpty() ? QStringLiteral("none") : context);
    case PipelineKind::Cqs: return QStringLiteral(":/replays/demo-cqs-config.json");
    case PipelineKind::CodeAgent: return QStringLiteral(":/replays/demo-codeagent-config.json");
    default: return QStringLiteral(":/replays/demo-review-config.json");
    }
}

PipelineKind RunDialog::currentPipeline() const
{
    return static_cast<PipelineKind>(m_pipeline->currentData().toInt());
}

void RunDialog::showPipeline(PipelineKind pipeline)
{
    const bool defect = pipeline == PipelineKind::Defect;
    for (QWidget *w : std::initializer_list<QWidget *>{m_slicing, m_estimate, m_tokenBudget, m_reviewers, m_topK, m_meta, m_validator, m_cot, m_language})
        m_form->setRowVisible(w, defect);
    m_form->setRowVisible(m_cqs, pipeline == PipelineKind::Cqs);
    m_form->setRowVisible(m_codeAgent, pipeline == PipelineKind::CodeAgent);
    m_form->setRowVisible(m_aacr, pipeline == PipelineKind::Aacr);
    adjustSize();
}

void RunDialog::setRules(const QList<CqsTagRule> &list)
{
    m_rules->setRowCount(0);
    for (const CqsTagRule &rule : list) {
        const int row = m_rules->rowCount();
        m_rules->insertRow(row);
        m_rules->setItem(row, 0, new QTableWidgetItem(rule.tag));
        m_rules->setItem(row, 1, new QTableWidgetItem(rule.language));
        auto *on = new QTableWidgetItem;
        on->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        on->setCheckState(rule.enabled ? Qt::Checked : Qt::Unchecked);
        m_rules->setItem(row, 2, on);
        m_rules->setItem(row, 3, new QTableWidgetItem(rule.minScore ? QString::number(*rule.minScore) : QString()));
    }
}

QList<CqsTagRule> RunDialog::rules() const
{
    QList<CqsTagRule> list;
    for (int row = 0; row < m_rules->rowCount(); ++row) {
        auto text = [&](int column) { return m_rules->item(row, column) ? m_rules->item(row, column)->text().trimmed() : QString(); };
        CqsTagRule rule;
        rule.tag = text(0);
        if (rule.tag.isEmpty())
            continue;
        rule.language = text(1).toLower();
        rule.enabled = !m_rules->item(row, 2) || m_rules->item(row, 2)->checkState() == Qt::Checked;
        bool ok = false;
        const int score = text(3).toInt(&ok);
        if (ok)
            rule.minScore = std::clamp(score, 0, 10);
        list.append(rule);
    }
    return list;
}

void RunDialog::setConfig(const RunConfig &c)
{
    m_pipeline->setCurrentIndex(std::max(0, m_pipeline->findData(static_cast<int>(c.pipeline))));
    showPipeline(c.pipeline);
    const auto profiles = c.profiles();
    m_temperature->setValue(profiles.isEmpty() ? 0.0 : profiles.first().second->temperature);
    m_cqsThreshold->setValue(c.cqs.threshold);
    setRules(c.cqs.rules);
    for (QCheckBox *box : m_tasks)
        box->setChecked(c.codeAgent.tasks.contains(box->property("task").toString()));
    m_tau->setValue(c.codeAgent.threshold);
    m_maxTurns->setValue(c.codeAgent.maxTurns);
    m_qaChecker->setChecked(c.pipeline != PipelineKind::CodeAgent || c.role(QStringLiteral("qa_checker")));
    if (c.pipeline == PipelineKind::CodeAgent && c.role(QStringLiteral("embedding")))
        m_codeAgentEmbeddingModel->setText(c.role(QStringLiteral("embedding"))->model);
    const auto read = c.pipeline == PipelineKind::Aacr ? AacrRunConfig::fromRunConfig(c) : Result<AacrRunConfig>(AacrRunConfig());
    const AacrRunConfig aacr = read ? *read : AacrRunConfig();
    // The context as given, even while the endpoint is still to be filled in.
    m_aacrContext->setCurrentIndex(std::max(0, m_aacrContext->findData(c.pipeline == PipelineKind::Aacr ? c.context : QStringLiteral("none"))));
    m_aacrTopK->setValue(aacr.options.topK);
    m_aacrTurns->setValue(aacr.options.maxTurns);
    if (aacr.embedding)
        m_embeddingModel->setText(aacr.embedding->model);
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
    return isReplayPreset(static_cast<Preset>(m_preset->currentData().toInt())) && !m_fromFile;
}

RunConfig RunDialog::config() const
{
    if (m_fromFile)
        return *m_fromFile;
    RunConfig c;
    if (isReplay()) {
        QFile file(demoConfigFile(currentPipeline(), m_demoContext));
        if (file.open(QIODevice::ReadOnly))
            if (auto replay = RunConfig::fromJson(file.readAll()))
                return *replay;
    }
    EndpointProfile profile;
    profile.endpoint = m_endpoint->text().trimmed();
    profile.model = m_model->text().trimmed();
    profile.apiKeyEnv = m_keyVariable->text().trimmed();
    profile.temperature = m_temperature->value();
    c.tokenBudget = m_tokenBudget->value();
    if (currentPipeline() == PipelineKind::Cqs) {
        c.pipeline = PipelineKind::Cqs;
        c.roles[QStringLiteral("collector")] = profile;
        c.roles[QStringLiteral("judge")] = profile;
        c.cqs.threshold = m_cqsThreshold->value();
        c.cqs.rules = rules();
        return c;
    }
    if (currentPipeline() == PipelineKind::Aacr) {
        c.pipeline = PipelineKind::Aacr;
        c.context = m_aacrContext->currentData().toString();
        c.concurrency = 4;
        c.roles[QStringLiteral("reviewer")] = profile;
        if (c.context == QLatin1String("embedding")) {
            EndpointProfile embedding = profile;
            embedding.model = m_embeddingModel->text().trimmed().isEmpty() ? QStringLiteral("nomic-embed-text") : m_embeddingModel->text().trimmed();
            embedding.temperature = 0;
            c.roles[QStringLiteral("embedding")] = embedding;
        }
        c.aacr.topK = m_aacrTopK->value();
        c.aacr.maxTurns = m_aacrTurns->value();
        return c;
    }
    if (currentPipeline() == PipelineKind::CodeAgent) {
        c.pipeline = PipelineKind::CodeAgent;
        c.roles[QStringLiteral("agent")] = profile;
        if (m_qaChecker->isChecked()) {
            c.roles[QStringLiteral("qa_checker")] = profile;
            EndpointProfile embedding = profile;
            const QString model = m_codeAgentEmbeddingModel->text().trimmed();
            embedding.model = model.isEmpty() ? QStringLiteral("nomic-embed-text") : model;
            embedding.temperature = 0;
            c.roles[QStringLiteral("embedding")] = embedding;
        }
        c.codeAgent.tasks.clear();
        for (QCheckBox *box : m_tasks)
            if (box->isChecked())
                c.codeAgent.tasks << box->property("task").toString();
        if (c.codeAgent.tasks.isEmpty())
            c.codeAgent.tasks = CodeAgentOptions().tasks;
        c.codeAgent.threshold = m_tau->value();
        c.codeAgent.maxTurns = m_maxTurns->value();
        return c;
    }
    c.reviewer = profile;
    if (m_meta->isChecked())
        c.metaReviewer = profile;
    if (m_validator->isChecked())
        c.validator = profile;
    c.language = m_language->text().trimmed();
    if (!c.language.isEmpty())
        c.translator = profile;
    c.slicing = algorithmFromName(m_slicing->currentData().toString()).value_or(SliceAlgorithm::LeftFlow);
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
    m_estimate->setText(tr("%n slice(s) of %1 to review, about %2 tokens of code", nullptr, e.slices)
                            .arg(SlicePanel::titleOf(*algorithm), QLocale().toString(e.tokens)));
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
