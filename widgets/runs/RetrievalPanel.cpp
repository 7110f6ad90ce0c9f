#include "RetrievalPanel.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace rd {

namespace {

// Item data: which hunk and row an item stands for (-1 row: the hunk itself).
constexpr int HunkRole = Qt::UserRole;
constexpr int RowRole = Qt::UserRole + 1;

QString contextTitle(AacrContext context)
{
    switch (context) {
    case AacrContext::None: return RetrievalPanel::tr("no context");
    case AacrContext::Bm25: return RetrievalPanel::tr("BM25 (SQLite FTS5)");
    case AacrContext::Embedding: return RetrievalPanel::tr("embeddings");
    case AacrContext::Agent: return RetrievalPanel::tr("agent with tools");
    case AacrContext::AgentPr: return RetrievalPanel::tr("agent over the whole pull request, with validation sub-agents");
    }
    return {};
}

} // namespace

RetrievalPanel::RetrievalPanel(QWidget *parent) : QWidget(parent), m_summary(new QLabel(this)), m_tree(new QTreeWidget(this)), m_text(new QPlainTextEdit(this))
{
    m_summary->setWordWrap(true);
    m_tree->setColumnCount(3);
    m_tree->setHeaderLabels({tr("Hunk / retrieved"), tr("Lines"), tr("Score")});
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    m_tree->setAccessibleName(tr("Retrieved context per hunk"));
    m_text->setReadOnly(true);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setPlaceholderText(tr("Choose a retrieved chunk or a tool call to see its text."));
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_tree);
    split->addWidget(m_text);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, &RetrievalPanel::showCurrent);
    setRun(nullptr);
}

void RetrievalPanel::setRun(std::shared_ptr<const RunRecord> run)
{
    m_run = std::move(run);
    m_tree->clear();
    m_text->clear();
    const auto config = m_run ? AacrRunConfig::fromRunConfig(m_run->config) : Result<AacrRunConfig>(Error{});
    if (!config) {
        m_run.reset();
        m_summary->setText(tr("No AACR run yet: run the AACR-Bench hunk review to see what each hunk was given."));
        return;
    }
    m_config = *config;
    const AacrRunConfig &c = m_config;
    if (c.context == AacrContext::AgentPr) {
        showAgentPr();
        return;
    }
    if (c.context == AacrContext::Agent)
        m_tree->setHeaderLabels({tr("Hunk / tool call"), tr("Turn"), tr("Result")});
    else
        m_tree->setHeaderLabels({tr("Hunk / retrieved"), tr("Lines"), tr("Score")});
    int chunks = 0;
    int calls = 0;
    for (const HunkRetrieval &h : m_run->retrieval) {
        chunks += static_cast<int>(h.chunks.size());
        calls += static_cast<int>(h.toolCalls.size());
    }
    if (c.context == AacrContext::Agent)
        m_summary->setText(tr("Context: %1. Hunks: %2, tool calls: %3 (at most %4 turns and %5 tokens per hunk).")
                               .arg(contextTitle(c.context))
                               .arg(m_run->retrieval.size())
                               .arg(calls)
                               .arg(c.options.maxTurns)
                               .arg(c.options.tokenBudget));
    else
        m_summary->setText(tr("Context: %1. Hunks: %2, chunks retrieved: %3 (top %4 per hunk; chunks of %5 lines overlapping by %6).")
                               .arg(contextTitle(c.context))
                               .arg(m_run->retrieval.size())
                               .arg(chunks)
                               .arg(c.options.topK)
                               .arg(c.options.chunkLines)
                               .arg(c.options.chunkOverlap));
    for (int n = 0; n < m_run->retrieval.size(); ++n) {
        const HunkRetrieval &h = m_run->retrieval[n];
        auto *top = new QTreeWidgetItem(m_tree, {QStringLiteral("%1  %2").arg(QString::fromUtf8(h.path), QString::fromUtf8(h.header).section(QStringLiteral("@@"), 1, 1).trimmed())});
        top->setData(0, HunkRole, n);
        top->setData(0, RowRole, -1);
        if (c.context == AacrContext::Agent) {
            top->setText(1, tr("%1 turns").arg(h.turns));
            top->setText(2, h.stopReason);
            addToolCalls(top, n, h);
        } else {
            for (int r = 0; r < h.chunks.size(); ++r) {
                const RetrievedChunk &k = h.chunks[r];
                auto *item = new QTreeWidgetItem(top, {QString::fromUtf8(k.path), QStringLiteral("%1-%2").arg(k.lineStart).arg(k.lineEnd),
                                                       QString::number(k.score, 'g', 4)});
                item->setData(0, HunkRole, n);
                item->setData(0, RowRole, r);
                item->setTextAlignment(2, Qt::AlignRight | Qt::AlignVCenter);
            }
            if (h.chunks.isEmpty() && c.context != AacrContext::None)
                new QTreeWidgetItem(top, {tr("(nothing retrieved)")});
        }
        top->setExpanded(true);
    }
}

