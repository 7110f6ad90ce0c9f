#include "JudgeAuditList.h"

#include <DecisionKeys.h>

#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

#include <algorithm>

namespace rd {

namespace {

enum AuditColumn { KindColumn, MergeRequestColumn, GoldenColumn, CandidateColumn, FirstJudgeColumn };

QString auditKindText(compare::AuditItemKind kind)
{
    switch (kind) {
    case compare::AuditItemKind::Disagreement: return JudgeAuditList::tr("Judges disagree");
    case compare::AuditItemKind::Agreement: return JudgeAuditList::tr("All matched");
    case compare::AuditItemKind::NearMiss: return JudgeAuditList::tr("Near miss");
    case compare::AuditItemKind::Decided: return JudgeAuditList::tr("Decided before");
    }
    return {};
}

QString auditDecisionText(const std::optional<AuditDecision> &decision)
{
    if (!decision)
        return JudgeAuditList::tr("—");
    switch (*decision) {
    case AuditDecision::Same: return JudgeAuditList::tr("Same issue");
    case AuditDecision::Different: return JudgeAuditList::tr("Different");
    case AuditDecision::Unsure: return JudgeAuditList::tr("Unsure");
    }
    return {};
}

QTextBrowser *auditPane()
{
    auto *pane = new QTextBrowser;
    pane->setOpenExternalLinks(true);
    pane->setFocusPolicy(Qt::NoFocus); // the keys stay with the list
    return pane;
}

const compare::JudgeOnPair *judgeNamed(const compare::AuditItem &item, const QString &name)
{
    for (const compare::JudgeOnPair &j : item.judges)
        if (j.judge == name)
            return &j;
    return nullptr;
}

} // namespace

JudgeAuditList::JudgeAuditList(std::unique_ptr<JudgeAudit> audit, QWidget *parent) : QWidget(parent), m_audit(std::move(audit))
{
    auto *layout = new QVBoxLayout(this);
    m_progress = new QLabel;
    m_progress->setWordWrap(true);
    layout->addWidget(m_progress);
    auto *keys = new QLabel(tr("A: same issue · R: different · U: unsure · Shift+A / Shift+R: decide and go on · Ctrl+Z: undo · Up/Down: choose a pair"));
    keys->setWordWrap(true);
    keys->setEnabled(false); // a hint, drawn quieter
    layout->addWidget(keys);

    auto *split = new QSplitter(Qt::Vertical);
    m_list = new QTableWidget;
    QStringList headers{tr("Kind"), tr("Merge request"), tr("Golden comment"), tr("Candidate")};
    for (const QString &judge : m_audit->selection().judges)
        headers << judge;
    headers << tr("Your decision");
    m_list->setColumnCount(int(headers.size()));
    m_list->setHorizontalHeaderLabels(headers);
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setWordWrap(false);
    m_list->verticalHeader()->setVisible(false);
    m_list->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_list->horizontalHeader()->setStretchLastSection(true);
    split->addWidget(m_list);

    m_sides = new QSplitter(Qt::Horizontal);
    m_golden = auditPane();
    m_candidate = auditPane();
    m_sides->addWidget(m_golden);
    m_sides->addWidget(m_candidate);
    for (qsizetype i = 0; i < m_audit->selection().judges.size(); ++i) {
        m_judges << auditPane();
        m_sides->addWidget(m_judges.constLast());
    }
    split->addWidget(m_sides);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    const DecisionKeys bar = addDecisionKeys(this,
                                             {{tr("Same issue (A)"), Qt::Key_A, [this](bool goOn) { decide(AuditDecision::Same, goOn); }},
                                              {tr("Different (R)"), Qt::Key_R, [this](bool goOn) { decide(AuditDecision::Different, goOn); }},
                                              {tr("Unsure (U)"), Qt::Key_U, [this](bool goOn) { decide(AuditDecision::Unsure, goOn); }}},
                                             [this] { undo(); });
    m_undo = bar.undo;
    m_error = bar.error;
    layout->addLayout(bar.row);

    connect(m_list, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (m_filling || row < 0 || row == m_audit->current())
            return;
        m_audit->setCurrent(row);
        showCurrent();
    });
    fillList();
    showCurrent();
    setFocusProxy(m_list);
}

JudgeAuditList::~JudgeAuditList() = default;

QString JudgeAuditList::lastError() const
{
    return m_error->text();
}

QString JudgeAuditList::judgeText(const compare::JudgeOnPair &judge) const
{
    if (!judge.matched)
        return judge.verdict == QLatin1String("unmatched") ? tr("not matched (the candidate matched nothing)")
                                                            : tr("not matched (the candidate is %1 elsewhere)").arg(judge.verdict);
    return judge.confidence ? tr("matched, confidence %1").arg(*judge.confidence, 0, 'f', 2) : tr("matched");
}

