#include "PipelinePanel.h"

#include "DiffView.h"

#include <QCheckBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rd {

PipelinePanel::PipelinePanel(QWidget *parent) : QWidget(parent)
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    auto *bar = new QHBoxLayout;
    m_mode = new QLabel(this);
    bar->addWidget(m_mode);
    m_progress = new QProgressBar(this);
    m_progress->setMaximumWidth(240);
    bar->addWidget(m_progress);
    m_status = new QLabel(tr("No review has run for this merge request."), this);
    bar->addWidget(m_status, 1);
    m_filtered = new QCheckBox(tr("Show filtered comments"), this);
    bar->addWidget(m_filtered);
    m_cancel = new QPushButton(tr("Cancel Run"), this);
    m_cancel->setEnabled(false);
    bar->addWidget(m_cancel);
    layout->addLayout(bar);
    // What went wrong in the run (failed requests, unreadable answers, the
    // fallbacks taken), so a result is never read without it.
    m_errors = new QLabel(this);
    m_errors->setWordWrap(true);
    m_errors->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errors->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_errors->hide();
    layout->addWidget(m_errors);

    auto *split = new QSplitter(this);
    m_comments = new QTreeWidget(split);
    m_comments->setHeaderLabels({tr("Location"), tr("Severity"), tr("Status"), tr("Issue")});
    m_comments->setRootIsDecorated(false);
    for (int column : {0, 1, 2})
        m_comments->header()->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    m_comments->header()->setSectionResizeMode(3, QHeaderView::Stretch);
    auto *log = new QSplitter(Qt::Vertical, split);
    m_exchanges = new QListWidget(log);
    m_exchange = new QPlainTextEdit(log);
    m_exchange->setReadOnly(true);
    m_exchange->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    connect(m_cancel, &QPushButton::clicked, this, &PipelinePanel::cancelRequested);
    connect(m_filtered, &QCheckBox::toggled, this, [this] {
        refill();
        Q_EMIT commentsChanged();
    });
    connect(m_comments, &QTreeWidget::itemDoubleClicked, this, [this](QTreeWidgetItem *item) {
        const int row = m_comments->indexOfTopLevelItem(item);
        if (row >= 0 && row < m_listed.size())
            Q_EMIT openLocation(m_listed[row]->file.toUtf8(), m_listed[row]->lineStart);
    });
    connect(m_exchanges, &QListWidget::currentRowChanged, this, [this](int row) { m_exchange->setPlainText(exchangeText(row)); });
}

void PipelinePanel::started(const RunConfig &config, bool replay, int slices)
{
    m_record.reset();
    refill();
    m_errors->clear();
    m_errors->hide();
    m_exchanges->clear();
    m_exchange->clear();
    const auto profiles = config.profiles();
    const QString model = profiles.isEmpty() ? QString() : profiles.first().second->model;
    m_mode->setText(replay ? tr("<b>Replay</b> of recorded answers — no model is called") : tr("<b>Live</b> run: %1").arg(model.toHtmlEscaped()));
    if (config.pipeline != PipelineKind::Defect)
        m_mode->setText(m_mode->text() + QStringLiteral(" · ") + pipelineName(config.pipeline));
    m_progress->setRange(0, std::max(1, slices));
    m_progress->setValue(0);
    m_status->setText(config.pipeline == PipelineKind::Defect ? tr("Reviewing %n slice(s)…", nullptr, slices) : tr("Reviewing…"));
    m_cancel->setEnabled(true);
    Q_EMIT commentsChanged();
}

void PipelinePanel::progressed(const RunProgress &p)
{
    m_progress->setMaximum(std::max(1, p.slicesTotal));
    m_progress->setValue(p.slicesDone);
    m_status->setText(tr("%1 of %2 steps · %3 requests (%4 failed) · %5 tokens · %6 s")
                          .arg(p.slicesDone)
                          .arg(p.slicesTotal)
                          .arg(p.requests)
                          .arg(p.failedRequests)
                          .arg(p.promptTokens + p.completionTokens)
                          .arg(p.elapsedMs / 1000.0, 0, 'f', 1));
}

