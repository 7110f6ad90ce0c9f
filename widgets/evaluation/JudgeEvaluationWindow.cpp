#include "JudgeEvaluationWindow.h"

#include <JudgeEvaluationJob.h>
#include <ResponseStore.h>
#include <WorkspaceStore.h>

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rd {

namespace {

QString percent(const QJsonValue &v)
{
    return v.isDouble() ? QStringLiteral("%1 %").arg(v.toDouble() * 100.0, 0, 'f', 1) : QStringLiteral("—");
}

QTableWidget *table(const QStringList &headers)
{
    auto *t = new QTableWidget(0, static_cast<int>(headers.size()));
    t->setHorizontalHeaderLabels(headers);
    t->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    t->verticalHeader()->hide();
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    return t;
}

void addRow(QTableWidget *t, const QStringList &cells)
{
    const int row = t->rowCount();
    t->insertRow(row);
    for (int c = 0; c < cells.size(); ++c) {
        auto *item = new QTableWidgetItem(cells[c]);
        if (c > 0)
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        t->setItem(row, c, item);
    }
}

} // namespace

JudgeEvaluationWindow::JudgeEvaluationWindow(WorkspaceStore &store, QWidget *parent)
    : QWidget(parent, Qt::Window), m_store(store), m_job(std::make_unique<JudgeEvaluationJob>())
{
    setWindowTitle(tr("Evaluate Judge"));
    setObjectName(QStringLiteral("judgeEvaluationWindow"));
    resize(1000, 720);

    m_config = new QLineEdit(QSettings().value(QStringLiteral("judgeEval/config")).toString());
    m_config->setObjectName(QStringLiteral("judgeConfig"));
    m_config->setPlaceholderText(tr("Run configuration naming the judge (roles.judge, else the validator or reviewer)"));
    auto *browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Judge configuration"), m_config->text(), tr("Run configuration (*.json)"));
        if (!path.isEmpty())
            m_config->setText(path);
    });
    auto *configRow = new QHBoxLayout;
    configRow->addWidget(m_config, 1);
    configRow->addWidget(browse);
    m_kind = new QComboBox;
    m_kind->setObjectName(QStringLiteral("judgeKind"));
    m_kind->addItem(tr("CQS issue judge: valid or not, score 0–10 (App. A)"), judgeKindName(JudgeKind::CqsIssue));
    m_kind->addItem(tr("AACR-Bench semantic judge: says what a reference issue says (Fig. 9)"), judgeKindName(JudgeKind::AacrSemantic));
    m_labels = new QComboBox;
    m_labels->setObjectName(QStringLiteral("judgeLabels"));
    m_balanced = new QSpinBox;
    m_balanced->setRange(0, 100000);
    m_balanced->setSpecialValueText(tr("every labelled comment"));
    m_balanced->setSuffix(tr(" per class"));
    m_repeats = new QSpinBox;
    m_repeats->setRange(1, 20);
    m_seed = new QSpinBox;
    m_seed->setRange(0, 1000000000);
    m_minScore = new QSpinBox;
    m_minScore->setRange(0, 10);
    m_minScore->setValue(1);
    auto *form = new QFormLayout;
    form->addRow(tr("Judge:"), configRow);
    form->addRow(tr("Asked as:"), m_kind);
    form->addRow(tr("Compare with:"), m_labels);
    auto *numbers = new QHBoxLayout;
    for (const auto &[label, box] : {std::pair{tr("Sample:"), m_balanced}, std::pair{tr("Repeats:"), m_repeats}, std::pair{tr("Seed:"), m_seed},
                                     std::pair{tr("Valid from score:"), m_minScore}}) {
        numbers->addWidget(new QLabel(label));
        numbers->addWidget(box);
    }
    numbers->addStretch();
    form->addRow(numbers);

    m_evaluate = new QPushButton(tr("Evaluate"));
    m_evaluate->setObjectName(QStringLiteral("evaluateJudge"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setVisible(false);
    m_stored = new QComboBox;
    m_stored->setObjectName(QStringLiteral("storedJudgeEvaluations"));
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_evaluate);
    buttons->addWidget(m_cancel);
    buttons->addWidget(m_progress, 1);
    buttons->addWidget(new QLabel(tr("Earlier:")));
    buttons->addWidget(m_stored);
    connect(m_evaluate, &QPushButton::clicked, this, &JudgeEvaluationWindow::evaluate);
    connect(m_cancel, &QPushButton::clicked, this, [this] { m_job->cancel(); });
    connect(m_stored, &QComboBox::activated, this, [this](int index) {
        if (const qint64 id = m_stored->itemData(index).toLongLong(); id > 0)
            showStored(id);
    });

    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("judgeSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_disagreements = new QTreeWidget;
    m_disagreements->setObjectName(QStringLiteral("judgeDisagreements"));
    m_disagreements->setHeaderLabels({tr("Comment"), tr("Where"), tr("Category"), tr("Judge (score)"), tr("Judge's reason")});
    m_disagreements->header()->setSectionResizeMode(4, QHeaderView::Stretch);
    m_disagreements->setToolTip(tr("Double-click a comment to open it in the diff."));
    connect(m_disagreements, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const qint64 comment = item->data(0, Qt::UserRole).toLongLong();
        const qint64 mr = item->data(0, Qt::UserRole + 1).toLongLong();
        if (comment > 0)
            Q_EMIT commentChosen(mr, comment);
    });
    m_categories = table({tr("Category or tag"), tr("Answers"), tr("Correct"), tr("Accuracy")});
    m_calibration = table({tr("Judge score"), tr("Answers"), tr("Accepted by people"), tr("Share accepted")});
    auto *tabs = new QTabWidget;
    tabs->addTab(m_disagreements, tr("Disagreements"));
    tabs->addTab(m_categories, tr("Per category and tag"));
    tabs->addTab(m_calibration, tr("Calibration"));

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_summary);
    layout->addWidget(tabs, 1);

    connect(m_job.get(), &JudgeEvaluationJob::sampled, this, [this](int items) {
        m_progress->setRange(0, items);
        m_progress->setValue(0);
        m_summary->setText(tr("Asking the judge about %n comment(s)…", nullptr, items));
    });
    connect(m_job.get(), &JudgeEvaluationJob::progressed, this, [this](int answered, int asked) {
        m_progress->setMaximum(asked);
        m_progress->setValue(answered);
    });
    connect(m_job.get(), &JudgeEvaluationJob::finished, this, &JudgeEvaluationWindow::finishEvaluation);
    fillAnnotators();
    reloadStored();
}

