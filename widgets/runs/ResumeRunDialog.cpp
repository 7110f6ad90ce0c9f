#include "ResumeRunDialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace rd {

namespace {

enum JournalColumn { Started, Repository, Revisions, Pipeline, Answers, Origin, Status, ColumnCount };

} // namespace

ResumeRunDialog::ResumeRunDialog(QWidget *parent) : QDialog(parent)
{
    setWindowTitle(tr("Resume Run"));
    setObjectName(QStringLiteral("resumeRunDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *intro = new QLabel(tr("Runs that did not finish. Resuming one asks only the requests its journal has no answer for."), this);
    intro->setWordWrap(true);
    layout->addWidget(intro);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setHorizontalHeaderLabels({tr("Started"), tr("Repository"), tr("Revisions"), tr("Pipeline"), tr("Answers"), tr("From"), tr("State")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    layout->addWidget(m_table);
    m_empty = new QLabel(tr("No unfinished runs."), this);
    layout->addWidget(m_empty);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_resume = buttons->addButton(tr("&Resume"), QDialogButtonBox::AcceptRole);
    m_resume->setObjectName(QStringLiteral("resumeButton"));
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_resume, &QPushButton::clicked, this, &ResumeRunDialog::requestSelected);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, &ResumeRunDialog::requestSelected);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &ResumeRunDialog::updateButton);
    resize(900, 320);
    updateButton();
}

void ResumeRunDialog::setRuns(const QList<JournalEntry> &runs)
{
    m_runs = runs;
    m_table->setRowCount(static_cast<int>(runs.size()));
    for (int row = 0; row < runs.size(); ++row) {
        const JournalEntry &e = runs[row];
        const ReviewInvocation &i = e.invocation;
        QString state = tr("Unfinished");
        if (!e.problem.isEmpty())
            state = tr("Damaged: %1").arg(e.problem);
        else if (e.inUseBy)
            state = tr("Running (process %1)").arg(e.inUseBy);
        const QString revisions = i.base.isEmpty() ? QString() : i.base + (i.twoDot ? QStringLiteral("..") : QStringLiteral("...")) + i.head;
        // Journals from before the field were all the command line's.
        const QString origin = !e.problem.isEmpty() ? QString() : i.origin == QLatin1String("window") ? tr("Window") : tr("Command line");
        const QStringList cells{QLocale().toString(e.started.toLocalTime(), QLocale::ShortFormat), QDir::toNativeSeparators(i.repo), revisions,
                                e.pipeline, QString::number(e.answers), origin, state};
        for (int column = 0; column < ColumnCount; ++column) {
            auto *item = new QTableWidgetItem(cells[column]);
            item->setToolTip(column == Status ? state : e.path);
            if (column == Answers)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(row, column, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_table->setVisible(!runs.isEmpty());
    m_empty->setVisible(runs.isEmpty());
    if (!runs.isEmpty())
        m_table->selectRow(0);
    updateButton();
}

QString ResumeRunDialog::selectedJournal() const
{
    const QList<QTableWidgetItem *> selected = m_table->selectedItems();
    if (selected.isEmpty())
        return {};
    const int row = selected.first()->row();
    return row >= 0 && row < m_runs.size() ? m_runs[row].path : QString();
}

void ResumeRunDialog::updateButton()
{
    m_resume->setEnabled(!selectedJournal().isEmpty());
}

void ResumeRunDialog::requestSelected()
{
    const QString journal = selectedJournal();
    if (journal.isEmpty())
        return;
    accept();
    Q_EMIT resumeRequested(journal);
}

} // namespace rd
