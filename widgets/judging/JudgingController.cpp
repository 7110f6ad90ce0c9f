#include "JudgingController.h"

#include "CommentCardText.h"

#include <JudgingService.h>
#include <ReviewSession.h>

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QKeyEvent>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QWidget>

namespace rd {

namespace {
const QString AnnotatorKey = QStringLiteral("judging/annotator");
}

JudgingController::JudgingController(ReviewSession *session, QWidget *window) : QObject(window), m_session(session), m_window(window)
{
    m_askAnnotator = [this](const QString &suggestion) {
        return QInputDialog::getText(m_window, tr("Who Is Judging?"),
                                     tr("Your name, stored with every judgement you make (asked once):"),
                                     QLineEdit::Normal, suggestion)
            .trimmed();
    };
    m_askText = [this](const QString &title, const QString &label, const QString &text) -> std::optional<QString> {
        bool ok = false;
        const QString answer = QInputDialog::getText(m_window, title, label, QLineEdit::Normal, text, &ok);
        if (!ok)
            return std::nullopt;
        return answer.trimmed();
    };

    add(QStringLiteral("nextComment"), tr("&Next Comment"), QKeySequence(Qt::Key_J), [this] { step(+1); });
    add(QStringLiteral("previousComment"), tr("&Previous Comment"), QKeySequence(Qt::Key_K), [this] { step(-1); });
    add(QStringLiteral("accept"), tr("&Accept"), QKeySequence(Qt::Key_A), [this] { verdict(Verdict::Accept, false); });
    add(QStringLiteral("reject"), tr("&Reject"), QKeySequence(Qt::Key_R), [this] { verdict(Verdict::Reject, false); });
    add(QStringLiteral("unsure"), tr("&Unsure"), QKeySequence(Qt::Key_U), [this] { verdict(Verdict::Unsure, false); });
    add(QStringLiteral("acceptAndNext"), tr("Accept and Ne&xt"), QKeySequence(Qt::SHIFT | Qt::Key_A), [this] { verdict(Verdict::Accept, true); });
    add(QStringLiteral("rejectAndNext"), tr("Reject and Nex&t"), QKeySequence(Qt::SHIFT | Qt::Key_R), [this] { verdict(Verdict::Reject, true); });
    add(QStringLiteral("scoreQ1"), tr("Re-score Q&1 (Nitpick), then 1–7"), QKeySequence(Qt::Key_1), [this] { setPending(Pending::Q1); });
    add(QStringLiteral("scoreQ2"), tr("Re-score Q&2 (Fake Problem), then 1–7"), QKeySequence(Qt::Key_2), [this] { setPending(Pending::Q2); });
    add(QStringLiteral("scoreQ3"), tr("Re-score Q&3 (Severity), then 1–7"), QKeySequence(Qt::Key_3), [this] { setPending(Pending::Q3); });
    add(QStringLiteral("category"), tr("&Category, then 1–4"), QKeySequence(Qt::Key_C), [this] { setPending(Pending::Category); });
    add(QStringLiteral("contextLevel"), tr("Context &Level, then 1–3"), QKeySequence(Qt::Key_L), [this] { setPending(Pending::Context); });
    add(QStringLiteral("tag"), tr("CQS &Tag, then 1–9 (0: other)"), QKeySequence(Qt::Key_T), [this] { setPending(Pending::Tag); });
    add(QStringLiteral("keyBug"), tr("&Key Bug"), QKeySequence(Qt::Key_B), [this] {
        const auto j = m_session->judgement(m_session->currentComment());
        const bool was = j && j->keyBug.value_or(false);
        judge([was](Judgement &c) { c.keyBug = !was; });
    });
    add(QStringLiteral("thumbsUp"), tr("Thumbs &Up"), QKeySequence(Qt::Key_Y), [this] { judge([](Judgement &c) { c.thumbs = Thumbs::Up; }); });
    add(QStringLiteral("thumbsDown"), tr("Thumbs &Down"), QKeySequence(Qt::Key_N), [this] { judge([](Judgement &c) { c.thumbs = Thumbs::Down; }); });
    add(QStringLiteral("critique"), tr("Write a &Critique…"), QKeySequence(Qt::Key_E), [this] {
        if (!ensureAnnotator() || !m_session->currentComment())
            return;
        const auto j = m_session->judgement(m_session->currentComment());
        const auto text = m_askText(tr("Critique"), tr("One sentence on what is right or wrong with this comment:"),
                                    j && j->critique ? *j->critique : QString());
        if (text)
            judge([&text](Judgement &c) { c.critique = *text; });
    });
    add(QStringLiteral("toggleCard"), tr("Collapse or &Expand Comment"), QKeySequence(Qt::Key_O), [this] { Q_EMIT toggleCardRequested(); });
    add(QStringLiteral("showFiltered"), tr("Show or Hide &Filtered Comments"), QKeySequence(Qt::Key_F), [this] { Q_EMIT toggleFilteredRequested(); });
    add(QStringLiteral("addComment"), tr("&Add Comment on Selected Lines…"), QKeySequence(Qt::SHIFT | Qt::Key_C), [this] {
        if (ensureAnnotator())
            Q_EMIT addCommentRequested();
    });
    add(QStringLiteral("editComment"), tr("Edit Comment &Text or Lines…"), QKeySequence(Qt::SHIFT | Qt::Key_E), [this] {
        if (ensureAnnotator() && m_session->currentComment())
            Q_EMIT editCommentRequested();
    });
    add(QStringLiteral("undoJudging"), tr("&Undo"), QKeySequence(Qt::CTRL | Qt::Key_Z), [this] { report(m_session->judging()->undo()); });
    add(QStringLiteral("redoJudging"), tr("&Redo"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), [this] { report(m_session->judging()->redo()); });
    connect(session->judging(), &JudgingService::undoStateChanged, this, &JudgingController::updateUndoActions);
    // The remembered annotator judges in every workspace opened, so their place there is restored.
    connect(session, &ReviewSession::workspaceChanged, this, [this] {
        const QString name = QSettings().value(AnnotatorKey).toString();
        if (m_session->hasWorkspace() && !name.isEmpty() && m_session->annotator() != name)
            m_session->setAnnotator(name);
    });
    connect(session, &ReviewSession::annotatorChanged, this, &JudgingController::updateUndoActions);
    updateUndoActions();
}

JudgingController::~JudgingController()
{
    if (m_pending != Pending::None)
        qApp->removeEventFilter(this);
}

QAction *JudgingController::add(const QString &name, const QString &text, const QKeySequence &key, std::function<void()> slot)
{
    auto *a = new QAction(text, m_window);
    a->setObjectName(name);
    a->setShortcut(key);
    a->setProperty("defaultShortcut", key);
    m_window->addAction(a); // shortcuts work while menus are closed
    connect(a, &QAction::triggered, this, [slot = std::move(slot)] { slot(); });
    m_actions.append(a);
    return a;
}

QAction *JudgingController::action(const QString &name) const
{
    for (QAction *a : m_actions)
        if (a->objectName() == name)
            return a;
    return nullptr;
}

bool JudgingController::ensureAnnotator()
{
    if (!m_session->hasWorkspace()) {
        Q_EMIT message(tr("Open or create a workspace first (File ▸ New Workspace)."));
        return false;
    }
    if (!m_session->annotator().isEmpty())
        return true;
    QString name = QSettings().value(AnnotatorKey).toString();
    if (name.isEmpty()) {
        QString suggestion = m_session->lastAnnotator();
        if (suggestion.isEmpty())
            suggestion = qEnvironmentVariable("USER", qEnvironmentVariable("USERNAME"));
        name = m_askAnnotator(suggestion);
        if (name.isEmpty())
            return false;
    }
    const auto set = m_session->setAnnotator(name);
    if (!set) {
        Q_EMIT message(set.error().message);
        return false;
    }
    QSettings().setValue(AnnotatorKey, name);
    return true;
}

void JudgingController::report(const Result<bool> &result)
{
    if (!result)
        Q_EMIT message(result.error().message);
}

void JudgingController::judge(const std::function<void(Judgement &)> &change)
{
    if (!ensureAnnotator())
        return;
    if (!m_session->currentComment()) {
        Q_EMIT message(tr("No comment is selected: press J for the next one."));
        return;
    }
    Judgement j;
    j.comment = m_session->currentComment();
    change(j);
    store(j);
}

void JudgingController::verdict(Verdict v, bool thenNext)
{
    if (!ensureAnnotator() || !m_session->currentComment())
        return;
    Judgement j;
    j.comment = m_session->currentComment();
    j.verdict = v;
    if (store(j) && thenNext)
        step(+1);
}

Result<bool> JudgingController::store(const Judgement &change)
{
    const auto result = m_session->judging()->judge(change);
    report(result);
    if (result || result.error().kind != Error::Kind::Conflict)
        return result;
    auto *box = new QMessageBox(QMessageBox::Warning, tr("Judgement Changed Meanwhile"),
                                tr("Another window or reviewdesk-cli changed this judgement while you were judging; it is shown now."
                                   " Apply your change on top of it, or keep it as it is?"),
                                QMessageBox::NoButton, m_window);
    box->setObjectName(QStringLiteral("judgementConflict"));
    box->setInformativeText(result.error().message);
    QPushButton *apply = box->addButton(tr("Apply Mine on Top"), QMessageBox::AcceptRole);
    box->addButton(tr("Keep Theirs"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    // Made again from the judgement shown now: asked again if it changes once more.
    connect(box, &QMessageBox::buttonClicked, this, [this, change, apply](QAbstractButton *clicked) {
        if (clicked == apply)
            store(change);
    });
    box->open();
    return result;
}

JudgingController::WalkPosition JudgingController::walkPosition(qint64 id) const
{
    WalkPosition p;
    for (const StoredComment &c : m_session->comments()) {
        if (m_visible && !m_visible(c)) {
            p.kept = p.kept && !c.comment.kept;
            continue;
        }
        p.kept = p.kept && c.comment.kept;
        ++p.of;
        if (c.id == id)
            p.at = p.of;
    }
    return p;
}

int JudgingController::decisionsInWalk() const
{
    int decisions = 0;
    for (const StoredComment &c : m_session->comments())
        if ((!m_visible || m_visible(c)) && m_session->judgement(c.id).has_value())
            ++decisions;
    return decisions;
}

void JudgingController::step(int direction)
{
    const bool moved = direction > 0 ? m_session->selectNext(m_visible) : m_session->selectPrevious(m_visible);
    if (!moved)
        Q_EMIT message(direction > 0 ? tr("No more comments.") : tr("No earlier comments."));
}

void JudgingController::updateUndoActions()
{
    QAction *undo = action(QStringLiteral("undoJudging"));
    QAction *redo = action(QStringLiteral("redoJudging"));
    undo->setEnabled(m_session->judging()->canUndo());
    redo->setEnabled(m_session->judging()->canRedo());
    undo->setText(m_session->judging()->canUndo() ? tr("&Undo %1").arg(m_session->judging()->undoText()) : tr("&Undo"));
    redo->setText(m_session->judging()->canRedo() ? tr("&Redo %1").arg(m_session->judging()->redoText()) : tr("&Redo"));
}

void JudgingController::setPending(Pending pending)
{
    if (pending != Pending::None && (!ensureAnnotator() || !m_session->currentComment())) {
        if (m_session->hasWorkspace() && !m_session->currentComment())
            Q_EMIT message(tr("No comment is selected: press J for the next one."));
        pending = Pending::None;
    }
    if (pending == m_pending)
        return;
    if (m_pending == Pending::None)
        qApp->installEventFilter(this);
    else if (pending == Pending::None)
        qApp->removeEventFilter(this);
    m_pending = pending;
    Q_EMIT pendingChanged();
}

QString JudgingController::pendingPrompt() const
{
    const StoredComment *c = m_session->comment(m_session->currentComment());
    switch (m_pending) {
    case Pending::None: return {};
    case Pending::Q1: return tr("Q1 nitpick: press 1 (pure nitpick) … 7 (not a nitpick); the model said %1. Esc cancels.").arg(c ? c->comment.q1Nitpick : 0);
    case Pending::Q2: return tr("Q2 fake problem: press 1 (not a real problem) … 7 (real); the model said %1. Esc cancels.").arg(c ? c->comment.q2Fake : 0);
    case Pending::Q3: return tr("Q3 severity: press 1 (trivial) … 7 (severe); the model said %1. Esc cancels.").arg(c ? c->comment.q3Severity : 0);
    case Pending::Category: {
        QStringList items;
        for (int i = 0; i < aacrCategories().size(); ++i)
            items << QStringLiteral("%1 %2").arg(i + 1).arg(CommentCardText::categoryText(aacrCategories()[i]));
        return tr("Category: %1. Esc cancels.").arg(items.join(QStringLiteral(" · ")));
    }
    case Pending::Context:
        return tr("Context needed to judge it: 1 %1 · 2 %2 · 3 %3. Esc cancels.")
            .arg(CommentCardText::contextText(ContextLevel::Diff), CommentCardText::contextText(ContextLevel::File),
                 CommentCardText::contextText(ContextLevel::Repo));
    case Pending::Tag: {
        QStringList items;
        for (int i = 0; i < std::min<qsizetype>(9, cqsTags().size()); ++i)
            items << QStringLiteral("%1 %2").arg(i + 1).arg(cqsTags()[i]);
        return tr("Tag: %1 · 0 other…. Esc cancels.").arg(items.join(QStringLiteral(" · ")));
    }
    }
    return {};
}

void JudgingController::finishPending(int digit)
{
    const Pending pending = m_pending;
    setPending(Pending::None);
    auto inRange = [this](int value, int last) {
        if (value >= 1 && value <= last)
            return true;
        Q_EMIT message(tr("Press a number from 1 to %1.").arg(last));
        return false;
    };
    switch (pending) {
    case Pending::None: return;
    case Pending::Q1:
        if (inRange(digit, 7))
            judge([digit](Judgement &c) { c.q1Nitpick = digit; });
        return;
    case Pending::Q2:
        if (inRange(digit, 7))
            judge([digit](Judgement &c) { c.q2Fake = digit; });
        return;
    case Pending::Q3:
        if (inRange(digit, 7))
            judge([digit](Judgement &c) { c.q3Severity = digit; });
        return;
    case Pending::Category:
        if (inRange(digit, static_cast<int>(aacrCategories().size())))
            judge([digit](Judgement &c) { c.category = aacrCategories()[digit - 1]; });
        return;
    case Pending::Context:
        if (inRange(digit, 3))
            judge([digit](Judgement &c) { c.context = static_cast<ContextLevel>(digit - 1); });
        return;
    case Pending::Tag:
        if (digit == 0) {
            const auto j = m_session->judgement(m_session->currentComment());
            const auto text = m_askText(tr("CQS Tag"), tr("A tag of your own (CQS App. A lists %1):").arg(cqsTags().join(QStringLiteral(", "))),
                                        j && j->tag ? *j->tag : QString());
            if (text && !text->isEmpty())
                judge([&text](Judgement &c) { c.tag = *text; });
        } else if (inRange(digit, std::min(9, static_cast<int>(cqsTags().size())))) {
            judge([digit](Judgement &c) { c.tag = cqsTags()[digit - 1]; });
        }
        return;
    }
}

bool JudgingController::eventFilter(QObject *watched, QEvent *event)
{
    if (m_pending == Pending::None || (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride))
        return QObject::eventFilter(watched, event);
    auto *key = static_cast<QKeyEvent *>(event);
    if (key->key() == Qt::Key_Shift || key->key() == Qt::Key_Control || key->key() == Qt::Key_Alt || key->key() == Qt::Key_Meta)
        return false;
    // The second key belongs to the pending decision, not to a shortcut or the focused widget.
    const bool press = event->type() == QEvent::KeyPress;
    if (key->key() == Qt::Key_Escape) {
        event->accept();
        if (press)
            setPending(Pending::None);
        return true;
    }
    int digit = -1;
    if (key->key() >= Qt::Key_0 && key->key() <= Qt::Key_9)
        digit = key->key() - Qt::Key_0;
    else if (m_pending == Pending::Context && key->key() == Qt::Key_D)
        digit = 1;
    else if (m_pending == Pending::Context && key->key() == Qt::Key_F)
        digit = 2;
    else if (m_pending == Pending::Context && key->key() == Qt::Key_R)
        digit = 3;
    if (digit < 0) {
        setPending(Pending::None); // any other key cancels and does what it does
        return false;
    }
    event->accept();
    if (press)
        finishPending(digit);
    return true;
}

} // namespace rd
