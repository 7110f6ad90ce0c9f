#include "MergeRequestBrowser.h"

#include <MergeRequestFilter.h>
#include <MergeRequestListModel.h>
#include <ReviewSession.h>

#include <algorithm>

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTreeView>
#include <QVBoxLayout>

namespace rd {

namespace {

// The open merge request in bold, and the annotator's progress as a bar
// (judged / total) in its column.
class RowDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;

protected:
    void initStyleOption(QStyleOptionViewItem *option, const QModelIndex &index) const override
    {
        QStyledItemDelegate::initStyleOption(option, index);
        if (index.data(MergeRequestListModel::CurrentRole).toBool())
            option->font.setBold(true);
    }

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override
    {
        const int total = index.data(MergeRequestListModel::TotalRole).toInt();
        if (index.column() != MergeRequestListModel::ProgressColumn || total <= 0) {
            QStyledItemDelegate::paint(painter, option, index);
            return;
        }
        QStyleOptionViewItem item = option;
        initStyleOption(&item, index);
        const QString text = item.text;
        item.text.clear();
        // With its text cleared the style would fill no selection: the whole
        // cell is filled, as the view does for its selected rows.
        item.showDecorationSelected = true;
        const QWidget *widget = option.widget;
        QStyle *style = widget ? widget->style() : QApplication::style();
        style->drawControl(QStyle::CE_ItemViewItem, &item, painter, widget); // the row's fill, selected or not
        // "11/23" beside the bar, never over it: in the row's own text colour
        // on the row's fill (over the bar's fill it was unreadable, 3:1 and
        // less, worst on a selected row). The bar starts after the widest
        // count of this total ("23 / 23"), so it stays put as the count grows.
        const bool selected = option.state & QStyle::State_Selected;
        const QPalette::ColorGroup group = !(option.state & QStyle::State_Enabled) ? QPalette::Disabled
                                         : (option.state & QStyle::State_Active) ? QPalette::Active
                                                                                  : QPalette::Inactive;
        const QColor textColor = option.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
        const QRect inner = option.rect.adjusted(4, 0, -4, 0);
        const QFontMetrics metrics(item.font);
        const int textWidth = std::max(metrics.horizontalAdvance(QStringLiteral("%1 / %1").arg(total)), metrics.horizontalAdvance(text));
        painter->save();
        painter->setFont(item.font);
        painter->setPen(textColor);
        painter->drawText(QRect(inner.left(), inner.top(), textWidth, inner.height()), Qt::AlignVCenter | Qt::AlignRight, text);
        const QRect bar(inner.left() + textWidth + 6, inner.center().y() - 3, inner.width() - textWidth - 6, 6);
        if (bar.width() > 8) {
            const int judged = std::clamp(index.data(MergeRequestListModel::JudgedRole).toInt(), 0, total);
            const QColor fill = selected ? textColor : option.palette.color(group, QPalette::Highlight);
            QColor groove = textColor;
            groove.setAlphaF(0.25);
            painter->setRenderHint(QPainter::Antialiasing);
            painter->setPen(Qt::NoPen);
            painter->setBrush(groove);
            painter->drawRoundedRect(bar, 3, 3);
            painter->setBrush(fill);
            painter->drawRoundedRect(QRect(bar.left(), bar.top(), bar.width() * judged / total, bar.height()), 3, 3);
        }
        painter->restore();
    }
};

// A combo's choices again, keeping the chosen one when it is still there.
void refill(QComboBox *combo, const QString &anyText, const QStringList &values)
{
    const QString chosen = combo->currentData().toString();
    const QSignalBlocker block(combo);
    combo->clear();
    combo->addItem(anyText, QString());
    for (const QString &v : values)
        combo->addItem(v, v);
    combo->setCurrentIndex(std::max(0, combo->findData(chosen)));
}

} // namespace

