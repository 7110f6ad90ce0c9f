#pragma once

#include <Result.h>
#include <Workspace.h>

#include <QObject>

#include <functional>

class QAction;
class QWidget;

namespace rd {

class ReviewSession;

// The judging commands as actions on the window, each decision at most two
// keys: a verdict is one key (A, R, U); a score, category, context level or
// tag is its key and then a digit (3 then 6: Q3 = 6). The actions only call
// the session; what they change shows up through its signals.
class JudgingController : public QObject
{
    Q_OBJECT

public:
    // The decision waiting for its second key.
    enum class Pending { None, Q1, Q2, Q3, Category, Context, Tag };

    JudgingController(ReviewSession *session, QWidget *window);
    ~JudgingController() override;

    QList<QAction *> actions() const { return m_actions; }
    QAction *action(const QString &name) const;
    Pending pending() const { return m_pending; }
    // What the second key of the pending decision does, for the status bar.
    QString pendingPrompt() const;
    // Which comments Next/Previous visit (the comments panel's filter).
    void setVisibleFilter(std::function<bool(const StoredComment &)> visible) { m_visible = std::move(visible); }
    // The walk J and K take: the comments the Comments panel's filter shows,
    // in the merge request's order. `at` is the 1-based place of `id` in it
    // (0 outside it), `of` its length, `kept` whether it is exactly the
    // comments the pipeline kept (the default filter).
    struct WalkPosition
    {
        int at = 0;
        int of = 0;
        bool kept = true;
    };
    WalkPosition walkPosition(qint64 id) const;
    // Of the walk's comments, those with a verdict of the annotator's:
    // decisions a person made (each may cover near-duplicates judged with it).
    int decisionsInWalk() const;
    // Asks for the annotator's name when none is set (once; remembered).
    bool ensureAnnotator();
    // Stores `change` (the keys and the judging bar alike); when another
    // window or the CLI changed the judgement meanwhile, the newer one is
    // shown and the person is asked whether to apply theirs on top of it
    // (never dropped silently).
    Result<bool> store(const Judgement &change);
    // How the annotator's name is asked (tests answer without a dialog).
    void setAnnotatorPrompt(std::function<QString(const QString &suggestion)> prompt) { m_askAnnotator = std::move(prompt); }
    void setTextPrompt(std::function<std::optional<QString>(const QString &title, const QString &label, const QString &text)> prompt)
    {
        m_askText = std::move(prompt);
    }

Q_SIGNALS:
    void pendingChanged();
    void message(const QString &text);
    void toggleCardRequested();
    void toggleFilteredRequested();
    void addCommentRequested();
    void editCommentRequested();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QAction *add(const QString &name, const QString &text, const QKeySequence &key, std::function<void()> slot);
    void setPending(Pending pending);
    void finishPending(int digit);
    void judge(const std::function<void(Judgement &)> &change);
    void verdict(Verdict v, bool thenNext);
    void step(int direction);
    void report(const Result<bool> &result);
    void updateUndoActions();

    ReviewSession *m_session;
    QWidget *m_window;
    QList<QAction *> m_actions;
    Pending m_pending = Pending::None;
    std::function<bool(const StoredComment &)> m_visible;
    std::function<QString(const QString &)> m_askAnnotator;
    std::function<std::optional<QString>(const QString &, const QString &, const QString &)> m_askText;
};

} // namespace rd