JudgeEvaluationWindow::~JudgeEvaluationWindow()
{
    m_job->cancel();
}

void JudgeEvaluationWindow::abandon()
{
    disconnect(m_job.get(), nullptr, this, nullptr);
    m_job->cancel();
    close();
}

void JudgeEvaluationWindow::fillAnnotators()
{
    m_labels->clear();
    m_labels->addItem(tr("The team's final labels"), QString());
    // The store's list (sorted by name), not every judgement of the workspace.
    const auto annotators = m_store.annotators();
    if (!annotators)
        return;
    for (const Annotator &a : *annotators)
        m_labels->addItem(tr("%1's labels").arg(a.name), a.name);
}

void JudgeEvaluationWindow::reloadStored()
{
    m_stored->clear();
    m_stored->addItem(tr("(choose)"), 0);
    const auto all = m_store.judgeEvaluations();
    if (!all)
        return;
    for (const StoredJudgeEvaluation &e : *all)
        m_stored->addItem(tr("#%1 %2, %3, %4 items, %5").arg(e.id).arg(e.judgeModel, e.labels).arg(e.items).arg(percent(e.accuracy ? QJsonValue(*e.accuracy) : QJsonValue())),
                          e.id);
}

void JudgeEvaluationWindow::setConfigPath(const QString &path)
{
    m_config->setText(path);
}

void JudgeEvaluationWindow::setRepeats(int repeats)
{
    m_repeats->setValue(repeats);
}

void JudgeEvaluationWindow::setLabels(const QString &annotator)
{
    const int index = m_labels->findData(annotator);
    if (index >= 0)
        m_labels->setCurrentIndex(index);
}

