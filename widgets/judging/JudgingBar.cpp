#include "JudgingBar.h"

#include "CommentCardText.h"
#include "JudgingController.h"

#include <JudgingService.h>
#include <ReviewSession.h>

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFrame>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QToolButton>

namespace rd {

JudgingBar::JudgingBar(ReviewSession *session, JudgingController *controller, QWidget *parent)
    : QWidget(parent), m_session(session), m_controller(controller)
{
    setObjectName(QStringLiteral("judgingBar"));
    setAutoFillBackground(true);
    setBackgroundRole(QPalette::AlternateBase);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    auto *outer = new QVBoxLayout(this);
    outer->setContentsMargins(8, 4, 8, 4);
    outer->setSpacing(3);
    auto *top = new QHBoxLayout;
    top->setSpacing(6);
    m_position = new QLabel(this);
    m_position->setObjectName(QStringLiteral("judgingPosition"));
    m_position->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the window
    top->addWidget(m_position, 1);

    m_verdicts = new QButtonGroup(this);
    m_verdicts->setExclusive(false); // a second click clears
    const std::pair<Verdict, QString> verdicts[] = {{Verdict::Accept, tr("Accept (A)")}, {Verdict::Reject, tr("Reject (R)")}, {Verdict::Unsure, tr("Unsure (U)")}};
    for (const auto &[verdict, text] : verdicts) {
        auto *b = new QToolButton(this);
        b->setText(text);
        b->setCheckable(true);
        b->setFocusPolicy(Qt::NoFocus); // the keys stay with the diff
        m_verdicts->addButton(b, static_cast<int>(verdict));
        top->addWidget(b);
    }
    connect(m_verdicts, &QButtonGroup::idClicked, this, [this](int id) {
        if (m_refreshing || !m_controller->ensureAnnotator() || !m_session->currentComment())
            return refresh();
        const auto j = m_session->judgement(m_session->currentComment());
        if (j && j->verdict && static_cast<int>(*j->verdict) == id)
            m_session->judging()->clearJudgementFields(m_session->currentComment(), {JudgementField::Verdict});
        else {
            Judgement verdict;
            verdict.comment = m_session->currentComment();
            verdict.verdict = static_cast<Verdict>(id);
            m_controller->store(verdict);
        }
        refresh();
    });
    top->addSpacing(8);
    const char *names[] = {"Q1", "Q2", "Q3"};
    const QString tips[] = {tr("Q1 nitpick: 1 pure nitpick … 7 not a nitpick (keys 1, then 1–7)"),
                            tr("Q2 fake problem: 1 not real … 7 real (keys 2, then 1–7)"),
                            tr("Q3 severity: 1 trivial … 7 severe (keys 3, then 1–7)")};
    for (int i = 0; i < 3; ++i) {
        // Each score framed with the model's value for it: "Q1 [–] model 7"
        // side by side read as if "model 7" belonged to the next score.
        auto *group = new QFrame(this);
        group->setObjectName(QStringLiteral("score") + QString::fromLatin1(names[i]));
        group->setFrameShape(QFrame::StyledPanel);
        group->setToolTip(tips[i]);
        auto *groupLayout = new QHBoxLayout(group);
        groupLayout->setContentsMargins(4, 0, 4, 0);
        groupLayout->setSpacing(4);
        auto *label = new QLabel(QString::fromLatin1(names[i]), group);
        label->setToolTip(tips[i]);
        groupLayout->addWidget(label);
        m_score[i] = new QSpinBox(group);
        m_score[i]->setRange(0, 7);
        m_score[i]->setSpecialValueText(tr("–"));
        m_score[i]->setToolTip(tips[i]);
        m_score[i]->setFocusPolicy(Qt::ClickFocus);
        groupLayout->addWidget(m_score[i]);
        m_modelScore[i] = new QLabel(group);
        m_modelScore[i]->setForegroundRole(QPalette::PlaceholderText);
        // As wide as its widest text from the start: a text set later does
        // not widen the frame's share of the bar (it was cut to "mo…").
        int widest = 0;
        for (int score = 0; score <= 7; ++score)
            widest = std::max(widest, m_modelScore[i]->fontMetrics().horizontalAdvance(tr("model %1").arg(score)));
        m_modelScore[i]->setMinimumWidth(widest);
        groupLayout->addWidget(m_modelScore[i]);
        top->addWidget(group);
        connect(m_score[i], &QSpinBox::valueChanged, this, [this, i](int value) {
            if (m_refreshing || value == 0)
                return;
            change([i, value](Judgement &j) { (i == 0 ? j.q1Nitpick : i == 1 ? j.q2Fake : j.q3Severity) = value; });
        });
    }
    outer->addLayout(top);

    auto *bottom = new QHBoxLayout;
    bottom->setSpacing(6);
    m_category = new QComboBox(this);
    m_category->addItem(tr("Category (C)"), QString());
    for (const QString &c : aacrCategories())
        m_category->addItem(CommentCardText::categoryText(c), c);
    m_category->setFocusPolicy(Qt::ClickFocus);
    m_category->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_category->setMinimumContentsLength(12);
    bottom->addWidget(m_category);
    connect(m_category, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            change([this, index](Judgement &j) { j.category = m_category->itemData(index).toString(); });
    });
    m_context = new QComboBox(this);
    m_context->addItem(tr("Context level (L)"), -1);
    for (ContextLevel c : {ContextLevel::Diff, ContextLevel::File, ContextLevel::Repo})
        m_context->addItem(CommentCardText::contextText(c), static_cast<int>(c));
    m_context->setFocusPolicy(Qt::ClickFocus);
    m_context->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_context->setMinimumContentsLength(10);
    bottom->addWidget(m_context);
    connect(m_context, &QComboBox::activated, this, [this](int index) {
        if (index > 0)
            change([this, index](Judgement &j) { j.context = static_cast<ContextLevel>(m_context->itemData(index).toInt()); });
    });
    m_keyBug = new QCheckBox(tr("Key bug (B)"), this);
    m_keyBug->setFocusPolicy(Qt::NoFocus);
    bottom->addWidget(m_keyBug);
    connect(m_keyBug, &QCheckBox::clicked, this, [this](bool on) { change([on](Judgement &j) { j.keyBug = on; }); });
    m_tag = new QComboBox(this);
    m_tag->setEditable(true);
    m_tag->addItem(QString());
    m_tag->addItems(cqsTags());
    m_tag->lineEdit()->setPlaceholderText(tr("CQS tag (T)"));
    m_tag->setFocusPolicy(Qt::ClickFocus);
    m_tag->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_tag->setMinimumContentsLength(12);
    bottom->addWidget(m_tag);
    connect(m_tag, &QComboBox::activated, this, [this] {
        const QString tag = m_tag->currentText().trimmed();
        if (!tag.isEmpty())
            change([tag](Judgement &j) { j.tag = tag; });
    });
    m_up = new QToolButton(this);
    m_up->setText(tr("▲ Helpful"));
    m_up->setToolTip(tr("Thumbs up (Y)"));
    m_up->setCheckable(true);
    m_up->setFocusPolicy(Qt::NoFocus);
    m_down = new QToolButton(this);
    m_down->setText(tr("▼ Not helpful"));
    m_down->setToolTip(tr("Thumbs down (N)"));
    m_down->setCheckable(true);
    m_down->setFocusPolicy(Qt::NoFocus);
    bottom->addWidget(m_up);
    bottom->addWidget(m_down);
    connect(m_up, &QToolButton::clicked, this, [this] { change([](Judgement &j) { j.thumbs = Thumbs::Up; }); });
    connect(m_down, &QToolButton::clicked, this, [this] { change([](Judgement &j) { j.thumbs = Thumbs::Down; }); });
    m_critique = new QLineEdit(this);
    m_critique->setObjectName(QStringLiteral("critique"));
    m_critique->setPlaceholderText(tr("One-sentence critique (E), Enter to save"));
    bottom->addWidget(m_critique, 1);
    connect(m_critique, &QLineEdit::returnPressed, this, [this] {
        const QString text = m_critique->text().trimmed();
        change([text](Judgement &j) { j.critique = text; });
        m_critique->clearFocus();
    });
    outer->addLayout(bottom);


