#include "AgreementDialog.h"

#include "CommentCardText.h"
#include "TeamCardText.h"

#include <TeamService.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <cstdlib>

namespace rd {

AgreementDialog::AgreementDialog(TeamService *team, const QList<MergeRequestEntry> &mergeRequests, QWidget *parent)
    : QDialog(parent), m_team(team)
{
    setWindowTitle(tr("Annotator Agreement"));
    setObjectName(QStringLiteral("agreementDialog"));
    auto *layout = new QVBoxLayout(this);
    auto *choose = new QHBoxLayout;
    m_first = new QComboBox(this);
    m_first->setObjectName(QStringLiteral("firstAnnotator"));
    m_second = new QComboBox(this);
    m_second->setObjectName(QStringLiteral("secondAnnotator"));
    m_scope = new QComboBox(this);
    m_scope->setObjectName(QStringLiteral("agreementScope"));
    choose->addWidget(new QLabel(tr("Annotators"), this));
    choose->addWidget(m_first, 1);
    choose->addWidget(new QLabel(tr("and"), this));
    choose->addWidget(m_second, 1);
    choose->addSpacing(12);
    choose->addWidget(new QLabel(tr("Merge requests"), this));
    choose->addWidget(m_scope, 2);
    layout->addLayout(choose);

    m_labels = new QTableWidget(0, 5, this);
    m_labels->setObjectName(QStringLiteral("agreementLabels"));
    m_labels->setHorizontalHeaderLabels({tr("Label"), tr("Items both judged"), tr("Agreement"), tr("Cohen's kappa"), tr("Note")});
    m_labels->horizontalHeader()->setStretchLastSection(true);
    m_labels->verticalHeader()->hide();
    m_labels->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_labels->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_labels->setSelectionMode(QAbstractItemView::SingleSelection);
    m_labels->setWordWrap(true);
    layout->addWidget(m_labels, 3);

    m_matrixTitle = new QLabel(this);
    layout->addWidget(m_matrixTitle);
    m_matrix = new QTableWidget(this);
    m_matrix->setObjectName(QStringLiteral("confusionMatrix"));
    m_matrix->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(m_matrix, 2);
    auto *note = new QLabel(tr("Kappa compares the observed agreement with the agreement expected by chance from the two "
                               "annotators' own label frequencies; severity counts values within ±1 as agreeing."),
                            this);
    note->setWordWrap(true);
    layout->addWidget(note);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    const QStringList names = team->annotatorNames();
    m_first->addItems(names);
    m_second->addItems(names);
    if (names.size() > 1)
        m_second->setCurrentIndex(1);
    m_scope->addItem(tr("All merge requests"), 0);
    for (const MergeRequestEntry &e : mergeRequests)
        m_scope->addItem(tr("#%1 %2").arg(e.id).arg(e.title.isEmpty() ? e.head : e.title), e.id);
    connect(m_first, &QComboBox::currentIndexChanged, this, &AgreementDialog::refresh);
    connect(m_second, &QComboBox::currentIndexChanged, this, &AgreementDialog::refresh);
    connect(m_scope, &QComboBox::currentIndexChanged, this, &AgreementDialog::showLabels);
    connect(m_labels, &QTableWidget::currentCellChanged, this, &AgreementDialog::showMatrix);
    connect(team, &TeamService::teamChanged, this, &AgreementDialog::refresh);
    resize(940, 640);
    refresh();
}

void AgreementDialog::setAnnotators(const QString &first, const QString &second)
{
    m_first->setCurrentText(first);
    m_second->setCurrentText(second);
    refresh();
}

void AgreementDialog::setMergeRequest(qint64 id)
{
    m_scope->setCurrentIndex(std::max(0, m_scope->findData(id)));
}

void AgreementDialog::selectLabel(TeamLabel label)
{
    m_labels->setCurrentCell(static_cast<int>(teamLabels().indexOf(label)), 0);
}

QString AgreementDialog::degeneracyText(const LabelAgreement &a)
{
    switch (a.degeneracy) {
    case LabelAgreement::Degeneracy::None: return {};
    case LabelAgreement::Degeneracy::NoItems: return tr("No item judged by both: nothing to compare.");
    case LabelAgreement::Degeneracy::OneValue:
        return tr("Both gave every item the same value (%1): chance agreement is 1, so kappa is undefined.").arg(a.usedValues.join(QStringLiteral(", ")));
    case LabelAgreement::Degeneracy::AllWithinOne:
        return tr("Every value given (%1) is within ±1 of the others: chance agreement is 1, so kappa is undefined.").arg(a.usedValues.join(QStringLiteral(", ")));
    }
    return {};
}

void AgreementDialog::refresh()
{
    m_report = m_team->agreement(m_first->currentText(), m_second->currentText());
    showLabels();
}

const QList<LabelAgreement> *AgreementDialog::shownLabels() const
{
    const qint64 mr = m_scope->currentData().toLongLong();
    if (mr == 0)
        return &m_report.overall;
    for (const auto &m : m_report.mergeRequests)
        if (m.mergeRequest == mr)
            return &m.labels;
    return nullptr;
}

void AgreementDialog::showLabels()
{
    const int row = std::max(0, m_labels->currentRow());
    const QList<LabelAgreement> *labels = shownLabels();
    const QList<TeamLabel> all = teamLabels();
    m_labels->setRowCount(static_cast<int>(all.size()));
    for (int r = 0; r < all.size(); ++r) {
        const LabelAgreement *a = labels ? &(*labels)[r] : nullptr;
        const QStringList cells = {TeamCardText::teamLabelText(all[r]), QString::number(a ? a->items : 0),
                                   a && a->percent() ? QStringLiteral("%1 %").arg(*a->percent(), 0, 'f', 1) : tr("—"),
                                   a && a->kappa ? QString::number(*a->kappa, 'f', 3) : tr("undefined"),
                                   a ? degeneracyText(*a) : tr("No item judged by both: nothing to compare.")};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells[c]);
            if (c > 0 && c < 4)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_labels->setItem(r, c, item);
        }
    }
    for (int c = 0; c < 4; ++c)
        m_labels->resizeColumnToContents(c);
    m_labels->resizeRowsToContents();
    m_labels->setCurrentCell(row, 0);
    showMatrix();
}

