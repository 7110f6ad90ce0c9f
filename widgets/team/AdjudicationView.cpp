#include "AdjudicationView.h"

#include "CommentCardText.h"
#include "CommentCards.h"
#include "DiffPane.h"
#include "DiffView.h"
#include "TeamCardText.h"

#include <TeamService.h>
#include <ReviewSession.h>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace rd {

namespace {
enum AdjudicationColumn { IdColumn, PlaceColumn, DisputedColumn, StatusColumn };
}

AdjudicationView::AdjudicationView(ReviewSession *session, QWidget *parent) : QDialog(parent), m_session(session)
{
    setWindowTitle(tr("Adjudication"));
    setObjectName(QStringLiteral("adjudicationView"));
    auto *layout = new QHBoxLayout(this);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    layout->addWidget(splitter);

    auto *left = new QWidget(splitter);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    m_list = new QTreeWidget(left);
    m_list->setObjectName(QStringLiteral("adjudicationItems"));
    m_list->setRootIsDecorated(false);
    m_list->setHeaderLabels({tr("Comment"), tr("Where"), tr("Disputed"), tr("Status")});
    leftLayout->addWidget(m_list);
    m_showAdjudicated = new QCheckBox(tr("Show adjudicated items too"), left);
    leftLayout->addWidget(m_showAdjudicated);

    auto *right = new QSplitter(Qt::Vertical, splitter);
    auto *codeBox = new QWidget(right);
    auto *codeLayout = new QVBoxLayout(codeBox);
    codeLayout->setContentsMargins(0, 0, 0, 0);
    auto *codeBar = new QHBoxLayout;
    m_codeNote = new QLabel(codeBox);
    m_codeNote->setWordWrap(true);
    m_open = new QPushButton(tr("Open Its Merge Request"), codeBox);
    codeBar->addWidget(m_codeNote, 1);
    codeBar->addWidget(m_open);
    codeLayout->addLayout(codeBar);
    m_pane = new DiffPane(codeBox);
    codeLayout->addWidget(m_pane, 1);

    auto *judgeBox = new QWidget(right);
    auto *judgeLayout = new QVBoxLayout(judgeBox);
    judgeLayout->setContentsMargins(0, 0, 0, 0);
    m_comparison = new QTableWidget(judgeBox);
    m_comparison->setObjectName(QStringLiteral("adjudicationComparison"));
    m_comparison->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_comparison->horizontalHeader()->setStretchLastSection(true);
    judgeLayout->addWidget(m_comparison, 1);

    auto *form = new QFormLayout;
    m_verdict = new QComboBox(judgeBox);
    m_verdict->setObjectName(QStringLiteral("finalVerdict"));
    for (Verdict v : {Verdict::Accept, Verdict::Reject, Verdict::Unsure})
        m_verdict->addItem(CommentCardText::verdictText(v), static_cast<int>(v));
    m_category = new QComboBox(judgeBox);
    m_category->addItem(tr("No category"), QString());
    for (const QString &c : aacrCategories())
        m_category->addItem(CommentCardText::categoryText(c), c);
    m_context = new QComboBox(judgeBox);
    m_context->addItem(tr("No context level"), -1);
    for (ContextLevel c : {ContextLevel::Diff, ContextLevel::File, ContextLevel::Repo})
        m_context->addItem(CommentCardText::contextText(c), static_cast<int>(c));
    m_severity = new QSpinBox(judgeBox);
    m_severity->setRange(0, 7);
    m_severity->setSpecialValueText(tr("No severity"));
    m_keyBug = new QComboBox(judgeBox);
    m_keyBug->addItem(tr("Not set"), -1);
    m_keyBug->addItem(tr("Key bug"), 1);
    m_keyBug->addItem(tr("Not a key bug"), 0);
    m_reason = new QLineEdit(judgeBox);
    m_reason->setObjectName(QStringLiteral("adjudicationReason"));
    m_reason->setPlaceholderText(tr("Why this label is right (required)"));
    form->addRow(tr("Final verdict"), m_verdict);
    form->addRow(tr("Category"), m_category);
    form->addRow(tr("Context level"), m_context);
    form->addRow(tr("Severity"), m_severity);
    form->addRow(tr("Key bug"), m_keyBug);
    form->addRow(tr("Reason"), m_reason);
    judgeLayout->addLayout(form);
    auto *saveBar = new QHBoxLayout;
    m_problem = new QLabel(judgeBox);
    m_problem->setObjectName(QStringLiteral("adjudicationProblem"));
    m_problem->setStyleSheet(QStringLiteral("color:#bc4c00"));
    m_save = new QPushButton(tr("Save Final Label"), judgeBox);
    m_save->setObjectName(QStringLiteral("saveFinalLabel"));
    m_save->setDefault(true);
    saveBar->addWidget(m_problem, 1);
    saveBar->addWidget(m_save);
    judgeLayout->addLayout(saveBar);
    right->setStretchFactor(0, 3);
    right->setStretchFactor(1, 2);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({380, 800});

    connect(m_list, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        m_current = item ? item->data(IdColumn, Qt::UserRole).toLongLong() : 0;
        showItem();
    });
    connect(m_showAdjudicated, &QCheckBox::toggled, this, &AdjudicationView::refresh);
    connect(m_save, &QPushButton::clicked, this, &AdjudicationView::saveFinalLabel);
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (const auto c = m_session->team()->storedComment(m_current))
            Q_EMIT openMergeRequestRequested(c->mergeRequest, c->id);
    });
    connect(m_pane, &DiffPane::documentShown, this, &AdjudicationView::showCode);
    connect(session->team(), &TeamService::teamChanged, this, &AdjudicationView::refresh);
    connect(session, &ReviewSession::diffChanged, this, &AdjudicationView::showItem);
    resize(1180, 760);
    refresh();
}

