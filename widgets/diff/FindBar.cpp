#include "FindBar.h"

#include "DiffView.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QShortcut>
#include <QToolButton>

namespace rd {

FindBar::FindBar(DiffView *view, QWidget *parent) : QWidget(parent), m_view(view)
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 3, 6, 3);
    layout->addWidget(new QLabel(tr("Find:"), this));
    m_edit = new QLineEdit(this);
    m_edit->setClearButtonEnabled(true);
    layout->addWidget(m_edit, 1);
    auto *previous = new QToolButton(this);
    previous->setArrowType(Qt::UpArrow);
    previous->setToolTip(tr("Previous match (Shift+F3)"));
    auto *next = new QToolButton(this);
    next->setArrowType(Qt::DownArrow);
    next->setToolTip(tr("Next match (F3)"));
    layout->addWidget(previous);
    layout->addWidget(next);
    m_status = new QLabel(this);
    layout->addWidget(m_status);
    auto *closeButton = new QToolButton(this);
    closeButton->setText(QStringLiteral("✕"));
    closeButton->setAutoRaise(true);
    closeButton->setToolTip(tr("Close (Esc)"));
    layout->addWidget(closeButton);
    setVisible(false);

    connect(m_edit, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_view->setFindText(text);
        m_status->clear();
    });
    connect(m_edit, &QLineEdit::returnPressed, this, [this] { find(QApplication::keyboardModifiers() & Qt::ShiftModifier); });
    connect(next, &QToolButton::clicked, this, [this] { find(false); });
    connect(previous, &QToolButton::clicked, this, [this] { find(true); });
    connect(closeButton, &QToolButton::clicked, this, &FindBar::dismiss);
    auto *escape = new QShortcut(QKeySequence(Qt::Key_Escape), this, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(escape, &QShortcut::activated, closeButton, &QToolButton::click);
}

void FindBar::open()
{
    show();
    m_edit->setFocus();
    m_edit->selectAll();
}

void FindBar::find(bool backward)
{
    if (m_edit->text().isEmpty()) {
        open();
        return;
    }
    const bool found = m_view->find(m_edit->text(), backward);
    m_status->setText(found ? QString() : tr("No more matches"));
}

void FindBar::dismiss()
{
    hide();
    m_view->setFindText({});
    m_view->setFocus();
}

QString FindBar::status() const
{
    return m_status->text();
}

} // namespace rd