void JudgeEvaluationWindow::evaluate()
{
    if (m_job->isRunning())
        return;
    JudgeEvaluationRequest request;
    request.configPath = m_config->text().trimmed();
    if (request.configPath.isEmpty()) {
        fail(tr("Choose the judge's run configuration first."));
        return;
    }
    request.kind = judgeKindFromName(m_kind->currentData().toString()).value_or(JudgeKind::CqsIssue);
    request.labels.annotator = m_labels->currentData().toString();
    request.balanced = m_balanced->value();
    request.repeats = m_repeats->value();
    request.seed = static_cast<quint32>(m_seed->value());
    request.minScore = m_minScore->value();
    request.cache = ResponseStore::userCacheFolder();
    // The labelled comments are read by the job, on its worker: a large
    // workspace does not hold the window.
    request.workspace = m_store.location();
    if (auto ready = m_job->prepare(request); !ready) {
        fail(ready.error().message);
        return;
    }
    QSettings().setValue(QStringLiteral("judgeEval/config"), request.configPath);
    m_evaluate->setEnabled(false);
    m_cancel->setEnabled(true);
    m_progress->setRange(0, 0); // busy until the items are chosen
    m_progress->setVisible(true);
    m_summary->clear();
    m_job->start();
}

void JudgeEvaluationWindow::finishEvaluation()
{
    m_evaluate->setEnabled(true);
    m_cancel->setEnabled(false);
    m_progress->setVisible(false);
    const JudgeEvaluationOutcome &out = m_job->outcome();
    if (out.cancelled) {
        m_summary->setText(tr("Cancelled: nothing was kept."));
        return;
    }
    if (out.error) {
        fail(out.error->message);
        return;
    }
    if (out.failedRequests > 0) {
        fail(tr("%1 of %2 requests to the judge got no answer, so no figures are shown. The first: %3")
                 .arg(out.failedRequests)
                 .arg(out.exchanges.size())
                 .arg(out.errors.value(0)));
        return;
    }
    const StoredJudgeEvaluation stored = out.stored();
    const auto id = m_store.addJudgeEvaluation(stored);
    if (!id)
        fail(tr("The evaluation could not be kept in the workspace: %1").arg(id.error().message));
    showReport(QJsonDocument::fromJson(stored.report).object());
    reloadStored();
    if (id)
        m_stored->setCurrentIndex(m_stored->findData(*id));
    Q_EMIT evaluated(id ? *id : 0);
}

void JudgeEvaluationWindow::showStored(qint64 id)
{
    const auto e = m_store.judgeEvaluation(id);
    if (!e) {
        fail(e.error().message);
        return;
    }
    const QJsonDocument doc = QJsonDocument::fromJson(e->report);
    if (!doc.isObject()) {
        fail(tr("Judge evaluation %1 in this workspace has no readable report.").arg(id));
        return;
    }
    showReport(doc.object());
}

