#include "DecisionKeys.h"

#include <QCoreApplication>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QShortcut>
#include <QTableWidgetItem>

namespace rd {

namespace {

QPushButton *decisionButton(QWidget *owner, QHBoxLayout *row, const QString &text, const std::function<void()> &act)
{
    auto *b = new QPushButton(text);
    b->setFocusPolicy(Qt::NoFocus);
    QObject::connect(b, &QPushButton::clicked, owner, act);
    row->addWidget(b);
    return b;
}

void decisionKey(QWidget *owner, const QKeySequence &sequence, const std::function<void()> &act)
{
    auto *shortcut = new QShortcut(sequence, owner);
    shortcut->setContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(shortcut, &QShortcut::activated, owner, act);
}

} // namespace

QTableWidgetItem *decisionListCell(const QString &text)
{
    auto *item = new QTableWidgetItem(text.simplified());
    item->setToolTip(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

DecisionKeys addDecisionKeys(QWidget *owner, const QList<DecisionChoice> &choices, const std::function<void()> &undo)
{
    DecisionKeys keys;
    keys.row = new QHBoxLayout;
    for (const DecisionChoice &choice : choices) {
        const auto decide = choice.decide;
        decisionButton(owner, keys.row, choice.button, [decide] { decide(false); });
        decisionKey(owner, QKeySequence(choice.key), [decide] { decide(false); });
        decisionKey(owner, QKeySequence(Qt::SHIFT | choice.key), [decide] { decide(true); });
    }
    keys.undo = decisionButton(owner, keys.row, QCoreApplication::translate("rd::DecisionKeys", "Undo (Ctrl+Z)"), undo);
    decisionKey(owner, QKeySequence::Undo, undo);
    keys.row->addStretch(1);
    keys.error = new QLabel;
    keys.error->setWordWrap(true);
    keys.error->setStyleSheet(QStringLiteral("color: #c0392b;"));
    keys.row->addWidget(keys.error, 2);
    return keys;
}

} // namespace rd