QList<qint64> AdjudicationView::items() const
{
    QList<qint64> out;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        out << m_list->topLevelItem(i)->data(IdColumn, Qt::UserRole).toLongLong();
    return out;
}

void AdjudicationView::setShowAdjudicated(bool show)
{
    m_showAdjudicated->setChecked(show);
}

bool AdjudicationView::selectItem(qint64 comment)
{
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        if (m_list->topLevelItem(i)->data(IdColumn, Qt::UserRole).toLongLong() == comment) {
            m_list->setCurrentItem(m_list->topLevelItem(i));
            return true;
        }
    return false;
}

void AdjudicationView::refresh()
{
    const qint64 keep = m_current;
    const QList<qint64> ids = m_showAdjudicated->isChecked() ? m_session->team()->disagreements() : m_session->team()->pendingDisagreements();
    const QSignalBlocker block(m_list);
    m_list->clear();
    for (qint64 id : ids) {
        const auto c = m_session->team()->storedComment(id);
        if (!c)
            continue;
        const FinalLabel f = m_session->team()->finalLabelOf(id);
        QStringList disputed;
        for (TeamLabel l : f.disputed)
            disputed << TeamCardText::teamLabelText(l);
        auto *item = new QTreeWidgetItem(m_list, {QStringLiteral("#%1").arg(id), tr("MR %1 · %2:%3").arg(c->mergeRequest).arg(c->comment.file).arg(c->comment.lineStart),
                                                  disputed.join(QStringLiteral(", ")),
                                                  f.status == FinalLabel::Status::Adjudicated ? tr("adjudicated") : tr("pending")});
        item->setData(IdColumn, Qt::UserRole, id);
    }
    for (int c = 0; c < 3; ++c)
        m_list->resizeColumnToContents(c);
    m_current = 0;
    if (!selectItem(keep) && m_list->topLevelItemCount() > 0)
        m_list->setCurrentItem(m_list->topLevelItem(0));
    m_current = m_list->currentItem() ? m_list->currentItem()->data(IdColumn, Qt::UserRole).toLongLong() : 0;
    showItem();
}