void JudgeEvaluationWindow::showReport(const QJsonObject &report)
{
    m_report = report;
    const QJsonObject settings = report.value(QStringLiteral("settings")).toObject();
    const QJsonObject sample = report.value(QStringLiteral("sample")).toObject();
    const QJsonValue kappa = report.value(QStringLiteral("kappa"));
    const QJsonObject disagreements = report.value(QStringLiteral("disagreements")).toObject();
    m_summary->setText(
        tr("<b>%1</b> on %2 comments (%3 accepted, %4 rejected by people, labels: %5), asked %6×: "
           "accuracy <b>%7</b> (spread %8), balanced accuracy <b>%9</b>, Cohen's kappa <b>%10</b>, flip rate <b>%11</b>, unreadable answers %12.")
            .arg(settings.value(QStringLiteral("judge_model")).toString().toHtmlEscaped())
            .arg(report.value(QStringLiteral("items")).toArray().size())
            .arg(sample.value(QStringLiteral("accepted")).toInt())
            .arg(sample.value(QStringLiteral("rejected")).toInt())
            .arg(settings.value(QStringLiteral("labels")).toString().toHtmlEscaped())
            .arg(settings.value(QStringLiteral("repeats")).toInt())
            .arg(percent(report.value(QStringLiteral("accuracy"))), percent(report.value(QStringLiteral("accuracy_spread"))),
                 percent(report.value(QStringLiteral("balanced_accuracy"))),
                 kappa.isDouble() ? QString::number(kappa.toDouble(), 'f', 3) : tr("undefined (%1)").arg(report.value(QStringLiteral("kappa_undefined")).toString()),
                 percent(report.value(QStringLiteral("flip_rate"))))
            .arg(report.value(QStringLiteral("unanswered")).toInt()));

    QHash<qint64, QJsonObject> items;
    for (const QJsonValue &v : report.value(QStringLiteral("items")).toArray())
        items.insert(v.toObject().value(QStringLiteral("comment")).toInteger(), v.toObject());
    m_disagreements->clear();
    for (const auto &[key, title] : {std::pair{QStringLiteral("judge_valid_people_rejected"), tr("Judge: valid — people rejected")},
                                     std::pair{QStringLiteral("judge_invalid_people_accepted"), tr("Judge: invalid — people accepted")}}) {
        const QJsonArray ids = disagreements.value(key).toArray();
        auto *group = new QTreeWidgetItem(m_disagreements, {tr("%1 (%2)").arg(title).arg(ids.size())});
        group->setFirstColumnSpanned(true);
        for (const QJsonValue &id : ids) {
            const QJsonObject item = items.value(id.toInteger());
            QStringList answers;
            QString reason;
            for (const QJsonValue &a : item.value(QStringLiteral("answers")).toArray()) {
                const QJsonObject answer = a.toObject();
                const QJsonValue valid = answer.value(QStringLiteral("valid"));
                answers << (valid.isBool() ? (valid.toBool() ? tr("valid") : tr("invalid")) : tr("unreadable"))
                               + (answer.value(QStringLiteral("score")).isDouble() ? QStringLiteral(" (%1)").arg(answer.value(QStringLiteral("score")).toInt()) : QString());
                if (reason.isEmpty())
                    reason = answer.value(QStringLiteral("reason")).toString();
            }
            const auto comment = m_store.comment(id.toInteger());
            auto *row = new QTreeWidgetItem(group, {QStringLiteral("#%1 %2").arg(id.toInteger()).arg(comment ? comment->comment.issue.left(90) : QString()),
                                                    QStringLiteral("%1:%2").arg(item.value(QStringLiteral("file")).toString()).arg(item.value(QStringLiteral("line")).toInt()),
                                                    item.value(QStringLiteral("category")).toString(), answers.join(QStringLiteral(", ")), reason});
            row->setData(0, Qt::UserRole, id.toInteger());
            row->setData(0, Qt::UserRole + 1, item.value(QStringLiteral("merge_request")).toInteger());
            row->setToolTip(0, comment ? comment->comment.issue : QString());
            row->setToolTip(4, reason);
        }
    }
    m_disagreements->expandAll();
    for (int column = 0; column < 4; ++column)
        m_disagreements->resizeColumnToContents(column);
    m_disagreements->setColumnWidth(0, std::min(m_disagreements->columnWidth(0), 380));

    m_categories->setRowCount(0);
    for (const auto &[key, kind] : {std::pair{QStringLiteral("per_category"), tr("category")}, std::pair{QStringLiteral("per_tag"), tr("tag")}}) {
        const QJsonObject rows = report.value(key).toObject();
        for (auto it = rows.begin(); it != rows.end(); ++it) {
            const QJsonObject a = it.value().toObject();
            addRow(m_categories, {QStringLiteral("%1 (%2)").arg(it.key(), kind), QString::number(a.value(QStringLiteral("items")).toInt()),
                                  QString::number(a.value(QStringLiteral("correct")).toInt()), percent(a.value(QStringLiteral("accuracy")))});
        }
    }
    m_calibration->setRowCount(0);
    for (const QJsonValue &v : report.value(QStringLiteral("calibration")).toArray()) {
        const QJsonObject b = v.toObject();
        addRow(m_calibration, {QString::number(b.value(QStringLiteral("score")).toInt()), QString::number(b.value(QStringLiteral("answers")).toInt()),
                               QString::number(b.value(QStringLiteral("accepted")).toInt()), percent(b.value(QStringLiteral("share_accepted")))});
    }
}

void JudgeEvaluationWindow::fail(const QString &message)
{
    m_summary->setText(message.toHtmlEscaped());
    Q_EMIT failed(message);
    if (isVisible())
        QMessageBox::warning(this, tr("Evaluate Judge"), message);
}

} // namespace rd