// The whole-PR agent: its exploration, then one conversation per
// validation sub-agent, each with its tool calls.
void RetrievalPanel::showAgentPr()
{
    const PrAgentRecord &pr = m_run->prAgent;
    m_tree->setHeaderLabels({tr("Conversation / tool call"), tr("Turn"), tr("Result")});
    int confirmed = 0;
    int dropped = 0;
    for (const FindingVerdict &v : pr.verdicts) {
        confirmed += v.verdict == QLatin1String("confirm");
        dropped += v.verdict == QLatin1String("drop");
    }
    m_summary->setText(tr("Context: %1. Tool calls exploring: %2; findings validated: %3 (%4 confirmed, %5 dropped).")
                           .arg(contextTitle(m_config.context))
                           .arg(pr.explore.toolCalls.size())
                           .arg(pr.verdicts.size())
                           .arg(confirmed)
                           .arg(dropped));
    for (int n = 0; n <= pr.verdicts.size(); ++n) {
        const AgentTrace &t = *agentTrace(n);
        const QString title = n == 0 ? tr("explore the pull request") : tr("validate %1").arg(pr.verdicts[n - 1].commentId);
        const QString result = n == 0 ? t.stopReason : pr.verdicts[n - 1].verdict.isEmpty() ? tr("no verdict") : pr.verdicts[n - 1].verdict;
        auto *top = new QTreeWidgetItem(m_tree, {title, tr("%1 turns").arg(t.turns), result});
        top->setData(0, HunkRole, n);
        top->setData(0, RowRole, -1);
        addToolCalls(top, n, t);
        top->setExpanded(true);
    }
}

void RetrievalPanel::addToolCalls(QTreeWidgetItem *top, int n, const AgentTrace &trace)
{
    for (int r = 0; r < trace.toolCalls.size(); ++r) {
        const AgentToolCall &t = trace.toolCalls[r];
        auto *item = new QTreeWidgetItem(top, {QStringLiteral("%1(%2)").arg(t.name, t.arguments.left(80)), tr("turn %1").arg(t.turn), t.refused ? tr("refused") : QString()});
        item->setData(0, HunkRole, n);
        item->setData(0, RowRole, r);
        if (t.refused)
            item->setForeground(2, palette().color(QPalette::Disabled, QPalette::Text));
    }
}

// The n-th agent conversation: a hunk's (agent), or the exploration (0) and
// the validations after it (agent-pr); null past the end.
const AgentTrace *RetrievalPanel::agentTrace(int n) const
{
    if (!m_run || n < 0)
        return nullptr;
    if (m_config.context == AacrContext::AgentPr)
        return n == 0 ? &m_run->prAgent.explore : n <= m_run->prAgent.verdicts.size() ? &m_run->prAgent.verdicts[n - 1].trace : nullptr;
    return n < m_run->retrieval.size() ? &m_run->retrieval[n] : nullptr;
}

