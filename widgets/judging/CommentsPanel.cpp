#include "CommentsPanel.h"

#include "CommentCardText.h"

#include <ReviewSession.h>
#include <RevisionService.h>
#include <TeamService.h>

#include <QComboBox>
#include <QStyleOptionComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSet>
#include <QTreeView>
#include <QVBoxLayout>

namespace rd {

namespace {
const char *const Stages[] = {"coarse", "top_k", "meta", "merged", "validator", "unparsed"};
}

CommentsPanel::CommentsPanel(ReviewSession *session, QWidget *parent)
    : QWidget(parent), m_session(session), m_model(new CommentsModel(session, this)), m_filter(new CommentFilterModel(session, m_model, this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    // Three rows of five filters: in two rows of eight the panel was wider
    // than the window's default size, and the filters' choices were cut.
    auto *grid = new QGridLayout;
    grid->setHorizontalSpacing(4);
    grid->setVerticalSpacing(2);
    m_text = new QLineEdit(this);
    m_text->setObjectName(QStringLiteral("commentText"));
    m_text->setPlaceholderText(tr("Search the comments' text"));
    m_text->setClearButtonEnabled(true);
    grid->addWidget(m_text, 0, 0, 1, 4);
    QComboBox *order = addCombo(QStringLiteral("order"), tr("Sort"), grid, 0, 6);
    order->addItem(tr("By location"), static_cast<int>(CommentFilterModel::Order::Location));
    order->addItem(tr("By severity"), static_cast<int>(CommentFilterModel::Order::Severity));
    order->addItem(tr("By score (Q1+Q2+Q3)"), static_cast<int>(CommentFilterModel::Order::Score));

    QComboBox *verdict = addCombo(QStringLiteral("verdict"), tr("Verdict"), grid, 1, 0);
    verdict->addItem(tr("Any verdict"), -1);
    for (Verdict v : {Verdict::Accept, Verdict::Reject, Verdict::Unsure})
        verdict->addItem(CommentCardText::verdictText(v), static_cast<int>(v));
    QComboBox *judged = addCombo(QStringLiteral("judged"), tr("Judged"), grid, 1, 2);
    judged->addItem(tr("Judged or not"), static_cast<int>(CommentFilter::Judged::Any));
    judged->addItem(tr("Judged"), static_cast<int>(CommentFilter::Judged::Judged));
    judged->addItem(tr("Not judged"), static_cast<int>(CommentFilter::Judged::Unjudged));
    QComboBox *kept = addCombo(QStringLiteral("kept"), tr("Pipeline"), grid, 0, 4);
    kept->addItem(tr("Kept and filtered"), QString());
    kept->addItem(tr("Kept"), QStringLiteral("kept"));
    kept->addItem(tr("Filtered (any stage)"), QStringLiteral("filtered"));
    for (const char *stage : Stages)
        kept->addItem(tr("Filtered by %1").arg(CommentCardText::stageText(QString::fromLatin1(stage))), QString::fromLatin1(stage));
    // An annotator's first card is one the pipeline kept; the filtered ones
    // are one key away (toggleFilteredComments()).
    kept->setCurrentIndex(kept->findData(QStringLiteral("kept")));

    QComboBox *category = addCombo(QStringLiteral("category"), tr("Category"), grid, 1, 4);
    category->addItem(tr("Any category"), QString());
    for (const QString &c : aacrCategories())
        category->addItem(CommentCardText::categoryText(c), c);
    QComboBox *context = addCombo(QStringLiteral("context"), tr("Context"), grid, 1, 6);
    context->addItem(tr("Any context level"), -1);
    for (ContextLevel c : {ContextLevel::Diff, ContextLevel::File, ContextLevel::Repo})
        context->addItem(CommentCardText::contextText(c), static_cast<int>(c));
    QComboBox *severity = addCombo(QStringLiteral("severity"), tr("Severity"), grid, 1, 8);
    severity->addItem(tr("Any severity"), 0);
    for (int s = 2; s <= 7; ++s)
        severity->addItem(tr("Severity ≥ %1").arg(s), s);

    addCombo(QStringLiteral("file"), tr("File"), grid, 2, 0);
    addCombo(QStringLiteral("run"), tr("Run"), grid, 2, 2);
    addCombo(QStringLiteral("model"), tr("Model"), grid, 2, 4);
    addCombo(QStringLiteral("author"), tr("Author"), grid, 2, 6);
    // Ground truth by a team: what the others' judgements say, as far as blind mode shows them.
    QComboBox *team = addCombo(QStringLiteral("team"), tr("Team"), grid, 2, 8);
    team->addItem(tr("Any team state"), static_cast<int>(CommentFilter::Team::Any));
    team->addItem(tr("Others' judgements shown"), static_cast<int>(CommentFilter::Team::OthersShown));
    team->addItem(tr("Annotators agree"), static_cast<int>(CommentFilter::Team::Agreed));
    team->addItem(tr("Annotators disagree"), static_cast<int>(CommentFilter::Team::Disagreed));
    team->addItem(tr("Others judged, you not yet"), static_cast<int>(CommentFilter::Team::WaitingForYou));
    // Revisions (issue 24): outdated comments, and those the newest revision outdated ("addressed?").
    QComboBox *revision = addCombo(QStringLiteral("revision"), tr("Revision"), grid, 0, 8);
    revision->addItem(tr("Current and outdated"), static_cast<int>(CommentFilter::Revision::Any));
    revision->addItem(tr("On the current code"), static_cast<int>(CommentFilter::Revision::Current));
    revision->addItem(tr("Outdated"), static_cast<int>(CommentFilter::Revision::Outdated));
    revision->addItem(tr("Addressed? (outdated by the newest revision)"), static_cast<int>(CommentFilter::Revision::AddressedQuestions));
    for (int column : {1, 3, 5, 7, 9})
        grid->setColumnStretch(column, 1);
    layout->addLayout(grid);

    m_counts = new QLabel(this);
    m_counts->setObjectName(QStringLiteral("commentCounts"));
    layout->addWidget(m_counts);

    m_view = new QTreeView(this);
    m_view->setObjectName(QStringLiteral("commentList"));
    m_view->setModel(m_filter);
    m_view->setRootIsDecorated(false);
    m_view->setUniformRowHeights(true);
    m_view->setAllColumnsShowFocus(true);
    m_view->header()->setStretchLastSection(true);
    m_view->header()->setSectionResizeMode(CommentListModel::SeverityColumn, QHeaderView::ResizeToContents);
    m_view->setColumnWidth(CommentListModel::LocationColumn, 190);
    m_view->setColumnWidth(CommentListModel::CategoryColumn, 130);
    m_view->setColumnWidth(CommentListModel::VerdictColumn, 140);
    m_view->header()->setSectionResizeMode(CommentListModel::KeyBugColumn, QHeaderView::ResizeToContents);
    m_view->setColumnWidth(CommentListModel::SourceColumn, 160);
    layout->addWidget(m_view, 1);

    // "Addressed?": did the new commits address the outdated comment?
    auto *addressedRow = new QHBoxLayout;
    m_addressed = new QLabel(this);
    m_addressed->setObjectName(QStringLiteral("addressedNote"));
    m_addressed->setWordWrap(true);
    m_addressedYes = new QPushButton(tr("Addressed"), this);
    m_addressedYes->setObjectName(QStringLiteral("addressedYes"));
    m_addressedNo = new QPushButton(tr("Not Addressed"), this);
    m_addressedNo->setObjectName(QStringLiteral("addressedNo"));
    addressedRow->addWidget(m_addressed, 1);
    addressedRow->addWidget(m_addressedYes);
    addressedRow->addWidget(m_addressedNo);
    layout->addLayout(addressedRow);
    for (QPushButton *button : {m_addressedYes, m_addressedNo})
        connect(button, &QPushButton::clicked, this, [this, button] {
            if (auto stored = m_session->revisions()->setAddressed(m_session->currentComment(), button == m_addressedYes); !stored)
                m_addressed->setText(stored.error().message);
        });
    connect(m_session->revisions(), &RevisionService::addressedChanged, this, [this] {
        updateAddressed();
        m_view->viewport()->update();
    });
    connect(m_session->revisions(), &RevisionService::revisionsChanged, this, &CommentsPanel::applyFilter);
    connect(m_session->document(), &MergeRequestDocument::currentCommentChanged, this, &CommentsPanel::updateAddressed);

    connect(m_text, &QLineEdit::textChanged, this, &CommentsPanel::applyFilter);
    for (auto it = m_combos.constBegin(); it != m_combos.constEnd(); ++it)
        if (it.key() != QLatin1String("order"))
            connect(it.value(), &QComboBox::currentIndexChanged, this, &CommentsPanel::applyFilter);
    connect(order, &QComboBox::currentIndexChanged, this, [this, order] {
        m_filter->setOrder(static_cast<CommentFilterModel::Order>(order->currentData().toInt()));
        selectCurrent();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex &current) {
        if (!m_selecting && current.isValid())
            m_session->setCurrentComment(current.data(CommentsModel::CommentIdRole).toLongLong());
    });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        rebuildChoices();
        updateCounts();
        selectCurrent();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &CommentsPanel::updateCounts);
    connect(m_session->document(), &MergeRequestDocument::currentCommentChanged, this, &CommentsPanel::selectCurrent);
    // Another's judgement that blind mode now shows (or hides) changes what the team filter accepts.
    connect(m_session->team(), &TeamService::teamChanged, this, [this] {
        if (m_filter->filter().team != CommentFilter::Team::Any)
            applyFilter();
    });
    rebuildChoices();
    updateCounts();
    updateAddressed();
}

QComboBox *CommentsPanel::addCombo(const QString &name, const QString &label, QGridLayout *grid, int row, int column)
{
    auto *text = new QLabel(label, this);
    auto *combo = new QComboBox(this);
    combo->setObjectName(name);
    combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    combo->setMinimumContentsLength(8);
    text->setBuddy(combo);
    // The choice shown whole ("Any context lev…" was cut at the default
    // window size): at least as wide as its current text.
    connect(combo, &QComboBox::currentIndexChanged, combo, [combo] {
        QStyleOptionComboBox option;
        option.initFrom(combo);
        const QSize text(combo->fontMetrics().horizontalAdvance(combo->currentText()), combo->fontMetrics().height());
        combo->setMinimumWidth(combo->style()->sizeFromContents(QStyle::CT_ComboBox, &option, text, combo).width());
    });
    grid->addWidget(text, row, column);
    grid->addWidget(combo, row, column + 1);
    m_combos.insert(name, combo);
    return combo;
}

QComboBox *CommentsPanel::combo(const QString &name) const
{
    return m_combos.value(name);
}

void CommentsPanel::rebuildChoices()
{
    // Files, runs, models and authors come from the comments themselves.
    QStringList files, models, authors;
    QList<std::pair<qint64, QString>> runs;
    for (const StoredComment &c : m_session->comments()) {
        if (!files.contains(c.comment.file))
            files << c.comment.file;
        const QString model = m_model->modelOf(c);
        if (!model.isEmpty() && !models.contains(model))
            models << model;
        if (!c.author.isEmpty() && !authors.contains(c.author))
            authors << c.author;
    }
    for (const StoredRun &run : m_session->runs())
        runs.append({run.id, (run.label.isEmpty() ? tr("run %1").arg(run.id) : run.label) + CommentCardText::revisionsText(run)});
    auto refill = [this](const QString &name, const QString &any, const QList<std::pair<QVariant, QString>> &items) {
        QComboBox *box = m_combos.value(name);
        const QVariant was = box->currentData();
        const QSignalBlocker block(box);
        box->clear();
        box->addItem(any, QVariant());
        for (const auto &[data, text] : items)
            box->addItem(text, data);
        const int at = box->findData(was);
        box->setCurrentIndex(at >= 0 ? at : 0);
    };
    QList<std::pair<QVariant, QString>> items;
    std::sort(files.begin(), files.end());
    for (const QString &f : files)
        items.append({f, f});
    refill(QStringLiteral("file"), tr("Any file"), items);
    items.clear();
    for (const auto &[id, label] : runs)
        items.append({id, label});
    refill(QStringLiteral("run"), tr("Any run"), items);
    items.clear();
    for (const QString &m : models)
        items.append({m, m});
    refill(QStringLiteral("model"), tr("Any model"), items);
    items.clear();
    for (const QString &a : authors)
        items.append({a, a});
    refill(QStringLiteral("author"), tr("Any author"), items);
    applyFilter();
}

void CommentsPanel::toggleFilteredComments()
{
    QComboBox *kept = combo(QStringLiteral("kept"));
    const bool keptOnly = kept->currentData().toString() == QLatin1String("kept");
    kept->setCurrentIndex(kept->findData(keptOnly ? QString() : QStringLiteral("kept")));
}

void CommentsPanel::applyFilter()
{
    CommentFilter f;
    f.verdict = combo(QStringLiteral("verdict"))->currentData().toInt();
    f.judged = static_cast<CommentFilter::Judged>(combo(QStringLiteral("judged"))->currentData().toInt());
    const QString kept = combo(QStringLiteral("kept"))->currentData().toString();
    f.kept = kept.isEmpty() ? CommentFilter::Kept::Any : kept == QLatin1String("kept") ? CommentFilter::Kept::Kept : CommentFilter::Kept::Filtered;
    if (f.kept == CommentFilter::Kept::Filtered && kept != QLatin1String("filtered"))
        f.droppedAt = kept;
    f.category = combo(QStringLiteral("category"))->currentData().toString();
    f.context = combo(QStringLiteral("context"))->currentData().toInt();
    f.minSeverity = combo(QStringLiteral("severity"))->currentData().toInt();
    f.file = combo(QStringLiteral("file"))->currentData().toString();
    f.run = combo(QStringLiteral("run"))->currentData().toLongLong();
    f.model = combo(QStringLiteral("model"))->currentData().toString();
    f.author = combo(QStringLiteral("author"))->currentData().toString();
    f.text = m_text->text().trimmed();
    f.team = static_cast<CommentFilter::Team>(combo(QStringLiteral("team"))->currentData().toInt());
    f.revision = static_cast<CommentFilter::Revision>(combo(QStringLiteral("revision"))->currentData().toInt());
    f.newestRevision = m_session->revisions()->currentRevision();
    m_filter->setFilter(f);
    updateCounts();
    selectCurrent();
    Q_EMIT filterChanged();
}

QString CommentsPanel::countsText() const
{
    return m_counts->text();
}

void CommentsPanel::updateCounts()
{
    int judged = 0, kept = 0;
    for (const StoredComment &c : m_session->comments()) {
        const auto j = m_session->judgement(c.id);
        judged += j && j->verdict ? 1 : 0;
        kept += c.comment.kept ? 1 : 0;
    }
    const int total = static_cast<int>(m_session->comments().size());
    m_counts->setText(tr("%1 of %2 shown · %3 judged · %4 kept by the pipeline").arg(m_filter->rowCount()).arg(total).arg(judged).arg(kept));
}

QString CommentsPanel::addressedNote() const
{
    return m_addressed->text();
}

void CommentsPanel::updateAddressed()
{
    const StoredComment *c = m_session->comment(m_session->currentComment());
    // Outdated comments, and those a later revision left alone (whether the
    // author addressed them elsewhere is people's to say, and how the
    // detector's misses are counted).
    const bool ask = c && m_session->revisions()->canAskAddressed(*c);
    QString text;
    if (c && c->outdated) {
        text = m_model->outdatedText(*c);
    } else if (ask) {
        const auto answer = m_session->revisions()->addressed(c->id);
        text = tr("Revision %1 came after this comment and left its lines as they were.").arg(m_session->revisions()->currentRevision()) + QLatin1Char('\n')
               + tr("Addressed? %1").arg(!answer ? tr("not answered") : *answer ? tr("yes") : tr("no"));
    }
    m_addressed->setText(text);
    for (QPushButton *button : {m_addressedYes, m_addressedNo})
        button->setVisible(ask);
    if (ask) {
        const auto answer = m_session->revisions()->addressed(c->id);
        m_addressedYes->setEnabled(answer != std::optional<bool>(true));
        m_addressedNo->setEnabled(answer != std::optional<bool>(false));
    }
}

void CommentsPanel::selectCurrent()
{
    const int row = m_model->rowOf(m_session->currentComment());
    const QModelIndex index = row >= 0 ? m_filter->mapFromSource(m_model->index(row, 0)) : QModelIndex();
    m_selecting = true;
    if (index.isValid()) {
        m_view->setCurrentIndex(index);
        m_view->scrollTo(index);
    } else {
        m_view->selectionModel()->clearSelection();
    }
    m_selecting = false;
}

} // namespace rd