void AgreementDialog::showMatrix()
{
    const QList<LabelAgreement> *labels = shownLabels();
    const int row = m_labels->currentRow();
    if (!labels || row < 0 || row >= labels->size()) {
        m_matrix->clear();
        m_matrix->setRowCount(0);
        m_matrix->setColumnCount(0);
        m_matrixTitle->clear();
        return;
    }
    const LabelAgreement &a = (*labels)[row];
    m_matrixTitle->setText(tr("Confusion matrix of %1: rows %2, columns %3").arg(TeamCardText::teamLabelText(a.label), m_report.first, m_report.second));
    QStringList names;
    for (const QString &v : a.values) {
        if (const auto verdict = verdictFromName(v))
            names << CommentCardText::verdictText(*verdict);
        else if (const auto context = contextLevelFromName(v))
            names << CommentCardText::contextText(*context);
        else if (v == QLatin1String("yes"))
            names << tr("key bug");
        else if (v == QLatin1String("no"))
            names << tr("no key bug");
        else
            names << CommentCardText::categoryText(v);
    }
    m_matrix->setRowCount(static_cast<int>(a.values.size()));
    m_matrix->setColumnCount(static_cast<int>(a.values.size()));
    m_matrix->setHorizontalHeaderLabels(names);
    m_matrix->setVerticalHeaderLabels(names);
    const QColor agreeing = palette().color(QPalette::Highlight).lighter(palette().color(QPalette::Base).lightness() > 128 ? 170 : 60);
    for (int r = 0; r < a.values.size(); ++r)
        for (int c = 0; c < a.values.size(); ++c) {
            auto *item = new QTableWidgetItem(QString::number(a.confusion[r][c]));
            item->setTextAlignment(Qt::AlignCenter);
            const bool agrees = a.label == TeamLabel::Severity ? std::abs(r - c) <= 1 : r == c;
            if (agrees)
                item->setBackground(agreeing);
            m_matrix->setItem(r, c, item);
        }
    m_matrix->resizeColumnsToContents();
}

} // namespace rd