void AdjudicationView::showItem()
{
    m_problem->clear();
    const auto c = m_current ? m_session->team()->storedComment(m_current) : std::nullopt;
    m_save->setEnabled(c.has_value());
    if (!c) {
        m_comparison->clear();
        m_comparison->setRowCount(0);
        m_comparison->setColumnCount(0);
        m_pane->showMessage(tr("No disagreement to adjudicate."));
        m_codeNote->clear();
        m_open->hide();
        return;
    }
    const QList<Judgement> judgements = m_session->team()->judgementsForAdjudication(c->id);
    const FinalLabel f = m_session->team()->finalLabelOf(c->id);
    const auto adjudication = m_session->team()->adjudicationOf(c->id);

    // The annotators side by side, a row per label, disputed rows marked.
    QList<Judgement> judged;
    for (const Judgement &j : judgements)
        if (j.verdict)
            judged << j;
    std::sort(judged.begin(), judged.end(), [](const Judgement &a, const Judgement &b) { return a.annotator < b.annotator; });
    QStringList columns;
    for (const Judgement &j : std::as_const(judged))
        columns << j.annotator;
    m_comparison->clear();
    m_comparison->setColumnCount(static_cast<int>(columns.size()));
    m_comparison->setHorizontalHeaderLabels(columns);
    const QList<TeamLabel> labels = teamLabels();
    QStringList rows;
    for (TeamLabel l : labels)
        rows << TeamCardText::teamLabelText(l);
    rows << tr("critique");
    m_comparison->setRowCount(static_cast<int>(rows.size()));
    m_comparison->setVerticalHeaderLabels(rows);
    const QColor disputedColour = palette().color(QPalette::Base).lightness() > 128 ? QColor(0xffe0c2) : QColor(0x5a3210);
    for (int col = 0; col < judged.size(); ++col) {
        const Judgement &j = judged[col];
        const QStringList cells = {
            CommentCardText::verdictText(*j.verdict), j.category ? CommentCardText::categoryText(*j.category) : tr("—"),
            j.context ? CommentCardText::contextText(*j.context) : tr("—"), j.keyBug.value_or(false) ? tr("yes") : tr("no"),
            j.q3Severity ? QString::number(*j.q3Severity) : tr("—"), j.critique.value_or(QString())};
        for (int r = 0; r < cells.size(); ++r) {
            auto *item = new QTableWidgetItem(cells[r]);
            if (r < labels.size() && f.disputed.contains(labels[r]))
                item->setBackground(disputedColour);
            m_comparison->setItem(r, col, item);
        }
    }
    m_comparison->resizeColumnsToContents();
    fillForm(judged, adjudication);
    showCode();
}

void AdjudicationView::fillForm(const QList<Judgement> &judged, const std::optional<Adjudication> &a)
{
    // Start from the adjudication, else from what the annotators agree on.
    const FinalLabel f = finalLabel(judged);
    std::optional<Verdict> verdict = a ? a->verdict : f.verdict;
    if (!verdict && !judged.isEmpty())
        verdict = judged.constFirst().verdict;
    m_verdict->setCurrentIndex(std::max(0, m_verdict->findData(static_cast<int>(verdict.value_or(Verdict::Accept)))));
    const auto pick = [&judged](auto get) {
        for (const Judgement &j : judged)
            if (const auto v = get(j))
                return v;
        return decltype(get(judged.constFirst()))();
    };
    const std::optional<QString> category = a ? a->category : pick([](const Judgement &j) { return j.category; });
    const std::optional<ContextLevel> context = a ? a->context : pick([](const Judgement &j) { return j.context; });
    const std::optional<int> severity = a ? a->q3Severity : pick([](const Judgement &j) { return j.q3Severity; });
    const std::optional<bool> keyBug = a ? a->keyBug : pick([](const Judgement &j) { return j.keyBug; });
    m_category->setCurrentIndex(std::max(0, m_category->findData(category.value_or(QString()))));
    m_context->setCurrentIndex(std::max(0, m_context->findData(context ? static_cast<int>(*context) : -1)));
    m_severity->setValue(severity.value_or(0));
    m_keyBug->setCurrentIndex(std::max(0, m_keyBug->findData(keyBug ? (*keyBug ? 1 : 0) : -1)));
    m_reason->setText(a ? a->reason : QString());
}