void JudgeAuditList::fillList()
{
    m_filling = true;
    const QList<compare::AuditItem> &items = m_audit->items();
    m_list->setRowCount(int(items.size()));
    for (int row = 0; row < items.size(); ++row) {
        const compare::AuditItem &item = items[row];
        m_list->setItem(row, KindColumn, decisionListCell(auditKindText(item.kind)));
        m_list->setItem(row, MergeRequestColumn, decisionListCell(item.mergeRequestTitle.isEmpty() ? QString::number(item.mergeRequest) : item.mergeRequestTitle));
        m_list->setItem(row, GoldenColumn, decisionListCell(item.referenceText));
        m_list->setItem(row, CandidateColumn, decisionListCell(item.candidateText));
        const QStringList &judges = m_audit->selection().judges;
        for (int j = 0; j < judges.size(); ++j) {
            const compare::JudgeOnPair *on = judgeNamed(item, judges[j]);
            QTableWidgetItem *cell = decisionListCell(on ? (on->matched ? tr("matched") : tr("not matched")) : tr("did not judge"));
            if (on && on->matched) { // a judge's yes stands out from its no
                QFont bold = cell->font();
                bold.setBold(true);
                cell->setFont(bold);
            }
            m_list->setItem(row, FirstJudgeColumn + j, cell);
        }
        updateRow(row);
    }
    m_list->setColumnWidth(KindColumn, 120);
    m_list->setColumnWidth(MergeRequestColumn, 160);
    m_list->setColumnWidth(GoldenColumn, 280);
    m_list->setColumnWidth(CandidateColumn, 280);
    for (int j = 0; j < m_audit->selection().judges.size(); ++j) // each judge's name in full
        m_list->setColumnWidth(FirstJudgeColumn + j, std::max(110, m_list->horizontalHeader()->sectionSizeHint(FirstJudgeColumn + j)));
    m_filling = false;
}

void JudgeAuditList::updateRow(int row)
{
    const int column = m_list->columnCount() - 1;
    m_list->setItem(row, column, decisionListCell(auditDecisionText(m_audit->decisionAt(row))));
}

void JudgeAuditList::showCurrent()
{
    const int total = m_audit->total();
    m_progress->setText(total == 0 ? tr("Nothing to audit: the judges agree everywhere and no agreement or near miss was drawn.")
                                   : tr("Pair %1 of %2 · %3 decided by %4 · %5 disagreements, %6 sampled agreements and near misses")
                                         .arg(m_audit->current() + 1)
                                         .arg(total)
                                         .arg(m_audit->decided())
                                         .arg(m_audit->annotator())
                                         .arg(m_audit->selection().disagreements)
                                         .arg(m_audit->selection().sampled));
    m_undo->setEnabled(m_audit->canUndo());
    const compare::AuditItem *item = m_audit->currentItem();
    if (!item) {
        for (QTextBrowser *pane : {m_golden, m_candidate})
            pane->clear();
        for (QTextBrowser *pane : std::as_const(m_judges))
            pane->clear();
        return;
    }
    m_filling = true;
    m_list->setCurrentCell(m_audit->current(), qMax(0, m_list->currentColumn()));
    m_list->scrollToItem(m_list->item(m_audit->current(), 0));
    m_filling = false;

    const QString mr = item->mergeRequestUrl.isEmpty() ? item->mergeRequestTitle.toHtmlEscaped()
                                                       : QStringLiteral("<a href=\"%1\">%2</a>").arg(item->mergeRequestUrl.toHtmlEscaped(), item->mergeRequestTitle.toHtmlEscaped());
    m_golden->setHtml(tr("<h3>Golden comment</h3><p><i>%1</i>%2</p><p>%3</p>")
                          .arg(mr, item->severity.isEmpty() ? QString() : tr(" · severity %1").arg(item->severity.toHtmlEscaped()),
                               item->referenceText.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>"))));
    const QString place = item->candidateFile.isEmpty() ? QString()
                                                        : QStringLiteral(" · %1%2").arg(item->candidateFile.toHtmlEscaped(),
                                                                                        item->candidateLine > 0 ? QStringLiteral(":%1").arg(item->candidateLine) : QString());
    m_candidate->setHtml(tr("<h3>Candidate</h3><p><i>%1</i>%2</p><p>%3</p><p><b>Your decision:</b> %4</p>")
                             .arg(item->reviewer.toHtmlEscaped(), place, item->candidateText.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")),
                                  auditDecisionText(m_audit->decisionAt(m_audit->current()))));
    const QStringList &judges = m_audit->selection().judges;
    for (int j = 0; j < judges.size(); ++j) {
        const compare::JudgeOnPair *on = judgeNamed(*item, judges[j]);
        QString html = QStringLiteral("<h3>%1</h3>").arg(judges[j].toHtmlEscaped());
        if (!on)
            html += tr("<p>Did not judge this candidate.</p>");
        else
            html += QStringLiteral("<p><b>%1</b></p>").arg(judgeText(*on).toHtmlEscaped())
                    + (on->reasoning.isEmpty() ? QString() : QStringLiteral("<p>%1</p>").arg(on->reasoning.toHtmlEscaped()));
        m_judges[j]->setHtml(html);
    }
}

void JudgeAuditList::report(const Error &error)
{
    m_error->setText(tr("Not stored: %1").arg(error.message));
}

void JudgeAuditList::decide(AuditDecision decision, bool goOn)
{
    const int row = m_audit->current();
    auto done = m_audit->decide(decision, goOn);
    if (!done) {
        report(done.error());
        return;
    }
    m_error->clear();
    updateRow(row);
    showCurrent();
    Q_EMIT decisionsChanged();
}

void JudgeAuditList::undo()
{
    auto done = m_audit->undo();
    if (!done) {
        report(done.error());
        return;
    }
    m_error->clear();
    if (!*done)
        return;
    updateRow(m_audit->current());
    showCurrent();
    Q_EMIT decisionsChanged();
}

} // namespace rd
