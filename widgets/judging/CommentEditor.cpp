#include "CommentEditor.h"

#include "CommentCardText.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>

namespace rd {

CommentEditor::CommentEditor(QWidget *parent) : QDialog(parent)
{
    resize(640, 560);
    auto *form = new QFormLayout(this);
    m_where = new QLabel(this);
    form->addRow(m_where);
    m_original = new QLabel(this);
    m_original->setWordWrap(true);
    m_original->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_original->hide();
    form->addRow(m_original);
    auto *lines = new QHBoxLayout;
    m_side = new QComboBox(this);
    m_side->addItem(tr("new version"), QStringLiteral("new"));
    m_side->addItem(tr("old version"), QStringLiteral("old"));
    m_from = new QSpinBox(this);
    m_to = new QSpinBox(this);
    for (QSpinBox *s : {m_from, m_to})
        s->setRange(1, 10'000'000);
    lines->addWidget(m_side);
    lines->addWidget(new QLabel(tr("from line"), this));
    lines->addWidget(m_from);
    lines->addWidget(new QLabel(tr("to"), this));
    lines->addWidget(m_to);
    lines->addStretch();
    form->addRow(tr("Lines:"), lines);
    m_category = new QComboBox(this);
    m_category->addItem(QString(), QString());
    for (const QString &c : aacrCategories())
        m_category->addItem(CommentCardText::categoryText(c), c);
    form->addRow(tr("Category:"), m_category);
    auto text = [this, form](const QString &label, bool code) {
        auto *edit = new QPlainTextEdit(this);
        edit->setTabChangesFocus(true);
        if (code)
            edit->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        form->addRow(label, edit);
        return edit;
    };
    m_issue = text(tr("Issue:"), false);
    m_rootCause = text(tr("Root cause:"), false);
    m_fix = text(tr("Suggested fix:"), false);
    m_example = text(tr("Example code:"), true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    form->addRow(m_buttons);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_issue, &QPlainTextEdit::textChanged, this, &CommentEditor::validate);
    connect(m_from, &QSpinBox::valueChanged, this, &CommentEditor::validate);
    connect(m_to, &QSpinBox::valueChanged, this, &CommentEditor::validate);
    validate();
}

void CommentEditor::startNew(const QString &file, const QString &side, int from, int to)
{
    setWindowTitle(tr("Add Comment"));
    m_before = {};
    m_before.file = file;
    m_before.side = side;
    m_where->setText(tr("A comment of your own on <b>%1</b>; it is judged like any other.").arg(file.toHtmlEscaped()));
    m_side->setCurrentIndex(m_side->findData(side));
    m_from->setValue(from);
    m_to->setValue(to);
    m_issue->setFocus();
}

void CommentEditor::startEdit(const StoredComment &stored)
{
    setWindowTitle(tr("Edit Comment"));
    m_before = stored.comment;
    const ReviewComment &c = stored.comment;
    m_where->setText(tr("Editing a comment on <b>%1</b>. The original stays stored and visible.").arg(c.file.toHtmlEscaped()));
    const ReviewComment &first = stored.original ? *stored.original : stored.comment;
    m_original->setText(tr("Original (lines %1–%2, %3 side): %4").arg(first.lineStart).arg(first.lineEnd).arg(first.side, first.issue.toHtmlEscaped()));
    m_original->show();
    m_side->setCurrentIndex(std::max(0, m_side->findData(c.side)));
    m_from->setValue(std::max(1, c.lineStart));
    m_to->setValue(std::max(1, std::max(c.lineStart, c.lineEnd)));
    m_category->setCurrentIndex(std::max(0, m_category->findData(c.category)));
    m_category->setEnabled(false); // the annotator's category is part of the judgement (C)
    m_issue->setPlainText(c.issue);
    m_rootCause->setPlainText(c.rootCause);
    m_fix->setPlainText(c.fix);
    m_example->setPlainText(c.example);
    m_issue->setFocus();
}

QPlainTextEdit *CommentEditor::field(const QString &name) const
{
    if (name == QLatin1String("issue"))
        return m_issue;
    if (name == QLatin1String("rootCause"))
        return m_rootCause;
    if (name == QLatin1String("fix"))
        return m_fix;
    if (name == QLatin1String("example"))
        return m_example;
    return nullptr;
}

bool CommentEditor::isValid() const
{
    return !m_issue->toPlainText().trimmed().isEmpty() && m_from->value() <= m_to->value();
}

void CommentEditor::validate()
{
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(isValid());
}

ReviewComment CommentEditor::comment() const
{
    ReviewComment c = m_before;
    c.side = m_side->currentData().toString();
    c.lineStart = m_from->value();
    c.lineEnd = m_to->value();
    c.category = m_category->currentData().toString();
    c.issue = m_issue->toPlainText().trimmed();
    c.rootCause = m_rootCause->toPlainText().trimmed();
    c.fix = m_fix->toPlainText().trimmed();
    c.example = m_example->toPlainText();
    return c;
}

CommentEdit CommentEditor::edit() const
{
    const ReviewComment now = comment();
    CommentEdit e;
    if (now.issue != m_before.issue)
        e.issue = now.issue;
    if (now.rootCause != m_before.rootCause)
        e.rootCause = now.rootCause;
    if (now.fix != m_before.fix)
        e.fix = now.fix;
    if (now.example != m_before.example)
        e.example = now.example;
    if (now.side != m_before.side)
        e.side = now.side;
    if (now.lineStart != m_before.lineStart)
        e.lineStart = now.lineStart;
    if (now.lineEnd != m_before.lineEnd)
        e.lineEnd = now.lineEnd;
    return e;
}

} // namespace rd
