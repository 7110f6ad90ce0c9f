#include "PairwiseView.h"

#include "BlindReviewHtml.h"

#include <PairwiseVoting.h>
#include <WorkspaceStore.h>

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStackedWidget>
#include <QTextBrowser>
#include <QToolButton>
#include <QVBoxLayout>

namespace rd {

namespace {

const QString PairwiseCapKey = QStringLiteral("arena/cap");

// A sentence from the model's lower-case reason.
QString asSentence(QString text)
{
    if (!text.isEmpty())
        text[0] = text[0].toUpper();
    if (!text.isEmpty() && !text.endsWith(QLatin1Char('.')) && !text.endsWith(QChar(0x3002)))
        text += QLatin1Char('.');
    return text;
}

} // namespace

PairwiseView::PairwiseView(WorkspaceStore &store, const QString &annotator, qint64 mergeRequest, QWidget *parent)
    : QWidget(parent, Qt::Window), m_store(store), m_annotator(annotator), m_mergeRequest(mergeRequest)
{
    setObjectName(QStringLiteral("pairwiseView"));
    setWindowTitle(tr("Compare Two Reviews"));
    const int savedCap = QSettings().value(PairwiseCapKey, 0).toInt();
    if (savedCap > 0)
        m_cap = savedCap;

    auto *layout = new QVBoxLayout(this);

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Merge request:")));
    m_mergeRequests = new QComboBox;
    m_mergeRequests->setObjectName(QStringLiteral("pairwiseMergeRequest"));
    m_mergeRequests->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_mergeRequests->setMinimumContentsLength(28);
    m_mergeRequests->setToolTip(tr("Compare the reviews of one merge request, or pairs drawn from every merge request "
                                   "so that each pair of configurations gets votes."));
    top->addWidget(m_mergeRequests, 1);
    top->addSpacing(12);
    top->addWidget(new QLabel(tr("Cap:")));
    m_capBox = new QSpinBox;
    m_capBox->setObjectName(QStringLiteral("pairwiseCap"));
    m_capBox->setRange(0, 1000000);
    m_capBox->setSpecialValueText(tr("none"));
    m_capBox->setValue(m_cap.value_or(0));
    m_capBox->setToolTip(tr("At most this many votes by you in the workspace; none: no cap."));
    top->addWidget(m_capBox);
    top->addSpacing(12);
    m_progress = new QLabel;
    m_progress->setObjectName(QStringLiteral("pairwiseProgress"));
    QFont bold = m_progress->font();
    bold.setBold(true);
    m_progress->setFont(bold);
    top->addWidget(m_progress);
    layout->addLayout(top);

    m_pages = new QStackedWidget;
    // The pair.
    auto *pairPage = new QWidget;
    auto *pairLayout = new QVBoxLayout(pairPage);
    pairLayout->setContentsMargins(0, 0, 0, 0);
    m_title = new QLabel;
    m_title->setObjectName(QStringLiteral("pairwiseTitle"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    pairLayout->addWidget(m_title);
    auto *question = new QLabel(tr("Which review would you rather receive for this change? Judge the whole review: "
                                   "what it finds, what it misses, and what it makes you read."));
    question->setWordWrap(true);
    pairLayout->addWidget(question);
    auto *splitter = new QSplitter(Qt::Horizontal);
    splitter->setChildrenCollapsible(false);
    auto column = [&](const QString &letter, QLabel *&head, QTextBrowser *&review) {
        auto *box = new QWidget;
        auto *v = new QVBoxLayout(box);
        v->setContentsMargins(4, 4, 4, 0);
        head = new QLabel;
        head->setObjectName(QStringLiteral("pairwiseHead") + letter);
        head->setTextFormat(Qt::RichText);
        v->addWidget(head);
        review = new QTextBrowser;
        review->setObjectName(QStringLiteral("pairwiseReview") + letter);
        review->setOpenLinks(false);
        review->setFocusPolicy(Qt::NoFocus); // the letters are the keys' (A, B, T, S), never the text's
        v->addWidget(review, 1);
        splitter->addWidget(box);
    };
    column(QStringLiteral("A"), m_headA, m_reviewA);
    column(QStringLiteral("B"), m_headB, m_reviewB);
    pairLayout->addWidget(splitter, 1);
    m_others = new QLabel;
    m_others->setObjectName(QStringLiteral("pairwiseOthers"));
    m_others->setWordWrap(true);
    pairLayout->addWidget(m_others);
    m_pages->addWidget(pairPage);
    // No pair.
    auto *emptyPage = new QWidget;
    auto *emptyLayout = new QVBoxLayout(emptyPage);
    emptyLayout->addStretch(1);
    m_emptyTitle = new QLabel;
    m_emptyTitle->setObjectName(QStringLiteral("pairwiseEmptyTitle"));
    m_emptyTitle->setAlignment(Qt::AlignCenter);
    m_emptyTitle->setFont(titleFont);
    emptyLayout->addWidget(m_emptyTitle);
    m_emptyText = new QLabel;
    m_emptyText->setObjectName(QStringLiteral("pairwiseEmptyText"));
    m_emptyText->setAlignment(Qt::AlignCenter);
    m_emptyText->setWordWrap(true);
    m_emptyText->setTextFormat(Qt::PlainText);
    emptyLayout->addWidget(m_emptyText);
    emptyLayout->addStretch(2);
    m_pages->addWidget(emptyPage);
    layout->addWidget(m_pages, 1);

    buildActions();
    auto *buttons = new QHBoxLayout;
    for (QAction *a : {m_voteA, m_tie, m_voteB}) {
        auto *b = new QToolButton;
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setMinimumWidth(150);
        buttons->addWidget(b);
    }
    buttons->addStretch(1);
    for (QAction *a : {m_skip, m_undo}) {
        auto *b = new QToolButton;
        b->setDefaultAction(a);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        buttons->addWidget(b);
    }
    layout->addLayout(buttons);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("pairwiseStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);

    open();
    connect(m_mergeRequests, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (!m_filling && index >= 0)
            setMergeRequest(m_mergeRequests->itemData(index).toLongLong());
    });
    connect(m_capBox, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_filling)
            setCap(value > 0 ? std::optional<int>(value) : std::nullopt);
    });
    // The letters are the keys' again once a choice is made (a spin box would take them).
    connect(m_capBox, &QSpinBox::editingFinished, this, [this] { setFocus(); });
    connect(m_mergeRequests, &QComboBox::activated, this, [this] { setFocus(); });
    setFocusPolicy(Qt::StrongFocus);
    setFocus();
    resize(1200, 760);
}

PairwiseView::~PairwiseView() = default;

void PairwiseView::buildActions()
{
    auto make = [this](const QString &name, const QString &text, const QKeySequence &key, auto slot) {
        auto *a = new QAction(this);
        a->setObjectName(name);
        a->setShortcut(key);
        // The key on the button, so it is learnt by looking.
        a->setText(QStringLiteral("%1   %2").arg(text, key.toString(QKeySequence::NativeText)));
        a->setToolTip(tr("%1 (%2)").arg(text, key.toString(QKeySequence::NativeText)));
        addAction(a);
        connect(a, &QAction::triggered, this, slot);
        return a;
    };
    m_voteA = make(QStringLiteral("preferA"), tr("A is better"), QKeySequence(Qt::Key_A), [this] { vote(PairWinner::A); });
    m_tie = make(QStringLiteral("preferTie"), tr("Tie"), QKeySequence(Qt::Key_T), [this] { vote(PairWinner::Tie); });
    m_voteB = make(QStringLiteral("preferB"), tr("B is better"), QKeySequence(Qt::Key_B), [this] { vote(PairWinner::B); });
    m_skip = make(QStringLiteral("skipPair"), tr("Skip"), QKeySequence(Qt::Key_S), [this] { skip(); });
    m_undo = make(QStringLiteral("undoVote"), tr("Undo"), QKeySequence(Qt::CTRL | Qt::Key_Z), [this] { undo(); });
}

void PairwiseView::open()
{
    PairwiseVoting::Options options;
    options.annotator = m_annotator;
    options.cap = m_cap;
    // A new order each session unless a seed is given; each vote keeps its own draw's seed.
    options.seed = m_seed.value_or(quint32(QDateTime::currentMSecsSinceEpoch()));
    if (m_mergeRequest)
        options.mergeRequest = m_mergeRequest;
    auto opened = PairwiseVoting::open(m_store, options);
    m_voting.reset();
    m_openError.clear();
    if (opened) {
        m_voting = std::move(*opened);
    } else {
        m_openError = opened.error().message;
        showProblem(tr("Cannot Compare Reviews"), m_openError);
    }
    m_shownSince.start();
    fillMergeRequests();
    showState();
}

void PairwiseView::fillMergeRequests()
{
    m_filling = true;
    m_mergeRequests->clear();
    m_mergeRequests->addItem(tr("Every merge request"), qint64(0));
    bool listed = m_mergeRequest == 0;
    if (m_voting) {
        for (const VotingMergeRequest &mr : m_voting->mergeRequests()) {
            m_mergeRequests->addItem(tr("#%1 %2 (%n run(s))", nullptr, mr.runs).arg(mr.id).arg(mr.title), mr.id);
            listed = listed || mr.id == m_mergeRequest;
        }
    }
    if (!listed) { // the open merge request without runs: listed so its empty state says why
        auto entry = m_store.mergeRequest(m_mergeRequest);
        m_mergeRequests->addItem(tr("#%1 %2 (no runs)").arg(m_mergeRequest).arg(entry ? entry->title : QString()), m_mergeRequest);
    }
    m_mergeRequests->setCurrentIndex(m_mergeRequests->findData(m_mergeRequest));
    m_filling = false;
}

void PairwiseView::showState()
{
    const bool paired = m_voting && m_voting->current();
    for (QAction *a : {m_voteA, m_voteB, m_tie, m_skip})
        a->setEnabled(paired);
    m_undo->setEnabled(m_voting && m_voting->canUndo());
    if (!m_voting) {
        m_progress->clear();
        m_emptyTitle->setText(tr("Nothing to compare"));
        m_emptyText->setText(asSentence(m_openError));
        m_pages->setCurrentIndex(1);
        return;
    }
    const VotingProgress progress = m_voting->progress();
    if (!paired) {
        m_progress->setText(tr("%1 of %2 pairs voted").arg(progress.voted).arg(progress.total));
        QString hint;
        switch (m_voting->noPairReason()) {
        case NoPairReason::TooFewConfigurations:
            hint = m_mergeRequest ? tr("Choose another merge request above, or every merge request.")
                                  : tr("Run a review of a merge request with a second configuration (Review ▸ Run Review…), "
                                       "or import another model's reviews.");
            break;
        case NoPairReason::CapReached: hint = tr("Raise the cap above to go on."); break;
        case NoPairReason::AllVoted:
            hint = m_mergeRequest ? tr("Choose another merge request above, or every merge request.")
                                  : tr("Your votes are in the workspace: reviewdesk-cli arena ranks the configurations by them.");
            break;
        case NoPairReason::None: break;
        }
        m_emptyTitle->setText(m_voting->noPairReason() == NoPairReason::TooFewConfigurations ? tr("Nothing to compare") : tr("No pair left"));
        m_emptyText->setText(asSentence(m_voting->noPair()) + QStringLiteral("\n\n") + hint);
        m_pages->setCurrentIndex(1);
        return;
    }
    const PairOnScreen &pair = *m_voting->current();
    m_progress->setText(tr("Pair %1 of %2").arg(progress.voted + 1).arg(progress.total));
    m_title->setText(tr("#%1 %2").arg(pair.mergeRequest).arg(pair.title));
    const QString big = QStringLiteral("<span style='font-size:x-large; font-weight:bold;'>%1</span>&nbsp;&nbsp;<span style='color:%2;'>%3</span>");
    const QString muted = palette().color(QPalette::PlaceholderText).name();
    m_headA->setText(big.arg(QStringLiteral("A"), muted, tr("%n comment(s)", nullptr, int(pair.a.comments.size())).toHtmlEscaped()));
    m_headB->setText(big.arg(QStringLiteral("B"), muted, tr("%n comment(s)", nullptr, int(pair.b.comments.size())).toHtmlEscaped()));
    m_reviewA->setHtml(BlindReviewHtml::html(pair.a, m_reviewA->palette()));
    m_reviewB->setHtml(BlindReviewHtml::html(pair.b, m_reviewB->palette()));
    const OthersOnPair others = m_voting->othersOnCurrent();
    QStringList seen;
    if (others.preferA + others.preferB + others.ties > 0)
        seen << tr("Others on this pair: A %1 · B %2 · tie %3").arg(others.preferA).arg(others.preferB).arg(others.ties);
    if (others.hidden > 0)
        seen << tr("%n vote(s) by others on this pair, hidden until you vote (blind mode)", nullptr, others.hidden);
    m_others->setText(seen.join(QStringLiteral(" · ")));
    m_others->setVisible(!seen.isEmpty());
    m_pages->setCurrentIndex(0);
}

void PairwiseView::vote(PairWinner winner)
{
    if (!m_voting || !m_voting->current())
        return;
    auto stored = m_voting->vote(winner, m_shownSince.elapsed());
    if (!stored) {
        showProblem(tr("Cannot Store the Vote"), stored.error().message);
        showState();
        return;
    }
    m_shownSince.start();
    const QString which = winner == PairWinner::A ? tr("A is better") : winner == PairWinner::B ? tr("B is better") : tr("a tie");
    if (stored->replaced) {
        const PairWinner was = stored->replaced->winner;
        say(tr("Stored: %1. It replaces your earlier vote on the same pair in the same order (%2).")
                .arg(which, was == PairWinner::A ? tr("A is better") : was == PairWinner::B ? tr("B is better") : tr("a tie")));
    } else {
        say(tr("Stored: %1.").arg(which));
    }
    showState();
    Q_EMIT voted(stored->id);
}

void PairwiseView::skip()
{
    if (!m_voting || !m_voting->current())
        return;
    if (auto skipped = m_voting->skip(); !skipped) {
        showProblem(tr("Cannot Skip the Pair"), skipped.error().message);
    } else {
        say(tr("Skipped: this pair is not shown again in this session."));
        m_shownSince.start();
    }
    showState();
}

void PairwiseView::undo()
{
    if (!m_voting)
        return;
    auto undone = m_voting->undo();
    if (!undone) {
        showProblem(tr("Cannot Undo the Vote"), undone.error().message);
    } else if (*undone) {
        say(tr("Your last vote is taken back: its pair is shown again."));
        m_shownSince.start();
    } else {
        say(tr("Nothing to undo: you have not voted in this window yet."));
    }
    showState();
}

void PairwiseView::setMergeRequest(qint64 mergeRequest)
{
    if (mergeRequest == m_mergeRequest && m_voting)
        return;
    m_mergeRequest = mergeRequest;
    say({});
    open();
}

void PairwiseView::setCap(std::optional<int> cap)
{
    if (cap && *cap <= 0)
        cap.reset();
    m_cap = cap;
    QSettings().setValue(PairwiseCapKey, cap.value_or(0));
    m_filling = true;
    m_capBox->setValue(cap.value_or(0));
    m_filling = false;
    if (!m_voting) {
        open();
        return;
    }
    if (auto set = m_voting->setCap(cap); !set)
        showProblem(tr("Cannot Compare Reviews"), set.error().message);
    showState();
}

void PairwiseView::setSeed(quint32 seed)
{
    m_seed = seed;
    say({});
    open();
}

void PairwiseView::abandon()
{
    m_voting.reset();
    close();
}

void PairwiseView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    // The cards' colours follow the theme.
    if (event->type() == QEvent::PaletteChange && m_voting)
        showState();
}

void PairwiseView::showProblem(const QString &title, const QString &message)
{
    say(message);
    auto *box = new QMessageBox(QMessageBox::Warning, title, asSentence(message), QMessageBox::Ok, this);
    box->setObjectName(QStringLiteral("pairwiseProblem"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
    Q_EMIT problem(message);
}

void PairwiseView::say(const QString &message)
{
    m_status->setText(asSentence(message));
}

} // namespace rd