void AdjudicationView::showCode()
{
    const auto c = m_current ? m_session->team()->storedComment(m_current) : std::nullopt;
    if (!c)
        return;
    const auto diff = m_session->diff();
    const bool here = diff && c->mergeRequest == m_session->currentMergeRequestId();
    m_open->setVisible(!here);
    if (!here) {
        m_codeNote->setText(tr("The code of merge request %1 shows once it is open in the window.").arg(c->mergeRequest));
        m_pane->showMessage(tr("%1, line %2").arg(c->comment.file).arg(c->comment.lineStart));
        return;
    }
    m_codeNote->setText(c->comment.lineEnd > c->comment.lineStart
                            ? tr("%1, lines %2–%3").arg(c->comment.file).arg(c->comment.lineStart).arg(c->comment.lineEnd)
                            : tr("%1, line %2").arg(c->comment.file).arg(c->comment.lineStart));
    int index = -1;
    for (int i = 0; i < diff->files.size(); ++i)
        if (QString::fromUtf8(diff->files[i].displayPath()) == c->comment.file
            || QString::fromUtf8(diff->files[i].path[Side::Old]) == c->comment.file) {
            index = i;
            break;
        }
    if (index < 0) {
        m_pane->showMessage(tr("%1 is not changed in this merge request.").arg(c->comment.file));
        return;
    }
    if (m_pane->fileIndex() != index || m_pane->isBuilding() || !m_pane->view()->document()) {
        if (!m_pane->isBuilding() || m_pane->fileIndex() != index)
            m_pane->showFile(diff, index);
        return; // documentShown comes back here
    }
    // The comment's card where the window puts it.
    const CommentCards::Placement where = CommentCards::place(c->comment, *m_pane->view()->document());
    if (where.row < 0)
        return;
    DiffCard card;
    card.anchor = {where.row, where.side};
    card.id = c->id;
    card.accent = CommentCardText::severityColor(c->comment.q3Severity);
    // Its chips show the final label once there is one.
    std::optional<Judgement> final;
    if (const auto a = m_session->team()->adjudicationOf(c->id)) {
        final = Judgement{};
        final->comment = c->id;
        final->annotator = a->adjudicator;
        final->verdict = a->verdict;
        final->q3Severity = a->q3Severity;
        final->category = a->category;
        final->context = a->context;
        final->keyBug = a->keyBug;
    }
    card.html = CommentCardText::html(*c, final, CommentCardText::runLabel(m_session->runs(), *c), where.note, m_pane->view()->palette());
    card.summary = CommentCardText::summary(*c, final, m_pane->view()->palette());
    m_pane->view()->setCards({card});
    m_pane->view()->setCurrentCard(c->id);
}

bool AdjudicationView::saveFinalLabel()
{
    if (!m_current)
        return false;
    Adjudication a;
    a.comment = m_current;
    a.verdict = static_cast<Verdict>(m_verdict->currentData().toInt());
    if (const QString category = m_category->currentData().toString(); !category.isEmpty())
        a.category = category;
    if (const int context = m_context->currentData().toInt(); context >= 0)
        a.context = static_cast<ContextLevel>(context);
    if (m_severity->value() > 0)
        a.q3Severity = m_severity->value();
    if (const int keyBug = m_keyBug->currentData().toInt(); keyBug >= 0)
        a.keyBug = keyBug == 1;
    a.reason = m_reason->text();
    if (auto stored = m_session->team()->adjudicate(a); !stored) {
        m_problem->setText(stored.error().message);
        return false;
    }
    return true;
}

} // namespace rd