void PipelinePanel::finished(std::shared_ptr<const RunRecord> record)
{
    m_record = std::move(record);
    m_cancel->setEnabled(false);
    if (m_record) {
        const int kept = static_cast<int>(std::count_if(m_record->comments.begin(), m_record->comments.end(), [](const ReviewComment &c) { return c.kept; }));
        m_status->setText(tr("%1 · %2 of %3 comments kept · %4 requests (%5 failed) · %6 tokens · %7 s")
                              .arg(m_record->cancelled ? tr("Cancelled") : tr("Done"))
                              .arg(kept)
                              .arg(m_record->comments.size())
                              .arg(m_record->exchanges.size())
                              .arg(m_record->failedRequests())
                              .arg(m_record->promptTokens() + m_record->completionTokens())
                              .arg(m_record->started.msecsTo(m_record->finished) / 1000.0, 0, 'f', 1));
        m_progress->setValue(m_progress->maximum());
        if (!m_record->errors.isEmpty()) {
            constexpr qsizetype shown = 5;
            QStringList lines = m_record->errors.mid(0, shown);
            if (m_record->errors.size() > shown)
                lines << tr("… and %n more", nullptr, static_cast<int>(m_record->errors.size() - shown));
            m_errors->setText(tr("%n error(s) in this run:", nullptr, static_cast<int>(m_record->errors.size())) + QLatin1Char('\n')
                              + lines.join(QLatin1Char('\n')));
            m_errors->setToolTip(m_record->errors.join(QLatin1Char('\n')));
            m_errors->show();
        }
        for (int i = 0; i < m_record->exchanges.size(); ++i) {
            const Exchange &e = m_record->exchanges[i];
            new QListWidgetItem((e.ok() ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + e.request.label + checkerSummary(i)
                                    + QStringLiteral(" · %1 ms").arg(e.latencyMs),
                                m_exchanges);
        }
    }
    refill();
    Q_EMIT commentsChanged();
}

bool PipelinePanel::showsFiltered() const
{
    return m_filtered->isChecked();
}

void PipelinePanel::setShowsFiltered(bool show)
{
    m_filtered->setChecked(show);
}

QList<const ReviewComment *> PipelinePanel::listedComments() const
{
    return m_listed;
}

std::optional<SliceOverlay> PipelinePanel::commentOverlay(const QString &path) const
{
    if (!m_record)
        return std::nullopt;
    SliceOverlay comments{tr("Review"), QColor(0xcf222e), {}};
    for (const ReviewComment *c : m_listed) {
        if (c->file != path)
            continue;
        const Side side = c->side == QLatin1String("old") ? Side::Old : Side::New;
        const QString text = c->kept ? tr("[severity %1] %2").arg(c->q3Severity).arg(c->issue)
                                     : tr("[filtered at %1, severity %2] %3").arg(c->droppedAt).arg(c->q3Severity).arg(c->issue);
        for (int l = c->lineStart; l <= c->lineEnd; ++l) {
            QString &reason = comments.reasons[side][l];
            reason = reason.isEmpty() ? text : reason + QStringLiteral("\n") + text;
        }
    }
    if (comments.reasons[Side::Old].isEmpty() && comments.reasons[Side::New].isEmpty())
        return std::nullopt;
    return comments;
}

int PipelinePanel::exchangeCount() const
{
    return m_exchanges->count();
}

QString PipelinePanel::errorsText() const
{
    return m_errors->isVisibleTo(this) ? m_errors->text() : QString();
}

QString PipelinePanel::exchangeText(int row) const
{
    if (!m_record || row < 0 || row >= m_record->exchanges.size())
        return {};
    const Exchange &e = m_record->exchanges[row];
    QString text = tr("%1 — %2 (%3) · attempts: %4 · %5 ms · %6 + %7 tokens%8")
                       .arg(e.request.label, e.request.profile.model, e.request.profile.endpoint)
                       .arg(e.attempts)
                       .arg(e.latencyMs)
                       .arg(e.promptTokens)
                       .arg(e.completionTokens)
                       .arg(e.fromReplay ? tr(", replayed") : e.fromCache ? tr(", from the cache") : QString());
    if (!e.ok())
        text += QLatin1Char('\n') + tr("Error: %1").arg(e.error);
    text += conversationText(row);
    for (const ChatMessage &m : e.request.messages)
        text += QStringLiteral("\n\n===== %1 =====\n%2").arg(m.role, m.content);
    text += QStringLiteral("\n\n===== %1 =====\n%2").arg(tr("answer"), e.response);
    return text;
}

void PipelinePanel::refill()
{
    m_comments->clear();
    m_listed.clear();
    if (!m_record)
        return;
    QList<const ReviewComment *> sorted;
    for (const ReviewComment &c : m_record->comments)
        if (c.kept || m_filtered->isChecked())
            sorted.append(&c);
    std::stable_sort(sorted.begin(), sorted.end(), [](const ReviewComment *a, const ReviewComment *b) {
        if (a->kept != b->kept)
            return a->kept;
        return a->q3Severity > b->q3Severity;
    });
    for (const ReviewComment *c : sorted) {
        // CQS comments carry the judge's 0..10 score and a tag instead of Q3.
        const QString score = c->judgeScore >= 0 ? tr("judge %1").arg(c->judgeScore) : QString::number(c->q3Severity);
        const QString issue = c->tag.isEmpty() ? c->issue : QStringLiteral("[%1] %2").arg(c->tag, c->issue);
        auto *item = new QTreeWidgetItem(m_comments, {QStringLiteral("%1:%2").arg(c->file).arg(c->lineStart), score,
                                                      c->kept ? tr("kept") : tr("dropped: %1").arg(c->droppedAt), issue});
        item->setToolTip(3, c->issue + QStringLiteral("\n\n") + c->rootCause + QStringLiteral("\n\n") + c->fix);
        if (!c->kept)
            for (int col = 0; col < 4; ++col)
                item->setForeground(col, palette().color(QPalette::Disabled, QPalette::Text));
        m_listed.append(c);
    }
}

// The QA-Checker's verdict on a turn, for the exchange list: " · QA-Checker 4.39 < τ 5".
QString PipelinePanel::checkerSummary(int exchange) const
{
    for (const Conversation &c : m_record->conversations)
        for (const ConversationTurn &t : c.turns)
            if ((t.exchange == exchange || t.checkerExchange == exchange) && t.score >= 0)
                return tr(" · QA-Checker %1 %2 τ %3").arg(t.score, 0, 'f', 2).arg(t.score >= c.threshold ? QStringLiteral("≥") : QStringLiteral("<")).arg(c.threshold, 0, 'g', 3);
    return {};
}

// Where an exchange stands in its CodeAgent conversation: the phase, the
// roles, the turn and who speaks in it, the QA-Checker's terms and score,
// and the instruction it appended.
QString PipelinePanel::conversationText(int exchange) const
{
    for (const Conversation &c : m_record->conversations)
        for (int n = 0; n < c.turns.size(); ++n) {
            const ConversationTurn &t = c.turns[n];
            QString speaker;
            if (t.instructorExchange == exchange)
                speaker = tr("the %1's instruction").arg(c.instructor);
            else if (t.exchange == exchange)
                speaker = tr("the %1's answer").arg(c.assistant);
            else if (t.embeddingExchange == exchange)
                speaker = tr("the QA-Checker's embeddings of the question and the answer");
            else if (t.checkerExchange == exchange)
                speaker = tr("the QA-Checker's rating");
            else
                continue;
            QString text = QLatin1Char('\n') + tr("Conversation: %1 (%2), %3 instructs %4 · turn %5 of at most %6 · %7")
                                                   .arg(c.task, c.phase, c.instructor, c.assistant)
                                                   .arg(n + 1)
                                                   .arg(c.maxTurns)
                                                   .arg(speaker);
            if (!c.supervised)
                text += QLatin1Char('\n') + tr("Not supervised by the QA-Checker: it ends when the %1 says the task is done.").arg(c.instructor);
            if (t.terms)
                text += QLatin1Char('\n') + tr("QA-Checker: relevance %1 (embeddings), specificity %2, coherence %3 (connectives %4, coreference %5 rated by the model, "
                                               "answer pattern %6)")
                                                .arg(t.terms->relevance, 0, 'f', 2)
                                                .arg(t.terms->specificity, 0, 'f', 2)
                                                .arg(t.terms->coherence(), 0, 'f', 2)
                                                .arg(t.terms->discourse, 0, 'f', 2)
                                                .arg(t.terms->coreference, 0, 'f', 2)
                                                .arg(t.terms->pattern, 0, 'f', 2);
            if (t.score >= 0)
                text += QLatin1Char('\n') + tr("QA-Checker score: %1 (τ %2) — %3")
                                               .arg(t.score, 0, 'f', 2)
                                               .arg(c.threshold, 0, 'g', 3)
                                               .arg(t.score >= c.threshold ? tr("accepted") : tr("asked again"));
            if (!t.instruction.isEmpty())
                text += QLatin1Char('\n') + tr("Additional instruction for turn %1: %2").arg(n + 2).arg(t.instruction);
            if (!t.note.isEmpty())
                text += QLatin1Char('\n') + tr("Note: %1").arg(t.note);
            return text;
        }
    return {};
}

} // namespace rd