    connect(session->document(), &MergeRequestDocument::currentCommentChanged, this, &JudgingBar::refresh);
    connect(session->document(), &MergeRequestDocument::judgementChanged, this, &JudgingBar::refresh);
    connect(session->document(), &MergeRequestDocument::commentsChanged, this, &JudgingBar::refresh);
    connect(session, &ReviewSession::annotatorChanged, this, &JudgingBar::refresh);
    // The prompt of a decision waiting for its second key takes the place of
    // the position line, so the bar never changes height under the diff.
    connect(controller, &JudgingController::pendingChanged, this, &JudgingBar::refresh);
    refresh();
}

QString JudgingBar::positionText() const
{
    return m_position->text();
}

QString JudgingBar::promptText() const
{
    return m_controller->pendingPrompt();
}

void JudgingBar::change(const std::function<void(Judgement &)> &edit)
{
    if (m_refreshing)
        return;
    if (!m_controller->ensureAnnotator() || !m_session->currentComment())
        return refresh();
    Judgement j;
    j.comment = m_session->currentComment();
    edit(j);
    m_controller->store(j);
    refresh();
}

void JudgingBar::refresh()
{
    m_refreshing = true;
    const StoredComment *c = m_session->comment(m_session->currentComment());
    const auto j = c ? m_session->judgement(c->id) : std::nullopt;
    for (QWidget *w : findChildren<QWidget *>())
        if (w != m_position)
            w->setEnabled(c != nullptr);
    // Positions in the walk J and K take (the kept comments by default),
    // beside how many were generated: ids and filtered comments are not places.
    const int generated = static_cast<int>(m_session->comments().size());
    const JudgingController::WalkPosition walk = m_controller->walkPosition(c ? c->id : 0);
    const QString walked = walk.kept ? tr("%1 kept").arg(walk.of) : tr("%1 shown").arg(walk.of);
    if (!c) {
        m_position->setText(generated ? tr("%1 (%n generated); press J to judge the first.", nullptr, generated).arg(walked)
                                      : tr("No comments yet: run a review (Ctrl+R) or add one on selected lines (Shift+C)."));
    } else {
        const QString place = walk.at ? tr("<b>Comment %1 of %2</b>").arg(walk.at).arg(walked) : tr("<b>A comment outside the %1</b>").arg(walked);
        m_position->setText(tr("%1 (%n generated) · %2:%3", nullptr, generated).arg(place, c->comment.file.toHtmlEscaped()).arg(c->comment.lineStart));
    }
    if (m_controller->pending() != JudgingController::Pending::None) {
        m_position->setText(m_controller->pendingPrompt().toHtmlEscaped());
        m_position->setStyleSheet(QStringLiteral("QLabel { background:#fff8c5; color:#3b2300; padding:0px 4px; }"));
        m_position->setToolTip(m_controller->pendingPrompt());
    } else {
        m_position->setStyleSheet({});
        m_position->setToolTip({});
    }
    for (QAbstractButton *b : m_verdicts->buttons())
        b->setChecked(j && j->verdict && static_cast<int>(*j->verdict) == m_verdicts->id(b));
    const int model[3] = {c ? c->comment.q1Nitpick : 0, c ? c->comment.q2Fake : 0, c ? c->comment.q3Severity : 0};
    const std::optional<int> mine[3] = {j ? j->q1Nitpick : std::nullopt, j ? j->q2Fake : std::nullopt, j ? j->q3Severity : std::nullopt};
    for (int i = 0; i < 3; ++i) {
        m_score[i]->setValue(mine[i].value_or(0));
        m_modelScore[i]->setText(c ? tr("model %1").arg(model[i]) : QString());
    }
    const int category = j && j->category ? m_category->findData(*j->category) : 0;
    m_category->setCurrentIndex(std::max(0, category));
    m_context->setCurrentIndex(j && j->context ? m_context->findData(static_cast<int>(*j->context)) : 0);
    m_keyBug->setChecked(j && j->keyBug.value_or(false));
    m_tag->setCurrentText(j && j->tag ? *j->tag : QString());
    m_up->setChecked(j && j->thumbs == Thumbs::Up);
    m_down->setChecked(j && j->thumbs == Thumbs::Down);
    if (!m_critique->hasFocus())
        m_critique->setText(j && j->critique ? *j->critique : QString());
    m_refreshing = false;
}

} // namespace rd