int RetrievalPanel::hunkCount() const
{
    return m_tree->topLevelItemCount();
}

int RetrievalPanel::rowCount(int hunk) const
{
    if (m_config.context == AacrContext::Agent || m_config.context == AacrContext::AgentPr) {
        const AgentTrace *t = agentTrace(hunk);
        return t ? static_cast<int>(t->toolCalls.size()) : 0;
    }
    if (!m_run || hunk < 0 || hunk >= m_run->retrieval.size())
        return 0;
    return static_cast<int>(m_run->retrieval[hunk].chunks.size());
}

QString RetrievalPanel::rowText(int hunk, int row) const
{
    const QTreeWidgetItem *top = m_tree->topLevelItem(hunk);
    const QTreeWidgetItem *item = top ? top->child(row) : nullptr;
    if (!item)
        return {};
    return QStringLiteral("%1 | %2 | %3").arg(item->text(0), item->text(1), item->text(2));
}

void RetrievalPanel::selectRow(int hunk, int row)
{
    if (QTreeWidgetItem *top = m_tree->topLevelItem(hunk))
        m_tree->setCurrentItem(row < 0 ? top : top->child(row));
}

void RetrievalPanel::showFile(const QByteArray &path)
{
    if (!m_run)
        return;
    for (int n = 0; n < m_run->retrieval.size(); ++n)
        if (m_run->retrieval[n].path == path) {
            QTreeWidgetItem *top = m_tree->topLevelItem(n);
            m_tree->setCurrentItem(top && top->childCount() > 0 ? top->child(0) : top);
            m_tree->scrollToItem(top, QAbstractItemView::PositionAtTop);
            return;
        }
}

QString RetrievalPanel::shownText() const
{
    return m_text->toPlainText();
}

void RetrievalPanel::showCurrent()
{
    const QTreeWidgetItem *item = m_tree->currentItem();
    if (!m_run || !item || !item->data(0, HunkRole).isValid()) {
        m_text->clear();
        return;
    }
    const int n = item->data(0, HunkRole).toInt();
    const int row = item->data(0, RowRole).toInt();
    if (m_config.context == AacrContext::AgentPr) {
        const AgentTrace *trace = agentTrace(n);
        if (!trace)
            return;
        if (row >= 0) {
            const AgentToolCall &t = trace->toolCalls.value(row);
            m_text->setPlainText(QStringLiteral("%1 %2\n\n%3").arg(t.name, t.arguments, t.result));
        } else if (n == 0) {
            m_text->setPlainText(tr("Explored the whole pull request: %1 turns, %2 tokens, ended: %3.").arg(trace->turns).arg(trace->tokens).arg(trace->stopReason));
        } else {
            const FindingVerdict &v = m_run->prAgent.verdicts[n - 1];
            const QString head = v.verdict.isEmpty() ? tr("%1: no verdict. %2").arg(v.commentId, v.error) : QStringLiteral("%1: %2").arg(v.commentId, v.verdict);
            m_text->setPlainText(head + QStringLiteral("\n\n") + v.reason);
        }
        return;
    }
    const HunkRetrieval &h = m_run->retrieval.value(n);
    if (row < 0) {
        m_text->setPlainText(QString::fromUtf8(h.header));
    } else if (m_config.context == AacrContext::Agent) {
        const AgentToolCall &t = h.toolCalls.value(row);
        m_text->setPlainText(QStringLiteral("%1 %2\n\n%3").arg(t.name, t.arguments, t.result));
    } else {
        const RetrievedChunk &k = h.chunks.value(row);
        m_text->setPlainText(tr("%1, lines %2-%3, score %4").arg(QString::fromUtf8(k.path)).arg(k.lineStart).arg(k.lineEnd).arg(k.score, 0, 'g', 4)
                             + QStringLiteral("\n\n") + k.text);
    }
}

} // namespace rd
