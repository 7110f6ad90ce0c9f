#pragma once

#include <Workspace.h>

#include <QDialog>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QSpinBox;
class QDialogButtonBox;

namespace rd {

// Writes a human comment on a line range, or edits a comment's text and
// lines (the original stays stored and is shown here).
class CommentEditor : public QDialog
{
    Q_OBJECT

public:
    explicit CommentEditor(QWidget *parent = nullptr);

    // A new comment on `file`, lines from..to of `side`.
    void startNew(const QString &file, const QString &side, int from, int to);
    // Editing: the comment as it reads now and, if edited before, the first version.
    void startEdit(const StoredComment &comment);

    ReviewComment comment() const; // for a new one
    CommentEdit edit() const;      // the fields that changed
    bool isValid() const;
    // For tests and scripts: the text fields by name ("issue", "rootCause", "fix", "example").
    QPlainTextEdit *field(const QString &name) const;

private:
    void validate();

    ReviewComment m_before;
    QLabel *m_where = nullptr;
    QLabel *m_original = nullptr;
    QComboBox *m_side = nullptr;
    QSpinBox *m_from = nullptr;
    QSpinBox *m_to = nullptr;
    QComboBox *m_category = nullptr;
    QPlainTextEdit *m_issue = nullptr;
    QPlainTextEdit *m_rootCause = nullptr;
    QPlainTextEdit *m_fix = nullptr;
    QPlainTextEdit *m_example = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
};

} // namespace rd
