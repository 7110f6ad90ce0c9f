#include "TriageAnswerList.h"

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

enum TriageColumn { TriageMergeRequestColumn, TriagePlaceColumn, TriageCommentColumn, TriageAnswerColumn };

QString triageAnswerText(const std::optional<TriageAnswer> &answer)
{
    if (!answer)
        return TriageAnswerList::tr("—");
    switch (*answer) {
    case TriageAnswer::Yes: return TriageAnswerList::tr("Yes: a real issue");
    case TriageAnswer::No: return TriageAnswerList::tr("No");
    case TriageAnswer::Unsure: return TriageAnswerList::tr("Unsure");
    }
    return {};
}

} // namespace

TriageAnswerList::TriageAnswerList(std::unique_ptr<TriageAnswering> answering, QWidget *parent)
    : QWidget(parent, Qt::Window), m_answering(std::move(answering))
{
    setWindowTitle(tr("Answer Triage — %1").arg(m_answering->annotator()));
    auto *layout = new QVBoxLayout(this);
    m_progress = new QLabel;
    m_progress->setObjectName(QStringLiteral("triageProgress"));
    m_progress->setWordWrap(true);
    layout->addWidget(m_progress);
    auto *keys = new QLabel(tr("Each comment was judged a false positive against the imported ground truth. Is it a real issue the ground truth "
                               "misses? Y: yes · N: no · U: unsure · Shift+Y / Shift+N / Shift+U: answer and go on · Ctrl+Z: undo · "
                               "Up/Down: choose a comment. You answer blind: the other annotators' answers are not shown."));
    keys->setWordWrap(true);
    keys->setEnabled(false); // a hint, drawn quieter
    layout->addWidget(keys);

    auto *split = new QSplitter(Qt::Vertical);
    m_list = new QTableWidget(0, 4);
    m_list->setObjectName(QStringLiteral("triageAnswers"));
    m_list->setHorizontalHeaderLabels({tr("Merge request"), tr("Place"), tr("Comment"), tr("Your answer")});
    m_list->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_list->setWordWrap(false);
    m_list->verticalHeader()->setVisible(false);
    m_list->horizontalHeader()->setStretchLastSection(true);
    split->addWidget(m_list);
    m_comment = new QTextBrowser;
    m_comment->setOpenExternalLinks(true);
    m_comment->setFocusPolicy(Qt::NoFocus); // the keys stay with the list
    split->addWidget(m_comment);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    layout->addWidget(split, 1);

    const DecisionKeys bar = addDecisionKeys(this,
                                             {{tr("Yes, a real issue (Y)"), Qt::Key_Y, [this](bool goOn) { answer(TriageAnswer::Yes, goOn); }},
                                              {tr("No (N)"), Qt::Key_N, [this](bool goOn) { answer(TriageAnswer::No, goOn); }},
                                              {tr("Unsure (U)"), Qt::Key_U, [this](bool goOn) { answer(TriageAnswer::Unsure, goOn); }}},
                                             [this] { undo(); });
    m_undo = bar.undo;
    m_error = bar.error;
    layout->addLayout(bar.row);

    connect(m_list, &QTableWidget::currentCellChanged, this, [this](int row) {
        if (m_filling || row < 0 || row == m_answering->current())
            return;
        m_answering->setCurrent(row);
        showCurrent();
    });
    fillList();
    showCurrent();
    setFocusProxy(m_list);
    resize(1000, 640);
}

TriageAnswerList::~TriageAnswerList() = default;

QString TriageAnswerList::lastError() const
{
    return m_error->text();
}

void TriageAnswerList::abandon()
{
    close();
}

void TriageAnswerList::fillList()
{
    m_filling = true;
    const QList<TriageAnswering::Item> &items = m_answering->items();
    m_list->setRowCount(int(items.size()));
    for (int row = 0; row < items.size(); ++row) {
        const TriageAnswering::Item &item = items[row];
        m_list->setItem(row, TriageMergeRequestColumn,
                        decisionListCell(item.mergeRequestTitle.isEmpty() ? QString::number(item.mergeRequest)
                                                                    : QStringLiteral("%1  %2").arg(item.mergeRequest).arg(item.mergeRequestTitle)));
        m_list->setItem(row, TriagePlaceColumn, decisionListCell(item.place()));
        m_list->setItem(row, TriageCommentColumn, decisionListCell(item.text));
        updateRow(row);
    }
    m_list->resizeColumnsToContents();
    m_list->setColumnWidth(TriageMergeRequestColumn, std::min(m_list->columnWidth(TriageMergeRequestColumn), 240));
    m_list->setColumnWidth(TriageCommentColumn, std::min(m_list->columnWidth(TriageCommentColumn), 420));
    m_filling = false;
}

void TriageAnswerList::updateRow(int row)
{
    m_list->setItem(row, TriageAnswerColumn, decisionListCell(triageAnswerText(m_answering->items().at(row).answer)));
}

void TriageAnswerList::showCurrent()
{
    const int total = m_answering->total();
    m_progress->setText(total == 0 ? tr("Nothing in the triage queue for %1: no comment is queued, or every one is assigned to others.")
                                         .arg(m_answering->annotator())
                                   : tr("Comment %1 of %2 · %3 answered by %4")
                                         .arg(m_answering->current() + 1)
                                         .arg(total)
                                         .arg(m_answering->answered())
                                         .arg(m_answering->annotator()));
    m_undo->setEnabled(m_answering->canUndo());
    const TriageAnswering::Item *item = m_answering->currentItem();
    if (!item) {
        m_comment->clear();
        return;
    }
    m_filling = true;
    m_list->setCurrentCell(m_answering->current(), qMax(0, m_list->currentColumn()));
    m_list->scrollToItem(m_list->item(m_answering->current(), 0));
    m_filling = false;
    const QString title = item->mergeRequestTitle.isEmpty() ? QString::number(item->mergeRequest) : item->mergeRequestTitle;
    const QString mr = item->mergeRequestUrl.isEmpty() ? title.toHtmlEscaped()
                                                       : QStringLiteral("<a href=\"%1\">%2</a>").arg(item->mergeRequestUrl.toHtmlEscaped(), title.toHtmlEscaped());
    m_comment->setHtml(tr("<h3>A real issue the ground truth misses?</h3><p><i>%1</i> · %2 · written by %3</p><p>%4</p><p><b>Your answer:</b> %5</p>")
                           .arg(mr, item->place().toHtmlEscaped(), item->reviewer.toHtmlEscaped(),
                                item->text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")), triageAnswerText(item->answer)));
}

void TriageAnswerList::answer(TriageAnswer answer, bool goOn)
{
    const int row = m_answering->current();
    auto done = m_answering->answer(answer, goOn);
    if (!done) {
        m_error->setText(tr("Not stored: %1").arg(done.error().message));
        return;
    }
    m_error->clear();
    updateRow(row);
    showCurrent();
}

void TriageAnswerList::undo()
{
    auto done = m_answering->undo();
    if (!done) {
        m_error->setText(tr("Not stored: %1").arg(done.error().message));
        return;
    }
    m_error->clear();
    if (!*done)
        return;
    updateRow(m_answering->current());
    showCurrent();
}

} // namespace rd
