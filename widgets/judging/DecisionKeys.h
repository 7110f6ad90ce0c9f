#pragma once

// The row of buttons and the keys of a list a person works through one
// decision at a time (the judges' audit list, the triage answers): each
// choice is a button and a key — with Shift, the same and go on to the next
// undecided item — then Undo (Ctrl+Z) and a red line for what could not be
// stored. The keys work anywhere in `owner` (its children included); the
// buttons take no focus, so the keys stay with the list.

#include <QKeySequence>
#include <QList>
#include <QString>

#include <functional>

class QHBoxLayout;
class QLabel;
class QPushButton;
class QTableWidgetItem;
class QWidget;

namespace rd {

struct DecisionChoice
{
    QString button; // "Same issue (A)"
    Qt::Key key;    // Qt::Key_A; Shift+key decides and goes on
    std::function<void(bool goOn)> decide;
};

struct DecisionKeys
{
    QHBoxLayout *row = nullptr; // for the owner's layout
    QPushButton *undo = nullptr;
    QLabel *error = nullptr;
};

// A cell of such a list: the text on one line, the whole in its tooltip, not editable.
QTableWidgetItem *decisionListCell(const QString &text);

DecisionKeys addDecisionKeys(QWidget *owner, const QList<DecisionChoice> &choices, const std::function<void()> &undo);

} // namespace rd
