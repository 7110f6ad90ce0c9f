#pragma once

#include <Workspace.h>

#include <QWidget>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;
class QToolButton;

namespace rd {

class JudgingController;
class ReviewSession;

// The current comment's judgement, editable with the mouse as well: verdict,
// Q1-Q3 beside the model's scores, category, context level, key bug, tag,
// thumbs and critique; and the prompt of a decision waiting for its second key.
class JudgingBar : public QWidget
{
    Q_OBJECT

public:
    JudgingBar(ReviewSession *session, JudgingController *controller, QWidget *parent = nullptr);

    QString positionText() const;
    QString promptText() const;

private:
    void refresh();
    void change(const std::function<void(Judgement &)> &edit);

    ReviewSession *m_session;
    JudgingController *m_controller;
    bool m_refreshing = false;
    QLabel *m_position = nullptr;
    QButtonGroup *m_verdicts = nullptr;
    QSpinBox *m_score[3] = {};
    QLabel *m_modelScore[3] = {};
    QComboBox *m_category = nullptr;
    QComboBox *m_context = nullptr;
    QCheckBox *m_keyBug = nullptr;
    QComboBox *m_tag = nullptr;
    QToolButton *m_up = nullptr;
    QToolButton *m_down = nullptr;
    QLineEdit *m_critique = nullptr;
};

} // namespace rd