MergeRequestBrowser::MergeRequestBrowser(ReviewSession *session, QWidget *parent) : QWidget(parent)
{
    m_model = new MergeRequestListModel(session, this);
    m_filter = new MergeRequestFilter(this);
    m_filter->setSourceModel(m_model);

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("mergeRequestSearch"));
    m_search->setPlaceholderText(tr("Search title, repository, URL or id"));
    m_search->setClearButtonEnabled(true);
    m_language = new QComboBox(this);
    m_language->setObjectName(QStringLiteral("mergeRequestLanguage"));
    m_category = new QComboBox(this);
    m_category->setObjectName(QStringLiteral("mergeRequestCategory"));
    m_state = new QComboBox(this);
    m_state->setObjectName(QStringLiteral("mergeRequestState"));
    m_state->addItem(tr("Any state"), int(MergeRequestFilter::MyState::Any));
    m_state->addItem(tr("Unjudged by me"), int(MergeRequestFilter::MyState::Unjudged));
    m_state->addItem(tr("In progress"), int(MergeRequestFilter::MyState::InProgress));
    m_state->addItem(tr("Done by me"), int(MergeRequestFilter::MyState::Done));
    m_code = new QComboBox(this);
    m_code->setObjectName(QStringLiteral("mergeRequestCode"));
    m_code->addItem(tr("With or without code"), int(MergeRequestFilter::Code::Any));
    m_code->addItem(tr("Code available"), int(MergeRequestFilter::Code::Available));
    m_code->addItem(tr("Without code"), int(MergeRequestFilter::Code::Without));
    m_assignedToMe = new QCheckBox(tr("Assigned to me"), this);
    m_assignedToMe->setObjectName(QStringLiteral("mergeRequestAssignedToMe"));
    m_needsAdjudication = new QCheckBox(tr("Needs adjudication"), this);
    m_needsAdjudication->setObjectName(QStringLiteral("mergeRequestNeedsAdjudication"));

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("mergeRequestList"));
    m_view->setModel(m_filter);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true); // thousands of rows
    m_view->setAllColumnsShowFocus(true);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(MergeRequestListModel::IdColumn, Qt::AscendingOrder);
    m_view->setItemDelegate(new RowDelegate(m_view));
    m_view->header()->setStretchLastSection(false);
    m_view->header()->setSectionResizeMode(MergeRequestListModel::TitleColumn, QHeaderView::Stretch);
    m_view->setColumnWidth(MergeRequestListModel::ProgressColumn, 110);
    for (int narrow : {MergeRequestListModel::IdColumn, MergeRequestListModel::GeneratedColumn, MergeRequestListModel::KeptColumn,
                       MergeRequestListModel::HumanColumn})
        m_view->setColumnWidth(narrow, 70);

    auto *filters = new QHBoxLayout;
    filters->addWidget(m_search, 2);
    for (QWidget *w : std::initializer_list<QWidget *>{m_language, m_category, m_state, m_code, m_assignedToMe, m_needsAdjudication})
        filters->addWidget(w);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(filters);
    layout->addWidget(m_view);

    connect(m_search, &QLineEdit::textChanged, m_filter, &MergeRequestFilter::setSearchText);
    connect(m_language, &QComboBox::currentIndexChanged, this, [this] { m_filter->setLanguage(m_language->currentData().toString()); });
    connect(m_category, &QComboBox::currentIndexChanged, this, [this] { m_filter->setPrCategory(m_category->currentData().toString()); });
    connect(m_state, &QComboBox::currentIndexChanged, this,
            [this] { m_filter->setMyState(MergeRequestFilter::MyState(m_state->currentData().toInt())); });
    connect(m_code, &QComboBox::currentIndexChanged, this, [this] { m_filter->setCode(MergeRequestFilter::Code(m_code->currentData().toInt())); });
    connect(m_assignedToMe, &QCheckBox::toggled, m_filter, &MergeRequestFilter::setAssignedToMe);
    connect(m_needsAdjudication, &QCheckBox::toggled, m_filter, &MergeRequestFilter::setNeedsAdjudication);
    // Enter in the search field opens the first merge request found.
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        if (m_filter->rowCount() > 0)
            Q_EMIT openRequested(m_filter->index(0, 0).data(MergeRequestListModel::MergeRequestIdRole).toLongLong());
    });
    // Double-click or Enter on a row.
    connect(m_view, &QAbstractItemView::activated, this,
            [this](const QModelIndex &index) { Q_EMIT openRequested(index.data(MergeRequestListModel::MergeRequestIdRole).toLongLong()); });
    connect(m_model, &MergeRequestListModel::summariesRefreshed, this, &MergeRequestBrowser::fillChoices);
    connect(session->document(), &MergeRequestDocument::mergeRequestChanged, this, &MergeRequestBrowser::showCurrent);
    connect(m_model, &MergeRequestListModel::problem, this, &MergeRequestBrowser::problem);
    fillChoices();
}

void MergeRequestBrowser::fillChoices()
{
    refill(m_language, tr("Any language"), m_model->languages());
    refill(m_category, tr("Any PR category"), m_model->prCategories());
    m_filter->setLanguage(m_language->currentData().toString());
    m_filter->setPrCategory(m_category->currentData().toString());
    showCurrent();
}

void MergeRequestBrowser::showCurrent()
{
    for (int row = 0; row < m_filter->rowCount(); ++row) {
        const QModelIndex index = m_filter->index(row, 0);
        if (index.data(MergeRequestListModel::CurrentRole).toBool()) {
            m_view->setCurrentIndex(index);
            m_view->scrollTo(index);
            return;
        }
    }
}

void MergeRequestBrowser::focusSearch()
{
    m_search->setFocus(Qt::OtherFocusReason);
    m_search->selectAll();
}

} // namespace rd
